"""Tensor creation: to_tensor dtype rules, fills, *_like, ranges, eye, assign, index sets."""

CASES = {}


def case(name, **attrs):
    def register(fn):
        for key, value in attrs.items():
            setattr(fn, key, value)
        CASES[name] = fn
        return fn
    return register


def _simple(name, build):
    CASES[name] = lambda paddle, np: build(paddle, np)


# ---- to_tensor ---------------------------------------------------------------------------------
_TO_TENSOR = {
    "float": lambda p, np: p.to_tensor(1.5),
    "int": lambda p, np: p.to_tensor(3),
    "bool": lambda p, np: p.to_tensor(True),
    "complex": lambda p, np: p.to_tensor(1 + 2j),
    "mixed_list": lambda p, np: p.to_tensor([1, 2.5, True]),
    "int_bool_list": lambda p, np: p.to_tensor([1, True]),
    "nested": lambda p, np: p.to_tensor([[1, 2], [3, 4.0]]),
    "np_f64": lambda p, np: p.to_tensor(np.array([1.0, 2.0])),
    "np_i32": lambda p, np: p.to_tensor(np.array([1, 2], "int32")),
    "np_scalar_f64": lambda p, np: p.to_tensor(np.float64(1.5)),
    "np_scalar_i32": lambda p, np: p.to_tensor(np.int32(3)),
    "list_np_f64_scalars": lambda p, np: p.to_tensor([np.float64(1.5), np.float64(2)]),
    "list_np_i32_scalars": lambda p, np: p.to_tensor([np.int32(1), np.int32(2)]),
    "list_np_arrays": lambda p, np: p.to_tensor([np.array([1.0]), np.array([2.0])]),
    "list_tensors": lambda p, np: p.to_tensor([p.to_tensor(1.0), p.to_tensor(2.0)]),
    "list_tensors_f64": lambda p, np: p.to_tensor([p.to_tensor(1.0, "float64")] * 2),
    "list_tensor_and_float": lambda p, np: p.to_tensor([p.to_tensor(1.0), 2.0]),
    "list_tensor_int_and_float": lambda p, np: p.to_tensor([p.to_tensor(1), 2.5]),
    "list_with_none": lambda p, np: p.to_tensor([1, None]),
    "list_np_int8_scalars": lambda p, np: p.to_tensor([np.int8(1), np.int8(2)]),
    "list_np_uint8_scalars": lambda p, np: p.to_tensor([np.uint8(1)]),
    "nested_tensor_not_top_level": lambda p, np: p.to_tensor([[p.to_tensor(1.0, "float64")]]),
    "list_tensors_1d": lambda p, np: p.to_tensor([p.to_tensor([1, 2]), p.to_tensor([3, 4])]),
    "tensor_cast": lambda p, np: p.to_tensor(p.to_tensor([1, 2]), dtype="float32"),
    "tensor_resets_stop_gradient": lambda p, np: p.to_tensor(
        p.to_tensor([1.0], stop_gradient=False)),
    "dtype_str": lambda p, np: p.to_tensor([1, 2], dtype="float64"),
    "dtype_numpy": lambda p, np: p.to_tensor([1, 2], dtype=np.float16),
    "dtype_paddle": lambda p, np: p.to_tensor([1, 2], dtype=p.int32),
    "dtype_bool_from_floats": lambda p, np: p.to_tensor([0.0, 0.5], dtype="bool"),
    "float_to_int_truncates": lambda p, np: p.to_tensor([1.7, -2.7], dtype="int32"),
    "bad_dtype": lambda p, np: p.to_tensor([1, 2], dtype="float128"),
    "ragged": lambda p, np: p.to_tensor([[1, 2], [3]]),
    "string": lambda p, np: p.to_tensor("abc"),
    "string_list": lambda p, np: p.to_tensor(["a", "b"]),
    "none": lambda p, np: p.to_tensor(None),
    "dict": lambda p, np: p.to_tensor({1: 2}),
    "range_object": lambda p, np: p.to_tensor(range(3)),
    "huge_int": lambda p, np: p.to_tensor(2 ** 70),
    "object_array": lambda p, np: p.to_tensor(np.array([1, "a"], dtype=object)),
    "empty_list": lambda p, np: p.to_tensor([]),
    "empty_nested": lambda p, np: p.to_tensor([[], []]),
    "stop_gradient_false": lambda p, np: p.to_tensor([1.0], stop_gradient=False),
    "tuple": lambda p, np: p.to_tensor((1, 2)),
    "complex_list": lambda p, np: p.to_tensor([1, 2j]),
    "uint16_is_bfloat16": lambda p, np: p.to_tensor(np.array([16256], "uint16")),
    "inf_nan": lambda p, np: p.to_tensor([float("inf"), float("nan")]),
}
for _name, _fn in _TO_TENSOR.items():
    _simple(f"to_tensor_{_name}", _fn)


@case("to_tensor_default_float64")
def _(paddle, np):
    paddle.set_default_dtype("float64")
    try:
        return paddle.to_tensor([1.5]), paddle.to_tensor([1j]), paddle.to_tensor(
            np.array([1.0], "float32"))
    finally:
        paddle.set_default_dtype("float32")


@case("to_tensor_copies_numpy")
def _(paddle, np):
    source = np.ones(2)
    t = paddle.to_tensor(source)
    source.fill(9)
    return t


_simple("from_numpy", lambda p, np: p.from_numpy(np.array([1.0, 2.0])))
_simple("from_numpy_list", lambda p, np: p.from_numpy([1.0]))
_simple("asarray", lambda p, np: p.asarray([1.0, 2]))
_simple("asarray_dtype", lambda p, np: p.asarray([1, 2], dtype="float64"))
_simple("asarray_requires_grad", lambda p, np: p.asarray([1.0, 2], requires_grad=True))
_simple("as_tensor", lambda p, np: p.as_tensor([1, 2]))
_simple("as_tensor_dtype", lambda p, np: p.as_tensor(p.to_tensor([1.0]), dtype="float64"))

# ---- full and friends --------------------------------------------------------------------------
_FULL = {
    "int": lambda p, np: p.full([2], 1),
    "float": lambda p, np: p.full([2], 1.5),
    "bool": lambda p, np: p.full([2], True),
    "complex": lambda p, np: p.full([2], 1j),
    "np_i32": lambda p, np: p.full([2], np.int32(3)),
    "tensor_i32": lambda p, np: p.full([2], p.to_tensor(3, "int32")),
    "tensor_f64": lambda p, np: p.full([2], p.to_tensor(3.5, "float64")),
    "tensor_bool": lambda p, np: p.full([2], p.to_tensor(True)),
    "tensor_two_elements": lambda p, np: p.full([2], p.to_tensor([3.5, 1.0])),
    "int_truncates": lambda p, np: p.full([2], 1.7, "int32"),
    "int_truncates_negative": lambda p, np: p.full([2], -1.7, "int64"),
    "int_inf": lambda p, np: p.full([2], float("inf"), "int32"),
    "int_nan": lambda p, np: p.full([2], float("nan"), "int64"),
    "uint8_wraps": lambda p, np: p.full([2], 300, "uint8"),
    "uint8_negative_wraps": lambda p, np: p.full([2], -1, "uint8"),
    "int8_wraps": lambda p, np: p.full([2], 200, "int8"),
    "uint8_inf": lambda p, np: p.full([2], float("inf"), "uint8"),
    "bool_from_int": lambda p, np: p.full([2], 2, "bool"),
    "bool_from_nan": lambda p, np: p.full([2], float("nan"), "bool"),
    "float_from_complex": lambda p, np: p.full([2], 1 + 2j, "float32"),
    "complex64": lambda p, np: p.full([2], 1 + 2j, "complex64"),
    "float16": lambda p, np: p.full([2], 1.5, "float16"),
    "big_int64": lambda p, np: p.full([2], 2 ** 62, "int64"),
    "numeric_string": lambda p, np: p.full([2], "1.5"),
    "none_value": lambda p, np: p.full([2], None),
    "shape_tuple": lambda p, np: p.full((2, 3), 0),
    "shape_int": lambda p, np: p.full(3, 0),
    "shape_empty": lambda p, np: p.full([], 5),
    "shape_zero": lambda p, np: p.full([0, 3], 5),
    "shape_tensor": lambda p, np: p.full(p.to_tensor([2, 3]), 0),
    "shape_tensor_i32": lambda p, np: p.full(p.to_tensor([2, 3], "int32"), 0),
    "shape_list_of_tensors": lambda p, np: p.full([p.to_tensor(2), 3], 0),
    "shape_numpy": lambda p, np: p.full(np.array([2, 3]), 0),
    "shape_negative": lambda p, np: p.full([-2, 3], 0),
    "shape_float": lambda p, np: p.full([2.0, 3], 0),
    "shape_string": lambda p, np: p.full("a", 0),
    "dtype_numpy": lambda p, np: p.full([2], 1, np.int32),
    "requires_grad": lambda p, np: p.full([2], 1, requires_grad=True),
    "size_alias": lambda p, np: p.full(size=[2], fill_value=3),
}
for _name, _fn in _FULL.items():
    _simple(f"full_{_name}", _fn)

_FILLS = {
    "zeros": lambda p, np: p.zeros([2]),
    "zeros_int32": lambda p, np: p.zeros([2], "int32"),
    "zeros_bool": lambda p, np: p.zeros([2], "bool"),
    "zeros_complex64": lambda p, np: p.zeros([2], "complex64"),
    "zeros_none_shape": lambda p, np: p.zeros(None),
    "zeros_varargs": lambda p, np: p.zeros(2, 3),
    "zeros_size": lambda p, np: p.zeros(size=[2]),
    "zeros_int_and_dtype": lambda p, np: p.zeros(2, dtype="int32"),
    "zeros_0d_tensor_shape": lambda p, np: p.zeros(p.to_tensor(2)),
    "zeros_bool_in_shape": lambda p, np: p.zeros([True]),
    "ones_float64": lambda p, np: p.ones([2, 1], "float64"),
    "ones_varargs": lambda p, np: p.ones(2, 3),
    "ones_float_tensor_in_shape": lambda p, np: p.ones([p.to_tensor(2.0)]),
    "empty_shape": lambda p, np: p.empty([2, 1]).shape,
    "empty_dtype": lambda p, np: str(p.empty([2], "int32").dtype),
    "empty_varargs_shape": lambda p, np: p.empty(2, 3).shape,
    "empty_like_dtype": lambda p, np: str(p.empty_like(p.to_tensor([1, 2])).dtype),
    "zeros_like": lambda p, np: p.zeros_like(p.to_tensor([1, 2])),
    "zeros_like_dtype": lambda p, np: p.zeros_like(p.to_tensor([1, 2]), "float32"),
    "zeros_like_requires_grad": lambda p, np: p.zeros_like(p.to_tensor([1.0]),
                                                           requires_grad=True),
    "ones_like_bool": lambda p, np: p.ones_like(p.to_tensor([True])),
    "ones_like_keeps_stop_gradient_true": lambda p, np: p.ones_like(
        p.to_tensor([1.0], stop_gradient=False)),
    "ones_like_input_alias": lambda p, np: p.ones_like(input=p.to_tensor([1.0])),
    "full_like": lambda p, np: p.full_like(p.to_tensor([1, 2]), 2.5),
    "full_like_float_int_value": lambda p, np: p.full_like(p.to_tensor([1.0, 2]), 2),
    "full_like_bool_value": lambda p, np: p.full_like(p.to_tensor([1.0, 2]), True),
    "full_like_tensor_value": lambda p, np: p.full_like(p.to_tensor([1.0, 2]),
                                                        p.to_tensor(3.0)),
    "full_like_int_inf": lambda p, np: p.full_like(p.to_tensor([1, 2]), float("inf")),
    "full_like_int_nan": lambda p, np: p.full_like(p.to_tensor([1, 2]), float("nan")),
    "full_like_bool_out_of_range": lambda p, np: p.full_like(p.to_tensor([True]), 2),
    "full_like_uint8_out_of_range": lambda p, np: p.full_like(
        p.to_tensor(np.array([1], "uint8")), -1),
    "full_like_dtype": lambda p, np: p.full_like(p.to_tensor([1, 2]), 2.5, "float64"),
    "full_like_0d": lambda p, np: p.full_like(p.to_tensor(1.0), 3),
    "full_like_empty": lambda p, np: p.full_like(p.zeros([0, 2]), 3),
    "full_like_requires_grad": lambda p, np: p.full_like(p.to_tensor([1.0]), 1,
                                                         requires_grad=True),
    "new_zeros": lambda p, np: p.to_tensor([1, 2]).new_zeros([3]),
    "new_ones_dtype": lambda p, np: p.to_tensor([1.0, 2]).new_ones([3], dtype="int32"),
    "new_full_int": lambda p, np: p.to_tensor([1, 2]).new_full([3], 2.5),
    "new_full_float": lambda p, np: p.to_tensor([1.0, 2]).new_full([3], 2),
    "new_empty_dtype": lambda p, np: str(p.to_tensor([1, 2], "int32").new_empty([3]).dtype),
    "new_zeros_varargs": lambda p, np: p.to_tensor([1, 2]).new_zeros(2, 3),
    "new_zeros_requires_grad": lambda p, np: p.to_tensor([1.0]).new_zeros(
        [2], requires_grad=True),
}
for _name, _fn in _FILLS.items():
    _simple(_name, _fn)


@case("full_out_dtype_mismatch")
def _(paddle, np):
    out = paddle.zeros([3], "int32")
    return paddle.ones([2], out=out)
