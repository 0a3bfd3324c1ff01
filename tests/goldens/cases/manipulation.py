"""Shape and layout functions: reshape, expand/broadcast_to, transpose, squeeze/unsqueeze,
flatten, concat/stack, split/chunk/unbind/unstack, cast, clone. Covers 0-d and empty inputs,
-1/0 in shapes, negative axes, Tensor-valued shape/axis arguments, dtypes, gradients and the
error types real Paddle raises."""

DTYPES = ["bool", "int32", "int64", "float16", "float32", "float64", "complex64"]


def _x(np, shape=(2, 3, 4), dtype="float32", seed=0):
    values = np.random.default_rng(seed).uniform(-2, 2, shape)
    if dtype == "bool":
        return values > 0
    if dtype.startswith("int"):
        return (values * 3).astype(dtype)
    return values.astype(dtype)


def _with_grad(paddle, np, fn, *arrays):
    """Run fn on leaf tensors made from arrays; return outputs and weighted-sum gradients."""
    leaves = [paddle.to_tensor(a) for a in arrays]
    for t in leaves:
        t.stop_gradient = False
    out = fn(*leaves)
    outs = list(out) if isinstance(out, (list, tuple)) else [out]
    total = None
    for k, o in enumerate(outs):
        weights = np.arange(1, int(np.prod(o.shape)) + 1).reshape(o.shape) * (k + 1)
        term = (o * paddle.to_tensor(weights.astype(o.numpy().dtype))).sum()
        total = term if total is None else total + term
    grads = paddle.grad(total, leaves, allow_unused=True)
    return outs, grads


def _call(fn, shape=(2, 3, 4), dtype="float32"):
    def case(paddle, np):
        return fn(paddle, paddle.to_tensor(_x(np, shape, dtype)))
    return case


def _grad(fn, *shapes):
    def case(paddle, np):
        arrays = [_x(np, s, "float64", seed=i) for i, s in enumerate(shapes)]
        return _with_grad(paddle, np, lambda *ts: fn(paddle, *ts), *arrays)
    return case


CASES = {}

# ---- reshape -------------------------------------------------------------------------------
_RESHAPES = {"infer": [4, -1], "zero": [0, -1], "zero_keep": [0, 3, 4], "flat": [-1],
             "more": [2, 3, 2, 2], "tuple": (6, 4), "scalar_shape": [24]}
for _name, _shape in _RESHAPES.items():
    CASES[f"reshape_{_name}"] = _call(lambda p, x, s=_shape: p.reshape(x, s))
CASES["reshape_tensor_shape"] = _call(lambda p, x: p.reshape(x, p.to_tensor([6, -1])))
CASES["reshape_tensor_items"] = _call(lambda p, x: p.reshape(x, [p.to_tensor(3), 8]))
CASES["reshape_int32_tensor_shape"] = _call(
    lambda p, x: p.reshape(x, p.to_tensor([4, 6], dtype="int32")))
CASES["reshape_0d_to_1"] = _call(lambda p, x: p.reshape(x, [1, 1]), ())
CASES["reshape_1_to_0d"] = _call(lambda p, x: p.reshape(x, []), (1,))
CASES["reshape_empty"] = _call(lambda p, x: p.reshape(x, [3, 0]), (0, 3))
CASES["reshape_empty_infer"] = _call(lambda p, x: p.reshape(x, [-1, 3]), (0, 3))
CASES["reshape_bad_size"] = _call(lambda p, x: p.reshape(x, [5, -1]))
CASES["reshape_two_unknown"] = _call(lambda p, x: p.reshape(x, [-1, -1]))
CASES["reshape_mismatch"] = _call(lambda p, x: p.reshape(x, [5, 5]))
CASES["reshape_negative"] = _call(lambda p, x: p.reshape(x, [-2, 12]))
CASES["reshape_method"] = _call(lambda p, x: x.reshape([4, 6]))
CASES["reshape_inplace"] = _call(lambda p, x: (p.reshape_(x, [4, 6]), x))
CASES["reshape_grad"] = _grad(lambda p, x: p.reshape(x, [4, -1]), (2, 3, 4))
for _dt in DTYPES:
    CASES[f"reshape_dtype_{_dt}"] = _call(lambda p, x: p.reshape(x, [6, 4]), dtype=_dt)

# ---- expand / broadcast_to / expand_as -----------------------------------------------------
CASES["expand_basic"] = _call(lambda p, x: p.expand(x, [2, 3, 4]), (3, 1))
CASES["expand_keep"] = _call(lambda p, x: p.expand(x, [-1, 5]), (3, 1))
CASES["expand_lead_keep"] = _call(lambda p, x: p.expand(x, [2, -1, 5]), (3, 1))
CASES["expand_0d"] = _call(lambda p, x: p.expand(x, [3]), ())
CASES["expand_tensor_shape"] = _call(lambda p, x: p.expand(x, p.to_tensor([2, 3, 4])), (3, 1))
CASES["expand_tensor_items"] = _call(lambda p, x: p.expand(x, [p.to_tensor(2), 3, 4]), (3, 1))
CASES["expand_bad"] = _call(lambda p, x: p.expand(x, [2, 4]), (3, 1))
CASES["expand_fewer_dims"] = _call(lambda p, x: p.expand(x, [4]), (3, 1))
CASES["expand_empty"] = _call(lambda p, x: p.expand(x, [2, 0, 3]), (0, 1))
CASES["broadcast_to_basic"] = _call(lambda p, x: p.broadcast_to(x, [2, 3, 4]), (3, 1))
CASES["broadcast_to_bad"] = _call(lambda p, x: p.broadcast_to(x, [2, 2]), (3, 1))
CASES["expand_as_basic"] = _call(lambda p, x: p.expand_as(x, p.zeros([2, 3, 4])), (3, 1))
CASES["expand_as_method"] = _call(lambda p, x: x.expand_as(p.zeros([2, 3, 4])), (1, 4))
CASES["expand_grad"] = _grad(lambda p, x: p.expand(x, [2, 3, 4]), (3, 1))
CASES["broadcast_to_grad"] = _grad(lambda p, x: p.broadcast_to(x, [2, 3, 4]), (4,))
for _dt in DTYPES:
    CASES[f"expand_dtype_{_dt}"] = _call(lambda p, x: p.expand(x, [2, 3, 4]), (3, 1), _dt)

# ---- transpose / t / moveaxis --------------------------------------------------------------
CASES["transpose_basic"] = _call(lambda p, x: p.transpose(x, [2, 0, 1]))
CASES["transpose_negative"] = _call(lambda p, x: p.transpose(x, [-1, 0, 1]))
CASES["transpose_tuple"] = _call(lambda p, x: p.transpose(x, (1, 0, 2)))
CASES["transpose_0d"] = _call(lambda p, x: p.transpose(x, []), ())
CASES["transpose_empty"] = _call(lambda p, x: p.transpose(x, [1, 0]), (0, 3))
CASES["transpose_bad_len"] = _call(lambda p, x: p.transpose(x, [1, 0]))
CASES["transpose_repeated"] = _call(lambda p, x: p.transpose(x, [0, 0, 1]))
CASES["transpose_out_of_range"] = _call(lambda p, x: p.transpose(x, [0, 1, 3]))
CASES["transpose_grad"] = _grad(lambda p, x: p.transpose(x, [2, 0, 1]), (2, 3, 4))
CASES["swapaxes_is_transpose"] = _call(lambda p, x: p.swapaxes(x, [1, 0, 2]))
CASES["t_2d"] = _call(lambda p, x: p.t(x), (2, 3))
CASES["t_1d"] = _call(lambda p, x: p.t(x), (3,))
CASES["t_3d"] = _call(lambda p, x: p.t(x))
CASES["T_property"] = _call(lambda p, x: x.T)
CASES["mT_property"] = _call(lambda p, x: x.mT)
CASES["moveaxis_int"] = _call(lambda p, x: p.moveaxis(x, 0, -1))
CASES["moveaxis_list"] = _call(lambda p, x: p.moveaxis(x, [0, 1], [2, 0]))
CASES["moveaxis_bad"] = _call(lambda p, x: p.moveaxis(x, 3, 0))
CASES["moveaxis_repeated"] = _call(lambda p, x: p.moveaxis(x, [0, 0], [1, 2]))
CASES["moveaxis_len_mismatch"] = _call(lambda p, x: p.moveaxis(x, [0, 1], [1]))
CASES["moveaxis_grad"] = _grad(lambda p, x: p.moveaxis(x, [0, 1], [2, 0]), (2, 3, 4))

# ---- squeeze / unsqueeze -------------------------------------------------------------------
_S = (1, 3, 1, 2)
CASES["squeeze_all"] = _call(lambda p, x: p.squeeze(x), _S)
CASES["squeeze_axis"] = _call(lambda p, x: p.squeeze(x, 0), _S)
CASES["squeeze_negative"] = _call(lambda p, x: p.squeeze(x, -2), _S)
CASES["squeeze_list"] = _call(lambda p, x: p.squeeze(x, [0, 2]), _S)
CASES["squeeze_not_one"] = _call(lambda p, x: p.squeeze(x, 1), _S)
CASES["squeeze_out_of_range"] = _call(lambda p, x: p.squeeze(x, 4), _S)
CASES["squeeze_0d"] = _call(lambda p, x: p.squeeze(x), ())
CASES["squeeze_0d_axis"] = _call(lambda p, x: p.squeeze(x, 0), ())
CASES["squeeze_empty"] = _call(lambda p, x: p.squeeze(x, 0), (1, 0))
CASES["squeeze_inplace"] = _call(lambda p, x: (p.squeeze_(x, 0), x), _S)
CASES["unsqueeze_basic"] = _call(lambda p, x: p.unsqueeze(x, 0), (2, 3))
CASES["unsqueeze_end"] = _call(lambda p, x: p.unsqueeze(x, -1), (2, 3))
CASES["unsqueeze_list"] = _call(lambda p, x: p.unsqueeze(x, [0, 2]), (2, 3))
CASES["unsqueeze_list_negative"] = _call(lambda p, x: p.unsqueeze(x, [-1, 0]), (2, 3))
CASES["unsqueeze_tensor"] = _call(lambda p, x: p.unsqueeze(x, p.to_tensor([0, 1])), (2, 3))
CASES["unsqueeze_tensor_items"] = _call(lambda p, x: p.unsqueeze(x, [p.to_tensor(1)]), (2, 3))
CASES["unsqueeze_0d"] = _call(lambda p, x: p.unsqueeze(x, 0), ())
CASES["unsqueeze_out_of_range"] = _call(lambda p, x: p.unsqueeze(x, 5), (2, 3))
CASES["unsqueeze_inplace"] = _call(lambda p, x: (p.unsqueeze_(x, 0), x), (2, 3))
CASES["squeeze_grad"] = _grad(lambda p, x: p.squeeze(x), _S)
CASES["unsqueeze_grad"] = _grad(lambda p, x: p.unsqueeze(x, [0, -1]), (2, 3))

# ---- flatten -------------------------------------------------------------------------------
CASES["flatten_all"] = _call(lambda p, x: p.flatten(x))
CASES["flatten_range"] = _call(lambda p, x: p.flatten(x, 1, 2))
CASES["flatten_negative"] = _call(lambda p, x: p.flatten(x, -2, -1))
CASES["flatten_same"] = _call(lambda p, x: p.flatten(x, 1, 1))
CASES["flatten_0d"] = _call(lambda p, x: p.flatten(x), ())
CASES["flatten_empty"] = _call(lambda p, x: p.flatten(x, 0, 1), (0, 3, 2))
CASES["flatten_bad_order"] = _call(lambda p, x: p.flatten(x, 2, 1))
CASES["flatten_out_of_range"] = _call(lambda p, x: p.flatten(x, 0, 3))
CASES["flatten_inplace"] = _call(lambda p, x: (p.flatten_(x, 0, 1), x))
CASES["flatten_grad"] = _grad(lambda p, x: p.flatten(x, 1), (2, 3, 4))

# ---- concat / stack ------------------------------------------------------------------------


def _pair(fn, a=(2, 3), b=(2, 3), da="float32", db="float32"):
    def case(paddle, np):
        return fn(paddle, paddle.to_tensor(_x(np, a, da)), paddle.to_tensor(_x(np, b, db, 1)))
    return case


CASES["concat_axis0"] = _pair(lambda p, a, b: p.concat([a, b]))
CASES["concat_axis_neg"] = _pair(lambda p, a, b: p.concat([a, b], axis=-1), (2, 3), (2, 5))
CASES["concat_tensor_axis"] = _pair(lambda p, a, b: p.concat([a, b], axis=p.to_tensor(1)),
                                    (2, 3), (2, 1))
CASES["concat_tuple"] = _pair(lambda p, a, b: p.concat((a, b), 1))
CASES["concat_single"] = _pair(lambda p, a, b: p.concat([a]))
CASES["concat_empty_part"] = _pair(lambda p, a, b: p.concat([a, b]), (0, 3), (2, 3))
CASES["concat_shape_mismatch"] = _pair(lambda p, a, b: p.concat([a, b]), (2, 3), (2, 4))
CASES["concat_rank_mismatch"] = _pair(lambda p, a, b: p.concat([a, b]), (2, 3), (3,))
CASES["concat_dtype_mix"] = _pair(lambda p, a, b: p.concat([a, b]), db="float64")
CASES["concat_int_float"] = _pair(lambda p, a, b: p.concat([a, b]), db="int64")
CASES["concat_axis_out_of_range"] = _pair(lambda p, a, b: p.concat([a, b], axis=2))
CASES["concat_0d"] = _pair(lambda p, a, b: p.concat([a, b]), (), ())
CASES["concat_empty_list"] = _pair(lambda p, a, b: p.concat([]))
CASES["concat_grad"] = _grad(lambda p, a, b: p.concat([a, b], axis=1), (2, 3), (2, 2))
CASES["stack_axis0"] = _pair(lambda p, a, b: p.stack([a, b]))
CASES["stack_axis_end"] = _pair(lambda p, a, b: p.stack([a, b], axis=-1))
CASES["stack_axis2"] = _pair(lambda p, a, b: p.stack([a, b], axis=2))
CASES["stack_0d"] = _pair(lambda p, a, b: p.stack([a, b]), (), ())
CASES["stack_empty_tensors"] = _pair(lambda p, a, b: p.stack([a, b]), (0, 3), (0, 3))
CASES["stack_shape_mismatch"] = _pair(lambda p, a, b: p.stack([a, b]), (2, 3), (3, 2))
CASES["stack_axis_out_of_range"] = _pair(lambda p, a, b: p.stack([a, b], axis=3))
CASES["stack_dtype_mix"] = _pair(lambda p, a, b: p.stack([a, b]), db="float64")
CASES["stack_grad"] = _grad(lambda p, a, b: p.stack([a, b], axis=1), (2, 3), (2, 3))
for _dt in DTYPES:
    CASES[f"concat_dtype_{_dt}"] = _pair(lambda p, a, b: p.concat([a, b]), da=_dt, db=_dt)
    CASES[f"stack_dtype_{_dt}"] = _pair(lambda p, a, b: p.stack([a, b]), da=_dt, db=_dt)

# ---- split / chunk / unbind / unstack ------------------------------------------------------
CASES["split_int"] = _call(lambda p, x: p.split(x, 2), (4, 3))
CASES["split_sections"] = _call(lambda p, x: p.split(x, [1, 3], axis=0), (4, 3))
CASES["split_infer"] = _call(lambda p, x: p.split(x, [1, -1, 1], axis=1), (2, 5))
CASES["split_negative_axis"] = _call(lambda p, x: p.split(x, 3, axis=-1), (2, 3))
CASES["split_tensor_axis"] = _call(lambda p, x: p.split(x, 3, axis=p.to_tensor(1)), (2, 3))
CASES["split_tensor_sections"] = _call(
    lambda p, x: p.split(x, [p.to_tensor(1), 2], axis=1), (2, 3))
CASES["split_zero_section"] = _call(lambda p, x: p.split(x, [0, 3], axis=1), (2, 3))
CASES["split_uneven"] = _call(lambda p, x: p.split(x, 2, axis=1), (2, 3))
CASES["split_bad_sum"] = _call(lambda p, x: p.split(x, [1, 1], axis=1), (2, 3))
CASES["split_two_infer"] = _call(lambda p, x: p.split(x, [-1, -1], axis=1), (2, 4))
CASES["split_axis_out_of_range"] = _call(lambda p, x: p.split(x, 2, axis=2), (2, 4))
CASES["split_method"] = _call(lambda p, x: x.split(2, axis=1), (2, 4))
CASES["split_grad"] = _grad(lambda p, x: p.split(x, [1, 2], axis=1), (2, 3))
CASES["chunk_basic"] = _call(lambda p, x: p.chunk(x, 2, axis=1), (2, 4))
CASES["chunk_uneven"] = _call(lambda p, x: p.chunk(x, 3, axis=1), (2, 4))
CASES["chunk_negative_axis"] = _call(lambda p, x: p.chunk(x, 2, axis=-2), (2, 4))
CASES["unbind_basic"] = _call(lambda p, x: p.unbind(x, 1), (2, 3))
CASES["unbind_negative"] = _call(lambda p, x: p.unbind(x, -1), (2, 3))
CASES["unbind_empty"] = _call(lambda p, x: p.unbind(x, 0), (0, 3))
CASES["unbind_out_of_range"] = _call(lambda p, x: p.unbind(x, 2), (2, 3))
CASES["unbind_grad"] = _grad(lambda p, x: p.unbind(x, 1), (2, 3))
CASES["unstack_basic"] = _call(lambda p, x: p.unstack(x, 0), (2, 3))
CASES["unstack_num"] = _call(lambda p, x: p.unstack(x, 1, num=3), (2, 3))
CASES["unstack_out_of_range"] = _call(lambda p, x: p.unstack(x, -3), (2, 3))
CASES["unstack_grad"] = _grad(lambda p, x: p.unstack(x, -1), (2, 3))

# ---- cast / clone --------------------------------------------------------------------------
for _src in DTYPES:
    for _dst in DTYPES:
        CASES[f"cast_{_src}_to_{_dst}"] = _call(lambda p, x, d=_dst: p.cast(x, d), (2, 3), _src)
CASES["cast_paddle_dtype"] = _call(lambda p, x: p.cast(x, p.int32), (2, 3))
CASES["cast_numpy_dtype"] = _call(lambda p, x: p.cast(x, "float64"), (2, 3))
CASES["cast_method"] = _call(lambda p, x: x.cast("int64"), (2, 3))
CASES["astype_method"] = _call(lambda p, x: x.astype("bool"), (2, 3))
CASES["cast_0d"] = _call(lambda p, x: p.cast(x, "int32"), ())
CASES["cast_empty"] = _call(lambda p, x: p.cast(x, "int32"), (0, 2))
CASES["cast_negative_float_to_uint8"] = _call(lambda p, x: p.cast(x * 0 + 3.7, "uint8"), (3,))
CASES["cast_nan_to_bool"] = _call(lambda p, x: p.cast(x / 0 * 0, "bool"), (2,))
CASES["cast_grad"] = _grad(lambda p, x: p.cast(x, "float32"), (2, 3))
CASES["cast_inplace"] = _call(lambda p, x: (p.cast_(x, "float64"), x), (2, 3))
CASES["clone_basic"] = _call(lambda p, x: p.clone(x))
CASES["clone_grad"] = _grad(lambda p, x: p.clone(x) * 2, (2, 3))
CASES["clone_method_grad"] = _grad(lambda p, x: x.clone(), (2, 3))

# ---- which results share memory with the input (writing into the result shows in x) ----------
_VIEW_OR_COPY = {
    "getitem": lambda p, x: x[0], "getitem_list": lambda p, x: x[[0]],
    "reshape": lambda p, x: p.reshape(x, [3, 2]), "transpose": lambda p, x: x.transpose([1, 0]),
    "slice": lambda p, x: p.slice(x, [1], [0], [2]), "unsqueeze": lambda p, x: x.unsqueeze(0),
    "squeeze": lambda p, x: p.squeeze(x), "flatten": lambda p, x: x.flatten(),
    "split": lambda p, x: p.split(x, 3, axis=1)[0], "unbind": lambda p, x: p.unbind(x, 0)[0],
    "unstack": lambda p, x: p.unstack(x, 1)[0], "chunk": lambda p, x: p.chunk(x, 3, 1)[0],
    "tensor_split": lambda p, x: p.tensor_split(x, 3, 1)[0],
    "split_with_sizes": lambda p, x: x.split_with_sizes([1, 2], 1)[0],
    "narrow": lambda p, x: p.narrow(x, 1, 0, 2), "crop": lambda p, x: p.crop(x, [1, 2]),
    "strided_slice": lambda p, x: p.strided_slice(x, [1], [0], [3], [2]),
    "view": lambda p, x: p.view(x, [3, 2]), "moveaxis": lambda p, x: p.moveaxis(x, 0, 1),
    "T": lambda p, x: x.T, "unflatten": lambda p, x: p.unflatten(x, 1, [3, 1]),
    "atleast_3d": lambda p, x: p.atleast_3d(x), "expand_as": lambda p, x: p.expand_as(x, x),
    "clone": lambda p, x: p.clone(x), "cast_same": lambda p, x: p.cast(x, "float32"),
    "gather": lambda p, x: p.gather(x, p.to_tensor([0])), "flip": lambda p, x: p.flip(x, 0),
    "concat_one": lambda p, x: p.concat([x]), "tile_ones": lambda p, x: p.tile(x, [1, 1]),
}


def _write_through(fn):
    def case(paddle, np):
        x = paddle.to_tensor(np.arange(6.0).reshape(2, 3).astype("float32"))
        y = fn(paddle, x)
        y[(0,) * y.ndim] = 50.0
        return x
    return case


for _name, _fn in _VIEW_OR_COPY.items():
    CASES[f"shares_memory_{_name}"] = _write_through(_fn)
