"""Early returns become assignments, so that branches and loop bodies (which run as functions)
can "return".

First, an `if` whose body always returns takes the statements after it as its `else` (and the
same with the branches swapped), so most functions end up with one return per path and need
nothing else:

    if x.sum() > 0:                     if x.sum() > 0:
        return x * 2            ─►          return x * 2
    y = x - 1                           else:
    return y                                y = x - 1
                                            return y

Then every `return v` nested in control flow becomes `__return_value = v; __return_flag = True`
(plus `break` inside a loop, left to the loop lowering), statements after a statement that may
have returned run under `if not __return_flag:`, and the function ends with
`return __return_value`. A flag that nothing reads is dropped again. When some path may fall off
the end (returning None), the value is called `__result_N` and starts as None, which no tensor
branch may stand in for.
"""
from __future__ import annotations

import ast

from .names import contains

_LOOPS = (ast.While, ast.For, ast.AsyncFor)
_COMPOUND = (ast.If, ast.While, ast.For, ast.With, ast.Try)


def always_returns(stmts: list) -> bool:
    if not stmts:
        return False
    last = stmts[-1]
    if isinstance(last, (ast.Return, ast.Raise)):
        return True
    if isinstance(last, ast.If):
        return always_returns(last.body) and always_returns(last.orelse)
    return False


def restructure(stmts: list) -> list:
    """Move the statements after an always-returning branch into the other branch."""
    out = []
    for i, stmt in enumerate(stmts):
        if isinstance(stmt, ast.If):
            stmt.body = restructure(stmt.body)
            stmt.orelse = restructure(stmt.orelse)
            rest = stmts[i + 1:]
            body_returns, else_returns = always_returns(stmt.body), always_returns(stmt.orelse)
            if rest and body_returns and not else_returns:
                stmt.orelse = restructure(stmt.orelse + rest)
                out.append(stmt)
                return out
            if rest and else_returns and not body_returns:
                stmt.body = restructure(stmt.body + rest)
                out.append(stmt)
                return out
            out.append(stmt)
            if body_returns and else_returns:
                return out  # what follows is unreachable
            continue
        for field in ("body", "orelse", "finalbody"):
            if isinstance(stmt, _COMPOUND) and hasattr(stmt, field):
                setattr(stmt, field, restructure(getattr(stmt, field)))
        out.append(stmt)
    return out


def _nested_return(stmts: list) -> bool:
    return any(isinstance(s, _COMPOUND) and contains([s], ast.Return) for s in stmts)


class ReturnLowering:
    """Rewrites one function body; `flag` and `value` are the hidden variable names."""

    def __init__(self, index: int):
        self.index = index
        self.flag = f"__return_flag_{index}"
        self.value = f"__return_value_{index}"

    def apply(self, function: ast.FunctionDef) -> None:
        function.body = restructure(function.body)
        if not _nested_return(function.body):
            return
        if always_returns(function.body):
            # Every path assigns the value before the end, so where a tensor branch has not
            # assigned it yet, a stand-in of the other branch's type may fill it (runtime.py).
            start = ast.Call(ast.Attribute(ast.Name("_jst", ast.Load()), "Unassigned",
                                           ast.Load()), [ast.Constant(self.value)], [])
        else:
            self.value = f"__result_{self.index}"  # may fall off the end: None, never filled
            start = ast.Constant(None)
        body = self._lower(function.body, in_loop=False)
        init = [_assign(self.flag, ast.Constant(False)), _assign(self.value, start)]
        function.body = init + body + [ast.Return(ast.Name(self.value, ast.Load()))]
        if not any(isinstance(n, ast.Name) and n.id == self.flag and isinstance(n.ctx, ast.Load)
                   for n in ast.walk(function)):
            _drop_assignments(function, self.flag)

    def _lower(self, stmts: list, in_loop: bool) -> list:
        out = []
        for i, stmt in enumerate(stmts):
            if isinstance(stmt, ast.Return):
                value = stmt.value if stmt.value is not None else ast.Constant(None)
                out += [_assign(self.value, value), _assign(self.flag, ast.Constant(True))]
                if in_loop:
                    out.append(ast.Break())
                return out
            if not (isinstance(stmt, _COMPOUND) and contains([stmt], ast.Return)):
                out.append(stmt)
                continue
            self._lower_inside(stmt, in_loop)
            out.append(stmt)
            rest = stmts[i + 1:]
            if in_loop and isinstance(stmt, _LOOPS):  # leave the enclosing loop too
                out.append(ast.If(ast.Name(self.flag, ast.Load()), [ast.Break()], []))
            if rest and not in_loop:
                guard = ast.UnaryOp(ast.Not(), ast.Name(self.flag, ast.Load()))
                out.append(ast.If(guard, self._lower(rest, in_loop), []))
                return out
            out += self._lower(rest, in_loop)
            return out
        return out

    def _lower_inside(self, stmt, in_loop: bool) -> None:
        inner_loop = in_loop or isinstance(stmt, _LOOPS)
        stmt.body = self._lower(stmt.body, inner_loop)
        if hasattr(stmt, "orelse"):
            stmt.orelse = self._lower(stmt.orelse, in_loop)
        if isinstance(stmt, ast.Try):
            for handler in stmt.handlers:
                handler.body = self._lower(handler.body, in_loop)
            stmt.finalbody = self._lower(stmt.finalbody, in_loop)


def _assign(name: str, value: ast.expr) -> ast.Assign:
    return ast.Assign([ast.Name(name, ast.Store())], value)


def _drop_assignments(function: ast.FunctionDef, name: str) -> None:
    """Remove every `name = …` (an unread flag), keeping each body non-empty."""
    for node in ast.walk(function):
        for field in ("body", "orelse", "finalbody"):
            stmts = getattr(node, field, None)
            if not isinstance(stmts, list):
                continue
            kept = [s for s in stmts if not (isinstance(s, ast.Assign) and len(s.targets) == 1
                                             and isinstance(s.targets[0], ast.Name)
                                             and s.targets[0].id == name)]
            if not kept and field == "body":
                kept = [ast.Pass()]
            setattr(node, field, kept)
