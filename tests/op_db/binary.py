"""op_db entries for broadcasting binary ops, comparisons, logic and bitwise ops."""
from .entry import Sample, binary_samples, entry, np

entry("add", binary_samples())
entry("subtract", binary_samples())
entry("multiply", binary_samples())
entry("divide", binary_samples(y_low=0.5, y_high=2.0))
entry("maximum", binary_samples(), double_grad=False)
entry("minimum", binary_samples(), double_grad=False)
entry("fmax", binary_samples(), double_grad=False)
entry("fmin", binary_samples(), double_grad=False)
entry("atan2", binary_samples(0.5, 2.0))
entry("elementwise_pow", binary_samples(0.5, 2.0))
entry("remainder", binary_samples(y_low=0.7, y_high=2.0), double_grad=False)
entry("floor_divide", binary_samples(y_low=0.7, y_high=2.0))


def _pow_samples(rng, dtype):
    x = rng.uniform(0.5, 2, (3, 4)).astype(dtype)
    return [Sample((x,), (2.0,)), Sample((x,), (0.5,)), Sample((x,), (-1.5,)),
            Sample((np.zeros((0,), dtype),), (3.0,))]


entry("pow", _pow_samples, ref=lambda x, y: np.power(x, x.dtype.type(y)))


def _where_samples(rng, dtype):
    cond = rng.uniform(size=(3, 4)) > 0.5
    x = rng.uniform(-2, 2, (3, 4)).astype(dtype)
    y = rng.uniform(-2, 2, (4,)).astype(dtype)
    return [Sample((cond, x, y), grad_inputs=(1, 2)),
            Sample((cond[0], x[0], y), grad_inputs=(1, 2))]


entry("where", _where_samples)

for _name in ["equal", "not_equal", "less_than", "less_equal", "greater_than", "greater_equal",
              "logical_and", "logical_or", "logical_xor"]:
    entry(_name, binary_samples(-1, 1), dtypes=("float32", "int64"))


def _bits(rng, dtype):
    return [Sample((rng.integers(0, 64, (3, 4)).astype(dtype),
                    rng.integers(0, 4, (4,)).astype(dtype)))]


for _name in ["bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift",
              "bitwise_right_shift"]:
    entry(_name, _bits, dtypes=("int32", "int64"))

entry("logical_not", lambda rng, dtype: [Sample((rng.uniform(size=(3,)) > 0.5,))],
      dtypes=("bool",))


def _invert_samples(rng, dtype):
    return [Sample((rng.integers(-5, 5, (3, 4)).astype(dtype),))]


entry("bitwise_not", _invert_samples, dtypes=("int32", "int64"))
