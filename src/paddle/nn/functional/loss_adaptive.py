"""Adaptive softmax (Grave et al.): a head over the frequent classes plus one entry per tail
cluster, each cluster a two-layer projection with its own softmax."""
from __future__ import annotations

import numpy as np

from ..._core.tensor import wrap
from ._loss_utils import concrete, log_softmax, ops, tensor_arg

__all__ = ["adaptive_log_softmax_with_loss"]


def _linear(x, weight, bias=None):
    out = ops.matmul(x, weight, False, False)
    return out if bias is None else out + bias


def _rows(selected: np.ndarray, batch: int, dtype):
    """A constant [len(selected), batch] matrix picking rows `selected` by matmul."""
    return wrap(np.eye(batch, dtype=dtype)[selected])


def _check(api, input, label):  # noqa: A002
    if label.ndim == 1:
        if input.shape[0] != label.shape[0] and label.shape[0] != 0:
            raise ValueError(f"({api}) Input and label should have the same size in the batch "
                             f"dimension, but received {input.shape[0]} and {label.shape[0]}.")
        if input.ndim != 2:
            raise ValueError(f"({api}) 1D label tensor expects 2D input tensors, but found "
                             f"inputs with size {list(input.shape)}")
    elif label.ndim == 0:
        if input.ndim != 1:
            raise ValueError(f"({api}) 0D label tensor expects 1D input tensors, but found "
                             f"inputs with size {list(input.shape)}")
    else:
        raise ValueError(f"({api}) 0D or 1D label tensor expected, multi-label not supported")


def adaptive_log_softmax_with_loss(input, label, head_weight, tail_weights, cutoffs,  # noqa: A002
                                   head_bias=None, name=None):
    """Returns (output, loss): the log-probability of each label under the adaptive softmax
    and the mean negative log-likelihood. head_weight is [in, cutoffs[0] + n_clusters];
    tail_weights[i] = (projection [in, hidden_i], output [hidden_i, cluster_size_i]).

    Example:
        >>> import paddle
        >>> F = paddle.nn.functional
        >>> x, y = paddle.rand([3, 4]), paddle.to_tensor([0, 3, 5])
        >>> head = paddle.rand([4, 3])
        >>> tails = [[paddle.rand([4, 2]), paddle.rand([2, 4])]]
        >>> out, loss = F.adaptive_log_softmax_with_loss(x, y, head, tails, [2, 6])
        >>> out.shape, loss.shape
        (paddle.Size([3]), paddle.Size([]))
    """
    api = "adaptive_log_softmax_with_loss"
    input = tensor_arg(api, "input", input)  # noqa: A001
    label = tensor_arg(api, "label", label)
    _check(api, input, label)
    batched = label.ndim > 0
    if not batched:
        input, label = ops.unsqueeze(input, [0]), ops.unsqueeze(label, [0])  # noqa: A001
    ids = concrete(api, "label", label).astype(np.int64, copy=False)
    bounds = [0] + [int(c) for c in cutoffs]
    if ids.size and (ids.min() < 0 or ids.max() >= bounds[-1]):
        raise ValueError(f"({api}) label values should be in [0, n_classes - 1], but values in "
                         f"range [{ids.min()}, {ids.max()}] were found.")
    batch, dtype = ids.shape[0], input._data.dtype
    head = log_softmax(_linear(input, head_weight, head_bias), 1)
    head_index = ids.copy()
    output = None
    for i in range(1, len(bounds) - 1):
        selected = np.flatnonzero((ids >= bounds[i]) & (ids < bounds[i + 1]))
        if not selected.size:
            continue
        head_index[selected] = bounds[1] + i - 1
        pick = _rows(selected, batch, dtype)
        projection, out_weight = tail_weights[i - 1]
        cluster = log_softmax(_linear(_linear(ops.matmul(pick, input, False, False),
                                              projection), out_weight), 1)
        local = wrap(np.eye(cluster.shape[1], dtype=dtype)[ids[selected] - bounds[i]])
        scattered = ops.matmul(pick, ops.sum(cluster * local, (1,), None, True), True, False)
        output = scattered if output is None else output + scattered
    head_pick = wrap(np.eye(head.shape[1], dtype=dtype)[head_index])
    total = ops.sum(head * head_pick, (1,), None, True)
    output = ops.reshape(total if output is None else total + output, [batch])
    loss = ops.mean(-output, None, False)
    return (output if batched else ops.squeeze(output, [0])), loss
