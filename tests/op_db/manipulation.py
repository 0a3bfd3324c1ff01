"""op_db entries for shape/layout ops."""
from .entry import Sample, entry, np


def _x(rng, dtype, shape=(2, 3, 4)):
    return rng.uniform(-2, 2, shape).astype(dtype)


entry("reshape", lambda rng, dtype: [Sample((_x(rng, dtype),), ([4, -1],)),
                                     Sample((_x(rng, dtype),), ([0, 12],)),
                                     Sample((_x(rng, dtype, ()),), ([1, 1],))],
      ref=lambda x, shape: x.reshape([x.shape[i] if d == 0 else d
                                      for i, d in enumerate(shape)]))
entry("expand", lambda rng, dtype: [Sample((_x(rng, dtype, (3, 1)),), ([2, 3, 4],)),
                                    Sample((_x(rng, dtype, (3, 1)),), ([-1, 5],))],
      ref=lambda x, shape: np.broadcast_to(
          x, [x.shape[i - (len(shape) - x.ndim)] if d == -1 else d
              for i, d in enumerate(shape)]))
entry("transpose", lambda rng, dtype: [Sample((_x(rng, dtype),), ([2, 0, 1],))])


def _list_samples(rng, dtype):
    a, b = _x(rng, dtype, (2, 3)), _x(rng, dtype, (2, 5))
    return [Sample(([a, b],), (1,)), Sample(([a, a[:1]],), (0,)), Sample(([a, b],), (-1,))]


entry("concat", _list_samples, ref=lambda xs, axis: np.concatenate(xs, axis))
entry("stack", lambda rng, dtype: [Sample(([_x(rng, dtype, (2, 3)), _x(rng, dtype, (2, 3))],),
                                          (1,)),
                                   Sample(([_x(rng, dtype, ())] * 3,), (0,))],
      ref=lambda xs, axis: np.stack(xs, axis))
entry("split", lambda rng, dtype: [Sample((_x(rng, dtype, (6, 4)),), ([2, 4], 0)),
                                   Sample((_x(rng, dtype, (6, 4)),), ([1, 1, 2], 1))],
      ref=lambda x, sections, axis: np.split(x, np.cumsum(sections)[:-1], axis))
entry("unstack", lambda rng, dtype: [Sample((_x(rng, dtype, (3, 2)),), (0, None)),
                                     Sample((_x(rng, dtype, (3, 2)),), (1, None))],
      ref=lambda x, axis, num: list(np.moveaxis(x, axis, 0)))
entry("cast", lambda rng, dtype: [Sample((_x(rng, dtype),), (str(dtype),)),
                                  Sample((_x(rng, dtype),), ("float64",))],
      ref=lambda x, dtype: x.astype(dtype))
entry("squeeze", lambda rng, dtype: [Sample((_x(rng, dtype, (1, 3, 1)),), ([],)),
                                     Sample((_x(rng, dtype, (1, 3, 1)),), ([0],)),
                                     Sample((_x(rng, dtype, (1, 3, 1)),), ([1, -1],))],
      ref=lambda x, axis: np.squeeze(x, tuple(a for a in axis if x.shape[a] == 1))
      if axis else np.squeeze(x))
entry("unsqueeze", lambda rng, dtype: [Sample((_x(rng, dtype, (3,)),), ([0],)),
                                       Sample((_x(rng, dtype, (3,)),), ([-1, 0],))],
      ref=lambda x, axis: _unsqueeze_ref(x, axis))


def _unsqueeze_ref(x, axis):
    for a in axis:
        x = np.expand_dims(x, a % (x.ndim + 1))
    return x
