"""op_db entries for reductions and scans."""
from .entry import Sample, entry, np


def _reduce_samples(rng, dtype):
    x = rng.uniform(-2, 2, (3, 4, 5)).astype(dtype)
    return [Sample((x,), (None, False)), Sample((x,), ((1,), False)),
            Sample((x,), ((0, 2), True)), Sample((np.asarray(x[0, 0, 0]),), (None, False)),
            Sample((np.zeros((0, 3), dtype),), ((0,), False))]


def _np_reduce(fn):
    def ref(x, axis=None, keepdim=False):
        return np.asarray(fn(x, axis=axis, keepdims=keepdim))
    return ref


def _sum_samples(rng, dtype):
    return [Sample(s.inputs, (s.attrs[0], None, s.attrs[1]), name=s.name)
            for s in _reduce_samples(rng, dtype)]


entry("sum", _sum_samples, ref=lambda x, axis, dtype, keepdim: np.sum(x, axis=axis,
                                                                      keepdims=keepdim))
entry("mean", lambda rng, dtype: _reduce_samples(rng, dtype)[:4], ref=_np_reduce(np.mean))
entry("prod", lambda rng, dtype: _reduce_samples(rng, dtype), ref=_np_reduce(np.prod),
      rtol=1e-4)


def _distinct(rng, dtype):
    x = rng.permutation(60).reshape(3, 4, 5).astype(dtype) / 10
    return [Sample((x,), (None, False)), Sample((x,), ((1,), False)),
            Sample((x,), ((0, 2), True))]


for _name, _fn in [("max", np.max), ("min", np.min), ("amax", np.max), ("amin", np.min)]:
    entry(_name, _distinct, ref=_np_reduce(_fn), double_grad=False)

entry("all", lambda rng, dtype: [Sample((rng.uniform(size=(3, 4)) > 0.2,), ((1,), False)),
                                 Sample((np.zeros((0,), bool),), (None, False))],
      ref=_np_reduce(np.all), dtypes=("bool",))
entry("any", lambda rng, dtype: [Sample((rng.uniform(size=(3, 4)) > 0.8,), ((1,), False)),
                                 Sample((np.zeros((0,), bool),), (None, False))],
      ref=_np_reduce(np.any), dtypes=("bool",))


def _lse_ref(x, axis=None, keepdim=False):
    m = np.max(x, axis=axis, keepdims=True)
    out = np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True)) + m
    return out if keepdim else np.squeeze(out, axis=axis)


entry("logsumexp", lambda rng, dtype: _reduce_samples(rng, dtype)[:4], ref=_lse_ref)


def _arg_samples(rng, dtype):
    x = rng.permutation(60).reshape(3, 4, 5).astype(dtype)
    return [Sample((x,), (None, False, True, "int64")), Sample((x,), (1, False, False, "int64")),
            Sample((x,), (-1, True, False, "int32"))]


def _arg_ref(fn):
    def ref(x, axis, keepdim, flatten, dtype):
        if flatten or axis is None:
            out = np.asarray(fn(x))
            return out.reshape((1,) * x.ndim if keepdim else ()).astype(dtype)
        return fn(x, axis=axis, keepdims=keepdim).astype(dtype)
    return ref


entry("argmax", _arg_samples, ref=_arg_ref(np.argmax))
entry("argmin", _arg_samples, ref=_arg_ref(np.argmin))


def _cumsum_ref(x, axis, flatten, exclusive, reverse):
    v = x.reshape(-1) if flatten or axis is None else x
    ax = 0 if flatten or axis is None else axis
    if reverse:
        v = np.flip(v, ax)
    out = np.cumsum(v, axis=ax)
    if exclusive:
        out = out - v
    if reverse:
        out = np.flip(out, ax)
    return out


def _cumsum_samples(rng, dtype):
    x = rng.uniform(-2, 2, (3, 4)).astype(dtype)
    return [Sample((x,), (1, False, False, False)), Sample((x,), (None, True, False, False)),
            Sample((x,), (0, False, True, False)), Sample((x,), (-1, False, False, True)),
            Sample((x,), (1, False, True, True))]


entry("cumsum", _cumsum_samples, ref=_cumsum_ref)


def _cumprod_ref(x, dim, exclusive, reverse):
    v = x.reshape(-1) if dim is None else x
    ax = 0 if dim is None else dim
    if reverse:
        v = np.flip(v, ax)
    out = np.cumprod(v, axis=ax)
    if reverse:
        out = np.flip(out, ax)
    return out


def _cumprod_samples(rng, dtype):
    x = rng.uniform(0.5, 1.5, (3, 4)).astype(dtype)
    return [Sample((x,), (1, False, False)), Sample((x,), (None, False, False)),
            Sample((x,), (0, False, True))]


entry("cumprod", _cumprod_samples, ref=_cumprod_ref)
