"""op_db entries for shape/layout ops (attributes as the public layer passes them: lists of ints,
split sections resolved, non-negative axes where the op expects them)."""
from .entry import Sample, entry, np


def _x(rng, dtype, shape=(2, 3, 4)):
    return rng.uniform(-2, 2, shape).astype(dtype)


def _reshape_ref(x, shape):
    if 0 in x.shape:
        return np.zeros([d for d in shape if d != -1] + ([0] if -1 in shape else []),
                        x.dtype).reshape([0 if d == -1 else d for d in shape])
    return x.reshape([x.shape[i] if d == 0 else d for i, d in enumerate(shape)])


entry("reshape", lambda rng, dtype: [Sample((_x(rng, dtype),), ([4, -1],)),
                                     Sample((_x(rng, dtype),), ([0, 12],), name="copy dim"),
                                     Sample((_x(rng, dtype, ()),), ([1, 1],), name="0-d"),
                                     Sample((_x(rng, dtype, (1, 1)),), ([],), name="to 0-d"),
                                     Sample((_x(rng, dtype, (0, 3)),), ([3, 0],), name="empty"),
                                     Sample((_x(rng, dtype, (0, 3)),), ([-1, 5],),
                                            name="empty infer")],
      ref=_reshape_ref)


def _expand_ref(x, shape):
    lead = len(shape) - x.ndim
    return np.broadcast_to(x, [x.shape[i - lead] if d == -1 else d for i, d in enumerate(shape)])


entry("expand", lambda rng, dtype: [Sample((_x(rng, dtype, (3, 1)),), ([2, 3, 4],)),
                                    Sample((_x(rng, dtype, (3, 1)),), ([-1, 5],)),
                                    Sample((_x(rng, dtype, ()),), ([3],), name="0-d"),
                                    Sample((_x(rng, dtype, (0, 1)),), ([2, 0, 3],),
                                           name="empty")],
      ref=_expand_ref)
entry("transpose", lambda rng, dtype: [Sample((_x(rng, dtype),), ([2, 0, 1],)),
                                       Sample((_x(rng, dtype, ()),), ([],), name="0-d"),
                                       Sample((_x(rng, dtype, (0, 3)),), ([1, 0],),
                                              name="empty")])


def _list_samples(rng, dtype):
    a, b = _x(rng, dtype, (2, 3)), _x(rng, dtype, (2, 5))
    return [Sample(([a, b],), (1,)), Sample(([a, a[:1]],), (0,)), Sample(([a, b],), (-1,)),
            Sample(([a, _x(rng, dtype, (0, 3))],), (0,), name="empty part"),
            Sample(([a],), (0,), name="single")]


entry("concat", _list_samples, ref=lambda xs, axis: np.concatenate(xs, axis))
entry("stack", lambda rng, dtype: [Sample(([_x(rng, dtype, (2, 3)), _x(rng, dtype, (2, 3))],),
                                          (1,)),
                                   Sample(([_x(rng, dtype, (2, 3))] * 2,), (-1,), name="neg"),
                                   Sample(([_x(rng, dtype, ())] * 3,), (0,), name="0-d"),
                                   Sample(([_x(rng, dtype, (0, 2))] * 2,), (1,), name="empty")],
      ref=lambda xs, axis: np.stack(xs, axis))
entry("split", lambda rng, dtype: [Sample((_x(rng, dtype, (6, 4)),), ([2, 4], 0)),
                                   Sample((_x(rng, dtype, (6, 4)),), ([1, 1, 2], 1)),
                                   Sample((_x(rng, dtype, (6, 4)),), ([0, 4], -1),
                                          name="zero section"),
                                   Sample((_x(rng, dtype, (0, 4)),), ([2, 2], 1),
                                          name="empty")],
      ref=lambda x, sections, axis: np.split(x, np.cumsum(sections)[:-1], axis))
entry("unstack", lambda rng, dtype: [Sample((_x(rng, dtype, (3, 2)),), (0, None)),
                                     Sample((_x(rng, dtype, (3, 2)),), (1, None)),
                                     Sample((_x(rng, dtype, (3,)),), (0, None), name="to 0-d")],
      ref=lambda x, axis, num: list(np.moveaxis(x, axis, 0)))
entry("cast", lambda rng, dtype: [Sample((_x(rng, dtype),), (str(dtype),)),
                                  Sample((_x(rng, dtype),), ("float64",)),
                                  Sample((_x(rng, dtype, ()),), ("float64",), name="0-d"),
                                  Sample((_x(rng, dtype, (0, 2)),), ("float64",), name="empty")],
      ref=lambda x, dtype: x.astype(dtype))


def _squeeze_ref(x, axis):
    if not axis:
        return np.squeeze(x)
    return np.squeeze(x, tuple(a for a in axis if x.shape[a] == 1))


entry("squeeze", lambda rng, dtype: [Sample((_x(rng, dtype, (1, 3, 1)),), ([],)),
                                     Sample((_x(rng, dtype, (1, 3, 1)),), ([0],)),
                                     Sample((_x(rng, dtype, (1, 3, 1)),), ([1, -1],)),
                                     Sample((_x(rng, dtype, ()),), ([],), name="0-d"),
                                     Sample((_x(rng, dtype, (1, 0)),), ([0],), name="empty")],
      ref=_squeeze_ref)
entry("unsqueeze", lambda rng, dtype: [Sample((_x(rng, dtype, (3,)),), ([0],)),
                                       Sample((_x(rng, dtype, (3,)),), ([-1, 0],)),
                                       Sample((_x(rng, dtype, ()),), ([0],), name="0-d"),
                                       Sample((_x(rng, dtype, (0,)),), ([1],), name="empty")],
      ref=lambda x, axis: _unsqueeze_ref(x, axis))


def _unsqueeze_ref(x, axis):
    for a in axis:
        x = np.expand_dims(x, a % (x.ndim + 1))
    return x
