"""PIR converters for shape manipulation: reshape, slicing, joining, splitting, indexing."""
from __future__ import annotations

import paddle

from ..._core.ops.registry import REGISTRY
from .op_map import Call, pir_op


@pir_op("reshape")
def _reshape(c: Call):
    return REGISTRY["reshape"](c.ins[0], c.int_array(1, "shape"))


@pir_op("flatten")
def _flatten(c: Call):
    return paddle.flatten(c.ins[0], c.attr("start_axis"), c.attr("stop_axis"))


@pir_op("squeeze")
def _squeeze(c: Call):
    return paddle.squeeze(c.ins[0], c.ints(1, "axis") or None)


@pir_op("unsqueeze")
def _unsqueeze(c: Call):
    return paddle.unsqueeze(c.ins[0], c.ints(1, "axis"))


@pir_op("expand")
def _expand(c: Call):
    return paddle.expand(c.ins[0], c.int_array(1, "shape"))


@pir_op("tile")
def _tile(c: Call):
    return paddle.tile(c.ins[0], c.int_array(1, "repeat_times"))


@pir_op("concat")
def _concat(c: Call):
    return paddle.concat(c.ins[0], c.int(1, "axis"))


@pir_op("stack")
def _stack(c: Call):
    return paddle.stack(c.ins[0], c.attr("axis", 0))


@pir_op("split")
def _split(c: Call):
    return (paddle.split(c.ins[0], c.ints(1, "sections"), c.int(2, "axis")),)


@pir_op("split_with_num")
def _split_with_num(c: Call):
    return (paddle.split(c.ins[0], c.attr("num"), c.int(1, "axis")),)


@pir_op("unbind", "unstack")
def _unbind(c: Call):
    return (paddle.unbind(c.ins[0], c.attr("axis", 0)),)


@pir_op("scatter")
def _scatter(c: Call):
    return paddle.scatter(c.ins[0], c.ins[1], c.ins[2], c.attr("overwrite", True))


@pir_op("slice")
def _slice(c: Call):
    axes = c.attr("axes")
    out = paddle.slice(c.ins[0], axes, c.int_array(1, "starts"), c.int_array(2, "ends"))
    return _decrease(out, c.attr("decrease_axis") or [])


@pir_op("strided_slice")
def _strided_slice(c: Call):
    return paddle.strided_slice(c.ins[0], c.attr("axes"), c.ints(1, "starts"),
                                c.ints(2, "ends"), c.ints(3, "strides"))


def _decrease(out, axes):
    """Drop the sliced-to-one axes that Paddle's slice marks as decreased."""
    if not axes:
        return out
    if len(axes) == out.ndim:
        return paddle.reshape(out, [])
    return paddle.squeeze(out, axes)


@pir_op("gather")
def _gather(c: Call):
    axis = c.int(2, "axis") if len(c.ins) > 2 and c.ins[2] is not None else c.attr("axis", 0)
    return paddle.gather(c.ins[0], c.ins[1], axis)


@pir_op("gather_nd")
def _gather_nd(c: Call):
    return paddle.gather_nd(c.ins[0], c.ins[1])


@pir_op("index_select")
def _index_select(c: Call):
    return paddle.index_select(c.ins[0], c.ins[1], c.attr("axis", 0))


@pir_op("take_along_axis")
def _take_along_axis(c: Call):
    return paddle.take_along_axis(c.ins[0], c.ins[1], c.attr("axis"))


@pir_op("one_hot")
def _one_hot(c: Call):
    return paddle.nn.functional.one_hot(c.ins[0], c.int(1, "num_classes"))


@pir_op("roll")
def _roll(c: Call):
    return paddle.roll(c.ins[0], c.ints(1, "shifts"), c.attr("axis") or None)


@pir_op("pad3d")
def _pad3d(c: Call):
    pads = c.ints(1, "paddings")
    return paddle.nn.functional.pad(c.ins[0], pads, c.attr("mode", "constant"),
                                    c.attr("pad_value", 0.0), c.attr("data_format", "NCDHW"))


@pir_op("pad")
def _pad(c: Call):
    pads = c.attr("paddings")
    value = c.attr("pad_value", 0.0)
    if len(c.ins) > 1 and c.ins[1] is not None:
        value = c.number(1, "pad value")
    return REGISTRY["pad"](c.ins[0], [(pads[2 * i], pads[2 * i + 1])
                                      for i in range(len(pads) // 2)], "constant", value)
