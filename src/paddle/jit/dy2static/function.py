"""Converting a Python function: read its source, transform the AST (transform.py), compile it
and rebuild the function around the new code with the original globals, defaults and closure
cells (so it sees later changes to them), plus the runtime helpers as the free variable `_jst`.

Conversions are cached per function object. A function cannot be converted when it is a lambda,
a generator or coroutine, or its source is unavailable (defined in an interactive session or by
exec) or does not parse on its own; `Unconvertible` says why."""
from __future__ import annotations

import ast
import inspect
import itertools
import textwrap
import types
import weakref

from . import runtime
from .transform import function_def, transform_function

_NOT_PLAIN = inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR
_cache: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
code_level = {"level": -1, "also_to_stdout": False}


class Unconvertible(Exception):
    """The function's source cannot be transformed."""


class _Conversion:
    __slots__ = ("error", "function", "source")

    def __init__(self, function=None, source=None, error=None):
        self.function, self.source, self.error = function, source, error


def convert_function(fn):
    """The converted twin of the plain Python function `fn` (raises Unconvertible)."""
    conversion = _conversion(fn)
    if conversion.error is not None:
        raise Unconvertible(conversion.error)
    return conversion.function


def transformed_source(fn) -> str:
    """The source of `fn` after the transformation (raises Unconvertible)."""
    conversion = _conversion(fn)
    if conversion.error is not None:
        raise Unconvertible(conversion.error)
    return conversion.source


def _conversion(fn) -> _Conversion:
    conversion = _cache.get(fn)
    if conversion is None:
        try:
            conversion = _convert(fn)
        except Unconvertible as exc:
            conversion = _Conversion(error=str(exc))
        _cache[fn] = conversion
    return conversion


def _parse(fn) -> ast.FunctionDef:
    code = fn.__code__
    if fn.__name__ == "<lambda>":
        raise Unconvertible(f"{fn.__qualname__} is a lambda")
    if code.co_flags & _NOT_PLAIN:
        raise Unconvertible(f"{fn.__qualname__} is a generator or coroutine")
    try:
        source = textwrap.dedent(inspect.getsource(fn))
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError, IndentationError) as exc:
        raise Unconvertible(f"the source of {fn.__qualname__} is unavailable ({exc})") from None
    node = tree.body[0] if tree.body else None
    if not isinstance(node, ast.FunctionDef) or node.name != code.co_name:
        raise Unconvertible(f"the source of {fn.__qualname__} is not a plain def statement")
    ast.increment_lineno(tree, code.co_firstlineno - 1)
    node.decorator_list = []
    owner = _defining_class(fn)
    if owner:
        _Mangler(owner).visit(node)
    return node


def _defining_class(fn) -> str | None:
    """The name of the class whose body defines fn (Python mangles `__x` names there)."""
    parts = fn.__qualname__.split(".")
    if len(parts) < 2 or parts[-2] == "<locals>":
        return None
    return parts[-2]


class _Mangler(ast.NodeTransformer):
    """Apply the private-name mangling the compiler did in the class body: compiled outside
    the class, `self.__x` must read `self._Class__x` as the original method does."""

    def __init__(self, owner: str):
        self.prefix = "_" + owner.lstrip("_")

    def _mangle(self, name: str) -> str:
        if name.startswith("__") and not name.endswith("__") and "." not in name:
            return self.prefix + name
        return name

    def visit_Attribute(self, node):
        self.generic_visit(node)
        node.attr = self._mangle(node.attr)
        return node

    def visit_Name(self, node):
        node.id = self._mangle(node.id)
        return node

    def visit_arg(self, node):
        node.arg = self._mangle(node.arg)
        return node


def _convert(fn) -> _Conversion:
    code = fn.__code__
    node = _parse(fn)
    transform_function(node, itertools.count(), class_cell="__class__" in code.co_freevars)
    source = ast.unparse(ast.fix_missing_locations(node))
    params = ["_jst", *code.co_freevars]
    factory = function_def("__jst_factory", [node, ast.Return(ast.Name(node.name, ast.Load()))],
                           ast.arguments(posonlyargs=[], args=[ast.arg(p) for p in params],
                                         vararg=None, kwonlyargs=[], kw_defaults=[],
                                         kwarg=None, defaults=[]))
    module = ast.fix_missing_locations(ast.Module([factory], type_ignores=[]))
    try:
        compiled = compile(module, code.co_filename, "exec")
    except SyntaxError as exc:
        raise Unconvertible(f"the transformed {fn.__qualname__} does not compile: {exc}") \
            from None
    inner = _find_code(_find_code(compiled, "__jst_factory"), node.name)
    cells = dict(zip(code.co_freevars, fn.__closure__ or ()))
    cells["_jst"] = types.CellType(runtime)
    converted = types.FunctionType(inner, fn.__globals__, fn.__name__, fn.__defaults__,
                                   tuple(cells[name] for name in inner.co_freevars))
    converted.__kwdefaults__ = fn.__kwdefaults__
    converted.__qualname__ = fn.__qualname__
    converted.__module__ = fn.__module__
    converted.__doc__ = fn.__doc__
    _show(fn, source)
    return _Conversion(converted, source)


def _find_code(code, name: str):
    for const in code.co_consts:
        if isinstance(const, types.CodeType) and const.co_name == name:
            return const
    raise Unconvertible(f"internal: no code object named {name} after compiling")


def _show(fn, source: str) -> None:
    """paddle.jit.set_code_level: print converted code."""
    if code_level["level"] < 0:
        return
    import logging
    text = f"After the dy2static transformation, {fn.__qualname__} is:\n{source}"
    if code_level["also_to_stdout"]:
        print(text)
    logging.getLogger("paddle.jit.dy2static").info(text)
