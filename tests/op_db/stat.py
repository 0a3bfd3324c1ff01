"""op_db entries for median/nanmedian (over the last axis) and the counting ops."""
from .entry import Sample, entry, np


def _median_samples(rng, dtype):
    odd = (rng.permutation(15).reshape(3, 5).astype(dtype) - 7) / 4
    even = (rng.permutation(12).reshape(3, 4).astype(dtype) - 6) / 4
    samples = [Sample((odd,), ("avg", True)), Sample((even,), ("avg", True)),
               Sample((odd,), ("min", False)), Sample((even,), ("min", True)),
               Sample((even[0],), ("avg", True), name="1-d")]
    if dtype == np.float32:
        nan = np.array([[3.0, np.nan, 1.0, 2.0], [1.0, 4.0, 2.0, 3.0]], dtype)
        samples += [Sample((nan,), ("avg", True), name="nan"),
                    Sample((nan,), ("min", False), name="nan min"),
                    Sample((np.array([[1, 4, 2, 3]], np.int64),), ("min", False), name="int")]
    return samples


def _median_ref(ignore_nan):
    """Values, lower-middle index and upper-middle index per row (distinct values, so the
    indices are unambiguous); a row with NaN reports its first NaN unless NaN is ignored."""
    def ref(x, mode, evenly):
        values, lower, upper = [], [], []
        for row in x.reshape(-1, x.shape[-1]):
            nan = np.isnan(row) if row.dtype.kind == "f" else np.zeros(len(row), bool)
            if nan.any() and not ignore_nan:
                first = np.flatnonzero(nan)[0]
                values.append(np.nan)
                lower.append(first)
                upper.append(first)
                continue
            valid = np.flatnonzero(~nan)
            order = valid[np.argsort(row[valid], kind="stable")]
            lo, hi = order[(len(order) - 1) // 2], order[len(order) // 2]
            values.append(row[lo] if mode == "min" else (row[lo] + row[hi]) / 2)
            lower.append(lo)
            upper.append(hi)
        shape = x.shape[:-1]
        return (np.array(values, x.dtype).reshape(shape), np.array(lower).reshape(shape),
                np.array(upper).reshape(shape))
    return ref


entry("median", _median_samples, ref=_median_ref(False))
entry("nanmedian", _median_samples, ref=_median_ref(True))


def _histogram_samples(rng, dtype):
    x = rng.uniform(-2, 2, (4, 5)).astype(dtype)
    weight = rng.uniform(0, 1, (4, 5)).astype(dtype)
    return [Sample((x, None), (5, 0.0, 0.0, False)), Sample((x, None), (4, -1.0, 1.0, False)),
            Sample((x, weight), (3, 0.0, 0.0, False), name="weighted"),
            Sample((x, None), (6, 0.0, 0.0, True), name="density"),
            Sample((np.full(3, 2.0, dtype), None), (4, 0.0, 0.0, False), name="constant")]


def _histogram_ref(x, weight, bins, low, high, density):
    if low == 0 and high == 0:
        low, high = float(x.min()), float(x.max())
    if low == high:
        low, high = low - 1, high + 1
    counts, _ = np.histogram(x, bins, (low, high), weights=weight, density=density)
    if density:
        return counts.astype(np.float32)
    return counts.astype(np.int64 if weight is None else weight.dtype)


entry("histogram", _histogram_samples, ref=_histogram_ref)


def _bincount_samples(rng, dtype):
    x = rng.integers(0, 6, 10)
    return [Sample((x, None), (0,)), Sample((x.astype(np.int32), None), (9,), name="minlength"),
            Sample((x, rng.uniform(0, 1, 10).astype(dtype)), (0,), name="weights"),
            Sample((np.zeros(0, np.int64), None), (0,), name="empty")]


def _bincount_ref(x, weights, minlength):
    out = np.bincount(x, weights, minlength)
    return out.astype(np.int64 if weights is None else weights.dtype)


entry("bincount", _bincount_samples, ref=_bincount_ref)


def _histogramdd_samples(rng, dtype):
    x = rng.uniform(0, 1, (6, 2)).astype(dtype)
    edges = ((0.0, 0.5, 1.0), (0.0, 0.25, 0.5, 1.0))
    return [Sample((x, None), (edges, False)),
            Sample((x, rng.uniform(0, 1, 6).astype(dtype)), (edges, True), name="weights")]


def _histogramdd_ref(x, weights, edges, density):
    hist, grid = np.histogramdd(x, [np.asarray(e) for e in edges], weights=weights,
                                density=density)
    return (hist.astype(x.dtype),) + tuple(g.astype(x.dtype) for g in grid)


entry("histogramdd", _histogramdd_samples, ref=_histogramdd_ref)
