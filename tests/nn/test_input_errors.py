"""Bad inputs to layers and losses fail with an error that names the layer or op, the argument
and what was expected vs received (the acceptance spot-checks of issue 3)."""
import pytest

import paddle
import paddle.nn.functional as F

CASES = {
    "conv_channels": (ValueError, r"\(Conv2D\).*5 channels.*\[1, 5, 8, 8\].*in_channels=3",
                      lambda: paddle.nn.Conv2D(3, 4, 3)(paddle.ones([1, 5, 8, 8]))),
    "conv_nhwc_channels": (ValueError, r"\(Conv2D\).*axis 3.*NHWC.*in_channels=3",
                           lambda: paddle.nn.Conv2D(3, 4, 3, data_format="NHWC")(
                               paddle.ones([1, 8, 8, 2]))),
    "conv_transpose_channels": (ValueError, r"\(Conv2DTranspose\).*2 channels.*in_channels=3",
                                lambda: paddle.nn.Conv2DTranspose(3, 4, 3)(
                                    paddle.ones([1, 2, 4, 4]))),
    "conv_rank": (ValueError, r"\(conv2d\).*4-D.*\[3, 8, 8\]",
                  lambda: paddle.nn.Conv2D(3, 4, 3)(paddle.ones([3, 8, 8]))),
    "linear_features": (ValueError, r"\(linear\).*\[3, 5\].*in_features.*\[4, 2\]",
                        lambda: paddle.nn.Linear(4, 2)(paddle.ones([3, 5]))),
    "batch_norm_channels": (ValueError, r"\(BatchNorm2D\).*3 channels.*num_features=4",
                            lambda: paddle.nn.BatchNorm2D(4)(paddle.ones([2, 3, 5, 5]))),
    "batch_norm_rank": (ValueError, r"\(BatchNorm2D\) expected 4D.*3D.*\[2, 3, 5\]",
                        lambda: paddle.nn.BatchNorm2D(3)(paddle.ones([2, 3, 5]))),
    "group_norm_channels": (ValueError, r"\(GroupNorm\).*4 channels.*num_channels=6",
                            lambda: paddle.nn.GroupNorm(2, 6)(paddle.ones([2, 4, 3, 3]))),
    "instance_norm_channels": (ValueError, r"\(InstanceNorm2D\).*4 channels.*num_features=6",
                               lambda: paddle.nn.InstanceNorm2D(6)(paddle.ones([2, 4, 3, 3]))),
    "cross_entropy_label_shape": (ValueError, r"cross_entropy.*\[4, 5\].*label shape \[3, 1\]",
                                  lambda: F.cross_entropy(paddle.ones([4, 5]),
                                                          paddle.zeros([3], "int64"))),
    "cross_entropy_class_range": (IndexError, r"cross_entropy.*\[0, 5\).*received 7",
                                  lambda: paddle.nn.CrossEntropyLoss()(
                                      paddle.ones([4, 5]), paddle.to_tensor([0, 1, 7, 2]))),
    "cross_entropy_soft_shape": (ValueError, r"cross_entropy.*must be 5.*\[4, 4\]",
                                 lambda: F.cross_entropy(paddle.ones([4, 5]), paddle.ones([4, 4]),
                                                         soft_label=True)),
    "nll_label_shape": (ValueError, r"\(nll_loss\).*\[4\].*\[4, 5\].*\[3\]",
                        lambda: paddle.nn.NLLLoss()(paddle.ones([4, 5]),
                                                    paddle.zeros([3], "int64"))),
    "nll_class_range": (ValueError, r"\(nll_loss\).*\[0, 5\).*received 7",
                        lambda: F.nll_loss(paddle.ones([4, 5]), paddle.to_tensor([0, 1, 7, 2]))),
    "embedding_range": (ValueError, r"embedding.*>= 0 and < 10.*12",
                        lambda: paddle.nn.Embedding(10, 3)(paddle.to_tensor([1, 12]))),
    "embedding_dtype": (TypeError, r"\(embedding\).*int32 or int64.*float32",
                        lambda: paddle.nn.Embedding(10, 3)(paddle.to_tensor([1.0, 2.0]))),
    "lstm_input_size": (ValueError, r"\(LSTM\).*input_size \(4\).*\[2, 5, 6\]",
                        lambda: paddle.nn.LSTM(4, 8)(paddle.ones([2, 5, 6]))),
    "lstm_rank": (ValueError, r"\(LSTM\).*3-D.*\[5, 4\]",
                  lambda: paddle.nn.LSTM(4, 8)(paddle.ones([5, 4]))),
    "lstm_initial_state": (ValueError, r"\(LSTM\).*\[1, 2, 8\].*\[1, 2, 7\]",
                           lambda: paddle.nn.LSTM(4, 8)(paddle.ones([2, 5, 4]),
                                                        (paddle.zeros([1, 2, 7]),
                                                         paddle.zeros([1, 2, 8])))),
    "gru_cell_input_size": (ValueError, r"\(GRUCell\).*input_size \(4\).*\[2, 5\]",
                            lambda: paddle.nn.GRUCell(4, 8)(paddle.ones([2, 5]))),
    "lstm_cell_input_size": (ValueError, r"\(LSTMCell\).*input_size \(4\).*\[2, 3\]",
                             lambda: paddle.nn.LSTMCell(4, 8)(paddle.ones([2, 3]))),
    "attention_embed": (ValueError, r"\(MultiHeadAttention\).*\[2, 3, 6\]",
                        lambda: paddle.nn.MultiHeadAttention(8, 2)(paddle.ones([2, 3, 6]))),
}


@pytest.mark.parametrize("key", list(CASES))
def test_error_names_layer_argument_and_shapes(key):
    kind, pattern, call = CASES[key]
    with pytest.raises(kind, match=pattern):
        call()
