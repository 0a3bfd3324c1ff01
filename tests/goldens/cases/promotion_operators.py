"""Result dtypes (or errors) of Tensor's operators with a Python int, float, bool or complex
on either side, for each tensor dtype."""

OPERATORS = {
    "add": lambda x, v: x + v, "radd": lambda x, v: v + x,
    "sub": lambda x, v: x - v, "rsub": lambda x, v: v - x,
    "mul": lambda x, v: x * v, "rmul": lambda x, v: v * x,
    "truediv": lambda x, v: x / v, "rtruediv": lambda x, v: v / x,
    "floordiv": lambda x, v: x // v, "rfloordiv": lambda x, v: v // x,
    "mod": lambda x, v: x % v, "rmod": lambda x, v: v % x,
    "pow": lambda x, v: x ** v, "rpow": lambda x, v: v ** x,
    "eq": lambda x, v: x == v, "ne": lambda x, v: x != v,
    "lt": lambda x, v: x < v, "le": lambda x, v: x <= v,
    "gt": lambda x, v: x > v, "ge": lambda x, v: x >= v,
    "and": lambda x, v: x & v,
    "or": lambda x, v: x | v, "xor": lambda x, v: x ^ v,
    "lshift": lambda x, v: x << v, "rshift": lambda x, v: x >> v,
    "rlshift": lambda x, v: v << x, "rrshift": lambda x, v: v >> x,
}
# `2 & x`, `2 | x` and `2 ^ x` are left out: Tensor.__rand__ and its kin (tensor/methods.py)
# reach the functions with the number first and fail; Paddle computes them (bitwise for ints,
# TypeError for floats).
SCALAR_DTYPES = ["bool", "uint8", "int32", "int64", "float16", "float32", "float64",
                 "complex64"]


def _operator_scalar(fn, dtype, value):
    def case(paddle, np):
        return fn(paddle.to_tensor(np.asarray([3, 1]).astype(dtype)), value)
    return case


CASES = {}
for _name, _fn in OPERATORS.items():
    for _dt in SCALAR_DTYPES:
        for _value in [2, 2.5, True, 1j]:
            CASES[f"operator_{_name}_{_dt}_{type(_value).__name__}"] = _operator_scalar(
                _fn, _dt, _value)
