"""Building `pd_op.if` and `pd_op.while` while tracing, and the type rules they follow.

The builders record into nested blocks of the tracer's program (see core.py for the op layout):

    builder = IfBuilder(tracer, pred)
    with builder.branch(0):
        true_outs = [x * 2]
    with builder.branch(1):
        false_outs = [x - 1]
    (y,) = builder.finish(true_outs, false_outs)

Shapes of values that meet (both branches of an `if`, a loop's values before and after an
iteration) merge to -1 where they differ; dtypes and ranks must agree.
"""
from __future__ import annotations

import numpy as np

from ..meta import TensorMeta
from .core import DIALECT, Operation, Value

IF = f"{DIALECT}.if"
WHILE = f"{DIALECT}.while"
YIELD = "cf.yield"


class ControlFlowScopeError(ValueError):
    """A value computed inside a branch or loop body was read outside it."""


def merge_meta(a: TensorMeta, b: TensorMeta, what: str) -> TensorMeta:
    """The type both `a` and `b` have: equal dtype and rank, unequal dims become -1.

    Mismatched dtypes raise RuntimeError and mismatched ranks ValueError, as Paddle does."""
    if a.dtype is not b.dtype:
        raise RuntimeError(f"{what}: the dtypes must be equal, but received {a.dtype.name} and "
                           f"{b.dtype.name}")
    if len(a.shape) != len(b.shape):
        raise ValueError(f"{what}: the ranks must be equal, but received shapes "
                         f"{list(a.shape)} and {list(b.shape)}")
    shape = [x if x == y else -1 for x, y in zip(a.shape, b.shape)]
    return TensorMeta(shape, a.dtype)


def generalizes(general: TensorMeta, specific: TensorMeta) -> bool:
    """Whether a value of type `specific` fits a slot of type `general`."""
    return general.dtype is specific.dtype and len(general.shape) == len(specific.shape) and \
        all(g in (-1, s) for g, s in zip(general.shape, specific.shape))


def predicate_value(array, op_name: str) -> bool:
    """The Python truth of a runtime predicate, which must hold exactly one element."""
    if array.size != 1:
        raise ValueError(f"({op_name}) the condition must hold exactly one element, but its "
                         f"shape is {list(array.shape)}")
    return bool(np.asarray(array).reshape(-1)[0])


def check_predicate(meta: TensorMeta, what: str) -> None:
    if meta.dtype.name != "bool":
        raise TypeError(f"{what}: the condition must be a bool tensor, but received "
                        f"{meta.dtype.name}")
    if all(d >= 0 for d in meta.shape) and int(np.prod(meta.shape)) != 1:
        raise TypeError(f"{what}: the condition must hold exactly one element (shape [] or "
                        f"[1]), but its shape is {list(meta.shape)}")


class IfBuilder:
    """Records one `pd_op.if` into the tracer's current block."""

    def __init__(self, tracer, pred):
        from ..tracing import as_symbolic
        self.tracer = tracer
        pred = as_symbolic(tracer, pred)
        self.op = tracer.block.append(Operation(IF, [pred.value], {}, []))
        self.op.add_region()
        self.op.add_region()

    def branch(self, index: int):
        """Record into the true (0) or false (1) block."""
        return self.tracer.recording_into(self.op.regions[index])

    def finish(self, true_outs: list, false_outs: list) -> list:
        """Close both blocks with their yields; the op's results as symbolic tensors."""
        from ..tracing import symbolic
        if len(true_outs) != len(false_outs):
            raise ValueError(f"({IF}) true branch yields {len(true_outs)} values but the false "
                             f"branch yields {len(false_outs)}")
        true_vals = self._yield(0, true_outs)
        false_vals = self._yield(1, false_outs)
        metas = [merge_meta(a.meta, b.meta, f"({IF}) output {i} of the two branches")
                 for i, (a, b) in enumerate(zip(true_vals, false_vals))]
        self.op.outputs = [Value(m, self.op, i) for i, m in enumerate(metas)]
        results = []
        for out, a, b in zip(self.op.outputs, true_vals, false_vals):
            out.stop_gradient = a.stop_gradient and b.stop_gradient
            results.append(symbolic(out, out.stop_gradient))
        return results

    def _yield(self, index: int, tensors: list) -> list:
        from ..tracing import as_symbolic
        with self.branch(index):
            values = [as_symbolic(self.tracer, t).value for t in tensors]
            self.tracer.block.append(Operation(YIELD, values, {}, []))
        return values


class WhileBuilder:
    """Records one `pd_op.while` into the tracer's current block.

    The op joins its block only in `finish`, so that the body can be traced again with other
    argument types (`begin_body` starts over) and values the loop needs can still be created
    before it."""

    def __init__(self, tracer):
        self.tracer = tracer
        self.parent = tracer.block
        self.op = Operation(WHILE, [], {}, [])
        self.op.block = self.parent
        self.body = self.op.add_region()
        self.inits: list = []

    def begin_body(self, inits: list, metas: list) -> list:
        """Fresh body block whose arguments (typed `metas`) stand for the loop values entering
        as `inits`; returns the arguments as symbolic tensors."""
        from ..tracing import as_symbolic, symbolic
        self.inits = [as_symbolic(self.tracer, t) for t in inits]
        self.body.ops.clear()
        self.body.args.clear()
        args = []
        for meta, init in zip(metas, self.inits):
            if not generalizes(meta, init.meta):
                raise ValueError(f"({WHILE}) a loop value enters as {list(init.meta.shape)} "
                                 f"{init.meta.dtype.name}, which its argument type "
                                 f"{list(meta.shape)} {meta.dtype.name} does not cover")
            arg = self.body.add_arg(meta)
            arg.stop_gradient = init.stop_gradient
            args.append(symbolic(arg, init.stop_gradient))
        return args

    def recording(self):
        return self.tracer.recording_into(self.body)

    def finish(self, cond, next_cond, next_values: list) -> list:
        """Close the body with `cf.yield(next_cond, *next_values)` and add the op, entered when
        `cond` holds; returns its results as symbolic tensors."""
        from ..tracing import as_symbolic, symbolic
        with self.recording():
            nexts = [as_symbolic(self.tracer, t) for t in [next_cond, *next_values]]
            self.tracer.block.append(Operation(YIELD, [t.value for t in nexts], {}, []))
        for i, (arg, nxt) in enumerate(zip(self.body.args, nexts[1:])):
            if not generalizes(arg.meta, nxt.meta):
                merge_meta(arg.meta, nxt.meta, f"({WHILE}) loop value {i} before and after "
                                               "an iteration")
                raise ValueError(f"({WHILE}) loop value {i} is typed {list(arg.meta.shape)} in "
                                 f"the body but the body yields {list(nxt.meta.shape)}")
        self.op.inputs = [as_symbolic(self.tracer, cond).value] + [t.value for t in self.inits]
        self.parent.append(self.op)
        results = []
        for i, (arg, nxt) in enumerate(zip(self.body.args, nexts[1:])):
            arg.stop_gradient = arg.stop_gradient and nxt.stop_gradient
            out = Value(arg.meta, self.op, i)
            out.stop_gradient = arg.stop_gradient
            self.op.outputs.append(out)
            results.append(symbolic(out, out.stop_gradient))
        return results
