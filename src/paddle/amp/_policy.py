"""The cast decision auto_cast installs in dispatch (`state.amp`): per op, the dtype its
floating inputs are cast to before it runs or is recorded, following Paddle's GPU rule:

    use_promote (always, except O2 with use_promote=False):
        white-listed -> the AMP dtype;  black-listed -> float32;
        otherwise OD -> float32, O1/O2 -> the AMP dtype unless some input is float32
        (for the norm ops only input x counts), then float32
    use_promote=False (O2): black-listed -> float32, everything else the AMP dtype
    an op without a kernel for the AMP dtype falls back to float32.

Only float32/float16/bfloat16 inputs are cast (integers, bools, float64 never are); the norm
ops keep their scale/bias/statistics as they are unless the op runs in float32; `cast` and
in-place ops are never cast. Each cast is an ordinary `cast` op, so autograd casts the gradient
back and a traced program records it.
"""
from __future__ import annotations

import numpy as np

from .._core import dtype as _dt
from .._core import state
from .._core.ops.manipulation import cast
from .._core.tensor import Tensor
from ._op_names import paddle_name

_FLOAT32 = np.dtype(np.float32)
_LOW_PRECISION = _dt.LOW_PRECISION_NP  # float16, and bfloat16 once ml_dtypes is loaded
# Ops whose decision reads only input x, and which cast only x to a low-precision dtype.
_NORM_OPS = frozenset({"batch_norm", "layer_norm", "sync_batch_norm"})
_X_ONLY_CASTS = _NORM_OPS | {"weight_only_linear"}
_NEVER_CAST = frozenset({"cast"})
# Paddle registers no float16/bfloat16 GPU kernel for the dense factorizations and solvers.
NO_LOW_PRECISION_KERNEL = frozenset({
    "cholesky", "qr", "svd", "eig", "eigh", "lu", "lstsq", "inverse", "determinant",
    "slogdeterminant", "solve", "triangular_solve", "matrix_exp",
})

LEVELS = ("O0", "OD", "O1", "O2")


class CastPolicy:
    """One auto_cast context's rule: level, AMP dtype and the effective white/black lists."""

    __slots__ = ("_names", "black", "dtype", "gpu_rules", "key", "level", "np_dtype",
                 "use_promote", "white")

    def __init__(self, level: str, dtype: str, white: set, black: set, use_promote: bool,
                 gpu_rules: bool = True):
        self.level = level
        self.dtype = dtype
        self.np_dtype = _dt.to_dtype(dtype).np_dtype
        self.white = frozenset(white)
        self.black = frozenset(black)
        # use_promote only switches anything off at O2
        self.use_promote = use_promote or level != "O2"
        # False for a CPU program (paddle.static on a CPU place): composites Paddle's CPU build
        # runs op by op are cast op by op (see dispatch.one_amp_op)
        self.gpu_rules = gpu_rules
        # what decides every cast: programs traced under equal keys record the same casts
        self.key = (level, dtype, self.white, self.black, self.use_promote, gpu_rules)
        self._names: dict = {}

    # ---- the decision ------------------------------------------------------------------------
    def dest_dtype(self, name: str, inputs) -> np.dtype:
        """The dtype op `name` computes in, given its (flattened) tensor inputs."""
        if self.use_promote:
            if name in self.white:
                dest = self.np_dtype
            elif name in self.black or self.level == "OD":
                dest = _FLOAT32
            else:
                dest = self._promoted(name, inputs)
        else:
            dest = _FLOAT32 if name in self.black else self.np_dtype
        if dest == self.np_dtype and name in NO_LOW_PRECISION_KERNEL:
            return _FLOAT32
        return dest

    def _promoted(self, name: str, inputs) -> np.dtype:
        if name in _NORM_OPS:
            inputs = inputs[:1]
        for t in inputs:
            if t._data.dtype == _FLOAT32:
                return _FLOAT32
        return self.np_dtype

    # ---- the dispatch hook -------------------------------------------------------------------
    def cast_inputs(self, op, inputs: tuple, attrs: tuple = ()) -> tuple:
        """`inputs` with each floating tensor cast to the op's dtype (the same tuple when
        nothing needs a cast)."""
        name = self._names.get(op)
        if name is None:
            name = self._names[op] = paddle_name(op.name)
        if name in _NEVER_CAST:
            return inputs
        tensors = _flat_tensors(op, inputs)
        if not tensors:
            return inputs
        dest = self.dest_dtype(name, tensors)
        if dest != _FLOAT32 and name in _X_ONLY_CASTS:
            return (self.cast_one(inputs[0], dest),) + tuple(inputs[1:])
        if not any(self._needs_cast(t, dest) for t in tensors):
            return inputs
        return tuple(self._cast_input(op, i, v, dest) for i, v in enumerate(inputs))

    def operands(self, name: str, tensors: tuple) -> tuple:
        """`tensors` cast as op `name` casts its inputs (dispatch.amp_operands)."""
        dest = self.dest_dtype(name, tensors)
        return tuple(self.cast_one(t, dest) for t in tensors)

    def run_as_one_op(self, name: str, fn, args: tuple, kwargs: dict):
        """Run composite `fn` as Paddle runs its single op `name`: one decision for all its
        tensor arguments, and its inner ops run without further casts."""
        tensors = [a for a in (*args, *kwargs.values()) if isinstance(a, Tensor)]
        dest = self.dest_dtype(name, tensors)
        args = tuple(self.cast_one(a, dest) if isinstance(a, Tensor) else a for a in args)
        kwargs = {k: self.cast_one(v, dest) if isinstance(v, Tensor) else v
                  for k, v in kwargs.items()}
        previous = state.amp
        state.amp = None
        try:
            return fn(*args, **kwargs)
        finally:
            state.amp = previous

    def _cast_input(self, op, index: int, value, dest):
        if index in op.list_inputs and isinstance(value, (list, tuple)):
            return [self.cast_one(t, dest) for t in value]
        return self.cast_one(value, dest)

    def _needs_cast(self, t, dest) -> bool:
        dtype = t._data.dtype
        return dtype != dest and (dtype == _FLOAT32 or dtype in _LOW_PRECISION)

    def cast_one(self, t, dest):
        """t cast to dest when it is a float32/float16/bfloat16 tensor of another dtype."""
        if not isinstance(t, Tensor) or not self._needs_cast(t, dest):
            return t
        return cast(t, _dt.from_numpy_dtype(dest))


def _flat_tensors(op, inputs: tuple) -> list:
    """The op's tensor inputs, lists expanded; anything else is left for dispatch to reject."""
    flat = []
    for i, value in enumerate(inputs):
        if i in op.list_inputs and isinstance(value, (list, tuple)):
            flat.extend(t for t in value if isinstance(t, Tensor))
        elif isinstance(value, Tensor):
            flat.append(value)
    return flat
