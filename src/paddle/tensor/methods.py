"""Attach the `paddle.*` functions to Tensor as methods and operators, so each op is written once.

Paddle exposes most tensor functions both as `paddle.f(x, ...)` and `x.f(...)`; the method table
below is that list. Operators map to the same functions (with reflected forms swapping operands).
"""
from __future__ import annotations

import warnings

import numpy as np

from .. import signal
from .._core import dispatch
from .._core import dtype as _dt
from .._core.autograd.engine import run_backward
from .._core.autograd.graph_dump import dump_backward_graph
from .._core.autograd.node import HookHandle
from .._core.ops import fill as fill_ops
from .._core.tensor import Tensor, wrap
from .._core.tracing import is_symbolic
from . import (
    attribute,
    creation,
    indexing,
    linalg,
    logic,
    manipulation,
    math,
    operators,
    random,
    reduction,
    search,
    stat,
)


def _backward(self, grad_tensor=None, retain_graph=False, dump_backward_graph_path=None):
    """Accumulate d(self)/d(leaf) into every reachable leaf's `.grad` (ones as the seed);
    with dump_backward_graph_path, the graph is also written there as a .dot file."""
    if self.stop_gradient:
        # Paddle returns silently here; a warning points at the usual mistake.
        warnings.warn("Tensor.backward() on a tensor with stop_gradient=True does nothing: no "
                      "input of it requires a gradient.", stacklevel=2)
        return
    if dump_backward_graph_path is not None:
        dump_backward_graph([self], dump_backward_graph_path)
    run_backward([self], None if grad_tensor is None else [grad_tensor],
                 retain_graph=retain_graph)


def _clear_grad(self):
    """Reset `.grad` to zeros (Paddle keeps the gradient's storage)."""
    _clear_gradient(self)


def _clear_gradient(self, set_to_zero=True):
    """Reset `.grad`: zeros by default (Paddle), or None with set_to_zero=False."""
    if self._grad is None:
        return
    if set_to_zero:
        self._grad._data[...] = 0
    else:
        self._grad = None


def _register_hook(self, hook):
    """Call hook(grad) when this tensor's gradient is computed; a returned tensor replaces it."""
    if self.stop_gradient:
        raise RuntimeError("Cannot register hook on a tensor that stop gradient.")
    if is_symbolic(self):
        # While tracing, the hook belongs to the program value; replaying the program for
        # autograd registers it on the tensor computed for that value.
        value = self._data.value
        if value.grad_hooks is None:
            value.grad_hooks = []
        value.grad_hooks.append(hook)
        return HookHandle(value.grad_hooks, hook)
    if self._node is None:
        hooks = self._ensure_extra().setdefault("hooks", [])
        hooks.append(hook)
        return HookHandle(hooks, hook)
    return self._node.register_output_hook(self._out_idx, hook)


def _register_backward_hook(self, hook):
    """Call hook() (no arguments) each time a backward pass has accumulated this leaf's
    gradient; only leaves that need a gradient take such hooks."""
    if self._node is not None or self.stop_gradient:
        raise ValueError("(_register_backward_hook) Only leaf Tensors that need a gradient "
                         f"(stop_gradient=False) can take a backward hook; {self.name} is "
                         f"{'an interior tensor' if self._node is not None else 'stop_gradient'}.")
    hooks = self._ensure_extra().setdefault("void_hooks", [])
    hooks.append(hook)
    return HookHandle(hooks, hook)


def _retain_grads(self):
    """Keep the gradient of this non-leaf tensor in `.grad` after backward."""
    if self._node is None or (self._extra and self._extra.get("retains")):
        return
    import weakref
    ref = weakref.ref(self)

    def store(g):
        t = ref()
        if t is not None:
            if t._grad is None:
                t._grad = wrap(g._data.copy())
                t._grad.stop_gradient = False
            else:
                t._grad._data = t._grad._data + g._data
    self._ensure_extra()["retains"] = True
    self._node.register_output_hook(self._out_idx, store)


def _set_value(self, value):
    """Overwrite the data in place (same shape), keeping the tensor's identity."""
    arr = value._data if isinstance(value, Tensor) else np.asarray(value)
    if tuple(arr.shape) != tuple(self._data.shape):
        raise ValueError(f"set_value: the shape of the new value {list(arr.shape)} must match "
                         f"the tensor's shape {list(self._data.shape)}")
    if self._data.flags.writeable:
        np.copyto(self._data, arr, casting="unsafe")
    else:
        self._data = arr.astype(self._data.dtype)
    self._version += 1
    return self


def _astype(self, dtype):
    """A copy converted to `dtype` (gradient flows through the cast); the tensor itself when
    it already has that dtype, as in Paddle."""
    if _dt.to_dtype(dtype) is self.dtype:
        return self
    return manipulation.cast(self, dtype)


def _zero_(self):
    """Fill with zeros in place (gradients flowing back through it are zero)."""
    return dispatch.call_inplace(fill_ops.fill, self, (self,), (0,))


def _fill_(self, value):
    """Fill with `value` (an int or float) in place; gradients flowing back through it are zero."""
    if not isinstance(value, (int, float)):
        raise TypeError(f"(fill_) The type of 'value' must be int or float, but received "
                        f"{type(value)}.")
    return dispatch.call_inplace(fill_ops.fill, self, (self,), (value,))


def _scale(self, scale=1.0, bias=0.0, bias_after_scale=True, act=None, name=None):
    from .math import scale as scale_fn
    return scale_fn(self, scale, bias, bias_after_scale, act)


def _get_tensor(self):
    """The legacy storage handle of this tensor (np.array(handle), handle.set(array))."""
    from ..base.dense_tensor import DenseTensor
    return DenseTensor(self)


def _cpu(self):
    return self


def _cuda(self, device_id=None, blocking=True):
    """A copy on the GPU; this build computes on the CPU only, so it says so (as Paddle's CPU
    build does)."""
    from .._core import backend
    if not backend.gpu_available():
        raise ValueError("(Tensor.cuda) No available device found: Feijiang's GPU backend needs "
                         "CuPy and a CUDA device; this tensor stays on Place(cpu).")
    raise NotImplementedError("(Tensor.cuda) tensors on the GPU backend are not supported yet")


def _to(self, *args, **kwargs):
    """Move/convert: accepts a device string/Place and/or a dtype, in Paddle's argument forms."""
    dtype = kwargs.get("dtype")
    for a in args:
        if isinstance(a, (str, _dt.DType, np.dtype, type)) and not _is_device(a):
            dtype = a
    return self if dtype is None else manipulation.cast(self, dtype)


def _is_device(value) -> bool:
    return isinstance(value, str) and value.split(":")[0] in ("cpu", "gpu", "cuda", "xpu")


def _gradient(self):
    """The gradient as a NumPy array (None before backward); Paddle's legacy accessor."""
    return None if self._grad is None else self._grad.numpy()


def _requires_grad_(self, requires_grad=True):
    self.stop_gradient = not requires_grad
    return self


def _type_as(self, other):
    return manipulation.cast(self, other.dtype)


def _apply_(self, func):
    """Replace the values by func(self) in place (not allowed on tensors needing grad)."""
    if not self.stop_gradient:
        raise RuntimeError("Cannot apply function on a tensor that required gradient.")
    self.set_value(func(self))
    return self


def _apply(self, func):
    """func(self) for a tensor that does not need gradient."""
    if not self.stop_gradient:
        raise RuntimeError("Cannot apply function on a tensor that required gradient.")
    return func(self)


def _copy_(self, src, blocking=True):
    """Copy src's values into self (shapes must match)."""
    return _set_value(self, src)


def _strides(self):
    return [s // self._data.itemsize for s in self._data.strides]


def _stride(self, dim=None):
    strides = _strides(self)
    return strides if dim is None else strides[dim]


def _caster(dtype):
    def cast(self):
        return manipulation.cast(self, dtype)
    cast.__name__ = str(dtype)
    return cast


_CASTS = {"bool": "bool", "byte": "uint8", "char": "int8", "short": "int16", "int": "int32",
          "long": "int64", "half": "float16", "float": "float32", "double": "float64",
          "bfloat16": "bfloat16", "cfloat": "complex64", "cdouble": "complex128",
          "uint8": "uint8", "int8": "int8", "int16": "int16", "int32": "int32",
          "int64": "int64", "float16": "float16", "float32": "float32", "float64": "float64",
          "complex64": "complex64", "complex128": "complex128"}


def _transpose_property(self):
    """Reverse all axes (Paddle's `x.T`)."""
    return manipulation.transpose(self, list(range(self.ndim))[::-1])


METHODS = {
    # conversion and autograd
    "backward": _backward, "clear_grad": _clear_grad, "clear_gradient": _clear_gradient,
    "register_hook": _register_hook, "_register_backward_hook": _register_backward_hook,
    "retain_grads": _retain_grads, "set_value": _set_value,
    "astype": _astype, "cast": manipulation.cast, "zero_": _zero_, "fill_": _fill_,
    "cpu": _cpu, "cuda": _cuda, "to": _to, "pin_memory": _cpu, "detach": manipulation.detach,
    "detach_": manipulation.detach_, "clone": manipulation.clone, "scale": _scale,
    "element_size": lambda self: self._data.itemsize,
    "gradient": _gradient, "requires_grad_": _requires_grad_, "type_as": _type_as,
    "apply_": _apply_, "apply": _apply, "copy_": _copy_, "stride": _stride,
    "get_strides": _strides, "data_ptr": lambda self: self._data.ctypes.data,
    "is_contiguous": lambda self, memory_format=None: self._data.flags.c_contiguous,
    "contiguous": lambda self: self if self._data.flags.c_contiguous else manipulation.clone(
        self),
    "is_dense": lambda self: True, "is_dist": lambda self: False,
    "is_sparse": lambda self: False, "is_sparse_coo": lambda self: False,
    "is_sparse_csr": lambda self: False, "is_selected_rows": lambda self: False,
    "is_same_shape": lambda self, y: list(self.shape) == list(y.shape),
    "value": lambda self: self, "get_tensor": _get_tensor,
    "get_device": lambda self: -1, "__nonzero__": Tensor.__bool__,
    "__long__": Tensor.__int__,
}
METHODS.update({name: _caster(dtype) for name, dtype in _CASTS.items()})

# Every name in these modules' __all__ becomes a Tensor method, except those a module lists in
# NOT_METHODS; a module may add method-only entries (e.g. `uniform_`) in EXTRA_METHODS.
_METHOD_MODULES = (math, reduction, manipulation, logic, linalg, search, stat, random, attribute,
                   creation, signal)


def _collect_functions():
    for module in _METHOD_MODULES:
        skip = getattr(module, "NOT_METHODS", set())
        for name in module.__all__:
            if name not in skip:
                METHODS.setdefault(name, getattr(module, name))
        METHODS.update(getattr(module, "EXTRA_METHODS", {}))


OPERATORS = dict(operators.OPERATORS)
OPERATORS.update({"__getitem__": indexing.getitem, "__setitem__": indexing.setitem})


def install() -> None:
    """Bind the method table and operators onto Tensor (called once at import)."""
    _collect_functions()
    for name, fn in METHODS.items():
        setattr(Tensor, name, fn)
    for name, fn in OPERATORS.items():
        setattr(Tensor, name, fn)
    Tensor.T = property(_transpose_property)
    Tensor.requires_grad = property(lambda self: not self.stop_gradient,
                                    lambda self, value: setattr(self, "stop_gradient",
                                                                not value))
    Tensor.data = property(lambda self: self, _set_value)
    Tensor.strides = property(_strides)
    Tensor.itemsize = property(lambda self: self._data.itemsize)
    Tensor.is_cuda = property(lambda self: False)
    Tensor.device = property(lambda self: "cpu")
    Tensor.mT = property(lambda self: manipulation.transpose(
        self, list(range(self.ndim - 2)) + [self.ndim - 1, self.ndim - 2]))
