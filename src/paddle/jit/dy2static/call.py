"""`_jst.convert_call`: a call inside converted code converts the user function it reaches, so
control flow on tensors is captured in helpers and sublayers too.

Library code (paddle itself, NumPy, the standard library, installed packages, and modules given
to paddle.jit.ignore_module) is called as is; so are builtins, classes, lambdas, generators,
functions marked with paddle.jit.not_to_static and functions whose source is unavailable. A user
Layer is called with its forward converted (for that call only)."""
from __future__ import annotations

import functools
import os
import sysconfig
import types

_LIBRARY_ROOTS = {"paddle", "numpy", "scipy", "ml_dtypes", "builtins"}
_ignored_modules: set = set()
_library_dirs = tuple(os.path.realpath(p) for p in {sysconfig.get_path(k)
                      for k in ("stdlib", "platstdlib", "purelib", "platlib")} if p)


def ignore_modules(modules) -> None:
    """Never convert functions of these modules (paddle.jit.ignore_module)."""
    for module in modules:
        _ignored_modules.add(getattr(module, "__name__", module))


def is_library(function) -> bool:
    module = getattr(function, "__module__", None) or ""
    if module.split(".")[0] in _LIBRARY_ROOTS or module in _ignored_modules or \
            any(module.startswith(m + ".") for m in _ignored_modules):
        return True
    code = getattr(function, "__code__", None)
    if code is None:
        return True
    return _installed(code.co_filename)


@functools.lru_cache(maxsize=1024)
def _installed(filename: str) -> bool:
    return os.path.realpath(filename).startswith(_library_dirs)


def convert_call(fn):
    """The callable to use in place of `fn` inside converted code."""
    from .runtime import convert_len
    if fn is len:
        return convert_len
    if getattr(fn, "_not_to_static", False):
        return fn
    from ...nn.layer.layers import Layer
    if isinstance(fn, Layer):
        return _layer_call(fn)
    if isinstance(fn, types.MethodType) and isinstance(fn.__func__, types.FunctionType):
        converted = _converted(fn.__func__)
        return fn if converted is None else types.MethodType(converted, fn.__self__)
    if isinstance(fn, types.FunctionType):
        converted = _converted(fn)
        return fn if converted is None else converted
    return fn


def _converted(function):
    from .function import Unconvertible, convert_function
    if is_library(function) or getattr(function, "_not_to_static", False):
        return None
    try:
        return convert_function(function)
    except Unconvertible:
        return None


def _layer_call(layer):
    if "forward" in layer.__dict__:  # to_static'd (converts itself) or set by the user
        return layer
    forward = getattr(type(layer), "forward", None)
    if not isinstance(forward, types.FunctionType):
        return layer
    converted = _converted(forward)
    if converted is None:
        return layer
    return functools.partial(_call_with_forward, layer, converted)


def _call_with_forward(layer, forward, *args, **kwargs):
    """Call the layer (hooks included) with `forward` in place of its class's forward."""
    layer.__dict__["forward"] = types.MethodType(forward, layer)
    try:
        return layer(*args, **kwargs)
    finally:
        layer.__dict__.pop("forward", None)
