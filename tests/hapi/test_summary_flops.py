"""paddle.summary and paddle.flops: Paddle's tables and totals, input forms, errors, and that
the network is left as it was."""
import numpy as np
import pytest

import paddle
from paddle.vision.models import LeNet

# paddle.flops(LeNet(), [1, 1, 28, 28], print_detail=True) as Paddle 3.3 documents it.
LENET_FLOPS_TABLE = """\
+--------------+-----------------+-----------------+--------+--------+
|  Layer Name  |   Input Shape   |   Output Shape  | Params | Flops  |
+--------------+-----------------+-----------------+--------+--------+
|   conv2d_0   |  [1, 1, 28, 28] |  [1, 6, 28, 28] |   60   | 47040  |
|   re_lu_0    |  [1, 6, 28, 28] |  [1, 6, 28, 28] |   0    |   0    |
| max_pool2d_0 |  [1, 6, 28, 28] |  [1, 6, 14, 14] |   0    |   0    |
|   conv2d_1   |  [1, 6, 14, 14] | [1, 16, 10, 10] |  2416  | 241600 |
|   re_lu_1    | [1, 16, 10, 10] | [1, 16, 10, 10] |   0    |   0    |
| max_pool2d_1 | [1, 16, 10, 10] |  [1, 16, 5, 5]  |   0    |   0    |
|   linear_0   |     [1, 400]    |     [1, 120]    | 48120  | 48000  |
|   linear_1   |     [1, 120]    |     [1, 84]     | 10164  | 10080  |
|   linear_2   |     [1, 84]     |     [1, 10]     |  850   |  840   |
+--------------+-----------------+-----------------+--------+--------+
Total Flops: 347560     Total Params: 61610
"""


def _fresh_lenet():
    with paddle.utils.unique_name.guard():
        return LeNet()


def test_flops_lenet_matches_paddles_documented_table(capsys):
    net = _fresh_lenet()
    assert paddle.flops(net, [1, 1, 28, 28], print_detail=True) == 347560
    out = capsys.readouterr().out
    assert out.endswith(LENET_FLOPS_TABLE)
    assert "Cannot find suitable count function for <class 'paddle.nn.layer.pooling.MaxPool2D'>" \
        in out
    assert all("total_ops" not in layer._buffers for layer in net.sublayers())
    assert net.training


def test_flops_custom_ops_and_to_static(capsys):
    def count_leaky_relu(m, x, y):
        m.total_ops += int(x[0].numel())

    net = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.LeakyReLU())
    assert paddle.flops(net, [2, 4], custom_ops={paddle.nn.LeakyReLU: count_leaky_relu}) == \
        4 * (2 * 8) + 2 * 8  # Linear: in_features per output element; LeakyReLU: 1 each
    assert "Customize Function has been applied to" in capsys.readouterr().out
    static_net = paddle.jit.to_static(_fresh_lenet())
    assert paddle.flops(static_net, [1, 1, 28, 28]) == 347560
    assert isinstance(static_net.forward, paddle.jit.StaticFunction)


def test_flops_non_layer():
    with pytest.warns(UserWarning, match="paddle.nn.Layer"):
        assert paddle.flops(lambda x: x, [1, 2]) == -1


def test_summary_lenet_table_and_totals(capsys):
    net = _fresh_lenet()
    info = paddle.summary(net, (1, 1, 28, 28))
    out = capsys.readouterr().out
    assert info == {"total_params": 61610, "trainable_params": 61610}
    assert isinstance(info["total_params"], np.integer)
    assert "   Conv2D-1       [[1, 1, 28, 28]]      [1, 6, 28, 28]          60       " in out
    assert "Forward/backward pass size (MB): 0.11\nParams size (MB): 0.24" in out
    assert net.training


def test_summary_input_forms(capsys):
    net = paddle.nn.Linear(3, 2)
    from paddle.static import InputSpec
    for size in [(None, 3), [(4, 3)], InputSpec([-1, 3], "float32", "x"), 3]:
        assert int(paddle.summary(net, size)["total_params"]) == 8
    assert int(paddle.summary(net, input=paddle.ones([5, 3]))["trainable_params"]) == 8
    assert "[[5, 3]]" in capsys.readouterr().out


def test_summary_counts_frozen_parameters_as_non_trainable(capsys):
    net = paddle.nn.Sequential(paddle.nn.Linear(3, 4), paddle.nn.Linear(4, 2))
    net[0].weight.stop_gradient = True
    info = paddle.summary(net, (1, 3))
    assert (int(info["total_params"]), int(info["trainable_params"])) == (26, 14)
    assert "Non-trainable params: 12" in capsys.readouterr().out


def test_summary_errors():
    net = paddle.nn.Linear(3, 2)
    with pytest.raises(TypeError, match="input_size"):
        paddle.summary(net, (1, "3"))
    with pytest.raises(ValueError, match="batch_size"):
        paddle.summary(net, (-1, None))
    with pytest.raises(ValueError, match="greater than zero"):
        paddle.summary(net, (0, 3))
    with pytest.raises(ValueError, match="unable to determine"):
        paddle.summary(net, input=3)
