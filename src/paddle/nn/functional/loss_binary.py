"""Binary and multi-label losses: binary_cross_entropy (+ with logits), sigmoid_focal_loss,
dice_loss, soft_margin_loss and multi_label_soft_margin_loss."""
from __future__ import annotations

import numpy as np

from ..._core import dtype as _dt
from ..._core.ops import nn_loss as L
from ._loss_utils import (cast, check_float, check_reduction, check_same_shape, is_concrete,
                          log_sigmoid, mask, ops, optional_tensor, reduce_loss, relu, scalar,
                          softplus, tensor_arg)

__all__ = ["binary_cross_entropy", "binary_cross_entropy_with_logits", "sigmoid_focal_loss",
           "dice_loss", "soft_margin_loss", "multi_label_soft_margin_loss"]

_LOG_FLOOR = -100.0  # Paddle's bce_loss clamps log(p) and log(1 - p) here
_IGNORE = -100  # label value sigmoid_cross_entropy_with_logits skips


def _check_probabilities(api, input):  # noqa: A002
    data = input._data
    if is_concrete(input) and data.size:
        if (data > 1).any():
            raise ValueError(f"({api}) Illegal input, input must be less than or equal to 1, but "
                             f"received {data[data > 1].flat[0]}")
        if (data < 0).any():
            raise ValueError(f"({api}) Illegal input, input must be greater than or equal to 0, "
                             f"but received {data[data < 0].flat[0]}")


def binary_cross_entropy(input, label, weight=None, reduction="mean", name=None):  # noqa: A002
    """Binary cross entropy of probabilities: -(label log p + (1 - label) log(1 - p)), each log
    clamped at -100, times `weight`.

    Example:
        >>> import paddle
        >>> p, y = paddle.to_tensor([0.5, 0.9]), paddle.to_tensor([1.0, 1.0])
        >>> paddle.nn.functional.binary_cross_entropy(p, y, reduction="none").shape
        paddle.Size([2])
    """
    api = "binary_cross_entropy"
    input = tensor_arg(api, "input", input)  # noqa: A001
    label = tensor_arg(api, "label", label)
    check_reduction(api, reduction)
    check_same_shape(api, "input", input, "label", label)
    if label.dtype is not input.dtype:
        raise ValueError(f"({api}) The label dtype ({label.dtype.name}) must match the input "
                         f"dtype ({input.dtype.name}).")
    _check_probabilities(api, input)
    floor = scalar(_LOG_FLOOR, input.dtype)
    with np.errstate(divide="ignore"):  # log(0) = -inf is clamped to -100 just below
        log_p = ops.maximum(ops.log(input), floor)
        log_q = ops.maximum(ops.log(1 - input), floor)
    out = -(label * log_p + (1 - label) * log_q)
    if weight is not None:
        out = out * tensor_arg(api, "weight", weight)
    return reduce_loss(out, reduction)


def sigmoid_cross_entropy_with_logits(logit, label, pos_weight=None):
    """Per-element loss of Paddle's sigmoid_cross_entropy_with_logits kernel (label -100 gives
    0); pos_weight multiplies the positive term."""
    log_term = ops.log1p(ops.exp(-ops.abs(logit)))
    if pos_weight is None:
        out = relu(logit) - logit * label + log_term
    else:
        out = (1 - label) * logit + pos_weight * (log_term + relu(-logit))
    kept = ops.not_equal(label, scalar(_IGNORE, label.dtype))
    return out * mask(kept, out.dtype)


def binary_cross_entropy_with_logits(logit, label, weight=None, reduction="mean",
                                     pos_weight=None, name=None):
    """Sigmoid + binary cross entropy in one numerically stable expression; `pos_weight`
    weights the positive class per class, `weight` every element.

    Example:
        >>> import paddle
        >>> logit, y = paddle.to_tensor([0.0, 2.0]), paddle.to_tensor([1.0, 0.0])
        >>> paddle.nn.functional.binary_cross_entropy_with_logits(logit, y).shape
        paddle.Size([])
    """
    api = "binary_cross_entropy_with_logits"
    logit = tensor_arg(api, "logit", logit)
    label = tensor_arg(api, "label", label)
    check_reduction(api, reduction)
    check_same_shape(api, "logit", logit, "label", label)
    if pos_weight is not None:
        pos_weight = label * (tensor_arg(api, "pos_weight", pos_weight) - 1) + 1
    out = sigmoid_cross_entropy_with_logits(logit, label, pos_weight)
    if weight is not None:
        out = out * tensor_arg(api, "weight", weight)
    return reduce_loss(out, reduction)


def sigmoid_focal_loss(logit, label, normalizer=None, alpha=0.25, gamma=2.0, reduction="sum",
                       name=None):
    """Focal loss alpha_t (1 - p_t)^gamma BCE(logit, label), optionally divided by
    `normalizer` (0-D or 1-D, e.g. the number of positives).

    Example:
        >>> import paddle
        >>> logit, y = paddle.to_tensor([[0.5, -2.0]]), paddle.to_tensor([[1.0, 0.0]])
        >>> paddle.nn.functional.sigmoid_focal_loss(logit, y).shape
        paddle.Size([])
    """
    api = "sigmoid_focal_loss"
    logit = tensor_arg(api, "logit", logit)
    label = tensor_arg(api, "label", label)
    check_reduction(api, reduction)
    normalizer = optional_tensor(api, "normalizer", normalizer)
    if normalizer is not None:
        check_float(api, "normalizer", normalizer)
        if normalizer.ndim > 1:
            raise ValueError(f"({api}) Expected zero or one dimension of normalizer in "
                             f"sigmoid_focal_loss but got {normalizer.ndim}.")
    loss = sigmoid_cross_entropy_with_logits(logit, label)
    pred = ops.sigmoid(logit)
    p_t = pred * label + (1 - pred) * (1 - label)
    alpha_t = label * alpha + (1 - label) * (1 - alpha)
    loss = alpha_t * loss * ops.pow(1 - p_t, float(gamma))
    if normalizer is not None:
        loss = loss / normalizer
    return reduce_loss(loss, reduction)


def dice_loss(input, label, epsilon=1e-05, name=None):  # noqa: A002
    """1 - 2 |X ∩ Y| / (|X| + |Y| + eps) averaged over the batch, with `label` class ids of
    shape input.shape[:-1] + [1] one-hot encoded over input's last axis.

    Example:
        >>> import paddle
        >>> probs = paddle.to_tensor([[0.2, 0.8], [0.6, 0.4]])
        >>> paddle.nn.functional.dice_loss(probs, paddle.to_tensor([[1], [0]])).shape
        paddle.Size([])
    """
    api = "dice_loss"
    input = tensor_arg(api, "input", input)  # noqa: A001
    label = tensor_arg(api, "label", label)
    check_float(api, "input", input)
    if label.dtype not in (_dt.int32, _dt.int64):
        raise TypeError(f"({api}) The label must be int32 or int64, but received "
                        f"{label.dtype.name}.")
    if input.ndim < 2:
        raise ValueError(f"({api}) The rank of input should be greater than or equal to 2, but "
                         f"received shape {list(input.shape)}.")
    if input.ndim != label.ndim or label.shape[-1] != 1 or \
            list(input.shape[:-1]) != list(label.shape[:-1]):
        raise ValueError(f"({api}) The label shape must be input.shape[:-1] + [1] = "
                         f"{list(input.shape[:-1]) + [1]}, but received {list(label.shape)}.")
    onehot = L.class_mask(label, input.shape[-1], label.ndim - 1, input.dtype)
    axes = tuple(range(1, input.ndim))
    intersection = ops.sum(input * onehot, axes, None, False)
    total = ops.sum(input, axes, None, False) + ops.sum(onehot, axes, None, False)
    return ops.mean(1 - intersection * 2 / (total + epsilon), None, False)


def soft_margin_loss(input, label, reduction="mean", name=None):  # noqa: A002
    """log(1 + exp(-label * input)) for labels ±1.

    Example:
        >>> import paddle
        >>> x, y = paddle.to_tensor([0.5, -1.0]), paddle.to_tensor([1, -1])
        >>> paddle.nn.functional.soft_margin_loss(x, y, reduction="none").shape
        paddle.Size([2])
    """
    api = "soft_margin_loss"
    input = tensor_arg(api, "input", input)  # noqa: A001
    label = tensor_arg(api, "label", label)
    check_reduction(api, reduction)
    check_same_shape(api, "input", input, "label", label)
    return reduce_loss(softplus(-cast(label, input.dtype) * input), reduction)


def multi_label_soft_margin_loss(input, label, weight=None, reduction="mean",  # noqa: A002
                                 name=None):
    """Per-sample mean over classes of -(y log σ(x) + (1 - y) log σ(-x)), times `weight`.

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([[1.0, -1.0, 0.5]])
        >>> y = paddle.to_tensor([[1.0, 0.0, 1.0]])
        >>> paddle.nn.functional.multi_label_soft_margin_loss(x, y, reduction="none").shape
        paddle.Size([1])
    """
    api = "multi_label_soft_margin_loss"
    input = tensor_arg(api, "input", input)  # noqa: A001
    label = tensor_arg(api, "label", label)
    check_reduction(api, reduction)
    check_same_shape(api, "input", input, "label", label)
    loss = -(label * log_sigmoid(input) + (1 - label) * log_sigmoid(-input))
    if weight is not None:
        loss = loss * tensor_arg(api, "weight", weight)
    return reduce_loss(ops.mean(loss, (loss.ndim - 1,), False), reduction)
