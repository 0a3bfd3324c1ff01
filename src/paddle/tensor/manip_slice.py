"""Slicing and rearranging functions of the `paddle` namespace: slice, strided_slice, crop,
narrow, flip/reverse, roll, rot90, tile, repeat_interleave, unfold. Slices are the getitem op
with slice items, so their gradients and tracing come from it."""
from __future__ import annotations

import numpy as np

from .._core.meta import normalize_axis
from .._core.ops import indexing as I
from .._core.ops import manip_reorder as MR
from .._core.ops import manipulation as M
from .._core.tensor import Tensor, wrap
from ._convert import ensure_tensor, require_tensor
from .manip_common import axis_arg, index_tensor, int_arg, int_list
from .manip_gather import select

FULL = ("slice", None, None, None)


def _slice_spec(x: Tensor, api: str, axes, starts, ends, strides=None) -> tuple:
    """getitem spec applying Python-style start:end:stride bounds on `axes`."""
    if not isinstance(axes, (list, tuple)):
        raise ValueError(f"({api}) axes must be a list or tuple, but received "
                         f"{type(axes).__name__}.")
    axes = [normalize_axis(api, int_arg(a, api, "axes"), x.ndim, "axes") for a in axes]
    bounds = [int_list(v, api, name) for v, name in ((starts, "starts"), (ends, "ends"))]
    steps = [1] * len(axes) if strides is None else int_list(strides, api, "strides")
    for name, values in (("starts", bounds[0]), ("ends", bounds[1]), ("strides", steps)):
        if len(values) != len(axes):
            raise ValueError(f"({api}) The length of axes ({len(axes)}) and the length of "
                             f"{name} ({len(values)}) must be the same.")
    items = [FULL] * x.ndim
    for a, start, end, step in zip(axes, bounds[0], bounds[1], steps):
        if step == 0:
            raise ValueError(f"({api}) The stride on axis {a} must not be 0.")
        items[a] = ("slice", start, end, step)
    return tuple(items)


def slice(input, axes, starts, ends):  # noqa: A001,A002 - Paddle's names
    """input[starts:ends] on each of `axes` (bounds are clamped like Python slices).

    Example:
        >>> import paddle
        >>> x = paddle.arange(12).reshape([3, 4])
        >>> paddle.slice(x, axes=[1], starts=[1], ends=[3])
        Tensor(shape=[3, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [[1 , 2 ],
                [5 , 6 ],
                [9 , 10]])
    """
    x = ensure_tensor(input)
    return I.getitem_basic(x, _slice_spec(x, "slice", axes, starts, ends))


def strided_slice(x, axes, starts, ends, strides, name=None):
    """x[starts:ends:strides] on each of `axes` (negative strides walk backwards).

    Example:
        >>> import paddle
        >>> paddle.strided_slice(paddle.arange(6), [0], [5], [0], [-2])
        Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
               [5, 3, 1])
    """
    x = ensure_tensor(x)
    return I.getitem_basic(x, _slice_spec(x, "strided_slice", axes, starts, ends, strides))


def crop(x, shape=None, offsets=None, name=None):
    """The block of x of size `shape` starting at `offsets` (-1 in shape: to the end).

    Example:
        >>> import paddle
        >>> x = paddle.arange(9).reshape([3, 3])
        >>> paddle.crop(x, shape=[2, 2], offsets=[1, 1])
        Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [[4, 5],
                [7, 8]])
    """
    require_tensor("crop", "x", 0, x)
    sizes = list(x.shape) if shape is None else int_list(shape, "crop", "shape")
    starts = [0] * x.ndim if offsets is None else int_list(offsets, "crop", "offsets")
    if len(sizes) != x.ndim or len(starts) != x.ndim:
        raise ValueError(f"(crop) shape and offsets must have one element per dimension of "
                         f"x ({x.ndim}), but received {len(sizes)} and {len(starts)}.")
    items = []
    for d, (size, start) in enumerate(zip(sizes, starts)):
        size = x.shape[d] - start if size == -1 else size
        if start < 0 or size < 0 or start + size > x.shape[d]:
            raise ValueError(f"(crop) offset {start} plus size {size} must fit in dimension "
                             f"{d} of size {x.shape[d]}.")
        items.append(("slice", start, start + size, None))
    block = I.getitem_basic(x, tuple(items))
    return M.cast(block, block.dtype)  # a copy: Paddle's crop does not return a view


def narrow(input, dim, start, length):  # noqa: A002
    """The `length` entries of `dim` beginning at `start` (negative start counts from the end).

    Example:
        >>> import paddle
        >>> paddle.narrow(paddle.arange(6), 0, 1, 3)
        Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
               [1, 2, 3])
    """
    x = ensure_tensor(input)
    ax = axis_arg(dim, x.ndim, "narrow", "dim")
    begin = int_arg(start, "narrow", "start")
    size = x.shape[ax]
    begin = begin + size if begin < 0 else begin
    # Paddle checks these with `assert`.
    if length < 0:
        raise AssertionError("(narrow) length must be non-negative.")
    if begin < 0 or begin + length > size:
        raise AssertionError(f"(narrow) start ({begin}) + length ({length}) exceeds dimension "
                             f"size ({size}).")
    items = [FULL] * x.ndim
    items[ax] = ("slice", begin, begin + length, None)
    return I.getitem_basic(x, tuple(items))


def flip(x, axis, name=None):
    """Reverse the order of elements along `axis` (an int or a list of ints).

    Example:
        >>> import paddle
        >>> paddle.flip(paddle.to_tensor([[1, 2], [3, 4]]), axis=1)
        Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [[2, 1],
                [4, 3]])
    """
    require_tensor("flip", "x", 0, x)
    axes = int_list(axis, "flip", "axis")
    if any(not -x.ndim <= a < x.ndim for a in axes):
        raise ValueError(f"(flip) Every axis must be in [{-x.ndim}, {x.ndim}), but received "
                         f"{axes} for an input of shape {list(x.shape)}.")
    normalized = sorted({a % x.ndim for a in axes})
    if len(normalized) != len(axes):
        raise ValueError(f"(flip) axis has duplicates: {axes}.")
    return MR.flip(x, normalized)


reverse = flip


def roll(x, shifts, axis=None, name=None):
    """Shift elements cyclically by `shifts` along `axis` (the flattened tensor when None).

    Example:
        >>> import paddle
        >>> paddle.roll(paddle.to_tensor([1, 2, 3, 4]), 1)
        Tensor(shape=[4], dtype=int64, place=Place(cpu), stop_gradient=True,
               [4, 1, 2, 3])
    """
    require_tensor("roll", "x", 0, x)
    shifts = int_list(shifts, "roll", "shifts")
    if axis is None:
        if len(shifts) != 1:
            raise ValueError(f"(roll) Without an axis, shifts must hold one value, but "
                             f"received {shifts}.")
        return MR.roll(x, shifts, None)
    axes = [normalize_axis("roll", a, x.ndim) for a in int_list(axis, "roll", "axis")]
    if len(axes) != len(shifts):
        raise ValueError(f"(roll) axis and shifts must have the same length, but received "
                         f"{len(axes)} and {len(shifts)}.")
    return MR.roll(x, shifts, axes)


def rot90(x, k=1, axes=[0, 1], name=None):  # noqa: B006 - Paddle's default
    """Rotate by 90 degrees k times in the plane of `axes` (from the first axis towards the
    second).

    Example:
        >>> import paddle
        >>> paddle.rot90(paddle.to_tensor([[1, 2], [3, 4]]))
        Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [[2, 4],
                [1, 3]])
    """
    require_tensor("rot90", "x", 0, x)
    axes = list(axes)
    if len(axes) != 2:
        raise ValueError(f"(rot90) expected total rotation axes == 2, but got axes = "
                         f"{len(axes)}")
    if x.ndim < 2:
        raise ValueError(f"(rot90) expected total dims >= 2, but got total dims = {x.ndim}")
    a, b = axes
    if a == b or abs(a - b) == x.ndim:
        raise ValueError(f"(rot90) expected rotation axes to be different, but got axis0 = "
                         f"{a}, and axis1 = {b}")
    if not (-x.ndim <= a < x.ndim and -x.ndim <= b < x.ndim):
        raise ValueError(f"(rot90) Rotation axes {axes} out of range for a {x.ndim}-D input.")
    a, b = a % x.ndim, b % x.ndim
    k %= 4
    if k == 0:
        return MR.flip(x, [])
    if k == 2:
        return MR.flip(x, sorted([a, b]))
    perm = list(range(x.ndim))
    perm[a], perm[b] = perm[b], perm[a]
    if k == 1:
        return M.transpose(MR.flip(x, [b]), perm)
    return MR.flip(M.transpose(x, perm), [b])


def tile(x, repeat_times, name=None):
    """Repeat the whole of x `repeat_times[i]` times along each dimension.

    Example:
        >>> import paddle
        >>> paddle.tile(paddle.to_tensor([1, 2]), [2, 2])
        Tensor(shape=[2, 4], dtype=int64, place=Place(cpu), stop_gradient=True,
               [[1, 2, 1, 2],
                [1, 2, 1, 2]])
    """
    require_tensor("tile", "x", 0, x)
    reps = int_list(repeat_times, "tile", "repeat_times")
    if any(not isinstance(r, Tensor) and r < 0 for r in reps):
        raise ValueError(f"(tile) All elements of repeat_times must be non-negative, but "
                         f"received {reps}.")
    ndim = max(len(reps), x.ndim)
    reps = [1] * (ndim - len(reps)) + reps
    shape = [1] * (ndim - x.ndim) + list(x.shape)
    interleaved = [v for d in shape for v in (1, d)]
    expanded = [v for r, d in zip(reps, shape) for v in (r, d)]
    tiled = M.expand(M.reshape(x, interleaved), expanded)
    return M.reshape(tiled, [r * d for r, d in zip(reps, shape)])


def repeat(input, repeats):  # noqa: A002 - Tensor.repeat is torch-style tile
    """Tensor.repeat: tile the tensor `repeats` times per dimension."""
    return tile(input, repeats)


def repeat_interleave(x, repeats, axis=None, name=None, *, output_size=None):
    """Repeat each element (or each slice along `axis`) `repeats` times; repeats may be a
    Tensor with one count per slice. Without an axis, x is flattened first.

    Example:
        >>> import paddle
        >>> paddle.repeat_interleave(paddle.to_tensor([1, 2, 3]), paddle.to_tensor([2, 0, 1]))
        Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
               [1, 1, 3])
    """
    require_tensor("repeat_interleave", "x", 0, x)
    if axis is None:
        x = M.reshape(x, [-1])
        axis = 0
    ax = axis_arg(axis, x.ndim, "repeat_interleave")
    size = x.shape[ax]
    counts = _repeat_counts(repeats, size)
    positions = np.repeat(np.arange(size, dtype=np.int64), counts)
    if output_size is not None and int(output_size) != positions.size:
        raise ValueError(f"(repeat_interleave) output_size ({output_size}) does not match the "
                         f"repeated length ({positions.size}).")
    return select(x, wrap(positions), ax)


def _repeat_counts(repeats, size: int) -> np.ndarray:
    if isinstance(repeats, Tensor):
        counts = index_tensor(repeats, "repeat_interleave", "repeats")._data.reshape(-1)
        if counts.size != size:
            raise ValueError(f"(repeat_interleave) repeats must hold one count per slice "
                             f"({size}), but received {counts.size}.")
    elif isinstance(repeats, (int, np.integer)) and not isinstance(repeats, bool):
        counts = np.full(size, int(repeats), np.int64)
    else:
        raise TypeError(f"(repeat_interleave) repeats must be an int or a Tensor, but "
                        f"received {type(repeats).__name__}.")
    if (counts < 0).any():
        raise ValueError(f"(repeat_interleave) repeats must be non-negative, but received "
                         f"{counts.min()}.")
    return counts


def unfold(x, axis, size, step, name=None):
    """Tensor.unfold: windows of `size` elements along `axis`, `step` apart, as a new last
    dimension.

    Example:
        >>> import paddle
        >>> paddle.arange(5.).unfold(0, 2, 2)
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[0., 1.],
                [2., 3.]])
    """
    x = ensure_tensor(x)
    ax = axis_arg(axis, x.ndim, "unfold")
    length = x.shape[ax] if x.ndim else 1
    if step <= 0:
        raise ValueError(f"(unfold) step must be greater than 0, but received {step}.")
    if not 0 <= size <= length:
        raise ValueError(f"(unfold) size ({size}) must be in [0, {length}] (the size of axis "
                         f"{ax}).")
    if x.ndim == 0:
        return M.reshape(x, [1])
    starts = np.arange(0, length - size + 1, step, dtype=np.int64)
    windows = starts[:, None] + np.arange(size, dtype=np.int64)[None, :]
    picked = select(x, wrap(windows), ax)
    return M.transpose(picked, [d for d in range(picked.ndim) if d != ax + 1] + [ax + 1])
