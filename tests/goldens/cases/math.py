"""Elementwise unary math on 0-d and empty inputs, rounding, polygamma orders, and the ops'
own attributes and errors (the dtype matrix is in math_dtypes.py)."""
from goldens.cases._math_unary import UNARY

CASES = {}


def _shaped(fn, shape):
    def case(paddle, np):
        x = paddle.to_tensor(np.linspace(0.1, 0.9, int(np.prod(shape))).reshape(shape)
                             .astype("float32"))
        return fn(paddle, x)
    return case


for _name, _fn in UNARY.items():
    CASES[f"{_name}_0d"] = _shaped(_fn, ())
    CASES[f"{_name}_empty"] = _shaped(_fn, (0, 3))


def _rounding(decimals, dtype):
    def case(paddle, np):
        x = paddle.to_tensor(np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 1.2345, -7.891, 125.5],
                                      dtype))
        return paddle.round(x, decimals=decimals)
    return case


for _d in [0, 1, 2, -1]:
    for _dt in ["float32", "float64"]:
        CASES[f"round_decimals{_d}_{_dt}"] = _rounding(_d, _dt)


def _polygamma_orders(n):
    def case(paddle, np):
        return paddle.polygamma(paddle.to_tensor([0.5, 1.0, 2.5, 7.0, -0.5], "float64"), n)
    return case


for _n in [0, 1, 2, 3, 5]:
    CASES[f"polygamma_order{_n}"] = _polygamma_orders(_n)


def _errors(call):
    def case(paddle, np):
        return call(paddle, np)
    return case


ERRORS = {
    "polygamma_negative_n": lambda p, np: p.polygamma(p.to_tensor([1.0]), -1),
    "polygamma_float_n": lambda p, np: p.polygamma(p.to_tensor([1.0]), 1.5),
    "multigammaln_small_x": lambda p, np: p.multigammaln(p.to_tensor([0.2, 3.0]), 3),
    "multigammaln_p3": lambda p, np: p.multigammaln(p.to_tensor([2.5, 4.0], "float64"), 3),
    "stanh_args": lambda p, np: p.stanh(p.to_tensor([-1.0, 0.5, 2.0]), 0.5, 2.0),
    "logit_eps_clips": lambda p, np: p.logit(p.to_tensor([0.0, 0.05, 0.5, 0.99, 1.0]), 0.1),
    "increment_value": lambda p, np: p.increment(p.to_tensor([2.0]), 2.5),
    "increment_int": lambda p, np: p.increment(p.to_tensor([2]), 3),
    "increment_int_float": lambda p, np: p.increment(p.to_tensor([2]), 3.7),
    "increment_two_elements": lambda p, np: p.increment(p.to_tensor([2.0, 3.0])),
    "increment_returns_x": lambda p, np: (lambda x: (p.increment(x), x))(p.to_tensor([1.0])),
    "clip_tensor_bounds": lambda p, np: p.clip(p.to_tensor([1.0, 5.0, 9.0]),
                                               p.to_tensor(2.0), p.to_tensor([6.0])),
    "clip_min_gt_max": lambda p, np: p.clip(p.to_tensor([1.0, 5.0]), 4.0, 2.0),
    "clip_int_tensor_float_bound": lambda p, np: p.clip(p.to_tensor([1, 5, 9]), 2.5, 6),
    "clip_int_tensor_bound": lambda p, np: p.clip(p.to_tensor([1, 5, 9]), p.to_tensor(3)),
    "clip_int32": lambda p, np: p.clip(p.to_tensor(np.array([1, 5, 9], "int32")), 2, 6),
    "sgn_complex": lambda p, np: p.sgn(p.to_tensor(np.array([3 + 4j, 0j, -2j], "complex64"))),
    "frac_negative": lambda p, np: p.frac(p.to_tensor([-2.75, 3.5, -0.25])),
    "nan_to_num_float64": lambda p, np: p.nan_to_num(
        p.to_tensor([np.nan, np.inf, -np.inf, 1.0], "float64")),
    "frexp_zero_and_powers": lambda p, np: p.frexp(p.to_tensor([0.0, 1.0, 8.0, -3.0, 0.1])),
    "real_imag_complex128": lambda p, np: (lambda z: (p.real(z), p.imag(z), p.conj(z),
                                                      p.angle(z), p.abs(z)))(
        p.to_tensor(np.array([1 + 2j, -3 - 4j], "complex128"))),
    "complex_from_parts": lambda p, np: p.complex(p.to_tensor([1.0, 2.0]),
                                                  p.to_tensor([3.0, -4.0])),
    "complex_broadcast": lambda p, np: p.complex(p.to_tensor([[1.0], [2.0]], "float64"),
                                                 p.to_tensor([3.0, -4.0], "float64")),
    "complex_int_parts": lambda p, np: p.complex(p.to_tensor([1, 2]), p.to_tensor([3, 4])),
    "complex_mixed_parts": lambda p, np: p.complex(p.to_tensor([1.0], "float32"),
                                                   p.to_tensor([3.0], "float64")),
    "abs_int_min": lambda p, np: p.abs(p.to_tensor(np.array([-128, 127], "int8"))),
    "neg_uint8": lambda p, np: p.neg(p.to_tensor(np.array([0, 1, 200], "uint8"))),
    "sigmoid_extremes": lambda p, np: p.sigmoid(p.to_tensor([-100.0, -20.0, 0.0, 20.0, 100.0])),
    "erfinv_edges": lambda p, np: p.erfinv(p.to_tensor([-1.0, -0.999, 0.0, 0.999, 1.0, 1.5])),
    "lgamma_poles": lambda p, np: p.lgamma(p.to_tensor([0.0, -1.0, -2.5, 1e-8, 171.0, 200.0])),
    "digamma_poles": lambda p, np: p.digamma(p.to_tensor([0.0, -1.0, -2.5, 1e-8, 50.0])),
    "sinc_zero": lambda p, np: p.sinc(p.to_tensor([0.0, 1e-30, 0.5, 1.0, -2.5])),
    "scale_tensor_scale": lambda p, np: p.scale(p.to_tensor([1.0, 2.0]), p.to_tensor(3.0), 1.0),
    "scale_int": lambda p, np: p.scale(p.to_tensor([1, 2, -3]), 2.5, 0.5),
    "scale_act": lambda p, np: p.scale(p.to_tensor([-1.0, 2.0]), 2.0, act="relu"),
    "rsqrt_int_zero": lambda p, np: p.rsqrt(p.to_tensor([0, 4])),
    "reciprocal_int": lambda p, np: p.reciprocal(p.to_tensor([0, 4, -2])),
}
for _name, _call in ERRORS.items():
    CASES[_name] = _errors(_call)


def _inplace_unary(name, dtype, args=()):
    def case(paddle, np):
        x = paddle.to_tensor(np.array([0.2, 0.5, 0.9], dtype))
        fn = getattr(x, name, None) or (lambda *a: getattr(paddle, name)(x, *a))
        out = fn(*args)
        # Paddle's sinc_ writes x but returns another Tensor object; we return x itself
        return (out, x) if name == "sinc_" else (out, x, out is x)
    return case


INPLACE_UNARY = ["exp_", "expm1_", "log_", "log2_", "log10_", "log1p_", "sqrt_", "rsqrt_",
                 "reciprocal_", "sin_", "cos_", "tan_", "asin_", "acos_", "atan_", "sinh_",
                 "cosh_", "tanh_", "asinh_", "atanh_", "erf_", "erfinv_", "lgamma_",
                 "digamma_", "i0_", "abs_", "neg_", "square_", "floor_", "ceil_", "sigmoid_",
                 "trunc_", "round_", "frac_", "sinc_", "gammaln_", "logit_", "nan_to_num_"]
for _name in INPLACE_UNARY:
    CASES[f"inplace_{_name}"] = _inplace_unary(_name, "float32")
    CASES[f"inplace_{_name}_float64"] = _inplace_unary(_name, "float64")
CASES["inplace_acosh_"] = _inplace_unary("acosh_", "float32")
CASES["inplace_polygamma_"] = _inplace_unary("polygamma_", "float32", (1,))
CASES["inplace_multigammaln_"] = _inplace_unary("multigammaln_", "float64", (1,))
CASES["inplace_scale_"] = _inplace_unary("scale_", "float32", (2.0, 1.0))
CASES["inplace_clip_"] = _inplace_unary("clip_", "float32", (0.3, 0.6))
CASES["inplace_exp_int"] = _errors(lambda p, np: (lambda x: (x.exp_(), x))(p.to_tensor([1, 2])))
CASES["inplace_sqrt_int"] = _errors(lambda p, np: (lambda x: (p.sqrt_(x), x))(
    p.to_tensor([1, 4])))
