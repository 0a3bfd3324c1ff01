"""Classification losses over class scores: cross_entropy, softmax_with_cross_entropy and
nll_loss (the kernels live in paddle/_core/ops/nn_loss.py)."""
from __future__ import annotations

from ..._core import dtype as _dt
from ..._core.ops import nn_loss as L
from ._aliases import keyword_aliases
from ._loss_utils import (cast, check_reduction, is_concrete, mask, ops, optional_tensor,
                          reduce_loss, scalar, tensor_arg)

__all__ = ["cross_entropy", "softmax_with_cross_entropy", "nll_loss"]


def _one_hot(label, classes: int):
    """[..., classes] one-hot of integer labels, rejecting ids outside [0, classes)."""
    data = label._data
    if is_concrete(label) and ((data < 0) | (data >= classes)).any():
        raise ValueError(f"(cross_entropy) label_smoothing needs class ids in [0, {classes}), "
                         f"but the label holds {data[(data < 0) | (data >= classes)].flat[0]}.")
    expanded = ops.unsqueeze(label, [-1])
    return L.class_mask(expanded, classes, label.ndim, _dt.float32)


def _smoothed(label, input, axis, squeeze_first: bool, epsilon: float):
    """Paddle's label smoothing step: one-hot (over the last dim of input) when labels are
    class ids, then (1 - epsilon) * label + epsilon / classes, in the input's dtype."""
    if squeeze_first:
        label = _one_hot(ops.squeeze(label, [axis]), input.shape[-1])
    classes = label.shape[-1]
    smooth = cast(label, _dt.float32) * (1.0 - epsilon) + epsilon / classes
    return cast(smooth, input.dtype)


def _class_weights(label, weight, ignore_index, axis, classes, soft_label, dtype):
    """Per-sample weights shaped like the loss (size 1 on `axis`)."""
    shape = [1] * label.ndim
    shape[axis] = classes
    per_class = ops.reshape(cast(weight, dtype), shape)
    if soft_label:
        return ops.sum(cast(label, dtype) * per_class, (axis,), None, True)
    valid = ops.not_equal(label, scalar(ignore_index, label.dtype))
    picked = ops.sum(L.class_mask(label, classes, axis, dtype) * per_class, (axis,), None, True)
    return picked * mask(valid, dtype)


@keyword_aliases(label="target")
def cross_entropy(input, label, weight=None, ignore_index=-100, reduction="mean",  # noqa: A002
                  soft_label=False, axis=-1, use_softmax=True, label_smoothing=0.0, name=None):
    """Softmax cross entropy between `input` scores (classes on `axis`) and hard class ids
    (shape without `axis`, or with size 1 there) or soft labels (soft_label=True), with
    optional per-class `weight`, `ignore_index`, `label_smoothing`; use_softmax=False treats
    input as probabilities.

    Example:
        >>> import paddle
        >>> logits = paddle.to_tensor([[2.0, 0.5, 0.1], [0.2, 0.3, 3.0]])
        >>> label = paddle.to_tensor([0, 2])
        >>> round(float(paddle.nn.functional.cross_entropy(logits, label)), 4)
        0.2218
    """
    api = "cross_entropy"
    input = tensor_arg(api, "input", input)  # noqa: A001
    label = tensor_arg(api, "label", label)
    weight = optional_tensor(api, "weight", weight)
    check_reduction(api, reduction)
    if ignore_index > 0 and soft_label:
        raise ValueError(f"({api}) When soft_label == True, the value of 'ignore_index' should "
                         f"be -100, but received {ignore_index}, which is not allowed.")
    if input.ndim == 0:
        raise ValueError(f"({api}) The dimension of input should be larger than zero!")
    label_dims = label.ndim
    if input.ndim - 1 == label_dims:
        label = ops.unsqueeze(label, [axis])
    elif input.ndim != label_dims:
        raise ValueError(f"({api}) Expected input_dims - 1 = label_dims or input_dims == "
                         f"label_dims (got input_dims {input.ndim}, label_dims {label_dims}).")
    if label_smoothing > 0.0:
        label = _smoothed(label, input, axis, input.ndim - 1 == label_dims, label_smoothing)
        soft_label, label_dims = True, label.ndim
    ax = axis % input.ndim
    _, out = L.cross_entropy_with_softmax(input, label, bool(soft_label), bool(use_softmax),
                                          True, int(ignore_index), ax)
    sample_weight = None
    if weight is not None:
        if not soft_label and input.shape[ax] != weight.shape[-1]:
            raise ValueError(f"({api}) input's class_dimension({input.shape[ax]}) must equal to "
                             f"weight's class_dimension({weight.shape[-1]}) when weight is "
                             "provided")
        sample_weight = _class_weights(label, weight, ignore_index, ax, input.shape[ax],
                                       soft_label, weight.dtype)
        out = cast(out, weight.dtype) * sample_weight
    if reduction == "none":
        return ops.squeeze(out, [ax]) if input.ndim - 1 == label_dims else out
    if reduction == "sum":
        return reduce_loss(out, "sum")
    return _mean_loss(out, input, label, sample_weight, ignore_index)


def _mean_loss(out, input, label, sample_weight, ignore_index):
    """Paddle's mean: over non-ignored entries (weighted) when ignore_index >= 0 or a weight is
    given, else over every entry; NaN for an empty input."""
    if 0 in list(input.shape):
        return reduce_loss(out + float("nan"), "mean")
    if ignore_index >= 0:
        kept = mask(ops.not_equal(label, scalar(ignore_index, label.dtype)),
                    out.dtype if sample_weight is None else sample_weight.dtype)
        denominator = kept if sample_weight is None else kept * sample_weight
        return _safe_ratio(reduce_loss(out, "sum"), reduce_loss(denominator, "sum"))
    if sample_weight is not None:
        return _safe_ratio(reduce_loss(out, "sum"), reduce_loss(sample_weight, "sum"))
    return reduce_loss(out, "mean")


def _safe_ratio(total, count):
    """total / count, dividing by 1 instead when count is 0."""
    return total / (count + mask(ops.equal(count, scalar(0, count.dtype)), count.dtype))


def softmax_with_cross_entropy(logits, label, soft_label=False, ignore_index=-100,
                               numeric_stable_mode=True, return_softmax=False, axis=-1):
    """The legacy fused softmax + cross entropy: per-sample losses with size 1 on `axis`
    (no reduction); with return_softmax also the softmax.

    Example:
        >>> import paddle
        >>> logits = paddle.to_tensor([[2.0, 0.5, 0.1]])
        >>> loss = paddle.nn.functional.softmax_with_cross_entropy(logits, paddle.to_tensor([[0]]))
        >>> loss.shape
        paddle.Size([1, 1])
    """
    api = "softmax_with_cross_entropy"
    logits = tensor_arg(api, "logits", logits)
    label = tensor_arg(api, "label", label)
    if logits.ndim == 0:
        raise ValueError(f"({api}) The dimension of input should be larger than zero!")
    if logits.ndim - 1 == label.ndim:
        label = ops.reshape(label, [label.shape[0], logits.shape[1]])
    elif logits.ndim != label.ndim:
        raise ValueError(f"({api}) Expected input_dims - 1 = label_dims or input_dims == "
                         f"label_dims (got input_dims {logits.ndim}, label_dims {label.ndim}).")
    softmax, loss = L.cross_entropy_with_softmax(logits, label, bool(soft_label), True,
                                                 bool(numeric_stable_mode), int(ignore_index),
                                                 axis % logits.ndim)
    return (loss, softmax) if return_softmax else loss


def nll_loss(input, label, weight=None, ignore_index=-100, reduction="mean",  # noqa: A002
             name=None):
    """Negative log-likelihood of `label` class ids under log-probabilities `input`
    ([N, C] or [N, C, d1, ...]); ignored entries count neither in the loss nor the mean.

    Example:
        >>> import paddle
        >>> log_probs = paddle.log(paddle.to_tensor([[0.7, 0.2, 0.1], [0.1, 0.1, 0.8]]))
        >>> round(float(paddle.nn.functional.nll_loss(log_probs, paddle.to_tensor([0, 2]))), 4)
        0.2899
    """
    api = "nll_loss"
    input = tensor_arg(api, "input", input)  # noqa: A001
    label = tensor_arg(api, "label", label)
    weight = optional_tensor(api, "weight", weight)
    check_reduction(api, reduction)
    if input.ndim - 1 != label.ndim and input.ndim != label.ndim:
        raise ValueError(f"({api}) Expected input_dims - 1 = label_dims or input_dims == "
                         f"label_dims (got input_dims {input.ndim}, label_dims {label.ndim}).")
    if input.ndim < 2:
        raise ValueError(f"({api}) Expected 2 or more dimensions (got {input.ndim})")
    if input.shape[1] < 1:
        raise ValueError(f"({api}) Expected 1 or more classes (got num classes "
                         f"{input.shape[1]})")
    if label.dtype is not _dt.int64:
        raise ValueError(f"({api}) The label must be an int64 tensor, but received "
                         f"{label.dtype.name}.")
    n, c = input.shape[0], input.shape[1]
    if input.ndim == 2 and label.ndim == 2 and label.shape[1] == 1:
        label = ops.reshape(label, [n])
    if input.ndim not in (2, 4):
        out_shape = [n] + list(input.shape[2:])
        input = ops.reshape(input, [n, c, 1, -1])  # noqa: A001
        label = ops.reshape(label, [n, 1, -1])
        out, _ = L.nll_loss(input, label, weight, int(ignore_index), reduction)
        return ops.reshape(out, out_shape) if reduction == "none" else out
    out, _ = L.nll_loss(input, label, weight, int(ignore_index), reduction)
    return out


# `paddle.nn.functional.loss` holds every loss function in Paddle; the other families are
# re-exported here so code reaching them through this module keeps working.
from . import loss_adaptive, loss_binary, loss_ctc, loss_margin, loss_regression  # noqa: E402
from .loss_adaptive import *  # noqa: E402,F401,F403
from .loss_binary import *  # noqa: E402,F401,F403
from .loss_ctc import *  # noqa: E402,F401,F403
from .loss_margin import *  # noqa: E402,F401,F403
from .loss_regression import *  # noqa: E402,F401,F403

__all__ += [name for module in (loss_adaptive, loss_binary, loss_ctc, loss_margin,
                                loss_regression) for name in module.__all__]
