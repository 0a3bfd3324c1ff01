"""op_db entry for put_along_axis (the reducing scatter kernel), checked against a loop."""
from .entry import Sample, entry, np


def _put_loop(arr, indices, values, axis, reduce="assign", include_self=True):
    """Reference: visit every index position in order and combine one value at a time."""
    out = arr.astype(np.float64)
    seen = np.zeros(arr.shape, bool)
    counts = np.ones(arr.shape) if include_self else np.zeros(arr.shape)
    for pos in np.ndindex(*indices.shape):
        target = list(pos)
        target[axis] = indices[pos] % arr.shape[axis]
        target = tuple(target)
        v = float(values[pos])
        first = not seen[target] and not include_self
        if reduce == "assign" or first:
            out[target] = v
        elif reduce in ("add", "mean"):
            out[target] += v
        elif reduce in ("mul", "multiply"):
            out[target] *= v
        elif reduce == "amin":
            out[target] = min(out[target], v)
        else:
            out[target] = max(out[target], v)
        seen[target] = True
        counts[target] += 1
    if reduce == "mean":
        out = np.where(seen, out / np.maximum(counts, 1), out)
    return out.astype(arr.dtype)


def _put_samples(rng, dtype):
    arr = rng.uniform(0.5, 2, (3, 4)).astype(dtype)
    rows = np.array([[0, 2, 2, 1], [1, 1, 0, -1]])
    cols = np.array([[0, 0], [3, 1], [2, -4]])
    values_rows = rng.uniform(0.5, 2, rows.shape).astype(dtype)
    values_cols = rng.uniform(0.5, 2, cols.shape).astype(dtype)
    out = []
    for reduce in ("assign", "add", "mul", "mean", "amin", "amax"):
        for include_self in (True, False):
            out.append(Sample((arr, rows, values_rows), (0, reduce, include_self),
                              grad_inputs=(0, 2), name=f"{reduce} rows {include_self}"))
            out.append(Sample((arr, cols, values_cols), (1, reduce, include_self),
                              grad_inputs=(0, 2), name=f"{reduce} cols {include_self}"))
    out.append(Sample((np.zeros((0, 3), dtype), np.zeros((0, 2), np.int64),
                       np.zeros((0, 2), dtype)), (1, "add", True), grad_inputs=(0, 2),
                      name="empty"))
    return out


entry("put_along_axis", _put_samples, ref=_put_loop)
