"""Batch samplers: lists of indices, one list per mini-batch."""
from __future__ import annotations

import math

import numpy as np

from ._errors import check
from .dataset import IterableDataset
from .sampler import RandomSampler, Sampler, SequenceSampler

__all__ = ["BatchSampler", "DistributedBatchSampler"]


def _batches(indices, batch_size: int, drop_last: bool):
    batch = []
    for index in indices:
        batch.append(index)
        if len(batch) == batch_size:
            yield batch
            batch = []
    if batch and not drop_last:
        yield batch


def _check_batch_args(batch_size, drop_last) -> None:
    check(isinstance(batch_size, int) and not isinstance(batch_size, bool) and batch_size > 0,
          f"batch_size should be a positive integer, but got {batch_size}")
    check(isinstance(drop_last, bool),
          f"drop_last should be a boolean value, but got {type(drop_last)}")


class BatchSampler(Sampler):
    """Groups the indices of a sampler (or of `dataset`, in order or shuffled) into lists of
    `batch_size`; the last short batch is kept unless `drop_last`.

    Example:
        >>> from paddle.io import BatchSampler
        >>> list(BatchSampler(range(5), batch_size=2))
        [[0, 1], [2, 3], [4]]
    """

    def __init__(self, dataset=None, sampler=None, shuffle=False, batch_size=1,
                 drop_last=False):
        if dataset is None:
            check(sampler is not None, "either dataset or sampler should be set")
            check(hasattr(sampler, "__iter__"), "sampler should be either paddle.io.Sampler "
                  f"or Iterable, but got {type(sampler)}")
            check(not shuffle, "shuffle should be False when sampler is set")
            self.sampler = sampler
        else:
            check(not isinstance(dataset, IterableDataset),
                  "dataset should not be a paddle.io.IterableDataset")
            check(sampler is None, "should not set both dataset and sampler")
            check(isinstance(shuffle, bool),
                  f"shuffle should be a boolean value, but got {type(shuffle)}")
            self.sampler = RandomSampler(dataset) if shuffle else SequenceSampler(dataset)
        _check_batch_args(batch_size, drop_last)
        self.batch_size = batch_size
        self.shuffle = shuffle
        self.drop_last = drop_last

    def __iter__(self):
        return _batches(self.sampler, self.batch_size, self.drop_last)

    def __len__(self):
        count = len(self.sampler)
        if self.drop_last:
            return count // self.batch_size
        return (count + self.batch_size - 1) // self.batch_size


class InfiniteIterableSampler(Sampler):
    """Placeholder batches for an iterable dataset: each batch asks for `batch_size` items."""

    def __init__(self, dataset, batch_size=1):
        check(isinstance(dataset, IterableDataset),
              "dataset should be an instance of paddle.io.IterableDataset")
        self.dataset = dataset
        self.batch_size = batch_size

    def __iter__(self):
        while True:
            yield [None] * self.batch_size


def _default_replicas() -> tuple[int, int]:
    """(nranks, rank) of the running distributed job: the launcher's PADDLE_* variables, or
    those of the mpiexec/scheduler that started this process."""
    from ...distributed.parallel_env import launched_rank_and_size
    rank, nranks = launched_rank_and_size()
    return nranks, rank


class DistributedBatchSampler(BatchSampler):
    """The share of `dataset` that one of `num_replicas` processes loads: indices are padded
    (by repeating from the start) to a multiple of `num_replicas`, optionally shuffled with the
    epoch as seed (the same order on every rank), and dealt out batch by batch. Call
    `set_epoch(e)` each epoch for a fresh, rank-consistent shuffle.

    Example:
        >>> from paddle.io import DistributedBatchSampler
        >>> list(DistributedBatchSampler(range(10), 2, num_replicas=3, rank=0))
        [[0, 1], [6, 7]]
    """

    def __init__(self, dataset, batch_size, num_replicas=None, rank=None, shuffle=False,
                 drop_last=False):
        self.dataset = dataset
        check(isinstance(batch_size, int) and not isinstance(batch_size, bool)
              and batch_size > 0, "batch_size should be a positive integer")
        check(isinstance(shuffle, bool), "shuffle should be a boolean value")
        check(isinstance(drop_last, bool), "drop_last should be a boolean number")
        env_replicas, env_rank = _default_replicas()
        if num_replicas is not None:
            check(isinstance(num_replicas, int) and num_replicas > 0,
                  "num_replicas should be a positive integer")
        if rank is not None:
            check(isinstance(rank, int) and rank >= 0, "rank should be a non-negative integer")
        self.batch_size = batch_size
        self.shuffle = shuffle
        self.drop_last = drop_last
        self.nranks = env_replicas if num_replicas is None else num_replicas
        self.local_rank = env_rank if rank is None else rank
        self.epoch = 0
        self.num_samples = math.ceil(len(dataset) / self.nranks)
        self.total_size = self.num_samples * self.nranks

    def _padded_indices(self) -> list:
        indices = list(range(len(self.dataset)))
        padding = self.total_size - len(indices)
        if indices:
            repeats = math.ceil(padding / len(indices)) if padding else 0
            indices += (indices * repeats)[:padding]
        return indices

    def _rank_share(self, indices: list) -> list:
        """This rank's indices: batch-size chunks dealt round-robin, then an even split of
        the tail that does not fill a chunk on every rank."""
        stride = self.batch_size * self.nranks
        tail = self.total_size % stride
        tail_share = tail // self.nranks
        share = []
        for start in range(self.local_rank * self.batch_size, len(indices) - tail, stride):
            share.extend(indices[start:start + self.batch_size])
        rest = indices[len(indices) - tail:]
        share.extend(rest[self.local_rank * tail_share:(self.local_rank + 1) * tail_share])
        return share

    def __iter__(self):
        indices = self._padded_indices()
        if self.shuffle:
            # NumPy's legacy stream seeded by the epoch: every rank (and real Paddle) agrees
            np.random.RandomState(self.epoch).shuffle(indices)
            self.epoch += 1
        if self.nranks > 1:
            indices = self._rank_share(indices)
        return _batches(indices, self.batch_size, self.drop_last)

    def __len__(self):
        extra = 0 if self.drop_last else self.batch_size - 1
        return (self.num_samples + extra) // self.batch_size

    def set_epoch(self, epoch) -> None:
        """Use `epoch` as the seed of the next shuffle (same value → same order)."""
        self.epoch = epoch
