"""Pooling ops, channel-first, for 2 and 3 spatial dims (1-D pooling runs as 2-D, as in Paddle):

    pool2d(x, kernel_size, strides, paddings, ceil_mode, exclusive, pooling_type, adaptive)
    max_pool2d_with_index(x, kernel_size, strides, paddings, ceil_mode, adaptive) -> out, mask
    unpool(x, indices, output_size)                                 max_unpool
    spatial_gather(x, index) / spatial_scatter_add(values, index, sizes)

With `adaptive`, kernel_size is the output size (Paddle's convention). Masks and indices are
flat positions inside each (sample, channel) plane of the input, -1 for none.
spatial_gather and spatial_scatter_add are each other's adjoint; the pooling gradients are
written with them, so every order of derivative stays within this family."""
from __future__ import annotations

import functools
import math

import numpy as np

from .. import dtype as _dt
from ..compiler import kernel as compiled_kernel
from ..meta import TensorMeta, meta_of
from ..tensor import wrap
from . import _kernel_utils as K
from . import _pool_max_runs as R
from . import _pool_windows as W
from .registry import OPAQUE, defop

# ---- geometry shared by shape inference, kernels and gradients -------------------------------


def pool_out_sizes(op: str, sizes, kernel, strides, paddings, ceil_mode, adaptive) -> tuple:
    if adaptive:
        return tuple(int(k) for k in kernel)
    out = tuple(W.pool_out_size(d, k, s, b, a, ceil_mode) for d, k, s, (b, a) in
                zip(sizes, kernel, strides, paddings))
    for i, (d, o) in enumerate(zip(sizes, out)):
        if d != -1 and o < 0:
            raise ValueError(f"({op}) The output size of spatial dim {i} must not be negative, but "
                             f"it is {o}: input size {d}, kernel {kernel[i]}, stride "
                             f"{strides[i]}, paddings {list(paddings[i])}.")
    return out


def window_tables(sizes, kernel, strides, paddings, out_sizes, adaptive) -> list:
    """Per spatial dim, the (out, taps) input positions of the windows (start + tap)."""
    if adaptive:
        return W.adaptive_positions(sizes, out_sizes)
    return W.regular_positions(kernel, strides, paddings, out_sizes)


def window_positions(sizes, kernel, strides, paddings, out_sizes, adaptive) -> np.ndarray:
    """Flat input index of every (out..., taps...) window entry, -1 outside the input."""
    tables = window_tables(sizes, kernel, strides, paddings, out_sizes, adaptive)
    return W.flat_positions(tables, sizes)


def regular_form(sizes, kernel, strides, paddings, adaptive):
    """Adaptive windows over sizes their output divides are regular ones (kernel = stride =
    size / out, no padding): the same windows, which the regular kernels run faster."""
    if adaptive and all(d > 0 and o > 0 and d % o == 0 for d, o in zip(sizes, kernel)):
        tile = tuple(d // o for d, o in zip(sizes, kernel))
        return tile, tile, ((0, 0),) * len(tile), False
    return kernel, strides, paddings, adaptive


def avg_divisor(sizes, kernel, strides, paddings, out_sizes, exclusive, adaptive) -> np.ndarray:
    """What each window's sum is divided by, as Paddle's kernels count: the valid positions
    (exclusive/adaptive), or the window clipped to [-pad_before, size + pad_before)."""
    counts = []
    for d, k, s, (b, _), o in zip(sizes, kernel, strides, paddings, out_sizes):
        if adaptive:
            start, end = W.adaptive_bounds(d, o)
            counts.append(end - start)
            continue
        start = np.arange(o) * s - b
        if exclusive:
            counts.append(np.minimum(start + k, d) - np.maximum(start, 0))
        else:
            counts.append(np.minimum(start + k, d + b) - start)
    div = np.ones((), np.float64)
    for count in counts:
        div = np.multiply.outer(div, count)
    return div


def _check_float(op: str, x) -> None:
    if x.dtype.kind != "f" and x.dtype not in K.LOW_PRECISION:
        raise TypeError(f"({op}) The input must be a floating-point tensor, but received "
                        f"{x.dtype.name}.")


def _check_rank(op: str, x, nd: int) -> None:
    if x.ndim != nd + 2:
        raise ValueError(f"({op}) The input x must be a {nd + 2}-D tensor, but received shape "
                         f"{list(x.shape)}.")



def _widened(x):
    return x.astype(np.float32) if x.dtype in K.LOW_PRECISION else x


# ---- gather / scatter-add over flat plane positions -----------------------------------------

def _plane_rows(shape, index):
    """Rows (N*C, positions) of an index broadcast to the (N, C, *rest) shape."""
    full = np.broadcast_to(index, shape)
    return full.reshape(shape[0] * shape[1], math.prod(shape[2:]))


def _gather_meta(x, index):
    return TensorMeta(tuple(x.shape[:2]) + tuple(index.shape[2:]), x.dtype)


@defop("spatial_gather", "x index", infer_meta=_gather_meta, pattern=OPAQUE)
def spatial_gather(xp, x, index):
    """x[n, c].flat[index[n, c, ...]] (0 where the index is -1); index is (N|1, C|1, *rest)."""
    shape = tuple(x.shape[:2]) + tuple(index.shape[2:])
    rows = _plane_rows(shape, index)
    plane = x.reshape(x.shape[0] * x.shape[1], math.prod(x.shape[2:]))
    if plane.shape[1] == 0 or rows.size == 0:
        return np.zeros(shape, x.dtype)
    picked = np.take_along_axis(plane, np.maximum(rows, 0), axis=1)
    return np.where(rows >= 0, picked, 0).astype(x.dtype).reshape(shape)


@spatial_gather.grad(save="index")
def _(ctx, g):
    return spatial_scatter_add(g, ctx.index, tuple(ctx.x.shape[2:])), None


def _scatter_meta(values, index, sizes):
    return TensorMeta(tuple(values.shape[:2]) + tuple(sizes), values.dtype)


@defop("spatial_scatter_add", "values index", infer_meta=_scatter_meta, pattern=OPAQUE)
def spatial_scatter_add(xp, values, index, sizes):
    """Sum every value into out[n, c].flat[index] (dropping index -1); out is (N, C, *sizes)."""
    n, c = values.shape[:2]
    plane = math.prod(sizes)
    rows = _plane_rows(values.shape, index)
    data = _widened(values).reshape(rows.shape)
    out = np.zeros(n * c * plane, data.dtype)
    target = rows + (np.arange(n * c, dtype=np.intp) * plane)[:, None]
    if rows.size and rows.min() >= 0:
        # every index is valid (the usual case): no masked copies of indices and values
        np.add.at(out, target.reshape(-1), data.reshape(-1))
    else:
        valid = rows >= 0
        np.add.at(out, target[valid], data[valid])
    return out.reshape((n, c) + tuple(sizes)).astype(values.dtype, copy=False)


@spatial_scatter_add.grad(save="index")
def _(ctx, g):
    return spatial_gather(g, ctx.index), None


# ---- pool2d / pool3d ----------------------------------------------------------------------


def _define_pool(nd: int):
    name = f"pool{nd}d"

    def meta(x, kernel_size, strides, paddings, ceil_mode=False, exclusive=True,
             pooling_type="avg", adaptive=False):
        _check_rank(name, x, nd)
        if pooling_type not in ("avg", "max"):
            raise ValueError(f"({name}) pooling_type must be 'avg' or 'max', but received "
                             f"'{pooling_type}'.")
        out = pool_out_sizes(name, x.shape[2:], kernel_size, strides, paddings, ceil_mode,
                             adaptive)
        return TensorMeta(tuple(x.shape[:2]) + out, x.dtype)

    @defop(name, infer_meta=meta, pattern=OPAQUE)
    def pool(xp, x, kernel_size, strides, paddings, ceil_mode=False, exclusive=True,
             pooling_type="avg", adaptive=False):
        meta(meta_of(x), kernel_size, strides, paddings, ceil_mode, exclusive, pooling_type,
             adaptive)
        _check_float(name, x)
        sizes = x.shape[2:]
        out = pool_out_sizes(name, sizes, kernel_size, strides, paddings, ceil_mode, adaptive)
        kernel_size, strides, paddings, adaptive = regular_form(sizes, kernel_size, strides,
                                                                paddings, adaptive)
        fill = -np.inf if pooling_type == "max" else 0
        data = _widened(x)
        if pooling_type == "avg" and all(o == 1 for o in out) and _tiles_without_padding(
                sizes, kernel_size, strides, paddings, out):
            # global pooling: one contiguous reduction (tiles of a few taps sum faster as
            # strided views, below)
            if tuple(kernel_size) == tuple(sizes):
                return global_average(data).astype(x.dtype, copy=False)
            return (W.sum_tiles(data, kernel_size, out) / math.prod(kernel_size)).astype(x.dtype)
        compiled = _compiled_forward(data, kernel_size, strides, paddings, out, exclusive,
                                     pooling_type, adaptive)
        if compiled is not None:
            return compiled.astype(x.dtype, copy=False)
        tables = window_tables(sizes, kernel_size, strides, paddings, out, adaptive)
        if pooling_type == "max":
            if not adaptive and 0 not in out and x.size:
                return R.max_pool(data, kernel_size, strides, paddings, out).astype(x.dtype)
            best = _argmax(data, tables, kernel_size, strides, paddings, out, adaptive)[0]
            return best.astype(x.dtype)
        div = avg_divisor(sizes, kernel_size, strides, paddings, out, exclusive, adaptive)
        if adaptive:
            total = W.sum_windows(W.gather_windows(data, tables, fill))
        elif nd == 2 and _tiles_without_padding(sizes, kernel_size, strides, paddings, out):
            total = W.sum_tiles_rows_first(data, kernel_size, out)
        else:
            total = W.sum_windows(W.regular_windows(data, kernel_size, strides, paddings, out,
                                                    fill))
        with np.errstate(divide="ignore", invalid="ignore"):
            return (total / div).astype(x.dtype)

    @pool.grad(save="x out")
    def _(ctx, g):
        from .binary import divide
        from .manipulation import expand, reshape
        from .nn_pool_max import max_pool_grad
        sizes = tuple(ctx.x.shape[2:])
        out = tuple(g.shape[2:])
        kernel, strides, paddings, adaptive = regular_form(sizes, ctx.kernel_size, ctx.strides,
                                                           ctx.paddings, ctx.adaptive)
        if ctx.pooling_type == "max" and not adaptive:
            return max_pool_grad(ctx.x, ctx.out, g, kernel, strides, paddings)
        if ctx.pooling_type == "max":
            mask = MAX_WITH_INDEX[nd](ctx.x, kernel, strides, paddings, ctx.ceil_mode, True)[1]
            return spatial_scatter_add(g, mask, sizes)
        div = avg_divisor(sizes, kernel, strides, paddings, out, ctx.exclusive, adaptive)
        share = divide(g, wrap(div.astype(g._data.dtype)))
        if not adaptive:
            return _spread_regular(share, sizes, kernel, strides, paddings)
        positions = window_positions(sizes, kernel, strides, paddings, out, True)
        taps = positions.shape[nd:]
        share = expand(reshape(share, list(g.shape) + [1] * nd), list(g.shape) + list(taps))
        return spatial_scatter_add(share, wrap(positions[None, None]), sizes)

    return pool


def global_average(x: np.ndarray) -> np.ndarray:
    """The mean of every (sample, channel) plane, (N, C, 1, ...): pool2d's global average
    pooling (compiled where numba is installed: its sum on vector lanes)."""
    compiled = compiled_kernel("plane_means") if x.size else None
    if compiled is not None:
        return compiled(x)
    sizes = x.shape[2:]
    total = W.sum_tiles(x, sizes, (1,) * len(sizes))
    return (total / math.prod(sizes)).astype(x.dtype, copy=False)


def _compiled_forward(x, kernel, strides, paddings, out, exclusive, pooling_type, adaptive):
    """pool2d's compiled kernels (compiler/pool.py: the NumPy kernels' numbers), or None where
    they do not apply (other ranks, adaptive windows, empty arrays, no numba)."""
    run = compiled_kernel("pool_windows")
    if run is None or x.ndim != 4 or adaptive or x.size == 0 or 0 in out:
        return None
    divisor = None if pooling_type == "max" else _divisor(
        tuple(x.shape[2:]), tuple(kernel), tuple(strides), tuple(map(tuple, paddings)),
        tuple(out), bool(exclusive))
    tiles = _tiles_without_padding(x.shape[2:], kernel, strides, paddings, out)
    return run(x, kernel, strides, paddings, out, pooling_type, divisor, tiles)


@functools.lru_cache(maxsize=256)
def _divisor(sizes, kernel, strides, paddings, out, exclusive):
    """avg_divisor of regular windows, once per geometry (programs repeat them)."""
    return avg_divisor(sizes, kernel, strides, paddings, out, exclusive, False)


def _argmax(x, tables, kernel, strides, paddings, out, adaptive):
    """(max, int32 flat index) of every window; regular windows scan unit-stride tap views."""
    sizes = x.shape[2:]
    if adaptive:
        win = W.gather_windows(x, tables, -np.inf)
        return W.argmax_windows(win, tables, sizes)
    if 0 in out or x.size == 0:
        win = W.regular_windows(x, kernel, strides, paddings, out, -np.inf)
        return W.argmax_windows(win, tables, sizes)
    return R.max_pool_with_index(x, kernel, strides, paddings, out)


def _spread_regular(share, sizes, kernel, strides, paddings):
    """Add each window's share to every position of its window: a fold of the share repeated
    over the taps (fold's gradient, unfold, makes this differentiable again). The trailing
    padding is extended to the last window, which ceil_mode may push past it."""
    from .manipulation import expand, reshape
    from .nn_fold import fold
    n, c = share.shape[:2]
    out = tuple(share.shape[2:])
    if _tiles_without_padding(sizes, kernel, strides, paddings, out):
        return _spread_tiles(share, sizes, kernel)
    taps = math.prod(kernel)
    pads = tuple((b, max((o - 1) * s + k - d - b, 0)) for (b, _), o, s, k, d in
                 zip(paddings, out, strides, kernel, sizes))
    cols = expand(reshape(share, [n, c, 1, math.prod(out)]), [n, c, taps, math.prod(out)])
    cols = reshape(cols, [n, c * taps, math.prod(out)])
    return fold(cols, tuple(sizes), tuple(kernel), tuple(strides), pads, (1,) * len(sizes))


def _tiles_without_padding(sizes, kernel, strides, paddings, out) -> bool:
    """Windows that tile the input from its origin: no padding, stride == kernel, and every
    window inside the input (what remains past the last window gets no gradient)."""
    return (tuple(kernel) == tuple(strides) and not any(b or a for b, a in paddings)
            and all(o * k <= d for o, k, d in zip(out, kernel, sizes)))


def _spread_tiles(share, sizes, kernel):
    """_spread_regular for tiling windows: each position receives exactly one share, so
    repeating it over its tile (expand, then zero-padding the uncovered remainder) gives the
    fold's numbers without the fold's scatter."""
    from .manipulation import expand, reshape
    from .pad import pad
    n, c = share.shape[:2]
    out = tuple(share.shape[2:])
    split = [n, c] + [v for o in out for v in (o, 1)]
    tiled = [n, c] + [v for o, k in zip(out, kernel) for v in (o, k)]
    spread = reshape(expand(reshape(share, split), tiled),
                     [n, c] + [o * k for o, k in zip(out, kernel)])
    rest = [(0, d - o * k) for o, k, d in zip(out, kernel, sizes)]
    if any(after for _, after in rest):
        spread = pad(spread, [(0, 0)] * 2 + rest, "constant", 0.0)
    return spread


# ---- max pooling with indices, and its inverse --------------------------------------------


def _define_max_with_index(nd: int):
    name = f"max_pool{nd}d_with_index"

    def meta(x, kernel_size, strides, paddings, ceil_mode=False, adaptive=False):
        _check_rank(name, x, nd)
        out = pool_out_sizes(name, x.shape[2:], kernel_size, strides, paddings, ceil_mode,
                             adaptive)
        shape = tuple(x.shape[:2]) + out
        return TensorMeta(shape, x.dtype), TensorMeta(shape, _dt.int32)

    @defop(name, outputs="out mask", infer_meta=meta, pattern=OPAQUE)
    def max_with_index(xp, x, kernel_size, strides, paddings, ceil_mode=False, adaptive=False):
        meta(meta_of(x), kernel_size, strides, paddings, ceil_mode, adaptive)
        _check_float(name, x)
        sizes = x.shape[2:]
        out = pool_out_sizes(name, sizes, kernel_size, strides, paddings, ceil_mode, adaptive)
        kernel_size, strides, paddings, adaptive = regular_form(sizes, kernel_size, strides,
                                                                paddings, adaptive)
        tables = window_tables(sizes, kernel_size, strides, paddings, out, adaptive)
        return _argmax(x, tables, kernel_size, strides, paddings, out, adaptive)

    @max_with_index.grad(save="mask")
    def _(ctx, g, g_mask=None):
        return spatial_scatter_add(g, ctx.mask, tuple(ctx.x.shape[2:]))

    return max_with_index


def _define_unpool(nd: int, name: str):
    def meta(x, indices, output_size):
        _check_rank(name, x, nd)
        if tuple(indices.shape) != tuple(x.shape):
            raise ValueError(f"({name}) The shape of indices {list(indices.shape)} must equal "
                             f"the shape of x {list(x.shape)}.")
        if indices.dtype not in (_dt.int32, _dt.int64):
            raise TypeError(f"({name}) The indices must be int32 or int64, but received "
                            f"{indices.dtype.name}.")
        return TensorMeta(tuple(x.shape[:2]) + tuple(output_size), x.dtype)

    @defop(name, "x indices", infer_meta=meta, pattern=OPAQUE)
    def unpool(xp, x, indices, output_size):
        meta(meta_of(x), meta_of(indices), output_size)
        n, c = x.shape[:2]
        plane = math.prod(output_size)
        rows = indices.reshape(n * c, -1) if indices.size else np.zeros((n * c, 0), np.int64)
        if rows.size and (rows.min() < 0 or rows.max() >= plane):
            raise ValueError(f"({name}) Every index must be in [0, {plane}) (the output plane "
                             f"{list(output_size)}), but received values in [{rows.min()}, "
                             f"{rows.max()}].")
        out = np.zeros((n * c, plane), x.dtype)
        np.put_along_axis(out, rows.astype(np.int64), x.reshape(rows.shape), axis=1)
        return out.reshape((n, c) + tuple(output_size))

    @unpool.grad(save="indices")
    def _(ctx, g):
        return spatial_gather(g, ctx.indices), None

    return unpool


pool2d = _define_pool(2)
pool3d = _define_pool(3)
max_pool2d_with_index = _define_max_with_index(2)
max_pool3d_with_index = _define_max_with_index(3)
MAX_WITH_INDEX = {2: max_pool2d_with_index, 3: max_pool3d_with_index}
unpool = _define_unpool(2, "unpool")
unpool3d = _define_unpool(3, "unpool3d")


def _define_fractional(nd: int):
    name = f"fractional_max_pool{nd}d"

    def meta(x, output_size, kernel_size, random_u):
        _check_rank(name, x, nd)
        for d, o, k in zip(x.shape[2:], output_size, kernel_size):
            if d != -1 and (o <= 0 or o > d or k < 0 or k > d):
                raise ValueError(f"({name}) output_size {list(output_size)} and kernel_size "
                                 f"{list(kernel_size)} must fit the input {list(x.shape)}.")
        shape = tuple(x.shape[:2]) + tuple(output_size)
        return TensorMeta(shape, x.dtype), TensorMeta(shape, _dt.int32)

    @defop(name, outputs="out mask", infer_meta=meta, pattern=OPAQUE)
    def fractional(xp, x, output_size, kernel_size, random_u):
        meta(meta_of(x), output_size, kernel_size, random_u)
        _check_float(name, x)
        tables = W.fractional_positions(x.shape[2:], output_size, kernel_size, random_u)
        win = W.gather_windows(x, tables, -np.inf)
        return W.argmax_windows(win, tables, x.shape[2:])

    @fractional.grad(save="mask")
    def _(ctx, g, g_mask=None):
        return spatial_scatter_add(g, ctx.mask, tuple(ctx.x.shape[2:]))

    return fractional


fractional_max_pool2d = _define_fractional(2)
fractional_max_pool3d = _define_fractional(3)
