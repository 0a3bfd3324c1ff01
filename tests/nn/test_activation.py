"""Behaviour of the activation functionals and layers beyond what the goldens pin down: half
precision, dtype errors, in-place forms, the random activations (rrelu, gumbel_softmax), maxout
routing and tracing."""
import numpy as np
import pytest

import paddle
import paddle.nn.functional as F


def _x(shape=(3, 4), dtype="float32", seed=0):
    return paddle.to_tensor(np.random.default_rng(seed).uniform(-3, 3, shape).astype(dtype))


@pytest.mark.parametrize("fn", [F.relu, F.gelu, F.silu, F.mish, F.hardswish, F.elu, F.softplus,
                                F.log_sigmoid, F.softmax, F.log_softmax, F.leaky_relu])
@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_half_precision_computes_in_float32(fn, dtype):
    x32 = _x()
    x = x32.astype(dtype)
    out = fn(x)
    assert out.dtype == x.dtype
    expected = fn(x.astype("float32")).astype(dtype).astype("float32").numpy()
    np.testing.assert_array_equal(out.astype("float32").numpy(), expected)


@pytest.mark.parametrize("fn,name", [(F.relu, "relu"), (F.gelu, "gelu"), (F.softmax, "softmax"),
                                     (F.hardtanh, "hardtanh"), (F.prelu, "prelu")])
def test_integer_input_is_a_type_error_naming_the_op(fn, name):
    x = paddle.to_tensor([[1, -2, 3]])
    args = (paddle.to_tensor([0.25]),) if name == "prelu" else ()
    with pytest.raises(TypeError, match=rf"\({name}\).*floating-point.*int64"):
        fn(x, *args)


def test_non_tensor_input_is_rejected_like_paddle():
    with pytest.raises(ValueError, match="relu.*must be Tensor, but got list"):
        F.relu([1.0, 2.0])


def test_inplace_forms_write_into_their_input_and_bump_its_version():
    x = _x()
    before = x._version
    expected = F.elu(x.clone(), 0.5).numpy()
    y = F.elu_(x, 0.5)
    assert y is x and x._version == before + 1
    np.testing.assert_allclose(x.numpy(), expected)


def test_inplace_on_a_leaf_that_needs_grad_is_refused():
    x = _x()
    x.stop_gradient = False
    with pytest.raises(ValueError, match="Leaf Tensor"):
        F.relu_(x)


def test_inplace_inside_a_graph_back_propagates_through_the_activation():
    x = _x()
    x.stop_gradient = False
    h = x * 2
    F.relu_(h)
    (g,) = paddle.grad(h.sum(), [x])
    np.testing.assert_array_equal(g.numpy(), np.where(x.numpy() > 0, 2.0, 0.0))


def test_silu_inplace_overwrites_the_input():
    x = _x()
    expected = F.silu(x.clone()).numpy()
    y = F.silu(x, inplace=True)
    assert y is x
    np.testing.assert_allclose(x.numpy(), expected)


def test_rrelu_training_draws_slopes_in_range_and_back_propagates_them():
    paddle.seed(3)
    x = -paddle.rand([2000]) - 0.5
    x.stop_gradient = False
    out = F.rrelu(x, 0.1, 0.3, training=True)
    slopes = (out / x).numpy()
    assert slopes.min() >= 0.1 - 1e-6 and slopes.max() <= 0.3 + 1e-6
    assert abs(slopes.mean() - 0.2) < 0.01
    (g,) = paddle.grad(out.sum(), [x])
    np.testing.assert_allclose(g.numpy(), slopes, rtol=1e-5)


def test_rrelu_keeps_non_negative_inputs_and_is_reproducible():
    x = paddle.to_tensor([-1.0, 0.0, 2.0, -3.0])
    paddle.seed(5)
    a = F.rrelu(x, 0.1, 0.3).numpy()
    paddle.seed(5)
    b = F.rrelu(x, 0.1, 0.3).numpy()
    np.testing.assert_array_equal(a, b)
    assert a[1] == 0 and a[2] == 2


def test_rrelu_layer_follows_train_and_eval_modes():
    layer = paddle.nn.RReLU(0.2, 0.4)
    x = paddle.full([100], -1.0)
    assert len(np.unique(layer(x).numpy())) > 1
    layer.eval()
    np.testing.assert_allclose(layer(x).numpy(), -0.3, rtol=1e-6)
    assert "training=False" in repr(layer)


def test_gumbel_softmax_samples_follow_the_softmax_distribution():
    paddle.seed(0)
    logits = paddle.to_tensor([[0.0, 1.0, 2.0]]).tile([20000, 1])
    hard = F.gumbel_softmax(logits, hard=True).numpy()
    assert set(np.unique(hard)) == {0.0, 1.0}
    np.testing.assert_array_equal(hard.sum(-1), 1.0)
    freq = hard.mean(0)
    np.testing.assert_allclose(freq, np.exp([0, 1, 2]) / np.exp([0, 1, 2]).sum(), atol=0.015)


def test_gumbel_softmax_is_reproducible_with_paddle_seed():
    x = _x()
    paddle.seed(9)
    a = F.gumbel_softmax(x, temperature=0.7).numpy()
    paddle.seed(9)
    b = F.gumbel_softmax(x, temperature=0.7).numpy()
    np.testing.assert_array_equal(a, b)
    np.testing.assert_allclose(a.sum(-1), 1.0, rtol=1e-6)


def test_maxout_routes_each_gradient_to_the_first_maximum():
    x = paddle.to_tensor(np.array([0, 0, 5, 5, 1, 3], "float32").reshape(1, 6, 1, 1))
    x.stop_gradient = False
    out = F.maxout(x, groups=2)
    np.testing.assert_array_equal(out.numpy().ravel(), [0, 5, 3])
    (g,) = paddle.grad(out.sum(), [x])
    np.testing.assert_array_equal(g.numpy().ravel(), [1, 0, 1, 0, 0, 1])


def test_softmax_dtype_argument_casts_before_computing():
    x = paddle.to_tensor([[1, 2, 3]])
    out = F.softmax(x, dtype="float64")
    assert out.dtype == paddle.float64
    np.testing.assert_allclose(out.numpy().sum(), 1.0)


def test_softmax_accepts_torch_style_keywords():
    x = _x()
    np.testing.assert_array_equal(F.softmax(input=x, dim=0).numpy(), F.softmax(x, 0).numpy())


def test_prelu_layer_parameter_name_shape_and_default():
    layer = paddle.nn.PReLU(3, init=0.1)
    assert list(layer.state_dict()) == ["_weight"]
    assert layer._weight.name.startswith("p_re_lu_") and layer._weight.name.endswith(".w_0")
    np.testing.assert_allclose(layer._weight.numpy(), [0.1, 0.1, 0.1], rtol=1e-6)


def test_activation_model_traces_to_the_same_numbers():
    paddle.seed(1)
    model = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.GELU(), paddle.nn.Dropout(0.5),
                                 paddle.nn.Linear(8, 3), paddle.nn.Softmax())
    model.eval()
    x = _x((5, 4))
    eager = model(x).numpy()
    static = paddle.jit.to_static(model)
    np.testing.assert_allclose(static(x).numpy(), eager, rtol=1e-6)


def test_activation_layers_are_exported_with_paddle_names():
    for name in ["ReLU", "ReLU6", "LeakyReLU", "PReLU", "ELU", "SELU", "CELU", "GELU", "Silu",
                 "SiLU", "Swish", "Mish", "Hardswish", "Hardsigmoid", "Hardtanh", "Hardshrink",
                 "Softshrink", "Sigmoid", "LogSigmoid", "Tanh", "Tanhshrink", "Softmax",
                 "Softmax2D", "LogSoftmax", "Softplus", "Softsign", "ThresholdedReLU", "Maxout",
                 "GLU", "RReLU"]:
        assert issubclass(getattr(paddle.nn, name), paddle.nn.Layer), name
    assert paddle.nn.SiLU is paddle.nn.Silu


def test_compat_softmax_picks_torch_legacy_default_axis():
    from paddle.nn.functional.activation_axis import compat_softmax
    x3 = paddle.to_tensor([[[1.0, 2.0], [3.0, 5.0]]])
    np.testing.assert_array_equal(compat_softmax(x3).numpy(), 1.0)
    x2 = paddle.to_tensor([[1.0, 2.0], [3.0, 5.0]])
    np.testing.assert_allclose(compat_softmax(x2).numpy(), F.softmax(x2, 1).numpy())
    np.testing.assert_allclose(compat_softmax(x2, dim=0).numpy(), F.softmax(x2, 0).numpy())
    with pytest.raises(TypeError):
        compat_softmax(x2, axis=1)
