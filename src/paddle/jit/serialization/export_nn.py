"""Exporters for convolution, pooling, normalization, dropout and resampling."""
from __future__ import annotations

from ..._core import dtype as _dt
from ..._core.meta import TensorMeta
from ..._core.ops.nn_conv import resolve_output_size
from .export import ExportCall, UnsupportedExportError, emit_array, exports
from .pir_codec import array_attr, attr


def flat_paddings(pairs) -> list:
    """Our ((before, after), ...) paddings as Paddle's list: one per dim when symmetric."""
    pairs = [tuple(int(v) for v in p) for p in pairs]
    if all(b == a for b, a in pairs):
        return [b for b, _ in pairs]
    return [v for pair in pairs for v in pair]


def _conv_attrs(c: ExportCall, nd: int, output_padding=None) -> list:
    ints = "0.a_i32"
    attrs = [("strides", array_attr(ints, c.attrs["strides"])),
             ("paddings", array_attr(ints, flat_paddings(c.attrs["paddings"])))]
    if output_padding is not None:
        attrs.append(("output_padding", array_attr(ints, output_padding)))
    attrs += [("padding_algorithm", attr("0.a_str", "EXPLICIT")),
              ("dilations", array_attr(ints, c.attrs["dilations"])),
              ("groups", attr("0.a_i32", c.attrs["groups"])),
              ("data_format", attr("0.a_str", "NCHW" if nd == 2 else "NCDHW"))]
    return attrs


@exports("conv2d", "conv3d")
def _conv(c: ExportCall):
    nd = 3 if c.op.opdef.name == "conv3d" else 2
    return c.emit(f"1.{c.op.opdef.name}", c.ins, _conv_attrs(c, nd))


@exports("conv2d_transpose", "conv3d_transpose")
def _conv_transpose(c: ExportCall):
    """An explicit output size as Paddle's output_size input; sizes left to run time
    (-1 - extra, see ops/nn_conv.py) as output_padding with an empty output_size."""
    nd = 3 if c.op.opdef.name == "conv3d_transpose" else 2
    sizes = list(c.attrs["output_size"] or [])
    padding = []
    if any(size < 0 for size in sizes):
        known = resolve_output_size([-1] * nd, c.in_meta(0).shape[2:], c.in_meta(1).shape[2:],
                                    c.attrs["strides"], c.attrs["paddings"],
                                    c.attrs["dilations"])
        padding = [-size - 1 if size < 0 else size - low for size, low in zip(sizes, known)]
        sizes = []
    return c.emit(f"1.{c.op.opdef.name}", c.ins + [c.w.int_array(sizes)],
                  _conv_attrs(c, nd, padding))


def _pool_attrs(c: ExportCall, nd: int, pooling_type: str, exclusive: bool) -> list:
    longs = "0.a_i64"
    return [("strides", array_attr(longs, c.attrs["strides"])),
            ("paddings", array_attr(longs, flat_paddings(c.attrs["paddings"]))),
            ("ceil_mode", attr("0.a_bool", c.attrs["ceil_mode"])),
            ("exclusive", attr("0.a_bool", exclusive)),
            ("data_format", attr("0.a_str", "NCHW" if nd == 2 else "NCDHW")),
            ("pooling_type", attr("0.a_str", pooling_type)),
            ("global_pooling", attr("0.a_bool", False)),
            ("adaptive", attr("0.a_bool", c.attrs["adaptive"])),
            ("padding_algorithm", attr("0.a_str", "EXPLICIT"))]


@exports("pool2d", "pool3d")
def _pool(c: ExportCall):
    nd = 3 if c.op.opdef.name == "pool3d" else 2
    return _emit_pool(c, nd, c.attrs["pooling_type"], c.attrs["exclusive"], c.out_metas)


def _emit_pool(c: ExportCall, nd: int, pooling_type: str, exclusive: bool, metas) -> list:
    """pool2d takes the kernel size as a tensor input, pool3d as an attribute."""
    attrs = _pool_attrs(c, nd, pooling_type, exclusive)
    if nd == 3:
        attrs.insert(0, ("kernel_size", array_attr("0.a_i64", c.attrs["kernel_size"])))
        return c.w.emit("1.pool3d", [c.ins[0]], attrs, metas)
    kernel = c.w.int_array(c.attrs["kernel_size"])
    return c.w.emit("1.pool2d", [c.ins[0], kernel], attrs, metas)


@exports("max_pool2d_with_index", "max_pool3d_with_index")
def _max_pool_with_index(c: ExportCall):
    nd = 3 if "3d" in c.op.opdef.name else 2
    if not c.used[1]:  # the indices are unused: plain max pooling
        return _emit_pool(c, nd, "max", True, c.out_metas[:1]) + [None]
    pads = flat_paddings(c.attrs["paddings"])
    if len(pads) != nd:
        raise UnsupportedExportError("(jit.save) max pooling with indices needs symmetric "
                                     "paddings in Paddle's format")
    ints = "0.a_i32"
    return c.emit(f"1.{c.op.opdef.name}", c.ins,
                  [("kernel_size", array_attr(ints, c.attrs["kernel_size"])),
                   ("strides", array_attr(ints, c.attrs["strides"])),
                   ("paddings", array_attr(ints, pads)),
                   ("global_pooling", attr("0.a_bool", False)),
                   ("adaptive", attr("0.a_bool", c.attrs["adaptive"])),
                   ("ceil_mode", attr("0.a_bool", c.attrs["ceil_mode"]))])


@exports("batch_norm")
def _batch_norm(c: ExportCall):
    keys = (("is_test", "0.a_bool"), ("momentum", "0.a_f32"), ("epsilon", "0.a_f32"),
            ("data_format", "0.a_str"), ("use_global_stats", "0.a_bool"),
            ("trainable_statistics", "0.a_bool"))
    metas = c.out_metas + [TensorMeta([-1], _dt.uint8)]
    outs = c.emit("1.batch_norm_", c.ins, [(k, attr(kind, c.attrs[k])) for k, kind in keys],
                  metas)
    return outs[:5]


@exports("layer_norm")
def _layer_norm(c: ExportCall):
    return c.emit("1.layer_norm", c.ins,
                  [("epsilon", attr("0.a_f32", c.attrs["epsilon"])),
                   ("begin_norm_axis", attr("0.a_i32", c.attrs["begin_norm_axis"]))])


@exports("group_norm")
def _group_norm(c: ExportCall):
    return c.emit("1.group_norm", c.ins,
                  [("epsilon", attr("0.a_f64", c.attrs["epsilon"])),
                   ("groups", attr("0.a_i32", c.attrs["groups"])),
                   ("data_format", attr("0.a_str", c.attrs["data_format"]))])


@exports("prelu")
def _prelu(c: ExportCall):
    return c.emit("1.prelu", c.ins, [("data_format", attr("0.a_str", c.attrs["data_format"])),
                                     ("mode", attr("0.a_str", c.attrs["mode"]))])


@exports("dropout")
def _dropout(c: ExportCall):
    p = c.w.full([1], c.attrs["p"], _dt.float32)
    return c.emit("1.dropout", [c.ins[0], None, p],
                  [("is_test", attr("0.a_bool", c.attrs["is_test"])),
                   ("mode", attr("0.a_str", c.attrs["mode"])),
                   ("seed", attr("0.a_i32", c.attrs["seed"])),
                   ("fix_seed", attr("0.a_bool", c.attrs["fix_seed"]))])


@exports("resample_axis")
def _resample_axis(c: ExportCall):
    """out = sum_k take(x, index[:, k], axis) * weight[:, k], as gather + reshape + multiply +
    sum (Paddle has no single op for our separable resampling tables)."""
    x_meta, out_meta = c.in_meta(0), c.out_metas[0]
    index, weight = (c.op.inputs[i].op for i in (1, 2))
    if index.name != "builtin.constant" or weight.name != "builtin.constant":
        raise UnsupportedExportError("(jit.save) resample_axis needs constant tables")
    table, taps = index.attrs["value"], weight.attrs["value"]
    axis = c.attrs["axis"] % len(x_meta.shape)
    flat = emit_array(c.w, table.reshape(-1).astype("int64"))
    picked_shape = list(x_meta.shape)
    picked_shape[axis] = table.size
    picked = c.w.emit("1.gather", [c.ins[0], flat, c.w.full([1], axis, _dt.int32)], [],
                      [TensorMeta(picked_shape, x_meta.dtype)])[0]
    if table.shape[1] == 1 and (taps == 1).all():
        return picked
    split = list(x_meta.shape[:axis]) + list(table.shape) + list(x_meta.shape[axis + 1:])
    shape = [0 if d == -1 and i < axis else d for i, d in enumerate(split)]
    if shape.count(-1) > 1:
        raise UnsupportedExportError("(jit.save) resample_axis over a tensor with several "
                                     "unknown dims")
    grouped = c.w.emit("1.reshape", [picked, c.w.int_array(shape)], [],
                       [TensorMeta(split, x_meta.dtype)])[0]
    w_shape = list(taps.shape) + [1] * (len(x_meta.shape) - axis - 1)
    weights = emit_array(c.w, taps.astype(x_meta.dtype.np_dtype).reshape(w_shape))
    product = c.w.emit("1.multiply", [grouped, weights], [],
                       [TensorMeta(split, x_meta.dtype)])[0]
    return c.emit("1.sum", [product, c.w.int_array([axis + 1])],
                  [("dtype", attr("1.a_dtype", None)), ("keepdim", attr("0.a_bool", False))],
                  [out_meta])
