"""Dispatch: the one call site of every op. It either computes (eager, recording an autograd Node
when an input needs gradients) or, while a tracer is active, records the op with output metas from
infer_meta alone.

This is the per-op cost every user pays, so the common case (all inputs plain Tensors) takes a
straight path with no per-call dictionaries, keyword parsing or shape inference.
"""
from __future__ import annotations

import functools
import weakref

import numpy as np

from . import state
from .autograd.node import Node, pack_saved
from .backend import xp
from .meta import meta_of
from .tensor import Tensor, wrap

_ndarray = np.ndarray
_new_node = object.__new__
_weakref = weakref.ref


def call(op, inputs: tuple, attrs: tuple):
    if state.amp is not None:  # before tracing too: a traced program records the casts
        inputs = state.amp.cast_inputs(op, inputs, attrs)
    if state.tracer is not None:
        return state.tracer.record(op, inputs, attrs)
    if not op.simple:
        return _call_general(op, inputs, attrs)
    try:  # unrolled for one and two inputs: most ops, and cheaper than a comprehension
        n = len(inputs)
        if n == 1:
            arrays = (inputs[0]._data,)
        elif n == 2:
            arrays = (inputs[0]._data, inputs[1]._data)
        else:
            arrays = [t._data for t in inputs]
    except AttributeError:
        raise _not_a_tensor(op, inputs) from None
    try:
        out = op.kernel(xp, *arrays, *attrs)
    except Exception as exc:  # noqa: BLE001 - re-raised with the op's own explanation
        raise explain_failure(op, inputs, attrs, exc) from exc
    record = False
    if state.grad_enabled and op.grad_rule is not None:
        for t in inputs:
            if not t.stop_gradient:
                record = True
                break
    if state.check_nan_inf is not None:
        state.check_nan_inf.check_outputs(op.name, out)
    if op.single_output:
        if type(out) is not _ndarray:
            out = np.asarray(out)
        result = wrap(out)
        if record:
            _record_node(op, inputs, arrays, attrs, (result,), None)
        return result
    results = tuple(wrap(o if type(o) is _ndarray else np.asarray(o)) for o in out)
    if record:
        _record_node(op, inputs, arrays, attrs, results, None)
    return list(results) if op.list_output else results


def _call_general(op, inputs: tuple, attrs: tuple):
    """Ops with tensor-list or optional inputs: flatten, run, record."""
    flat, layout = flatten_inputs(op, inputs)
    arrays = [_array_of(op, t) for t in inputs]
    try:
        out = op.kernel(xp, *arrays, *attrs)
    except Exception as exc:  # noqa: BLE001
        raise explain_failure(op, inputs, attrs, exc) from exc
    record = False
    if state.grad_enabled and op.grad_rule is not None:
        record = any(t is not None and not t.stop_gradient for t in flat)
    if state.check_nan_inf is not None:
        state.check_nan_inf.check_outputs(op.name, out)
    single = op.single_output
    outs = (out,) if single else out
    results = tuple(wrap(o if type(o) is _ndarray else np.asarray(o)) for o in outs)
    if record:
        flat_arrays = [None if t is None else t._data for t in flat]
        _record_node(op, tuple(flat), flat_arrays, attrs, results, layout, inputs)
    if single:
        return results[0]
    return list(results) if op.list_output else results


def flatten_inputs(op, inputs: tuple) -> tuple[list, tuple]:
    """Flat list of input tensors (lists expanded, None kept) and the per-input list lengths."""
    flat = []
    layout = []
    for i, t in enumerate(inputs):
        if i in op.list_inputs:
            items = list(t)
            flat.extend(items)
            layout.append(len(items))
        else:
            flat.append(t)
            layout.append(-1)
    return flat, tuple(layout)


def _array_of(op, value):
    if value is None:
        return None
    if isinstance(value, Tensor):
        return value._data
    if isinstance(value, (list, tuple)):
        return [_array_of(op, v) for v in value]
    raise _not_a_tensor(op, (value,))


def _record_node(op, flat_inputs, flat_arrays, attrs, results, layout, inputs=None):
    node = _new_node(Node)
    node.op = op
    node.attrs = attrs
    node.layout = layout
    node.hooks = None
    node.released = False
    if layout is None and 0 < len(flat_inputs) <= 2:  # unrolled: the common unary/binary ops
        _edges_of_one_or_two(node, flat_inputs, flat_arrays)
    else:
        _edges_of_many(node, flat_inputs, flat_arrays)
    if op.save_inputs:
        _save_inputs(node, op.save_inputs, flat_inputs if inputs is None else inputs)
    else:
        node.saved_in = ()
        node.saved_versions = ()
    save = op.save_outputs
    if len(results) == 1:
        result = results[0]
        data = result._data
        node.out_info = [(data.shape, data.dtype)]
        node.saved_out = ((data, _weakref(result), 0),) if save else ()
    else:
        node.out_info = [(r._data.shape, r._data.dtype) for r in results]
        node.saved_out = tuple([(results[i]._data, _weakref(results[i]), 0) for i in save])
    if state.saved_hooks is not None and (node.saved_in or node.saved_out):
        _pack_node(node, results)
    i = 0
    for r in results:
        r.stop_gradient = False
        r._node = node
        r._out_idx = i
        i += 1


def _save_inputs(node, save: tuple, declared) -> None:
    """Keep the inputs the grad rule reads by value, with their versions (to detect a later
    in-place change); unrolled for the usual one or two."""
    first = declared[save[0]]
    version = first._version if type(first) is Tensor else _versions(first)
    if len(save) == 1:
        node.saved_in = (first,)
        node.saved_versions = (version,)
    elif len(save) == 2:
        second = declared[save[1]]
        node.saved_in = (first, second)
        node.saved_versions = (version, second._version if type(second) is Tensor
                               else _versions(second))
    else:
        saved = tuple([declared[i] for i in save])
        node.saved_in = saved
        node.saved_versions = tuple([_versions(v) for v in saved])


def _edges_of_one_or_two(node, inputs, arrays) -> None:
    t = inputs[0]
    a = arrays[0]
    first = None if t.stop_gradient else ((t, 0) if t._node is None else (t._node, t._out_idx))
    if len(inputs) == 1:
        node.edges = [first]
        node.in_info = [(a.shape, a.dtype)]
        return
    u = inputs[1]
    b = arrays[1]
    node.edges = [first, None if u.stop_gradient else
                  ((u, 0) if u._node is None else (u._node, u._out_idx))]
    node.in_info = [(a.shape, a.dtype), (b.shape, b.dtype)]


def _edges_of_many(node, inputs, arrays) -> None:
    """Per flat input: the edge its gradient flows along (None: not needed) and its shape and
    dtype (None for an absent optional input)."""
    edges = []
    in_info = []
    for t, a in zip(inputs, arrays):
        if t is None or t.stop_gradient:
            edges.append(None)
        elif t._node is None:
            edges.append((t, 0))
        else:
            edges.append((t._node, t._out_idx))
        in_info.append(None if a is None else (a.shape, a.dtype))
    node.edges = edges
    node.in_info = in_info


def _pack_node(node, results) -> None:
    """saved_tensors_hooks: saved tensors go through the user's pack hook (version checks no
    longer apply to them: the hook decides what is kept)."""
    hooks = state.saved_hooks
    node.saved_in = tuple(pack_saved(v, hooks) for v in node.saved_in)
    node.saved_versions = tuple(None for _ in node.saved_in)
    node.saved_out = tuple((pack_saved(results[i], hooks), ref, v) for i, (_, ref, v) in
                           zip(node.op.save_outputs, node.saved_out))


def record_autograd(op, inputs: tuple, attrs: tuple, results: tuple) -> None:
    """Record the autograd node of an op applied to symbolic tensors (static backward)."""
    if op.simple:
        _record_node(op, inputs, [t._data for t in inputs], attrs, results, None)
        return
    flat, layout = flatten_inputs(op, inputs)
    _record_node(op, tuple(flat), [None if t is None else t._data for t in flat], attrs,
                 results, layout, inputs)


def _versions(saved):
    if type(saved) is Tensor or isinstance(saved, Tensor):
        return saved._version
    if isinstance(saved, (list, tuple)):
        return tuple(t._version for t in saved)
    return None


def _not_a_tensor(op, inputs) -> TypeError:
    got = ", ".join(type(t).__name__ for t in inputs)
    return TypeError(f"({op.name}) expects Tensor inputs {list(op.inputs)}, but received ({got})")


def explain_failure(op, inputs, attrs, exc: Exception) -> Exception:
    """Turn a kernel failure into the error Paddle would raise: the op's infer_meta usually
    names the argument and the expected vs received shapes/dtypes; otherwise prefix the op."""
    if isinstance(exc, (ValueError, TypeError, IndexError)) and str(exc).startswith(f"({op.name})"):
        return exc
    try:
        metas = [_meta_or_list(t) for t in inputs]
        op.infer_meta(*metas, *attrs)
    except (ValueError, TypeError, IndexError) as clear:
        return clear
    except Exception:  # noqa: BLE001 - an infer_meta crash must not hide the kernel's error
        pass
    kind = type(exc) if isinstance(exc, (ValueError, TypeError, IndexError)) else RuntimeError
    return kind(f"({op.name}) {exc}")


def _meta_or_list(t):
    if t is None:
        return None
    if isinstance(t, (list, tuple)):
        return [_meta_or_list(v) for v in t]
    return meta_of(t._data) if isinstance(t, Tensor) else t


def call_inplace(op, target: Tensor, inputs: tuple, attrs: tuple) -> Tensor:
    """Run `op` and write its result into `target` (Paddle's `x.add_(y)` family).

    The result keeps target's memory (views see the change), target's version is bumped so that
    a backward needing its old value fails loudly, and target takes over the op's autograd node."""
    if state.tracer is not None:
        return state.tracer.record_inplace(op, target, inputs, attrs)
    recording = state.grad_enabled and op.grad_rule is not None
    if recording and not target.stop_gradient and target._node is None:
        raise ValueError(f"({op.name}_) Leaf Tensor ({target.name}) that doesn't stop gradient "
                         "can't use inplace strategy.")
    if recording and any(isinstance(t, Tensor) and not t.stop_gradient for t in inputs):
        inputs = tuple(_snapshot(t) if t is target else t for t in inputs)
    policy = state.amp
    if policy is None:
        out = call(op, inputs, attrs)
    else:  # in-place ops keep their operands' dtypes under AMP, as in Paddle
        state.amp = None
        try:
            out = call(op, inputs, attrs)
        finally:
            state.amp = policy
    data = target._data
    result = out._data
    if result.shape != data.shape:
        raise ValueError(f"({op.name}_) The shape of the in-place result {list(result.shape)} "
                         f"must equal the shape of the input {list(data.shape)}; broadcasting "
                         "may not grow an in-place target.")
    if not data.flags.writeable:
        target._data = result.astype(data.dtype, copy=False)
    else:
        np.copyto(data, result, casting="unsafe")
    target._version += 1
    if out._node is not None:
        target._node = out._node
        target._out_idx = out._out_idx
        target.stop_gradient = False
    return target


def one_amp_op(paddle_op: str, on_cpu: bool = True):
    """Decorator of a composite function that Paddle runs as the single op `paddle_op`
    (F.linear is linear_v2 on a GPU): under auto_cast it takes that op's one cast decision for
    all its tensor arguments and its inner ops run without casts. `on_cpu=False`: Paddle's CPU
    build runs the composite op by op, so a CPU program (auto_cast in paddle.static) does too.
    Without AMP it is a plain call."""
    def decorate(fn):
        @functools.wraps(fn)
        def run(*args, **kwargs):
            policy = state.amp
            if policy is None or not (on_cpu or policy.gpu_rules):
                return fn(*args, **kwargs)
            return policy.run_as_one_op(paddle_op, fn, args, kwargs)
        return run
    return decorate


def amp_operands(paddle_op: str, tensors: tuple):
    """The operands of Paddle's op `paddle_op` as auto_cast casts them, or None without an
    auto_cast: for a public function whose dtype check would otherwise reject operands the cast
    makes agree (matmul of float32 and float16 under auto_cast). Called on that error path
    only, so it costs nothing elsewhere."""
    hook = state.amp
    return None if hook is None else hook.operands(paddle_op, tensors)


def _snapshot(t: Tensor) -> Tensor:
    """A copy of t's current value carrying t's autograd identity, saved in place of t."""
    snap = wrap(t._data.copy())
    snap.stop_gradient = t.stop_gradient
    snap._node = t._node
    snap._out_idx = t._out_idx
    return snap
