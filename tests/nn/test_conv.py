"""Convolution behaviour beyond the goldens: default initialisation statistics, parameter names,
low precision, shapes through tracing, and clear errors where Paddle returns garbage."""
import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from paddle._core.tracing import Tracer


def test_conv_default_init_is_fan_in_normal():
    paddle.seed(1)
    conv = paddle.nn.Conv2D(32, 64, 3)
    w = conv.weight.numpy()
    assert w.shape == (64, 32, 3, 3)
    assert abs(w.std() - np.sqrt(2.0 / (32 * 9))) < 0.01
    assert abs(w.mean()) < 0.01
    np.testing.assert_array_equal(conv.bias.numpy(), np.zeros(64, np.float32))


def test_conv_transpose_default_init_is_xavier_uniform():
    paddle.seed(1)
    conv = paddle.nn.Conv2DTranspose(32, 64, 3)
    w = conv.weight.numpy()
    assert w.shape == (32, 64, 3, 3)
    limit = np.sqrt(6.0 / ((32 + 64) * 9))
    assert np.abs(w).max() <= limit
    assert np.abs(w).max() > 0.9 * limit


def test_parameter_names_follow_the_layer_counter():
    a, b = paddle.nn.Conv2D(2, 2, 1), paddle.nn.Conv2D(2, 2, 1)
    index_a = int(a.weight.name.split(".")[0].rsplit("_", 1)[1])
    assert a.weight.name.startswith("conv2d_") and a.weight.name.endswith(".w_0")
    assert b.weight.name == f"conv2d_{index_a + 1}.w_0"
    assert list(a.state_dict()) == ["weight", "bias"]


def test_conv_without_bias_and_aliases():
    conv = paddle.nn.Conv1d(3, 4, 3, bias=False)
    assert conv.bias is None and paddle.nn.Conv1d is paddle.nn.Conv1D
    assert conv(paddle.ones([2, 3, 5])).shape == [2, 4, 3]


def test_float16_conv_computes_in_float32():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((1, 2, 5, 5)).astype(np.float16)
    w = rng.standard_normal((3, 2, 3, 3)).astype(np.float16)
    out = F.conv2d(paddle.to_tensor(x), paddle.to_tensor(w), padding=1)
    assert out.dtype == paddle.float16
    want = F.conv2d(paddle.to_tensor(x.astype(np.float32)), paddle.to_tensor(w.astype(np.float32)),
                    padding=1).numpy()
    np.testing.assert_allclose(out.numpy().astype(np.float32), want, rtol=2e-3, atol=2e-3)


def test_input_keyword_alias():
    x, w = paddle.ones([1, 2, 4, 4]), paddle.ones([3, 2, 3, 3])
    assert F.conv2d(input=x, weight=w).shape == [1, 3, 2, 2]


def test_negative_output_size_is_a_clear_error():
    # Paddle returns a tensor with negative dims here; we refuse.
    with pytest.raises(ValueError, match=r"\(conv2d\).*must not be negative"):
        F.conv2d(paddle.ones([1, 1, 1, 1]), paddle.ones([1, 1, 4, 4]))


def test_channel_mismatch_message_names_the_shapes():
    with pytest.raises(ValueError, match=r"\(conv2d\).*3.*\[1, 3, 5, 5\].*\[2, 4, 3, 3\]"):
        F.conv2d(paddle.ones([1, 3, 5, 5]), paddle.ones([2, 4, 3, 3]))


def test_traced_shapes_match_eager():
    w = paddle.ones([4, 3, 3, 3])
    with Tracer() as tracer:
        x = tracer.input([-1, 3, 9, 8], "float32")
        out = F.conv2d(x, w, stride=2, padding=1)
    assert list(out.shape) == [-1, 4, 5, 4]


def test_gradients_flow_through_layers_and_transposes():
    conv = paddle.nn.Conv2D(2, 3, 3, padding=1)
    up = paddle.nn.Conv2DTranspose(3, 2, 2, stride=2)
    x = paddle.rand([2, 2, 4, 4])
    x.stop_gradient = False
    up(conv(x)).sum().backward()
    assert x.grad.shape == [2, 2, 4, 4]
    assert conv.weight.grad.shape == [3, 2, 3, 3] and up.bias.grad.shape == [2]


def test_second_order_gradient_of_conv():
    x = paddle.rand([1, 2, 5, 5], dtype="float64")
    w = paddle.rand([3, 2, 3, 3], dtype="float64")
    x.stop_gradient = w.stop_gradient = False
    y = (F.conv2d(x, w) ** 2).sum()
    (gx,) = paddle.grad(y, [x], create_graph=True)
    (gw,) = paddle.grad(gx.sum(), [w])
    assert gw.shape == [3, 2, 3, 3] and np.isfinite(gw.numpy()).all()


@pytest.mark.parametrize("layer_cls, shape", [(paddle.nn.Conv1DTranspose, [2, 3, 5]),
                                              (paddle.nn.Conv2DTranspose, [2, 3, 5, 4])])
def test_transposed_conv_with_unknown_spatial_sizes_matches_eager(tmp_path, layer_cls, shape):
    paddle.seed(3)
    layer = layer_cls(3, 4, 3, stride=2, padding=1, output_padding=1)
    x = paddle.randn(shape)
    expected = layer(x).numpy()
    spec = paddle.static.InputSpec([None, 3] + [None] * (len(shape) - 2), "float32")
    static = paddle.jit.to_static(layer, input_spec=[spec])
    np.testing.assert_allclose(static(x).numpy(), expected, rtol=1e-6, atol=1e-6)
    other = paddle.randn([1, 3] + [7] * (len(shape) - 2))  # another size, same program
    np.testing.assert_allclose(static(other).numpy(), layer(other).numpy(), rtol=1e-6,
                               atol=1e-6)
    paddle.jit.save(static, str(tmp_path / "deconv"))
    loaded = paddle.jit.load(str(tmp_path / "deconv"))
    np.testing.assert_allclose(loaded(x).numpy(), expected, rtol=1e-6, atol=1e-6)
