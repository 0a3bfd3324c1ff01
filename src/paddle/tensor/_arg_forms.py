"""Argument forms the creation and random APIs share: shapes given as ints, lists (of ints or
0-d Tensors) or Tensors; the torch-style `*size` and keyword aliases Paddle 3.3 accepts; and the
`out=` / `requires_grad=` keywords."""
from __future__ import annotations

import functools
import inspect

import numpy as np

from .._core.tensor import Tensor
from .._core.tracing import is_symbolic

_INTEGER_KINDS = "iu"


def _shape_item(d, api: str, shape) -> int:
    if isinstance(d, Tensor):
        if d._data.dtype.kind not in _INTEGER_KINDS or d._data.size != 1:
            raise TypeError(f"({api}) Each Tensor in 'shape' must be an integer Tensor with one "
                            f"element, but received dtype {d.dtype.name} and shape "
                            f"{list(d.shape)}.")
        if is_symbolic(d):
            return d  # a dim known when the program runs (a to_static dynamic dim)
        return int(d._data.reshape(-1)[0])
    if isinstance(d, (bool, np.bool_)) or not isinstance(d, (int, np.integer)):
        raise TypeError(f"({api}) Each element of 'shape' must be an int or an integer Tensor, "
                        f"but received {type(d).__name__} in shape {list(shape)}.")
    return int(d)


def shape_arg(shape, api: str) -> list:
    """Normalise Paddle's `shape` argument to a list of non-negative ints."""
    if type(shape) in (list, tuple) and all(type(d) is int and d >= 0 for d in shape):
        return list(shape)  # the common case, checked cheaply
    if shape is None:
        return []
    if isinstance(shape, Tensor):
        if shape._data.dtype.kind not in _INTEGER_KINDS:
            raise TypeError(f"({api}) A Tensor 'shape' must be int32 or int64, but received "
                            f"{shape.dtype.name}.")
        if is_symbolic(shape):
            return shape  # the whole shape is read when the program runs
        dims = [int(v) for v in shape._data.reshape(-1)]
    elif isinstance(shape, (int, np.integer)) and not isinstance(shape, (bool, np.bool_)):
        dims = [int(shape)]
    elif isinstance(shape, (list, tuple, np.ndarray)):
        dims = [_shape_item(d, api, shape) for d in shape]
    else:
        raise TypeError(f"({api}) The type of 'shape' must be list, tuple, int or Tensor, but "
                        f"received {type(shape).__name__}.")
    for i, d in enumerate(dims):
        if not isinstance(d, Tensor) and d < 0:
            raise ValueError(f"({api}) Each value of 'shape' is expected to be no less than 0, "
                             f"but received shape[{i}] = {d}; shape = {dims}.")
    return dims


def size_varargs(fn):
    """Accept `f(2, 3)` for `f([2, 3])` and `size=` for `shape=` (Paddle's torch-style forms)."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if "size" in kwargs:
            kwargs["shape"] = kwargs.pop("size")
        elif len(args) > 1 and isinstance(args[0], (int, np.integer)) \
                and all(isinstance(a, (int, np.integer)) for a in args):
            args = (list(args),)
        return fn(*args, **kwargs)
    wrapper.__signature__ = inspect.signature(fn)
    return wrapper


def size_varargs_method(fn):
    """The method form: `x.new_zeros(2, 3)` for `x.new_zeros([2, 3])`."""
    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        if len(args) > 1 and all(isinstance(a, (int, np.integer)) for a in args):
            args = (list(args),)
        return fn(self, *args, **kwargs)
    wrapper.__signature__ = inspect.signature(fn)
    return wrapper


def aliases(**names):
    """Accept alternative keyword names: `aliases(x="input")` lets callers write `input=`."""
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            for canonical, alias in names.items():
                if alias in kwargs:
                    if canonical in kwargs:
                        raise TypeError(f"{fn.__name__}() got both '{canonical}' and its alias "
                                        f"'{alias}'")
                    kwargs[canonical] = kwargs.pop(alias)
            return fn(*args, **kwargs)
        wrapper.__signature__ = inspect.signature(fn)
        return wrapper
    return decorate


def finish(t: Tensor, requires_grad=False, out=None) -> Tensor:
    """Apply the keyword-only `requires_grad=` and `out=` of the creation APIs."""
    if requires_grad:
        t.stop_gradient = False
    if out is None:
        return t
    if not isinstance(out, Tensor):
        raise TypeError(f"The 'out' argument must be a Tensor, but received "
                        f"{type(out).__name__}.")
    if out.dtype is not t.dtype:
        raise TypeError(f"Required out.dtype == dtype if specifying out, but received "
                        f"{out.dtype.name} != {t.dtype.name}.")
    out._data = t._data
    out._version += 1
    if requires_grad:
        out.stop_gradient = False
    return out
