"""Gradients of elementwise math at ordinary points and at the points where Paddle makes a
choice: kinks (abs, clip, maximum ties), poles and domain edges (sqrt/pow at 0), NaN handling
(fmax/fmin, nan_to_num) and integer-valued ops (floor, round, sign)."""

POINTS = [-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0]


def _grad_case(fn, points, dtype="float64"):
    def case(paddle, np):
        x = paddle.to_tensor(np.array(points, dtype), stop_gradient=False)
        out = fn(paddle, x)
        weights = paddle.to_tensor(np.linspace(0.5, 1.5, int(np.prod(out.shape)))
                                   .reshape(out.shape).astype(dtype))
        (gx,) = paddle.grad([out], [x], [weights])
        return out, gx
    case.rtol = 1e-5
    case.atol = 1e-6
    return case


UNARY = {
    "abs": lambda p, x: p.abs(x), "sqrt": lambda p, x: p.sqrt(x),
    "rsqrt": lambda p, x: p.rsqrt(x), "exp": lambda p, x: p.exp(x),
    "log": lambda p, x: p.log(x), "log1p": lambda p, x: p.log1p(x),
    "sin": lambda p, x: p.sin(x), "tanh": lambda p, x: p.tanh(x),
    "sigmoid": lambda p, x: p.sigmoid(x), "square": lambda p, x: p.square(x),
    "reciprocal": lambda p, x: p.reciprocal(x), "sign": lambda p, x: p.sign(x),
    "floor": lambda p, x: p.floor(x), "ceil": lambda p, x: p.ceil(x),
    "round": lambda p, x: p.round(x), "trunc": lambda p, x: p.trunc(x),
    "frac": lambda p, x: p.frac(x), "asin": lambda p, x: p.asin(x),
    "acos": lambda p, x: p.acos(x), "atan": lambda p, x: p.atan(x),
    "acosh": lambda p, x: p.acosh(x), "atanh": lambda p, x: p.atanh(x),
    "erf": lambda p, x: p.erf(x), "erfinv": lambda p, x: p.erfinv(x),
    "lgamma": lambda p, x: p.lgamma(x), "digamma": lambda p, x: p.digamma(x),
    "polygamma1": lambda p, x: p.polygamma(x, 1), "gammaln": lambda p, x: p.gammaln(x),
    "multigammaln": lambda p, x: p.multigammaln(x, 2),
    "i0": lambda p, x: p.i0(x), "i0e": lambda p, x: p.i0e(x),
    "i1": lambda p, x: p.i1(x), "i1e": lambda p, x: p.i1e(x),
    "logit": lambda p, x: p.logit(x), "logit_eps": lambda p, x: p.logit(x, 0.2),
    "stanh": lambda p, x: p.stanh(x), "sinc": lambda p, x: p.sinc(x),
    "deg2rad": lambda p, x: p.deg2rad(x), "rad2deg": lambda p, x: p.rad2deg(x),
    "nan_to_num": lambda p, x: p.nan_to_num(x), "sgn": lambda p, x: p.sgn(x),
    "clip": lambda p, x: p.clip(x, -1.0, 1.0), "clip_min": lambda p, x: p.clip(x, min=0.0),
    "pow2": lambda p, x: p.pow(x, 2.0), "pow3": lambda p, x: p.pow(x, 3),
    "pow_half": lambda p, x: p.pow(x, 0.5), "pow_zero": lambda p, x: p.pow(x, 0.0),
    "pow_neg": lambda p, x: p.pow(x, -1.0), "pow_one": lambda p, x: p.pow(x, 1.0),
    "scale": lambda p, x: p.scale(x, 3.0, 1.0), "neg": lambda p, x: p.neg(x),
    "angle": lambda p, x: p.angle(x), "real": lambda p, x: p.real(x),
    "frexp": lambda p, x: p.frexp(x)[0], "stanh_args": lambda p, x: p.stanh(x, 0.5, 2.0),
    "expm1": lambda p, x: p.expm1(x), "cosh": lambda p, x: p.cosh(x),
    "log2": lambda p, x: p.log2(x), "log10": lambda p, x: p.log10(x),
}

CASES = {}
for _name, _fn in UNARY.items():
    CASES[f"grad_{_name}"] = _grad_case(_fn, POINTS)
    CASES[f"grad_{_name}_float32"] = _grad_case(_fn, POINTS, "float32")

CASES["grad_nan_to_num_specials"] = _grad_case(
    lambda p, x: p.nan_to_num(x), [float("nan"), float("inf"), float("-inf"), 1.0])
CASES["grad_logit_unit"] = _grad_case(lambda p, x: p.logit(x), [0.1, 0.3, 0.5, 0.9])
CASES["grad_logit_eps_edges"] = _grad_case(lambda p, x: p.logit(x, 0.2),
                                           [0.1, 0.2, 0.5, 0.8, 0.9])
CASES["grad_clip_bounds"] = _grad_case(lambda p, x: p.clip(x, -1.0, 1.0),
                                       [-1.0, -0.999, 1.0, 1.001])
CASES["grad_polygamma_orders"] = _grad_case(lambda p, x: p.polygamma(x, 3), [0.5, 1.5, 4.0])
CASES["grad_multigammaln_p3"] = _grad_case(lambda p, x: p.multigammaln(x, 3), [1.5, 2.0, 5.0])


def _binary_grad(fn, xs, ys, dtype="float64"):
    def case(paddle, np):
        x = paddle.to_tensor(np.array(xs, dtype), stop_gradient=False)
        y = paddle.to_tensor(np.array(ys, dtype), stop_gradient=False)
        out = fn(paddle, x, y)
        gx, gy = paddle.grad([out], [x, y], allow_unused=True)
        return out, gx, gy
    return case


XS = [-2.0, -1.0, 0.0, 0.0, 1.0, 2.0, 3.0]
YS = [1.0, -1.0, 0.0, 2.0, 1.0, -3.0, 0.5]
BINARY = {
    "add": lambda p, x, y: p.add(x, y), "subtract": lambda p, x, y: p.subtract(x, y),
    "multiply": lambda p, x, y: p.multiply(x, y), "divide": lambda p, x, y: p.divide(x, y),
    "pow": lambda p, x, y: p.pow(x, y), "maximum": lambda p, x, y: p.maximum(x, y),
    "minimum": lambda p, x, y: p.minimum(x, y), "fmax": lambda p, x, y: p.fmax(x, y),
    "fmin": lambda p, x, y: p.fmin(x, y), "atan2": lambda p, x, y: p.atan2(x, y),
    "remainder": lambda p, x, y: p.remainder(x, y),
    "hypot": lambda p, x, y: p.hypot(x, y), "copysign": lambda p, x, y: p.copysign(x, y),
    "heaviside": lambda p, x, y: p.heaviside(x, y),
    "logaddexp": lambda p, x, y: p.logaddexp(x, y), "ldexp": lambda p, x, y: p.ldexp(x, y),
    "lerp": lambda p, x, y: p.lerp(x, y, 0.25),
    "lerp_tensor_weight": lambda p, x, y: p.lerp(x, y, p.to_tensor([0.5], "float64")),
    "complex": lambda p, x, y: p.complex(x, y).abs(),
    "where": lambda p, x, y: p.where(x > y, x, y),
    "add_n": lambda p, x, y: p.add_n([x, y, x]),
    "multiplex": lambda p, x, y: p.multiplex([x.reshape([7, 1]), y.reshape([7, 1])],
                                             p.to_tensor([[0], [1], [0], [1], [1], [0], [1]],
                                                         "int32")),
    "gammaincc": lambda p, x, y: p.gammaincc(p.abs(x) + 0.5, p.abs(y) + 0.1),
    "gammainc": lambda p, x, y: p.gammainc(p.abs(x) + 0.5, p.abs(y) + 0.1),
}
for _name, _fn in BINARY.items():
    CASES[f"grad2_{_name}"] = _binary_grad(_fn, XS, YS)

CASES["grad2_maximum_ties"] = _binary_grad(lambda p, x, y: p.maximum(x, y),
                                           [1.0, 2.0, 3.0], [1.0, 2.0, 0.0])
CASES["grad2_minimum_ties"] = _binary_grad(lambda p, x, y: p.minimum(x, y),
                                           [1.0, 2.0, 3.0], [1.0, 2.0, 0.0])
CASES["grad2_fmax_nan"] = _binary_grad(lambda p, x, y: p.fmax(x, y),
                                       [float("nan"), 1.0, 2.0, float("nan")],
                                       [1.0, float("nan"), 2.0, float("nan")])
CASES["grad2_fmin_nan"] = _binary_grad(lambda p, x, y: p.fmin(x, y),
                                       [float("nan"), 1.0, 2.0, float("nan")],
                                       [1.0, float("nan"), 2.0, float("nan")])
CASES["grad2_pow_zero_base"] = _binary_grad(lambda p, x, y: p.pow(x, y),
                                            [0.0, 0.0, 0.0, -2.0], [0.0, 1.0, 2.0, 2.0])
CASES["grad2_divide_by_zero"] = _binary_grad(lambda p, x, y: p.divide(x, y),
                                             [1.0, 0.0, -1.0], [0.0, 0.0, 0.0])


def _broadcast_grad(fn):
    def case(paddle, np):
        x = paddle.to_tensor(np.arange(6, dtype="float64").reshape(2, 3) - 2.5,
                             stop_gradient=False)
        y = paddle.to_tensor(np.array([1.5, -0.5, 2.0]), stop_gradient=False)
        out = fn(paddle, x, y)
        gx, gy = paddle.grad([out], [x, y], allow_unused=True)
        return out, gx, gy
    return case


for _name in ["add", "subtract", "multiply", "divide", "maximum", "minimum", "fmax", "fmin",
              "atan2", "remainder", "copysign", "heaviside", "hypot", "logaddexp", "lerp"]:
    CASES[f"grad_broadcast_{_name}"] = _broadcast_grad(BINARY[_name])


def _double_grad(fn, points):
    def case(paddle, np):
        x = paddle.to_tensor(np.array(points, "float64"), stop_gradient=False)
        (g,) = paddle.grad([fn(paddle, x).sum()], [x], create_graph=True)
        (gg,) = paddle.grad([g.sum()], [x], allow_unused=True)
        return g, gg
    return case


# Only ops for which real Paddle has a second derivative (we have more; op_db checks them).
for _name in ["sqrt", "exp", "log", "tanh", "sigmoid", "sin", "pow3", "pow_half", "sinc",
              "square", "rsqrt"]:
    CASES[f"double_grad_{_name}"] = _double_grad(UNARY[_name], [0.2, 0.5, 0.9])
CASES["double_grad_multiply"] = _double_grad(lambda p, x: p.multiply(x, x * 2), [0.5, -1.0])
CASES["double_grad_divide"] = _double_grad(lambda p, x: p.divide(x, x * x + 1), [0.5, -1.0])
