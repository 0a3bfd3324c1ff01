"""Fetchers: turn the indices of one batch into the collated batch, for either dataset kind."""
from __future__ import annotations

from .dataset import IterableDataset


class MapFetcher:
    """Indexes a map-style dataset; without automatic batching `indices` is one index."""

    def __init__(self, dataset, auto_collate: bool, collate_fn, drop_last: bool):
        self.dataset = dataset
        self.auto_collate = auto_collate
        self.collate_fn = collate_fn

    def fetch(self, indices):
        if self.auto_collate:
            return self.collate_fn([self.dataset[i] for i in indices])
        return self.collate_fn(self.dataset[indices])


class IterFetcher:
    """Draws the next items from an iterable dataset; raises StopIteration when it runs out
    (or, with drop_last, when only a short batch is left)."""

    def __init__(self, dataset, auto_collate: bool, collate_fn, drop_last: bool):
        self.iterator = iter(dataset)
        self.auto_collate = auto_collate
        self.collate_fn = collate_fn
        self.drop_last = drop_last

    def fetch(self, indices):
        if not self.auto_collate:
            return self.collate_fn(next(self.iterator))
        items = []
        for _ in indices:
            try:
                items.append(next(self.iterator))
            except StopIteration:
                break
        if not items or (self.drop_last and len(items) < len(indices)):
            raise StopIteration
        return self.collate_fn(items)


def make_fetcher(dataset, auto_collate: bool, collate_fn, drop_last: bool):
    kind = IterFetcher if isinstance(dataset, IterableDataset) else MapFetcher
    return kind(dataset, auto_collate, collate_fn, drop_last)
