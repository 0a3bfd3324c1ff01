"""Loss kernels with label lookups: cross_entropy_with_softmax (softmax + cross entropy in one
pass, hard or soft labels) and nll_loss.

Both follow Paddle's CPU kernels: the shifted logits are clipped at -64 before `exp`, infinite
log-probabilities become ±1e20, an out-of-range class id raises, and an `ignore_index` entry
contributes zero loss and zero gradient. Other losses are composites in paddle.nn.functional.
"""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta, meta_of, normalize_axis
from . import _kernel_utils as K
from .registry import OPAQUE, REGISTRY, defop

_EXP_CLIP = -64.0  # Paddle's softmax clips x - max(x) here, so no probability underflows to 0
_APPROX_INF = 1e20  # Paddle's TolerableValue for ±inf log-probabilities


def _op(name):
    """Ops of other families, looked up when a gradient rule runs."""
    return REGISTRY[name]


def _check_float(op: str, dtype: _dt.DType) -> None:
    if dtype.kind != "f":
        raise TypeError(f"({op}) The input must be a floating-point tensor, but received "
                        f"{dtype.name}.")


# ---- cross_entropy_with_softmax ---------------------------------------------------------------

def _ce_meta(input, label, soft_label=False, use_softmax=True, numeric_stable_mode=True,
             ignore_index=-100, axis=-1):
    op = "cross_entropy_with_softmax"
    _check_float(op, input.dtype)
    if soft_label and label.dtype is not input.dtype:
        raise ValueError(f"({op}) Soft labels must have the logits' dtype ({input.dtype.name}), "
                         f"but received {label.dtype.name}.")
    if input.ndim == 0:
        raise ValueError(f"({op}) The input must be at least 1-D, but received a 0-D tensor.")
    ax = normalize_axis(op, axis, input.ndim)
    if label.ndim != input.ndim:
        raise ValueError(f"({op}) Input(Label) must have the rank of Input(Logits) "
                         f"({input.ndim}), but received label shape {list(label.shape)} and "
                         f"logits shape {list(input.shape)}.")
    for i, (a, b) in enumerate(zip(input.shape, label.shape)):
        if i != ax and -1 not in (a, b) and a != b:
            raise ValueError(f"({op}) Input(Logits) and Input(Label) should have the same shape "
                             f"in dimensions except axis, but received logits shape "
                             f"{list(input.shape)} and label shape {list(label.shape)}.")
    want = input.shape[ax] if soft_label else 1
    if -1 not in (want, label.shape[ax]) and label.shape[ax] != want:
        raise ValueError(f"({op}) The axis dimension of Input(Label) must be {want} "
                         f"({'soft' if soft_label else 'hard'} labels), but received label "
                         f"shape {list(label.shape)} for logits shape {list(input.shape)}.")
    loss_shape = list(input.shape)
    loss_shape[ax] = 1
    return TensorMeta(input.shape, input.dtype), TensorMeta(loss_shape, input.dtype)


def _softmax_clipped(x, axis):
    with np.errstate(invalid="ignore", over="ignore"):
        shifted = x - x.max(axis=axis, keepdims=True)
        np.maximum(shifted, _EXP_CLIP, out=shifted)
        e = np.exp(shifted)
        return e / e.sum(axis=axis, keepdims=True)


def _tolerable_log(p):
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.log(p)
    return np.clip(out, -_APPROX_INF, _APPROX_INF, out=out) if out.size else out


def _hard_labels(label, ignore_index, classes, axis):
    """Integer class ids with ignore_index entries checked and mapped to class 0 (masked later)."""
    ids = label.astype(np.int64, copy=False)
    valid = ids != ignore_index
    bad = valid & ((ids < 0) | (ids >= classes))
    if bad.any():
        value = int(ids[bad].flat[0])
        raise IndexError(f"(cross_entropy_with_softmax) Label values must be in [0, {classes}) "
                         f"or equal ignore_index ({ignore_index}), but received {value} "
                         f"(logits have {classes} classes on axis {axis}).")
    return np.where(valid, ids, 0), valid


def _ce_ref(input, label, soft_label=False, use_softmax=True, numeric_stable_mode=True,
            ignore_index=-100, axis=-1):
    ax = axis % input.ndim
    probs = _softmax_clipped(input, ax) if use_softmax else input
    logp = np.log(probs)
    if soft_label:
        return probs, -(label * logp).sum(axis=ax, keepdims=True)
    ids = label.astype(np.int64)
    picked = np.take_along_axis(logp, np.where(ids == ignore_index, 0, ids), ax)
    return probs, np.where(ids == ignore_index, 0, -picked)


@defop("cross_entropy_with_softmax", "input label", ("softmax", "loss"), infer_meta=_ce_meta,
       pattern=OPAQUE, ref=_ce_ref)
def cross_entropy_with_softmax(xp, input, label, soft_label=False, use_softmax=True,
                               numeric_stable_mode=True, ignore_index=-100, axis=-1):
    _ce_meta(meta_of(input), meta_of(label), soft_label, use_softmax, numeric_stable_mode,
             ignore_index, axis)
    ax = axis % input.ndim
    work = input.astype(np.float32) if input.dtype in K.LOW_PRECISION else input
    probs = _softmax_clipped(work, ax) if use_softmax else work.copy()
    if soft_label:
        logp = _tolerable_log(probs)
        with np.errstate(invalid="ignore"):
            loss = -(label.astype(work.dtype, copy=False) * logp).sum(axis=ax, keepdims=True)
    else:
        ids, valid = _hard_labels(label, ignore_index, input.shape[ax], ax)
        picked = np.take_along_axis(probs, ids, ax)
        loss = np.where(valid, -_tolerable_log(picked), 0).astype(work.dtype, copy=False)
    return probs.astype(input.dtype, copy=False), loss.astype(input.dtype, copy=False)


def class_mask(label, classes: int, axis: int, dtype):
    """One-hot of integer `label` (size 1 on `axis`) along `axis`, built with ops."""
    shape = [1] * len(label.shape)
    shape[axis] = classes
    iota = _op("reshape")(_op("arange")(0, classes, 1, _dt.int64), shape)
    ids = label if label.dtype is _dt.int64 else _op("cast")(label, _dt.int64)
    return _op("cast")(_op("equal")(ids, iota), dtype)


@cross_entropy_with_softmax.grad(save="input label softmax")
def _(ctx, g_softmax, g_loss):
    # Paddle's rule for the loss: (softmax - label) * g (soft) or (softmax - onehot) * g (hard),
    # and -label / p * g without softmax. Gradients through the softmax output and to soft
    # labels are the exact derivatives.
    ax = ctx.axis % len(ctx.input.shape)
    probs = ctx.softmax
    gx = g_label = None
    if ctx.soft_label:
        target = ctx.label
        if ctx.needs_grad[1]:
            g_label = -g_loss * _op("log")(probs)
    else:
        target = class_mask(ctx.label, ctx.input.shape[ax], ax, g_loss.dtype)
        target = target * _op("cast")(_op("not_equal")(ctx.label, _ignore_like(ctx)),
                                      g_loss.dtype)
    if ctx.needs_grad[0]:
        if ctx.use_softmax:
            valid = 1 if ctx.soft_label else _op("sum")(target, (ax,), None, True)
            gx = (probs * valid - target) * g_loss
            if _has_values(g_softmax):
                gx = gx + probs * (g_softmax - _op("sum")(g_softmax * probs, (ax,), None, True))
        else:
            gx = -target / ctx.input * g_loss + g_softmax
    return gx, g_label


def _ignore_like(ctx):
    return _op("full")([], ctx.ignore_index, ctx.label.dtype)


def _has_values(g) -> bool:
    data = g._data
    return not isinstance(data, np.ndarray) or bool(data.any())


# ---- nll_loss ---------------------------------------------------------------------------------

def _nll_meta(input, label, weight, ignore_index=-100, reduction="mean"):
    op = "nll_loss"
    _check_float(op, input.dtype)
    if input.ndim < 2:
        raise ValueError(f"({op}) The input must be at least 2-D [N, C, ...], but received "
                         f"shape {list(input.shape)}.")
    expected = (input.shape[0],) + tuple(input.shape[2:])
    same = len(label.shape) == len(expected) and all(
        -1 in (a, b) or a == b for a, b in zip(label.shape, expected))
    if not same:
        raise ValueError(f"({op}) The label shape must be {list(expected)} for input shape "
                         f"{list(input.shape)}, but received {list(label.shape)}.")
    if weight is not None and (weight.ndim != 1 or weight.shape[0] not in (input.shape[1], -1)):
        raise ValueError(f"({op}) The weight must have shape [{input.shape[1]}] (one per class), "
                         f"but received {list(weight.shape)}.")
    out_shape = expected if reduction == "none" else ()
    return TensorMeta(out_shape, input.dtype), TensorMeta((), input.dtype)


def _nll_pick(input, label, weight, ignore_index):
    """Per-element (−input[label], weight[label]) with ignored entries zero-weighted."""
    classes = input.shape[1]
    ids = label.astype(np.int64, copy=False)
    valid = ids != ignore_index
    if (valid & ((ids < 0) | (ids >= classes))).any():
        bad = int(ids[valid & ((ids < 0) | (ids >= classes))].flat[0])
        raise ValueError(f"(nll_loss) Label values must be in [0, {classes}) or equal "
                         f"ignore_index ({ignore_index}), but received {bad}.")
    safe = np.where(valid, ids, 0)
    picked = np.take_along_axis(input, safe[:, None], 1)[:, 0]
    w = np.ones(classes, input.dtype) if weight is None else weight
    return -picked, np.where(valid, w[safe], 0).astype(input.dtype)


def _nll_ref(input, label, weight, ignore_index=-100, reduction="mean"):
    neg, w = _nll_pick(input, label, weight, ignore_index)
    total = w.sum()
    if reduction == "none":
        return neg * w, total
    s = (neg * w).sum()
    return (s / total if total else s * 0) if reduction == "mean" else s, total


@defop("nll_loss", "input label weight", ("out", "total_weight"), infer_meta=_nll_meta,
       pattern=OPAQUE, optional_inputs=("weight",), ref=_nll_ref)
def nll_loss(xp, input, label, weight, ignore_index=-100, reduction="mean"):
    _nll_meta(meta_of(input), meta_of(label), None if weight is None else meta_of(weight),
              ignore_index, reduction)
    neg, w = _nll_pick(input, label, weight, ignore_index)
    total = np.asarray(w.sum(), input.dtype)
    losses = neg * w
    if reduction == "none":
        return losses.astype(input.dtype, copy=False), total
    s = np.asarray(losses.sum(), input.dtype)
    if reduction == "sum":
        return s, total
    return (s / total if total != 0 else np.zeros((), input.dtype)), total


@nll_loss.grad(save="label weight total_weight")
def _(ctx, g_out, g_total):
    if not ctx.needs_grad[0]:
        return None, None, None
    shape = list(ctx.input.shape)
    mask = class_mask(_op("unsqueeze")(ctx.label, [1]), shape[1], 1, g_out.dtype)
    valid = _op("cast")(_op("not_equal")(ctx.label, _ignore_like(ctx)), g_out.dtype)
    per = _op("unsqueeze")(valid, [1]) * mask
    if ctx.weight is not None:
        per = per * _op("reshape")(ctx.weight, [1, shape[1]] + [1] * (len(shape) - 2))
    if ctx.reduction == "none":
        return -per * _op("unsqueeze")(g_out, [1]), None, None
    scale = g_out
    if ctx.reduction == "mean":
        total = ctx.total_weight
        scale = g_out / (total + _op("cast")(_op("equal")(total, total * 0), total.dtype))
    return -per * scale, None, None
