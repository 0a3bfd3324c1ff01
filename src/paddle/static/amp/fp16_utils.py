"""Helpers of static mixed precision."""
from __future__ import annotations

import contextlib


@contextlib.contextmanager
def fp16_guard():
    """Marks the ops of a region for pure float16 training with use_fp16_guard.

    Paddle 3.3 builds PIR programs, where the casts come from paddle.amp.auto_cast at the time
    each op is recorded; the guard only told the legacy program rewriter which ops to convert,
    so in a PIR program it changes nothing — here as in Paddle.

    Example:
        >>> import paddle
        >>> paddle.enable_static()
        >>> x = paddle.static.data(name='x', shape=[None, 4], dtype='float32')
        >>> with paddle.static.amp.fp16_guard():
        ...     y = paddle.mean(x)
        >>> paddle.disable_static()
    """
    yield
