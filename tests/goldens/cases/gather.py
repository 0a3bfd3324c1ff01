"""Gather and scatter: gather, gather_nd, index_select, index_sample, take_along_axis, take,
masked_select, scatter (overwrite and accumulate, duplicate indices), scatter_nd(_add),
index_add, index_put, index_fill, masked_fill, masked_scatter, put_along_axis (every reduce
mode, include_self, broadcast), scatter_add/scatter_reduce, select_scatter, slice_scatter.
Results, dtypes, gradients and error types against real Paddle."""


def _x(np, shape=(3, 4), dtype="float32"):
    return (np.arange(int(np.prod(shape))).reshape(shape) % 7 + 1).astype(dtype)


def _t(paddle, np, values, dtype="int64"):
    return paddle.to_tensor(np.asarray(values, dtype=dtype))


def _weighted_grads(paddle, np, out, leaves):
    weights = np.arange(1, int(np.prod(out.shape)) + 1).reshape(out.shape)
    total = (out * paddle.to_tensor(weights.astype(out.numpy().dtype))).sum()
    return paddle.grad(total, leaves, allow_unused=True)


def _call(fn, shape=(3, 4), dtype="float32"):
    def case(paddle, np):
        return fn(paddle, np, paddle.to_tensor(_x(np, shape, dtype)))
    return case


def _grad(fn, shape=(3, 4), extra=None):
    """fn(paddle, np, x, *extra_leaves) -> out; returns out and the weighted-sum gradients of
    x and of each extra leaf (float64 arrays from `extra`)."""
    def case(paddle, np):
        leaves = [paddle.to_tensor(_x(np, shape, "float64"))]
        leaves += [paddle.to_tensor(np.asarray(a, "float64")) for a in (extra or [])]
        for t in leaves:
            t.stop_gradient = False
        out = fn(paddle, np, *leaves)
        return out, _weighted_grads(paddle, np, out, leaves)
    return case


CASES = {}

# ---- gather / index_select / gather_nd / index_sample --------------------------------------
CASES["gather_rows"] = _call(lambda p, np, x: p.gather(x, _t(p, np, [2, 0, -1])))
CASES["gather_axis1"] = _call(lambda p, np, x: p.gather(x, _t(p, np, [3, 0]), axis=1))
CASES["gather_axis_tensor"] = _call(lambda p, np, x: p.gather(x, _t(p, np, [1]),
                                                              axis=p.to_tensor(1)))
CASES["gather_0d_index"] = _call(lambda p, np, x: p.gather(x, _t(p, np, 2)))
CASES["gather_column_index"] = _call(lambda p, np, x: p.gather(x, _t(p, np, [[1], [2]])))
CASES["gather_int32_index"] = _call(lambda p, np, x: p.gather(x, _t(p, np, [1], "int32")))
CASES["gather_empty_index"] = _call(lambda p, np, x: p.gather(x, _t(p, np, np.zeros(0))))
CASES["gather_int_input"] = _call(lambda p, np, x: p.gather(x, _t(p, np, [1])), dtype="int32")
CASES["gather_bool_input"] = _call(lambda p, np, x: p.gather(x, _t(p, np, [1])), dtype="bool")
CASES["gather_method"] = _call(lambda p, np, x: x.gather(_t(p, np, [0, 0])))
CASES["gather_out_of_range"] = _call(lambda p, np, x: p.gather(x, _t(p, np, [7])))
CASES["gather_float_index"] = _call(lambda p, np, x: p.gather(x, _t(p, np, [1.0], "float32")))
CASES["gather_2d_index"] = _call(lambda p, np, x: p.gather(x, _t(p, np, [[0, 1], [1, 0]])))
CASES["gather_grad_duplicates"] = _grad(lambda p, np, x: p.gather(x, _t(p, np, [2, 2, 0])))
CASES["index_select_axis1"] = _call(lambda p, np, x: p.index_select(x, _t(p, np, [2, 0, -1]),
                                                                    axis=1))
CASES["index_select_negative_axis"] = _call(lambda p, np, x: p.index_select(
    x, _t(p, np, [1]), axis=-1))
CASES["index_select_out_of_range"] = _call(lambda p, np, x: p.index_select(x, _t(p, np, [5]),
                                                                           axis=1))
CASES["index_select_0d_index"] = _call(lambda p, np, x: p.index_select(x, _t(p, np, 1)))
CASES["index_select_float_index"] = _call(lambda p, np, x: p.index_select(
    x, _t(p, np, [1.0], "float32")))
CASES["index_select_bad_axis"] = _call(lambda p, np, x: p.index_select(x, _t(p, np, [1]), 2))
CASES["index_select_grad"] = _grad(lambda p, np, x: p.index_select(x, _t(p, np, [1, 1, 0]),
                                                                   axis=1))
_X3 = (2, 3, 4)
CASES["gather_nd_pairs"] = _call(lambda p, np, x: p.gather_nd(x, _t(p, np, [[0, 1], [1, 2]])),
                                 _X3)
CASES["gather_nd_points"] = _call(lambda p, np, x: p.gather_nd(x, _t(p, np, [[0, 1, 3]])), _X3)
CASES["gather_nd_1d_index"] = _call(lambda p, np, x: p.gather_nd(x, _t(p, np, [1, 2])), _X3)
CASES["gather_nd_negative"] = _call(lambda p, np, x: p.gather_nd(x, _t(p, np, [[-1, 0]])), _X3)
CASES["gather_nd_batched_index"] = _call(lambda p, np, x: p.gather_nd(
    x, _t(p, np, [[[0], [1]], [[1], [1]]])), _X3)
CASES["gather_nd_empty_depth"] = _call(lambda p, np, x: p.gather_nd(x, _t(p, np, np.zeros(
    (2, 0)))), _X3)
CASES["gather_nd_out_of_range"] = _call(lambda p, np, x: p.gather_nd(x, _t(p, np, [[5, 0]])),
                                        _X3)
CASES["gather_nd_too_deep"] = _call(lambda p, np, x: p.gather_nd(x, _t(p, np, [[0] * 4])), _X3)
CASES["gather_nd_grad"] = _grad(lambda p, np, x: p.gather_nd(x, _t(p, np, [[0, 1], [0, 1]])),
                                _X3)
CASES["index_sample_basic"] = _call(lambda p, np, x: p.index_sample(
    x, _t(p, np, [[0, 3], [1, 1], [2, 0]])))
CASES["index_sample_wide"] = _call(lambda p, np, x: p.index_sample(x, _t(p, np, np.zeros(
    (3, 6)))))
CASES["index_sample_rows_mismatch"] = _call(lambda p, np, x: p.index_sample(
    x, _t(p, np, [[0, 3]])))
CASES["index_sample_negative"] = _call(lambda p, np, x: p.index_sample(
    x, _t(p, np, [[-1], [0], [0]])))
CASES["index_sample_3d"] = _call(lambda p, np, x: p.index_sample(x, _t(p, np, [[0]])), _X3)
CASES["index_sample_grad"] = _grad(lambda p, np, x: p.index_sample(
    x, _t(p, np, [[0, 0], [1, 3], [2, 2]])))

# ---- take_along_axis / take / masked_select ------------------------------------------------
CASES["take_along_axis_rows"] = _call(lambda p, np, x: p.take_along_axis(
    x, _t(p, np, [[0, 2, 1, 1]]), 0))
CASES["take_along_axis_broadcast"] = _call(lambda p, np, x: p.take_along_axis(
    x, _t(p, np, [[0, 1]]), 1))
CASES["take_along_axis_longer"] = _call(lambda p, np, x: p.take_along_axis(
    x, _t(p, np, [[0, 1, 2, 3, 0]]), 1))
CASES["take_along_axis_no_broadcast"] = _call(lambda p, np, x: p.take_along_axis(
    x, _t(p, np, [[0, 1]]), 1, broadcast=False))
CASES["take_along_axis_negative"] = _call(lambda p, np, x: p.take_along_axis(
    x, _t(p, np, [[-1]]), 1))
CASES["take_along_axis_bad_broadcast"] = _call(lambda p, np, x: p.take_along_axis(
    x, _t(p, np, [[0], [2]]), 1))
CASES["take_along_axis_rank_mismatch"] = _call(lambda p, np, x: p.take_along_axis(
    x, _t(p, np, [0, 1]), 1))
CASES["take_along_axis_out_of_range"] = _call(lambda p, np, x: p.take_along_axis(
    x, _t(p, np, [[9]]), 1))
CASES["take_along_axis_bad_axis"] = _call(lambda p, np, x: p.take_along_axis(
    x, _t(p, np, [[1]]), 2))
CASES["take_along_axis_too_big"] = _call(lambda p, np, x: p.take_along_axis(
    x, _t(p, np, np.zeros((4, 1))), 1, broadcast=False))
CASES["take_along_dim_alias"] = _call(lambda p, np, x: p.take_along_dim(
    x, _t(p, np, [[1]]), 1))
CASES["take_along_axis_grad"] = _grad(lambda p, np, x: p.take_along_axis(
    x, _t(p, np, [[0], [0], [3]]), 1))
CASES["take_raise"] = _call(lambda p, np, x: p.take(x, _t(p, np, [[0, 5], [11, -1]])))
CASES["take_raise_out_of_range"] = _call(lambda p, np, x: p.take(x, _t(p, np, [12])))
CASES["take_wrap"] = _call(lambda p, np, x: p.take(x, _t(p, np, [25, -30]), mode="wrap"))
CASES["take_clip"] = _call(lambda p, np, x: p.take(x, _t(p, np, [25, -30, -1]), mode="clip"))
CASES["take_0d_index"] = _call(lambda p, np, x: p.take(x, _t(p, np, 3)))
CASES["take_bad_mode"] = _call(lambda p, np, x: p.take(x, _t(p, np, [1]), mode="foo"))
CASES["take_list_index"] = _call(lambda p, np, x: p.take(x, [1, 2]))
CASES["take_float_index"] = _call(lambda p, np, x: p.take(x, _t(p, np, [1.0], "float32")))
CASES["take_grad"] = _grad(lambda p, np, x: p.take(x, _t(p, np, [[0, 0], [11, 5]])))
CASES["masked_select_basic"] = _call(lambda p, np, x: p.masked_select(x, x > 4))
CASES["masked_select_broadcast_mask"] = _call(lambda p, np, x: p.masked_select(
    x, p.to_tensor([True, False, True, False])))
CASES["masked_select_broadcast_x"] = _call(lambda p, np, x: p.masked_select(
    x, p.to_tensor(np.ones((2, 3, 4), bool))))
CASES["masked_select_0d"] = _call(lambda p, np, x: p.masked_select(x, p.to_tensor(True)), ())
CASES["masked_select_int_mask"] = _call(lambda p, np, x: p.masked_select(
    x, p.ones([3, 4], "int32")))
CASES["masked_select_bad_shape"] = _call(lambda p, np, x: p.masked_select(
    x, p.ones([3], "bool")))
CASES["masked_select_grad"] = _grad(lambda p, np, x: p.masked_select(
    x, p.to_tensor([True, False, True, True])))

# ---- scatter / scatter_nd(_add) ------------------------------------------------------------


def _updates(paddle, np, rows, dtype="float32"):
    return paddle.to_tensor((np.arange(rows * 4).reshape(rows, 4) + 100).astype(dtype))


for _ow in (True, False):
    CASES[f"scatter_duplicates_{_ow}"] = _call(lambda p, np, x, ow=_ow: p.scatter(
        x, _t(p, np, [1, 1, 2]), _updates(p, np, 3), overwrite=ow))


def _scatter_grad(overwrite):
    def case(paddle, np):
        x = paddle.to_tensor(_x(np, (3, 4), "float64"))
        u = paddle.to_tensor(np.arange(12.0).reshape(3, 4) + 100)
        x.stop_gradient = False
        u.stop_gradient = False
        out = paddle.scatter(x, _t(paddle, np, [1, 1, 2]), u, overwrite=overwrite)
        return out, _weighted_grads(paddle, np, out, [x, u])
    return case


CASES["scatter_grad_overwrite"] = _scatter_grad(True)
CASES["scatter_grad_accumulate"] = _scatter_grad(False)
CASES["scatter_negative_index"] = _call(lambda p, np, x: p.scatter(x, _t(p, np, [-1]),
                                                                   _updates(p, np, 1)))
CASES["scatter_0d_index"] = _call(lambda p, np, x: p.scatter(
    x, _t(p, np, 1), p.to_tensor(np.full(4, 9.0, "float32"))))
CASES["scatter_column_index"] = _call(lambda p, np, x: p.scatter(x, _t(p, np, [[0], [2]]),
                                                                 _updates(p, np, 2)))
CASES["scatter_extra_update_rows"] = _call(lambda p, np, x: p.scatter(x, _t(p, np, [1]),
                                                                      _updates(p, np, 2)))
CASES["scatter_int_input"] = _call(lambda p, np, x: p.scatter(
    x, _t(p, np, [0]), _updates(p, np, 1, "int64")), dtype="int64")
CASES["scatter_out_of_range"] = _call(lambda p, np, x: p.scatter(x, _t(p, np, [5]),
                                                                 _updates(p, np, 1)))
CASES["scatter_float_index"] = _call(lambda p, np, x: p.scatter(
    x, _t(p, np, [1.0], "float32"), _updates(p, np, 1)))
CASES["scatter_dtype_mismatch"] = _call(lambda p, np, x: p.scatter(
    x, _t(p, np, [1]), _updates(p, np, 1, "float64")))
CASES["scatter_inplace"] = _call(lambda p, np, x: (p.scatter_(x, _t(p, np, [0]),
                                                              _updates(p, np, 1)), x))
CASES["scatter_method_inplace"] = _call(lambda p, np, x: x.scatter_(_t(p, np, [2]),
                                                                    _updates(p, np, 1)))
CASES["scatter_nd_add_rows"] = _call(lambda p, np, x: p.scatter_nd_add(
    x, _t(p, np, [[1], [1]]), p.ones([2, 4])))
CASES["scatter_nd_add_points"] = _call(lambda p, np, x: p.scatter_nd_add(
    x, _t(p, np, [[1, 1], [1, 1], [0, 3]]), p.ones([3])))
CASES["scatter_nd_add_negative"] = _call(lambda p, np, x: p.scatter_nd_add(
    x, _t(p, np, [[-1]]), p.ones([1, 4])))
CASES["scatter_nd_add_bad_updates"] = _call(lambda p, np, x: p.scatter_nd_add(
    x, _t(p, np, [[1], [1]]), p.ones([2, 3])))
CASES["scatter_nd_add_out_of_range"] = _call(lambda p, np, x: p.scatter_nd_add(
    x, _t(p, np, [[5]]), p.ones([1, 4])))
CASES["scatter_nd_add_dtype"] = _call(lambda p, np, x: p.scatter_nd_add(
    x, _t(p, np, [[1]]), p.ones([1, 4], "float64")))
CASES["scatter_nd_add_grad"] = _grad(lambda p, np, x, u: p.scatter_nd_add(
    x, _t(p, np, [[1, 1], [1, 1], [0, 3]]), u), extra=[[1.0, 2.0, 3.0]])
CASES["scatter_nd_basic"] = lambda p, np: p.scatter_nd(_t(p, np, [[1], [1]]), p.ones([2, 4]),
                                                       [3, 4])
CASES["scatter_nd_tensor_shape"] = lambda p, np: p.scatter_nd(
    _t(p, np, [[1], [1]]), p.ones([2, 4]), p.to_tensor([3, 4]))
CASES["scatter_nd_int"] = lambda p, np: p.scatter_nd(_t(p, np, [[1], [1]]),
                                                     p.ones([2], "int32"), [3])

# ---- index_add / index_put / index_fill ----------------------------------------------------
CASES["index_add_basic"] = _call(lambda p, np, x: p.index_add(x, _t(p, np, [0, 0, 2]), 1,
                                                              p.ones([3, 3]), alpha=2))
CASES["index_add_negative"] = _call(lambda p, np, x: p.index_add(x, _t(p, np, [-1]), 1,
                                                                 p.ones([3, 1])))
CASES["index_add_negative_axis"] = _call(lambda p, np, x: p.index_add(x, _t(p, np, [1]), -1,
                                                                      p.ones([3, 1])))
CASES["index_add_int"] = _call(lambda p, np, x: p.index_add(
    x, _t(p, np, [1]), 1, p.ones([3, 1], "int32"), alpha=3), dtype="int32")
CASES["index_add_out_of_range"] = _call(lambda p, np, x: p.index_add(x, _t(p, np, [9]), 1,
                                                                     p.ones([3, 1])))
CASES["index_add_dtype"] = _call(lambda p, np, x: p.index_add(x, _t(p, np, [1]), 1,
                                                              p.ones([3, 1], "float64")))
CASES["index_add_2d_index"] = _call(lambda p, np, x: p.index_add(x, _t(p, np, [[1]]), 1,
                                                                 p.ones([3, 1])))
CASES["index_add_inplace"] = _call(lambda p, np, x: (p.index_add_(x, _t(p, np, [1]), 0,
                                                                  p.ones([1, 4])), x))
CASES["index_add_grad"] = _grad(lambda p, np, x, v: p.index_add(x, _t(p, np, [1, 1]), 1, v,
                                                                alpha=3),
                                extra=[[[1.0, 1.0]] * 3])
_PAIR = ([0, 2], [1, 1])
CASES["index_put_pairs"] = _call(lambda p, np, x: p.index_put(
    x, (_t(p, np, _PAIR[0]), _t(p, np, _PAIR[1])), p.to_tensor([5.0, 6.0])))
CASES["index_put_duplicates"] = _call(lambda p, np, x: p.index_put(
    x, (_t(p, np, [0, 0]), _t(p, np, [1, 1])), p.to_tensor([5.0, 6.0])))
CASES["index_put_accumulate"] = _call(lambda p, np, x: p.index_put(
    x, (_t(p, np, [0, 0]), _t(p, np, [1, 1])), p.to_tensor([5.0, 6.0]), accumulate=True))
CASES["index_put_rows"] = _call(lambda p, np, x: p.index_put(
    x, (_t(p, np, [0, 2]),), p.to_tensor([1.0, 2.0, 3.0, 4.0])))
CASES["index_put_bool"] = _call(lambda p, np, x: p.index_put(
    x, (p.to_tensor([True, False, True]),), p.to_tensor(9.0)))
CASES["index_put_mask"] = _call(lambda p, np, x: p.index_put(x, (x > 5,), p.to_tensor(9.0)))
CASES["index_put_list"] = _call(lambda p, np, x: p.index_put(x, [_t(p, np, [1])],
                                                             p.to_tensor(0.0)))
CASES["index_put_value_dtype"] = _call(lambda p, np, x: p.index_put(
    x, (_t(p, np, [0]),), p.to_tensor(1.0, dtype="float64")))
CASES["index_put_python_value"] = _call(lambda p, np, x: p.index_put(x, (_t(p, np, [0]),), 1.0))
CASES["index_put_float_index"] = _call(lambda p, np, x: p.index_put(
    x, (_t(p, np, [0.0], "float32"),), p.to_tensor(1.0)))
CASES["index_put_inplace"] = _call(lambda p, np, x: (p.index_put_(
    x, (_t(p, np, [1]),), p.to_tensor(0.0)), x))


def _index_put_grad(accumulate):
    def case(paddle, np):
        x = paddle.to_tensor(_x(np, (3, 4), "float64"))
        x.stop_gradient = False
        out = paddle.index_put(x, (_t(paddle, np, [0, 0]), _t(paddle, np, [1, 1])),
                               paddle.to_tensor([5.0, 6.0], dtype="float64"),
                               accumulate=accumulate)
        return out, _weighted_grads(paddle, np, out, [x])
    return case


CASES["index_put_grad_x"] = _index_put_grad(False)
CASES["index_put_accumulate_grad_x"] = _index_put_grad(True)
CASES["index_fill_basic"] = _call(lambda p, np, x: p.index_fill(x, _t(p, np, [0, 2]), 1, -1.5))
CASES["index_fill_int"] = _call(lambda p, np, x: p.index_fill(x, _t(p, np, [0, 2]), 1, -1.5),
                                dtype="int64")
CASES["index_fill_tensor_value"] = _call(lambda p, np, x: p.index_fill(
    x, _t(p, np, [0, 2]), 0, p.to_tensor(7.0)))
CASES["index_fill_negative"] = _call(lambda p, np, x: p.index_fill(x, _t(p, np, [-1]), -1, 3))
CASES["index_fill_bool_value"] = _call(lambda p, np, x: p.index_fill(x, _t(p, np, [1]), 1,
                                                                     True))
CASES["index_fill_inplace"] = _call(lambda p, np, x: (p.index_fill_(x, _t(p, np, [1]), 0, 0.5),
                                                      x))
CASES["index_fill_grad"] = _grad(lambda p, np, x: p.index_fill(x, _t(p, np, [1]), 1, 2.0))

# ---- masked_fill / masked_scatter ----------------------------------------------------------


def _mask(paddle):
    return paddle.to_tensor([True, False, True, False])


CASES["masked_fill_scalar"] = _call(lambda p, np, x: p.masked_fill(x, _mask(p), -1.0))
CASES["masked_fill_tensor"] = _call(lambda p, np, x: p.masked_fill(x, _mask(p),
                                                                   p.to_tensor(-2.0)))
CASES["masked_fill_tensor_1elem"] = _call(lambda p, np, x: p.masked_fill(x, _mask(p),
                                                                         p.to_tensor([-2.0])))
CASES["masked_fill_broadcast_x"] = lambda p, np: p.masked_fill(
    p.to_tensor([1.0, 2.0, 3.0, 4.0]), p.to_tensor([[True], [False]]), 0.0)
CASES["masked_fill_int_x"] = _call(lambda p, np, x: p.masked_fill(x, _mask(p), 2.5), dtype="int64")
CASES["masked_fill_int_mask"] = _call(lambda p, np, x: p.masked_fill(x, p.to_tensor([1, 0, 1, 0]),
                                                                     2.5))
CASES["masked_fill_tensor_dtype"] = _call(lambda p, np, x: p.masked_fill(
    x, _mask(p), p.to_tensor(1.0, dtype="float64")))
CASES["masked_fill_bad_shape"] = _call(lambda p, np, x: p.masked_fill(
    x, p.to_tensor([True, False]), 1.0))
CASES["masked_fill_two_values"] = _call(lambda p, np, x: p.masked_fill(
    x, _mask(p), p.to_tensor([1.0, 2.0])))
CASES["masked_fill_inplace"] = _call(lambda p, np, x: (p.masked_fill_(x, _mask(p), 0.0), x))
CASES["masked_fill_grad_x"] = _grad(lambda p, np, x: p.masked_fill(x, _mask(p), 5.0))
_VALUES = [100.0 + i for i in range(12)]
CASES["masked_scatter_basic"] = _call(lambda p, np, x: p.masked_scatter(
    x, _mask(p), p.to_tensor(_VALUES)))
CASES["masked_scatter_2d_value"] = _call(lambda p, np, x: p.masked_scatter(
    x, x > 5, p.to_tensor(np.asarray(_VALUES, "float32").reshape(3, 4))))
CASES["masked_scatter_broadcast_x"] = lambda p, np: p.masked_scatter(
    p.to_tensor([1.0, 2.0]), p.to_tensor([[True, False], [True, True]]), p.to_tensor(_VALUES))
CASES["masked_scatter_short_value"] = _call(lambda p, np, x: p.masked_scatter(
    x, _mask(p), p.to_tensor([1.0, 2.0])))
CASES["masked_scatter_dtype"] = _call(lambda p, np, x: p.masked_scatter(
    x, _mask(p), p.to_tensor(_VALUES, dtype="float64")))
CASES["masked_scatter_int_mask"] = _call(lambda p, np, x: p.masked_scatter(
    x, p.to_tensor([1, 0, 1, 0]), p.to_tensor(_VALUES)))
CASES["masked_scatter_inplace"] = _call(lambda p, np, x: (p.masked_scatter_(
    x, _mask(p), p.to_tensor(_VALUES)), x))
CASES["masked_scatter_grad"] = _grad(lambda p, np, x, v: p.masked_scatter(x, _mask(p), v),
                                     extra=[[float(i) for i in range(8)]])
