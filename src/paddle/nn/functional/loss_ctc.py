"""CTC loss (the kernel is paddle/_core/ops/nn_ctc.py)."""
from __future__ import annotations

from ..._core.ops import nn_ctc as C
from ._loss_utils import cast, check_reduction, ops, reduce_loss, tensor_arg

__all__ = ["ctc_loss"]


def ctc_loss(log_probs, labels, input_lengths, label_lengths, blank=0, reduction="mean",
             norm_by_times=False, zero_infinity=False):
    """Connectionist temporal classification loss of `log_probs` [max_T, batch, classes] (a
    softmax is applied internally, so unnormalised scores work too) against int32 `labels`
    [batch, max_S], with int64 lengths. reduction 'mean' averages loss / label_length.

    Example:
        >>> import paddle
        >>> logits = paddle.rand([5, 2, 4])
        >>> labels = paddle.to_tensor([[1, 2], [3, 1]], dtype="int32")
        >>> lengths = paddle.to_tensor([5, 4], dtype="int64")
        >>> label_lengths = paddle.to_tensor([2, 2], dtype="int64")
        >>> paddle.nn.functional.ctc_loss(logits, labels, lengths, label_lengths).shape
        paddle.Size([])
    """
    api = "ctc_loss"
    check_reduction(api, reduction)
    loss = C.warpctc(tensor_arg(api, "log_probs", log_probs), tensor_arg(api, "labels", labels),
                     tensor_arg(api, "input_lengths", input_lengths),
                     tensor_arg(api, "label_lengths", label_lengths), int(blank),
                     bool(norm_by_times))
    loss = ops.squeeze(loss, [-1])
    if zero_infinity:
        loss = ops.where(ops.isinf(loss), ops.full_like(loss, 0, None), loss)
    if reduction == "mean":
        return reduce_loss(loss / cast(label_lengths, loss.dtype), "mean")
    return reduce_loss(loss, reduction)
