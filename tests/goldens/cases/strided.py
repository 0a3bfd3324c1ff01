"""as_strided and shard_index against real Paddle: windows, offsets (in bytes, as Paddle counts
them), memory shared with the input, gradients of non-overlapping windows, and shard ids."""


def _x(paddle, np, n=12, dtype="float32"):
    return paddle.to_tensor(np.arange(n).astype(dtype))


def _shared(paddle, np):
    x = _x(paddle, np)
    y = paddle.as_strided(x, [3, 2], [4, 1], 4)
    x[1] = 100.0
    return y


def _writes_back(paddle, np):
    x = _x(paddle, np)
    y = x.as_strided([2], [1])
    y[0] = -5.0
    return x


def _grad(paddle, np):
    x = paddle.to_tensor(np.linspace(-1.0, 1.0, 12), stop_gradient=False)
    y = paddle.as_strided(x.reshape([3, 4]), [2, 3], [4, 1], 8)
    (gx,) = paddle.grad([(y * y * paddle.arange(6, dtype="float64").reshape([2, 3])).sum()], [x])
    return y, gx


CASES = {
    "as_strided_offset": lambda paddle, np: paddle.as_strided(_x(paddle, np), [3, 2], [4, 1], 4),
    "as_strided_transpose_2d": lambda paddle, np: paddle.as_strided(
        _x(paddle, np).reshape([3, 4]), [2, 2], [1, 4]),
    "as_strided_float64_offset": lambda paddle, np: paddle.as_strided(
        _x(paddle, np, 12, "float64"), [2, 2], [3, 1], 16),
    "as_strided_int64": lambda paddle, np: _x(paddle, np, 10, "int64").as_strided([3, 3], [3, 1]),
    "as_strided_repeat_rows": lambda paddle, np: paddle.as_strided(_x(paddle, np), [3, 2],
                                                                   [0, 2]),
    "as_strided_shares_memory": _shared,
    "as_strided_writes_back": _writes_back,
    "as_strided_grad": _grad,
    "shard_index_0": lambda paddle, np: paddle.shard_index(
        paddle.to_tensor([[16], [1], [10], [19]]), 20, 2, 0),
    "shard_index_1_ignore": lambda paddle, np: paddle.to_tensor([[16], [1], [10], [19]])
    .shard_index(20, 2, 1, -2),
    "shard_index_int32_uneven": lambda paddle, np: paddle.shard_index(
        paddle.to_tensor(np.array([[16], [1], [20]], "int32")), 21, 4, 3),
    "shard_index_3d": lambda paddle, np: paddle.shard_index(
        paddle.to_tensor([[[16], [1]]]), 20, 2, 0),
    "shard_index_error_rank1": lambda paddle, np: paddle.shard_index(
        paddle.to_tensor([16, 1]), 20, 2, 0),
    "shard_index_error_shard_id": lambda paddle, np: paddle.shard_index(
        paddle.to_tensor([[1]]), 20, 2, 2),
    "shard_index_error_out_of_range": lambda paddle, np: paddle.shard_index(
        paddle.to_tensor([[25]]), 20, 2, 0),
}
