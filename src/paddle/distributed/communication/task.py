"""task: the handle a collective returns, finished or still in flight."""
from __future__ import annotations

from collections.abc import Callable

from .backend import Work


class task:
    """A communication in flight. `wait()` blocks until it has finished (its results are then
    in the output tensors); `is_completed()` polls.

    Example:
        >>> import paddle
        >>> import paddle.distributed as dist
        >>> # under `python -m paddle.distributed.launch --nproc_per_node 2`:
        >>> # t = dist.all_reduce(x, sync_op=False); ...; t.wait()
    """

    __slots__ = ("_after", "_describe", "_sync", "_timeout_s", "_work")

    def __init__(self, work: Work | None, timeout_s: float, describe: Callable[[], str],
                 sync: bool, after: Callable[[], None] | None = None):
        self._work = work
        self._timeout_s = timeout_s
        self._describe = describe
        self._sync = sync
        self._after = after  # moves results into the caller's tensors, once

    def wait(self, timeout=None) -> bool:
        """Block until the communication has finished; raises TimeoutError naming it past the
        group's timeout."""
        if self._work is not None:
            self._work.wait(self._timeout_s if timeout is None else float(timeout),
                            self._describe)
        self._deliver()
        return True

    def is_completed(self) -> bool:
        done = self._work is None or self._work.test()
        if done:
            self._deliver()
        return done

    def _deliver(self) -> None:
        if self._after is not None:
            after, self._after = self._after, None
            after()

    def is_sync(self) -> bool:
        return self._sync

    def synchronize(self) -> None:
        self.wait()
