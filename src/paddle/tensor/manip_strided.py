"""as_strided and shard_index of the `paddle` namespace (and Tensor methods)."""
from __future__ import annotations

from .._core.ops import manip_strided as MS
from ._convert import ensure_tensor
from .manip_common import int_list


def as_strided(x, shape, stride, offset=0, name=None):
    """A view of x's elements (read in row-major order) with the given shape and element
    strides, starting `offset` bytes in; it shares memory with a contiguous x.

    Example:
        >>> import paddle
        >>> paddle.as_strided(paddle.arange(6.0), [2, 3], [1, 1]).numpy()
        array([[0., 1., 2.],
               [1., 2., 3.]], dtype=float32)
    """
    return MS.as_strided(ensure_tensor(x), int_list(shape, "as_strided", "shape"),
                         int_list(stride, "as_strided", "stride"), int(offset))


def shard_index(input, index_num, nshards, shard_id, ignore_value=-1):  # noqa: A002
    """Ids local to shard `shard_id` of `nshards` equal shards of [0, index_num); ids of other
    shards become `ignore_value`.

    Example:
        >>> import paddle
        >>> ids = paddle.to_tensor([[16], [1], [10]])
        >>> paddle.shard_index(ids, 20, 2, 1).numpy().ravel()
        array([ 6, -1,  0])
    """
    return MS.shard_index(ensure_tensor(input), int(index_num), int(nshards), int(shard_id),
                          int(ignore_value))


__all__ = ["as_strided", "shard_index"]
