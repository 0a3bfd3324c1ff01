"""The backward engine: walk the recorded graph from the outputs in dependency order, call each
op's gradient rule (written with paddle ops, so `create_graph=True` records a differentiable
backward graph), and deliver gradients to leaves or to the requested inputs."""
from __future__ import annotations

from itertools import repeat
from operator import is_not

import numpy as np

from .. import state
from ..tensor import Tensor, wrap
from .node import GradContext, Node

_NONES = repeat(None)  # `map(is_not, items, _NONES)`: which items are not None, no Python calls


class GraphFreedError(RuntimeError):
    """Backward reached a node whose saved tensors were released by an earlier backward."""


def run_backward(outputs, grad_outputs, retain_graph: bool = False, create_graph: bool = False,
                 inputs=None, allow_unused: bool = False, no_grad_vars=None):
    """Shared core of `Tensor.backward`, `paddle.autograd.backward` and `paddle.grad`.

    With `inputs=None` gradients accumulate into the `.grad` of every reachable leaf; otherwise
    the gradients of `inputs` are returned (and no `.grad` is touched)."""
    roots, root_grads = _check_roots(outputs, grad_outputs, create_graph)
    prev = state.grad_enabled
    state.grad_enabled = create_graph
    # gradient rules compute in the dtypes the forward saved: no auto_cast inside backward
    amp, state.amp = state.amp, None
    try:
        run = _Run(roots, inputs, no_grad_vars, create_graph)
        run.seed(roots, root_grads)
        run.execute(retain_graph)
        if inputs is None:
            run.deliver_to_leaves()
            return None
        return run.results(allow_unused)
    finally:
        state.grad_enabled = prev
        state.amp = amp
        if _FINAL_HOOKS:
            _run_final_hooks()


_FINAL_HOOKS: list = []


def add_backward_final_hook(hook) -> None:
    """Call hook() once, when the next backward pass finishes (Paddle's
    core.eager._add_backward_final_hook)."""
    _FINAL_HOOKS.append(hook)


def _run_final_hooks() -> None:
    hooks = list(_FINAL_HOOKS)
    _FINAL_HOOKS.clear()
    for hook in hooks:
        hook()


def _check_roots(outputs, grad_outputs, create_graph):
    if isinstance(outputs, Tensor):
        outputs = [outputs]
    outputs = list(outputs)
    if grad_outputs is None or isinstance(grad_outputs, Tensor):
        grad_outputs = [grad_outputs] * (1 if grad_outputs is not None else len(outputs))
    grad_outputs = list(grad_outputs)
    if len(grad_outputs) != len(outputs):
        raise ValueError(f"The number of grad_outputs ({len(grad_outputs)}) must equal the number "
                         f"of outputs ({len(outputs)}).")
    roots, grads = [], []
    for i, (out, g) in enumerate(zip(outputs, grad_outputs)):
        if not isinstance(out, Tensor):
            raise TypeError(f"outputs[{i}] must be a Tensor, but received {type(out).__name__}")
        if out.stop_gradient:
            continue
        if g is None:
            g = _filled_like(out, 1)
        elif not isinstance(g, Tensor):
            raise TypeError(f"grad_outputs[{i}] must be a Tensor or None, but received "
                            f"{type(g).__name__}")
        elif g._data.shape != out._data.shape:
            raise ValueError(f"grad_outputs[{i}] has shape {list(g._data.shape)}, but outputs[{i}]"
                             f" has shape {list(out._data.shape)}; they must be equal.")
        elif g._data.dtype != out._data.dtype:
            g = wrap(g._data.astype(out._data.dtype))
        if not create_graph and not g.stop_gradient and state.tracer is None:
            g = wrap(g._data)
        roots.append(out)
        grads.append(g)
    return roots, grads


def _add(a, b):
    if a is None:
        return b
    if state.grad_enabled or state.tracer is not None:
        return a + b
    return wrap(a._data + b._data)


def _add_arrays(a, b):
    """a + b of a plain backward (no graph, no program): one NumPy add (0-d sums stay
    arrays, not NumPy scalars)."""
    total = a._data + b._data
    return wrap(total if type(total) is np.ndarray else np.asarray(total))


def _filled_like(t: Tensor, value) -> Tensor:
    """A constant tensor shaped like t: a NumPy array eagerly, a full_like op when tracing."""
    if state.tracer is not None:
        from ..ops.fill import full_like
        return full_like(t, value, None)
    data = t._data
    return wrap(np.full(data.shape, value, data.dtype))


def _zeros(shape, np_dtype) -> Tensor:
    if state.tracer is not None:
        if -1 in shape:
            raise NotImplementedError("static backward: an unused output of a multi-output op "
                                      "has a dynamic shape; its zero gradient cannot be built")
        from .. import dtype as _dt
        from ..ops.creation import full
        return full(list(shape), 0, _dt.from_numpy_dtype(np_dtype))
    return wrap(np.zeros(shape, np_dtype))


class _Run:
    """One backward pass: the graph reachable from the roots and the gradients flowing in it."""

    def __init__(self, roots, inputs, no_grad_vars, create_graph):
        self.create_graph = create_graph
        self.buffers: dict[Node, list] = {}
        self.leaf_grads: dict[int, list] = {}
        self.blocked = _blocked(no_grad_vars)
        # leaves with backward hooks get their gradient the moment its last edge has run (the
        # hooks of DataParallel start communicating while backward goes on), not at the end
        self.hooked_leaves: dict[int, int] = {}
        if inputs is None:
            self.deps = _dependencies(roots, hooked_leaves=self.hooked_leaves)
        else:
            order = _topological(roots)
            self.deps = _dependencies(order, ordered=True)
        self.executed: list[Node] = []
        self.targets = None
        self.useful = None
        if inputs is not None:
            self.targets = [inputs] if isinstance(inputs, Tensor) else list(inputs)
            self.leaf_ids = {id(t) for t in self.targets if t._node is None}
            self.target_keys = {(t._node, t._out_idx) for t in self.targets
                                if t._node is not None}
            self.captured: dict = {}
            self.useful = self._prune(order)

    def _prune(self, order) -> set:
        """Nodes from which a requested input is reachable (the only ones worth running)."""
        input_nodes = {node for node, _ in self.target_keys}
        useful = set()
        for node in order:  # producers come before their consumers
            if node in input_nodes:
                useful.add(node)
                continue
            for edge in node.edges:
                if edge is None:
                    continue
                target = edge[0]
                if (target in useful) if type(target) is Node else (id(target) in self.leaf_ids):
                    useful.add(node)
                    break
        return useful

    def seed(self, roots, grads):
        for root, g in zip(roots, grads):
            if root._node is None:
                self._to_leaf(root, g)
            else:
                buf = self.buffers.setdefault(root._node, [None] * len(root._node.out_info))
                buf[root._out_idx] = _add(buf[root._out_idx], g)

    def execute(self, retain_graph: bool):
        if self.useful is None and not self.blocked and not self.hooked_leaves \
                and not self.create_graph and state.tracer is None:
            self._execute_plain()
        else:
            self._execute_general()
        if not retain_graph:
            for node in self.executed:
                if node.saved_in or node.saved_out:
                    node.saved_in = None
                    node.saved_out = None
                node.released = True

    def _execute_plain(self):
        """The common backward (every leaf's .grad, no graph of the backward, nothing blocked
        or hooked on leaves), with the loop kept to what it needs: one pass per node."""
        buffers, deps, executed = self.buffers, self.deps, self.executed
        ready = [n for n in buffers if n not in deps]
        pop, push, take = ready.pop, ready.append, buffers.pop
        record, to_leaf, rule = executed.append, self._to_leaf, _call_rule
        while ready:
            node = pop()
            grads = take(node)
            edges = node.edges
            record(node)
            if node.hooks:
                in_grads = self._apply(node, grads)
            elif grads[0] is None and not any(map(is_not, grads, _NONES)):
                in_grads = _NONES
            else:
                in_grads = rule(node, grads, list(map(is_not, edges, _NONES)))
            for edge, g in zip(edges, in_grads):
                if edge is None:
                    continue
                target = edge[0]
                if type(target) is Node:
                    if g is not None:
                        buf = buffers.get(target)
                        if buf is None:
                            buf = buffers[target] = [None] * len(target.out_info)
                        index = edge[1]
                        current = buf[index]
                        buf[index] = g if current is None else _add_arrays(current, g)
                    remaining = deps[target] - 1
                    deps[target] = remaining
                    if not remaining:
                        if target not in buffers:  # no gradient arrived: its inputs get none
                            buffers[target] = [None] * len(target.out_info)
                        push(target)
                elif g is not None:
                    to_leaf(target, g)

    def _execute_general(self):
        buffers, deps, blocked, useful = self.buffers, self.deps, self.blocked, self.useful
        executed, hooked = self.executed, self.hooked_leaves
        add = _add if self.create_graph or state.tracer is not None else _add_arrays
        ready = [n for n in buffers if n not in deps]
        while ready:
            node = ready.pop()
            grads = buffers.pop(node)
            edges = node.edges
            if useful is None and not node.hooks:  # plain backward: every edge wants its grad
                if len(grads) == 1 and grads[0] is None or not any(map(is_not, grads, _NONES)):
                    in_grads = [None] * len(edges)
                else:
                    in_grads = _call_rule(node, grads, list(map(is_not, edges, _NONES)))
                executed.append(node)
            else:
                in_grads = self._apply(node, grads)
                if useful is None or node in useful:
                    executed.append(node)
            for edge, g in zip(edges, in_grads):
                if edge is None:
                    continue
                target = edge[0]
                if type(target) is Node:
                    buf = buffers.get(target)
                    if buf is None:
                        buf = buffers[target] = [None] * len(target.out_info)
                    if g is not None and (not blocked or edge not in blocked):
                        index = edge[1]
                        current = buf[index]
                        buf[index] = g if current is None else add(current, g)
                    remaining = deps[target] - 1
                    deps[target] = remaining
                    if remaining == 0:
                        ready.append(target)
                else:
                    if g is not None and (not blocked or id(target) not in blocked):
                        self._to_leaf(target, g)
                    if hooked and id(target) in hooked:
                        self._leaf_edge_done(target)

    def _apply(self, node: Node, grads: list) -> list:
        """Hooks, capture, then the op's rule; returns one gradient (or None) per flat input."""
        if node.hooks:
            _run_output_hooks(node, grads)
        useful = self.useful
        if useful is not None:
            keys = self.target_keys
            for i, g in enumerate(grads):
                if g is not None and (node, i) in keys:
                    self.captured[(node, i)] = g
            if node not in useful:
                return [None] * len(node.edges)
            needs = [edge is not None and self._wanted(edge[0]) for edge in node.edges]
        else:
            needs = list(map(is_not, node.edges, _NONES))
        if not any(map(is_not, grads, _NONES)):
            return [None] * len(node.edges)
        return _call_rule(node, grads, needs)

    def _wanted(self, target) -> bool:
        if type(target) is Node:
            return target in self.useful
        return id(target) in self.leaf_ids

    def _to_leaf(self, leaf: Tensor, g: Tensor):
        """Sum the gradients reaching a leaf. In a plain backward the first sum is a fresh
        array the run owns, so the next ones add into it in place."""
        slot = self.leaf_grads.get(id(leaf))
        if slot is None:
            self.leaf_grads[id(leaf)] = [leaf, g, False]
        elif self.create_graph or state.tracer is not None:
            slot[1] = _add(slot[1], g)
        elif slot[2]:
            np.add(slot[1]._data, g._data, out=slot[1]._data, casting="unsafe")
        else:
            slot[1] = _add_arrays(slot[1], g)
            slot[2] = slot[1]._data.dtype == g._data.dtype

    def _leaf_edge_done(self, leaf: Tensor):
        remaining = self.hooked_leaves[id(leaf)] - 1
        self.hooked_leaves[id(leaf)] = remaining
        slot = self.leaf_grads.get(id(leaf)) if remaining == 0 else None
        if slot is not None:
            del self.leaf_grads[id(leaf)]
            self._deliver(leaf, slot[1], slot[2])

    def deliver_to_leaves(self):
        for leaf, g, owned in self.leaf_grads.values():
            self._deliver(leaf, g, owned)

    def _deliver(self, leaf: Tensor, g: Tensor, owned: bool = False):
        for hook in list(_leaf_hooks(leaf)):
            replaced = hook(g)
            if replaced is not None:
                g, owned = replaced, False
        if g._data.dtype != leaf._data.dtype:
            g, owned = g.astype(leaf._data.dtype), False
        _accumulate(leaf, g, self.create_graph, owned)
        for hook in list(_leaf_void_hooks(leaf)):
            hook()

    def results(self, allow_unused: bool) -> list:
        out = []
        for i, t in enumerate(self.targets):
            if t._node is None:
                slot = self.leaf_grads.get(id(t))
                g = None if slot is None else slot[1]
            else:
                g = self.captured.get((t._node, t._out_idx))
            if g is None and not allow_unused:
                raise ValueError(f"The {i}-th input does not appear in the backward graph of the "
                                 "outputs. Please check the input tensor or set allow_unused=True "
                                 "to get None as its gradient.")
            if g is not None and not self.create_graph and state.tracer is None:
                g = wrap(g._data)
            out.append(g)
        return out


def _run_output_hooks(node: Node, grads: list):
    for index, hooks in node.hooks.items():
        for hook in list(hooks):
            if grads[index] is not None:
                replaced = hook(grads[index])
                if replaced is not None:
                    grads[index] = replaced


def _leaf_hooks(leaf: Tensor) -> list:
    extra = leaf._extra
    return extra.get("hooks", ()) if extra else ()


def _leaf_void_hooks(leaf: Tensor) -> list:
    """Hooks taking no argument, run after the leaf's gradient was accumulated."""
    extra = leaf._extra
    return extra.get("void_hooks", ()) if extra else ()


def _accumulate(leaf: Tensor, g: Tensor, create_graph: bool, owned: bool = False):
    """Paddle semantics: gradients add up in `.grad` until cleared."""
    current = leaf._grad
    if state.tracer is not None:  # static backward: gradients are program values
        leaf._grad = g if current is None else current + g
        return
    if current is None:
        if not create_graph:
            # own the buffer: the rule may have handed the same array to several inputs (a
            # sum the run made is its own already)
            g = wrap(g._data if owned else g._data.copy())
            g.stop_gradient = False
        leaf._grad = g
    elif create_graph:
        leaf._grad = current + g
    else:
        np.add(current._data, g._data, out=current._data, casting="unsafe")


def _blocked(no_grad_vars) -> set:
    if no_grad_vars is None:
        return set()
    if isinstance(no_grad_vars, Tensor):
        no_grad_vars = [no_grad_vars]
    return {id(t) if t._node is None else (t._node, t._out_idx) for t in no_grad_vars}


def _topological(roots) -> list:
    """Nodes reachable from the roots, producers before consumers (iterative post-order DFS)."""
    order, seen = [], set()
    for root in roots:
        start = root._node
        if start is None or start in seen:
            continue
        seen.add(start)
        stack = [(start, iter(start.edges))]
        while stack:
            node, edges = stack[-1]
            for edge in edges:
                if edge is not None and type(edge[0]) is Node and edge[0] not in seen:
                    seen.add(edge[0])
                    stack.append((edge[0], iter(edge[0].edges)))
                    break
            else:
                stack.pop()
                order.append(node)
    return order


def _dependencies(nodes, ordered: bool = False, hooked_leaves: dict | None = None) -> dict:
    """For each node, how many edges from other reachable nodes feed gradients into it.

    `nodes` is either every reachable node (`ordered`) or the roots to walk the graph from;
    walking from the roots also counts, in `hooked_leaves`, the edges into each leaf that has
    backward hooks."""
    deps = {}
    if ordered:
        for node in nodes:
            for edge in node.edges:
                if edge is not None and type(edge[0]) is Node:
                    target = edge[0]
                    deps[target] = deps.get(target, 0) + 1
        return deps
    starts = {root._node for root in nodes if root._node is not None}
    stack = list(starts)
    while stack:  # a node is walked once: when first reached, or as a root
        for edge in stack.pop().edges:
            if edge is not None:
                target = edge[0]
                if type(target) is Node:
                    if target in deps:
                        deps[target] += 1
                    else:
                        deps[target] = 1
                        if target not in starts:
                            stack.append(target)
                elif target._extra and "void_hooks" in target._extra:
                    hooked_leaves[id(target)] = hooked_leaves.get(id(target), 0) + 1
    return deps


def _call_rule(node: Node, grads: list, needs: list) -> list:
    op = node.op
    if node.released and node.saved_in is None:
        raise GraphFreedError(
            f"Trying to run backward through op '{op.name}' a second time, but the tensors it "
            "saved were freed by the first backward. Pass retain_graph=True to the first "
            "backward()/paddle.grad() call to keep them.")
    if len(grads) > 1:
        for i, g in enumerate(grads):
            if g is None:
                grads[i] = _zeros(*node.out_info[i])
    if state.check_nan_inf is None:
        result = op.grad_rule(GradContext(node, needs), *grads)
    else:
        result = _checked_rule(node, needs, grads)
    if node.layout is None:
        flat = [result] if op.n_in == 1 else list(result)
    else:
        flat = _flatten_grads(node, result)
    for g, info in zip(flat, node.in_info):  # the common case: every gradient already fits
        if g is not None and (g._data.shape != info[0] or g._data.dtype != info[1]):
            _check_grad_shapes(node, flat)
            break
    return flat


def _checked_rule(node: Node, needs: list, grads: list):
    """The rule under FLAGS_check_nan_inf: its inner ops go unchecked, its gradients are
    checked as Paddle checks a grad node (`<op>_grad`)."""
    checker, state.check_nan_inf = state.check_nan_inf, None
    try:
        result = node.op.grad_rule(GradContext(node, needs), *grads)
    finally:
        state.check_nan_inf = checker
    if state.tracer is None:
        flat = [result] if node.op.n_in == 1 and node.layout is None else list(result)
        checker.check_grads(node.op.name, [g for g in flat if not isinstance(g, list)])
    return result


def _flatten_grads(node: Node, result) -> list:
    flat = []
    for length, g in zip(node.layout, result):
        if length < 0:
            flat.append(g)
        elif g is None:
            flat.extend([None] * length)
        else:
            flat.extend(g)
    return flat


def _check_grad_shapes(node: Node, flat: list):
    for i, (g, info) in enumerate(zip(flat, node.in_info)):
        if g is None:
            continue
        data = g._data
        if data.shape != info[0]:
            raise RuntimeError(f"Internal error in the gradient rule of op '{node.op.name}': the "
                               f"gradient of input {i} has shape {list(data.shape)}, expected "
                               f"{list(info[0])}.")
        if data.dtype != info[1] and info[1].kind in "fcV":
            flat[i] = g.astype(info[1]) if state.grad_enabled else wrap(data.astype(info[1]))
