"""The program form the mixed-precision conversion works on: one block's operators in order,
its variables by name, and the values of its persistable variables.

Both model formats are read into it (a ProgramDesc block by pdmodel_writer) and written back
from it, so the passes (constant folding, the precision pass, identity-op cleaning) are
written once. Data types are Paddle's VarType codes, as the files store them."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..._core import dtype as _dt
from ...jit.serialization.pdiparams import CODE_DTYPES

BOOL, INT32, INT64, FP16, FP32, FP64, BF16 = 0, 2, 3, 4, 5, 6, 22
DENSE_TENSOR, SELECTED_ROWS, FEED_MINIBATCH, FETCH_LIST = 7, 8, 9, 10
DENSE_TENSOR_ARRAY, RAW, STRINGS, VOCAB, SPARSE_COO, SPARSE_CSR = 13, 17, 26, 27, 30, 31
# Variable kinds that carry a data type (Paddle's VarNodeHasDtype).
TYPED_KINDS = frozenset({DENSE_TENSOR, SELECTED_ROWS, DENSE_TENSOR_ARRAY, STRINGS, VOCAB,
                         SPARSE_COO, SPARSE_CSR})
# Variable kinds never stored in the parameters file.
UNSTORED_KINDS = frozenset({FEED_MINIBATCH, FETCH_LIST, RAW})
LOW_PRECISION = (FP16, BF16)
TENSOR_KINDS = (DENSE_TENSOR, SPARSE_COO, SPARSE_CSR)  # what low-precision operators may touch
CONTROL_FLOW_OPS = ("conditional_block", "while")


@dataclass(eq=False)
class GraphVar:
    name: str
    kind: int | None          # VarType.type; None for a name no variable declares
    dtype: int | None         # data type of a dense tensor; None for other kinds
    persistable: bool = False
    shape: list = field(default_factory=list)

    @property
    def typed(self) -> bool:
        return self.kind in TYPED_KINDS


@dataclass(eq=False)
class GraphOp:
    """One operator. `source` is the format's own record of it (kept so that everything the
    passes do not touch is written back unchanged); None for an operator a pass created.
    `changed_attrs` lists the attributes a pass set, to be written back."""

    type: str
    inputs: dict              # slot -> [variable names]
    outputs: dict
    attrs: dict
    source: object = None
    has_sub_block: bool = False
    changed_attrs: dict = field(default_factory=dict)

    def input_names(self) -> list:
        return _unique(self.inputs)

    def output_names(self) -> list:
        return _unique(self.outputs)

    def slot_of_input(self, name: str) -> list:
        return [slot for slot, names in self.inputs.items() if name in names]

    def slot_of_output(self, name: str) -> list:
        return [slot for slot, names in self.outputs.items() if name in names]

    def rename_input(self, old: str, new: str) -> None:
        self.inputs = _renamed(self.inputs, old, new)

    def rename_output(self, old: str, new: str) -> None:
        self.outputs = _renamed(self.outputs, old, new)

    def set_attr(self, name: str, value) -> None:
        self.attrs[name] = value
        self.changed_attrs[name] = value


@dataclass(eq=False)
class Graph:
    ops: list
    vars: dict                 # name -> GraphVar
    params: dict               # persistable name -> ndarray
    names_in_sub_blocks: set = field(default_factory=set)
    cast_count: int = 0        # casts inserted so far (their variables are numbered)

    def var(self, name: str) -> GraphVar:
        found = self.vars.get(name)
        return found if found is not None else GraphVar(name, None, None)

    def consumers(self, name: str) -> list:
        return [op for op in self.ops if name in op.input_names()]

    def producers(self, name: str) -> list:
        return [op for op in self.ops if name in op.output_names()]

    def remove_var(self, name: str) -> None:
        self.vars.pop(name, None)
        self.params.pop(name, None)

    def stored_names(self) -> list:
        """The persistable variables the parameters file holds, in its (sorted) order."""
        return sorted(name for name, var in self.vars.items()
                      if var.persistable and var.kind not in UNSTORED_KINDS)


def _unique(slots: dict) -> list:
    seen: dict = {}
    for names in slots.values():
        for name in names:
            seen.setdefault(name, None)
    return list(seen)


def _renamed(slots: dict, old: str, new: str) -> dict:
    return {slot: [new if n == old else n for n in names] for slot, names in slots.items()}


def numpy_dtype(code: int) -> np.dtype:
    """The NumPy storage type of a data type code."""
    return _dt.to_dtype(CODE_DTYPES[code]).np_dtype
