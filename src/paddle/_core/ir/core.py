"""The IR: SSA values, operations, blocks and programs (Paddle's PIR, in Python).

A Program owns a global Block of Operations. Every Operation names its op (`pd_op.matmul`,
`builtin.parameter`, `pd_op.data`, …), reads input Values, carries attributes and defines output
Values. Registry ops keep a link to their OpDef, so shape rules, kernels and gradient rules all come
from the one registry. Control flow (cond/while) holds nested blocks in `regions`.
"""
from __future__ import annotations

import itertools

from ..meta import TensorMeta

DIALECT = "pd_op"


class Value:
    """An SSA value: defined once (by an Operation output or a block argument), typed by a
    TensorMeta (shape may contain -1)."""

    __slots__ = ("id", "meta", "op", "index", "name", "stop_gradient", "persistable")

    def __init__(self, meta: TensorMeta, op=None, index: int = 0, name: str | None = None):
        self.id = -1  # numbered by the owning program (see Program.renumber)
        self.meta = meta
        self.op = op
        self.index = index
        self.name = name
        self.stop_gradient = True
        self.persistable = False

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

    __slots__ = ("name", "opdef", "inputs", "attrs", "outputs", "regions", "block")

    def __init__(self, name: str, inputs: list, attrs: dict, out_metas: list, opdef=None):
        self.name = name
        self.opdef = opdef
        self.inputs = list(inputs)
        self.attrs = dict(attrs)
        self.outputs = [Value(m, self, i) for i, m in enumerate(out_metas)]
        self.regions: list[Block] = []
        self.block = None

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

    def __repr__(self) -> str:
        return f"<Operation {self.name}>"


class Block:
    """An ordered list of operations, with arguments for nested blocks (loop-carried values)."""

    def __init__(self, program=None, parent=None):
        self.ops: list[Operation] = []
        self.args: list[Value] = []
        self.program = program
        self.parent = parent

    def append(self, op: Operation) -> Operation:
        op.block = self
        self.ops.append(op)
        return op

    def add_arg(self, meta: TensorMeta, name=None) -> Value:
        v = Value(meta, None, len(self.args), name)
        self.args.append(v)
        return v

    def remove(self, op: Operation) -> None:
        self.ops.remove(op)
        op.block = None


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
        block = block or self._global_block
        for op in block.ops:
            yield op
            for region in op.regions:
                yield from self.all_ops(region)

    def renumber(self) -> None:
        """Assign value ids in definition order (as Paddle prints them: %0, %1, …)."""
        counter = itertools.count()
        self._number_block(self._global_block, counter)

    def _number_block(self, block: Block, counter) -> None:
        for arg in block.args:
            arg.id = next(counter)
        for op in block.ops:
            for region in op.regions:
                self._number_block(region, counter)
            for out in op.outputs:
                out.id = next(counter)

    def data_ops(self) -> list:
        return [op for op in self._global_block.ops if op.name == f"{DIALECT}.data"]

    def fetch_ops(self) -> list:
        return [op for op in self._global_block.ops if op.name == f"{DIALECT}.fetch"]

    def __str__(self) -> str:
        from .printer import print_program
        return print_program(self)

    __repr__ = __str__
