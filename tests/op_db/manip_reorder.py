"""op_db entries for flip, roll, tril/triu, as_complex/as_real, flatten, shape and pad."""
from .entry import Sample, entry, np


def _x(rng, dtype, shape=(2, 3, 4)):
    return rng.uniform(-2, 2, shape).astype(dtype)


entry("flip", lambda rng, dtype: [Sample((_x(rng, dtype),), ([0, 2],)),
                                  Sample((_x(rng, dtype),), ([1],)),
                                  Sample((_x(rng, dtype, ()),), ([],), name="0-d"),
                                  Sample((_x(rng, dtype, (0, 3)),), ([1],), name="empty")],
      ref=lambda x, axis: np.flip(x, tuple(axis)) if axis else x)
entry("roll", lambda rng, dtype: [Sample((_x(rng, dtype),), ([1], None), name="flat"),
                                  Sample((_x(rng, dtype),), ([1, -2], [0, 2])),
                                  Sample((_x(rng, dtype),), ([5], [1]), name="wraps"),
                                  Sample((_x(rng, dtype, ()),), ([1], None), name="0-d"),
                                  Sample((_x(rng, dtype, (0, 3)),), ([1], [1]), name="empty")],
      ref=lambda x, shifts, axis: np.roll(x, shifts[0]) if axis is None
      else np.roll(x, shifts, axis))


def _tri_samples(rng, dtype):
    return [Sample((_x(rng, dtype, (3, 4)),), (0,)), Sample((_x(rng, dtype, (3, 4)),), (-1,)),
            Sample((_x(rng, dtype, (2, 3, 3)),), (1,), name="batched"),
            Sample((_x(rng, dtype, (0, 3)),), (0,), name="empty")]


entry("tril", _tri_samples, ref=np.tril)
entry("triu", _tri_samples, ref=np.triu)

# complex outputs/inputs are outside the real-valued numeric gradient check; the gradients of
# as_complex/as_real are checked through real round trips in tests/tensor/test_manipulation.py
entry("as_complex", lambda rng, dtype: [Sample((_x(rng, dtype, (3, 2)),)),
                                        Sample((_x(rng, dtype, (2, 0, 2)),), name="empty")],
      ref=lambda x: x[..., 0] + 1j * x[..., 1], grad=False)
entry("as_real", lambda rng, dtype: [Sample(((_x(rng, "float64", (3, 4)) + 1j * _x(
    rng, "float64", (3, 4))).astype(dtype),)), Sample((np.zeros((), dtype),), name="0-d")],
      ref=lambda x: np.stack([x.real, x.imag], -1), dtypes=("complex64", "complex128"),
      grad=False)
entry("shape", lambda rng, dtype: [Sample((_x(rng, dtype),)), Sample((_x(rng, dtype, ()),)),
                                   Sample((_x(rng, dtype, (0, 2)),))],
      ref=lambda x: np.asarray(x.shape, np.int64))


def _pad_samples(rng, dtype):
    x = _x(rng, dtype, (2, 3, 4))
    return [Sample((x, ), ([(0, 0), (1, 2), (0, 1)], "constant", 0.5)),
            Sample((x, ), ([(0, 0), (-1, 1), (2, -1)], "constant", 0.0), name="crop"),
            Sample((x, ), ([(0, 0), (2, 1), (3, 0)], "reflect", 0.0)),
            Sample((x, ), ([(1, 0), (0, 2), (1, 1)], "replicate", 0.0)),
            Sample((x, ), ([(0, 0), (4, 1), (5, 2)], "circular", 0.0), name="wraps twice"),
            Sample((_x(rng, dtype, ()),), ([], "constant", 0.0), name="0-d")]


def _pad_ref(x, pairs, mode, value):
    if x.ndim == 0:
        return x
    lo = [max(-b, 0) for b, _ in pairs]
    hi = [x.shape[i] - max(-a, 0) for i, (_, a) in enumerate(pairs)]
    x = x[tuple(slice(a, b) for a, b in zip(lo, hi))]
    grow = [(max(b, 0), max(a, 0)) for b, a in pairs]
    if mode == "constant":
        return np.pad(x, grow, constant_values=value)
    return np.pad(x, grow, mode={"reflect": "reflect", "replicate": "edge",
                                 "circular": "wrap"}[mode])


entry("pad", _pad_samples, ref=_pad_ref)



def _flatten_ref(x, start, stop):
    if x.ndim == 0:
        return x.reshape(1)
    return x.reshape(x.shape[:start] + (int(np.prod(x.shape[start:stop + 1])),)
                     + x.shape[stop + 1:])


entry("flatten", lambda rng, dtype: [Sample((_x(rng, dtype, (2, 3, 4)),), (1, 2)),
                                     Sample((_x(rng, dtype, (2, 3, 4)),), (0, 2), name="all"),
                                     Sample((_x(rng, dtype, (2, 3, 4)),), (1, 1), name="one axis"),
                                     Sample((_x(rng, dtype, ()),), (0, -1), name="0-d"),
                                     Sample((_x(rng, dtype, (2, 0, 3)),), (0, 1), name="empty")],
      ref=_flatten_ref)
