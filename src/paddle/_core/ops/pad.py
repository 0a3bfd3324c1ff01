"""The tensor-level pad op that `paddle.nn.functional.pad` is built on.

    pad(x, pairs, mode, value)

`pairs` holds one (before, after) pair per axis of x, in axis order; `mode` is one of
"constant", "reflect", "replicate", "circular". In constant mode a negative amount crops. The
Paddle-facing argument rules (pad list order, data_format) live in paddle.tensor.manip_pad."""
from __future__ import annotations

import numpy as np

from ..meta import TensorMeta
from ..tensor import wrap
from .registry import INJECTIVE, defop

PAD_MODES = ("constant", "reflect", "replicate", "circular")
_NUMPY_MODE = {"reflect": "reflect", "replicate": "edge", "circular": "wrap"}


def check_pairs(shape: tuple, pairs, mode: str) -> None:
    """Raise Paddle's errors for a mode/pairs combination that cannot be applied to `shape`."""
    if mode not in PAD_MODES:
        raise ValueError(f"(pad) The mode must be one of {list(PAD_MODES)}, but received "
                         f"'{mode}'.")
    if len(pairs) != len(shape):
        raise ValueError(f"(pad) Expected one (before, after) pair per axis ({len(shape)}), "
                         f"but received {len(pairs)} pairs.")
    for axis, (size, (before, after)) in enumerate(zip(shape, pairs)):
        if mode != "constant" and (before < 0 or after < 0):
            raise ValueError(f"(pad) Negative padding ({before}, {after}) on axis {axis} is "
                             f"only allowed in constant mode, not '{mode}'.")
        if mode == "reflect" and size != -1 and max(before, after) >= max(size, 1):
            raise ValueError(f"(pad) In reflect mode the padding on axis {axis} must be less "
                             f"than its size {size}, but received ({before}, {after}).")
        if mode in ("replicate", "circular") and size == 0 and before + after > 0:
            raise ValueError(f"(pad) Cannot pad the empty axis {axis} in {mode} mode.")
        if mode == "constant" and size != -1 and size + before + after < 0:
            raise ValueError(f"(pad) Padding ({before}, {after}) crops more than the size "
                             f"{size} of axis {axis}.")


def _pad_meta(x, pairs, mode="constant", value=0.0):
    check_pairs(x.shape, pairs, mode)
    shape = [d if d == -1 else d + b + a for d, (b, a) in zip(x.shape, pairs)]
    return TensorMeta(shape, x.dtype)


def _pad_ref(x, pairs, mode="constant", value=0.0):
    if mode == "constant":
        return np.pad(x, pairs, constant_values=value)
    return np.pad(x, pairs, mode=_NUMPY_MODE[mode])


@defop("pad", infer_meta=_pad_meta, pattern=INJECTIVE, ref=_pad_ref)
def pad(xp, x, pairs, mode="constant", value=0.0):
    check_pairs(x.shape, pairs, mode)
    if x.ndim == 0:
        return x.copy()
    if mode != "constant":
        return xp.pad(x, [tuple(p) for p in pairs], mode=_NUMPY_MODE[mode])
    crop = tuple(slice(max(-b, 0), x.shape[i] - max(-a, 0)) for i, (b, a) in enumerate(pairs))
    grow = [(max(b, 0), max(a, 0)) for b, a in pairs]
    return xp.pad(x[crop], grow, constant_values=np.asarray(value).astype(x.dtype))


@pad.grad()
def _(ctx, g):
    pairs = [tuple(p) for p in ctx.pairs]
    if ctx.mode == "constant":
        return pad(g, [(-b, -a) for b, a in pairs], "constant", 0.0)
    return _fold_back(g, ctx.x.shape, pairs, _NUMPY_MODE[ctx.mode])


def _fold_back(g, shape, pairs, np_mode):
    """Sum the gradient of every padded position into the input position it was copied from,
    one axis at a time."""
    from .creation import full
    from .indexing import index_accumulate
    for axis in reversed(range(len(shape))):
        before, after = pairs[axis]
        if before == 0 and after == 0:
            continue
        source = np.pad(np.arange(shape[axis]), (before, after), mode=np_mode)
        target_shape = list(g.shape)
        target_shape[axis] = shape[axis]
        spec = (("slice", None, None, None),) * axis + (("tensor", 0),)
        base = full(target_shape, 0, g.dtype)
        g = index_accumulate(base, g, [wrap(source)], spec)
    return g
