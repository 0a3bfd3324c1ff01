"""Run a Program op by op through dispatch on Tensors, so eager autograd records the backward
exactly as for hand-written eager code (used by to_static when gradients are needed).

Control flow runs as eager Python would: an `if` evaluates its predicate and replays the chosen
branch only, a `while` replays its body once per iteration. The autograd graph therefore holds
exactly the ops that ran, and gradients through branches and loops are eager's."""
from __future__ import annotations

from .. import dispatch
from ..backend import xp
from ..tensor import Tensor, wrap
from .control_flow import IF, WHILE, YIELD, predicate_value
from .core import DIALECT, Program
from .dynamic_attrs import DynamicAttrOp
from .host_op import HostOp
from .interpreter import check_feed


class Replayer:
    """Executes `program` on Tensors; returns the Tensors of `outputs`."""

    def __init__(self, program: Program, outputs: list):
        self.program = program
        self.outputs = list(outputs)

    def run(self, feeds: dict) -> list:
        env: dict[int, Tensor] = {}
        for op in self.program.global_block().ops:
            name = op.name
            if name == f"{DIALECT}.data":
                value = feeds[op.attrs["name"]]
                tensor = value if isinstance(value, Tensor) else wrap(value)
                check_feed(op.attrs["name"], tensor._data, op.outputs[0].meta)
                env[id(op.outputs[0])] = tensor
            elif name == "builtin.parameter":
                env[id(op.outputs[0])] = self.program.parameters[op.attrs["parameter_name"]]
            elif name == "builtin.constant":
                env[id(op.outputs[0])] = wrap(op.attrs["value"])
            else:
                _replay(op, env)
        return [env[id(v)] for v in self.outputs]


def _replay(op, env: dict) -> None:
    if op.name == IF:
        _replay_if(op, env)
    elif op.name == WHILE:
        _replay_while(op, env)
    elif isinstance(op.opdef, DynamicAttrOp):  # the registry op, its int arrays read now
        n = op.opdef.n_inputs
        tensors = [_lookup(env, v) for v in op.inputs]
        attrs = op.opdef.attrs_for([t._data for t in tensors[n:]])
        result = dispatch.call(op.opdef.inner, tuple(tensors[:n]), attrs)
        results = (result,) if op.opdef.single_output else result
        for value, tensor in zip(op.outputs, results):
            env[id(value)] = tensor
    elif isinstance(op.opdef, HostOp):  # state writes and updates run on the arrays
        arrays = [[t._data for t in x] if isinstance(x, list) else x._data
                  for x in (_lookup(env, v) for v in op.inputs)]
        for value, array in zip(op.outputs, op.opdef.kernel(xp, *arrays)):
            env[id(value)] = wrap(array)
    else:
        inputs = tuple(_lookup(env, v) for v in op.inputs)
        attrs = tuple(op.attrs[a] for a in op.opdef.attrs)
        result = dispatch.call(op.opdef, inputs, attrs)
        results = (result,) if op.opdef.single_output else result
        for value, tensor in zip(op.outputs, results):
            env[id(value)] = tensor
            if value.grad_hooks and not tensor.stop_gradient:
                for hook in value.grad_hooks:  # registered on this value while tracing
                    tensor.register_hook(hook)


def _replay_block(block, env: dict) -> list:
    """Replay a nested block; returns the Tensors its `cf.yield` names."""
    for op in block.ops:
        if op.name == YIELD:
            return [env[id(v)] for v in op.inputs]
        _replay(op, env)
    raise RuntimeError(f"Replayer: a block of {block.parent_op.name} does not end with {YIELD}")


def _replay_if(op, env: dict) -> None:
    taken = predicate_value(env[id(op.inputs[0])]._data, IF)
    results = _replay_block(op.regions[0 if taken else 1], env)
    for value, tensor in zip(op.outputs, results):
        env[id(value)] = tensor


def _replay_while(op, env: dict) -> None:
    body = op.regions[0]
    keep_going = predicate_value(env[id(op.inputs[0])]._data, WHILE)
    values = [env[id(v)] for v in op.inputs[1:]]
    while keep_going:
        for arg, tensor in zip(body.args, values):
            env[id(arg)] = tensor
        cond, *values = _replay_block(body, env)
        keep_going = predicate_value(cond._data, WHILE)
    for value, tensor in zip(op.outputs, values):
        env[id(value)] = tensor


def _lookup(env, value):
    if value is None:
        return None
    if isinstance(value, list):
        return [env[id(v)] for v in value]
    return env[id(value)]
