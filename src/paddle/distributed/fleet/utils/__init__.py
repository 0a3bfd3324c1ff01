"""paddle.distributed.fleet.utils: recompute for large models.

Gradient accumulation needs no API: run several micro-batches' backward before one step, the
loss of each divided by their number, so `.grad` sums to the big batch's gradient; under
paddle.DataParallel wrap all but the last micro-batch in `model.no_sync()` so only the last
backward communicates:

    for i, (x, y) in enumerate(micro_batches):
        context = model.no_sync() if i < len(micro_batches) - 1 else contextlib.nullcontext()
        with context:
            (loss_fn(model(x), y) / len(micro_batches)).backward()
    optimizer.step()
    optimizer.clear_grad()

With GradScaler, scale each micro-batch's loss and call scaler.step / update once.
"""
from __future__ import annotations

from ..recompute import recompute as _recompute

__all__ = ["recompute"]


def recompute(function, *args, **kwargs):
    """Run `function(*args, **kwargs)` keeping only its inputs; its activations are recomputed
    in backward (see paddle.distributed.fleet.recompute). Keyword arguments
    `preserve_rng_state` (default True) and `use_reentrant` (default True) configure it.

    Example:
        >>> import paddle
        >>> from paddle.distributed.fleet.utils import recompute
        >>> block = paddle.nn.Linear(3, 3)
        >>> x = paddle.ones([2, 3])
        >>> x.stop_gradient = False
        >>> recompute(block, x).sum().backward()
        >>> x.grad.shape
        paddle.Size([2, 3])
    """
    return _recompute(function, *args, **kwargs)
