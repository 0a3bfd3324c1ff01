"""op_db entries for creation ops (no tensor inputs)."""
from .entry import Sample, entry, np

entry("full", lambda rng, dtype: [Sample((), ([2, 3], 1.5, str(dtype))),
                                  Sample((), ([], 7, "int64"))],
      ref=lambda shape, value, dtype: np.full(shape, value, dtype))
entry("arange", lambda rng, dtype: [Sample((), (0, 5, 1, "int64")),
                                    Sample((), (1.0, 2.0, 0.25, str(dtype))),
                                    Sample((), (5, 0, -2, "int64"))],
      ref=lambda start, end, step, dtype: np.arange(start, end, step).astype(dtype))
entry("linspace", lambda rng, dtype: [Sample((), (0, 1, 5, str(dtype))),
                                      Sample((), (2, -2, 1, str(dtype)))],
      ref=lambda start, stop, num, dtype: np.linspace(start, stop, num).astype(dtype))
entry("eye", lambda rng, dtype: [Sample((), (3, 4, str(dtype)))],
      ref=lambda rows, cols, dtype: np.eye(rows, cols, dtype=dtype))
