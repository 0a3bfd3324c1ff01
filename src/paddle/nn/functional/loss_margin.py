"""Margin and embedding losses: margin_ranking_loss, hinge_embedding_loss,
cosine_embedding_loss, triplet_margin_loss, triplet_margin_with_distance_loss,
multi_margin_loss, multi_label_margin_loss and npair_loss."""
from __future__ import annotations

import math

import numpy as np

from ..._core import dtype as _dt
from ..._core.ops import nn_loss as L
from ..._core.tensor import wrap
from ._loss_utils import (cast, check_reduction, check_same_shape, concrete, is_concrete, mask,
                          ops, reduce_loss, relu, scalar, tensor_arg)

__all__ = ["margin_ranking_loss", "hinge_embedding_loss", "cosine_embedding_loss",
           "triplet_margin_loss", "triplet_margin_with_distance_loss", "multi_margin_loss",
           "multi_label_margin_loss", "npair_loss"]


def margin_ranking_loss(input, other, label, margin=0.0, reduction="mean",  # noqa: A002
                        name=None):
    """max(0, -label * (input - other) + margin).

    Example:
        >>> import paddle
        >>> x, y = paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([2.0, 1.0])
        >>> label = paddle.to_tensor([1.0, 1.0])
        >>> paddle.nn.functional.margin_ranking_loss(x, y, label, reduction="none").shape
        paddle.Size([2])
    """
    api = "margin_ranking_loss"
    check_reduction(api, reduction)
    input = tensor_arg(api, "input", input)  # noqa: A001
    out = (tensor_arg(api, "other", other) - input) * tensor_arg(api, "label", label)
    if margin != 0.0:
        out = out + scalar(margin, out.dtype)
    return reduce_loss(relu(out), reduction)


def hinge_embedding_loss(input, label, margin=1.0, reduction="mean", name=None):  # noqa: A002
    """input where label is 1, max(0, margin - input) where label is -1 (0 elsewhere).

    Example:
        >>> import paddle
        >>> x, y = paddle.to_tensor([0.5, 0.2]), paddle.to_tensor([1.0, -1.0])
        >>> paddle.nn.functional.hinge_embedding_loss(x, y, reduction="none").shape
        paddle.Size([2])
    """
    api = "hinge_embedding_loss"
    check_reduction(api, reduction)
    input = tensor_arg(api, "input", input)  # noqa: A001
    label = tensor_arg(api, "label", label)
    zero = scalar(0, input.dtype)
    positive = ops.where(ops.equal(label, scalar(1.0, label.dtype)), input, zero)
    negative = ops.where(ops.equal(label, scalar(-1.0, label.dtype)),
                         relu(scalar(margin, input.dtype) - input), zero)
    return reduce_loss(positive + negative, reduction)


def cosine_embedding_loss(input1, input2, label, margin=0, reduction="mean", name=None):
    """1 - cos(x1, x2) for label 1, max(0, cos(x1, x2) - margin) for label -1.

    Example:
        >>> import paddle
        >>> a = paddle.to_tensor([[1.0, 2.0], [3.0, 1.0]])
        >>> b = paddle.to_tensor([[2.0, 1.0], [1.0, 1.0]])
        >>> paddle.nn.functional.cosine_embedding_loss(a, b, paddle.to_tensor([1, -1])).shape
        paddle.Size([])
    """
    api = "cosine_embedding_loss"
    input1, input2 = tensor_arg(api, "input1", input1), tensor_arg(api, "input2", input2)
    label = tensor_arg(api, "label", label)
    if label.ndim != 1:
        raise ValueError(f"({api}) 1D target tensor expected, multi-target not supported (label "
                         f"shape {list(label.shape)})")
    check_same_shape(api, "input1", input1, "input2", input2)
    if input1.ndim > 2:
        raise ValueError(f"({api}) 1D target tensor expects 1D or 2D input tensors, but received "
                         f"shape {list(input1.shape)}")
    if input1.dtype.name not in ("float32", "float64"):
        raise ValueError(f"({api}) The data type of input Variable must be 'float32' or "
                         f"'float64', but received {input1.dtype.name}")
    if label.dtype.name not in ("int32", "int64", "float32", "float64"):
        raise ValueError(f"({api}) The data type of label Variable must be 'int32', 'int64', "
                         f"'float32', 'float64', but received {label.dtype.name}")
    last = (input1.ndim - 1,) if input1.ndim else None
    dot = ops.sum(input1 * input2, last, None, False)
    mag1 = ops.sum(input1 * input1, last, None, False) + 10e-12
    mag2 = ops.sum(input2 * input2, last, None, False) + 10e-12
    cos = dot / ops.sqrt(mag1 * mag2)
    zeros = ops.full_like(cos, 0, None)
    pos = ops.where(ops.equal(label, scalar(1, label.dtype)), 1 - cos, zeros)
    neg = ops.where(ops.equal(label, scalar(-1, label.dtype)), relu(cos - margin), zeros)
    return reduce_loss(pos + neg, reduction)


def pairwise_distance(x, y, p=2.0, epsilon=1e-6):
    """‖x - y + epsilon‖_p over the last axis (Paddle's PairwiseDistance)."""
    diff = x - y + epsilon
    axis = (diff.ndim - 1,) if diff.ndim else None
    if p == math.inf:
        return ops.max(ops.abs(diff), axis, False)
    if p == 2:
        return ops.sqrt(ops.sum(diff * diff, axis, None, False))
    if p == 0:
        return ops.sum(mask(ops.not_equal(diff, scalar(0, diff.dtype)), diff.dtype), axis,
                       None, False)
    return ops.pow(ops.sum(ops.pow(ops.abs(diff), float(p)), axis, None, False), 1.0 / p)


def _triplet_checks(api, reduction, margin, input, positive, negative):  # noqa: A002
    check_reduction(api, reduction)
    if margin < 0:
        raise ValueError(f"({api}) The margin between positive samples and negative samples "
                         f"should be greater than 0, but received {margin}.")
    tensors = [tensor_arg(api, n, t) for n, t in (("input", input), ("positive", positive),
                                                  ("negative", negative))]
    if not list(tensors[0].shape) == list(tensors[1].shape) == list(tensors[2].shape):
        raise ValueError(f"({api}) input's shape must equal to positive's shape and negative's "
                         f"shape, but received {[list(t.shape) for t in tensors]}")
    return tensors


def triplet_margin_loss(input, positive, negative, margin=1.0, p=2, epsilon=1e-06,  # noqa: A002
                        swap=False, reduction="mean", name=None):
    """max(0, d(a, p) - d(a, n) + margin) with d the pairwise p-norm distance (swap: use
    min(d(a, n), d(p, n))).

    Example:
        >>> import paddle
        >>> a = paddle.to_tensor([[1.0, 2.0]])
        >>> paddle.nn.functional.triplet_margin_loss(a, a * 0.9, -a).shape
        paddle.Size([])
    """
    api = "triplet_margin_loss"
    input, positive, negative = _triplet_checks(api, reduction, margin, input,  # noqa: A001
                                                positive, negative)

    def distance(x, y):
        return pairwise_distance(x, y, p, epsilon)

    return _triplet(distance, input, positive, negative, margin, swap, reduction, check=False)


def triplet_margin_with_distance_loss(input, positive, negative,  # noqa: A002
                                      distance_function=None, margin=1.0, swap=False,
                                      reduction="mean", name=None):
    """triplet_margin_loss with any distance function (default: pairwise Euclidean); the
    distances must be non-negative.

    Example:
        >>> import paddle
        >>> a = paddle.to_tensor([[1.0, 2.0]])
        >>> F = paddle.nn.functional
        >>> F.triplet_margin_with_distance_loss(a, a * 0.9, -a, reduction="none").shape
        paddle.Size([1])
    """
    api = "triplet_margin_with_distance_loss"
    input, positive, negative = _triplet_checks(api, reduction, margin, input,  # noqa: A001
                                                positive, negative)
    distance = distance_function or pairwise_distance
    return _triplet(distance, input, positive, negative, margin, swap, reduction, check=True)


def _triplet(distance, anchor, positive, negative, margin, swap, reduction, check):
    d_pos = distance(anchor, positive)
    d_neg = distance(anchor, negative)
    if swap:
        d_neg = ops.minimum(d_neg, distance(positive, negative))
    if check and any(is_concrete(d) and (d._data < 0).any()
                     for d in (d_pos, d_neg)):
        raise ValueError("(triplet_margin_with_distance_loss) The positive distance or negative "
                         "distance should be greater than 0, The distance functions should be "
                         "checked.")
    return reduce_loss(relu(d_pos - d_neg + margin), reduction)


def multi_margin_loss(input, label, p=1, margin=1.0, weight=None, reduction="mean",  # noqa: A002
                      name=None):
    """Multi-class hinge loss: mean over classes i of w[y] max(0, margin - x[y] + x[i])^p,
    without the i = y term (subtracted as margin^p / C).

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.1, 0.8, 0.3]])
        >>> paddle.nn.functional.multi_margin_loss(x, paddle.to_tensor([1])).shape
        paddle.Size([])
    """
    api = "multi_margin_loss"
    check_reduction(api, reduction)
    input = tensor_arg(api, "input", input)  # noqa: A001
    label = tensor_arg(api, "label", label)
    if input.shape[0] != label.shape[0]:
        raise ValueError(f"({api}) The label's shape[0] should be equal to input's shape[0], but "
                         f"received input's shape[0] {input.shape[0]} and label's shape[0]:"
                         f"{label.shape[0]}.")
    classes = input.shape[1]
    label = ops.reshape(label, [-1, 1])
    onehot = L.class_mask(label, classes, 1, input.dtype)
    picked = ops.sum(input * onehot, (1,), None, True)
    hinge = ops.pow(relu(margin - picked + input), float(p))
    if weight is None:
        loss = ops.mean(hinge, (1,), False) - margin ** p / classes
    else:
        weight = tensor_arg(api, "weight", weight)
        if weight.shape[0] != classes:
            raise ValueError(f"({api}) The weight's shape[0] should be equal to input's shape[1] "
                             f"but received weight's shape[0]: {weight.shape[0]} and input's "
                             f"shape[1]: {classes}")
        w = ops.sum(onehot * ops.reshape(cast(weight, input.dtype), [1, classes]), (1,), None,
                    True)
        loss = ops.mean(w * hinge, (1,), False) - ops.reshape(w, [-1]) * (margin ** p / classes)
    return reduce_loss(loss, reduction)


def _label_pairs(label: np.ndarray, classes: int):
    """Rows, target classes and non-target masks of every label entry before a row's first -1."""
    valid = np.cumprod(label != -1, axis=1).astype(bool)
    rows, cols = np.nonzero(valid)
    targets = label[rows, cols]
    is_target = np.zeros((label.shape[0], classes), bool)
    is_target[rows, targets] = True
    return rows, targets, ~is_target[rows]


def multi_label_margin_loss(input, label, reduction="mean", name=None):  # noqa: A002
    """For each sample: sum over its target classes j (label entries before the first -1) and
    non-target classes i of max(0, 1 - (x[j] - x[i])), divided by the number of classes.

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.1, 0.2, 0.4, 0.8]])
        >>> y = paddle.to_tensor([[3, 0, -1, 1]])
        >>> round(float(paddle.nn.functional.multi_label_margin_loss(x, y)), 4)
        0.85
    """
    api = "multi_label_margin_loss"
    check_reduction(api, reduction)
    input = tensor_arg(api, "input", input)  # noqa: A001
    label = tensor_arg(api, "label", label)
    if input.ndim != 2:
        raise ValueError(f"({api}) Expected 2D input tensor, but got {input.ndim}D")
    if label.ndim != 2:
        raise ValueError(f"({api}) Expected 2D label tensor, but got {label.ndim}D")
    n, classes = input.shape
    ids = concrete(api, "label", label).astype(np.int64, copy=False)
    if ids.size and ids.min() < -1:
        raise ValueError(f"({api}) label values should be >= -1")
    if ids.size and ids.max() >= classes:
        raise ValueError(f"({api}) label values should be < {classes}")
    rows, targets, others = _label_pairs(ids, classes)
    to_rows = wrap(np.eye(n, dtype=input._data.dtype)[rows])
    target_hot = wrap(np.eye(classes, dtype=input._data.dtype)[targets])
    row_scores = ops.matmul(to_rows, input, False, False)
    target_scores = ops.sum(row_scores * target_hot, (1,), None, True)
    margins = relu(1 - target_scores + row_scores) * wrap(others.astype(input._data.dtype))
    per_pair = ops.sum(margins, (1,), None, True)
    losses = ops.reshape(ops.matmul(to_rows, per_pair, True, False), [n]) / classes
    return reduce_loss(losses, reduction)


def npair_loss(anchor, positive, labels, l2_reg=0.002):
    """N-pair loss: softmax cross entropy of anchor·positiveᵀ similarities against the
    same-label matrix (rows normalised), plus l2_reg * 0.25 * the mean squared norms.

    Example:
        >>> import paddle
        >>> a = paddle.to_tensor([[1.0, 2.0], [3.0, 1.0]])
        >>> p = paddle.to_tensor([[2.0, 1.0], [1.0, 1.0]])
        >>> paddle.nn.functional.npair_loss(a, p, paddle.to_tensor([1.0, 2.0])).shape
        paddle.Size([])
    """
    api = "npair_loss"
    anchor, positive = tensor_arg(api, "anchor", anchor), tensor_arg(api, "positive", positive)
    labels = tensor_arg(api, "labels", labels)
    for name_, t in (("anchor", anchor), ("positive", positive)):
        if t.size == 0:
            raise ValueError(f"({api}) The dims of {name_} should be greater than 0.")
    batch = labels.shape[0]
    column = ops.reshape(labels, [batch, 1])
    same = mask(ops.equal(column, ops.reshape(labels, [1, batch])), _dt.float32)
    targets = same / ops.sum(same, (1,), None, True)
    l2 = (ops.mean(ops.sum(anchor * anchor, (1,), None, False), None, False) +
          ops.mean(ops.sum(positive * positive, (1,), None, False), None, False))
    similarity = ops.matmul(anchor, positive, False, True)
    _, ce = L.cross_entropy_with_softmax(similarity, cast(targets, similarity.dtype), True,
                                         True, True, -100, 1)
    cross_entropy = ops.sum(cast(targets, ce.dtype) * ce, (0,), None, False)
    return l2 * (0.25 * l2_reg) + ops.mean(cross_entropy, None, False)
