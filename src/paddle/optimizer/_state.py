"""Optimizer state: the accumulators (moments, step powers, …) and float32 master weights kept
per parameter, named and laid out as Paddle names them so that `state_dict()` round-trips with
real Paddle's `.pdopt` files.

An accumulator for parameter `linear_0.w_0` called `moment1` is a persistable Tensor named
`linear_0.w_0_moment1_0` (the suffix comes from the process-wide unique-name counter). A master
weight is `linear_0.w_0_fp32_master_0`; the accumulators of a parameter that has one hang off the
master's name. State loaded before the accumulators exist waits in `pending` and is consumed when
they are created.
"""
from __future__ import annotations

import numpy as np

from .._core import dtype as _dt
from .._core.backend import xp
from .._core.tensor import Tensor, wrap
from ..utils import unique_name

LOW_PRECISION = (_dt.float16, _dt.bfloat16)


def _as_array(value, name: str) -> np.ndarray:
    if isinstance(value, Tensor):
        return value._data
    try:
        return np.asarray(value)
    except Exception as exc:
        raise TypeError(f"(Optimizer.set_state_dict) state '{name}' must be a Tensor or an "
                        f"array, but received {type(value).__name__}") from exc


def _persistable(data: np.ndarray, name: str) -> Tensor:
    t = wrap(data)
    t.name = name
    t.persistable = True
    return t


def load_into(target: Tensor, value, name: str) -> None:
    """Copy a saved value into an existing state tensor (shapes must agree)."""
    arr = _as_array(value, name)
    if tuple(arr.shape) != tuple(target._data.shape):
        raise ValueError(f"(Optimizer.set_state_dict) state '{name}' has shape "
                         f"{list(arr.shape)}, but the optimizer expects {list(target._data.shape)}")
    xp.copyto(target._data, xp.asarray(arr), casting="unsafe")


class OptimizerState:
    """Accumulators `{acc_name: {target_name: Tensor}}`, master weights `{param_name: Tensor}`
    and the values of a loaded state dict that wait for their accumulator to be created."""

    def __init__(self, prefix: str | None):
        self.prefix = prefix
        self.accumulators: dict[str, dict[str, Tensor]] = {}
        self.master_weights: dict[str, Tensor] = {}
        self.pending: dict = {}
        self.pending_masters: dict = {}
        self.by_target: dict[str, dict[str, Tensor]] = {}
        self.names: list[str] = []

    def add(self, short_name: str, target: Tensor, fill_value=0.0, shape=None,
            dtype=None) -> Tensor:
        """The accumulator `short_name` of `target` (created on first use, filled with
        fill_value); the optimizer's name, when given, prefixes the accumulator's name."""
        name = short_name if self.prefix is None else f"{self.prefix}_{short_name}"
        table = self.accumulators.setdefault(name, {})
        existing = table.get(target.name)
        if existing is not None:
            return existing
        np_dtype = _dt.to_dtype(dtype).np_dtype if dtype is not None else target._data.dtype
        shape = target._data.shape if shape is None else tuple(shape)
        var_name = unique_name.generate(f"{target.name}_{name}")
        self.names.append(var_name)
        acc = _persistable(xp.full(shape, fill_value, dtype=np_dtype), var_name)
        if self.pending:
            if var_name not in self.pending:
                raise KeyError(f"(Optimizer.set_state_dict) the loaded state has no "
                               f"'{var_name}'; it was saved from a different optimizer or model")
            load_into(acc, self.pending.pop(var_name), var_name)
        table[target.name] = acc
        self.by_target.setdefault(target.name, {})[short_name] = acc
        return acc

    def get(self, name: str, target: Tensor) -> Tensor:
        if self.prefix is not None:
            name = f"{self.prefix}_{name}"
        return self.accumulators[name][target.name]

    def master_of(self, param: Tensor) -> Tensor:
        """The float32 master copy of a float16/bfloat16 parameter (created on first use)."""
        master = self.master_weights.get(param.name)
        if master is None:
            name = unique_name.generate(f"{param.name}_fp32_master")
            master = _persistable(param._data.astype(np.float32), name)
            saved = self.pending_masters.pop(param.name, None)
            if saved is not None:
                load_into(master, saved, name)
            self.master_weights[param.name] = master
        return master

    def state_dict(self) -> dict:
        out = {}
        if not self.accumulators and self.pending:
            out.update(self.pending)
        for table in self.accumulators.values():
            for acc in table.values():
                out[acc.name] = acc
        if self.master_weights:
            out["master_weights"] = dict(self.master_weights)
        return out

    def load(self, state: dict) -> None:
        """Load accumulators and master weights by name; what is not created yet waits."""
        state = dict(state)
        masters = state.pop("master_weights", None) or {}
        for param_name, value in masters.items():
            master = self.master_weights.get(param_name)
            if master is None:
                self.pending_masters[param_name] = value
            else:
                load_into(master, value, master.name)
        for table in self.accumulators.values():
            for acc in table.values():
                if acc.name not in state:
                    raise KeyError(f"(Optimizer.set_state_dict) optimizer state '{acc.name}' "
                                   "is missing from the state dict")
                load_into(acc, state.pop(acc.name), acc.name)
        self.pending = state
