"""Opt-in mode (FLAGS_feijiang_amp_on_cpu): each op's output dtype under auto_cast follows
Paddle's GPU rule (paddle/fluid/imperative/amp_utils.h, GetAmpDestDtype): white list ->
the AMP dtype, black list -> float32, anything else follows its inputs (float32 wins); OD
computes only the white list in low precision; O2 all but its black list."""
import numpy as np
import pytest

import paddle
import paddle.nn.functional as F

pytestmark = pytest.mark.usefixtures("amp_on_cpu")

DTYPES = ["float16", "bfloat16"]


def low(shape, dtype, seed=0):
    data = np.random.default_rng(seed).standard_normal(shape).astype("float32")
    return paddle.to_tensor(data).astype(dtype)


def f32(shape, seed=0):
    return paddle.to_tensor(np.random.default_rng(seed).standard_normal(shape).astype("float32"))


WHITE = {
    "matmul_v2": lambda: paddle.matmul(f32([2, 3]), f32([3, 4])),
    "linear_v2": lambda: F.linear(f32([2, 3]), f32([3, 4]), f32([4])),
    "conv2d": lambda: F.conv2d(f32([1, 2, 5, 5]), f32([3, 2, 3, 3])),
    "einsum": lambda: paddle.einsum("ij,jk->ik", f32([2, 3]), f32([3, 2])),
    "max_pool2d_with_index": lambda: F.max_pool2d(f32([1, 1, 4, 4]), 2, return_mask=True)[0],
}


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", sorted(WHITE))
def test_white_list_ops_compute_in_the_amp_dtype_from_float32_inputs(name, dtype):
    with paddle.amp.auto_cast(dtype=dtype):
        out = WHITE[name]()
    assert out.dtype == getattr(paddle, dtype)
    reference = WHITE[name]()  # float32 outside auto_cast
    tol = 2e-2 if dtype == "bfloat16" else 2e-3
    np.testing.assert_allclose(out.astype("float32").numpy(), reference.numpy(), rtol=tol,
                               atol=tol * 4)


BLACK = {
    "softmax": lambda x: F.softmax(x),
    "log_softmax": lambda x: F.log_softmax(x),
    "exp": paddle.exp,
    "log": paddle.log,
    "reduce_sum": paddle.sum,
    "reduce_mean": paddle.mean,
    "cumsum": paddle.cumsum,
    "square": paddle.square,
    "pow": lambda x: paddle.pow(x, 2.0),
    "layer_norm": lambda x: F.layer_norm(x, x.shape[-1:]),
    "softmax_with_cross_entropy": lambda x: F.cross_entropy(x, paddle.to_tensor([0, 2, 1])),
}


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", sorted(BLACK))
def test_black_list_ops_compute_in_float32_from_low_precision_inputs(name, dtype):
    positive = np.abs(np.random.default_rng(0).standard_normal([3, 4])) + 0.1
    x = paddle.to_tensor(positive.astype("float32")).astype(dtype)
    with paddle.amp.auto_cast(dtype=dtype):
        out = BLACK[name](x)
    assert out.dtype == paddle.float32
    # the float32 computation of the low-precision values, exactly
    np.testing.assert_array_equal(out.numpy(), BLACK[name](x.astype("float32")).numpy())


@pytest.mark.parametrize("dtype", DTYPES)
def test_o2_keeps_only_its_extra_black_list_in_float32(dtype):
    weight = low([5, 3], dtype)
    with paddle.amp.auto_cast(level="O2", dtype=dtype):
        assert F.embedding(paddle.to_tensor([0, 4]), weight).dtype == paddle.float32
        assert F.softmax(low([2, 3], dtype)).dtype == getattr(paddle, dtype)
        assert paddle.sum(low([2, 3], dtype)).dtype == getattr(paddle, dtype)


UNLISTED = {
    "elementwise_add": lambda a, b: a + b,
    "elementwise_mul": paddle.multiply,
    "tanh": lambda a, b: paddle.tanh(a),
    "gelu": lambda a, b: F.gelu(a),
    "concat": lambda a, b: paddle.concat([a, b]),
}


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", sorted(UNLISTED))
def test_unlisted_ops_follow_their_inputs(name, dtype):
    fn = UNLISTED[name]
    with paddle.amp.auto_cast(dtype=dtype):
        assert fn(low([2, 3], dtype), low([2, 3], dtype, 1)).dtype == getattr(paddle, dtype)
        both32 = fn(f32([2, 3]), f32([2, 3], 1))
        assert both32.dtype == paddle.float32
    if name != "tanh" and name != "gelu":  # binary: one float32 input promotes to float32
        with paddle.amp.auto_cast(dtype=dtype):
            assert fn(low([2, 3], dtype), f32([2, 3], 1)).dtype == paddle.float32
    with paddle.amp.auto_cast(level="OD", dtype=dtype):
        assert fn(low([2, 3], dtype), low([2, 3], dtype, 1)).dtype == paddle.float32
        assert paddle.matmul(f32([2, 3]), f32([3, 2])).dtype == getattr(paddle, dtype)


def test_o2_without_promote_computes_mixed_inputs_in_low_precision():
    a, b = low([2, 3], "float16"), f32([2, 3])
    with paddle.amp.auto_cast(level="O2"):
        assert (a + b).dtype == paddle.float32
    with paddle.amp.auto_cast(level="O2", use_promote=False):
        assert (a + b).dtype == paddle.float16
        assert F.embedding(paddle.to_tensor([1]), low([2, 3], "float16")).dtype == \
            paddle.float32  # still black


def test_integer_bool_and_float64_inputs_are_never_cast():
    ids = paddle.to_tensor([[0, 1], [1, 0]])
    with paddle.amp.auto_cast():
        assert paddle.matmul(ids, ids).dtype == paddle.int64
        assert paddle.matmul(f32([2, 2]).astype("float64"),
                             f32([2, 2]).astype("float64")).dtype == paddle.float64
        mask = paddle.to_tensor([True, False])
        picked = paddle.where(mask, low([2], "float16"), low([2], "float16", 1))
        assert picked.dtype == paddle.float16
        assert paddle.argmax(f32([2, 3]), axis=1).dtype == paddle.int64
        assert paddle.cast(f32([2]), "float64").dtype == paddle.float64


def test_norm_ops_cast_only_x_and_decide_by_x():
    scale, bias = f32([4]), f32([4])
    x16 = low([3, 4], "float16")
    with paddle.amp.auto_cast(level="O2"):  # layer_norm is not black at O2
        out = F.layer_norm(x16, [4], weight=scale, bias=bias)
    assert out.dtype == paddle.float16
    assert scale.dtype == paddle.float32
    want = F.layer_norm(x16.astype("float32"), [4], weight=scale, bias=bias)
    np.testing.assert_allclose(out.astype("float32").numpy(), want.numpy(), atol=2e-3)
    mean, var = paddle.zeros([3]), paddle.ones([3])
    with paddle.amp.auto_cast():
        assert F.batch_norm(low([2, 3, 2, 2], "float16"), mean, var).dtype == paddle.float16
        assert F.batch_norm(f32([2, 3, 2, 2]), mean, var).dtype == paddle.float32


def test_custom_lists_use_paddles_operator_names():
    a, b = f32([2, 3]), f32([2, 3], 1)
    with paddle.amp.auto_cast(custom_white_list={"elementwise_add"}):
        assert (a + b).dtype == paddle.float16
    with paddle.amp.auto_cast(custom_white_list={"add"}):  # not Paddle's operator name
        assert (a + b).dtype == paddle.float32
    with paddle.amp.auto_cast(custom_black_list={"matmul_v2"}):
        assert paddle.matmul(a, b, transpose_y=True).dtype == paddle.float32
    with paddle.amp.auto_cast(custom_white_list={"softmax"}):
        assert F.softmax(a).dtype == paddle.float16


def test_nested_contexts_restore_the_outer_one():
    a = f32([2, 3])
    with paddle.amp.auto_cast(dtype="bfloat16"):
        with paddle.amp.auto_cast(enable=False):
            assert not paddle.amp.is_autocast_enabled()
            assert paddle.matmul(a, a, transpose_y=True).dtype == paddle.float32
        with paddle.amp.auto_cast(dtype="float16", custom_black_list={"matmul_v2"}):
            assert paddle.amp.get_autocast_dtype() == "float16"
            assert paddle.matmul(a, a, transpose_y=True).dtype == paddle.float32
        assert paddle.amp.get_autocast_dtype() == "bfloat16"
        assert paddle.matmul(a, a, transpose_y=True).dtype == paddle.bfloat16
    assert not paddle.amp.is_autocast_enabled()
    assert paddle.matmul(a, a, transpose_y=True).dtype == paddle.float32


def test_casts_are_differentiable_and_backward_is_not_auto_cast():
    layer = paddle.nn.Linear(3, 2)
    x = f32([4, 3])
    with paddle.amp.auto_cast():
        loss = F.softmax(layer(x)).sum()
        loss.backward()  # inside the context: the gradient rules still see the forward dtypes
    assert layer.weight.grad.dtype == paddle.float32
    grads = [layer.weight.grad.numpy().copy(), layer.bias.grad.numpy().copy()]
    layer.clear_gradients()
    with paddle.amp.auto_cast():
        loss = F.softmax(layer(x)).sum()
    loss.backward()
    np.testing.assert_array_equal(layer.weight.grad.numpy(), grads[0])
    np.testing.assert_array_equal(layer.bias.grad.numpy(), grads[1])


def test_in_place_ops_keep_their_operands_dtypes():
    x = f32([2, 3])
    with paddle.amp.auto_cast(custom_white_list={"elementwise_add"}):
        x.add_(f32([2, 3], 1))
    assert x.dtype == paddle.float32


def test_is_supported_answers_for_the_opted_in_cpu():
    assert paddle.amp.is_float16_supported()
    assert paddle.amp.is_bfloat16_supported("cpu")
    with paddle.amp.auto_cast(dtype="bfloat16"):
        assert paddle.amp.is_autocast_enabled()
        assert paddle.get_autocast_dtype() == "bfloat16"
