"""PIR converters for list ops, losses, in-place slice assignment and less common math."""
from __future__ import annotations

import numpy as np

import paddle
import paddle.nn.functional as F

from ..._core.ops.registry import REGISTRY
from ...nn.functional.loss_binary import sigmoid_cross_entropy_with_logits
from .op_map import Call, NotConstantError, pir_op
from .pir_ops_basic import same_op


@pir_op("add_n")
def _add_n(c: Call):
    return paddle.add_n(c.ins[0])


@pir_op("meshgrid")
def _meshgrid(c: Call):
    return (paddle.meshgrid(*c.ins[0]),)


@pir_op("expand_as")
def _expand_as(c: Call):
    if len(c.ins) > 1 and c.ins[1] is not None:
        return paddle.expand_as(c.ins[0], c.ins[1])
    return paddle.expand(c.ins[0], c.attr("target_shape"))


@pir_op("linspace")
def _linspace(c: Call):
    return paddle.linspace(c.number(0, "start"), c.number(1, "stop"), c.int(2, "num"),
                           c.attr("dtype"))


@pir_op("eye")
def _eye(c: Call):
    return paddle.eye(c.int(0, "num_rows"), c.int(1, "num_columns"), c.attr("dtype"))


@pir_op("diag")
def _diag(c: Call):
    return paddle.diag(c.ins[0], c.attr("offset", 0), c.attr("padding_value", 0.0))


@pir_op("cumprod")
def _cumprod(c: Call):
    return REGISTRY["cumprod"](c.ins[0], c.attr("dim"), c.attr("exclusive", False),
                               c.attr("reverse", False))


@pir_op("kthvalue")
def _kthvalue(c: Call):
    return REGISTRY["kthvalue"](c.ins[0], c.attr("k"), c.attr("axis", -1),
                                c.attr("keepdim", False))


@pir_op("isclose")
def _isclose(c: Call):
    return paddle.isclose(c.ins[0], c.ins[1], c.number(2, "rtol"), c.number(3, "atol"),
                          c.attr("equal_nan", False))


@pir_op("repeat_interleave")
def _repeat_interleave(c: Call):
    return paddle.repeat_interleave(c.ins[0], c.attr("repeats"), c.attr("axis"))


@pir_op("repeat_interleave_with_tensor_index")
def _repeat_interleave_tensor(c: Call):
    return paddle.repeat_interleave(c.ins[0], c.ins[1], c.attr("axis"))


@pir_op("pixel_shuffle")
def _pixel_shuffle(c: Call):
    return F.pixel_shuffle(c.ins[0], c.attr("upscale_factor"), c.attr("data_format", "NCHW"))


@pir_op("mean_all")
def _mean_all(c: Call):
    return paddle.mean(c.ins[0])


@pir_op("cross_entropy_with_softmax")
def _cross_entropy(c: Call):
    return REGISTRY["cross_entropy_with_softmax"](
        c.ins[0], c.ins[1], c.attr("soft_label", False), c.attr("use_softmax", True),
        c.attr("numeric_stable_mode", True), c.attr("ignore_index", -100), c.attr("axis", -1))


@pir_op("sigmoid_cross_entropy_with_logits")
def _sigmoid_cross_entropy(c: Call):
    pos_weight = c.ins[2] if len(c.ins) > 2 else None
    loss = sigmoid_cross_entropy_with_logits(c.ins[0], c.ins[1], pos_weight)
    ignore = c.attr("ignore_index", -100)
    keep = paddle.cast(paddle.not_equal(c.ins[1], paddle.full_like(c.ins[1], ignore)),
                       loss.dtype)
    if ignore != -100:
        loss = loss * keep
    if c.attr("normalize", False):
        loss = loss / paddle.clip(paddle.sum(keep), min=1.0)
    return loss


# ---- x[...] = value --------------------------------------------------------------------------
def _assign(c: Call, value, first: int):
    """x with `value` written at set_value's (starts, ends, steps) inputs `first`.. and axes /
    decrease_axes attributes; bounds known only at run time (a loop counter) go through
    assign_at_run_time_bounds."""
    x = c.ins[0]
    value = paddle.cast(value, x.dtype)
    try:
        starts, ends, steps = (c.ints(first + k, what) for k, what in
                               enumerate(("starts", "ends", "steps")))
    except NotConstantError:
        bounds = [c.int_array(first + k, what) for k, what in
                  enumerate(("starts", "ends", "steps"))]
        return assign_at_run_time_bounds(x, value, c.attr("axes"), *bounds,
                                         c.attr("decrease_axes") or [])
    decrease = set(c.attr("decrease_axes") or [])
    index = [slice(None)] * x.ndim
    for axis, start, end, step in zip(c.attr("axes"), starts, ends, steps):
        index[axis] = start if axis in decrease else slice(start, end, step)
    out = paddle.assign(x)
    out[tuple(index)] = value
    return out


def assign_at_run_time_bounds(x, value, axes, starts, ends, steps, decrease_axes):
    """x with `value` written where every index along `axes` lies in [start, end) on its
    step, the bounds being ints or run-time tensors (non-negative, as dy2static writes loop
    counters): a where over a mask, with the value broadcast from one entry along those axes
    (decreased axes come back as size 1)."""
    for axis in sorted(decrease_axes):
        value = paddle.unsqueeze(value, axis)
    steps = [int(s) for s in _listed(steps)]
    mask = None
    for axis, start, end, step in zip(axes, _listed(starts), _listed(ends), steps):
        if value.ndim == x.ndim and value.shape[axis] != 1:
            raise NotImplementedError(f"(set_value) writing {value.shape[axis]} entries along "
                                      f"axis {axis} at run-time bounds is not supported (one "
                                      "entry is)")
        position = paddle.arange(x.shape[axis], dtype="int64")
        inside = (position >= _bound(start)) & (position < _bound(end))
        if step != 1:
            offset = paddle.remainder(position - _bound(start), paddle.full([], step, "int64"))
            inside = inside & (offset == 0)
        shape = [1] * x.ndim
        shape[axis] = x.shape[axis]
        inside = paddle.reshape(inside, shape)
        mask = inside if mask is None else mask & inside
    return paddle.where(paddle.broadcast_to(mask, x.shape), paddle.broadcast_to(value, x.shape),
                        x)


def _listed(bounds) -> list:
    """IntArray bounds as a list: a 1-D tensor of them becomes its 0-d entries."""
    if isinstance(bounds, (list, tuple)):
        return list(bounds)
    return list(paddle.unbind(paddle.reshape(bounds, [-1]), 0))


def _bound(value):
    if isinstance(value, int):
        return value
    return paddle.reshape(paddle.cast(value, "int64"), [])


@pir_op("set_value")
def _set_value(c: Call):
    values = np.asarray(c.attr("values"), dtype=c.ins[0].dtype.np_dtype).reshape(c.attr("shape"))
    return _assign(c, paddle.to_tensor(values), 1)


@pir_op("set_value_with_tensor")
def _set_value_with_tensor(c: Call):
    return _assign(c, c.ins[1], 2)


# ---- special functions, linear algebra, selection --------------------------------------------
for _name in ("lgamma", "digamma", "i0", "i0e", "i1", "i1e", "copysign", "heaviside",
              "inverse", "nonzero", "bernoulli", "real", "imag", "conj", "angle"):
    pir_op(_name)(same_op(_name))
pir_op("det")(same_op("determinant"))


def _attrs_of(name: str, *keys: str):
    """A registry op whose attributes Paddle names alike: passed in the registry's order."""
    op = REGISTRY[name]

    def convert(c: Call):
        return op(*c.ins, *(c.attrs[k] for k in keys))
    return convert


for _name, _keys in (("mode", ("axis", "keepdim")), ("cross", ("axis",)),
                     ("trace", ("offset", "axis1", "axis2")),
                     ("searchsorted", ("out_int32", "right")),
                     ("put_along_axis", ("axis", "reduce", "include_self")),
                     ("maxout", ("groups", "axis")), ("cummax", ("axis", "dtype")),
                     ("cummin", ("axis", "dtype")), ("nll_loss", ("ignore_index", "reduction")),
                     ("bitwise_left_shift", ("is_arithmetic",)),
                     ("bitwise_right_shift", ("is_arithmetic",))):
    pir_op(_name)(_attrs_of(_name, *_keys))


@pir_op("logcumsumexp")
def _logcumsumexp(c: Call):
    if c.attr("exclusive", False):
        raise NotImplementedError("(logcumsumexp) exclusive=True is not supported")
    axis = None if c.attr("flatten", False) else c.attr("axis", -1)
    return REGISTRY["logcumsumexp"](c.ins[0], axis, c.attr("flatten", False),
                                    c.attr("reverse", False))


@pir_op("uniform", random=True)
def _uniform(c: Call):
    return paddle.uniform(c.int_array(0, "shape"), c.attr("dtype"), c.number(1, "min"),
                          c.number(2, "max"), c.attr("seed", 0))


@pir_op("gaussian", random=True)
def _gaussian(c: Call):
    return REGISTRY["gaussian"](None, c.int_array(0, "shape"), c.attr("mean", 0.0),
                                c.attr("std", 1.0), c.attr("seed", 0), c.attr("dtype"))


@pir_op("randint", random=True)
def _randint(c: Call):
    return REGISTRY["randint"](None, c.attr("low", 0), c.attr("high"), c.int_array(0, "shape"),
                               c.attr("dtype"))


@pir_op("index_put")
def _index_put(c: Call):
    return paddle.index_put(c.ins[0], tuple(c.ins[1]), c.ins[2], c.attr("accumulate", False))
