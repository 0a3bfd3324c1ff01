"""Dynamic batching: requests to one model version that arrive within `max_delay_ms` of the
first, with the same shapes past the batch dimension and the same dtypes, run as one Predictor
call of at most `max_batch_size` rows; each request gets back its own rows.

A request is batchable when all its inputs share their first dimension (the rows). A batch
whose outputs do not all have one row per input row is not split by guesswork: its requests
run again one by one, so batching never changes an answer."""
from __future__ import annotations

import asyncio
import itertools

import numpy as np

from .settings import BatchingSettings


class _Group:
    def __init__(self):
        self.items: list = []         # (arrays, rows, future)
        self.rows = 0
        self.timer: asyncio.TimerHandle | None = None


class DynamicBatcher:
    """Batches for one model version; `run(arrays)` is one Predictor call, `observe(rows)`
    records each call's batch size."""

    def __init__(self, settings: BatchingSettings, run, observe):
        self.settings, self._run, self._observe = settings, run, observe
        self._groups: dict = {}

    @property
    def waiting(self) -> int:
        return sum(len(g.items) for g in self._groups.values())

    async def submit(self, arrays: list) -> list:
        rows = _rows(arrays)
        if rows is None or self.settings.max_batch_size <= 1 \
                or rows >= self.settings.max_batch_size:
            return await self._call(arrays, rows or 1)
        signature = tuple((a.shape[1:], a.dtype.str) for a in arrays)
        group = self._groups.get(signature)
        if group is not None and group.rows + rows > self.settings.max_batch_size:
            self._flush(signature)
            group = None
        if group is None:
            group = self._groups[signature] = _Group()
            group.timer = asyncio.get_running_loop().call_later(
                self.settings.max_delay_ms / 1000.0, self._flush, signature)
        future = asyncio.get_running_loop().create_future()
        group.items.append((arrays, rows, future))
        group.rows += rows
        if group.rows >= self.settings.max_batch_size:
            self._flush(signature)
        return await future

    async def _call(self, arrays: list, rows: int) -> list:
        self._observe(rows)
        return await self._run(arrays)

    def _flush(self, signature) -> None:
        group = self._groups.pop(signature, None)
        if group is None:
            return
        group.timer.cancel()
        asyncio.get_running_loop().create_task(self._run_group(group))

    async def _run_group(self, group: _Group) -> None:
        items = [item for item in group.items if not item[2].done()]
        if not items:
            return
        try:
            if len(items) == 1:
                results = [await self._call(items[0][0], items[0][1])]
            else:
                results = await self._run_batched(items)
        except Exception as error:  # noqa: BLE001 - the batch's failure is each of its requests' failure
            for _, _, future in items:
                if not future.done():
                    future.set_exception(error)
            return
        for (_, _, future), result in zip(items, results):
            if not future.done():
                future.set_result(result)

    async def _run_batched(self, items: list) -> list:
        joined = [np.concatenate(parts) for parts in zip(*(arrays for arrays, _, _ in items))]
        total = sum(rows for _, rows, _ in items)
        outputs = await self._call(joined, total)
        if not all(o.ndim and o.shape[0] == total for o in outputs):
            return [await self._call(arrays, rows) for arrays, rows, _ in items]
        bounds = np.cumsum([0] + [rows for _, rows, _ in items])
        return [[o[start:stop] for o in outputs] for start, stop in itertools.pairwise(bounds)]


def _rows(arrays: list) -> int | None:
    """The shared first dimension of `arrays`, or None when they do not share one."""
    firsts = {a.shape[0] if a.ndim else None for a in arrays}
    if len(firsts) != 1 or None in firsts:
        return None
    return firsts.pop()
