"""op_db entries for as_strided (windows that overlap, skip, transpose, repeat an element,
an offset and an empty shape) and shard_index (both shards, a custom ignore value)."""
from .entry import Sample, entry, np


def _as_strided_samples(rng, dtype):
    x = rng.uniform(-2, 2, (12,)).astype(dtype)
    item = np.dtype(dtype).itemsize
    return [Sample((x,), ([3, 2], [4, 1], item), name="offset"),
            Sample((x,), ([4, 3], [2, 1], 0), name="overlapping windows"),
            Sample((x.reshape(3, 4),), ([4, 3], [1, 4], 0), name="transposed"),
            Sample((x,), ([2, 3], [0, 2], 2 * item), name="repeated rows"),
            Sample((rng.uniform(-2, 2, ()).astype(dtype),), ([], [], 0), name="0-d"),
            Sample((x,), ([0, 3], [1, 1], 0), name="empty")]


def _shard_samples(rng, dtype):
    ids = np.array([[16], [1], [10], [19], [0]], np.int64)
    return [Sample((ids,), (20, 2, 0, -1)), Sample((ids.astype(np.int32),), (20, 3, 1, -5)),
            Sample((ids.reshape(1, 5, 1),), (21, 4, 3, -1), name="3-D")]


entry("as_strided", _as_strided_samples)
entry("shard_index", _shard_samples, dtypes=("int64",), grad=False)
