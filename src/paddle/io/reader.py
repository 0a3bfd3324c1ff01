"""`paddle.io.DataLoader`: iterate a dataset in mini-batches, optionally with worker processes."""
from __future__ import annotations

import itertools

from .dataloader._errors import NoLengthError, check
from .dataloader.batch_sampler import BatchSampler, InfiniteIterableSampler
from .dataloader.collate import default_collate_fn, default_convert_fn
from .dataloader.dataset import IterableDataset
from .dataloader.multiprocess_iter import MultiProcessIter
from .dataloader.single_process_iter import SingleProcessIter

__all__ = ["DataLoader"]


def _non_negative_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


class DataLoader:
    """Iterates `dataset` in batches of Tensors.

    Batches come from `batch_sampler`, or from a BatchSampler built from `batch_size`,
    `shuffle` and `drop_last` (`batch_size=None` turns automatic batching off: each dataset
    item is one batch). `collate_fn` merges samples (default: `default_collate_fn`, which
    stacks arrays, numbers and Tensors field by field); arrays in the result become Tensors.
    Shuffling draws from NumPy's global stream, as in Paddle: `np.random.seed` fixes the order
    (and gives real Paddle's order).

    With `num_workers > 0`, batches are built by that many worker processes (forked where the
    system allows, so the dataset is not pickled), at most `prefetch_factor` batches ahead per
    worker, and yielded in the order the batch sampler gives (the batches of `num_workers=0`;
    a shuffled order differs, as in Paddle, because the workers' base seed is drawn from
    NumPy's stream first). Each worker seeds `random`, NumPy's global stream and paddle's
    generator from that base seed and its id as Paddle does (see `get_worker_info`) and then
    calls `worker_init_fn(worker_id)`. Large arrays travel through shared memory
    (/dev/shm) when `use_shared_memory`. An exception in a worker is raised in the main
    process with the worker's traceback; a worker that dies raises RuntimeError at once;
    `timeout > 0` bounds the wait for one batch. `persistent_workers` keeps the processes
    across epochs. With `return_list=False` and a `feed_list` of static.data variables, each
    batch comes as `[{name: tensor}]`, which `Executor.run(feed=...)` takes. `places`,
    `use_buffer_reader` and `reader_buffer_size` are accepted for compatibility: tensors live
    on the CPU, and prefetching is governed by `prefetch_factor`.

    Example:
        >>> import numpy as np
        >>> import paddle
        >>> from paddle.io import DataLoader, TensorDataset
        >>> ds = TensorDataset([paddle.arange(10, dtype="float32").reshape([5, 2]),
        ...                     paddle.arange(5)])
        >>> for x, y in DataLoader(ds, batch_size=2, drop_last=True):
        ...     print(x.shape, y.tolist())
        paddle.Size([2, 2]) [0, 1]
        paddle.Size([2, 2]) [2, 3]
    """

    def __init__(self, dataset, feed_list=None, places=None, return_list=True,
                 batch_sampler=None, batch_size=1, shuffle=False, drop_last=False,
                 collate_fn=None, num_workers=0, use_buffer_reader=True, reader_buffer_size=2,
                 prefetch_factor=2, use_shared_memory=True, timeout=0, worker_init_fn=None,
                 persistent_workers=False):
        check(_non_negative_int(num_workers),
              f"num_workers should be a non-negative integer, but got {num_workers!r}")
        check(isinstance(prefetch_factor, int) and prefetch_factor > 0,
              f"prefetch_factor should be a positive value, but got {prefetch_factor!r}")
        check(isinstance(timeout, (int, float)) and timeout >= 0,
              f"timeout should be a non-negative value, but got {timeout!r}")
        self.dataset = dataset
        self.feed_list = feed_list
        self.places = places
        self.return_list = return_list
        self.collate_fn = collate_fn
        self.num_workers = num_workers
        self.use_buffer_reader = use_buffer_reader
        self.reader_buffer_size = reader_buffer_size
        self.prefetch_factor = prefetch_factor
        self.use_shared_memory = bool(use_shared_memory) and num_workers > 0
        self.timeout = timeout
        self.worker_init_fn = worker_init_fn
        self.persistent_workers = bool(persistent_workers) and num_workers > 0
        self.drop_last = drop_last
        self._setup_batching(dataset, batch_sampler, batch_size, shuffle, drop_last)
        self._iterator = None

    def _setup_batching(self, dataset, batch_sampler, batch_size, shuffle, drop_last) -> None:
        iterable = isinstance(dataset, IterableDataset)
        if iterable and shuffle:
            raise ValueError(f"IterableDataset not support shuffle, but got shuffle={shuffle}")
        if iterable and batch_sampler is not None:
            raise ValueError("IterableDataset expect unspecified batch_sampler")
        self.batch_size = None
        if batch_sampler is not None:
            check(batch_size == 1 and not shuffle and not drop_last,
                  "batch_size/shuffle/drop_last should not be set when batch_sampler is given")
            self.batch_sampler = batch_sampler
        elif batch_size is None:
            self.batch_sampler = None
        else:
            check(isinstance(batch_size, int) and not isinstance(batch_size, bool)
                  and batch_size > 0, "batch_size should be None or a positive value when "
                  f"batch_sampler is not given, but got {batch_size!r}")
            self.batch_size = batch_size
            if iterable:
                self.batch_sampler = InfiniteIterableSampler(dataset, batch_size)
            else:
                self.batch_sampler = BatchSampler(dataset=dataset, batch_size=batch_size,
                                                  shuffle=shuffle, drop_last=drop_last)
        self.auto_collate_batch = self.batch_sampler is not None

    # ---- what the iterators use -------------------------------------------------------------
    def index_source(self):
        """What each batch is fetched from: index lists, single indices, or (iterable
        datasets without batching) an endless stream of placeholders."""
        if self.auto_collate_batch:
            return self.batch_sampler
        if isinstance(self.dataset, IterableDataset):
            return itertools.repeat(None)
        return range(len(self.dataset))

    def effective_collate_fn(self):
        if self.collate_fn is not None:
            return self.collate_fn
        return default_collate_fn if self.auto_collate_batch else default_convert_fn

    # ---- iteration ----------------------------------------------------------------------------
    def __len__(self):
        if isinstance(self.dataset, IterableDataset):
            raise NoLengthError("length of IterableDataset not supported")
        if self.auto_collate_batch:
            return len(self.batch_sampler)
        return len(self.dataset)

    def __iter__(self):
        if not self.return_list and self.feed_list:
            return _FeedIter(self._batches(), [var.name for var in self.feed_list])
        return self._batches()

    def _batches(self):
        if self.num_workers == 0:
            return SingleProcessIter(self)
        if not self.persistent_workers:
            return MultiProcessIter(self)
        if self._iterator is None or not self._iterator.alive:
            self._iterator = MultiProcessIter(self)
        else:
            self._iterator._reset()
        return self._iterator

    def __call__(self):
        return self.__iter__()


class _FeedIter:
    """return_list=False with a feed_list: each batch as [{feed name: value}] (one dict per
    place), ready for Executor.run(feed=...)."""

    def __init__(self, batches, names: list):
        self.batches = batches
        self.names = names

    def __iter__(self):
        return self

    def __next__(self):
        batch = next(self.batches)
        if len(batch) != len(self.names):
            raise ValueError(f"(DataLoader) a batch has {len(batch)} fields but feed_list names "
                             f"{len(self.names)} variables {self.names}")
        return [dict(zip(self.names, batch))]
