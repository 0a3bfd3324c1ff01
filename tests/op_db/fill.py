"""op_db entries for full_like."""
from .entry import Sample, entry, np

entry("full_like", lambda rng, dtype: [Sample((np.zeros((2, 3), dtype),), (1.5, None)),
                                       Sample((np.zeros((0,), dtype),), (2, "int64")),
                                       Sample((np.zeros((), dtype),), (-1.0, "float64"))])
