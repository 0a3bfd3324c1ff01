"""Result dtypes and values of every elementwise unary function for every input dtype, with
special values (±0, ±inf, NaN)."""
from goldens.cases._math_unary import DTYPES, FLOAT_VALUES, UNARY, values

# Values like 200 in uint8 exceed the float16 range of lgamma etc.; tolerances stay loose enough
# for the low-precision dtypes, where Paddle rounds through float32 as we do.
CASES = {}


def _unary(fn, dtype):
    def case(paddle, np):
        return fn(paddle, values(paddle, np, dtype))
    case.rtol = 2e-2 if dtype in ("float16", "bfloat16") else 1e-5
    case.atol = 1e-2 if dtype in ("float16", "bfloat16") else 1e-6
    return case


# Left out: real Paddle never returns from an integer tensor raised to a negative power, and
# its nan_to_num fails an assert (AssertionError) for non-float dtypes where ours raises
# TypeError (tests/tensor/test_math.py).
SKIPPED = {("pow_neg", dt) for dt in ["uint8", "int8", "int16", "int32", "int64"]} | {
    (name, dt) for name in ["nan_to_num", "nan_to_num_args"] for dt in DTYPES
    if dt not in ("float32", "float64")}
for _name, _fn in UNARY.items():
    for _dt in DTYPES:
        if (_name, _dt) not in SKIPPED:
            CASES[f"{_name}_{_dt}"] = _unary(_fn, _dt)


def _pow_neg_float(dtype):
    # Paddle's vectorized float pow loses the sign of -0.0 bases (pow(-0.0, -1) is inf for
    # the first elements and -inf after them, like C); we follow C throughout.
    def case(paddle, np):
        x = paddle.to_tensor(np.array([v for v in FLOAT_VALUES if str(v) != "-0.0"], dtype))
        return paddle.pow(x, -1)
    return case


for _dt in ["float32", "float64"]:
    CASES[f"pow_neg_{_dt}"] = _pow_neg_float(_dt)
