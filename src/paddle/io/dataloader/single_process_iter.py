"""The DataLoader iterator for num_workers=0: batches are fetched in the calling process."""
from __future__ import annotations

from .collate import arrays_to_tensors
from .fetcher import make_fetcher


class SingleProcessIter:
    """Yields batches fetched on demand, in the batch sampler's order."""

    def __init__(self, loader):
        self._loader = loader
        self._indices = iter(loader.index_source())
        self._fetcher = make_fetcher(loader.dataset, loader.auto_collate_batch,
                                     loader.effective_collate_fn(), loader.drop_last)

    def __iter__(self):
        return self

    def __len__(self):
        return len(self._loader)

    def __next__(self):
        indices = next(self._indices)
        batch = self._fetcher.fetch(indices)
        return arrays_to_tensors(batch, copy=not self._loader.auto_collate_batch)

    next = __next__
