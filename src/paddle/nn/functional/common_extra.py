"""Smaller functionals of paddle.nn.functional: label_smooth, bilinear, and the sequence
helpers sequence_mask, temporal_shift and gather_tree."""
from __future__ import annotations

from ..._core import dtype as _dt
from ..._core.ops import binary as B
from ..._core.ops import linalg as L
from ..._core.ops import manipulation as M
from ..._core.ops import nn_common as C
from ..._core.ops import reduction as R
from ..._core.ops.creation import arange
from ..._core.ops.nn_activation import require_float
from ..._core.tensor import Tensor
from ...tensor._convert import cast_to, require_tensor


def label_smooth(label, prior_dist=None, epsilon=0.1, name=None):
    """(1 - epsilon) * label + epsilon * prior, where prior is prior_dist (shape [1, C] or
    [C]) or the uniform distribution 1 / C over the last axis.

    Example:
        >>> import paddle
        >>> paddle.nn.functional.label_smooth(paddle.to_tensor([[0., 1.]]), epsilon=0.2)
        Tensor(shape=[1, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[0.10000000, 0.90000004]])
    """
    require_tensor("label_smooth", "label", 0, label)
    if epsilon > 1.0 or epsilon < 0.0:
        raise ValueError(f"(label_smooth) The value of epsilon must be between 0 and 1, but "
                         f"received {epsilon}.")
    require_float("label_smooth", label._data, "label")
    kept = label * (1.0 - float(epsilon))
    if prior_dist is None:
        if label.ndim == 0:  # no class axis to spread the prior over (Paddle adds nothing)
            return kept
        return kept + float(epsilon) / label.shape[-1]
    require_tensor("label_smooth", "prior_dist", 1, prior_dist)
    return kept + prior_dist * float(epsilon)


def bilinear(x1, x2, weight, bias=None, name=None):
    """out[n, k] = x1[n] @ weight[k] @ x2[n] + bias[0, k] for x1 [N, in1], x2 [N, in2],
    weight [out, in1, in2] and bias [1, out].

    Example:
        >>> import paddle
        >>> out = paddle.nn.functional.bilinear(paddle.ones([2, 3]), paddle.ones([2, 4]),
        ...                                     paddle.ones([5, 3, 4]), paddle.ones([1, 5]))
        >>> out.shape
        paddle.Size([2, 5])
    """
    for i, (arg, value) in enumerate((("x1", x1), ("x2", x2), ("weight", weight))):
        require_tensor("bilinear", arg, i, value)
    _check_bilinear(x1, x2, weight, bias)
    out_features, in1, in2 = weight.shape
    # x1 @ W[k] for every k at once: [N, in1] @ [in1, out * in2] -> [N, out, in2]
    flat = M.reshape(M.transpose(weight, [1, 0, 2]), [in1, out_features * in2])
    left = M.reshape(L.matmul(x1, flat, False, False), [x1.shape[0], out_features, in2])
    out = R.sum_op(B.multiply(left, M.unsqueeze(x2, [1])), [2], None, False)
    return out if bias is None else B.add(out, bias)


def _check_bilinear(x1, x2, weight, bias) -> None:
    if x1.ndim != 2 or x2.ndim != 2:
        raise ValueError(f"(bilinear) The input(X) and input(Y) must be 2D Tensors, but received "
                         f"shapes {list(x1.shape)} and {list(x2.shape)}.")
    if weight.ndim != 3:
        raise ValueError(f"(bilinear) The input(Weight) must be a 3D Tensor [out, in1, in2], but "
                         f"received shape {list(weight.shape)}.")
    if x1.shape[0] != x2.shape[0]:
        raise ValueError(f"(bilinear) The first dimension(batch_size) of input(X) must be equal "
                         f"to the first dimension of the input(Y), but received "
                         f"{list(x1.shape)} and {list(x2.shape)}.")
    if x1.shape[1] != weight.shape[1] or x2.shape[1] != weight.shape[2]:
        raise ValueError(f"(bilinear) The second dimensions of input(X) {list(x1.shape)} and "
                         f"input(Y) {list(x2.shape)} must equal the second and third dimensions "
                         f"of the input(Weight) {list(weight.shape)}.")
    if bias is not None and (bias.ndim != 2 or bias.shape[0] != 1
                             or bias.shape[1] != weight.shape[0]):
        raise ValueError(f"(bilinear) The Input(Bias) must be a 2-D tensor with the 1st dimension "
                         f"fixed to 1 (a row vector) of size {weight.shape[0]}, but received "
                         f"shape {list(bias.shape)}.")


def sequence_mask(x, maxlen=None, dtype="int64", name=None):
    """mask[..., j] = j < x[...] for j in [0, maxlen); maxlen defaults to max(x).

    Example:
        >>> import paddle
        >>> paddle.nn.functional.sequence_mask(paddle.to_tensor([1, 3]))
        Tensor(shape=[2, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
               [[1, 0, 0],
                [1, 1, 1]])
    """
    require_tensor("sequence_mask", "x", 0, x)
    if isinstance(maxlen, Tensor):
        maxlen = maxlen.item()
    if maxlen is None:
        maxlen = x._data.max() if x.size else 0
    positions = arange(0, int(maxlen), 1, _dt.int64)
    lengths = M.unsqueeze(cast_to(x, _dt.int64) if x.dtype.kind in "iub" else x, [-1])
    less = B.less_than(cast_to(positions, lengths.dtype), lengths)
    return cast_to(less, _dt.to_dtype(dtype))


def temporal_shift(x, seg_num, shift_ratio=0.25, name=None, data_format="NCHW"):
    """Shift part of the channels along time for a [N*T, C, H, W] (or NHWC) batch of T-frame
    clips: the first C*shift_ratio channels take the previous frame's values, the next
    C*shift_ratio the next frame's (zeros at the clip ends); the rest stay.

    Example:
        >>> import paddle
        >>> x = paddle.arange(8, dtype='float32').reshape([2, 4, 1, 1])
        >>> paddle.nn.functional.temporal_shift(x, seg_num=2).flatten()
        Tensor(shape=[8], dtype=float32, place=Place(cpu), stop_gradient=True,
               [0., 5., 2., 3., 0., 0., 6., 7.])
    """
    require_tensor("temporal_shift", "x", 0, x)
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"(temporal_shift) Attr(data_format) should be 'NCHW' or 'NHWC'. "
                         f"Received Attr(data_format): {data_format}.")
    if x.ndim != 4:
        raise ValueError(f"(temporal_shift) Input(X) rank should be 4 in shape of [N*T, C, H, W], "
                         f"but received X rank({x.ndim})")
    if x.shape[0] % seg_num:
        raise ValueError(f"(temporal_shift) Input(X) dimension[0] should be divided exactly by "
                         f"Attr(seg_num), but received X dimension[0]({x.shape[0]}) mod "
                         f"seg_num({seg_num}) != 0")
    if shift_ratio >= 0.5:
        raise ValueError(f"(temporal_shift) Attr(shift_ratio) should be less than 0.5, but "
                         f"received {shift_ratio}")
    channel_axis = 2 if data_format == "NCHW" else 4
    clips = M.reshape(x, [x.shape[0] // seg_num, seg_num] + list(x.shape[1:]))
    channels = clips.shape[channel_axis]
    first, second = int(channels * shift_ratio), int(channels * 2 * shift_ratio)
    parts = M.split(clips, [first, second - first, channels - second], channel_axis)
    delayed = _shift_time(parts[0], 1)
    advanced = _shift_time(parts[1], -1)
    return M.reshape(M.concat([delayed, advanced, parts[2]], channel_axis), list(x.shape))


def _shift_time(clips, step: int):
    """Move frames `step` places along axis 1, filling the vacated frame with zeros."""
    frames = clips.shape[1]
    if frames == 1 or clips.size == 0:
        return clips * 0
    zero = M.unsqueeze(clips[:, 0] * 0, [1])
    if step > 0:
        return M.concat([zero, clips[:, :frames - 1]], 1)
    return M.concat([clips[:, 1:], zero], 1)


def gather_tree(ids, parents):
    """Back-trace beam search: ids and parents are [max_time, batch, beam]; the result holds, for
    every final beam, the ids along its path of parents.

    Example:
        >>> import paddle
        >>> ids = paddle.to_tensor([[[2, 2], [6, 1]], [[3, 9], [6, 1]], [[0, 1], [9, 0]]])
        >>> parents = paddle.to_tensor([[[0, 0], [1, 1]], [[1, 0], [1, 0]], [[0, 0], [0, 1]]])
        >>> paddle.nn.functional.gather_tree(ids, parents)
        Tensor(shape=[3, 2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
               [[[2, 2],
                 [1, 6]],
        <BLANKLINE>
                [[3, 3],
                 [6, 1]],
        <BLANKLINE>
                [[0, 1],
                 [9, 0]]])
    """
    require_tensor("gather_tree", "ids", 0, ids)
    require_tensor("gather_tree", "parents", 1, parents)
    return C.gather_tree(ids, parents)


__all__ = ["label_smooth", "bilinear", "sequence_mask", "temporal_shift", "gather_tree"]
