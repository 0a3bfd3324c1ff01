"""Which names a piece of a function binds, mutates or declares: the variables a converted
branch or loop body must hand back (nested functions, lambdas, classes and comprehensions are
scopes of their own and are not looked into)."""
from __future__ import annotations

import ast

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp,
           ast.SetComp, ast.DictComp, ast.GeneratorExp)
_MUTATORS = {"append", "extend", "insert", "pop", "remove", "clear", "update", "setdefault",
             "popitem", "sort", "reverse", "add", "discard"}


def _walk_scope(nodes):
    """Nodes of `nodes` and their children, not entering nested scopes (whose own names, for
    functions and classes, are still yielded as the definitions they are)."""
    stack = list(reversed(list(nodes)))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, _SCOPES):
            continue
        stack.extend(reversed(list(ast.iter_child_nodes(node))))


def _add(ordered: list, name: str) -> None:
    if name not in ordered:
        ordered.append(name)


def assigned_names(nodes) -> list:
    """Names bound (assigned, imported, defined, loop or `with` targets) in `nodes`, in order."""
    names: list = []
    for node in _walk_scope(nodes):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            _add(names, node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            _add(names, node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                _add(names, (alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.ExceptHandler) and node.name:
            _add(names, node.name)
    return names


def mutated_names(nodes) -> list:
    """Names whose object is changed in place: `x.append(…)`-style calls, `x[i] = …`."""
    names: list = []
    for node in _walk_scope(nodes):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in _MUTATORS and isinstance(node.func.value, ast.Name):
            _add(names, node.func.value.id)
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, (ast.Store, ast.Del)) \
                and isinstance(node.value, ast.Name):
            _add(names, node.value.id)
    return names


def declared(function: ast.AST) -> tuple[set, set]:
    """The names a function declares `global` and `nonlocal` (in its own scope)."""
    globals_, nonlocals = set(), set()
    for node in _walk_scope(function.body):
        if isinstance(node, ast.Global):
            globals_.update(node.names)
        elif isinstance(node, ast.Nonlocal):
            nonlocals.update(node.names)
    return globals_, nonlocals


def parameters(function: ast.AST) -> list:
    args = function.args
    names = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
    names += [a.arg for a in (args.vararg, args.kwarg) if a is not None]
    return names


def deletes_names(nodes) -> bool:
    """Whether `nodes` unbind a variable (`del x`); a branch run as a function cannot."""
    return any(isinstance(node, ast.Delete) and any(isinstance(t, ast.Name) for t in node.targets)
               for node in _walk_scope(nodes))


def is_generator(function: ast.AST) -> bool:
    return any(isinstance(node, (ast.Yield, ast.YieldFrom, ast.Await))
               for node in _walk_scope(function.body))


def contains(nodes, kinds, stop_at=()) -> bool:
    """Whether a node of `kinds` occurs in `nodes`, outside nested scopes and nodes of
    `stop_at` (e.g. loops, for break/continue)."""
    stack = list(nodes)
    while stack:
        node = stack.pop()
        if isinstance(node, kinds):
            return True
        if isinstance(node, (*_SCOPES, *stop_at)):
            continue
        stack.extend(ast.iter_child_nodes(node))
    return False


def loads(nodes) -> set:
    """Names read in `nodes` (nested scopes included: a closure reads them too)."""
    return {node.id for tree in nodes for node in ast.walk(tree)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}
