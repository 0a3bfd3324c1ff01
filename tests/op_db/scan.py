"""op_db entries for scans: cumsum, cumprod, logcumsumexp, cummax, cummin."""
from .entry import Sample, entry, np


def _directed_ref(scan, identity):
    def ref(x, axis, flatten, exclusive, reverse):
        v = x.reshape(-1) if flatten or axis is None else (x.reshape(1) if x.ndim == 0 else x)
        ax = 0 if flatten or axis is None else axis % max(x.ndim, 1)
        if reverse:
            v = np.flip(v, ax)
        out = scan(v, ax)
        if exclusive:
            head = np.full_like(np.take(out, [0], axis=ax), identity)
            out = np.concatenate([head, np.take(out, range(out.shape[ax] - 1), axis=ax)], ax)
        if reverse:
            out = np.flip(out, ax)
        return out.reshape(()) if x.ndim == 0 and axis is not None and not flatten else out
    return ref


def _cumsum_samples(rng, dtype):
    x = rng.uniform(-2, 2, (3, 4)).astype(dtype)
    return [Sample((x,), (1, False, False, False)), Sample((x,), (None, True, False, False)),
            Sample((x,), (0, False, True, False)), Sample((x,), (-1, False, False, True)),
            Sample((x,), (1, False, True, True)),
            Sample((np.asarray(x[0, 0]),), (0, False, False, False), name="0-d"),
            Sample((np.asarray(x[0, 0]),), (None, True, False, False), name="0-d flat"),
            Sample((np.zeros((0, 3), dtype),), (0, False, False, False), name="empty"),
            Sample((rng.integers(-3, 3, (2, 3)).astype(np.int32),), (1, False, False, False),
                   name="int32->int64")]


entry("cumsum", _cumsum_samples, ref=lambda x, axis, flatten, exclusive, reverse:
      _directed_ref(lambda a, i: np.cumsum(a, axis=i, dtype=np.int64 if a.dtype.kind in "biu"
                                           else None), 0)(x, axis, flatten, exclusive, reverse))


def _cumprod_samples(rng, dtype):
    x = rng.uniform(0.5, 1.5, (3, 4)).astype(dtype)
    zeros = np.array([[1.0, 0.0, 2.0, 0.0], [0.0, 3.0, 1.5, 2.0], [1.5, 2.0, 0.5, 0.0]], dtype)
    return [Sample((x,), (1, False, False)), Sample((x,), (None, False, False)),
            Sample((x,), (0, False, True)), Sample((x,), (-1, True, False)),
            Sample((x,), (1, True, True)), Sample((zeros,), (1, False, False), name="zeros"),
            Sample((zeros,), (0, True, False), name="zeros exclusive"),
            Sample((zeros,), (1, False, True), name="zeros reverse"),
            Sample((zeros,), (None, True, True), name="zeros flat"),
            Sample((np.asarray(x[0, 0]),), (0, False, False), name="0-d")]


def _cumprod_ref(x, dim, exclusive, reverse):
    return _directed_ref(lambda a, i: np.cumprod(a, axis=i), 1)(x, dim, dim is None, exclusive,
                                                                 reverse)


entry("cumprod", _cumprod_samples, ref=_cumprod_ref)


def _lcse_samples(rng, dtype):
    x = rng.uniform(-3, 3, (3, 4)).astype(dtype)
    return [Sample((x,), (1, False, False)), Sample((x,), (None, True, False)),
            Sample((x,), (0, False, True)), Sample((x,), (-1, False, True)),
            Sample((np.asarray(x[0, 0]),), (0, False, False), name="0-d"),
            Sample((np.zeros((0, 2), dtype),), (0, False, False), name="empty")]


def _lcse_ref(x, axis, flatten, reverse):
    return _directed_ref(lambda a, i: np.logaddexp.accumulate(a, axis=i), 0)(
        x, axis, flatten, False, reverse)


entry("logcumsumexp", _lcse_samples, ref=_lcse_ref)


def _cumext_ref(better):
    def ref(x, axis, dtype):
        v = np.moveaxis(x.reshape(1) if x.ndim == 0 else x, axis, -1)
        values, indices = v.copy(), np.zeros(v.shape, np.int64)
        for j in range(1, v.shape[-1]):
            take = better(v[..., j], values[..., j - 1]) | np.isnan(v[..., j])
            values[..., j] = np.where(take, v[..., j], values[..., j - 1])
            indices[..., j] = np.where(take, j, indices[..., j - 1])
        nan_seen = np.isnan(values)
        values = np.where(np.maximum.accumulate(nan_seen, -1), np.nan, values)
        back = (np.moveaxis(values, -1, axis), np.moveaxis(indices, -1, axis).astype(dtype))
        return tuple(b.reshape(x.shape) for b in back)
    return ref


def _cumext_samples(rng, dtype):
    x = (rng.permutation(24).reshape(2, 3, 4).astype(dtype) - 12) / 4
    ties = np.array([[1.0, 3.0, 3.0, 2.0, 5.0], [2.0, 2.0, 1.0, 1.0, 0.0]], dtype)
    nan = np.array([[1.0, np.nan, 3.0], [2.0, 1.0, np.nan]], dtype)
    samples = [Sample((x,), (-1, "int64")), Sample((x,), (0, "int32")),
               Sample((x,), (1, "int64")),
               Sample((np.asarray(x[0, 0, 0]),), (0, "int64"), name="0-d"),
               Sample((np.zeros((0, 3), dtype),), (1, "int64"), name="empty")]
    if dtype == np.float32:  # ties and NaN: forward only (a numeric gradient would break ties)
        samples += [Sample((ties,), (1, "int64"), name="ties"),
                    Sample((nan,), (1, "int64"), name="nan")]
    return samples


entry("cummax", _cumext_samples, ref=_cumext_ref(np.greater_equal), double_grad=False)
entry("cummin", _cumext_samples, ref=_cumext_ref(np.less_equal), double_grad=False)
