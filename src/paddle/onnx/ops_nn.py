"""Lowering rules for the neural-network ops of _core/ops/nn_*.py: convolutions, pooling,
normalization, dropout, embedding and the resampling that interpolate records."""
from __future__ import annotations

import numpy as np
from onnx import helper

from . import forms
from .lowering import lowers

NEAREST = {"mode": "nearest", "coordinate_transformation_mode": "asymmetric",
           "nearest_mode": "floor"}


def _pads(paddings) -> list:
    """Paddle's ((before, after), …) per spatial dim as ONNX's [begins…, ends…]."""
    return [int(p[0]) for p in paddings] + [int(p[1]) for p in paddings]


@lowers("conv1d", "conv2d", "conv3d")
def _conv(c):
    return c.node("Conv", [c.name(0), c.name(1)], strides=list(c.attrs["strides"]),
                  pads=_pads(c.attrs["paddings"]), dilations=list(c.attrs["dilations"]),
                  group=int(c.attrs["groups"]))


def conv_bias(c):
    """Conv(x, w) + b with b a known per-channel constant, as one Conv with a bias (what
    Paddle's conv layers compute as two ops); None when the add is not that."""
    for conv_side in (0, 1):
        bias = c.const(1 - conv_side)
        held = c.env.get(id(c.op.inputs[conv_side]))
        conv = c.g.producer.get(held) if isinstance(held, str) else None
        if conv is None or conv.op_type != "Conv" or len(conv.input) != 2 or bias is None:
            continue
        shape, rank = list(bias.shape), len(c.meta(conv_side).shape)
        per_channel = [c.meta(conv_side).shape[1]] + [1] * (rank - 2)
        if len(shape) <= rank and shape[-(rank - 1):] == per_channel and \
                all(d == 1 for d in shape[:-(rank - 1)]):
            attrs = {a.name: helper.get_attribute_value(a) for a in conv.attribute}
            flat = bias.reshape(-1).astype(c.out_metas[0].dtype.np_dtype)
            return c.node("Conv", [*conv.input, c.g.constant(flat)], **attrs)
    return None


@lowers("conv2d_transpose", "conv3d_transpose")
def _conv_transpose(c):
    """ConvTranspose with the output size Paddle asked for, as an output padding over the
    size the geometry gives (Paddle's output_size picks among the sizes a stride allows)."""
    x_sizes = c.meta(0).shape[2:]
    kernel = c.meta(1).shape[2:]
    strides, dilations = list(c.attrs["strides"]), list(c.attrs["dilations"])
    paddings = c.attrs["paddings"]
    extra = []
    for size, want, k, s, (p0, p1), d in zip(x_sizes, c.out_metas[0].shape[2:], kernel,
                                             strides, paddings, dilations):
        natural = (size - 1) * s - p0 - p1 + d * (k - 1) + 1
        extra.append(0 if size < 0 or want < 0 else want - natural)
    return c.node("ConvTranspose", [c.name(0), c.name(1)], strides=strides,
                  pads=_pads(paddings), dilations=dilations, group=int(c.attrs["groups"]),
                  output_padding=extra)


@lowers("max_pool2d_with_index", "max_pool3d_with_index")
def _max_pool_with_index(c):
    """The pooled values (Paddle's indices of the maxima have no ONNX form here)."""
    return [_pool(c), None]


@lowers("pool1d", "pool2d", "pool3d")
def _pool(c):
    kind = "Max" if c.attrs.get("pooling_type", "max") == "max" else "Average"
    sizes = c.meta(0).shape[2:]
    kernel, strides = list(c.attrs["kernel_size"]), list(c.attrs["strides"])
    paddings, ceil_mode = c.attrs["paddings"], bool(c.attrs["ceil_mode"])
    if c.attrs["adaptive"]:
        if all(k == 1 for k in kernel):
            return c.node(f"Global{kind}Pool", [c.name(0)])
        if any(d < 0 for d in sizes):
            c.fail(f"adaptive pooling to {kernel} exports only over known input sizes, but "
                   f"the input's spatial sizes are {list(sizes)}")
        if any(d % k for d, k in zip(sizes, kernel)):
            return _adaptive_by_axis(c, kind, sizes, kernel)
        kernel = strides = [d // k for d, k in zip(sizes, kernel)]
        paddings, ceil_mode = [(0, 0)] * len(kernel), False
    attrs = {"kernel_shape": kernel, "strides": strides, "pads": _pads(paddings),
             "ceil_mode": int(ceil_mode)}
    if kind == "Average":
        attrs["count_include_pad"] = int(not c.attrs["exclusive"])
    return c.node(f"{kind}Pool", [c.name(0)], **attrs)


def _adaptive_by_axis(c, kind: str, sizes, outs) -> str:
    """Adaptive windows that do not tile the input, one spatial axis at a time (a window is a
    product of per-axis ranges, and both mean and max reduce separably): a mean is a MatMul
    with the averaging matrix; a max gathers each window (shorter ones repeat their first
    entry) and reduces."""
    x = c.name(0)
    rank = len(c.meta(0).shape)
    for axis, (size, out) in enumerate(zip(sizes, outs), start=2):
        o = np.arange(out)
        starts, ends = (o * size) // out, -((-(o + 1) * size) // out)
        if kind == "Average":
            weights = np.zeros([out, size], c.np_dtype(0))
            for row, (a, b) in enumerate(zip(starts, ends)):
                weights[row, a:b] = 1.0 / (b - a)
            x = _along_axis(c, x, weights, axis, rank)
            continue
        taps = int(np.max(ends - starts))
        index = np.minimum(starts[:, None] + np.arange(taps)[None], (ends - 1)[:, None])
        picked = c.node("Gather", [x, c.g.ints(index.reshape(-1))], axis=axis)
        shape = [0] * axis + [out, taps] + list(sizes[axis - 1:])
        grouped = c.node("Reshape", [picked, c.g.ints(shape)])
        x = forms.reduce(c, "ReduceMax", grouped, [axis + 1], False)
    return x


def _along_axis(c, x: str, weights: np.ndarray, axis: int, rank: int) -> str:
    """sum_i weights[o, i] x[.., i, ..] along `axis`, as a MatMul."""
    if axis == rank - 1:
        return c.node("MatMul", [x, c.g.constant(weights.T.copy())])
    return c.node("MatMul", [c.g.constant(weights), x]) if axis == rank - 2 else \
        c.fail(f"adaptive pooling over axis {axis} of a rank-{rank} input")


def _filled(c, index: int, value: float, size: int) -> str:
    """Optional affine input `index`, or a constant of `value`s where the layer has none."""
    if c.has(index):
        return c.name(index)
    return c.g.constant(np.full([size], value, c.np_dtype(0)))


@lowers("batch_norm")
def _batch_norm(c):
    """Inference form (the running statistics), as Paddle's exported programs are."""
    if c.attrs["data_format"] not in ("NCHW", "NCL", "NC", "NCDHW"):
        c.fail(f"data_format {c.attrs['data_format']!r} is exported only channel-first")
    channels = c.meta(1).shape[0]
    y = c.node("BatchNormalization", [c.name(0), _filled(c, 3, 1.0, channels),
                                      _filled(c, 4, 0.0, channels), c.name(1), c.name(2)],
               epsilon=float(c.attrs["epsilon"]), momentum=float(c.attrs["momentum"]))
    return [y, None, None, None, None][:len(c.op.outputs)]


@lowers("layer_norm")
def _layer_norm(c):
    shape = c.meta(0).shape
    axis = int(c.attrs["begin_norm_axis"])
    normalized = shape[axis:]
    size = int(np.prod(normalized)) if all(d >= 0 for d in normalized) else -1
    if (not c.has(1) or not c.has(2)) and size < 0:
        c.fail("layer_norm without scale or bias exports only over known normalized dims")
    scale, bias = _filled(c, 1, 1.0, size), _filled(c, 2, 0.0, size)
    if len(normalized) > 1:  # Paddle keeps scale/bias flat over the normalized dims
        scale = c.node("Reshape", [scale, c.g.ints(normalized)])
        bias = c.node("Reshape", [bias, c.g.ints(normalized)])
    epsilon = float(c.attrs["epsilon"])
    if c.opset >= 17:
        y = c.node("LayerNormalization", [c.name(0), scale, bias], axis=axis, epsilon=epsilon)
    else:
        y = _layer_norm_parts(c, axis, len(shape), scale, bias, epsilon)
    return [y, None, None]


def _layer_norm_parts(c, axis, rank, scale, bias, epsilon) -> str:
    axes = list(range(axis, rank))
    x = c.name(0)
    centered = c.node("Sub", [x, forms.reduce(c, "ReduceMean", x, axes, True)])
    variance = forms.reduce(c, "ReduceMean", c.node("Mul", [centered, centered]), axes, True)
    spread = c.node("Sqrt", [c.node("Add", [variance, c.g.scalar(epsilon, c.np_dtype(0))])])
    return c.node("Add", [c.node("Mul", [c.node("Div", [centered, spread]), scale]), bias])


@lowers("dropout")
def _dropout(c):
    """Inference form: the identity, or the scaling down of `downscale_in_infer`."""
    if c.attrs["mode"] == "upscale_in_train":
        out = c.node("Identity", [c.name(0)])
    else:
        out = c.node("Mul", [c.name(0), c.g.scalar(1 - float(c.attrs["p"]), c.np_dtype(0))])
    return [out, None]


@lowers("embedding")
def _embedding(c):
    padding = int(c.attrs["padding_idx"])
    weight = c.const(1)
    if padding != -1:
        if weight is None:
            c.fail("padding_idx exports only with a known weight (its row is zeroed)")
        weight = weight.copy()
        weight[padding] = 0
        return c.node("Gather", [c.g.constant(weight), c.name(0)], axis=0)
    return c.node("Gather", [c.name(1), c.name(0)], axis=0)


@lowers("resample_axis")
def _resample_axis(c):
    """y[.., o, ..] = sum_t w[o, t] x[.., i[o, t], ..]: one Gather per tap (a single one for
    nearest sampling), weighted and summed."""
    index, weight = c.const(1), c.const(2)
    if index is None or weight is None:
        c.fail("the tap tables (index, weight) must be known when exporting")
    rank = len(c.meta(0).shape)
    axis = int(c.attrs["axis"]) % rank
    factor = _nearest_factor(index, weight)
    if factor:
        return _resize_nearest(c, axis, rank, factor)
    total = None
    for tap in range(index.shape[1]):
        picked = c.node("Gather", [c.name(0), c.g.ints(index[:, tap])], axis=axis)
        if not np.all(weight[:, tap] == 1):
            shape = [-1] + [1] * (rank - axis - 1)
            w = weight[:, tap].astype(c.np_dtype(0)).reshape(shape)
            picked = c.node("Mul", [picked, c.g.constant(w)])
        total = picked if total is None else c.node("Add", [total, picked])
    return total


def _nearest_factor(index: np.ndarray, weight: np.ndarray) -> int:
    """k when the taps are nearest upsampling by the integer k (output o reads input o // k),
    else 0."""
    if index.shape[1] != 1 or not np.all(weight == 1):
        return 0
    out = index.shape[0]
    picked = index[:, 0]
    k = out // max(int(picked.max()) + 1, 1)
    return k if k >= 1 and np.array_equal(picked, np.arange(out) // k) else 0


def _resize_nearest(c, axis: int, rank: int, factor: int) -> str:
    """Resize (nearest, asymmetric, floor) along one axis: what ONNX runtimes run fastest."""
    scales = np.ones(rank, np.float32)
    scales[axis] = factor
    source = c.name(0)
    earlier = c.g.producer.get(source)
    if _is_nearest_resize(earlier):
        # interpolate resamples one axis at a time: two nearest passes are one Resize
        scales *= c.g.initializers[earlier.input[2]]
        source = earlier.input[0]
    roi = "" if c.opset >= 13 else c.g.constant(np.zeros([0], np.float32))
    return c.node("Resize", [source, roi, c.g.constant(scales)], **NEAREST)


def _is_nearest_resize(node) -> bool:
    if node is None or node.op_type != "Resize":
        return False
    return {a.name: helper.get_attribute_value(a).decode() for a in node.attribute} == NEAREST
