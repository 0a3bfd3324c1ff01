"""`paddle.pir_utils.IrGuard`: build programs in PIR inside the block. Feijiang's programs are
always PIR, so what the guard still does is what Paddle's also does: switch to static mode for
the block when it was entered in dynamic mode, and back afterwards."""
from __future__ import annotations

from . import _static_mode


class IrGuard:
    """Static-mode PIR program building within a `with` block.

    Example:
        >>> import paddle
        >>> with paddle.pir_utils.IrGuard():
        ...     print(paddle.in_dynamic_mode())
        False
        >>> paddle.in_dynamic_mode()
        True
    """

    def __enter__(self):
        self._was_dynamic = not _static_mode.enabled
        if self._was_dynamic:
            _static_mode.enable_static()
        return self

    def __exit__(self, *exc):
        if self._was_dynamic:
            _static_mode.disable_static()
        return False
