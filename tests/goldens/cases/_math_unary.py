"""Shared by the math and math_dtypes families (not a family itself): the unary functions
under test and interesting input values for each dtype."""

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
          "float64", "complex64"]

FLOAT_VALUES = [-2.5, -1.0, -0.0, 0.0, 0.25, 0.5, 1.0, 2.5, float("inf"), float("-inf"),
                float("nan")]
INT_VALUES = [-3, -1, 0, 1, 2, 3]
UINT_VALUES = [0, 1, 2, 3, 200]


def values(paddle, np, dtype):
    """A tensor of interesting values for `dtype` (bfloat16 is made by casting float32)."""
    if dtype == "bool":
        return paddle.to_tensor(np.array([True, False, True]))
    if dtype == "uint8":
        return paddle.to_tensor(np.array(UINT_VALUES, dtype))
    if dtype.startswith("int"):
        return paddle.to_tensor(np.array(INT_VALUES, dtype))
    if dtype == "complex64":
        return paddle.to_tensor(np.array([1 + 2j, -0.5 + 0j, 0j, -3 - 1j], dtype))
    if dtype == "bfloat16":
        return paddle.to_tensor(np.array(FLOAT_VALUES, "float32")).astype("bfloat16")
    return paddle.to_tensor(np.array(FLOAT_VALUES, dtype))


UNARY = {
    "exp": lambda p, x: p.exp(x), "expm1": lambda p, x: p.expm1(x),
    "log": lambda p, x: p.log(x), "log2": lambda p, x: p.log2(x),
    "log10": lambda p, x: p.log10(x), "log1p": lambda p, x: p.log1p(x),
    "sqrt": lambda p, x: p.sqrt(x), "rsqrt": lambda p, x: p.rsqrt(x),
    "reciprocal": lambda p, x: p.reciprocal(x), "sin": lambda p, x: p.sin(x),
    "cos": lambda p, x: p.cos(x), "tan": lambda p, x: p.tan(x),
    "asin": lambda p, x: p.asin(x), "acos": lambda p, x: p.acos(x),
    "atan": lambda p, x: p.atan(x), "sinh": lambda p, x: p.sinh(x),
    "cosh": lambda p, x: p.cosh(x), "tanh": lambda p, x: p.tanh(x),
    "asinh": lambda p, x: p.asinh(x), "acosh": lambda p, x: p.acosh(x),
    "atanh": lambda p, x: p.atanh(x), "erf": lambda p, x: p.erf(x),
    "erfinv": lambda p, x: p.erfinv(x), "lgamma": lambda p, x: p.lgamma(x),
    "gammaln": lambda p, x: p.gammaln(x), "digamma": lambda p, x: p.digamma(x),
    "polygamma1": lambda p, x: p.polygamma(x, 1), "polygamma2": lambda p, x: p.polygamma(x, 2),
    "multigammaln": lambda p, x: p.multigammaln(x, 2),
    "i0": lambda p, x: p.i0(x), "i0e": lambda p, x: p.i0e(x),
    "i1": lambda p, x: p.i1(x), "i1e": lambda p, x: p.i1e(x),
    "abs": lambda p, x: p.abs(x), "neg": lambda p, x: p.neg(x),
    "negative": lambda p, x: p.negative(x), "positive": lambda p, x: p.positive(x),
    "square": lambda p, x: p.square(x), "sign": lambda p, x: p.sign(x),
    "sgn": lambda p, x: p.sgn(x), "floor": lambda p, x: p.floor(x),
    "ceil": lambda p, x: p.ceil(x), "trunc": lambda p, x: p.trunc(x),
    "round": lambda p, x: p.round(x), "frac": lambda p, x: p.frac(x),
    "isnan": lambda p, x: p.isnan(x), "isinf": lambda p, x: p.isinf(x),
    "isfinite": lambda p, x: p.isfinite(x), "isposinf": lambda p, x: p.isposinf(x),
    "isneginf": lambda p, x: p.isneginf(x), "isreal": lambda p, x: p.isreal(x),
    "signbit": lambda p, x: p.signbit(x), "sigmoid": lambda p, x: p.sigmoid(x),
    "logit": lambda p, x: p.logit(x), "logit_eps": lambda p, x: p.logit(x, 0.1),
    "stanh": lambda p, x: p.stanh(x), "sinc": lambda p, x: p.sinc(x),
    "deg2rad": lambda p, x: p.deg2rad(x), "rad2deg": lambda p, x: p.rad2deg(x),
    "angle": lambda p, x: p.angle(x), "conj": lambda p, x: p.conj(x),
    "real": lambda p, x: p.real(x), "imag": lambda p, x: p.imag(x),
    "nan_to_num": lambda p, x: p.nan_to_num(x),
    "nan_to_num_args": lambda p, x: p.nan_to_num(x, nan=1.5, posinf=9.0, neginf=-9.0),
    "frexp": lambda p, x: p.frexp(x),
    "scale": lambda p, x: p.scale(x, 2.0, 1.0),
    "scale_before": lambda p, x: p.scale(x, 2.0, 1.0, bias_after_scale=False),
    "clip": lambda p, x: p.clip(x, -1, 2), "clip_float": lambda p, x: p.clip(x, -0.5, 1.5),
    "clip_min": lambda p, x: p.clip(x, min=0), "clip_none": lambda p, x: p.clip(x),
    "pow2": lambda p, x: p.pow(x, 2), "pow_half": lambda p, x: p.pow(x, 0.5),
    "pow_neg": lambda p, x: p.pow(x, -1), "pow_zero": lambda p, x: p.pow(x, 0),
    "increment": lambda p, x: p.increment(x.clone()) if x.ndim == 0 else p.increment(x[:1]),
}
