"""op_db entries for full_like and fill."""
from .entry import Sample, entry, np, randn

entry("full_like", lambda rng, dtype: [Sample((np.zeros((2, 3), dtype),), (1.5, None)),
                                       Sample((np.zeros((0,), dtype),), (2, "int64")),
                                       Sample((np.zeros((), dtype),), (-1.0, "float64"))])
entry("fill", lambda rng, dtype: [Sample((randn(rng, (2, 3), dtype),), (1.5,)),
                                  Sample((randn(rng, (0, 2), dtype),), (0,)),
                                  Sample((randn(rng, (), dtype),), (-2.0,))])
