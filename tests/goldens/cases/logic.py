"""Comparisons, logical and bitwise ops, closeness tests and the type predicates: values,
NaN/inf handling, numbers as operands, in-place forms and errors."""

FLOATS = [1.0, 2.0, float("nan"), float("inf"), -0.0, 0.0, 3.0]
OTHER = [1.0, 3.0, float("nan"), float("inf"), 0.0, -0.0, 2.5]

COMPARE = ["equal", "not_equal", "less_than", "less_equal", "greater_than", "greater_equal",
           "less", "greater", "eq", "ne", "lt", "le", "gt", "ge"]
LOGICAL = ["logical_and", "logical_or", "logical_xor"]
BITWISE = ["bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift",
           "bitwise_right_shift"]


def _pair(op, xs, ys, dtype):
    def case(paddle, np):
        x = paddle.to_tensor(np.array(xs, dtype))
        y = paddle.to_tensor(np.array(ys, dtype))
        return getattr(paddle, op)(x, y)
    return case


CASES = {}
for _op in COMPARE:
    CASES[f"{_op}_float32"] = _pair(_op, FLOATS, OTHER, "float32")
    CASES[f"{_op}_int64"] = _pair(_op, [1, 2, 3, -4], [1, 3, 2, -4], "int64")
    CASES[f"{_op}_bool"] = _pair(_op, [True, False, True], [True, True, False], "bool")
    CASES[f"{_op}_complex"] = _pair(_op, [1 + 1j, 2 + 0j], [1 + 1j, 1 + 5j], "complex64")
for _op in LOGICAL:
    CASES[f"{_op}_bool"] = _pair(_op, [True, False, True, False], [True, True, False, False],
                                 "bool")
    CASES[f"{_op}_float32"] = _pair(_op, [0.0, -0.0, 2.5, float("nan")],
                                    [1.0, 0.0, 0.0, 1.0], "float32")
    CASES[f"{_op}_int32"] = _pair(_op, [0, 3, -1, 0], [5, 0, 2, 0], "int32")
for _op in BITWISE:
    for _dt in ["int32", "int64", "uint8", "int8", "int16"]:
        CASES[f"{_op}_{_dt}"] = _pair(_op, [5, 12, 7, 1], [3, 2, 1, 3], _dt)
    CASES[f"{_op}_negative"] = _pair(_op, [-5, -12, 7, -1], [3, 2, 1, 3], "int64")
    CASES[f"{_op}_bool"] = _pair(_op, [True, False, True], [True, True, False], "bool")


def _call(fn):
    def case(paddle, np):
        return fn(paddle, np)
    return case


def _shift(arith, dtype):
    return lambda p, np: (
        p.bitwise_right_shift(p.to_tensor(np.array([-8, 8, -1], dtype)),
                              p.to_tensor(np.array([1, 2, 3], dtype)), is_arithmetic=arith),
        p.bitwise_left_shift(p.to_tensor(np.array([-8, 8, 1], dtype)),
                             p.to_tensor(np.array([1, 2, 3], dtype)), is_arithmetic=arith))


EXTRA = {
    "logical_not_float": lambda p, np: p.logical_not(p.to_tensor([0.0, 1.5, float("nan")])),
    "logical_not_int": lambda p, np: p.logical_not(p.to_tensor([0, 3])),
    "bitwise_not_int": lambda p, np: p.bitwise_not(p.to_tensor([0, 5, -3])),
    "bitwise_not_uint8": lambda p, np: p.bitwise_not(p.to_tensor(np.array([0, 5], "uint8"))),
    "bitwise_not_bool": lambda p, np: p.bitwise_not(p.to_tensor([True, False])),
    "bitwise_not_float": lambda p, np: p.bitwise_not(p.to_tensor([1.0])),
    "bitwise_invert": lambda p, np: p.bitwise_invert(p.to_tensor([0, 5, -3])),
    "shift_logical_int32": _shift(False, "int32"),
    "shift_arith_int32": _shift(True, "int32"),
    "shift_logical_int8": _shift(False, "int8"),
    "shift_logical_int64": _shift(False, "int64"),
    "op_eq_int_float_scalar": lambda p, np: p.to_tensor([2, 3]) == 2.5,
    "op_lt_int_float_scalar": lambda p, np: p.to_tensor([2, 3]) < 2.5,
    "op_ne_int_float_scalar": lambda p, np: p.to_tensor([2, 3]) != 2.5,
    "equal_float_int_scalar": lambda p, np: p.equal(p.to_tensor([2.0, 2.5]), 2),
    "equal_bool_scalar": lambda p, np: p.equal(p.to_tensor([1, 0]), True),
    "equal_complex_scalar": lambda p, np: p.equal(p.to_tensor([1.0, 2.0]), 1 + 0j),
    "equal_string": lambda p, np: p.equal(p.to_tensor([1.0]), "a"),
    "equal_broadcast": lambda p, np: p.equal(p.to_tensor([[1, 2], [3, 4]]), p.to_tensor([1, 4])),
    "equal_shape_mismatch": lambda p, np: p.equal(p.to_tensor([1, 2]), p.to_tensor([1, 2, 3])),
    "less_than_0d": lambda p, np: p.less_than(p.to_tensor(1.0), p.to_tensor([0.0, 2.0])),
    "equal_empty": lambda p, np: p.equal(p.to_tensor(np.zeros((0, 2), "float32")),
                                         p.to_tensor([1.0, 2.0])),
    "isclose_default": lambda p, np: p.isclose(p.to_tensor([1.0, 1.0 + 1e-6, 2.0, np.nan]),
                                               p.to_tensor([1.0, 1.0, 2.1, np.nan])),
    "isclose_nan": lambda p, np: p.isclose(p.to_tensor([np.nan, np.inf, -np.inf]),
                                           p.to_tensor([np.nan, np.inf, np.inf]),
                                           equal_nan=True),
    "isclose_tol": lambda p, np: p.isclose(p.to_tensor([1.0, 100.0], "float64"),
                                           p.to_tensor([1.1, 101.0], "float64"), rtol=0.02,
                                           atol=0.05),
    "isclose_broadcast": lambda p, np: p.isclose(p.to_tensor([[1.0, 2.0], [3.0, 4.0]]),
                                                 p.to_tensor([[1.0, 2.5]])),
    "isclose_int": lambda p, np: p.isclose(p.to_tensor([1, 2]), p.to_tensor([1, 3])),
    "isclose_bool": lambda p, np: p.isclose(p.to_tensor([True]), p.to_tensor([True])),
    "allclose_true": lambda p, np: p.allclose(p.to_tensor([1.0, 2.0]),
                                              p.to_tensor([1.0, 2.0 + 1e-6])),
    "allclose_false": lambda p, np: p.allclose(p.to_tensor([1.0, 2.0]),
                                               p.to_tensor([1.0, 2.1])),
    "allclose_nan": lambda p, np: p.allclose(p.to_tensor([np.nan]), p.to_tensor([np.nan]),
                                             equal_nan=True),
    "allclose_dtype_mismatch": lambda p, np: p.allclose(p.to_tensor([1.0]),
                                                        p.to_tensor([1.0], "float64")),
    "allclose_int_rtol": lambda p, np: p.allclose(p.to_tensor([1.0]), p.to_tensor([1.0]),
                                                  rtol=1),
    "allclose_broadcast": lambda p, np: p.allclose(p.to_tensor([[1.0, 2.0]]),
                                                   p.to_tensor([1.0, 2.0])),
    "equal_all_true": lambda p, np: p.equal_all(p.to_tensor([1, 2]), p.to_tensor([1, 2])),
    "equal_all_shape": lambda p, np: p.equal_all(p.to_tensor([1, 2]), p.to_tensor([1, 2, 3])),
    "equal_all_dtype": lambda p, np: p.equal_all(p.to_tensor([1, 2]), p.to_tensor([1.0, 2.0])),
    "equal_all_nan": lambda p, np: p.equal_all(p.to_tensor([np.nan]), p.to_tensor([np.nan])),
    "is_empty_true": lambda p, np: p.is_empty(p.to_tensor(np.zeros((0, 3), "float32"))),
    "is_empty_false": lambda p, np: p.is_empty(p.to_tensor([1.0])),
    "is_empty_0d": lambda p, np: p.is_empty(p.to_tensor(1.0)),
    "is_tensor": lambda p, np: (p.is_tensor(p.to_tensor([1])), p.is_tensor([1]),
                                p.is_tensor(np.ones(2))),
    "type_predicates": lambda p, np: [
        (p.is_complex(t), p.is_floating_point(t), p.is_integer(t))
        for t in (p.to_tensor([1 + 2j]), p.to_tensor([1.0]), p.to_tensor([1]),
                  p.to_tensor([True]), p.to_tensor([1.0]).astype("float16"),
                  p.to_tensor(np.array([1], "uint8")))],
    "is_complex_not_tensor": lambda p, np: p.is_complex([1.0]),
    "isin_basic": lambda p, np: p.isin(p.to_tensor([[1, 2], [3, 4]]), p.to_tensor([2, 4, 6])),
    "isin_invert": lambda p, np: p.isin(p.to_tensor([1.0, 2.0, 3.0]), p.to_tensor([2.0]),
                                        invert=True),
    "isin_unique": lambda p, np: p.isin(p.to_tensor([1, 5, 3]), p.to_tensor([3, 1]),
                                        assume_unique=True),
    "isin_0d": lambda p, np: p.isin(p.to_tensor(3), p.to_tensor([3, 1])),
    "isin_large_test": lambda p, np: p.isin(p.to_tensor([1, 50, 300]),
                                            p.to_tensor(np.arange(100))),
    "isin_not_tensor": lambda p, np: p.isin([1, 2], p.to_tensor([1])),
    "isin_bool": lambda p, np: p.isin(p.to_tensor([True]), p.to_tensor([True])),
    "where_broadcast": lambda p, np: p.where(p.to_tensor([[True], [False]]),
                                             p.to_tensor([1.0, 2.0]), p.to_tensor(0.0)),
    "where_int_condition": lambda p, np: p.where(p.to_tensor([1, 0]), p.to_tensor([1.0, 2.0]),
                                                 p.to_tensor([3.0, 4.0])),
    "where_only_condition": lambda p, np: p.where(p.to_tensor([[True, False], [False, True]])),
    "where_one_missing": lambda p, np: p.where(p.to_tensor([True]), p.to_tensor([1.0])),
    "where_grad": lambda p, np: (lambda x, y: (lambda out: (out, *p.grad(
        [out.sum()], [x, y])))(p.where(p.to_tensor([True, False, True]), x, y)))(
        p.to_tensor([1.0, 2.0, 3.0], stop_gradient=False),
        p.to_tensor([4.0], stop_gradient=False)),
    "where_inplace": lambda p, np: (lambda x: (p.where_(p.to_tensor([True, False]), x,
                                                        p.to_tensor([9.0, 9.0])), x))(
        p.to_tensor([1.0, 2.0])),
    "where_inplace_scalar": lambda p, np: p.where_(p.to_tensor([True]), 1.0, 2.0),
    "where_inplace_int_condition": lambda p, np: p.where_(p.to_tensor([1]), p.to_tensor([1.0]),
                                                          p.to_tensor([2.0])),
    "compare_stop_gradient": lambda p, np: p.less_than(
        p.to_tensor([1.0], stop_gradient=False), p.to_tensor([2.0])),
}
for _name, _fn in EXTRA.items():
    CASES[_name] = _call(_fn)


def _inplace(name, xs, ys, dtype_x, dtype_y=None):
    def case(paddle, np):
        x = paddle.to_tensor(np.array(xs, dtype_x))
        if ys is None:
            out = getattr(x, name)()
        else:
            out = getattr(x, name)(paddle.to_tensor(np.array(ys, dtype_y or dtype_x)))
        return out, x, out is x
    return case


for _name in ["equal_", "not_equal_", "less_than_", "less_", "less_equal_", "greater_than_",
              "greater_equal_", "logical_and_", "logical_or_", "logical_xor_"]:
    CASES[f"inplace_{_name}_float"] = _inplace(_name, [1.0, 2.0, 3.0], [2.0, 2.0, 2.0],
                                               "float32")
    CASES[f"inplace_{_name}_bool"] = _inplace(_name, [True, False], [True, True], "bool")
    CASES[f"inplace_{_name}_int_float"] = _inplace(_name, [1, 2], [2.0, 2.0], "int64",
                                                   "float32")
for _name in ["bitwise_and_", "bitwise_or_", "bitwise_xor_", "bitwise_left_shift_",
              "bitwise_right_shift_"]:
    CASES[f"inplace_{_name}"] = _inplace(_name, [5, 12], [3, 2], "int64")
CASES["inplace_logical_not_"] = _inplace("logical_not_", [0.0, 2.0], None, "float32")
CASES["inplace_logical_not_bool"] = _inplace("logical_not_", [True, False], None, "bool")
CASES["inplace_bitwise_not_"] = _inplace("bitwise_not_", [0, 5], None, "int64")
CASES["inplace_bitwise_invert_"] = _inplace("bitwise_invert_", [0, 5], None, "int64")
