"""cartesian_prod, combinations, vander and the top-level aliases (ger, tolist, conv1d/2d/3d,
adaptive_avg_pool1d) against real Paddle: values, dtypes, empty results, gradients, errors."""


def _t(paddle, np, values, dtype=None):
    return paddle.to_tensor(np.asarray(values, dtype=dtype))


CASES = {
    "cartesian_prod_two": lambda paddle, np: paddle.cartesian_prod(
        [_t(paddle, np, [1, 2, 3]), _t(paddle, np, [4, 5])]),
    "cartesian_prod_three_float": lambda paddle, np: paddle.cartesian_prod(
        [_t(paddle, np, [1.5, 2.5], "float32")] * 3),
    "cartesian_prod_single": lambda paddle, np: paddle.cartesian_prod([_t(paddle, np, [1, 2])]),
    "cartesian_prod_empty": lambda paddle, np: paddle.cartesian_prod(
        [_t(paddle, np, [1, 2]), _t(paddle, np, [], "int64")]),
    "cartesian_prod_error_2d": lambda paddle, np: paddle.cartesian_prod(
        [_t(paddle, np, [[1], [2]]), _t(paddle, np, [1])]),
    "cartesian_prod_error_dtypes": lambda paddle, np: paddle.cartesian_prod(
        [_t(paddle, np, [1]), _t(paddle, np, [1.0], "float32")]),
    "combinations_default": lambda paddle, np: paddle.combinations(_t(paddle, np, [1, 2, 3, 4])),
    "combinations_r3": lambda paddle, np: paddle.combinations(_t(paddle, np, [1, 2, 3, 4]), 3),
    "combinations_replacement": lambda paddle, np: _t(paddle, np, [1.0, 2.0, 3.0], "float64")
    .combinations(2, True),
    "combinations_r1": lambda paddle, np: paddle.combinations(_t(paddle, np, [5, 6]), 1),
    "combinations_r0": lambda paddle, np: paddle.combinations(_t(paddle, np, [5, 6]), 0),
    "combinations_r_too_big": lambda paddle, np: paddle.combinations(_t(paddle, np, [5, 6]), 3),
    "combinations_error_negative": lambda paddle, np: paddle.combinations(
        _t(paddle, np, [5, 6]), -1),
    "combinations_error_2d": lambda paddle, np: paddle.combinations(_t(paddle, np, [[5, 6]])),
    "vander_default": lambda paddle, np: paddle.vander(_t(paddle, np, [1.5, 2.5, -1.0],
                                                          "float32")),
    "vander_increasing_n": lambda paddle, np: _t(paddle, np, [1, 2, 3]).vander(4, True),
    "vander_int32": lambda paddle, np: paddle.vander(_t(paddle, np, [2, 3], "int32"), 3),
    "vander_complex": lambda paddle, np: paddle.vander(_t(paddle, np, [1 + 1j, 2], "complex64")),
    "vander_n0": lambda paddle, np: paddle.vander(_t(paddle, np, [1, 2]), 0),
    "vander_n1": lambda paddle, np: paddle.vander(_t(paddle, np, [1, 2]), 1),
    "vander_error_negative": lambda paddle, np: paddle.vander(_t(paddle, np, [1, 2]), -1),
    "vander_error_2d": lambda paddle, np: paddle.vander(_t(paddle, np, [[1, 2]])),
    "ger": lambda paddle, np: paddle.ger(_t(paddle, np, [1, 2, 3]), _t(paddle, np, [4, 5])),
    "tolist": lambda paddle, np: paddle.to_tensor(paddle.tolist(_t(paddle, np, [[1, 2], [3, 4]]))),
    "type_is_dense": lambda paddle, np: paddle.to_tensor(
        [int(paddle.ones([2]).type), str(paddle.ones([2]).type) == "VarType.DENSE_TENSOR"]),
}


def _grads(paddle, np):
    x = paddle.to_tensor(np.array([1.5, -2.0, 0.5]), stop_gradient=False)
    y = paddle.to_tensor(np.array([3.0, 0.25]), stop_gradient=False)
    loss = (paddle.vander(x, 4) ** 2).sum() + (paddle.combinations(x, 2, True).prod(1)).sum() \
        + (paddle.cartesian_prod([x, y]) ** 3).sum()
    return paddle.grad([loss], [x, y])


CASES["gradients"] = _grads


def _conv_aliases(paddle, np):
    rng = np.random.default_rng(0)
    x1 = paddle.to_tensor(rng.standard_normal((2, 3, 8)).astype("float32"))
    w1 = paddle.to_tensor(rng.standard_normal((4, 3, 3)).astype("float32"))
    x2 = paddle.to_tensor(rng.standard_normal((1, 2, 5, 5)).astype("float32"))
    w2 = paddle.to_tensor(rng.standard_normal((3, 2, 2, 2)).astype("float32"))
    x3 = paddle.to_tensor(rng.standard_normal((1, 1, 4, 4, 4)).astype("float32"))
    w3 = paddle.to_tensor(rng.standard_normal((2, 1, 2, 2, 2)).astype("float32"))
    return (paddle.conv1d(x1, w1, stride=2, padding=1), paddle.conv2d(x2, w2, dilation=2),
            paddle.conv3d(x3, w3, padding="SAME"), paddle.adaptive_avg_pool1d(x1, 3))


CASES["conv_and_pool_aliases"] = _conv_aliases
_conv_aliases.rtol, _conv_aliases.atol = 1e-5, 1e-5
