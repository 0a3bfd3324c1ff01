"""Turning a list of samples into a batch, and a batch into the Tensors the loader yields."""
from __future__ import annotations

import numbers
from collections.abc import Mapping, Sequence

import numpy as np

from ..._core.tensor import Tensor, wrap

__all__ = ["default_collate_fn", "default_convert_fn"]


def default_collate_fn(batch):
    """Stack a list of samples field by field: arrays with np.stack, Tensors with paddle.stack,
    numbers into one array (int64 / float64 / bool as NumPy infers), strings into a list;
    dicts and sequences are collated per key / position. The DataLoader then turns the arrays
    into Tensors.

    Example:
        >>> import numpy as np
        >>> from paddle.io.dataloader.collate import default_collate_fn
        >>> out = default_collate_fn([{"x": np.zeros(2), "y": 1}, {"x": np.ones(2), "y": 2}])
        >>> out["x"].shape, out["y"]
        ((2, 2), array([1, 2]))
    """
    sample = batch[0]
    if isinstance(sample, np.ndarray):
        return np.stack(batch, axis=0)
    if isinstance(sample, Tensor):
        from ...tensor.manipulation import stack
        return stack(batch, axis=0)
    if isinstance(sample, numbers.Number):
        return np.array(batch)
    if isinstance(sample, (str, bytes)):
        return batch
    if isinstance(sample, Mapping):
        return {key: default_collate_fn([s[key] for s in batch]) for key in sample}
    if isinstance(sample, Sequence):
        width = len(sample)
        if any(len(s) != width for s in batch):
            raise RuntimeError("fields number not same among samples in a batch")
        return [default_collate_fn(list(fields)) for fields in zip(*batch)]
    raise TypeError("batch data con only contains: tensor, numpy.ndarray, dict, list, number, "
                    f"but got {type(sample)}")


def default_convert_fn(batch):
    """The collate function when automatic batching is off (batch_size=None): samples pass
    through, sequences become lists.

    Example:
        >>> from paddle.io.dataloader.collate import default_convert_fn
        >>> default_convert_fn((1, "a"))
        [1, 'a']
    """
    if isinstance(batch, (Tensor, np.ndarray, str, bytes)):
        return batch
    if isinstance(batch, Mapping):
        return {key: default_convert_fn(batch[key]) for key in batch}
    if isinstance(batch, Sequence):
        return [default_convert_fn(item) for item in batch]
    return batch


def arrays_to_tensors(batch, copy: bool = False):
    """What the loader yields: every ndarray of the batch as a Tensor, containers kept (tuples
    become lists, as Paddle returns them). `copy` when the arrays may still belong to the
    dataset (no collation made them fresh); text and object arrays stay arrays."""
    if isinstance(batch, np.ndarray):
        if batch.dtype.kind in "OUS":
            return batch
        return wrap(batch.copy() if copy or not batch.flags.writeable else batch)
    if isinstance(batch, (Tensor, str, bytes)):
        return batch
    if isinstance(batch, Mapping):
        return {key: arrays_to_tensors(value, copy) for key, value in batch.items()}
    if isinstance(batch, Sequence):
        return [arrays_to_tensors(item, copy) for item in batch]
    return batch
