"""Functions that turn integer ids into vectors: embedding and one_hot."""
from __future__ import annotations

import numpy as np

from ..._core.ops import nn_common as C
from ..._core.tensor import Tensor
from ...tensor._arg_forms import aliases
from ...tensor._convert import require_tensor


def padding_row(padding_idx, num_rows: int, api: str = "embedding") -> int:
    """Paddle's normalisation of padding_idx: None means no padding (-1); negatives count from
    the end (a result still below -num_rows is accepted and means no padding, as in Paddle)."""
    if padding_idx is None:
        return C.NO_PADDING
    row = padding_idx if padding_idx >= 0 else num_rows + padding_idx
    if num_rows and (row >= num_rows or row < -num_rows):
        raise ValueError(f"({api}) padding_idx must be within [-{num_rows}, {num_rows}), but "
                         f"received {padding_idx}.")
    return int(row) if row >= 0 else C.NO_PADDING


@aliases(x="input")
def embedding(x, weight, padding_idx=None, max_norm=None, norm_type=2.0, sparse=False,
              scale_grad_by_freq=False, name=None):
    """Rows of `weight` ([num_embeddings, dim]) picked by the integer ids in x; the output has
    shape x.shape + [dim]. Rows whose id equals padding_idx are zero and get no gradient. With
    max_norm, the looked-up rows of weight are first renormalised in place to that norm.

    Example:
        >>> import paddle
        >>> w = paddle.arange(6, dtype='float32').reshape([3, 2])
        >>> paddle.nn.functional.embedding(paddle.to_tensor([2, 0]), w)
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[4., 5.],
                [0., 1.]])
    """
    require_tensor("embedding", "x", 0, x)
    require_tensor("embedding", "weight", 1, weight)
    padding = padding_row(padding_idx, weight.shape[0] if weight.ndim else 0)
    if max_norm and weight.size:
        embedding_renorm_(x, weight, max_norm, norm_type)
    if scale_grad_by_freq:
        if sparse:
            raise AttributeError("(embedding) scale_grad_by_freq = True is not supported with "
                                 "sparse update.")
        return C.embedding_with_scaled_gradient(x, weight, padding)
    return C.embedding(x, weight, padding, bool(sparse))


def embedding_renorm_(x, weight, max_norm, norm_type=2.0):
    """Scale, in place, every row of weight that x looks up whose norm_type-norm exceeds
    max_norm down to max_norm (what embedding does first when given max_norm; no gradient
    flows through this). Returns weight.

    Example:
        >>> import paddle
        >>> from paddle.nn.functional.input import embedding_renorm_
        >>> w = paddle.to_tensor([[3., 4.], [0.3, 0.4]])
        >>> embedding_renorm_(paddle.to_tensor([0, 1]), w, 1.0)
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[0.60000002, 0.80000001],
                [0.30000001, 0.40000001]])
    """
    ids = x
    max_norm, norm_type = float(max_norm), float(norm_type)
    C.check_lookup(ids._data, weight._data)
    table = weight._data
    rows = np.unique(ids._data)
    picked = table[rows]
    work = picked.astype(np.float32) if picked.dtype.itemsize < 4 else picked
    norms = np.linalg.norm(work, ord=norm_type, axis=1, keepdims=True)
    scale = np.where(norms > max_norm, max_norm / (norms + work.dtype.type(1e-7)), 1)
    table[rows] = (work * scale.astype(work.dtype)).astype(table.dtype)
    weight._version += 1
    return weight


@aliases(x="input")
def one_hot(x, num_classes=-1, name=None):
    """One-hot float32 vectors of length num_classes for the integer ids in x (the output has
    shape x.shape + [num_classes]); num_classes=-1 uses max(x) + 1.

    Example:
        >>> import paddle
        >>> paddle.nn.functional.one_hot(paddle.to_tensor([1, 0]), 3)
        Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[0., 1., 0.],
                [1., 0., 0.]])
    """
    require_tensor("one_hot", "x", 0, x)
    if isinstance(num_classes, Tensor):
        num_classes = int(num_classes.item())
    if num_classes == -1:
        if x.size == 0:
            raise ValueError("(one_hot) num_classes=-1 takes max(x) + 1, which an empty x does "
                             "not have; pass num_classes explicitly.")
        num_classes = int(x._data.max()) + 1
    if isinstance(num_classes, bool) or not isinstance(num_classes, int) or num_classes < 0:
        raise ValueError(f"(one_hot) num_classes must be a non-negative int (or -1), but "
                         f"received {num_classes!r}.")
    return C.one_hot(x, num_classes)


__all__ = ["embedding", "one_hot"]
