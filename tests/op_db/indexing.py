"""op_db entries for getitem / setitem / index_accumulate."""
from .entry import Sample, entry, np

_SPECS = [
    ((("int", 1),), []),
    ((("slice", None, None, 2), ("int", -1)), []),
    ((("slice", None, None, -1), ("slice", 3, 0, -2)), []),
    ((("ellipsis",), ("none",), ("slice", 1, 3, None)), []),
    ((("slice", 5, 9, None),), []),
    ((("tensor", 0),), [np.array([2, 0, 2])]),
    ((("tensor", 0),), [np.array(-1)]),
    ((("tensor", 0),), [np.zeros(0, np.int64)]),
    ((("slice", None, None, None), ("tensor", 0)), [np.array([[0, 1], [3, 3]])]),
    ((("tensor", 0), ("tensor", 1)), [np.array([[0], [2]]), np.array([1, 3])]),
]


def _index(spec, arrays):
    from paddle._core.ops.indexing import build_index
    return build_index(spec, arrays)


def _getitem_samples(rng, dtype):
    x = rng.uniform(-2, 2, (3, 4)).astype(dtype)
    out = [Sample((x, idx), (spec,), grad_inputs=(0,)) for spec, idx in _SPECS]
    mask = rng.uniform(size=(3, 4)) > 0.5
    out.append(Sample((x, [mask]), ((("tensor", 0),),), grad_inputs=(0,), name="mask"))
    out.append(Sample((np.asarray(x[0, 0]), []), ((("none",), ("ellipsis",)),),
                      grad_inputs=(0,), name="0-d"))
    out.append(Sample((x[:0], [np.array([0, 1])]), ((("slice", None, None, None),
                                                      ("tensor", 0)),), grad_inputs=(0,),
                      name="empty"))
    return out


entry("getitem", _getitem_samples, ref=lambda x, idx, spec: x[_index(spec, idx)])


def _accumulate_ref(base, values, idx, spec):
    out = base.copy()
    np.add.at(out, _index(spec, idx), values)
    return out


def _accumulate_samples(rng, dtype):
    base = rng.uniform(-2, 2, (3, 4)).astype(dtype)
    return [Sample((base, rng.uniform(-1, 1, (3, 4)).astype(dtype), [np.array([0, 2, 0])]),
                   ((("tensor", 0),),), grad_inputs=(0, 1)) for _ in range(1)] + [
        Sample((base, rng.uniform(-1, 1, (4,)).astype(dtype), []), ((("int", 1),),),
               grad_inputs=(0, 1))]


entry("index_accumulate", _accumulate_samples, ref=_accumulate_ref)


def _setitem_ref(x, values, idx, spec):
    out = x.copy()
    out[_index(spec, idx)] = values
    return out


def _setitem_samples(rng, dtype):
    x = rng.uniform(-2, 2, (3, 4)).astype(dtype)
    return [Sample((x, rng.uniform(-1, 1, (4,)).astype(dtype), []), ((("int", 1),),),
                   grad_inputs=(0, 1)),
            Sample((x, rng.uniform(-1, 1, ()).astype(dtype), [np.array([0, 2])]),
                   ((("tensor", 0),),), grad_inputs=(0, 1)),
            Sample((x, rng.uniform(-1, 1, (3, 1)).astype(dtype), []),
                   ((("slice", None, None, None), ("slice", 1, 3, None)),), grad_inputs=(0, 1))]


entry("setitem", _setitem_samples, ref=_setitem_ref)


def _basic_samples(rng, dtype):
    x = rng.uniform(-2, 2, (3, 4)).astype(dtype)
    return [Sample((x,), (spec,), name=str(spec)) for spec, idx in _SPECS if not idx] + [
        Sample((np.asarray(x[0, 0]),), ((("none",), ("ellipsis",)),), name="0-d"),
        Sample((x[:0],), ((("slice", None, None, -1),),), name="empty")]


entry("getitem_basic", _basic_samples, ref=lambda x, spec: x[_index(spec, [])])


def _setitem_basic_samples(rng, dtype):
    x = rng.uniform(-2, 2, (3, 4)).astype(dtype)
    return [Sample((x, rng.uniform(-1, 1, (4,)).astype(dtype)), ((("int", 1),),)),
            Sample((x, rng.uniform(-1, 1, ()).astype(dtype)),
                   ((("slice", None, None, -2), ("int", -1)),), name="scalar"),
            Sample((x, rng.uniform(-1, 1, (3, 1)).astype(dtype)),
                   ((("slice", None, None, None), ("slice", 1, 3, None)),), name="broadcast")]


entry("setitem_basic", _setitem_basic_samples,
      ref=lambda x, values, spec: _setitem_ref(x, values, [], spec))
