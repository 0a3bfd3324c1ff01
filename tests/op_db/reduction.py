"""op_db entries for reductions (axes arrive normalised by the public layer, as tuples)."""
from .entry import Sample, entry, np


def _reduce_samples(rng, dtype):
    x = rng.uniform(-2, 2, (3, 4, 5)).astype(dtype)
    return [Sample((x,), (None, False), name="all"), Sample((x,), ((1,), False), name="axis1"),
            Sample((x,), ((0, 2), True), name="keep"), Sample((x,), ((-1,), False), name="neg"),
            Sample((np.asarray(x[0, 0, 0]),), (None, False), name="0-d"),
            Sample((np.asarray(x[0, 0, 0]),), ((0,), True), name="0-d keep"),
            Sample((np.zeros((0, 3), dtype),), ((0,), False), name="empty")]


def _np_reduce(fn):
    def ref(x, axis=None, keepdim=False):
        axis = None if x.ndim == 0 else axis
        return np.asarray(fn(x, axis=axis, keepdims=keepdim and x.ndim > 0))
    return ref


def _sum_samples(rng, dtype):
    samples = [Sample(s.inputs, (s.attrs[0], None, s.attrs[1]), name=s.name)
               for s in _reduce_samples(rng, dtype)]
    ints = rng.integers(-5, 5, (3, 4)).astype(np.int32)
    return samples + [Sample((ints,), ((1,), None, False), name="int32->int64"),
                      Sample((ints > 0,), (None, None, False), name="bool->int64"),
                      Sample((ints.astype(np.int8),), ((0,), None, True), name="int8 stays"),
                      Sample((ints,), (None, "float64", False), name="dtype")]


def _sum_ref(x, axis, dtype, keepdim):
    if dtype is not None:
        x = x.astype(dtype)
    elif x.dtype in (np.bool_, np.int32):
        x = x.astype(np.int64)
    axis = None if x.ndim == 0 else axis
    return np.asarray(np.sum(x, axis=axis, keepdims=keepdim and x.ndim > 0)).astype(x.dtype)


entry("sum", _sum_samples, ref=_sum_ref)


def _mean_samples(rng, dtype):
    ints = np.array([[1, 2, 2, -7], [7, 8, -3, -4]], np.int64)
    return _reduce_samples(rng, dtype)[:6] + [Sample((ints,), ((1,), False), name="int")]


def _mean_ref(x, axis=None, keepdim=False):
    if x.dtype.kind == "i":  # truncating integer mean
        return np.trunc(np.mean(x, axis=axis, keepdims=keepdim)).astype(x.dtype)
    return _np_reduce(np.mean)(x, axis, keepdim)


entry("mean", _mean_samples, ref=_mean_ref)
entry("prod", _reduce_samples, ref=_np_reduce(np.prod), rtol=1e-4)


def _distinct(rng, dtype):
    x = rng.permutation(60).reshape(3, 4, 5).astype(dtype) / 10
    return [Sample((x,), (None, False)), Sample((x,), ((1,), False)),
            Sample((x,), ((0, 2), True)), Sample((np.asarray(x[0, 0, 0]),), ((0,), True)),
            Sample((np.zeros((0, 3), dtype),), ((1,), True), name="empty rows")]


for _name, _fn in [("max", np.max), ("min", np.min), ("amax", np.max), ("amin", np.min)]:
    entry(_name, _distinct, ref=_np_reduce(_fn), double_grad=False)


def _bool_samples(threshold):
    def make(rng, dtype):
        return [Sample((rng.uniform(size=(3, 4)) > threshold,), ((1,), False)),
                Sample((rng.uniform(size=(3, 4)) - 0.5,), ((0,), True), name="float input"),
                Sample((np.zeros((0,), bool),), (None, False), name="empty"),
                Sample((np.asarray(True),), (None, True), name="0-d")]
    return make


entry("all", _bool_samples(0.2), ref=_np_reduce(np.all), dtypes=("bool",))
entry("any", _bool_samples(0.8), ref=_np_reduce(np.any), dtypes=("bool",))


def _lse_ref(x, axis=None, keepdim=False):
    x = x.astype(np.float32) if x.dtype.kind in "iub" else x
    axis = None if x.ndim == 0 else axis
    m = np.max(x, axis=axis, keepdims=True)
    out = np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True)) + m
    return out if keepdim and x.ndim else np.squeeze(out, axis=axis)


def _lse_samples(rng, dtype):
    ints = rng.integers(-3, 3, (2, 3)).astype(np.int64)
    return _reduce_samples(rng, dtype)[:5] + [Sample((ints,), ((1,), False), name="int")]


entry("logsumexp", _lse_samples, ref=_lse_ref)


def _arg_samples(rng, dtype):
    x = rng.permutation(60).reshape(3, 4, 5).astype(dtype)
    nan = np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, np.nan]], dtype)
    return [Sample((x,), (None, False, True, "int64")), Sample((x,), (1, False, False, "int64")),
            Sample((x,), (-1, True, False, "int32")), Sample((x,), (None, True, True, "int64")),
            Sample((np.asarray(x[0, 0, 0]),), (0, False, False, "int64"), name="0-d"),
            Sample((nan,), (1, False, False, "int64"), name="nan skipped")]


def _arg_ref(fn, fill):
    def ref(x, axis, keepdim, flatten, dtype):
        x = np.where(np.isnan(x), fill, x)
        if flatten or axis is None or x.ndim == 0:
            out = np.asarray(fn(x.reshape(-1)))
            return out.reshape((1,) * x.ndim if keepdim else ()).astype(dtype)
        return fn(x, axis=axis, keepdims=keepdim).astype(dtype)
    return ref


entry("argmax", _arg_samples, ref=_arg_ref(np.argmax, -np.inf))
entry("argmin", _arg_samples, ref=_arg_ref(np.argmin, np.inf))
