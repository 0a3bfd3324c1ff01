"""op_db entries for elementwise unary ops."""
import math

from .entry import Sample, entry, np, unary_samples

try:
    from scipy import special
except ImportError:  # pragma: no cover
    special = None

_vec_erf = np.vectorize(math.erf, otypes=[np.float64])
_vec_lgamma = np.vectorize(math.lgamma, otypes=[np.float64])

for _name in ["exp", "expm1", "sin", "cos", "tan", "atan", "sinh", "cosh", "tanh", "asinh",
              "sigmoid", "square", "neg"]:
    entry(_name, unary_samples(-1.5, 1.5))


def _tanh_grad_samples(rng, dtype):
    """(out, gout) pairs: out inside tanh's range (-1, 1), gout any value of the same shape."""
    return [Sample((rng.uniform(-0.9, 0.9, size=s).astype(dtype),
                    rng.uniform(-2, 2, size=s).astype(dtype)), name=str(s))
            for s in [(), (5,), (3, 4), (0, 3), (2, 3, 2)]]


entry("tanh_grad", _tanh_grad_samples)

for _name in ["log", "log2", "log10", "sqrt", "rsqrt", "reciprocal"]:
    entry(_name, unary_samples(0.3, 3.0))

entry("log1p", unary_samples(-0.5, 3.0))
entry("asin", unary_samples(-0.9, 0.9))
entry("acos", unary_samples(-0.9, 0.9))
entry("atanh", unary_samples(-0.9, 0.9))
entry("acosh", unary_samples(1.2, 3.0))
entry("abs", unary_samples(0.2, 2.0), extra={"note": "kink at 0 avoided"})
entry("erf", unary_samples(-2, 2), ref=lambda x: _vec_erf(x.astype(np.float64)).astype(x.dtype))
entry("erfinv", unary_samples(-0.9, 0.9), rtol=1e-4, atol=1e-5,
      ref=lambda x: (special.erfinv(x) if special else None))
entry("lgamma", unary_samples(0.5, 4.0),
      ref=lambda x: _vec_lgamma(x.astype(np.float64)).astype(x.dtype), rtol=1e-5, atol=1e-5)
entry("digamma", unary_samples(0.5, 4.0),
      ref=lambda x: special.digamma(x) if special else None, rtol=1e-5, atol=1e-5)
entry("i0", unary_samples(-2, 2), rtol=1e-5, atol=1e-6)
entry("i0e", unary_samples(-2, 2), ref=lambda x: np.exp(-np.abs(x)) * np.i0(x))
entry("i1", unary_samples(-2, 2), ref=lambda x: special.i1(x) if special else None)
entry("i1e", unary_samples(-2, 2), ref=lambda x: special.i1e(x) if special else None)


def _sign_samples(rng, dtype):
    return [Sample((np.array([-2.0, 0.0, 3.0], dtype),)), Sample((np.zeros((0,), dtype),))]


entry("sign", _sign_samples, grad=False)  # zero almost everywhere; samples sit on 0
for _name in ["floor", "ceil", "trunc"]:
    entry(_name, unary_samples(-3, 3))


def _round_samples(rng, dtype):
    return [Sample((np.array([-2.5, -0.5, 0.5, 1.5, 2.4], dtype),)),
            Sample((np.array([1.234, -5.678], dtype),), (2,))]


# half to even, like np.round; the samples sit on .5 ties, where no derivative exists
entry("round", _round_samples, ref=lambda x, decimals=0: np.round(x, decimals), grad=False)
for _name in ["isnan", "isinf", "isfinite"]:
    entry(_name, lambda rng, dtype: [Sample((np.array([1.0, np.nan, np.inf, -np.inf], dtype),))])


def _scale_ref(x, scale=1.0, bias=0.0, bias_after_scale=True):
    return (x * scale + bias if bias_after_scale else (x + bias) * scale).astype(x.dtype)


def _scale_samples(rng, dtype):
    x = rng.uniform(-2, 2, (3, 4)).astype(dtype)
    return [Sample((x,), (2.0, 1.0, True)), Sample((x,), (0.5, -1.0, False)),
            Sample((np.zeros((0,), dtype),), (3.0, 0.0, True))]


entry("scale", _scale_samples, ref=_scale_ref)
