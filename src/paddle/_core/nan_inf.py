"""FLAGS_check_nan_inf: statistics of op results, reported as Paddle's CPU kernels report them.

While a `NanInfChecker` is installed (`state.check_nan_inf`), dispatch hands it every eager
op's floating outputs and the backward engine every gradient a node's rule produced (named
`<op>_grad`). Each tensor gets Paddle's statistics — NaN, Inf and zero counts, max, min, mean —
and, by FLAGS_check_nan_inf_level:

    0  a tensor with NaN/Inf prints `[PRECISION] [ERROR] in [device=cpu, op=..., tensor=...,
       dtype=...], numel=..., num_nan=..., ...` and raises RuntimeError (PreconditionNotMet)
    1  the same line, and execution goes on
    2  also float32 tensors beyond float16's range print a `[PRECISION] in ...` line
    3  every checked tensor prints its line

With an output directory the lines go to `<dir>/worker_cpu` instead (and nothing raises).
Checked/skipped op lists, like Paddle's, stay set until changed.
"""
from __future__ import annotations

import os

import numpy as np

from . import dtype as _dt
from . import state

_FP16_MAX = np.float32(np.finfo(np.float16).max)
_DTYPE_NAMES = {"float32": "fp32", "float64": "fp64", "float16": "fp16", "bfloat16": "bf16"}

# Paddle keeps these process-wide (core.set_checked_op_list / set_skipped_op_list / the debug
# path) until they are set again.
checked_ops: frozenset = frozenset()
skipped_ops: frozenset = frozenset()
output_dir: str | None = None


def statistics(array: np.ndarray) -> tuple:
    """(numel, num_nan, num_inf, num_zero, max, min, mean) as Paddle's CPU check computes them:
    in float32 (float64 for float64 data); max/min run from the first element, so a NaN counts
    only when it is first; the mean sums value/numel in order."""
    wide = np.asarray(array).reshape(-1)
    wide = wide.astype(np.float64 if wide.dtype == np.float64 else np.float32)
    numel = wide.size
    if numel == 0:
        zero = wide.dtype.type(0)
        return 0, 0, 0, 0, zero, zero, zero
    nan = np.isnan(wide)
    num_nan = int(nan.sum())
    num_inf = int(np.isinf(wide).sum())
    num_zero = int((wide == 0).sum())
    if nan[0]:
        high = low = wide[0]
    elif num_nan:
        high, low = np.nanmax(wide), np.nanmin(wide)
    else:
        high, low = wide.max(), wide.min()
    with np.errstate(invalid="ignore", over="ignore"):
        mean = np.add.accumulate(wide / wide.dtype.type(numel))[-1]
    return numel, num_nan, num_inf, num_zero, high, low, mean


def _number(value) -> str:
    text = f"{float(value):e}"
    return "-nan" if text == "nan" and np.signbit(value) else text


def hint(op_name: str, var_name: str, np_dtype) -> str:
    name = _dt.from_numpy_dtype(np_dtype).name
    return f"[device=cpu, op={op_name}, tensor={var_name}, dtype={_DTYPE_NAMES.get(name, name)}]"


def check_tensor(op_name: str, var_name: str, array, level: int, directory=None) -> tuple:
    """Report `array` at `level`; returns its statistics. Raises for NaN/Inf at level 0 when
    printing to the terminal."""
    stats = statistics(array)
    numel, num_nan, num_inf, num_zero, high, low, mean = stats
    if numel == 0:
        return stats
    where = hint(op_name, var_name, np.asarray(array).dtype)
    values = f"max={_number(high)}, min={_number(low)}, mean={_number(mean)}"
    if num_nan or num_inf:
        line = (f"[PRECISION] [ERROR] in {where}, numel={numel}, num_nan={num_nan}, "
                f"num_inf={num_inf}, num_zero={num_zero}, {values}")
    elif level >= 3 or (level >= 2 and np.asarray(array).dtype == np.float32
                        and (high > _FP16_MAX or low < -_FP16_MAX)):
        line = f"[PRECISION] in {where}, numel={numel}, num_zero={num_zero}, {values}"
    else:
        return stats
    _emit(line, directory)
    if (num_nan or num_inf) and level == 0 and not directory:
        raise RuntimeError(f"(PreconditionNotMet) There are NAN or INF (num_nan={num_nan}, "
                           f"num_inf={num_inf}, num_zero={num_zero}) in {where}.")
    return stats


def _emit(line: str, directory) -> None:
    if not directory:
        print(line, flush=True)
        return
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "worker_cpu"), "a") as log:
        log.write(line + "\n")


class NanInfChecker:
    """The installed check: which level applies (the op lists and directory are module-wide)."""

    __slots__ = ("level",)

    def __init__(self, level: int):
        self.level = level

    def wants(self, op_name: str) -> bool:
        if checked_ops and op_name not in checked_ops:
            return False
        return op_name not in skipped_ops

    def check_outputs(self, op_name: str, out) -> None:
        """Check an op's result arrays (floating ones; others have no NaN)."""
        if not self.wants(op_name):
            return
        for array in out if isinstance(out, (tuple, list)) else (out,):
            if array is not None and np.asarray(array).dtype.kind in "fV":
                check_tensor(op_name, "", array, self.level, output_dir)

    def check_grads(self, op_name: str, grads) -> None:
        """Check the gradients a backward node produced (`<op>_grad`)."""
        self.check_outputs(f"{op_name}_grad", [g._data for g in grads if g is not None])


def configure(enabled: bool, level: int) -> None:
    """Install (or remove) the check dispatch and the backward engine consult."""
    state.check_nan_inf = NanInfChecker(level) if enabled else None
