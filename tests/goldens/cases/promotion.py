"""Type promotion of binary ops between tensors, 0-d tensors and Python scalars."""

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
