"""op_db entries for sorting and searching ops (ties are covered by the goldens; samples here
use distinct values so a NumPy reference and numeric gradients are well defined)."""
from .entry import Sample, entry, np


def _distinct(rng, shape, dtype):
    return (rng.permutation(int(np.prod(shape))).reshape(shape).astype(dtype) - 7) / 4


def _gather_samples(rng, dtype):
    x = rng.uniform(-2, 2, (3, 4)).astype(dtype)
    return [Sample((x, rng.integers(0, 4, (3, 6))), (1,), name="repeats"),
            Sample((x, rng.integers(0, 3, (2, 4))), (0,), name="axis0"),
            Sample((x, rng.integers(-4, 0, (3, 2))), (-1,), name="negative index"),
            Sample((x, np.zeros((3, 0), np.int64)), (1,), name="empty")]


entry("gather_along_axis", _gather_samples,
      ref=lambda x, indices, axis: np.take_along_axis(x, indices, axis))


def _scatter_samples(rng, dtype):
    base = rng.uniform(-2, 2, (3, 4)).astype(dtype)
    idx = rng.integers(0, 4, (3, 5))
    return [Sample((base, idx, rng.uniform(-1, 1, (3, 5)).astype(dtype)), (1,), name="dups"),
            Sample((base, rng.integers(0, 3, (2, 4)), rng.uniform(-1, 1, (2, 4)).astype(dtype)),
                   (0,), name="axis0")]


def _scatter_ref(base, indices, values, axis):
    out = base.copy()
    for pos in np.ndindex(*indices.shape):
        target = list(pos)
        target[axis] = indices[pos]
        out[tuple(target)] += values[pos]
    return out


entry("scatter_add_along_axis", _scatter_samples, ref=_scatter_ref)


def _sort_samples(rng, dtype):
    x = _distinct(rng, (3, 5), dtype)
    samples = [Sample((x,), (-1, False, False)), Sample((x,), (0, True, False)),
               Sample((x,), (1, True, True)), Sample((np.asarray(x[0, 0]),), (-1, False, False),
                                                     name="0-d"),
               Sample((np.zeros((2, 0), dtype),), (-1, False, False), name="empty")]
    if dtype == np.float32:
        nan = np.array([[3.0, np.nan, 1.0], [np.nan, 2.0, -np.inf]], dtype)
        samples += [Sample((nan,), (1, False, True), name="nan"),
                    Sample((nan,), (1, True, True), name="nan desc"),
                    Sample((rng.integers(-5, 5, (2, 40)).astype(np.int64),), (1, False, True),
                           name="int ties stable")]
    return samples


def _sort_ref(x, axis, descending, stable):
    if x.ndim == 0:
        return x, np.zeros((), np.int64)
    keys = x
    if descending:  # NaN first, equal values keep their order
        keys = np.where(np.isnan(x), -np.inf, -x) if x.dtype.kind == "f" else -x
    order = np.argsort(keys, axis, kind="stable")
    return np.take_along_axis(x, order, axis), order


entry("sort", _sort_samples, ref=_sort_ref)


def _nonzero_samples(rng, dtype):
    x = rng.integers(-1, 2, (3, 4)).astype(dtype)
    return [Sample((x,)), Sample((x[0],), name="1-d"), Sample((np.zeros((2, 2), dtype),),
                                                            name="none")]


entry("nonzero", _nonzero_samples, ref=lambda x: np.argwhere(x), dtypes=("float32", "bool"))


def _search_samples(rng, dtype):
    seq = np.sort(rng.uniform(-2, 2, 7)).astype(dtype)
    seq2 = np.sort(rng.uniform(-2, 2, (2, 5)), -1).astype(dtype)
    vals = rng.uniform(-3, 3, (2, 3)).astype(dtype)
    return [Sample((seq, vals), (False, False)), Sample((seq, vals), (True, True)),
            Sample((seq2, vals), (False, False), name="per row"),
            Sample((seq, np.asarray(seq[2])), (False, True), name="0-d value hits")]


def _search_ref(seq, vals, out_int32, right):
    side = "right" if right else "left"
    if seq.ndim == 1:
        out = np.searchsorted(seq, vals, side)
    else:
        out = np.stack([np.searchsorted(s, v, side) for s, v in zip(seq, vals)])
    return np.asarray(out).astype(np.int32 if out_int32 else np.int64)


entry("searchsorted", _search_samples, ref=_search_ref)


def _topk_samples(rng, dtype):
    x = _distinct(rng, (3, 6), dtype)
    return [Sample((x,), (2, -1, True, True)), Sample((x,), (3, 0, False, True)),
            Sample((x,), (6, 1, True, True), name="k=n"),
            Sample((np.asarray(x[0, 0]),), (1, -1, True, True), name="0-d"),
            Sample((_distinct(rng, (2, 200), dtype),), (2, 1, True, True), name="partial sort")]


def _topk_ref(x, k, axis, largest, sorted_output):
    if x.ndim == 0:
        return x, np.zeros((), np.int64)
    order = np.argsort(-x if largest else x, axis, kind="stable")
    picked = np.take(order, range(k), axis=axis)
    return np.take_along_axis(x, picked, axis), picked


entry("topk", _topk_samples, ref=_topk_ref)


def _kth_samples(rng, dtype):
    x = _distinct(rng, (3, 5), dtype)
    return [Sample((x,), (2, -1, False)), Sample((x,), (3, 0, True)), Sample((x,), (5, 1, False)),
            Sample((np.asarray(x[0, 0]),), (1, 0, False), name="0-d")]


def _kth_ref(x, k, axis, keepdim):
    if x.ndim == 0:
        return x, np.zeros((), np.int64)
    order = np.argsort(x, axis, kind="stable")
    picked = np.take(order, [k - 1], axis=axis)
    values = np.take_along_axis(x, picked, axis)
    if not keepdim:
        values, picked = values.squeeze(axis), picked.squeeze(axis)
    return values, picked


entry("kthvalue", _kth_samples, ref=_kth_ref)


def _mode_samples(rng, dtype):
    if dtype != np.float32:  # distinct values: the mode is the minimum, a smooth choice
        x = _distinct(rng, (2, 5), dtype)
        return [Sample((x,), (-1, False)), Sample((x,), (0, True))]
    x = np.array([[2.0, 1.0, 2.0, 3.0, 0.5], [1.0, 4.0, 4.0, 1.0, 4.0]], dtype)
    return [Sample((x,), (-1, False)), Sample((x,), (1, True)),
            Sample((np.asarray(x[0, 0]),), (-1, False), name="0-d")]


def _mode_ref(x, axis, keepdim):
    if x.ndim == 0:
        return x, np.zeros((), np.int64)
    rows = np.moveaxis(x, axis, -1)
    values, indices = [], []
    for row in rows.reshape(-1, rows.shape[-1]):
        uniq, counts = np.unique(row, return_counts=True)
        best = uniq[np.argmax(counts)]
        values.append(best)
        indices.append(np.flatnonzero(row == best)[-1])
    shape = rows.shape[:-1]
    values, indices = np.array(values, x.dtype).reshape(shape), np.array(indices).reshape(shape)
    if keepdim:
        values, indices = np.expand_dims(values, axis), np.expand_dims(indices, axis)
    return values, indices


entry("mode", _mode_samples, ref=_mode_ref)


def _unique_samples(rng, dtype):
    x = rng.integers(0, 4, (3, 4)).astype(dtype)
    return [Sample((x,), (None, "int64")), Sample((x,), (0, "int32")), Sample((x,), (1, "int64")),
            Sample((np.asarray(x[0, 0]),), (None, "int64"), name="0-d")]


def _unique_ref(x, axis, dtype):
    flat = x.reshape(-1) if axis is None else x
    out = np.unique(flat, True, True, True, axis=axis)
    return (out[0],) + tuple(o.reshape(-1).astype(dtype) for o in out[1:])


entry("unique", _unique_samples, ref=_unique_ref, dtypes=("float32", "int64"))


def _consecutive_samples(rng, dtype):
    x = np.array([[1, 1, 2], [1, 1, 2], [3, 3, 3], [1, 1, 2]]).astype(dtype)
    return [Sample((x,), (None, "int64")), Sample((x,), (0, "int32")), Sample((x,), (1, "int64")),
            Sample((np.zeros(0, dtype),), (None, "int64"), name="empty")]


def _consecutive_ref(x, axis, dtype):
    v = x.reshape(-1) if axis is None else np.moveaxis(x, axis, 0)
    keep = [i for i in range(len(v)) if i == 0 or not np.array_equal(v[i], v[i - 1])]
    values = v[keep] if axis is None else np.moveaxis(v[keep], 0, axis)
    inverse = np.cumsum([i in keep for i in range(len(v))]) - 1
    counts = np.diff(keep + [len(v)])
    return values, inverse.astype(dtype), np.asarray(counts).astype(dtype)


entry("unique_consecutive", _consecutive_samples, ref=_consecutive_ref,
      dtypes=("float32", "int64"))
