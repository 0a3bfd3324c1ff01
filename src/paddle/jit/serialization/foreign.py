"""A program read from one of Paddle's files, before it is mapped onto Feijiang's ops.

Both readers (PIR JSON and the legacy ProgramDesc) produce this form: operations in program
order naming Paddle's op, their input and output value keys, decoded attributes, and the type of
every value; plus the parameters, the feeds and the fetches.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class ForeignOp:
    """One Paddle operation: `name` is dialect-qualified (`pd_op.matmul`, `builtin.combine`) for
    PIR programs and the legacy op type (`matmul_v2`) for ProgramDesc programs."""

    name: str
    inputs: list          # value keys (None for an absent optional input); legacy: {slot: [keys]}
    attrs: dict
    outputs: list         # value keys; legacy: {slot: [keys]}
    regions: list = field(default_factory=list)


@dataclass
class ForeignParameter:
    name: str
    key: object
    meta: object
    trainable: bool = True
    stop_gradient: bool = False
    persistable: bool = True  # non-persistable ones (RNN dropout state) are not in .pdiparams


@dataclass
class ForeignFeed:
    name: str
    key: object
    meta: object


@dataclass
class ForeignProgram:
    """Everything a loader needs to rebuild the computation with Feijiang's ops."""

    ops: list
    metas: dict                      # value key -> TensorMeta (or list of them)
    parameters: list                 # ForeignParameter, in the file's order
    feeds: list                      # ForeignFeed, in input order
    fetches: list                    # value keys of the outputs, in output order
    fetch_names: list = field(default_factory=list)  # the outputs' saved names, same order
    trainable: bool = True
    legacy: bool = False

    def output_names(self) -> list:
        """The names Paddle Inference gives the outputs (the fetched variables' names in a
        ProgramDesc, the fetch ops' names in a PIR program)."""
        return self.fetch_names or [f"fetch_name_{i}" for i in range(len(self.fetches))]

    def parameter_names(self) -> list:
        """Names of the tensors stored in the .pdiparams file."""
        return [p.name for p in self.parameters if p.persistable]
