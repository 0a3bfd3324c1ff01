"""Lookup-table ops: embedding (rows of a weight table picked by integer ids), its transpose
embedding_grad (rows scattered back and summed), one_hot, and gather_tree (beam-search
back-tracing through parent ids).

embedding and embedding_grad are each other's gradient, so any order of differentiation stays
inside these two ops. Ids must lie in [0, num_embeddings): Paddle reads past the table for
negative ids; Feijiang raises instead."""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from .registry import INJECTIVE, OPAQUE, defop

NO_PADDING = -1


def _check_ids(op: str, ids, arg: str = "x") -> None:
    if ids.dtype.kind not in "iu":
        raise TypeError(f"({op}) The input {arg} holds the ids and must be an integer Tensor "
                        f"(int32 or int64), but received {ids.dtype.name}.")


def _check_range(op: str, ids: np.ndarray, size: int) -> None:
    if ids.size == 0:
        return
    low, high = ids.min(), ids.max()
    if low < 0 or high >= size:
        bad = low if low < 0 else high
        raise ValueError(f"({op}) Variable value (input) of OP(embedding) expected >= 0 and < "
                         f"{size}, but got {bad}. Please check input value.")


def _check_table(x, weight) -> None:
    _check_ids("embedding", x)
    if len(weight.shape) != 2:
        raise ValueError(f"(embedding) ShapeError: The dimensions of the 'lookup table' must be "
                         f"2. But received lookup table's dimensions = {len(weight.shape)}, "
                         f"lookup table's shape = {list(weight.shape)}.")


def _embedding_meta(x, weight, padding_idx=NO_PADDING, sparse=False):
    _check_table(x, weight)
    return TensorMeta(tuple(x.shape) + (weight.shape[1],), weight.dtype)


def check_lookup(ids: np.ndarray, weight: np.ndarray) -> None:
    """The checks embedding runs on its inputs: integer ids within the rows of a 2-D table."""
    _check_table(ids, weight)
    _check_range("embedding", ids, weight.shape[0])


def _lookup(xp, ids, weight, padding_idx):
    check_lookup(ids, weight)
    out = xp.take(weight, ids, axis=0)
    if padding_idx != NO_PADDING:
        out[ids == padding_idx] = 0
    return out


@defop("embedding", "x weight", infer_meta=_embedding_meta, pattern=INJECTIVE)
def embedding(xp, x, weight, padding_idx=NO_PADDING, sparse=False):
    return _lookup(xp, x, weight, padding_idx)


@embedding.grad(save="x")
def _(ctx, g):
    if not ctx.needs_grad[1]:
        return None, None
    return None, embedding_grad(ctx.x, g, ctx.weight.shape[0], ctx.padding_idx, False)


@defop("embedding_with_scaled_gradient", "x weight", infer_meta=_embedding_meta,
       pattern=INJECTIVE)
def embedding_with_scaled_gradient(xp, x, weight, padding_idx=NO_PADDING):
    """embedding whose weight gradient divides each row by how often its id occurs."""
    return _lookup(xp, x, weight, padding_idx)


@embedding_with_scaled_gradient.grad(save="x")
def _(ctx, g):
    if not ctx.needs_grad[1]:
        return None, None
    return None, embedding_grad(ctx.x, g, ctx.weight.shape[0], ctx.padding_idx, True)


def _embedding_grad_meta(x, out_grad, num_rows, padding_idx=NO_PADDING, scale_by_freq=False):
    _check_ids("embedding_grad", x)
    return TensorMeta((num_rows, out_grad.shape[-1]), out_grad.dtype)


@defop("embedding_grad", "x out_grad", infer_meta=_embedding_grad_meta, pattern=OPAQUE)
def embedding_grad(xp, x, out_grad, num_rows, padding_idx=NO_PADDING, scale_by_freq=False):
    """Rows of out_grad summed into a [num_rows, dim] table at their ids (padding rows get 0);
    with scale_by_freq each summed row is divided by its id's count."""
    ids = x.reshape(-1)
    rows = out_grad.reshape(ids.size, out_grad.shape[-1])
    work = rows.astype(np.float32) if rows.dtype.itemsize < 4 else rows
    table = xp.zeros((num_rows, rows.shape[1]), work.dtype)
    xp.add.at(table, ids, work)
    if scale_by_freq:
        counts = xp.bincount(ids, minlength=num_rows)
        table /= xp.maximum(counts, 1).astype(work.dtype)[:, None]
    if padding_idx != NO_PADDING:
        table[padding_idx] = 0
    return table.astype(out_grad.dtype, copy=False)


@embedding_grad.grad(save="x")
def _(ctx, gg):
    x = ctx.x
    back = embedding(x, gg, ctx.padding_idx, False)
    if ctx.scale_by_freq:
        from .creation import full
        ones = full(list(x.shape) + [1], 1, gg.dtype)
        counts = embedding_grad(x, ones, ctx.num_rows, NO_PADDING, False)
        back = back / embedding(x, counts, NO_PADDING, False)
    return None, back


# ---- one_hot -----------------------------------------------------------------------------------

def _one_hot_meta(x, num_classes):
    _check_ids("one_hot", x)
    return TensorMeta(tuple(x.shape) + (int(num_classes),), _dt.float32)


@defop("one_hot", infer_meta=_one_hot_meta, pattern=INJECTIVE)
def one_hot(xp, x, num_classes):
    _check_ids("one_hot", x)
    depth = int(num_classes)
    if x.size:
        low, high = x.min(), x.max()
        if low < 0:
            raise ValueError(f"(one_hot) Illegal index value, Input(input) value should be at "
                             f"least 0, but received input ({low}) less than 0")
        if high >= depth:
            raise ValueError(f"(one_hot) Illegal index value, Input(input) value should be less "
                             f"than Input(depth), but received input ({high}) not less than "
                             f"depth ({depth})")
    out = xp.zeros(x.shape + (depth,), np.float32)
    xp.put_along_axis(out, x[..., None].astype(np.int64), 1, axis=-1)
    return out


one_hot.no_grad("integer ids in, constant 0/1 out")


# ---- gather_tree -------------------------------------------------------------------------------

def _gather_tree_meta(ids, parents):
    if len(ids.shape) != 3:
        raise ValueError(f"(gather_tree) The input ids must be a 3D tensor with shape "
                         f"[length, batch_size, beam_size], but received shape {list(ids.shape)}.")
    if tuple(parents.shape) != tuple(ids.shape):
        raise ValueError(f"(gather_tree) The shape of Input(Parents) {list(parents.shape)} must "
                         f"be same with the shape of Input(Ids) {list(ids.shape)}.")
    _check_ids("gather_tree", ids, "ids")
    if parents.dtype != ids.dtype:
        raise TypeError(f"(gather_tree) ids and parents must have the same integer dtype, but "
                        f"received {ids.dtype.name} and {parents.dtype.name}.")
    return TensorMeta(ids.shape, ids.dtype)


@defop("gather_tree", "ids parents", infer_meta=_gather_tree_meta, pattern=OPAQUE)
def gather_tree(xp, ids, parents):
    """Back-trace beam-search steps: starting from the last step, follow each beam's parent
    pointers and collect the id chosen at every step."""
    _gather_tree_meta(ids, parents)
    steps, batch, beam = ids.shape
    out = xp.empty_like(ids)
    if ids.size == 0:
        return out
    if parents.min() < 0 or parents.max() >= beam:
        raise ValueError(f"(gather_tree) Every parent index must be in [0, {beam}), but "
                         f"received values in [{parents.min()}, {parents.max()}].")
    rows = xp.arange(batch)[:, None]
    beams = xp.broadcast_to(xp.arange(beam), (batch, beam))
    for t in range(steps - 1, -1, -1):
        out[t] = ids[t][rows, beams]
        beams = parents[t][rows, beams]
    return out


gather_tree.no_grad("integer ids in, integer ids out")
