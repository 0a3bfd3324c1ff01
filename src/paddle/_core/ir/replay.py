"""Run a Program op by op through dispatch on Tensors, so eager autograd records the backward
exactly as for hand-written eager code (used by to_static when gradients are needed)."""
from __future__ import annotations

from .. import dispatch
from ..tensor import Tensor, wrap
from .core import DIALECT, Program
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
                inputs = tuple(_lookup(env, v) for v in op.inputs)
                attrs = tuple(op.attrs[a] for a in op.opdef.attrs)
                result = dispatch.call(op.opdef, inputs, attrs)
                results = (result,) if op.opdef.single_output else result
                for value, tensor in zip(op.outputs, results):
                    env[id(value)] = tensor
        return [env[id(v)] for v in self.outputs]


def _lookup(env, value):
    if value is None:
        return None
    if isinstance(value, list):
        return [env[id(v)] for v in value]
    return env[id(value)]
