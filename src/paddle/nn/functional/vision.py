"""Spatial transformers of `paddle.nn.functional`: affine_grid and grid_sample (2-D and 3-D).

Both are compositions of differentiable ops: the sampling positions, interpolation weights and
padding rules are computed from the grid with elementwise ops, and the input is read through
one spatial_gather over all corners, so gradients flow to the input and to the grid."""
from __future__ import annotations

import math

import numpy as np

from ..._core.ops import nn_pool
from ..._core.tensor import Tensor, wrap
from ._args import input_alias

__all__ = ["affine_grid", "grid_sample"]


def _base_grid(sizes, align_corners: bool, dtype) -> np.ndarray:
    """(prod(sizes), nd + 1) rows of normalised coordinates (x first) and a trailing 1."""
    axes = []
    for size in sizes:
        line = np.linspace(-1.0, 1.0, size) if size > 1 else np.full(1, -1.0 if align_corners
                                                                      else 0.0)
        if not align_corners and size > 1:
            line = line * (size - 1) / size
        axes.append(line)
    mesh = np.meshgrid(*axes, indexing="ij")
    columns = [m.reshape(-1) for m in reversed(mesh)] + [np.ones(math.prod(sizes))]
    return np.stack(columns, axis=1).astype(dtype)


def affine_grid(theta, out_shape, align_corners=True, name=None):
    """Sampling grid of an affine map: theta [N, 2, 3] with out_shape [N, C, H, W] gives
    [N, H, W, 2]; theta [N, 3, 4] with [N, C, D, H, W] gives [N, D, H, W, 3] (x first).

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> theta = paddle.to_tensor([[[1., 0., 0.], [0., 1., 0.]]])
        >>> F.affine_grid(theta, [1, 1, 2, 3]).shape
        paddle.Size([1, 2, 3, 2])
    """
    from ...tensor.linalg import matmul
    from ...tensor.manipulation import reshape, transpose
    if not isinstance(theta, Tensor):
        raise TypeError("(affine_grid) The theta should be a Tensor.")
    shape = [int(v) for v in (out_shape.numpy().reshape(-1) if isinstance(out_shape, Tensor)
                              else out_shape)]
    if not shape:
        raise ValueError("(affine_grid) The out_shape cannot be empty.")
    nd = len(shape) - 2
    if nd not in (2, 3) or theta.ndim != 3 or list(theta.shape[1:]) != [nd, nd + 1]:
        raise ValueError(f"(affine_grid) theta must be [N, 2, 3] with a 4-D out_shape or "
                         f"[N, 3, 4] with a 5-D one, but received theta {list(theta.shape)} and "
                         f"out_shape {shape}.")
    if theta.shape[0] != shape[0]:
        raise ValueError(f"(affine_grid) The batch of theta ({theta.shape[0]}) must equal "
                         f"out_shape[0] ({shape[0]}).")
    base = wrap(_base_grid(shape[2:], align_corners, theta._data.dtype))
    grid = matmul(base, transpose(theta, [0, 2, 1]))  # (N, prod(sizes), nd)
    return reshape(grid, [shape[0]] + shape[2:] + [nd])


# ---- grid_sample --------------------------------------------------------------------------

def _reflect(coord, low2: float, high2: float):
    """Reflect coordinates into [low2 / 2, high2 / 2] (Paddle's reflect_coordinates)."""
    import paddle
    if low2 == high2:
        return paddle.zeros_like(coord)
    low, span = low2 / 2, (high2 - low2) / 2
    coord = paddle.abs(coord - low)
    flips = paddle.floor(coord / span)
    extra = coord - flips * span
    even = paddle.remainder(flips, paddle.full_like(flips, 2.0)) == 0
    return paddle.where(even, extra + low, span - extra + low)


def _source(coord, size: int, padding_mode: str, align_corners: bool):
    """Pixel coordinate of a normalised one, with the border/reflection rules applied."""
    import paddle
    if align_corners:
        coord = (coord + 1) * ((size - 1) / 2)
    else:
        coord = ((coord + 1) * size - 1) / 2
    if padding_mode == "border":
        coord = paddle.clip(coord, 0, size - 1)
    elif padding_mode == "reflection":
        low2, high2 = (0, 2 * (size - 1)) if align_corners else (-1, 2 * size - 1)
        coord = paddle.clip(_reflect(coord, low2, high2), 0, size - 1)
    return coord


def _corners(coords, sizes, mode):
    """Per corner: (flat index with -1 outside, weight), combined over the spatial dims."""
    import paddle
    per_dim = []
    for coord, size in zip(coords, sizes):
        if mode == "nearest":
            # weight 1 that still depends on the grid: Paddle reports a zero grid gradient
            per_dim.append([(paddle.round(coord), coord * 0 + 1)])
            continue
        low = paddle.floor(coord)
        frac = coord - low
        per_dim.append([(low, 1 - frac), (low + 1, frac)])
    corners = []
    for combo in np.ndindex(*[len(d) for d in per_dim]):
        index, weight, inside = None, None, None
        for d, choice in enumerate(combo):
            position, w = per_dim[d][choice]
            position = paddle.cast(position, "int64")
            ok = (position >= 0) & (position < sizes[d])
            inside = ok if inside is None else inside & ok
            index = position if index is None else index * sizes[d] + position
            weight = w if weight is None else weight * w
        corners.append((paddle.where(inside, index, paddle.full_like(index, -1)), weight))
    return corners


@input_alias
def grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=True, name=None):
    """Sample x [N, C, H, W] (or [N, C, D, H, W]) at the normalised positions of grid
    [N, Ho, Wo, 2] (or [N, Do, Ho, Wo, 3]; x first, -1..1) with mode 'bilinear' or 'nearest'
    and padding_mode 'zeros', 'border' or 'reflection'.

    Example:
        >>> import paddle
        >>> import paddle.nn.functional as F
        >>> x = paddle.arange(4, dtype="float32").reshape([1, 1, 2, 2])
        >>> F.grid_sample(x, paddle.zeros([1, 1, 1, 2]))
        Tensor(shape=[1, 1, 1, 1], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[[[1.50000000]]]])
    """
    import paddle
    _check_sample_args(x, grid, mode, padding_mode)
    nd = x.ndim - 2
    sizes = list(x.shape[2:])
    coords = [_source(grid[..., nd - 1 - d], sizes[d], padding_mode, align_corners)
              for d in range(nd)]
    corners = _corners(coords, sizes, mode)
    index = paddle.unsqueeze(paddle.stack([c[0] for c in corners], axis=-1), 1)
    gathered = nn_pool.spatial_gather(x, index)  # (N, C, *out, corners)
    weight = paddle.unsqueeze(paddle.stack([c[1] for c in corners], axis=-1), 1)
    return paddle.sum(gathered * weight, axis=-1)


def _check_sample_args(x, grid, mode, padding_mode):
    for arg, t in (("x", x), ("grid", grid)):
        if not isinstance(t, Tensor):
            raise TypeError(f"(grid_sample) The {arg} should be a Tensor, but received "
                            f"{type(t).__name__}.")
    if mode not in ("bilinear", "nearest"):
        raise ValueError(f"(grid_sample) The mode of grid sample function should be in "
                         f"['bilinear', 'nearest'], but got: {mode}")
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError(f"(grid_sample) The padding mode of grid sample function should be "
                         f"in ['zeros', 'reflection', 'border'], but got: {padding_mode}")
    nd = x.ndim - 2
    if nd not in (2, 3) or grid.ndim != x.ndim or grid.shape[-1] != nd:
        raise ValueError(f"(grid_sample) x must be 4-D or 5-D and grid [N, *out, {max(nd, 2)}]"
                         f" of the same rank, but received x {list(x.shape)} and grid "
                         f"{list(grid.shape)}.")
    if grid.shape[0] != x.shape[0]:
        raise ValueError(f"(grid_sample) The batch of grid ({grid.shape[0]}) must equal the "
                         f"batch of x ({x.shape[0]}).")
