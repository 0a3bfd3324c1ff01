"""Loss-scaling operations: check_finite_and_unscale and update_loss_scaling, eagerly on
Tensors or, while a static program is being built, as program ops (`pd_op.
check_finite_and_unscale_`, `pd_op.update_loss_scaling_`) that change their tensors in place
when the Executor runs them. Both forms run the same array code (the `_*_arrays` functions),
which follows Paddle's kernels: unscaling multiplies by 1/scale in float32; a non-finite
gradient sets found_inf; the scale shrinks (never below 1) after decr_every_n bad steps and
grows (when the product stays finite) after incr_every_n good ones, and gradients of a bad
step are zeroed."""
from __future__ import annotations

import numpy as np

from ..._core import dtype as _dt
from ..._core import state
from ..._core.ir.core import Operation
from ..._core.ir.host_op import HostOp
from ..._core.meta import TensorMeta
from ..._core.tensor import Tensor, wrap
from ..._core.tracing import is_symbolic, symbolic


def unscale_arrays(grads: list, scale: float) -> bool:
    """Multiply each array by 1/scale in place (computed in float32); True if any value of
    the inputs is not finite."""
    inverse = np.float32(1.0) / np.float32(scale)
    found = False
    for array in grads:
        wide = array.astype(np.float32) if array.dtype in _dt.LOW_PRECISION_NP else array
        found = found or not bool(np.isfinite(wide).all())
        np.copyto(array, wide * wide.dtype.type(inverse), casting="unsafe")
    return found


def update_scaling_arrays(grads: list, found: bool, scale, good, bad, incr_every_n_steps,
                          decr_every_n_nan_or_inf, incr_ratio, decr_ratio,
                          stop_update=False) -> None:
    """One step of dynamic loss scaling on the [1]-shaped arrays scale, good and bad."""
    if found:
        good[0] = 0
        bad[0] += 1
        if bad[0] == decr_every_n_nan_or_inf:
            scale[0] = max(scale[0] * scale.dtype.type(decr_ratio), 1)
            bad[0] = 0
        if not stop_update:
            for array in grads:
                array[...] = 0
        return
    bad[0] = 0
    good[0] += 1
    if good[0] == incr_every_n_steps:
        grown = scale[0] * scale.dtype.type(incr_ratio)
        scale[0] = grown if np.isfinite(grown) else scale[0]
        good[0] = 0


def _record(name: str, kernel, inputs: list, out_metas: list) -> list:
    """Append a host op computing `kernel` over the input arrays; its results as symbolic
    tensors."""
    host = HostOp(name, kernel, lambda *metas: list(out_metas))
    values = [[_value(t) for t in x] if isinstance(x, list) else _value(x) for x in inputs]
    op = Operation(name, values, {}, out_metas, host)
    state.tracer.block.append(op)
    return [symbolic(v, True) for v in op.outputs]


def _value(t):
    """The program value of a symbolic tensor, or of a concrete one bound as state the
    program reads at every run."""
    return t.value if is_symbolic(t) else state.tracer.bind(t, as_state=True).value


def check_finite_and_unscale(x, scale, name=None, float_status=None):
    """(x, found_inf): the tensors of x divided by scale in place, and a [1] bool tensor that
    is True when any of them holds an Inf or NaN."""
    if state.tracer is None:
        found = unscale_arrays([t._data for t in x], float(scale._data.reshape(-1)[0]))
        for t in x:
            t._version += 1
        return x, wrap(np.array([found]))

    def kernel(xp, grads, scale_array):
        found = unscale_arrays(grads, float(scale_array.reshape(-1)[0]))
        return [*grads, np.array([found])]

    metas = [TensorMeta(t._data.shape, t.dtype) for t in x] + [TensorMeta((1,), _dt.bool_)]
    outs = _record("pd_op.check_finite_and_unscale_", kernel, [list(x), scale], metas)
    return outs[:-1], outs[-1]


def update_loss_scaling(x, found_inf, prev_loss_scaling, num_good_steps, num_bad_steps,
                        incr_every_n_steps, decr_every_n_nan_or_inf, incr_ratio, decr_ratio,
                        stop_update=False, name=None):
    """Dynamic loss scaling in place on prev_loss_scaling and the step counters (gradients of
    a step with found_inf are zeroed); returns x."""
    settings = (incr_every_n_steps, decr_every_n_nan_or_inf, incr_ratio, decr_ratio, stop_update)
    if state.tracer is None:
        update_scaling_arrays([t._data for t in x], bool(np.asarray(found_inf._data).any()),
                              prev_loss_scaling._data, num_good_steps._data,
                              num_bad_steps._data, *settings)
        return x

    def kernel(xp, grads, found, scale, good, bad):
        update_scaling_arrays(grads, bool(found.any()), scale, good, bad, *settings)
        return list(grads)

    _record("pd_op.update_loss_scaling_", kernel,
            [list(x), found_inf, prev_loss_scaling, num_good_steps, num_bad_steps],
            [TensorMeta(t._data.shape, t.dtype) for t in x])
    return x


def state_tensor(value, dtype: str, name: str) -> Tensor:
    """A persistable [1] tensor a program reads and its host ops update at every run."""
    t = wrap(np.array([value], dtype=_dt.to_dtype(dtype).np_dtype))
    t.name = name
    t.persistable = True
    return t
