"""op_db entries for random ops. Their values are random, so there is no NumPy reference: the
generic tests check infer_meta against the kernel; tests/tensor/test_random.py checks the
distributions statistically."""
from .entry import Sample, entry, np

_RANDOM = "random samples: checked statistically in tests/tensor/test_random.py"


def _dt(name):
    from paddle._core import dtype as D
    return D.to_dtype(str(name))


def _fill_samples(rng, dtype, attrs_for):
    """Shape-attribute and like-tensor forms over 0-d, vector, empty and 3-D shapes."""
    shapes = [(), (5,), (0, 3), (2, 3, 2)]
    samples = [Sample((None,), attrs_for(list(s), dtype), name=f"shape{s}") for s in shapes]
    samples += [Sample((rng.uniform(size=s).astype(dtype),), attrs_for(None, dtype),
                       name=f"like{s}") for s in shapes]
    return samples


entry("uniform", lambda rng, dtype: _fill_samples(
    rng, dtype, lambda shape, dt: (shape, _dt(dt), -1.0, 1.0, 0)), skip_ref=_RANDOM, grad=False)
entry("gaussian", lambda rng, dtype: _fill_samples(
    rng, dtype, lambda shape, dt: (shape, 0.0, 1.0, 0, _dt(dt))), skip_ref=_RANDOM, grad=False,
    dtypes=("float32", "float64", "complex64"))
entry("randint", lambda rng, dtype: _fill_samples(
    rng, dtype, lambda shape, dt: (-3, 7, shape, _dt("int64"))), skip_ref=_RANDOM, grad=False)
entry("randperm", lambda rng, dtype: [Sample((), (5, _dt("int64")), name="5"),
                                      Sample((), (0, _dt("int32")), name="empty"),
                                      Sample((), (4, _dt(dtype)), name="float")],
      skip_ref=_RANDOM)


def _probs(rng, dtype):
    return [Sample((rng.uniform(0.1, 1.0, size=(4,)).astype(dtype),), (3, False), name="1-D"),
            Sample((rng.uniform(0.1, 1.0, size=(2, 5)).astype(dtype),), (7, True), name="2-D"),
            Sample((np.zeros((0, 3), dtype),), (2, True), name="no rows")]


entry("multinomial", _probs, skip_ref=_RANDOM)


def _unit(rng, dtype):
    return [Sample((rng.uniform(0, 1, size=s).astype(dtype),), name=str(s))
            for s in [(), (6,), (0, 2), (2, 3)]]


def _rates(rng, dtype):
    return [Sample((rng.uniform(0.5, 5, size=s).astype(dtype),), name=str(s))
            for s in [(), (6,), (0, 2), (2, 3)]]


entry("bernoulli", _unit, skip_ref=_RANDOM)
entry("poisson", _rates, skip_ref=_RANDOM, grad=False)
entry("standard_gamma", _rates, skip_ref=_RANDOM)
entry("binomial", lambda rng, dtype: [
    Sample((rng.integers(0, 10, size=(4,)).astype("int64"),
            rng.uniform(0, 1, size=(4,)).astype(dtype)), name="same"),
    Sample((rng.integers(0, 10, size=(2, 1)).astype("int64"),
            rng.uniform(0, 1, size=(3,)).astype(dtype)), name="broadcast"),
    Sample((np.asarray(5, "int64"), np.asarray(0.5, dtype)), name="0-d")], skip_ref=_RANDOM)
