"""Tensor indexing (`x[idx]`, `x[idx] = v`) as three closed-under-differentiation ops:

    getitem(x, indices, spec)               x[idx]
    index_accumulate(base, values, ...)     base with values added at idx   (getitem's gradient)
    setitem(x, values, ...)                 x with values written at idx

`spec` is a hashable description of the index: a tuple of ("int", i), ("slice", a, b, c),
("none",), ("ellipsis",) and ("tensor", k) items, where k points into the `indices` tensor list
(integer or boolean index tensors)."""
from __future__ import annotations

import functools

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from .registry import INJECTIVE, defop


def build_index(spec, arrays) -> tuple:
    """The NumPy index for `spec` (ints count as advanced indices when tensors are present)."""
    out = []
    for item in spec:
        kind = item[0]
        if kind == "int":
            out.append(item[1])
        elif kind == "slice":
            out.append(slice(item[1], item[2], item[3]))
        elif kind == "none":
            out.append(None)
        elif kind == "ellipsis":
            out.append(Ellipsis)
        else:
            out.append(arrays[item[1]])
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def basic_index(spec) -> tuple:
    """The NumPy index of a spec without tensor items (cached: specs repeat in loops)."""
    return build_index(spec, ())


def index_parts(spec, arrays) -> tuple:
    """Split an index into Paddle's two steps: (basic, advanced).

    Paddle applies integers, slices, None and Ellipsis first (a view), then the tensor indices
    to the dims that remain, so `x[1, :, [0, 2]]` has shape [4, 2] for a [3, 4, 5] input where
    NumPy would give [2, 4]. `advanced` is None when the index has no tensors."""
    if not arrays:
        return basic_index(spec), None
    basic, advanced = [], []
    for item in spec:
        kind = item[0]
        if kind == "tensor":
            basic.append(slice(None))
            advanced.append(arrays[item[1]])
        elif kind == "int":
            basic.append(item[1])
        elif kind == "slice":
            basic.append(slice(item[1], item[2], item[3]))
            advanced.append(slice(None))
        elif kind == "none":
            basic.append(None)
            advanced.append(slice(None))
        else:
            basic.append(Ellipsis)
            advanced.append(Ellipsis)
    return tuple(basic), tuple(advanced)


def apply_index(x, spec, arrays):
    """x[idx] with Paddle's indexing rules (see index_parts)."""
    basic, advanced = index_parts(spec, arrays)
    view = x[basic]
    return view if advanced is None else view[advanced]


def check_bounds(op: str, shape: tuple, spec) -> None:
    """Paddle raises IndexError for out-of-range integer indices, naming the axis and range."""
    axis = 0
    consumed = sum(1 for it in spec if it[0] in ("int", "slice", "tensor"))
    for item in spec:
        kind = item[0]
        if kind == "ellipsis":
            axis += len(shape) - consumed
            continue
        if kind == "none":
            continue
        if axis >= len(shape):
            raise IndexError(f"({op}) Too many indices ({consumed}) for a tensor of rank "
                             f"{len(shape)} (shape {list(shape)}).")
        if kind == "int":
            size = shape[axis]
            if size != -1 and not -size <= item[1] < size:
                raise IndexError(f"({op}) The starting index {item[1]} of slice is out of bounds "
                                 f"in tensor {axis}-th axis, it should be in the range of "
                                 f"[{-size}, {size}).")
        axis += 1


def _result_shape(shape: tuple, spec, index_metas) -> tuple:
    """Shape of x[idx] without reading data. Sizes that depend on data (boolean masks, unknown
    input dims) are found by evaluating with two different stand-in sizes: dims that change
    are reported as -1."""
    first = _probe_shape(shape, spec, index_metas, 2)
    if -1 not in shape and not any(m.dtype is _dt.bool_ for m in index_metas):
        return first
    second = _probe_shape(shape, spec, index_metas, 3)
    return tuple(a if a == b else -1 for a, b in zip(first, second))


def _probe_shape(shape, spec, index_metas, stand_in: int) -> tuple:
    """x[idx].shape on a zero-stride stand-in array; -1 dims and mask hits take `stand_in`."""
    concrete = tuple(stand_in if d == -1 else d for d in shape)
    dummy = np.lib.stride_tricks.as_strided(np.zeros(1, np.int8), shape=concrete,
                                            strides=(0,) * len(concrete))
    fake_spec, fake = [], []
    for item in spec:
        if item[0] != "tensor":
            fake_spec.append(item)
            continue
        meta = index_metas[item[1]]
        if meta.dtype is _dt.bool_:  # a k-D mask acts like k index vectors of data size
            for _ in range(max(meta.ndim, 1)):
                fake_spec.append(("tensor", len(fake)))
                fake.append(np.zeros(stand_in, np.int64))
        else:
            fake_spec.append(("tensor", len(fake)))
            fake.append(np.zeros([stand_in if d == -1 else d for d in meta.shape], np.int64))
    return apply_index(dummy, tuple(fake_spec), fake).shape


def _getitem_meta(x, indices, spec):
    check_bounds("getitem", x.shape, spec)
    return TensorMeta(_result_shape(x.shape, spec, indices), x.dtype)


@defop("getitem", "x indices", infer_meta=_getitem_meta, pattern=INJECTIVE,
       list_inputs=("indices",))
def getitem(xp, x, indices, spec):
    try:
        return apply_index(x, spec, indices)
    except IndexError:
        check_bounds("getitem", x.shape, spec)
        raise


@getitem.grad(save="indices")
def _(ctx, g):
    from .creation import full
    base = full(list(ctx.x.shape), 0, ctx.x.dtype)
    return index_accumulate(base, g, ctx.indices, ctx.spec), None


def _accumulate_meta(base, values, indices, spec):
    return TensorMeta(base.shape, base.dtype)


@defop("index_accumulate", "base values indices", infer_meta=_accumulate_meta,
       pattern=INJECTIVE, list_inputs=("indices",))
def index_accumulate(xp, base, values, indices, spec):
    out = base.copy()
    basic, advanced = index_parts(spec, indices)
    if advanced is None:
        out[basic] += values
    else:
        np.add.at(out[basic], advanced, values)
    return out


@index_accumulate.grad(save="indices")
def _(ctx, g):
    from ._grad_utils import sum_to_shape
    need_base, need_values, _ = ctx.needs_grad
    gv = sum_to_shape(getitem(g, ctx.indices, ctx.spec), ctx.values.shape) if need_values \
        else None
    return (g if need_base else None), gv, None


def _setitem_meta(x, values, indices, spec):
    check_bounds("setitem", x.shape, spec)
    return TensorMeta(x.shape, x.dtype)


@defop("setitem", "x values indices", infer_meta=_setitem_meta, pattern=INJECTIVE,
       list_inputs=("indices",))
def setitem(xp, x, values, indices, spec):
    out = x.copy()
    basic, advanced = index_parts(spec, indices)
    try:
        if advanced is None:
            out[basic] = values
        else:
            out[basic][advanced] = values
    except IndexError:
        check_bounds("setitem", x.shape, spec)
        raise
    except ValueError as exc:
        target = apply_index(out, spec, indices).shape
        raise ValueError(f"(setitem) The value of shape {list(values.shape)} cannot be "
                         f"broadcast to the indexed region of shape {list(target)}.") from exc
    return out


@setitem.grad(save="indices")
def _(ctx, g):
    from ._grad_utils import sum_to_shape
    from .creation import full
    need_x, need_values, _ = ctx.needs_grad
    gx = None
    if need_x:
        zeros = full([], 0, g.dtype)
        gx = setitem(g, zeros, ctx.indices, ctx.spec)
    gv = sum_to_shape(getitem(g, ctx.indices, ctx.spec), ctx.values.shape) if need_values \
        else None
    return gx, gv, None


# ---- tensor-free indexing: single-input ops, so dispatch takes its fast path ----------------

def _getitem_basic_meta(x, spec):
    return _getitem_meta(x, [], spec)


@defop("getitem_basic", infer_meta=_getitem_basic_meta, pattern=INJECTIVE)
def getitem_basic(xp, x, spec):
    """x[idx] for an index of ints, slices, None and Ellipsis only (a view of x)."""
    try:
        return x[basic_index(spec)]
    except IndexError:
        check_bounds("getitem", x.shape, spec)
        raise


@getitem_basic.grad()
def _(ctx, g):
    from .creation import full
    base = full(list(ctx.x.shape), 0, ctx.x.dtype)
    return index_accumulate(base, g, [], ctx.spec)


def _setitem_basic_meta(x, values, spec):
    return _setitem_meta(x, values, [], spec)


@defop("setitem_basic", "x values", infer_meta=_setitem_basic_meta, pattern=INJECTIVE)
def setitem_basic(xp, x, values, spec):
    """x with values written at an index of ints, slices, None and Ellipsis only."""
    return setitem.kernel(xp, x, values, [], spec)


@setitem_basic.grad()
def _(ctx, g):
    from ._grad_utils import sum_to_shape
    from .creation import full
    need_x, need_values = ctx.needs_grad
    gx = setitem_basic(g, full([], 0, g.dtype), ctx.spec) if need_x else None
    gv = sum_to_shape(getitem_basic(g, ctx.spec), ctx.values.shape) if need_values else None
    return gx, gv


def subscript(x, tensors: list, spec):
    """x[idx] through the cheapest op: getitem_basic when the index holds no tensors."""
    return getitem(x, tensors, spec) if tensors else getitem_basic(x, spec)
