"""put_along_axis in every reduce mode (with and without include_self, repeated targets, ties),
broadcasting rules, scatter_add / scatter_reduce, select_scatter and slice_scatter: values,
gradients and error types against real Paddle."""

REDUCES = ["assign", "add", "mul", "multiply", "mean", "amin", "amax"]


def _arr(np, dtype="float64"):
    return np.arange(1, 13).reshape(3, 4).astype(dtype)


def _t(paddle, np, values, dtype="int64"):
    return paddle.to_tensor(np.asarray(values, dtype=dtype))


def _weighted_grads(paddle, np, out, leaves):
    weights = np.arange(1, int(np.prod(out.shape)) + 1).reshape(out.shape)
    total = (out * paddle.to_tensor(weights.astype(out.numpy().dtype))).sum()
    return paddle.grad(total, leaves, allow_unused=True)


def _put(index, values, axis, reduce, include_self, broadcast=True, arr=None):
    def case(paddle, np):
        a = paddle.to_tensor(_arr(np) if arr is None else np.asarray(arr, "float64"))
        v = paddle.to_tensor(np.asarray(values, "float64"))
        a.stop_gradient = False
        v.stop_gradient = False
        out = paddle.put_along_axis(a, _t(paddle, np, index), v, axis, reduce=reduce,
                                    include_self=include_self, broadcast=broadcast)
        return out, _weighted_grads(paddle, np, out, [a, v])
    return case


CASES = {}
for _reduce in REDUCES:
    for _self in (True, False):
        _tag = f"{_reduce}_{'self' if _self else 'noself'}"
        CASES[f"put_{_tag}"] = _put([[0, 0, 2, 1]], [[10.0, 11.0, 12.0, 13.0]], 0, _reduce,
                                    _self)
        CASES[f"put_repeated_{_tag}"] = _put([[0, 1], [0, 0], [2, 2]],
                                             [[5.0, 6.0], [7.0, 8.0], [9.0, 10.0]], 1,
                                             _reduce, _self, broadcast=False)
        CASES[f"put_ties_{_tag}"] = _put([[1, 1]], [[5.0, 5.0]], 1, _reduce, _self,
                                         broadcast=False, arr=[[1.0, 5.0, 2.0]])


def _call(fn, dtype="float32"):
    def case(paddle, np):
        return fn(paddle, np, paddle.to_tensor(_arr(np, dtype)))
    return case


CASES["put_scalar_value"] = _call(lambda p, np, a: p.put_along_axis(a, _t(p, np, [[0, 1, 2, 0]]),
                                                                    9.0, 0))
CASES["put_broadcast_index"] = _call(lambda p, np, a: p.put_along_axis(
    a, _t(p, np, [[1]]), p.to_tensor([[7.0, 8.0, 9.0, 10.0]]), 0))
CASES["put_broadcast_values"] = _call(lambda p, np, a: p.put_along_axis(
    a, _t(p, np, [[0], [1], [2]]), p.to_tensor([7.0]), 1))
CASES["put_no_broadcast_small_index"] = _call(lambda p, np, a: p.put_along_axis(
    a, _t(p, np, [[0]]), p.to_tensor([[7.0]]), 1, broadcast=False))
CASES["put_no_broadcast_big_values"] = _call(lambda p, np, a: p.put_along_axis(
    a, _t(p, np, [[0]]), p.to_tensor([[7.0, 8.0], [9.0, 10.0]]), 1, broadcast=False))
CASES["put_no_broadcast_scalar"] = _call(lambda p, np, a: p.put_along_axis(
    a, _t(p, np, [[0]]), 7.0, 1, broadcast=False))
CASES["put_no_broadcast_long_axis"] = _call(lambda p, np, a: p.put_along_axis(
    a, _t(p, np, [[0, 1, 2, 3, 0]]), p.ones([1, 5]), 1, broadcast=False))
CASES["put_negative_index"] = _call(lambda p, np, a: p.put_along_axis(
    a, _t(p, np, [[-1, 0, 0, 0]]), 0.5, 0))
CASES["put_int32_index"] = _call(lambda p, np, a: p.put_along_axis(
    a, _t(p, np, [[0]], "int32"), 7.0, 1))
CASES["put_int_arr"] = _call(lambda p, np, a: p.put_along_axis(a, _t(p, np, [[0]]), 7, 1),
                             dtype="int64")
CASES["put_int_mean"] = _call(lambda p, np, a: p.put_along_axis(
    a, _t(p, np, [[0, 0]]), _t(p, np, [[1, 2]]), 1, "mean", broadcast=False), dtype="int64")
CASES["put_int_scalar_float_arr"] = _call(lambda p, np, a: p.put_along_axis(
    a, _t(p, np, [[0]]), 7, 1))
CASES["put_dtype_mismatch"] = _call(lambda p, np, a: p.put_along_axis(
    a, _t(p, np, [[0]]), p.to_tensor([[7.0]], dtype="float64"), 1))
CASES["put_bad_reduce"] = _call(lambda p, np, a: p.put_along_axis(
    a, _t(p, np, [[0]]), 1.0, 1, reduce="max"))
CASES["put_out_of_range"] = _call(lambda p, np, a: p.put_along_axis(
    a, _t(p, np, [[5, 0, 0, 0]]), 1.0, 0))
CASES["put_bad_axis"] = _call(lambda p, np, a: p.put_along_axis(a, _t(p, np, [[0]]), 1.0, 2))
CASES["put_rank_mismatch"] = _call(lambda p, np, a: p.put_along_axis(a, _t(p, np, [0]), 1.0, 1))
CASES["put_float_index"] = _call(lambda p, np, a: p.put_along_axis(
    a, _t(p, np, [[0.0]], "float32"), 1.0, 1))
CASES["put_bad_broadcast"] = _call(lambda p, np, a: p.put_along_axis(
    a, _t(p, np, [[0]]), p.ones([3, 2]), 1))
CASES["put_no_broadcast_index_too_big"] = _call(lambda p, np, a: p.put_along_axis(
    a, _t(p, np, np.zeros((4, 1))), p.ones([4, 1]), 1, broadcast=False))
CASES["put_no_broadcast_values_small"] = _call(lambda p, np, a: p.put_along_axis(
    a, _t(p, np, [[0, 1]]), p.to_tensor([[7.0]]), 1, broadcast=False))
CASES["put_method_inplace"] = _call(lambda p, np, a: (a.put_along_axis_(_t(p, np, [[0]]), 0.0,
                                                                        1), a))

# ---- scatter_add / scatter_reduce ----------------------------------------------------------
_IDX = [[0, 0], [1, 1]]
CASES["scatter_add_basic"] = _call(lambda p, np, a: p.scatter_add(a, 1, _t(p, np, _IDX),
                                                                  p.ones([2, 2])))
CASES["scatter_add_inplace"] = _call(lambda p, np, a: (p.scatter_add_(a, 1, _t(p, np, _IDX),
                                                                      p.ones([2, 2])), a))
for _reduce in ["sum", "prod", "mean", "amin", "amax", "add"]:
    for _self in (True, False):
        CASES[f"scatter_reduce_{_reduce}_{_self}"] = _call(
            lambda p, np, a, r=_reduce, s=_self: p.scatter_reduce(
                a, 1, _t(p, np, _IDX), p.to_tensor([[3.0, 0.5], [2.0, 9.0]]), r,
                include_self=s))
CASES["scatter_reduce_big_src"] = _call(lambda p, np, a: p.scatter_reduce(
    a, 1, _t(p, np, _IDX), p.ones([3, 4]) * 3, "sum"))

# ---- select_scatter / slice_scatter --------------------------------------------------------
CASES["select_scatter_column"] = _call(lambda p, np, a: p.select_scatter(
    a, p.to_tensor([9.0, 9.0, 9.0]), 1, 2))
CASES["select_scatter_negative"] = _call(lambda p, np, a: p.select_scatter(
    a, p.to_tensor([9.0] * 4), 0, -1))
CASES["select_scatter_bad_shape"] = _call(lambda p, np, a: p.select_scatter(
    a, p.to_tensor([9.0, 9.0]), 1, 2))
CASES["slice_scatter_strided"] = _call(lambda p, np, a: p.slice_scatter(
    a, p.ones([3, 2]), [1], [0], [4], [2]))
CASES["slice_scatter_two_axes"] = _call(lambda p, np, a: p.slice_scatter(
    a, p.ones([2, 2]), [0, 1], [1, 0], [3, 2], [1, 1]))
CASES["slice_scatter_big_end"] = _call(lambda p, np, a: p.slice_scatter(
    a, p.ones([3, 2]), [1], [2], [10], [1]))
CASES["slice_scatter_bad_shape"] = _call(lambda p, np, a: p.slice_scatter(
    a, p.ones([3, 3]), [1], [0], [4], [2]))


def _scatter_slices_grad(paddle, np):
    a = paddle.to_tensor(_arr(np))
    v = paddle.to_tensor(np.ones((3, 2)))
    s = paddle.to_tensor(np.ones(3))
    for t in (a, v, s):
        t.stop_gradient = False
    out = paddle.slice_scatter(a, v, [1], [0], [4], [2])
    out = paddle.select_scatter(out, s, 1, 1)
    return out, _weighted_grads(paddle, np, out, [a, v, s])


CASES["slice_select_scatter_grad"] = _scatter_slices_grad
