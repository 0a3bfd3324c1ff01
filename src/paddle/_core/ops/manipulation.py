"""Shape and layout ops: reshape, expand, transpose, squeeze/unsqueeze, concat/stack/split, cast.
Attributes arrive normalised by the public layer (lists of ints, non-negative axes where noted)."""
from __future__ import annotations

import math

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta, normalize_axis
from .registry import INJECTIVE, defop


def resolve_shape(op: str, in_shape: tuple, shape) -> tuple:
    """Paddle's reshape rule: 0 copies the input dim, one -1 is inferred. A zero-size input
    takes 0 literally, and its -1 is inferred from the non-zero dims on both sides."""
    if 0 in in_shape:
        return _resolve_zero_size(op, in_shape, shape)
    out = []
    unknown = None
    for i, d in enumerate(shape):
        d = int(d)
        if d == 0:
            if i >= len(in_shape):
                raise ValueError(f"({op}) The index of 0 in `shape` ({i}) must be less than the "
                                 f"input's rank {len(in_shape)} unless the input is zero-size.")
            d = in_shape[i]
        elif d == -1:
            _check_one_unknown(op, unknown, shape)
            unknown = i
        elif d < -1:
            raise ValueError(f"({op}) Each dimension value of 'shape' must not be negative "
                             f"except -1. But received shape = {list(shape)}.")
        out.append(d)
    size = _prod(in_shape) if -1 not in in_shape else -1
    if unknown is not None:
        known = _prod(d for j, d in enumerate(out) if j != unknown)
        if size == -1:
            out[unknown] = -1
        elif known == 0 or size % known:
            raise ValueError(f"({op}) The 'shape' in ReshapeOp is invalid. The input tensor X's "
                             f"shape = {list(in_shape)} (size {size}) cannot be reshaped to "
                             f"{list(shape)}.")
        else:
            out[unknown] = size // known
    elif size != -1 and _prod(out) != size:
        _raise_capacity(op, in_shape, shape, out)
    return tuple(out)


def _prod(dims) -> int:
    total = 1
    for d in dims:
        total *= int(d)
    return total


def _check_one_unknown(op, unknown, shape):
    if unknown is not None:
        raise ValueError(f"({op}) Only one dimension value of 'shape' can be -1. But "
                         f"received shape = {list(shape)}.")


def _raise_capacity(op, in_shape, shape, out):
    raise ValueError(f"({op}) The 'shape' in ReshapeOp is invalid. The input tensor X'size "
                     f"must be equal to the capacity of 'shape'. But received X's shape = "
                     f"{list(in_shape)}, X's size = {_prod(in_shape)}, 'shape' is {list(shape)}, "
                     f"the capacity of 'shape' is {_prod(out)}.")


def _resolve_zero_size(op, in_shape, shape) -> tuple:
    out = [int(d) for d in shape]
    unknown = None
    for i, d in enumerate(out):
        if d == -1:
            _check_one_unknown(op, unknown, shape)
            unknown = i
        elif d < -1:
            raise ValueError(f"({op}) Each dimension value of 'shape' must not be negative "
                             f"except -1. But received shape = {list(shape)}.")
    others = [d for j, d in enumerate(out) if j != unknown]
    if unknown is not None:
        if 0 not in others:
            out[unknown] = 0
        else:
            avail = _prod(d for d in in_shape if d not in (0, -1))
            known = _prod(d for d in others if d != 0)
            if avail % known:
                raise ValueError(f"({op}) The 'shape' attribute in ReshapeOp is invalid. The "
                                 f"input tensor X'size must be divisible by known capacity of "
                                 f"'shape'. But received X's shape = {list(in_shape)}, 'shape' "
                                 f"is {list(shape)}.")
            out[unknown] = avail // known
    elif 0 not in out:
        _raise_capacity(op, in_shape, shape, out)
    return tuple(out)


def _reshape_meta(x, shape):
    return TensorMeta(resolve_shape("reshape", x.shape, shape), x.dtype)


@defop("reshape", infer_meta=_reshape_meta, pattern=INJECTIVE, ref=np.reshape)
def reshape(xp, x, shape):
    return x.reshape(resolve_shape("reshape", x.shape, shape))


@reshape.grad()
def _(ctx, g):
    return reshape(g, list(ctx.x.shape))


def expand_shape(op: str, in_shape: tuple, shape) -> tuple:
    """Paddle's expand rule: -1 keeps the input dim; new leading dims may be added."""
    shape = [int(d) for d in shape]
    if len(shape) < len(in_shape):
        raise ValueError(f"({op}) The number of elements ({len(shape)}) of 'shape' must be "
                         f"greater than or equal to the rank ({len(in_shape)}) of the input.")
    lead = len(shape) - len(in_shape)
    out = []
    for i, d in enumerate(shape):
        src = in_shape[i - lead] if i >= lead else None
        if d == -1:
            if src is None:
                raise ValueError(f"({op}) The expanded size (-1) for a new leading dimension "
                                 "must be positive.")
            d = src
        elif src is not None and src != 1 and src != d and src != -1:
            raise ValueError(f"({op}) The value ({d}) of the non-singleton dimension does not "
                             f"match the corresponding value ({src}) in shape for expand op; "
                             f"input shape {list(in_shape)}, target shape {shape}.")
        out.append(d)
    return tuple(out)


def _expand_meta(x, shape):
    return TensorMeta(expand_shape("expand", x.shape, shape), x.dtype)


# Up to this many elements expand writes a fresh array: NumPy's broadcast_to builds its
# read-only view in Python (about 2 us), a C assignment fills a small array in a fraction of
# that; larger expansions stay views, sparing the memory.
_MATERIALIZED_EXPAND = 1 << 14


@defop("expand", infer_meta=_expand_meta, pattern=INJECTIVE, ref=np.broadcast_to)
def expand(xp, x, shape):
    shape = expand_shape("expand", x.shape, shape)
    if xp is np and math.prod(shape) <= _MATERIALIZED_EXPAND:
        out = np.empty(shape, x.dtype)
        out[...] = x
        return out
    return xp.broadcast_to(x, shape)


@expand.grad()
def _(ctx, g):
    from ._grad_utils import sum_to_shape
    return sum_to_shape(g, ctx.x.shape)


def _transpose_meta(x, perm):
    _check_perm(x.ndim, perm)
    return TensorMeta(tuple(x.shape[p] for p in perm), x.dtype)


def _check_perm(ndim, perm):
    if len(perm) != ndim or sorted(int(p) % max(ndim, 1) for p in perm) != list(range(ndim)):
        raise ValueError(f"(transpose) The 'perm' {list(perm)} must be a permutation of "
                         f"range({ndim}) for an input of rank {ndim}.")


@defop("transpose", infer_meta=_transpose_meta, pattern=INJECTIVE, ref=np.transpose)
def transpose(xp, x, perm):
    _check_perm(x.ndim, perm)
    return xp.transpose(x, perm)


@transpose.grad()
def _(ctx, g):
    inverse = [0] * len(ctx.perm)
    for i, p in enumerate(ctx.perm):
        inverse[p % len(ctx.perm)] = i
    return transpose(g, inverse)


def _concat_meta(xs, axis=0):
    if not xs:
        raise ValueError("(concat) The input list must not be empty.")
    first = xs[0]
    ax = _concat_axis(axis, first.ndim)
    total = 0
    for i, t in enumerate(xs):
        if t.dtype is not first.dtype:
            raise ValueError(f"(concat) The data_type of input tensor in list isn't consistent, "
                            f"the first tensor is {first.dtype.name}, but {i}th tensor is "
                            f"{t.dtype.name}.")
        if t.ndim != first.ndim:
            raise ValueError(f"(concat) All inputs must have the same rank; input 0 has shape "
                             f"{list(first.shape)} but input {i} has shape {list(t.shape)}.")
        for d in range(first.ndim):
            if d != ax and t.shape[d] != first.shape[d] and -1 not in (t.shape[d], first.shape[d]):
                raise ValueError(f"(concat) The {d}-th dimension of input[0] and input[{i}] is "
                                 f"expected to be equal. But received input[0]'s shape = "
                                 f"{list(first.shape)}, input[{i}]'s shape = {list(t.shape)}.")
        total = -1 if total == -1 or t.shape[ax] == -1 else total + t.shape[ax]
    shape = list(first.shape)
    shape[ax] = total
    return TensorMeta(shape, first.dtype)


def _concat_axis(axis: int, ndim: int) -> int:
    if ndim == 0:
        raise ValueError("(concat) 0-D tensors cannot be concatenated: the axis is expected to "
                         f"be in range of [0, 0), but got {axis}. Use paddle.stack instead.")
    return normalize_axis("concat", axis, ndim)


@defop("concat", infer_meta=_concat_meta, pattern=INJECTIVE, list_inputs=("x",),
       ref=np.concatenate)
def concat(xp, x, axis=0):
    if not x:
        raise ValueError("(concat) The input list must not be empty.")
    ax = _concat_axis(axis, x[0].ndim)
    if any(a.dtype != x[0].dtype for a in x):
        _concat_meta([TensorMeta(a.shape, _dt.from_numpy_dtype(a.dtype)) for a in x], axis)
    return xp.concatenate(x, axis=ax)


@concat.grad()
def _(ctx, g):
    ax = normalize_axis("concat", ctx.axis, len(ctx.x[0].shape))
    sections = [t.shape[ax] for t in ctx.x]
    return [list(split(g, sections, ax))]


def _stack_meta(xs, axis=0):
    first = xs[0]
    for i, t in enumerate(xs):
        if tuple(t.shape) != tuple(first.shape):
            raise ValueError(f"(stack) All inputs must have the same shape; input 0 has shape "
                             f"{list(first.shape)} but input {i} has shape {list(t.shape)}.")
        if t.dtype is not first.dtype:
            raise ValueError(f"(stack) All inputs must have the same dtype; input 0 is "
                            f"{first.dtype.name} but input {i} is {t.dtype.name}.")
    ax = normalize_axis("stack", axis, first.ndim + 1)
    shape = list(first.shape)
    shape.insert(ax, len(xs))
    return TensorMeta(shape, first.dtype)


@defop("stack", infer_meta=_stack_meta, pattern=INJECTIVE, list_inputs=("x",), ref=np.stack)
def stack(xp, x, axis=0):
    if not x:
        raise ValueError("(stack) The input list must not be empty.")
    _stack_meta([TensorMeta(a.shape, _dt.from_numpy_dtype(a.dtype)) for a in x], axis)
    return xp.stack(x, axis=normalize_axis("stack", axis, x[0].ndim + 1))


@stack.grad()
def _(ctx, g):
    ax = normalize_axis("stack", ctx.axis, len(ctx.x[0].shape) + 1)
    return [list(unstack(g, ax, len(ctx.x)))]


def _split_meta(x, sections, axis=0):
    ax = normalize_axis("split", axis, x.ndim)
    outs = []
    for s in sections:
        shape = list(x.shape)
        shape[ax] = s
        outs.append(TensorMeta(shape, x.dtype))
    return tuple(outs)


def split_sections(op: str, dim: int, num_or_sections) -> list:
    """Paddle's split rule: an int divides evenly; a list may hold one -1 to infer."""
    if isinstance(num_or_sections, int):
        if num_or_sections <= 0 or dim % num_or_sections:
            raise ValueError(f"({op}) The input's size along the split dimension ({dim}) must be "
                             f"divisible by num_or_sections ({num_or_sections}).")
        return [dim // num_or_sections] * num_or_sections
    sections = [int(s) for s in num_or_sections]
    if sections.count(-1) > 1:
        raise ValueError(f"({op}) Only one value of num_or_sections can be -1, got {sections}.")
    if -1 in sections:
        sections[sections.index(-1)] = dim - (sum(sections) + 1)
    if sum(sections) != dim or any(s < 0 for s in sections):
        raise ValueError(f"({op}) The sum of sections {list(num_or_sections)} must equal the "
                         f"size of the split dimension ({dim}).")
    return sections


@defop("split", infer_meta=_split_meta, pattern=INJECTIVE, ref=np.split, list_output=True)
def split(xp, x, sections, axis=0):
    """Pieces are copies: Paddle's split does not return views of x."""
    ax = normalize_axis("split", axis, x.ndim)
    bounds = np.cumsum(sections)[:-1]
    return tuple(piece.copy() for piece in xp.split(x, bounds, axis=ax))


@split.grad()
def _(ctx, *gs):
    ax = normalize_axis("split", ctx.axis, len(ctx.x.shape))
    return concat(list(gs), ax)


def _unstack_meta(x, axis=0, num=None):
    ax = normalize_axis("unstack", axis, x.ndim)
    shape = [d for i, d in enumerate(x.shape) if i != ax]
    return tuple(TensorMeta(shape, x.dtype) for _ in range(x.shape[ax]))


@defop("unstack", infer_meta=_unstack_meta, pattern=INJECTIVE, list_output=True)
def unstack(xp, x, axis=0, num=None):
    """Slices are copies, as in Paddle (unbind, which returns views, is built on getitem)."""
    ax = normalize_axis("unstack", axis, x.ndim)
    return tuple(piece.copy() for piece in xp.moveaxis(x, ax, 0))


@unstack.grad()
def _(ctx, *gs):
    return stack(list(gs), ctx.axis)


def _cast_meta(x, dtype):
    return TensorMeta(x.shape, _dt.to_dtype(dtype))


@defop("cast", infer_meta=_cast_meta, pattern=INJECTIVE)
def cast(xp, x, dtype):
    target = _dt.to_dtype(dtype).np_dtype
    if x.dtype.kind == "c" and target.kind != "c":
        x = x.real
    return x.astype(target)


@cast.grad()
def _(ctx, g):
    return cast(g, ctx.x.dtype)


def _squeeze_meta(x, axis):
    return TensorMeta(squeezed_shape(x.shape, axis), x.dtype)


def squeezed_shape(shape: tuple, axis) -> tuple:
    """Paddle squeeze: drop the listed size-1 axes (others listed are kept); all if empty."""
    if not axis:
        return tuple(d for d in shape if d != 1)
    axes = {normalize_axis("squeeze", a, len(shape)) for a in axis}
    return tuple(d for i, d in enumerate(shape) if not (i in axes and d == 1))


@defop("squeeze", infer_meta=_squeeze_meta, pattern=INJECTIVE)
def squeeze(xp, x, axis):
    return x.reshape(squeezed_shape(x.shape, axis))


@squeeze.grad()
def _(ctx, g):
    return reshape(g, list(ctx.x.shape))


def unsqueezed_shape(shape: tuple, axis) -> tuple:
    out = list(shape)
    for a in axis:
        a = int(a)
        ndim = len(out) + 1
        if not -ndim <= a < ndim:
            raise ValueError(f"(unsqueeze) The axis {a} is out of range for a result of rank "
                             f"{ndim}; expected in [{-ndim}, {ndim}).")
        out.insert(a % ndim, 1)
    return tuple(out)


def _unsqueeze_meta(x, axis):
    return TensorMeta(unsqueezed_shape(x.shape, axis), x.dtype)


@defop("unsqueeze", infer_meta=_unsqueeze_meta, pattern=INJECTIVE)
def unsqueeze(xp, x, axis):
    return x.reshape(unsqueezed_shape(x.shape, axis))


@unsqueeze.grad()
def _(ctx, g):
    return reshape(g, list(ctx.x.shape))
