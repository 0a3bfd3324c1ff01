"""saved_tensors_hooks: control how tensors saved for backward are stored (e.g. offloaded)."""
from __future__ import annotations

from .._core import state


class saved_tensors_hooks:  # noqa: N801 - Paddle's public name
    """Within the block, every tensor an op saves for its gradient is replaced by
    pack_hook(tensor), and unpack_hook(packed) must give it back when backward needs it.

    Example:
        >>> import paddle
        >>> def pack(t):
        ...     return t.numpy()
        >>> def unpack(a):
        ...     return paddle.to_tensor(a)
        >>> x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
        >>> with paddle.autograd.saved_tensors_hooks(pack, unpack):
        ...     y = x * x
        >>> y.sum().backward()
        >>> x.grad.tolist()
        [2.0, 4.0]
    """

    def __init__(self, pack_hook, unpack_hook):
        self.hooks = (pack_hook, unpack_hook)
        self._prev = None

    def __enter__(self):
        self._prev = state.saved_hooks
        state.saved_hooks = self.hooks
        return self

    def __exit__(self, *exc):
        state.saved_hooks = self._prev
        return False
