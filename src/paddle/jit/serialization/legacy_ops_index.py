"""Legacy converters for selection, scattering, in-place assignment and the shape-making ops
of exported models (where_index, argsort, scatter, set_value, fill_constant_batch_size_like,
...)."""
from __future__ import annotations

import numpy as np

import paddle
import paddle.nn.functional as F

from ..._core.ops.registry import REGISTRY
from .legacy_ops import dtype_of, int_array_or_attr, ints_or_attr, many, one
from .op_map import Call, NotConstantError, legacy_op
from .pir_ops_extra import assign_at_run_time_bounds


@legacy_op("where_index")
def _where_index(c: Call):
    return {"Out": paddle.nonzero(one(c, "Condition"))}


@legacy_op("argsort")
def _argsort(c: Call):
    out, indices = REGISTRY["sort"](one(c, "X"), c.attr("axis", -1), c.attr("descending", False),
                                    c.attr("stable", False))
    return {"Out": out, "Indices": indices}


@legacy_op("scatter")
def _scatter(c: Call):
    return {"Out": paddle.scatter(one(c, "X"), one(c, "Ids"), one(c, "Updates"),
                                  c.attr("overwrite", True))}


@legacy_op("index_select")
def _index_select(c: Call):
    return {"Out": paddle.index_select(one(c, "X"), one(c, "Index"), c.attr("dim", 0))}


@legacy_op("meshgrid")
def _meshgrid(c: Call):
    return {"Out": paddle.meshgrid(*many(c, "X"))}


@legacy_op("one_hot_v2")
def _one_hot(c: Call):
    depth = c.int(one(c, "depth_tensor"), "depth_tensor") if one(c, "depth_tensor") is not None \
        else c.attr("depth")
    out = F.one_hot(one(c, "X"), depth)
    dtype = dtype_of(c.attr("dtype", 5))
    return {"Out": out if dtype is None or dtype == out.dtype else paddle.cast(out, dtype)}


@legacy_op("flip")
def _flip(c: Call):
    return {"Out": paddle.flip(one(c, "X"), c.attr("axis"))}


@legacy_op("roll")
def _roll(c: Call):
    shifts = ints_or_attr(c, "ShiftsTensor", None, "shifts")
    return {"Out": paddle.roll(one(c, "X"), shifts, c.attr("axis") or None)}


@legacy_op("share_data")
def _share_data(c: Call):
    return {"Out": paddle.assign(one(c, "X"))}


@legacy_op("expand_as_v2")
def _expand_as(c: Call):
    target = one(c, "Y")
    shape = list(target.shape) if target is not None else c.attr("target_shape")
    return {"Out": paddle.expand(one(c, "X"), shape)}


@legacy_op("fill_constant_batch_size_like")
def _fill_batch_size_like(c: Call):
    """A constant whose dim `output_dim_idx` is the input's dim `input_dim_idx` (its batch)."""
    x = one(c, "Input")
    shape = list(c.attr("shape"))
    shape[c.attr("output_dim_idx", 0)] = x.shape[c.attr("input_dim_idx", 0)]
    value = float(c.attr("str_value")) if c.attr("str_value") else c.attr("value", 0.0)
    return {"Out": paddle.full(shape, value, dtype_of(c.attr("dtype", 5)))}


# ---- x[...] = value --------------------------------------------------------------------------
def _assignment_index(c: Call, ndim: int) -> tuple:
    """The Python index of set_value's axes/starts/ends/steps (attributes or tensors)."""
    starts = ints_or_attr(c, "StartsTensor", "StartsTensorList", "starts")
    ends = ints_or_attr(c, "EndsTensor", "EndsTensorList", "ends")
    steps = ints_or_attr(c, "StepsTensor", "StepsTensorList", "steps") or [1] * len(starts)
    decrease = set(c.attr("decrease_axes") or [])
    index = [slice(None)] * ndim
    for axis, start, end, step in zip(c.attr("axes"), starts, ends, steps):
        index[axis] = start if axis in decrease else slice(start, end, step)
    return tuple(index)


_VALUE_ATTRS = ("values", "fp32_values", "int32_values", "int64_values", "bool_values",
                "fp64_values")


@legacy_op("set_value")
def _set_value(c: Call):
    x = one(c, "Input")
    value = one(c, "ValueTensor")
    if value is None:
        values = next((c.attr(k) for k in _VALUE_ATTRS if c.attr(k)), [])
        value = paddle.to_tensor(np.asarray(values, x.dtype.np_dtype).reshape(
            c.attr("shape") or [len(values)]))
    value = paddle.cast(value, x.dtype)
    try:
        index = _assignment_index(c, x.ndim)
    except NotConstantError:  # bounds from a loop counter: x[:, i] = v inside a while
        return {"Out": _assign_at_run_time_bounds(c, x, value)}
    out = paddle.assign(x)
    out[index] = value
    return {"Out": out}


def _assign_at_run_time_bounds(c: Call, x, value):
    starts = int_array_or_attr(c, "StartsTensor", "StartsTensorList", "starts")
    ends = int_array_or_attr(c, "EndsTensor", "EndsTensorList", "ends")
    steps = ints_or_attr(c, "StepsTensor", "StepsTensorList", "steps") or [1] * len(starts)
    return assign_at_run_time_bounds(x, value, c.attr("axes"), starts, ends, steps,
                                     c.attr("decrease_axes") or [])
