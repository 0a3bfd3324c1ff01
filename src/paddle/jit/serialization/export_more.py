"""Exporters for list ops, special functions, linear algebra, random sampling, in-place
assignment (`x[...] = v`) and the fused recurrent layer."""
from __future__ import annotations

import numpy as np

from ..._core import dtype as _dt
from ..._core.meta import TensorMeta
from .export import ExportCall, UnsupportedExportError, exports
from .export_index import INT_MAX, _expand_ellipsis
from .export_ops import _same, combine
from .pir_codec import UNDEFINED_PLACE, array_attr, attr

exports("lgamma", "digamma", "i0", "i0e", "i1", "i1e", "copysign", "heaviside", "inverse",
        "nonzero", "bernoulli", "real", "imag", "conj", "angle")(_same)


@exports("determinant")
def _det(c: ExportCall):
    return c.emit("1.det", c.ins)


@exports("add_n")
def _add_n(c: ExportCall):
    return c.emit("1.add_n", [combine(c, 0)])


@exports("cumprod")
def _cumprod(c: ExportCall):
    return c.emit("1.cumprod", c.ins, [("dim", attr("0.a_i32", c.attrs["dim"])),
                                       ("exclusive", attr("0.a_bool", c.attrs["exclusive"])),
                                       ("reverse", attr("0.a_bool", c.attrs["reverse"]))])


@exports("logcumsumexp")
def _logcumsumexp(c: ExportCall):
    flatten = c.attrs["axis"] is None or c.attrs["flatten"]
    return c.emit("1.logcumsumexp", c.ins,
                  [("axis", attr("0.a_i32", -1 if c.attrs["axis"] is None else c.attrs["axis"])),
                   ("flatten", attr("0.a_bool", flatten)), ("exclusive", attr("0.a_bool", False)),
                   ("reverse", attr("0.a_bool", c.attrs["reverse"]))])


@exports("cummax", "cummin")
def _cummax(c: ExportCall):
    return c.emit(f"1.{c.op.opdef.name}", c.ins, [("axis", attr("0.a_i32", c.attrs["axis"])),
                                                  ("dtype", attr("1.a_dtype", c.attrs["dtype"]))])


@exports("mode")
def _mode(c: ExportCall):
    return c.emit("1.mode", c.ins, [("axis", attr("0.a_i32", c.attrs["axis"])),
                                    ("keepdim", attr("0.a_bool", c.attrs["keepdim"]))])


@exports("cross")
def _cross(c: ExportCall):
    return c.emit("1.cross", c.ins, [("axis", attr("0.a_i32", c.attrs["axis"]))])


@exports("trace")
def _trace(c: ExportCall):
    return c.emit("1.trace", c.ins, [(k, attr("0.a_i32", c.attrs[k]))
                                     for k in ("offset", "axis1", "axis2")])


@exports("searchsorted")
def _searchsorted(c: ExportCall):
    return c.emit("1.searchsorted", c.ins, [("out_int32", attr("0.a_bool", c.attrs["out_int32"])),
                                            ("right", attr("0.a_bool", c.attrs["right"]))])


@exports("put_along_axis")
def _put_along_axis(c: ExportCall):
    return c.emit("1.put_along_axis", c.ins,
                  [("axis", attr("0.a_i32", c.attrs["axis"])),
                   ("reduce", attr("0.a_str", c.attrs["reduce"])),
                   ("include_self", attr("0.a_bool", c.attrs["include_self"]))])


@exports("maxout")
def _maxout(c: ExportCall):
    return c.emit("1.maxout", c.ins, [("groups", attr("0.a_i32", c.attrs["groups"])),
                                      ("axis", attr("0.a_i32", c.attrs["axis"]))],
                  c.out_metas[:1]) + [None]


@exports("bitwise_left_shift", "bitwise_right_shift")
def _shift(c: ExportCall):
    return c.emit(f"1.{c.op.opdef.name}", c.ins,
                  [("is_arithmetic", attr("0.a_bool", c.attrs["is_arithmetic"]))])


@exports("nll_loss")
def _nll_loss(c: ExportCall):
    return c.emit("1.nll_loss", c.ins, [("ignore_index", attr("0.a_i64", c.attrs["ignore_index"])),
                                        ("reduction", attr("0.a_str", c.attrs["reduction"]))])


@exports("isclose")
def _isclose(c: ExportCall):
    tolerances = [c.w.full([1], c.attrs[k], _dt.float64) for k in ("rtol", "atol")]
    return c.emit("1.isclose", c.ins + tolerances,
                  [("equal_nan", attr("0.a_bool", c.attrs["equal_nan"]))])


@exports("einsum")
def _einsum(c: ExportCall):
    """Paddle's einsum also outputs two caches: a vector of 0-d tensors and one of the
    operands' shapes."""
    operands = [v.meta for v in c.op.inputs[0]]
    caches = [[TensorMeta([], m.dtype) for m in operands], operands]
    return c.emit("1.einsum", [combine(c, 0)], [("equation", attr("0.a_str",
                                                                  c.attrs["equation"]))],
                  c.out_metas + caches)[:1]


# ---- creation and sampling -------------------------------------------------------------------
@exports("eye")
def _eye(c: ExportCall):
    dtype = c.attrs["dtype"]
    rows = c.w.full([1], c.attrs["num_rows"], _dt.int64)
    columns = c.w.full([1], c.attrs["num_columns"] if c.attrs["num_columns"] is not None
                       else c.attrs["num_rows"], _dt.int64)
    return c.emit("1.eye", [rows, columns], [("dtype", attr("1.a_dtype", dtype)),
                                             ("place", attr("1.a_place", UNDEFINED_PLACE))])


@exports("linspace")
def _linspace(c: ExportCall):
    dtype = c.out_metas[0].dtype
    bounds = [c.w.full([1], c.attrs["start"], _dt.float32),
              c.w.full([1], c.attrs["stop"], _dt.float32),
              c.w.full([1], c.attrs["num"], _dt.int32)]
    return c.emit("1.linspace", bounds, [("dtype", attr("1.a_dtype", dtype)),
                                         ("place", attr("1.a_place", UNDEFINED_PLACE))])


def _sample_shape(c: ExportCall) -> int:
    """The shape input of a sampling op: the literal shape, or that of the `like` tensor."""
    if c.ins[0] is None:
        return c.w.int_array(c.attrs["shape"])
    like = c.op.inputs[0].meta
    return c.w.emit("1.shape64", [c.ins[0]], [], [TensorMeta([len(like.shape)], _dt.int64)],
                    [True])[0]


@exports("uniform")
def _uniform(c: ExportCall):
    bounds = [c.w.full([1], c.attrs[k], _dt.float32) for k in ("min", "max")]
    return c.emit("1.uniform", [_sample_shape(c)] + bounds,
                  [("dtype", attr("1.a_dtype", c.attrs["dtype"])),
                   ("seed", attr("0.a_i32", c.attrs["seed"])),
                   ("place", attr("1.a_place", UNDEFINED_PLACE))])


@exports("gaussian")
def _gaussian(c: ExportCall):
    return c.emit("1.gaussian", [_sample_shape(c)],
                  [("mean", attr("0.a_f32", c.attrs["mean"])),
                   ("std", attr("0.a_f32", c.attrs["std"])),
                   ("seed", attr("0.a_i32", c.attrs["seed"])),
                   ("dtype", attr("1.a_dtype", c.attrs["dtype"])),
                   ("place", attr("1.a_place", UNDEFINED_PLACE))])


@exports("randint")
def _randint(c: ExportCall):
    return c.emit("1.randint", [_sample_shape(c)],
                  [("low", attr("0.a_i32", c.attrs["low"])),
                   ("high", attr("0.a_i32", c.attrs["high"])),
                   ("dtype", attr("1.a_dtype", c.attrs["dtype"])),
                   ("place", attr("1.a_place", UNDEFINED_PLACE))])


# ---- x[...] = value --------------------------------------------------------------------------
@exports("setitem_basic")
def _setitem_basic(c: ExportCall):
    """Paddle's set_value_with_tensor_: (x, values, starts, ends, steps) with the sliced axes,
    the axes indexed by an integer (decrease_axes) and those added by None (none_axes)."""
    x_meta = c.in_meta(0)
    items = _expand_ellipsis(c.attrs["spec"], len(x_meta.shape))
    axes, starts, ends, steps, decrease, none_axes = [], [], [], [], [], []
    axis = 0
    for position, item in enumerate(items):
        if item[0] == "none":
            none_axes.append(position)
            continue
        if item[0] == "int":
            axes.append(axis)
            starts.append(item[1])
            ends.append(INT_MAX if item[1] == -1 else item[1] + 1)
            steps.append(1)
            decrease.append(axis)
        elif item[1:] != (None, None, None):
            start, stop, step = item[1:]
            if step is not None and step < 0:
                raise UnsupportedExportError("(jit.save) assignment to a slice with a negative "
                                             "step is not exported yet")
            axes.append(axis)
            starts.append(0 if start is None else start)
            ends.append(INT_MAX if stop is None else stop)
            steps.append(1 if step is None else step)
        axis += 1
    values = _cast_values(c)
    return c.emit("1.set_value_with_tensor_",
                  [c.ins[0], values, c.w.int_array(starts), c.w.int_array(ends),
                   c.w.int_array(steps)],
                  [("axes", array_attr("0.a_i64", axes)),
                   ("decrease_axes", array_attr("0.a_i64", decrease)),
                   ("none_axes", array_attr("0.a_i64", none_axes))])


def _cast_values(c: ExportCall) -> int:
    x_meta, v_meta = c.in_meta(0), c.in_meta(1)
    if v_meta.dtype is x_meta.dtype:
        return c.ins[1]
    return c.w.emit("1.cast", [c.ins[1]], [("dtype", attr("1.a_dtype", x_meta.dtype))],
                    [TensorMeta(v_meta.shape, x_meta.dtype)])[0]


# ---- recurrent layers ------------------------------------------------------------------------
@exports("rnn_layer")
def _rnn_layer(c: ExportCall):
    """One direction of one layer as a one-layer Paddle rnn op. The reverse direction runs
    forward over the time-reversed sequence (the same steps, without a sequence mask)."""
    x, state0 = c.in_meta(0), c.in_meta(1)
    if c.op.inputs[6] is not None:
        raise UnsupportedExportError("(jit.save) recurrent layers with sequence_length are not "
                                     "exported yet")
    states, batch, hidden = state0.shape
    one = TensorMeta([1, batch, hidden], state0.dtype)
    unbound = c.w.emit("1.unbind", [c.ins[1]], [("axis", attr("0.a_i32", 0))],
                       [[TensorMeta([batch, hidden], state0.dtype)] * states])[0]
    parts = c.w.emit("0.split", [unbound], [], [TensorMeta([batch, hidden], state0.dtype)] *
                     states)
    pre = [c.w.emit("1.unsqueeze", [p, c.w.int_array([0])], [], [one])[0] for p in parts]
    pre_state = c.w.emit("0.combine", pre, [], [[one] * states])[0]
    weights = c.w.emit("0.combine", c.ins[2:6], [], [[c.in_meta(k) for k in range(2, 6)]])[0]
    out, final = c.out_metas[0], c.out_metas[1]
    reverse = c.attrs["is_reverse"]
    steps = _flip_time(c, c.ins[0], x) if reverse else c.ins[0]
    dropout_state = c.w.full([], 0, _dt.uint8)  # unused at inference, but must be a tensor
    results = c.w.emit("1.rnn", [steps, pre_state, weights, None, dropout_state],
                       [("dropout_prob", attr("0.a_f32", 0.0)),
                        ("is_bidirec", attr("0.a_bool", False)),
                        ("input_size", attr("0.a_i32", x.shape[2])),
                        ("hidden_size", attr("0.a_i32", hidden)),
                        ("num_layers", attr("0.a_i32", 1)), ("mode", attr("0.a_str",
                                                                          c.attrs["mode"])),
                        ("seed", attr("0.a_i32", 0)), ("is_test", attr("0.a_bool", True))],
                       [out, TensorMeta([], _dt.uint8), [one] * states,
                        TensorMeta([], out.dtype)])
    finals = c.w.emit("0.split", [results[2]], [], [one] * states)
    stacked = c.w.emit("0.combine", finals, [], [[one] * states])[0]
    state = c.w.emit("1.concat", [stacked, c.w.full([1], 0, _dt.int32)], [], [final])[0]
    return [_flip_time(c, results[0], out) if reverse else results[0], state, None]


def _flip_time(c: ExportCall, value: int, meta) -> int:
    return c.w.emit("1.flip", [value], [("axis", array_attr("0.a_i32", [0]))], [meta])[0]


@exports("setitem")
def _setitem(c: ExportCall):
    """x[t0, t1, ...] = v with integer index tensors on the leading dims: Paddle's index_put."""
    items = _expand_ellipsis(c.attrs["spec"], len(c.in_meta(0).shape))
    count = sum(1 for item in items if item[0] == "tensor")
    leading = all(item[0] == "tensor" for item in items[:count]) and all(
        item == ("slice", None, None, None) for item in items[count:])
    indices = c.op.inputs[2]
    if not leading or any(v.meta.dtype.kind not in "iu" for v in indices):
        raise UnsupportedExportError("(jit.save) only x[index tensors on the leading dims] = v "
                                     "is exported for tensor-indexed assignment")
    order = [item[1] for item in items[:count]]
    metas = [indices[k].meta for k in order]
    vector = c.w.emit("0.combine", [c.ins[2][k] for k in order], [], [metas])[0]
    return c.emit("1.index_put", [c.ins[0], vector, _cast_values(c)],
                  [("accumulate", attr("0.a_bool", False))])


@exports("nan_to_num")
def _nan_to_num(c: ExportCall):
    """Paddle composes nan_to_num from isnan/isinf/where; so does the export (without writing
    infinities into the JSON)."""
    meta = c.in_meta(0)
    limit = float(np.finfo(meta.dtype.np_dtype).max)
    flags = TensorMeta(meta.shape, _dt.bool_)
    infinite = c.w.emit("1.isinf", [c.ins[0]], [], [flags])[0]
    positive = c.w.emit("1.greater_than", [c.ins[0], c.w.full([], 0, meta.dtype)], [],
                        [flags])[0]
    negative = c.w.emit("1.logical_not", [positive], [], [flags])[0]
    value = c.ins[0]
    for side, chosen, default in ((positive, c.attrs["posinf"], limit),
                                  (negative, c.attrs["neginf"], -limit)):
        hit = c.w.emit("1.logical_and", [infinite, side], [], [flags])[0]
        fill = c.w.full([], default if chosen is None else chosen, meta.dtype)
        value = c.w.emit("1.where", [hit, fill, value], [], [meta])[0]
    nan = c.w.emit("1.isnan", [c.ins[0]], [], [flags])[0]
    return c.emit("1.where", [nan, c.w.full([], c.attrs["nan"], meta.dtype), value])
