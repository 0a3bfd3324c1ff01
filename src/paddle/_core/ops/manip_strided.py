"""as_strided (a view of a tensor's elements through explicit strides) and shard_index (global
ids -> ids local to one shard).

as_strided reads the tensor's elements in row-major order, as Paddle's stride kernel reads a
contiguous tensor's storage: strides count elements and `offset` counts bytes, as in Paddle.
A contiguous input gives a view that shares its memory."""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from ..tensor import Tensor
from .creation import full
from .manipulation import reshape
from .registry import INJECTIVE, OPAQUE, defop
from .search import scatter_add_along_axis


def _element_offset(op, offset, itemsize):
    if offset < 0 or offset % itemsize:
        raise ValueError(f"({op}) offset counts bytes and must be a non-negative multiple of "
                         f"the element size {itemsize}, but received {offset}")
    return offset // itemsize


def _check_window(size, shape, stride, start):
    if len(shape) != len(stride):
        raise ValueError(f"(as_strided) shape {list(shape)} and stride {list(stride)} must "
                         f"have the same length")
    if any(d < 0 for d in shape) or any(s < 0 for s in stride):
        raise ValueError(f"(as_strided) shape {list(shape)} and stride {list(stride)} must be "
                         f"non-negative")
    if 0 in shape:
        return
    last = start + sum((d - 1) * s for d, s in zip(shape, stride))
    if last >= size:
        raise ValueError(f"(as_strided) shape {list(shape)}, stride {list(stride)} and offset "
                         f"reach element {last}, but the input has only {size} elements")


def _as_strided_meta(x, shape, stride, offset=0):
    itemsize = x.dtype.np_dtype.itemsize
    start = _element_offset("as_strided", offset, itemsize)
    if -1 not in x.shape:
        _check_window(int(np.prod(x.shape, dtype=np.int64)), shape, stride, start)
    return TensorMeta(tuple(shape), x.dtype)


def _window_index(shape, stride, start) -> np.ndarray:
    """The flat element each output position reads."""
    index = np.full(tuple(shape), start, dtype=np.int64)
    for axis, (dim, step) in enumerate(zip(shape, stride)):
        index += np.arange(dim).reshape([-1 if k == axis else 1 for k in range(len(shape))]) * step
    return index


def _as_strided_ref(x, shape, stride, offset=0):
    flat = np.ascontiguousarray(x).reshape(-1)
    return flat[_window_index(shape, stride, offset // flat.itemsize)]


@defop("as_strided", infer_meta=_as_strided_meta, pattern=INJECTIVE, ref=_as_strided_ref)
def as_strided(xp, x, shape, stride, offset=0):
    start = _element_offset("as_strided", offset, x.itemsize)
    _check_window(x.size, shape, stride, start)
    flat = xp.ascontiguousarray(x).reshape(-1)
    return xp.lib.stride_tricks.as_strided(flat[start:], tuple(shape),
                                           tuple(s * x.itemsize for s in stride))


@as_strided.grad()
def _(ctx, g):
    size = int(np.prod(ctx.x.shape, dtype=np.int64))
    positions = _window_index(ctx.shape, ctx.stride, ctx.offset // ctx.x.dtype.np_dtype.itemsize)
    # every output element adds its gradient to the input element it reads (windows may overlap)
    summed = scatter_add_along_axis(full([size], 0, g.dtype), Tensor(positions.reshape(-1)),
                                    reshape(g, [-1]), 0)
    return reshape(summed, list(ctx.x.shape))


def _shard_index_meta(x, index_num, nshards, shard_id, ignore_value=-1):
    if x.dtype not in (_dt.int32, _dt.int64):
        raise TypeError(f"(shard_index) input must be int32 or int64, but received "
                        f"{x.dtype.name}")
    if len(x.shape) < 2:
        raise ValueError(f"(shard_index) Rank of Input(X) should be at least 2, but the value "
                         f"given is {len(x.shape)}.")
    if not 0 <= shard_id < nshards:
        raise ValueError(f"(shard_index) The value 'shard_id' for Op(shard_index) must be less "
                         f"than nshards ({nshards}) and non-negative, but the value given is "
                         f"{shard_id}.")
    return TensorMeta(x.shape, x.dtype)


def _shard_index_ref(x, index_num, nshards, shard_id, ignore_value=-1):
    shard_size = (index_num + nshards - 1) // nshards
    mine = x // shard_size == shard_id
    return np.where(mine, x - shard_id * shard_size, ignore_value).astype(x.dtype)


@defop("shard_index", infer_meta=_shard_index_meta, pattern=OPAQUE, ref=_shard_index_ref)
def shard_index(xp, x, index_num, nshards, shard_id, ignore_value=-1):
    _shard_index_meta(TensorMeta(x.shape, _dt.from_numpy_dtype(x.dtype)), index_num, nshards,
                      shard_id)
    if x.size and (x.min() < 0 or x.max() >= index_num):
        bad = x.max() if x.max() >= index_num else x.min()
        raise ValueError(f"(shard_index) The input_index for Op(shard_index) must be in "
                         f"[0, index_num ({index_num})), but the value given is {bad}.")
    return _shard_index_ref(x, index_num, nshards, shard_id, ignore_value)


shard_index.no_grad("integer ids")
