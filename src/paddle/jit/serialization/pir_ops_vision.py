"""PIR converters for the image and sequence ops of exported models that the other tables do
not cover: patch extraction (unfold), pixel unshuffle, temporal shift, crop, index sampling,
masked selection, sequence masks, stanh and dot."""
from __future__ import annotations

import paddle
import paddle.nn.functional as F

from .op_map import Call, pir_op


def _public(fn, *keys: str):
    """fn(*inputs, *attributes): a public function whose arguments follow the op's inputs and
    then the attributes `keys`."""
    def convert(c: Call):
        return fn(*c.ins, *(c.attr(k) for k in keys))
    return convert


for _name, _fn, _keys in (
        ("unfold", F.unfold, ("kernel_sizes", "strides", "paddings", "dilations")),
        ("pixel_unshuffle", F.pixel_unshuffle, ("downscale_factor", "data_format")),
        ("index_sample", paddle.index_sample, ()), ("masked_select", paddle.masked_select, ()),
        ("stanh", paddle.stanh, ("scale_a", "scale_b")), ("dot", paddle.dot, ())):
    pir_op(_name)(_public(_fn, *_keys))


@pir_op("temporal_shift")
def _temporal_shift(c: Call):
    return F.temporal_shift(c.ins[0], c.attr("seg_num"), c.attr("shift_ratio", 0.25),
                            data_format=c.attr("data_format", "NCHW"))


@pir_op("crop")
def _crop(c: Call):
    return paddle.crop(c.ins[0], c.int_array(1, "shape"), c.int_array(2, "offsets"))


@pir_op("sequence_mask")
def _sequence_mask(c: Call):
    maxlen = c.int(1, "max_len") if len(c.ins) > 1 and c.ins[1] is not None else None
    return F.sequence_mask(c.ins[0], maxlen if maxlen is None or maxlen > 0 else None,
                           c.attr("out_dtype", "int64"))
