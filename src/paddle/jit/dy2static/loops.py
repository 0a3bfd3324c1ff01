"""Loops in a form the control-flow conversion can take: `for … in range(…)` becomes a `while`
over a hidden counter, and `break` / `continue` become flags.

    for i in range(n):                  __iter_0, __stop_0, __step_0 = _jst.range_bounds(n)
        if x[i] > 0:                    __break_0 = False
            break               ─►      while _jst.range_cond(__iter_0, __stop_0, __step_0) \\
        s = s + x[i]                            and not __break_0:
                                            i = __iter_0
                                            if x[i] > 0:
                                                __break_0 = True
                                            if not __break_0:
                                                s = s + x[i]
                                            __iter_0 = __iter_0 + __step_0

Statements after one that may break or continue run under `if not <flag>`; a `while` test also
checks the break flag. A `for` over anything else stays a Python loop (its iterable goes through
`_jst.convert_iter`), with its body guarded by the break flag and a real `break` once the flag is
a known True. A loop's `else` runs when the break flag stayed False.
"""
from __future__ import annotations

import ast
import itertools

from .names import contains

_LOOPS = (ast.While, ast.For, ast.AsyncFor)
_NESTED = (ast.If, ast.With, ast.Try)


def jst(name: str) -> ast.Attribute:
    return ast.Attribute(ast.Name("_jst", ast.Load()), name, ast.Load())


def load(name: str) -> ast.Name:
    return ast.Name(name, ast.Load())


def assign(name: str, value: ast.expr) -> ast.Assign:
    return ast.Assign([ast.Name(name, ast.Store())], value)


def keep_python(node: ast.If) -> ast.If:
    """Mark an `if` that must stay a Python statement (it holds a real `break`)."""
    node.jst_keep_python = True
    return node


class LoopLowering:
    """Rewrites the loops of one function body (nested functions are handled on their own)."""

    def __init__(self):
        self._ids = itertools.count()

    def stmts(self, stmts: list) -> list:
        out = []
        for stmt in stmts:
            out.extend(self._stmt(stmt))
        return out

    def _stmt(self, stmt) -> list:
        if isinstance(stmt, ast.While):
            return self._while(stmt)
        if isinstance(stmt, ast.For):
            return self._for(stmt)
        if isinstance(stmt, _NESTED):
            for field in ("body", "orelse", "finalbody"):
                if hasattr(stmt, field):
                    setattr(stmt, field, self.stmts(getattr(stmt, field)))
            for handler in getattr(stmt, "handlers", ()):
                handler.body = self.stmts(handler.body)
        return [stmt]

    def _flags(self, body: list):
        k = next(self._ids)
        has_break = contains(body, ast.Break, stop_at=_LOOPS)
        has_continue = contains(body, ast.Continue, stop_at=_LOOPS)
        return (k, f"__break_{k}" if has_break else None,
                f"__continue_{k}" if has_continue else None)

    def _while(self, loop: ast.While) -> list:
        body = self.stmts(loop.body)
        _, brk, cont = self._flags(body)
        test = loop.test
        if brk:
            test = ast.BoolOp(ast.And(), [test, ast.UnaryOp(ast.Not(), load(brk))])
        new_body = self._lower_flags(body, brk, cont)
        return self._before(brk) + [ast.While(test, new_body, [])] + \
            self._else(loop.orelse, brk)

    def _for(self, loop: ast.For) -> list:
        body = self.stmts(loop.body)
        k, brk, cont = self._flags(body)
        if _is_range(loop):
            return self._range_for(loop, body, k, brk, cont)
        loop.iter = ast.Call(jst("convert_iter"), [loop.iter], [])
        if brk or cont:
            lowered = self._lower_flags(body, brk, cont)
            if brk:
                guard = ast.If(ast.UnaryOp(ast.Not(), load(brk)), lowered, [])
                stop = keep_python(ast.If(ast.Call(jst("is_known_true"), [load(brk)], []),
                                          [ast.Break()], []))
                lowered = [guard, stop]
            body = lowered
        return self._before(brk) + [ast.For(loop.target, loop.iter, body, [])] + \
            self._else(loop.orelse, brk)

    def _range_for(self, loop: ast.For, body: list, k: int, brk, cont) -> list:
        it, stop, step = f"__iter_{k}", f"__stop_{k}", f"__step_{k}"
        bounds = ast.Assign([ast.Tuple([ast.Name(n, ast.Store()) for n in (it, stop, step)],
                                       ast.Store())],
                            ast.Call(jst("range_bounds"), list(loop.iter.args), []))
        test = ast.Call(jst("range_cond"), [load(it), load(stop), load(step)], [])
        if brk:
            test = ast.BoolOp(ast.And(), [test, ast.UnaryOp(ast.Not(), load(brk))])
        advance = assign(it, ast.BinOp(load(it), ast.Add(), load(step)))
        new_body = [ast.Assign([loop.target], load(it))] + \
            self._lower_flags(body, brk, cont) + [advance]
        return [bounds] + self._before(brk) + [ast.While(test, new_body, [])] + \
            self._else(loop.orelse, brk)

    def _before(self, brk) -> list:
        return [assign(brk, ast.Constant(False))] if brk else []

    def _else(self, orelse: list, brk) -> list:
        orelse = self.stmts(orelse)
        if orelse and brk:
            return [ast.If(ast.UnaryOp(ast.Not(), load(brk)), orelse, [])]
        return orelse

    def _lower_flags(self, body: list, brk, cont) -> list:
        if not (brk or cont):
            return body
        reset = [assign(cont, ast.Constant(False))] if cont else []
        return reset + _FlagLowering(brk, cont).stmts(body)


class _FlagLowering:
    """break/continue of one loop body (not of loops nested in it) become flag assignments,
    and what follows a statement that may set a flag runs only while no flag is set."""

    def __init__(self, brk, cont):
        self.brk, self.cont = brk, cont

    def stmts(self, stmts: list) -> list:
        out = []
        for i, stmt in enumerate(stmts):
            if isinstance(stmt, ast.Break):
                return out + [assign(self.brk, ast.Constant(True))]
            if isinstance(stmt, ast.Continue):
                return out + [assign(self.cont, ast.Constant(True))]
            if isinstance(stmt, _NESTED) and contains([stmt], (ast.Break, ast.Continue),
                                                      stop_at=_LOOPS):
                self._inside(stmt)
                out.append(stmt)
                rest = stmts[i + 1:]
                if rest:
                    out.append(ast.If(self._guard(), self.stmts(rest), []))
                return out
            out.append(stmt)
        return out

    def _inside(self, stmt) -> None:
        for field in ("body", "orelse", "finalbody"):
            if hasattr(stmt, field):
                setattr(stmt, field, self.stmts(getattr(stmt, field)))
        for handler in getattr(stmt, "handlers", ()):
            handler.body = self.stmts(handler.body)

    def _guard(self) -> ast.expr:
        flags = [ast.UnaryOp(ast.Not(), load(f)) for f in (self.brk, self.cont) if f]
        return flags[0] if len(flags) == 1 else ast.BoolOp(ast.And(), flags)


def _is_range(loop: ast.For) -> bool:
    it = loop.iter
    return (isinstance(loop.target, ast.Name) and isinstance(it, ast.Call)
            and isinstance(it.func, ast.Name) and it.func.id == "range" and not it.keywords
            and 1 <= len(it.args) <= 3
            and not any(isinstance(a, ast.Starred) for a in it.args))
