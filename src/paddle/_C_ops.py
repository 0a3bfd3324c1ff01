"""`paddle._C_ops`: every primitive op from the registry, callable as `_C_ops.<name>(...)`.

Arguments are positional in the op's declared order (tensor inputs, then attributes), as in
Paddle's generated C++ API. Where Paddle's C op of the same name takes other arguments — the
creation ops, which take a `place` last and no template tensor — the name is Paddle's
signature instead, over the public API (the place is accepted; arrays live on the host)."""
from ._core.ops import REGISTRY as _REGISTRY

globals().update(_REGISTRY)


def zeros(shape, dtype, place=None):
    from .tensor import creation
    return creation.zeros(shape, dtype)


def ones(shape, dtype, place=None):
    from .tensor import creation
    return creation.ones(shape, dtype)


def full(shape, value, dtype, place=None):
    from .tensor import creation
    return creation.full(shape, value, dtype)


def full_like(x, value, dtype, place=None):
    from .tensor import creation
    return creation.full_like(x, value, dtype)


def eye(num_rows, num_columns, dtype, place=None):
    from .tensor import creation
    return creation.eye(num_rows, num_columns, dtype)


def uniform(shape, dtype, min, max, seed, place=None):  # noqa: A002 - Paddle's names
    from .tensor import random
    return random.uniform(shape, dtype, min, max, seed)


def gaussian(shape, mean, std, seed, dtype, place=None):
    from ._core import dtype as _dt
    from .tensor._arg_forms import shape_arg
    return _REGISTRY["gaussian"](None, shape_arg(shape, "gaussian"), float(mean), float(std),
                                 int(seed), _dt.to_dtype(dtype))


def randint(low, high, shape, dtype, place=None):
    from .tensor import random
    return random.randint(low, high, shape, dtype)


_PADDLE_SIGNATURES = ("zeros", "ones", "full", "full_like", "eye", "uniform", "gaussian",
                      "randint")
__all__ = sorted(set(_REGISTRY) | set(_PADDLE_SIGNATURES))
