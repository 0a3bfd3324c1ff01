"""op_db entries for the activation ops (paddle/_core/ops/nn_activation*.py, nn_softmax.py).

References are written independently of the kernels, in float64. Samples avoid the kinks where
the numeric gradient is undefined (the kink conventions are checked against real Paddle by the
nn_activation goldens)."""
import math

from .entry import Sample, entry, np

try:
    from scipy import special
except ImportError:  # pragma: no cover
    special = None

_SHAPES = [(), (5,), (3, 4), (0, 3), (2, 3, 2)]


def _away_from(*kinks, low=-4.0, high=4.0, margin=0.05):
    """Samples over _SHAPES with every value at least `margin` from each kink."""
    def make(rng, dtype):
        out = []
        for shape in _SHAPES:
            v = rng.uniform(low, high, size=shape)
            for k in kinks:
                near = np.abs(v - k) < margin
                v = np.where(near, k + np.copysign(margin * 2, v - k + 1e-12), v)
            out.append(Sample((v.astype(dtype),), name=str(shape)))
        return out
    return make


def _with_attrs(make, *attrs):
    def wrapped(rng, dtype):
        return [Sample(s.inputs, attrs, name=s.name) for s in make(rng, dtype)]
    return wrapped


def _f32(v):
    return float(np.float32(v))


def _sigmoid(x):
    return 1 / (1 + np.exp(-x))


def _erf(x):
    if special is not None:
        return special.erf(x)
    return np.vectorize(math.erf)(x)


entry("relu", _away_from(0.0), ref=lambda x: np.where(x > 0, x, 0).astype(x.dtype))
entry("relu6", _away_from(0.0, 6.0, low=-3, high=8),
      ref=lambda x: np.clip(x, 0, 6).astype(x.dtype))
entry("leaky_relu", _with_attrs(_away_from(0.0), 0.2),
      ref=lambda x, a: np.where(x > 0, x, a * x).astype(x.dtype))
entry("hardtanh", _with_attrs(_away_from(-1.5, 2.0), -1.5, 2.0),
      ref=lambda x, lo, hi: np.clip(x, lo, hi).astype(x.dtype))
entry("hardshrink", _with_attrs(_away_from(-0.5, 0.5), 0.5),
      ref=lambda x, t: np.where(np.abs(x) >= t, x, 0).astype(x.dtype))
entry("softshrink", _with_attrs(_away_from(-0.5, 0.5), 0.5),
      ref=lambda x, t: (np.sign(x) * np.maximum(np.abs(x) - t, 0)).astype(x.dtype))
entry("thresholded_relu", _with_attrs(_away_from(1.0), 1.0, 0.25),
      ref=lambda x, t, v: np.where(x > t, x, v).astype(x.dtype))
entry("hardsigmoid", _with_attrs(_away_from(-2.5, 2.5), 0.2, 0.5),
      ref=lambda x, a, b: np.clip(a * x + b, 0, 1).astype(x.dtype))
entry("hardswish", _away_from(-3.0, 3.0, low=-5, high=5),
      ref=lambda x: (x * np.clip(x + 3, 0, 6) / 6).astype(x.dtype))


def _prelu_ref(x, alpha, data_format, mode):
    if mode == "all":
        slope = alpha.reshape(())
    elif mode == "channel" and data_format[1] == "C":
        slope = alpha.reshape((-1,) + (1,) * (x.ndim - 2))
    elif mode == "channel":
        slope = alpha
    else:
        slope = alpha.reshape(x.shape[1:])
    return np.where(x > 0, x, slope * x).astype(x.dtype)


def _prelu_samples(rng, dtype):
    def away(shape):
        v = rng.uniform(-2, 2, size=shape)
        return np.where(np.abs(v) < 0.05, 0.3, v).astype(dtype)
    alpha = rng.uniform(0.1, 0.5, size=(3,)).astype(dtype)
    return [Sample((away((2, 3, 4)), alpha[:1]), ("NCHW", "all"), name="all"),
            Sample((away((2, 3, 4, 2)), alpha), ("NCHW", "channel"), name="channel NCHW"),
            Sample((away((2, 4, 3)), alpha), ("NHWC", "channel"), name="channel NHWC"),
            Sample((away((2, 3)), alpha), ("NCHW", "element"), name="element"),
            Sample((np.zeros((0, 3), dtype), alpha), ("NCHW", "channel"), name="empty")]


entry("prelu", _prelu_samples, ref=_prelu_ref)


def _maxout_samples(rng, dtype):
    def distinct(shape):
        return rng.permutation(np.prod(shape)).reshape(shape).astype(dtype) / 7
    return [Sample((distinct((2, 6, 3, 2)),), (2, 1), name="NCHW"),
            Sample((distinct((2, 3, 2, 4)),), (4, 3), name="NHWC"),
            Sample((np.zeros((0, 4, 2, 2), dtype),), (2, 1), name="empty")]


def _maxout_ref(x, groups, axis):
    shape = list(x.shape)
    grouped = x.reshape(shape[:axis] + [shape[axis] // groups, groups] + shape[axis + 1:])
    out = grouped.max(axis=axis + 1)
    route = grouped == np.expand_dims(out, axis + 1)
    return out, route.reshape(x.shape)


entry("maxout", _maxout_samples, ref=_maxout_ref)

# ---- smooth activations ------------------------------------------------------------------------

entry("elu", _with_attrs(_away_from(0.0), 0.7),
      ref=lambda x, a: np.where(x > 0, x, _f32(a) * np.expm1(x)).astype(x.dtype))
entry("celu", _with_attrs(_away_from(0.0), 1.5),
      ref=lambda x, a: np.where(x > 0, x, _f32(a) * np.expm1(x / _f32(a))).astype(x.dtype))
entry("selu", _with_attrs(_away_from(0.0), 1.0507009873554805, 1.6732632423543772),
      ref=lambda x, s, a: (_f32(s) * np.where(x > 0, x, _f32(a) * np.expm1(x))).astype(x.dtype))


def _gelu_samples(rng, dtype):
    exact = _with_attrs(_away_from(), False)(rng, dtype)
    return exact + [Sample((rng.uniform(-3, 3, size=s).astype(dtype),), (True,),
                           name=f"tanh {s}") for s in [(5,), (2, 3)]]


def _gelu_ref(x, approximate):
    if approximate:
        inner = math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)
        return (0.5 * x * (1 + np.tanh(inner))).astype(x.dtype)
    return (0.5 * x * (1 + _erf(x / math.sqrt(2)))).astype(x.dtype)


entry("gelu", _gelu_samples, ref=_gelu_ref)
entry("silu", _away_from(), ref=lambda x: (x * _sigmoid(x)).astype(x.dtype))
entry("mish", _with_attrs(_away_from(), 20.0),
      ref=lambda x, t: (x * np.tanh(np.log1p(np.exp(x)))).astype(x.dtype))
entry("logsigmoid", _away_from(low=-6, high=6),
      ref=lambda x: (-np.logaddexp(0, -x)).astype(x.dtype))
entry("softplus", _with_attrs(_away_from(1.5, low=-3, high=3), 2.0, 3.0),
      ref=lambda x, b, t: np.where(b * x > t, x, np.logaddexp(0, b * x) / b).astype(x.dtype))
entry("softsign", _away_from(0.0), ref=lambda x: (x / (1 + np.abs(x))).astype(x.dtype))
entry("tanh_shrink", _away_from(), ref=lambda x: (x - np.tanh(x)).astype(x.dtype))


# ---- softmax family ----------------------------------------------------------------------------


def _axis_samples(rng, dtype):
    return [Sample((rng.uniform(-3, 3, size=(3, 4)).astype(dtype),), (-1,), name="last"),
            Sample((rng.uniform(-3, 3, size=(2, 3, 4)).astype(dtype),), (1,), name="middle"),
            Sample((rng.uniform(-3, 3, size=(2, 3)).astype(dtype),), (-2,), name="negative"),
            Sample((rng.uniform(-3, 3, size=(5,)).astype(dtype),), (0,), name="1-D"),
            Sample((np.zeros((0, 3), dtype),), (-1,), name="empty"),
            Sample((rng.uniform(-3, 3, size=()).astype(dtype),), (-1,), name="0-d")]


def _softmax_ref(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True)) if x.size else x
    return (e / e.sum(axis=axis, keepdims=True)).astype(x.dtype) if x.size else x


def _log_softmax_ref(x, axis):
    if not x.size:
        return x
    shifted = x - x.max(axis=axis, keepdims=True)
    return (shifted - np.log(np.exp(shifted).sum(axis=axis, keepdims=True))).astype(x.dtype)


entry("softmax", _axis_samples, ref=_softmax_ref)
entry("log_softmax", _axis_samples, ref=_log_softmax_ref)
entry("gumbel_softmax", lambda rng, dtype: [
    Sample((rng.uniform(-2, 2, size=(3, 4)).astype(dtype),), (1.0, False, -1), name="soft"),
    Sample((rng.uniform(-2, 2, size=(2, 3, 2)).astype(dtype),), (0.5, True, 1), name="hard")],
    skip_ref="random samples: checked in tests/nn/test_activation.py", grad=False)
