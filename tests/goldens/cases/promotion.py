"""Type promotion of add/multiply between tensors, 0-d tensors and Python scalars, and which
functional forms accept Python numbers. The per-op matrices are in promotion_<group>.py and the
operators with Python scalars in promotion_operators.py (split so each family loads fast)."""

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float32", "float64",
          "complex64", "complex128"]


def _make(paddle, np, dtype, zero_d):
    value = np.asarray(1 if zero_d else [1, 2]).astype(dtype)
    return paddle.to_tensor(value)


def _pair(op, a, za, b, zb):
    def case(paddle, np):
        x = _make(paddle, np, a, za)
        y = _make(paddle, np, b, zb)
        return getattr(paddle, op)(x, y)
    return case


CASES = {}
for _op in ["add", "multiply"]:
    for _a in DTYPES:
        for _b in DTYPES:
            for _za, _zb in [(False, False), (True, False), (False, True), (True, True)]:
                CASES[f"{_op}_{_a}{'0' if _za else ''}_{_b}{'0' if _zb else ''}"] = _pair(
                    _op, _a, _za, _b, _zb)


def _scalar(dtype, value, reflected):
    def case(paddle, np):
        x = paddle.to_tensor(np.asarray([1, 2]).astype(dtype))
        return value + x if reflected else x + value
    return case


for _dt in DTYPES:
    for _value in [2, 2.5, True, 1j]:
        for _reflected in (False, True):
            CASES[f"scalar_{'r' if _reflected else ''}add_{_dt}_{type(_value).__name__}"] = \
                _scalar(_dt, _value, _reflected)


def _functional_scalar(op):
    def case(paddle, np):
        return getattr(paddle, op)(paddle.to_tensor([1.0, 2.0]), 2.0)
    return case


for _op in ["add", "subtract", "multiply", "divide"]:
    CASES[f"functional_{_op}_scalar_is_rejected"] = _functional_scalar(_op)

for _dt in ["int32", "int64", "bool"]:
    CASES[f"divide_{_dt}"] = (lambda dt: lambda paddle, np: paddle.to_tensor(
        np.asarray([3, 4]).astype(dt)) / paddle.to_tensor(np.asarray([2, 2]).astype(dt)))(_dt)


# ---- which functional forms take Python numbers -----------------------------------------------

FUNCTIONAL = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "mod",
              "floor_mod", "pow", "maximum", "minimum", "fmax", "fmin", "atan2", "equal",
              "not_equal", "less_than", "less_equal", "greater_than", "greater_equal",
              "logical_and", "logical_or", "logical_xor", "bitwise_and", "bitwise_or",
              "bitwise_xor", "bitwise_left_shift", "bitwise_right_shift", "heaviside", "hypot",
              "copysign", "gcd", "lcm", "logaddexp", "ldexp", "nextafter", "true_divide",
              "isclose", "allclose", "equal_all"]


def _functional_number(op, x_kind, y):
    def case(paddle, np):
        x = paddle.to_tensor([3.0, -2.0] if x_kind == "f" else [3, -4])
        return getattr(paddle, op)(x, y)
    return case


def _functional_number_first(op):
    def case(paddle, np):
        return getattr(paddle, op)(2.0, paddle.to_tensor([3.0, -2.0]))
    return case


# Left out, for these reasons:
# - atan2, gcd, lcm and copysign (number first) fail in Paddle with an accidental
#   AttributeError; ours raise TypeError (tests/tensor/test_math.py).
# - Tensor's comparison, shift, `//` and `%` operators (and their reflected forms, which pass
#   the number first) are bound to these very functions (tensor/methods.py), and the operators
#   take numbers with weak promotion; until the operators get functions of their own, the
#   functional forms accept numbers the same way instead of raising (comparisons, shifts) or
#   casting the number to x's dtype (remainder).
ACCIDENTAL = {"atan2", "gcd", "lcm"}
SHARED_WITH_OPERATORS = {"not_equal", "less_than", "less_equal", "greater_than",
                         "greater_equal", "bitwise_left_shift", "bitwise_right_shift"}
REFLECTED_OPERATORS = {"floor_divide", "remainder", "mod", "floor_mod", "bitwise_left_shift",
                       "bitwise_right_shift"}
for _op in FUNCTIONAL:
    if _op in ACCIDENTAL:
        continue
    if _op not in SHARED_WITH_OPERATORS:
        CASES[f"number_{_op}_float_float"] = _functional_number(_op, "f", 2.0)
        CASES[f"number_{_op}_int_int"] = _functional_number(_op, "i", 2)
        if _op not in REFLECTED_OPERATORS:
            CASES[f"number_{_op}_int_float"] = _functional_number(_op, "i", 2.5)
    if _op not in REFLECTED_OPERATORS and _op != "copysign":
        CASES[f"number_{_op}_first"] = _functional_number_first(_op)


def _where_scalars(x, y):
    def case(paddle, np):
        cond = paddle.to_tensor([True, False, True])
        xs = x if not isinstance(x, str) else paddle.to_tensor(np.asarray([1, 2, 3]).astype(x))
        ys = y if not isinstance(y, str) else paddle.to_tensor(np.asarray([4, 5, 6]).astype(y))
        return paddle.where(cond, xs, ys)
    return case


for _x, _y in [(1.5, 2.5), (1, 2), ("float32", 2), ("float32", 2.5), ("int64", 2.5),
               ("int32", 2), (1, "float64"), ("int32", "float32"), (True, False),
               ("bool", 2)]:
    CASES[f"where_scalar_{_x}_{_y}"] = _where_scalars(_x, _y)
