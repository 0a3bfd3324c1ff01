"""Splitting and joining (tensor_split family, stacks, atleast_*, meshgrid, broadcasting helpers,
block_diag), shape views (unflatten, ravel, permute, matrix_transpose, view_as, shape,
as_complex/as_real), triangles and diagonals, and nn.functional.pad: values, dtypes, gradients
and error types against real Paddle."""


def _x(np, shape=(2, 3, 4), dtype="float32"):
    return np.arange(int(np.prod(shape))).reshape(shape).astype(dtype)


def _call(fn, shape=(2, 3, 4), dtype="float32"):
    def case(paddle, np):
        return fn(paddle, paddle.to_tensor(_x(np, shape, dtype)))
    return case


def _grad(fn, shape=(2, 3, 4)):
    def case(paddle, np):
        x = paddle.to_tensor(_x(np, shape, "float64") / 7.0 + 0.5)
        x.stop_gradient = False
        out = fn(paddle, x)
        outs = list(out) if isinstance(out, (list, tuple)) else [out]
        total = None
        for k, o in enumerate(outs):
            w = np.arange(1, int(np.prod(o.shape)) + 1).reshape(o.shape) * (k + 1)
            term = (o * paddle.to_tensor(w.astype("float64"))).sum()
            total = term if total is None else total + term
        return outs, paddle.grad(total, x)
    return case


def _many(fn, *shapes, dtypes=None):
    def case(paddle, np):
        ts = [paddle.to_tensor(_x(np, s, (dtypes or ["float32"] * len(shapes))[k]) + k)
              for k, s in enumerate(shapes)]
        return fn(paddle, *ts)
    return case


CASES = {}

# ---- tensor_split / hsplit / vsplit / dsplit -----------------------------------------------
CASES["tensor_split_int"] = _call(lambda p, x: p.tensor_split(x, 3), (7,))
CASES["tensor_split_indices"] = _call(lambda p, x: p.tensor_split(x, [2, 5]), (7,))
CASES["tensor_split_past_end"] = _call(lambda p, x: p.tensor_split(x, [2, 10]), (7,))
CASES["tensor_split_descending"] = _call(lambda p, x: p.tensor_split(x, [5, 2]), (7,))
CASES["tensor_split_negative"] = _call(lambda p, x: p.tensor_split(x, [-2]), (7,))
CASES["tensor_split_more_parts"] = _call(lambda p, x: p.tensor_split(x, 5), (3,))
CASES["tensor_split_axis"] = _call(lambda p, x: p.tensor_split(x, 2, axis=-1))
CASES["tensor_split_tensor_axis"] = _call(lambda p, x: p.tensor_split(x, 3, p.to_tensor(1)))
CASES["tensor_split_zero"] = _call(lambda p, x: p.tensor_split(x, 0), (7,))
CASES["tensor_split_tensor_indices"] = _call(lambda p, x: p.tensor_split(x, p.to_tensor([3])),
                                             (7,))
CASES["tensor_split_grad"] = _grad(lambda p, x: p.tensor_split(x, [1, 3], axis=2))
CASES["hsplit_1d"] = _call(lambda p, x: p.hsplit(x, 2), (6,))
CASES["hsplit_2d"] = _call(lambda p, x: p.hsplit(x, [1, 4]), (2, 6))
CASES["vsplit_2d"] = _call(lambda p, x: p.vsplit(x, 2), (4, 3))
CASES["vsplit_1d"] = _call(lambda p, x: p.vsplit(x, 2), (6,))
CASES["dsplit_3d"] = _call(lambda p, x: p.dsplit(x, 2))
CASES["dsplit_2d"] = _call(lambda p, x: p.dsplit(x, 2), (2, 6))
CASES["hsplit_0d"] = _call(lambda p, x: p.hsplit(x, 1), ())

# ---- stacks, atleast, meshgrid, broadcasting, block_diag -----------------------------------
for _api in ["hstack", "vstack", "dstack", "column_stack", "row_stack"]:
    CASES[f"{_api}_1d"] = _many(lambda p, a, b, f=_api: getattr(p, f)([a, b]), (2,), (2,))
    CASES[f"{_api}_0d"] = _many(lambda p, a, b, f=_api: getattr(p, f)([a, b]), (), ())
    CASES[f"{_api}_2d"] = _many(lambda p, a, b, f=_api: getattr(p, f)([a, b]), (2, 2), (2, 2))
    CASES[f"{_api}_mixed"] = _many(lambda p, a, b, f=_api: getattr(p, f)([a, b]), (2,), (2, 2))
    CASES[f"{_api}_dtypes"] = _many(lambda p, a, b, f=_api: getattr(p, f)([a, b]), (2,), (2,),
                                    dtypes=["float32", "float64"])
for _api in ["atleast_1d", "atleast_2d", "atleast_3d"]:
    for _shape in [(), (2,), (2, 3), (1, 2, 3)]:
        CASES[f"{_api}_{len(_shape)}d"] = _call(lambda p, x, f=_api: getattr(p, f)(x), _shape)
    CASES[f"{_api}_many"] = _many(lambda p, a, b, f=_api: getattr(p, f)(a, b), (), (2,))
    CASES[f"{_api}_list"] = _many(lambda p, a, b, f=_api: getattr(p, f)([a, b]), (), (2,))
    CASES[f"{_api}_method"] = _call(lambda p, x, f=_api: getattr(x, f)(), (2,))
CASES["atleast_1d_number"] = lambda p, np: p.atleast_1d(3)
CASES["meshgrid_ij"] = _many(lambda p, a, b: p.meshgrid(a, b), (2,), (3,))
CASES["meshgrid_list"] = _many(lambda p, a, b: p.meshgrid([a, b]), (2,), (3,))
CASES["meshgrid_xy"] = _many(lambda p, a, b, c: p.meshgrid(a, b, c, indexing="xy"), (2,),
                             (3,), (4,))
CASES["meshgrid_0d"] = _many(lambda p, a, b: p.meshgrid(a, b), (), (2,))
CASES["meshgrid_one"] = _many(lambda p, a: p.meshgrid(a), (2,))
CASES["meshgrid_2d"] = _many(lambda p, a, b: p.meshgrid(a, b), (2, 2), (2,))
CASES["meshgrid_dtypes"] = _many(lambda p, a, b: p.meshgrid(a, b), (2,), (2,),
                                 dtypes=["float32", "float64"])
CASES["broadcast_tensors_basic"] = _many(lambda p, a, b, c: p.broadcast_tensors([a, b, c]),
                                         (2,), (2, 2), ())
CASES["broadcast_tensors_bad"] = _many(lambda p, a, b: p.broadcast_tensors([a, b]), (2,), (3,))
CASES["broadcast_tensors_dtypes"] = _many(lambda p, a, b: p.broadcast_tensors([a, b]), (2,),
                                          (2,), dtypes=["float32", "int64"])
CASES["broadcast_shape_basic"] = lambda p, np: p.broadcast_shape([2, 1, 3], [4, 3])
CASES["broadcast_shape_tuple"] = lambda p, np: p.broadcast_shape((2, 1), (3,))
CASES["broadcast_shape_bad"] = lambda p, np: p.broadcast_shape([2, 3], [4, 3])
CASES["broadcast_shapes_many"] = lambda p, np: p.broadcast_shapes([2, 1], [3], [1, 1, 1])
CASES["broadcast_shapes_none"] = lambda p, np: p.broadcast_shapes()
CASES["block_diag_mixed"] = _many(lambda p, a, b, c, d: p.block_diag([a, b, c, d]), (1, 2),
                                  (2, 1), (), (2,))
CASES["block_diag_dtypes"] = _many(lambda p, a, b: p.block_diag([a, b]), (1, 2), (2, 1),
                                   dtypes=["int32", "float32"])
CASES["block_diag_3d"] = _many(lambda p, a: p.block_diag([a]), (1, 2, 2))

# ---- shape views -------------------------------------------------------------------------
CASES["unflatten_basic"] = _call(lambda p, x: p.unflatten(x, 1, [3, 1]))
CASES["unflatten_infer"] = _call(lambda p, x: p.unflatten(x, -1, [-1, 2]))
CASES["unflatten_tensor_shape"] = _call(lambda p, x: p.unflatten(x, 2, p.to_tensor([2, 2])))
CASES["unflatten_tuple"] = _call(lambda p, x: p.unflatten(x, 2, (2, 2)))
CASES["unflatten_bad"] = _call(lambda p, x: p.unflatten(x, 2, [3, 2]))
CASES["unflatten_0d"] = _call(lambda p, x: p.unflatten(x, 0, [1]), ())
CASES["ravel_basic"] = _call(lambda p, x: p.ravel(x))
CASES["ravel_0d"] = _call(lambda p, x: p.ravel(x), ())
CASES["permute_list"] = _call(lambda p, x: p.permute(x, [2, 0, 1]))
CASES["permute_method_varargs"] = _call(lambda p, x: x.permute(2, 0, 1))
CASES["matrix_transpose_3d"] = _call(lambda p, x: p.matrix_transpose(x))
CASES["matrix_transpose_1d"] = _call(lambda p, x: p.matrix_transpose(x), (4,))
CASES["view_as_basic"] = _call(lambda p, x: p.view_as(x, p.zeros([4, 6])))
CASES["view_as_bad"] = _call(lambda p, x: p.view_as(x, p.zeros([5, 5])))
CASES["transpose_inplace"] = _call(lambda p, x: (p.transpose_(x, [1, 0]), x), (2, 3))
CASES["t_inplace"] = _call(lambda p, x: (p.t_(x), x), (2, 3))
CASES["swapaxes_method"] = _call(lambda p, x: x.swapaxes([1, 0, 2]))
CASES["shape_basic"] = _call(lambda p, x: p.shape(x))
CASES["shape_0d"] = _call(lambda p, x: p.shape(x), ())
CASES["shape_int"] = _call(lambda p, x: p.shape(x), (0, 2), "int32")
CASES["as_complex_basic"] = _call(lambda p, x: p.as_complex(x), (3, 2))
CASES["as_complex_float64"] = _call(lambda p, x: p.as_complex(x), (3, 2), "float64")
CASES["as_complex_bad_last_dim"] = _call(lambda p, x: p.as_complex(x), (3, 3))
CASES["as_real_roundtrip"] = _call(lambda p, x: p.as_real(p.as_complex(x)), (2, 3, 2))
CASES["view_as_complex_alias"] = _call(lambda p, x: p.view_as_complex(x), (3, 2))
CASES["view_as_real_alias"] = _call(lambda p, x: p.view_as_real(p.as_complex(x)), (3, 2))
CASES["as_complex_grad"] = _grad(lambda p, x: p.as_real(p.as_complex(x) * 2.0), (3, 2))

# ---- triangles and diagonals ---------------------------------------------------------------
for _api in ["tril", "triu"]:
    for _k in (0, 1, -1, 5):
        CASES[f"{_api}_{_k}"] = _call(lambda p, x, f=_api, k=_k: getattr(p, f)(x, k), (3, 4))
    CASES[f"{_api}_batched"] = _call(lambda p, x, f=_api: getattr(p, f)(x, 1))
    CASES[f"{_api}_1d"] = _call(lambda p, x, f=_api: getattr(p, f)(x), (3,))
    CASES[f"{_api}_float_diagonal"] = _call(lambda p, x, f=_api: getattr(p, f)(x, 1.0), (3, 3))
    CASES[f"{_api}_int"] = _call(lambda p, x, f=_api: getattr(p, f)(x), (3, 3), "int64")
    CASES[f"{_api}_inplace"] = _call(lambda p, x, f=_api: (getattr(p, f + "_")(x), x), (3, 3))
    CASES[f"{_api}_grad"] = _grad(lambda p, x, f=_api: getattr(p, f)(x, -1), (3, 4))
CASES["diag_vector"] = _call(lambda p, x: p.diag(x), (3,))
CASES["diag_vector_offset"] = _call(lambda p, x: p.diag(x, 1), (3,))
CASES["diag_vector_padding"] = _call(lambda p, x: p.diag(x, -1, padding_value=9), (3,))
CASES["diag_int_padding"] = _call(lambda p, x: p.diag(x, padding_value=2.5), (2,), "int64")
CASES["diag_matrix"] = _call(lambda p, x: p.diag(x), (3, 4))
CASES["diag_matrix_offsets"] = _call(lambda p, x: [p.diag(x, k) for k in (2, -2, 5)], (3, 4))
CASES["diag_0d"] = _call(lambda p, x: p.diag(x), ())
CASES["diag_3d"] = _call(lambda p, x: p.diag(x))
CASES["diag_grad"] = _grad(lambda p, x: p.diag(x, 0, padding_value=3), (2,))
CASES["diagonal_basic"] = _call(lambda p, x: p.diagonal(x), (3, 4))
CASES["diagonal_offsets"] = _call(lambda p, x: [p.diagonal(x, k) for k in (1, -1, 10)], (3, 4))
CASES["diagonal_3d"] = _call(lambda p, x: p.diagonal(x, 0, 0, 2))
CASES["diagonal_3d_negative"] = _call(lambda p, x: p.diagonal(x, 1, -1, 1))
CASES["diagonal_same_axes"] = _call(lambda p, x: p.diagonal(x, 0, 1, 1), (3, 4))
CASES["diagonal_1d"] = _call(lambda p, x: p.diagonal(x), (3,))
CASES["diagonal_grad"] = _grad(lambda p, x: p.diagonal(x, 1, -1, 1))
CASES["diag_embed_basic"] = _call(lambda p, x: p.diag_embed(x), (2, 2))
CASES["diag_embed_offset"] = _call(lambda p, x: p.diag_embed(x, 1), (2,))
CASES["diag_embed_dims"] = _call(lambda p, x: p.diag_embed(x, -1, 0, 2), (2, 2))
CASES["diag_embed_same_dims"] = _call(lambda p, x: p.diag_embed(x, 0, 0, 0), (2,))
CASES["diag_embed_0d"] = _call(lambda p, x: p.diag_embed(x), ())
CASES["diag_embed_list"] = lambda p, np: p.diag_embed([1.0, 2.0])
CASES["diagflat_matrix"] = _call(lambda p, x: p.diagflat(x), (2, 2))
CASES["diagflat_offset"] = _call(lambda p, x: p.diagflat(x, -1), (2,))
CASES["diagflat_0d"] = _call(lambda p, x: p.diagflat(x), ())
CASES["diagonal_scatter_basic"] = _call(lambda p, x: p.diagonal_scatter(
    x, p.to_tensor([9.0, 9.0, 9.0])), (3, 4))
CASES["diagonal_scatter_offset"] = _call(lambda p, x: p.diagonal_scatter(
    x, p.to_tensor([9.0, 9.0, 9.0]), 1), (3, 4))
CASES["diagonal_scatter_bad_shape"] = _call(lambda p, x: p.diagonal_scatter(
    x, p.to_tensor([9.0, 9.0])), (3, 4))
CASES["fill_diagonal_square"] = _call(lambda p, x: x.fill_diagonal_(5.0), (3, 3))
CASES["fill_diagonal_offset"] = _call(lambda p, x: x.fill_diagonal_(5.0, 1), (3, 4))
CASES["fill_diagonal_negative_offset"] = _call(lambda p, x: x.fill_diagonal_(5.0, -1), (3, 3))
CASES["fill_diagonal_wrap"] = _call(lambda p, x: x.fill_diagonal_(5.0, wrap=True), (7, 3))
CASES["fill_diagonal_no_wrap"] = _call(lambda p, x: x.fill_diagonal_(5.0), (7, 3))
CASES["fill_diagonal_3d"] = _call(lambda p, x: x.fill_diagonal_(5.0), (2, 2, 2))
CASES["fill_diagonal_int"] = _call(lambda p, x: x.fill_diagonal_(2.7), (2, 2), "int64")

# ---- nn.functional.pad ---------------------------------------------------------------------


def _pad_fn(paddle):
    """Feijiang's nn.functional.pad lives in paddle.tensor.manip_pad; real Paddle's in nn."""
    import importlib
    try:
        return importlib.import_module("paddle.tensor.manip_pad").pad
    except ImportError:
        return importlib.import_module("paddle.nn.functional").pad


def _pad(shape, pad, dtype="float32", **kwargs):
    def case(paddle, np):
        return _pad_fn(paddle)(paddle.to_tensor(_x(np, shape, dtype)), pad, **kwargs)
    return case


for _mode in ["constant", "reflect", "replicate", "circular"]:
    CASES[f"pad_{_mode}_ncl"] = _pad((1, 2, 4), [2, 1], mode=_mode)
    CASES[f"pad_{_mode}_nchw"] = _pad((1, 2, 3, 4), [1, 0, 0, 2], mode=_mode)
    CASES[f"pad_{_mode}_nhwc"] = _pad((1, 3, 4, 2), [1, 0, 0, 2], mode=_mode,
                                      data_format="NHWC")
    CASES[f"pad_{_mode}_ncdhw"] = _pad((1, 1, 2, 3, 4), [1, 0, 0, 1, 1, 0], mode=_mode)
    CASES[f"pad_{_mode}_nlc"] = _pad((1, 3, 2), [1, 1], mode=_mode, data_format="NLC")
CASES["pad_constant_value"] = _pad((1, 1, 4), [2, 1], value=-1.0)
CASES["pad_constant_all_dims"] = _pad((2, 3, 4, 5), [0, 0, 0, 0, 1, 0, 0, 2])
CASES["pad_constant_all_dims_right"] = _pad((2, 3, 4, 5), [0, 0, 0, 0, 1, 0, 0, 2],
                                            pad_from_left_axis=False)
CASES["pad_constant_short"] = _pad((2, 3, 4, 5), [1, 2])
CASES["pad_constant_six_on_4d"] = _pad((2, 3, 4, 5), [1, 0, 0, 1, 1, 1])
CASES["pad_constant_odd_length"] = _pad((2, 3, 4, 5), [1, 0, 0])
CASES["pad_constant_2d"] = _pad((2, 3), [1, 1, 0, 1])
CASES["pad_constant_1d"] = _pad((3,), [1, 2])
CASES["pad_constant_negative"] = _pad((1, 1, 4), [-1, 1])
CASES["pad_constant_int"] = _pad((1, 2), [1, 1], "int64", value=3)
CASES["pad_constant_int_float_value"] = _pad((1, 2), [1, 1], "int64", value=2.7)
CASES["pad_reflect_int"] = _pad((1, 1, 3), [1, 1], "int64", mode="reflect")
CASES["pad_circular_wraps_twice"] = _pad((1, 1, 4), [5, 1], mode="circular")
CASES["pad_replicate_long"] = _pad((1, 1, 4), [6, 1], mode="replicate")
CASES["pad_reflect_too_big"] = _pad((1, 1, 4), [4, 1], mode="reflect")
CASES["pad_reflect_2d"] = _pad((2, 3), [1, 1], mode="reflect")
CASES["pad_reflect_bad_length"] = _pad((1, 2, 3), [1, 0, 1, 0], mode="reflect")
CASES["pad_bad_mode"] = _pad((1, 2, 3, 4), [1, 0, 0, 1], mode="foo")
CASES["pad_bad_format"] = _pad((1, 2, 3, 4), [1, 0, 0, 1], data_format="NCL")


def _pad_grad(mode):
    def case(paddle, np):
        x = paddle.to_tensor(np.arange(8.0).reshape(1, 2, 4))
        x.stop_gradient = False
        out = _pad_fn(paddle)(x, [3, 2], mode=mode)
        w = paddle.to_tensor(np.arange(1.0, 19.0).reshape(1, 2, 9))
        return out, paddle.grad((out * w).sum(), x)
    return case


for _mode in ["constant", "reflect", "replicate", "circular"]:
    CASES[f"pad_grad_{_mode}"] = _pad_grad(_mode)
CASES["fill_diagonal_tensor_batched"] = _call(lambda p, x: x.fill_diagonal_tensor(
    p.ones([2, 3]) * 7, 0, 1, 2), (2, 3, 3))
CASES["fill_diagonal_tensor_offset"] = _call(lambda p, x: x.fill_diagonal_tensor(
    p.ones([3]), 1), (3, 4))
CASES["fill_diagonal_tensor_dims"] = _call(lambda p, x: x.fill_diagonal_tensor(
    p.ones([3, 2]), 0, 0, 1), (2, 3, 3))
CASES["fill_diagonal_tensor_bad_shape"] = _call(lambda p, x: x.fill_diagonal_tensor(
    p.ones([2])), (3, 3))
CASES["fill_diagonal_tensor_inplace"] = _call(lambda p, x: (x.fill_diagonal_tensor_(
    p.ones([3])), x), (3, 3))
