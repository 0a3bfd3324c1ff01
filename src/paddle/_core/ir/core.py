"""The IR: SSA values, operations, blocks and programs (Paddle's PIR, in Python).

A Program owns a global Block of Operations. Every Operation names its op (`pd_op.matmul`,
`builtin.parameter`, `pd_op.data`, …), reads input Values, carries attributes and defines output
Values. Registry ops keep a link to their OpDef, so shape rules, kernels and gradient rules all come
from the one registry.

Control flow holds nested blocks in `regions`, as Paddle's PIR does:

- `pd_op.if` reads a bool predicate and owns two regions (true, false); each ends with a
  `cf.yield` listing the values it produces, which become the op's outputs.
- `pd_op.while` reads the loop condition and the initial loop-carried values; its one region (the
  body) takes the current values as block arguments and ends with `cf.yield(next_condition,
  *next_values)`. Its outputs are the values after the last iteration.

A nested block may read any value visible where its op stands; values defined inside a block are
not visible outside it.
"""
from __future__ import annotations

import itertools

from ..meta import TensorMeta

DIALECT = "pd_op"


class Value:
    """An SSA value: defined once (by an Operation output or a block argument), typed by a
    TensorMeta (shape may contain -1)."""

    __slots__ = ("id", "meta", "op", "index", "name", "stop_gradient", "persistable", "owner",
                 "grad_hooks")

    def __init__(self, meta: TensorMeta, op=None, index: int = 0, name: str | None = None):
        self.id = -1  # numbered by the owning program (see Program.renumber)
        self.meta = meta
        self.op = op
        self.index = index
        self.name = name
        self.stop_gradient = True
        self.persistable = False
        self.owner = None  # the block, for a block argument (op is None then)
        self.grad_hooks = None  # Tensor.register_hook calls made while tracing (see replay.py)

    def defining_block(self):
        """The block whose scope this value belongs to."""
        return self.op.block if self.op is not None else self.owner

    @property
    def shape(self):
        return list(self.meta.shape)

    @property
    def dtype(self):
        return self.meta.dtype

    def __repr__(self) -> str:
        return f"%{self.id}"


class Operation:
    """One op application. `opdef` is the registry OpDef for `pd_op.*` ops (None for builtin
    ops such as parameters, data and fetch)."""

    __slots__ = ("name", "opdef", "inputs", "attrs", "outputs", "regions", "block",
                 "struct_name")

    def __init__(self, name: str, inputs: list, attrs: dict, out_metas: list, opdef=None):
        self.name = name
        self.opdef = opdef
        self.inputs = list(inputs)
        self.attrs = dict(attrs)
        self.outputs = [Value(m, self, i) for i, m in enumerate(out_metas)]
        self.regions: list[Block] = []
        self.block = None
        self.struct_name = None  # the path of the Layer that recorded it (printed, as Paddle)

    @property
    def short_name(self) -> str:
        return self.name.split(".", 1)[1]

    def operands(self):
        """Input values, with tensor-list inputs flattened (None for absent optionals)."""
        for v in self.inputs:
            if isinstance(v, list):
                yield from v
            else:
                yield v

    def replace_input(self, old: Value, new: Value) -> None:
        self.inputs = [[new if x is old else x for x in v] if isinstance(v, list)
                       else (new if v is old else v) for v in self.inputs]

    def add_region(self) -> Block:
        """A new nested block (the op must already sit in a block)."""
        region = Block(self.block.program if self.block is not None else None, self.block)
        region.parent_op = self
        self.regions.append(region)
        return region

    def outer_operands(self):
        """Values this op reads, including those its nested ops read from outside the op (so a
        control-flow op counts as a use of every outer value its blocks read)."""
        yield from (v for v in self.operands() if v is not None)
        if not self.regions:
            return
        inside = {id(b) for b in _nested_blocks(self)}
        for nested in walk(self.regions):
            for v in nested.operands():
                if v is not None and id(v.defining_block()) not in inside:
                    yield v

    def rename_operands(self, mapping: dict) -> None:
        """Replace every read of a value in `mapping` (keyed by id), here and in nested ops."""
        for op in [self, *walk(self.regions)]:
            for v in list(op.operands()):
                if v is not None and id(v) in mapping:
                    op.replace_input(v, mapping[id(v)])

    def __repr__(self) -> str:
        return f"<Operation {self.name}>"


class Block:
    """An ordered list of operations, with arguments for nested blocks (loop-carried values)."""

    def __init__(self, program=None, parent=None):
        self.ops: list[Operation] = []
        self.args: list[Value] = []
        self.program = program
        self.parent = parent      # the enclosing block (None for a program's global block)
        self.parent_op = None     # the operation owning this block as a region

    def is_within(self, other: Block) -> bool:
        """Whether this block is `other` or nested (at any depth) inside it."""
        block = self
        while block is not None:
            if block is other:
                return True
            block = block.parent
        return False

    def append(self, op: Operation) -> Operation:
        op.block = self
        self.ops.append(op)
        return op

    def add_arg(self, meta: TensorMeta, name=None) -> Value:
        v = Value(meta, None, len(self.args), name)
        v.owner = self
        self.args.append(v)
        return v

    def remove(self, op: Operation) -> None:
        self.ops.remove(op)
        op.block = None


def walk(blocks):
    """Every operation of `blocks`, in order, each followed by the operations nested in it."""
    for block in blocks:
        for op in block.ops:
            yield op
            if op.regions:
                yield from walk(op.regions)


def _nested_blocks(op):
    for region in op.regions:
        yield region
        for nested in region.ops:
            yield from _nested_blocks(nested)


class Program:
    """A whole program: its global block, the parameter tensors it reads, and numbering."""

    _ids = itertools.count()

    def __init__(self):
        self._global_block = Block(self)
        self.parameters: dict[str, object] = {}  # parameter name -> Tensor holding its data
        self.uid = next(Program._ids)

    def global_block(self) -> Block:
        return self._global_block

    def block(self, index: int = 0) -> Block:
        if index != 0:
            raise IndexError("Program.block: only the global block (0) is addressable")
        return self._global_block

    def all_ops(self, block: Block | None = None):
        """Every operation in program order, including those nested in regions."""
        return walk([block or self._global_block])

    def has_control_flow(self) -> bool:
        return any(op.regions for op in self._global_block.ops)

    def renumber(self) -> None:
        """Assign value ids in definition order as Paddle prints them: %0, %1, … for op results
        (an op's results before the ops nested in it) and %arg_0, %arg_1, … for block
        arguments."""
        self._number_block(self._global_block, itertools.count(), itertools.count())

    def _number_block(self, block: Block, counter, arg_counter) -> None:
        for arg in block.args:
            arg.id = f"arg_{next(arg_counter)}"
        for op in block.ops:
            for out in op.outputs:
                out.id = next(counter)
            for region in op.regions:
                self._number_block(region, counter, arg_counter)

    def data_ops(self) -> list:
        return [op for op in self._global_block.ops if op.name == f"{DIALECT}.data"]

    def fetch_ops(self) -> list:
        return [op for op in self._global_block.ops if op.name == f"{DIALECT}.fetch"]

    def __str__(self) -> str:
        from .printer import print_program
        return print_program(self)

    __repr__ = __str__
