"""Datasets: map-style (`__getitem__` + `__len__`) and iterable-style (`__iter__`), with the
wrappers that combine, subset and split them."""
from __future__ import annotations

import bisect
import math
import warnings

from ..._core.tensor import Tensor
from ._errors import NoLengthError, check

__all__ = [
    "ChainDataset",
    "ComposeDataset",
    "ConcatDataset",
    "Dataset",
    "IterableDataset",
    "Subset",
    "TensorDataset",
    "random_split",
]


class Dataset:
    """A map-style dataset: subclasses implement `__getitem__(idx)` and `__len__()`.

    Example:
        >>> import numpy as np
        >>> from paddle.io import Dataset
        >>> class Squares(Dataset):
        ...     def __getitem__(self, idx):
        ...         return np.array([idx * idx], dtype="float32")
        ...     def __len__(self):
        ...         return 4
        >>> Squares()[3]
        array([9.], dtype=float32)
    """

    def __getitem__(self, idx):
        raise NotImplementedError(f"'__getitem__' not implement in class {type(self).__name__}")

    def __len__(self):
        raise NotImplementedError(f"'__len__' not implement in class {type(self).__name__}")


class IterableDataset(Dataset):
    """An iterable-style dataset: subclasses implement `__iter__()`. With several DataLoader
    workers each worker iterates its own copy; use `paddle.io.get_worker_info()` to split.

    Example:
        >>> from paddle.io import IterableDataset
        >>> class Counting(IterableDataset):
        ...     def __iter__(self):
        ...         yield from range(3)
        >>> list(Counting())
        [0, 1, 2]
    """

    def __iter__(self):
        raise NotImplementedError(f"'__iter__' not implement in class {type(self).__name__}")

    def __getitem__(self, idx):
        raise RuntimeError(f"'__getitem__' should not be called for IterableDataset "
                           f"{type(self).__name__}")

    def __len__(self):
        raise NoLengthError(f"'__len__' should not be called for IterableDataset "
                            f"{type(self).__name__}")


class TensorDataset(Dataset):
    """Samples are the rows of several Tensors that share their first dimension.

    Example:
        >>> import paddle
        >>> from paddle.io import TensorDataset
        >>> ds = TensorDataset([paddle.arange(6).reshape([3, 2]), paddle.to_tensor([1, 2, 3])])
        >>> [t.tolist() for t in ds[1]]
        [[2, 3], 2]
    """

    def __init__(self, tensors):
        check(isinstance(tensors, (list, tuple)) and len(tensors) > 0
              and all(isinstance(t, Tensor) for t in tensors),
              "(TensorDataset) tensors should be a non-empty list/tuple of paddle.Tensor, but "
              f"received {type(tensors).__name__}")
        first = tensors[0].shape[0] if tensors[0].ndim else None
        check(all(t.ndim > 0 and t.shape[0] == first for t in tensors),
              "tensors not have same shape of the 1st dimension: "
              f"{[list(t.shape) for t in tensors]}")
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(tensor[index] for tensor in self.tensors)

    def __len__(self):
        return self.tensors[0].shape[0]


def _as_fields(sample) -> list:
    return list(sample) if isinstance(sample, (list, tuple)) else [sample]


class ComposeDataset(Dataset):
    """Zips map-style datasets of equal length: sample i is the fields of every dataset's
    sample i, flattened into one tuple.

    Example:
        >>> from paddle.io import ComposeDataset, TensorDataset
        >>> import paddle
        >>> a = TensorDataset([paddle.to_tensor([1, 2])])
        >>> b = TensorDataset([paddle.to_tensor([3, 4])])
        >>> [t.item() for t in ComposeDataset([a, b])[1]]
        [2, 4]
    """

    def __init__(self, datasets):
        self.datasets = list(datasets)
        check(len(self.datasets) > 0, "input datasets should not be empty")
        for i, dataset in enumerate(self.datasets):
            check(isinstance(dataset, Dataset),
                  f"each input dataset should be paddle.io.Dataset, but dataset {i} is a "
                  f"{type(dataset).__name__}")
            check(not isinstance(dataset, IterableDataset),
                  "paddle.io.IterableDataset not supported")
            check(i == 0 or len(dataset) == len(self.datasets[i - 1]),
                  "lengths of datasets should be same")

    def __len__(self):
        return len(self.datasets[0])

    def __getitem__(self, idx):
        sample = []
        for dataset in self.datasets:
            sample.extend(_as_fields(dataset[idx]))
        return tuple(sample)


class ChainDataset(IterableDataset):
    """Iterates several iterable datasets one after another.

    Example:
        >>> from paddle.io import ChainDataset, IterableDataset
        >>> class Upto(IterableDataset):
        ...     def __init__(self, n):
        ...         self.n = n
        ...     def __iter__(self):
        ...         yield from range(self.n)
        >>> list(ChainDataset([Upto(2), Upto(3)]))
        [0, 1, 0, 1, 2]
    """

    def __init__(self, datasets):
        self.datasets = list(datasets)
        check(len(self.datasets) > 0, "input datasets should not be empty")
        for i, dataset in enumerate(self.datasets):
            check(isinstance(dataset, IterableDataset),
                  f"ChainDataset only support paddle.io.IterableDataset, but dataset {i} is a "
                  f"{type(dataset).__name__}")

    def __iter__(self):
        for dataset in self.datasets:
            yield from dataset


class ConcatDataset(Dataset):
    """Map-style datasets concatenated end to end.

    Example:
        >>> from paddle.io import ConcatDataset, Subset
        >>> ds = ConcatDataset([Subset(range(10), [0, 1]), Subset(range(10), [7, 8, 9])])
        >>> len(ds), ds[2], ds[-1]
        (5, 7, 9)
    """

    def __init__(self, datasets):
        self.datasets = list(datasets)
        check(len(self.datasets) > 0, "datasets should not be an empty iterable")
        for dataset in self.datasets:
            check(not isinstance(dataset, IterableDataset),
                  "ConcatDataset does not support IterableDataset")
        self.cumulative_sizes = self.cumsum(self.datasets)

    @staticmethod
    def cumsum(sequence) -> list:
        sizes, total = [], 0
        for item in sequence:
            total += len(item)
            sizes.append(total)
        return sizes

    def __len__(self):
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx):
        if idx < 0:
            if -idx > len(self):
                raise ValueError("absolute value of index should not exceed dataset length")
            idx += len(self)
        which = bisect.bisect_right(self.cumulative_sizes, idx)
        if which >= len(self.datasets):
            raise IndexError(f"(ConcatDataset) index {idx} is out of range for a dataset of "
                             f"length {len(self)}")
        start = self.cumulative_sizes[which - 1] if which else 0
        return self.datasets[which][idx - start]


class Subset(Dataset):
    """The samples of `dataset` at `indices`, in that order.

    Example:
        >>> from paddle.io import Subset
        >>> list(Subset(range(10), [9, 0, 4]))
        [9, 0, 4]
    """

    def __init__(self, dataset, indices):
        self.dataset = dataset
        self.indices = indices

    def __getitem__(self, idx):
        return self.dataset[self.indices[idx]]

    def __len__(self):
        return len(self.indices)


def _lengths_from_fractions(fractions, total: int) -> list:
    lengths = []
    for i, fraction in enumerate(fractions):
        if fraction < 0 or fraction > 1:
            raise ValueError(f"Fraction at index {i} is not between 0 and 1")
        lengths.append(math.floor(total * fraction))
    # hand out the rounding remainder one by one, round-robin from the first split
    for i in range(total - sum(lengths)):
        lengths[i % len(lengths)] += 1
    for i, length in enumerate(lengths):
        if length == 0:
            warnings.warn(f"Length of split at index {i} is 0. This might result in an empty "
                          "dataset.", stacklevel=3)
    return lengths


def random_split(dataset, lengths, generator=None):
    """Split `dataset` into non-overlapping random Subsets of the given lengths (or fractions
    summing to 1). The permutation comes from paddle's default generator (`paddle.seed`), or
    from `generator` (a paddle.Generator) when given.

    Example:
        >>> import paddle
        >>> from paddle.io import random_split
        >>> _ = paddle.seed(2023)
        >>> train, test = random_split(range(10), [0.8, 0.2])
        >>> len(train), len(test)
        (8, 2)
    """
    lengths = list(lengths)
    if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        lengths = _lengths_from_fractions(lengths, len(dataset))
    if sum(lengths) != len(dataset):
        raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
    from .sampler import paddle_permutation
    indices = paddle_permutation(sum(lengths), generator)
    splits, offset = [], 0
    for length in lengths:
        splits.append(Subset(dataset, indices[offset:offset + length]))
        offset += length
    return splits
