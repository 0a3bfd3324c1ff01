"""op_db entries for creation ops (no tensor inputs)."""
from .entry import Sample, entry, np


def _dt(dtype):
    from paddle._core import dtype as D
    return D.to_dtype(str(dtype))


entry("full", lambda rng, dtype: [Sample((), ([2, 3], 1.5, str(dtype)), name="2x3"),
                                  Sample((), ([], 7, "int64"), name="0-d"),
                                  Sample((), ([0, 2], 1.0, str(dtype)), name="empty"),
                                  Sample((), ([3], 1.7, "int32"), name="truncates")],
      ref=lambda shape, value, dtype: np.full(shape, value).astype(dtype))


def _arange_ref(start, end, step, dtype):
    ct = np.float32 if np.dtype(dtype.np_dtype).itemsize < 8 and dtype.kind == "f" else None
    if ct is None:
        return np.arange(start, end, step).astype(dtype.np_dtype)
    values = np.arange(ct(start), ct(end), ct(step), dtype=ct)
    return values.astype(dtype.np_dtype)


entry("arange", lambda rng, dtype: [Sample((), (0, 5, 1, _dt("int64")), name="ints"),
                                    Sample((), (1.0, 2.0, 0.25, _dt(dtype)), name="floats"),
                                    Sample((), (5, 0, -2, _dt("int64")), name="negative"),
                                    Sample((), (3, 0, 1, _dt("int32")), name="empty"),
                                    Sample((), (-1.5, 1.5, 0.5, _dt(dtype)), name="neg-start")],
      ref=_arange_ref)
entry("linspace", lambda rng, dtype: [Sample((), (0, 1, 5, _dt(dtype)), name="5"),
                                      Sample((), (2, -2, 1, _dt(dtype)), name="num=1"),
                                      Sample((), (0, 1, 0, _dt(dtype)), name="empty"),
                                      Sample((), (-3.3, 7.9, 13, _dt(dtype)), name="13")],
      ref=lambda start, stop, num, dtype: np.linspace(start, stop, num).astype(dtype.np_dtype))
entry("logspace", lambda rng, dtype: [Sample((), (0, 2, 5, 10.0, _dt(dtype)), name="base10"),
                                      Sample((), (0, 3, 4, 2.0, _dt(dtype)), name="base2"),
                                      Sample((), (1, 3, 1, 10.0, _dt(dtype)), name="num=1")],
      ref=lambda start, stop, num, base, dtype: np.logspace(
          start, stop, num, base=base).astype(dtype.np_dtype))
entry("eye", lambda rng, dtype: [Sample((), (3, 4, str(dtype)), name="3x4"),
                                 Sample((), (0, 2, str(dtype)), name="empty")],
      ref=lambda rows, cols, dtype: np.eye(rows, cols, dtype=dtype))
entry("tril_indices", lambda rng, dtype: [Sample((), (3, 3, 0, _dt("int64")), name="3x3"),
                                          Sample((), (3, 4, 1, _dt("int32")), name="offset"),
                                          Sample((), (4, 3, -1, _dt("int64")), name="neg"),
                                          Sample((), (0, 3, 0, _dt("int64")), name="empty")],
      ref=lambda rows, cols, offset, dtype: np.stack(np.tril_indices(rows, offset, cols)))
entry("triu_indices", lambda rng, dtype: [Sample((), (3, 3, 0, _dt("int64")), name="3x3"),
                                          Sample((), (3, 4, 1, _dt("int32")), name="offset"),
                                          Sample((), (4, 3, -1, _dt("int64")), name="neg"),
                                          Sample((), (2, 2, 5, _dt("int64")), name="empty")],
      ref=lambda rows, cols, offset, dtype: np.stack(np.triu_indices(rows, offset, cols)))
