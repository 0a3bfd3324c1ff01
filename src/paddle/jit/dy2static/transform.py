"""The source transformation of one function: Python control flow becomes calls of the runtime
helpers (`_jst.*`, see runtime.py), which decide when the function runs whether to execute
plain Python or to record program ops.

    if x.sum() > 0:                      def __jst_true_0():
        y = x * 2                            nonlocal y
    else:                       ─►           y = x * 2
        y = x - 1                        def __jst_false_0():
                                             nonlocal y
                                             y = x - 1
                                         def __jst_get_0():
                                             return (y,)
                                         def __jst_set_0(__jst_values):
                                             nonlocal y
                                             (y,) = __jst_values
                                         _jst.convert_ifelse(x.sum() > 0, __jst_true_0,
                                             __jst_false_0, __jst_get_0, __jst_set_0, ('y',))

`while` loops become `_jst.convert_while_loop(cond, body, get, set, names)` the same way;
`a and b`, `a or b`, `not a` and `a if c else b` become `_jst.convert_logical_*` /
`_jst.convert_ifexp` (operands wrapped in lambdas to keep short-circuiting); calls go through
`_jst.convert_call` (which converts user functions they reach); `x.shape` and `len(x)` give
tensors for dynamic dims. Variables first assigned inside converted statements start as
`_jst.Unassigned` so the helper functions can declare them `nonlocal`. Early returns and
break/continue were lowered to flags before (returns.py, loops.py).

A statement whose body holds something a nested function cannot (a `global` declaration, a
`yield`, `del x`, a return or break not lowered) stays Python: it works on Python values and, on tensors,
leaves the decision to the trace (which falls back to eager execution).
"""
from __future__ import annotations

import ast

from .loops import LoopLowering, assign, jst, load
from .names import assigned_names, contains, declared, deletes_names, mutated_names, parameters
from .returns import ReturnLowering

_HELPER = "__jst_"
_UNCONVERTIBLE = (ast.Return, ast.Global, ast.Nonlocal, ast.Yield, ast.YieldFrom, ast.Await)
_LOOPS = (ast.While, ast.For, ast.AsyncFor)
_FRAME_BUILTINS = {"super", "locals", "globals", "vars", "eval", "exec", "dir"}


def transform_function(function: ast.FunctionDef, ids, class_cell: bool = False) -> None:
    """Rewrite `function` (and the functions defined in it) in place; `ids` numbers helpers."""
    for nested in _nested_functions(function):
        transform_function(nested, ids)
    ReturnLowering(next(ids)).apply(function)
    function.body = LoopLowering().stmts(function.body)
    converter = _ControlFlow(function, ids, class_cell)
    function.body = converter.statements(function.body)
    _hoist(function, converter.bound_names)


def _nested_functions(function) -> list:
    found = []
    stack = list(function.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found.append(node)
            continue
        if isinstance(node, (ast.ClassDef, ast.Lambda)):
            continue
        stack.extend(ast.iter_child_nodes(node))
    return found


def _hoist(function, names: list) -> None:
    globals_, nonlocals = declared(function)
    skip = set(parameters(function)) | globals_ | nonlocals
    hoisted = [assign(n, ast.Call(jst("Unassigned"), [ast.Constant(n)], []))
               for n in names if n not in skip]
    function.body = hoisted + function.body


def function_def(name: str, body: list, args: ast.arguments | None = None) -> ast.FunctionDef:
    node = ast.FunctionDef(name=name, args=args or _no_args(), body=body, decorator_list=[],
                           returns=None)
    if "type_params" in ast.FunctionDef._fields:  # Python >= 3.12
        node.type_params = []
    return node


def _no_args() -> ast.arguments:
    return ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[],
                         kwarg=None, defaults=[])


def _lambda(body: ast.expr) -> ast.Lambda:
    return ast.Lambda(_no_args(), body)


class _ControlFlow(ast.NodeTransformer):
    """Converts the statements and expressions of one function's own scope."""

    def __init__(self, function, ids, class_cell: bool):
        self.ids = ids
        self.globals, _ = declared(function)
        params = parameters(function)
        self.self_name = params[0] if class_cell and params else None
        self.bound_names: list = []

    def statements(self, stmts: list) -> list:
        out = []
        for stmt in stmts:
            result = self.visit(stmt)
            out.extend(result if isinstance(result, list) else [result])
        return out

    # ---- scopes handled elsewhere ---------------------------------------------------------
    def visit_FunctionDef(self, node):
        return node

    visit_AsyncFunctionDef = visit_ClassDef = visit_FunctionDef

    # ---- statements ------------------------------------------------------------------------
    def visit_If(self, node: ast.If):
        if getattr(node, "jst_keep_python", False) or not self._convertible(node.body +
                                                                            node.orelse):
            return self.generic_visit(node)
        names = self._names(node.body + node.orelse)
        k = next(self.ids)
        body = self.statements(node.body)
        orelse = self.statements(node.orelse)
        test = self.visit(node.test)
        helpers = [self._function(f"{_HELPER}true_{k}", names, body),
                   self._function(f"{_HELPER}false_{k}", names, orelse),
                   *self._get_set(k, names)]
        call = ast.Call(jst("convert_ifelse"),
                        [test, load(f"{_HELPER}true_{k}"), load(f"{_HELPER}false_{k}"),
                         load(f"{_HELPER}get_{k}"), load(f"{_HELPER}set_{k}"),
                         _names_tuple(names)], [])
        return [*helpers, ast.Expr(call)]

    def visit_While(self, node: ast.While):
        if node.orelse or not self._convertible(node.body):
            return self.generic_visit(node)
        names = self._names(node.body + [ast.Expr(node.test)])
        k = next(self.ids)
        body = self.statements(node.body)
        test = self.visit(node.test)
        helpers = [self._function(f"{_HELPER}cond_{k}", names, [ast.Return(test)]),
                   self._function(f"{_HELPER}body_{k}", names, body),
                   *self._get_set(k, names)]
        call = ast.Call(jst("convert_while_loop"),
                        [load(f"{_HELPER}cond_{k}"), load(f"{_HELPER}body_{k}"),
                         load(f"{_HELPER}get_{k}"), load(f"{_HELPER}set_{k}"),
                         _names_tuple(names)], [])
        return [*helpers, ast.Expr(call)]

    def _convertible(self, stmts: list) -> bool:
        return not (contains(stmts, _UNCONVERTIBLE) or deletes_names(stmts)
                    or contains(stmts, (ast.Break, ast.Continue), stop_at=_LOOPS))

    def _names(self, stmts: list) -> list:
        names = []
        for name in assigned_names(stmts) + mutated_names(stmts):
            if name not in names and not name.startswith(_HELPER):
                names.append(name)
        for name in names:
            if name not in self.bound_names and name not in self.globals:
                self.bound_names.append(name)
        return names

    def _declarations(self, names: list) -> list:
        local = [n for n in names if n not in self.globals]
        globals_ = [n for n in names if n in self.globals]
        decls = []
        if local:
            decls.append(ast.Nonlocal(local))
        if globals_:
            decls.append(ast.Global(globals_))
        return decls

    def _function(self, name: str, names: list, body: list) -> ast.FunctionDef:
        return function_def(name, self._declarations(names) + (body or [ast.Pass()]))

    def _get_set(self, k: int, names: list) -> list:
        values = ast.Tuple([load(n) for n in names], ast.Load())
        getter = self._function(f"{_HELPER}get_{k}", [], [ast.Return(values)])
        setter = self._function(f"{_HELPER}set_{k}", names, [ast.Assign(
            [ast.Tuple([ast.Name(n, ast.Store()) for n in names], ast.Store())],
            load(f"{_HELPER}values"))] if names else [])
        setter.args = ast.arguments(posonlyargs=[], args=[ast.arg(f"{_HELPER}values")],
                                    vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None,
                                    defaults=[])
        return [getter, setter]

    # ---- expressions -----------------------------------------------------------------------
    def visit_BoolOp(self, node: ast.BoolOp):
        self.generic_visit(node)
        helper = "convert_logical_and" if isinstance(node.op, ast.And) else "convert_logical_or"
        result = node.values[-1]
        for value in reversed(node.values[:-1]):
            result = ast.Call(jst(helper), [_lambda(value), _lambda(result)], [])
        return result

    def visit_UnaryOp(self, node: ast.UnaryOp):
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            return ast.Call(jst("convert_logical_not"), [node.operand], [])
        return node

    def visit_IfExp(self, node: ast.IfExp):
        self.generic_visit(node)
        return ast.Call(jst("convert_ifexp"),
                        [node.test, _lambda(node.body), _lambda(node.orelse)], [])

    def visit_Call(self, node: ast.Call):
        self.generic_visit(node)
        func = node.func
        if isinstance(func, ast.Name) and func.id == "super" and not node.args and \
                self.self_name is not None:
            node.args = [load("__class__"), load(self.self_name)]
            return node
        if isinstance(func, ast.Name) and func.id in _FRAME_BUILTINS:
            return node
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and \
                func.value.id == "_jst":
            return node
        node.func = ast.Call(jst("convert_call"), [func], [])
        return node

    def visit_Attribute(self, node: ast.Attribute):
        self.generic_visit(node)
        if node.attr == "shape" and isinstance(node.ctx, ast.Load):
            return ast.Call(jst("convert_shape"), [node.value], [])
        return node


def _names_tuple(names: list) -> ast.Tuple:
    return ast.Tuple([ast.Constant(n) for n in names], ast.Load())
