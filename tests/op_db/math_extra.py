"""op_db entries for the ops of _core/ops/math_unary, math_binary, math_special and
math_complex: clip, logit, nan_to_num, frexp, signbit, sinc, heaviside, copysign, nextafter,
gcd, lcm, add_n, multiplex, isin, isclose, polygamma, gammaincc and the complex parts."""
from .entry import Sample, binary_samples, entry, np, unary_samples

try:
    from scipy import special
except ImportError:  # pragma: no cover
    special = None


def _clip_samples(rng, dtype):
    x = rng.uniform(-2, 2, (3, 4)).astype(dtype)
    return [Sample((x,), (-0.7, 0.9)), Sample((x[0],), (None, 0.5)),
            Sample((np.asarray(1.5, dtype),), (-1.0, 1.0)),
            Sample((np.zeros((0, 2), dtype),), (0.0, 1.0))]


entry("clip", _clip_samples, ref=lambda x, lo, hi: np.clip(x, lo, hi))


def _logit_ref(x, eps=0.0):
    if eps:
        x = np.clip(x, eps, 1 - eps)
    return np.log(x / (1 - x))


def _logit_samples(rng, dtype):
    return [Sample((rng.uniform(0.1, 0.9, (3, 4)).astype(dtype),), (0.0,)),
            Sample((rng.uniform(0.3, 0.7, (5,)).astype(dtype),), (0.2,)),
            Sample((np.asarray(0.4, dtype),), (0.0,)),
            Sample((np.zeros((0,), dtype),), (0.0,))]


entry("logit", _logit_samples, ref=_logit_ref)


def _nan_to_num_samples(rng, dtype):
    specials = np.array([np.nan, np.inf, -np.inf, 1.5], dtype)
    return [Sample((specials,), (0.0, None, None)), Sample((specials,), (2.0, 10.0, -10.0)),
            Sample((rng.uniform(-2, 2, (3, 4)).astype(dtype),), (0.0, None, None))]


# The samples hold NaN and inf, where a numeric derivative is meaningless; the gradient
# (1 at finite values, 0 elsewhere) is checked against Paddle in the goldens.
entry("nan_to_num", _nan_to_num_samples, grad=False,
      ref=lambda x, nan, posinf, neginf: np.nan_to_num(x, nan=nan, posinf=posinf,
                                                       neginf=neginf))


def _frexp_samples(rng, dtype):
    return [Sample((rng.uniform(0.3, 5, (3, 4)).astype(dtype) * np.array([1, -1, 1, -1],
                                                                         dtype),)),
            Sample((np.asarray(3.0, dtype),)), Sample((np.zeros((0,), dtype),))]


entry("frexp", _frexp_samples, ref=lambda x: tuple(a.astype(x.dtype) for a in np.frexp(x)))


def _signbit_samples(rng, dtype):
    return [Sample((np.array([-1.0, -0.0, 0.0, 2.0, -np.inf, np.inf], dtype),))]


entry("signbit", _signbit_samples, dtypes=("float32", "float64"))
entry("sinc", unary_samples(-2.0, 2.0), rtol=1e-5, atol=1e-6)


def _heaviside_samples(rng, dtype):
    x = np.array([[-1.0, 0.0, 2.0], [0.0, 3.0, -0.5]], dtype)
    # x is differentiated nowhere: the step at 0 is where the samples sit
    return [Sample((x, rng.uniform(-1, 1, (3,)).astype(dtype)), grad_inputs=(1,)),
            Sample((np.asarray(0.0, dtype), rng.uniform(-1, 1, (4,)).astype(dtype)),
                   grad_inputs=(1,)),
            Sample((np.zeros((0, 3), dtype), rng.uniform(-1, 1, (3,)).astype(dtype)),
                   grad_inputs=(1,))]


entry("heaviside", _heaviside_samples, double_grad=False)  # linear in y
entry("copysign", binary_samples(0.3, 2.0, -2.0, 2.0))
entry("nextafter", binary_samples(-2.0, 2.0))


def _int_pairs(rng, dtype):
    return [Sample((rng.integers(-30, 30, (3, 4)).astype(dtype),
                    rng.integers(-12, 12, (4,)).astype(dtype))),
            Sample((np.array([0, 7, -9], dtype), np.array([0, 0, 6], dtype))),
            Sample((np.asarray(12, dtype), np.zeros((0,), dtype)))]


entry("gcd", _int_pairs, dtypes=("int32", "int64"))
entry("lcm", _int_pairs, dtypes=("int32", "int64"))


def _add_n_samples(rng, dtype):
    return [Sample(([rng.uniform(-1, 1, (2, 3)).astype(dtype) for _ in range(3)],)),
            Sample(([np.asarray(1.5, dtype)],)),
            Sample(([np.zeros((0, 2), dtype), np.zeros((0, 2), dtype)],))]


entry("add_n", _add_n_samples, ref=lambda inputs: np.sum(np.stack(inputs), axis=0))


def _multiplex_samples(rng, dtype):
    inputs = [rng.uniform(-1, 1, (4, 3)).astype(dtype) for _ in range(3)]
    return [Sample((inputs, np.array([[2], [0], [1], [2]], "int32")),
                   grad_inputs=(0, 1, 2))]


entry("multiplex", _multiplex_samples)


def _isin_samples(rng, dtype):
    x = rng.integers(0, 8, (3, 4)).astype(dtype)
    return [Sample((x, np.array([1, 3, 5], dtype)), (False, False)),
            Sample((x, np.array([2, 4], dtype)), (False, True)),
            Sample((np.asarray(3, dtype), np.array([3], dtype)), (True, False))]


entry("isin", _isin_samples, dtypes=("int64", "float32"),
      ref=lambda x, t, unique, invert: np.isin(x, t, invert=invert))


def _isclose_samples(rng, dtype):
    x = rng.uniform(-1, 1, (3, 4)).astype(dtype)
    return [Sample((x, x + np.asarray(1e-7, dtype)), (1e-05, 1e-08, False)),
            Sample((x, x * 1.1), (0.2, 0.0, False)),
            Sample((np.array([np.nan, np.inf], dtype), np.array([np.nan, np.inf], dtype)),
                   (1e-05, 1e-08, True))]


entry("isclose", _isclose_samples,
      ref=lambda x, y, rtol, atol, nan: np.isclose(x, y, rtol=rtol, atol=atol, equal_nan=nan))


def _polygamma_samples(rng, dtype):
    x = rng.uniform(0.5, 4.0, (3, 4)).astype(dtype)
    return [Sample((x,), (1,)), Sample((x[0],), (2,)), Sample((np.asarray(1.5, dtype),), (3,)),
            Sample((np.zeros((0,), dtype),), (1,))]


entry("polygamma", _polygamma_samples, rtol=1e-5, atol=1e-5,
      ref=lambda x, n: special.polygamma(n, x) if special else None,
      skip_ref="" if special else "needs scipy")


def _gammaincc_samples(rng, dtype):
    return [Sample((rng.uniform(0.5, 3.0, (3, 4)).astype(dtype),
                    rng.uniform(0.2, 4.0, (4,)).astype(dtype)), grad_inputs=(1,)),
            Sample((np.asarray(2.0, dtype), rng.uniform(0.2, 4.0, (5,)).astype(dtype)),
                   grad_inputs=(1,))]


entry("gammaincc", _gammaincc_samples, rtol=1e-5, atol=1e-6,
      ref=lambda a, x: special.gammaincc(a, x) if special else None,
      skip_ref="" if special else "needs scipy")


def _complex_samples(rng, dtype):
    cdtype = np.complex64 if dtype == np.float32 else np.complex128
    z = (rng.uniform(-2, 2, (3, 4)) + 1j * rng.uniform(-2, 2, (3, 4))).astype(cdtype)
    return [Sample((z,)), Sample((z[0, 0],)), Sample((np.zeros((0,), cdtype),))]


for _name, _ref in [("real", np.real), ("imag", np.imag), ("conj", np.conj),
                    ("angle", np.angle)]:
    entry(_name, _complex_samples, ref=_ref, grad=False,  # the numeric checker is real-only
          extra={"note": "complex gradients are checked by goldens"})


def _parts_samples(rng, dtype):
    return [Sample((rng.uniform(-2, 2, (3, 4)).astype(dtype),
                    rng.uniform(-2, 2, (4,)).astype(dtype))),
            Sample((np.asarray(1.0, dtype), rng.uniform(-2, 2, (2,)).astype(dtype)))]


entry("complex", _parts_samples, grad=False, ref=lambda a, b: a + 1j * b)
