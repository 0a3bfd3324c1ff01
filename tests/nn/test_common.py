"""Behaviour of dropout, embedding, one_hot and the other common functionals beyond the goldens:
mask statistics and reproducibility, gradients through random masks, in-place forms, Paddle's
lookup-table edge cases and layer parameters."""
import numpy as np
import pytest

import paddle
import paddle.nn.functional as F


def test_dropout_keeps_about_one_minus_p_and_scales_the_kept_values():
    paddle.seed(0)
    out = F.dropout(paddle.ones([200, 500]), p=0.3).numpy()
    kept = out != 0
    assert abs(kept.mean() - 0.7) < 0.01
    np.testing.assert_allclose(out[kept], 1 / 0.7, rtol=1e-6)


def test_dropout_gradient_uses_the_forward_mask():
    x = paddle.rand([50, 40]) + 0.5
    x.stop_gradient = False
    out = F.dropout(x, p=0.4)
    (g,) = paddle.grad(out.sum(), [x])
    np.testing.assert_allclose(g.numpy(), (out.numpy() != 0) / 0.6, rtol=1e-6)


def test_dropout_downscale_mode_scales_only_at_inference():
    x = paddle.ones([100, 100])
    paddle.seed(2)
    train = F.dropout(x, 0.25, mode="downscale_in_infer").numpy()
    assert set(np.unique(train)) == {0.0, 1.0}
    np.testing.assert_allclose(F.dropout(x, 0.25, training=False,
                                         mode="downscale_in_infer").numpy(), 0.75)


def test_dropout_is_reproducible_with_paddle_seed():
    x = paddle.ones([30, 30])
    paddle.seed(42)
    a = F.dropout(x, 0.5).numpy()
    paddle.seed(42)
    b = F.dropout(x, 0.5).numpy()
    np.testing.assert_array_equal(a, b)


def test_dropout_along_an_axis_shares_one_decision_per_index():
    paddle.seed(4)
    out = F.dropout(paddle.ones([8, 50, 3]), 0.5, axis=[0, 2]).numpy()
    assert (out == out[:, :1, :]).all()


def test_dropout_inplace_overwrites_and_keeps_the_graph():
    x = paddle.ones([20, 20])
    x.stop_gradient = False
    h = x * 3
    y = F.dropout(h, 0.5, inplace=True)
    assert y is h
    (g,) = paddle.grad(h.sum(), [x])
    np.testing.assert_allclose(g.numpy(), (h.numpy() != 0) * 3 / 0.5, rtol=1e-6)


def test_dropout_layer_drops_only_in_training():
    layer = paddle.nn.Dropout(0.5)
    x = paddle.ones([10, 10])
    assert (layer(x).numpy() == 0).any()
    layer.eval()
    np.testing.assert_array_equal(layer(x).numpy(), 1.0)


def test_dropout_half_precision():
    out = F.dropout(paddle.ones([64, 64], dtype="float16"), 0.5)
    assert out.dtype == paddle.float16
    assert set(np.unique(out.astype("float32").numpy())) == {0.0, 2.0}


def test_alpha_dropout_keeps_zero_mean_and_unit_variance():
    paddle.seed(7)
    x = paddle.randn([400, 500])
    out = F.alpha_dropout(x, 0.2).numpy()
    assert abs(out.mean()) < 0.02 and abs(out.std() - 1) < 0.02


def test_embedding_rejects_float_ids_with_a_type_error():
    with pytest.raises(TypeError, match=r"\(embedding\).*integer.*float32"):
        F.embedding(paddle.to_tensor([1.0]), paddle.ones([3, 2]))


def test_embedding_rejects_negative_ids_instead_of_reading_garbage():
    with pytest.raises(ValueError, match=r"expected >= 0 and < 3, but got -1"):
        F.embedding(paddle.to_tensor([0, -1]), paddle.ones([3, 2]))


def test_embedding_sparse_flag_gives_the_dense_gradient():
    ids = paddle.to_tensor([[0, 2, 2]])
    w1 = paddle.rand([4, 3])
    w1.stop_gradient = False
    w2 = paddle.to_tensor(w1.numpy(), stop_gradient=False)
    (g1,) = paddle.grad(F.embedding(ids, w1, sparse=True).sum(), [w1])
    (g2,) = paddle.grad(F.embedding(ids, w2).sum(), [w2])
    np.testing.assert_array_equal(g1.numpy(), g2.numpy())
    np.testing.assert_array_equal(g1.numpy()[:, 0], [1, 0, 2, 0])


def test_embedding_max_norm_renormalises_looked_up_rows_in_place():
    w = paddle.to_tensor([[3.0, 4.0], [0.3, 0.4], [6.0, 8.0]])
    F.embedding(paddle.to_tensor([0]), w, max_norm=1.0)
    np.testing.assert_allclose(w.numpy(), [[0.6, 0.8], [0.3, 0.4], [6.0, 8.0]], rtol=1e-6)


def test_embedding_layer_parameter_and_padding_row():
    layer = paddle.nn.Embedding(5, 3, padding_idx=-1)
    assert layer.weight.name.startswith("embedding_") and layer.weight.name.endswith(".w_0")
    np.testing.assert_array_equal(layer.weight.numpy()[4], 0)
    out = layer(paddle.to_tensor([4, 1]))
    (g,) = paddle.grad(out.sum(), [layer.weight])
    np.testing.assert_array_equal(g.numpy()[4], 0)
    np.testing.assert_array_equal(g.numpy()[1], 1)


def test_one_hot_cannot_infer_classes_from_empty_ids():
    with pytest.raises(ValueError, match="one_hot"):
        F.one_hot(paddle.zeros([0], dtype="int64"))


def test_bilinear_layer_parameters():
    layer = paddle.nn.Bilinear(3, 4, 5)
    assert list(layer.state_dict()) == ["weight", "bias"]
    assert layer.weight.shape == [5, 3, 4] and layer.bias.shape == [1, 5]
    assert layer.weight.name.startswith("bilinear_") and layer.bias.name.endswith(".b_0")
    np.testing.assert_array_equal(layer.bias.numpy(), 0)


def test_pixel_shuffle_round_trips_through_unshuffle():
    x = paddle.rand([2, 12, 3, 4])
    back = F.pixel_unshuffle(F.pixel_shuffle(x, 2), 2)
    np.testing.assert_array_equal(back.numpy(), x.numpy())


def test_unflatten_layer():
    layer = paddle.nn.Unflatten(-1, [2, 3])
    assert layer(paddle.ones([4, 6])).shape == [4, 2, 3]
    assert repr(layer) == "Unflatten(axis=-1, shape=[2, 3])"
