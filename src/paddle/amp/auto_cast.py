"""auto_cast / amp_guard: the context in which ops run in mixed precision.

Entering the context validates the level and dtype, builds the effective white/black lists
(Paddle's defaults with the custom lists applied) and, where AMP is effective (see `_device`),
installs a `CastPolicy` as dispatch's AMP hook; leaving restores the enclosing context. Where
AMP is not effective (a CPU place, as in Paddle) it warns and ops keep their dtypes.
"""
from __future__ import annotations

import contextlib
import copy
import warnings
from typing import ClassVar

from .. import _static_mode
from .._core import state
from .._core.autograd.engine import add_backward_final_hook
from ._device import casts_happen, expected_place
from ._op_stats import install
from ._policy import LEVELS, CastPolicy
from .amp_lists import black_list, white_list
from .decorate import amp_decorate, decorate  # noqa: F401 - Paddle's module exports them

_g_amp_state_ = None


class AMPGlobalState:
    """Process-wide AMP facts: the last auto_cast dtype and master-gradient bookkeeping."""

    def __init__(self) -> None:
        self.model_parameters = []
        self.use_master_grad = False
        self.already_register_final_backward_hook = False
        self.amp_dtype = "float32"


_amp_global_state = AMPGlobalState()


class _Context:
    """The innermost auto_cast's level and dtype, as Paddle's tracer holds them."""

    level = "O0"
    dtype = "float32"
    white: ClassVar[set] = set()
    black: ClassVar[set] = set()
    use_promote = True


def amp_state():
    """The arguments of the innermost auto_cast (None outside any)."""
    return _g_amp_state_


def amp_global_state() -> AMPGlobalState:
    return _amp_global_state


def _update_list(custom_white_list, custom_black_list, level="O1", dtype="float16"):
    """Paddle's lists for (dtype, level) with the custom lists applied (custom wins)."""
    if level == "O0":
        return set(), set()
    white = copy.copy(white_list()[dtype][level])
    black = copy.copy(black_list()[dtype][level])
    if custom_white_list and custom_black_list:
        for name in custom_white_list:
            if name in custom_black_list:
                raise ValueError("Custom white list overlap custom black list")
    for name in custom_white_list or ():
        black.discard(name)
        white.add(name)
    for name in custom_black_list or ():
        white.discard(name)
        black.add(name)
    return white, black


def _normalize(level, dtype, enable):
    level = level.upper()
    if level not in LEVELS:
        raise ValueError("level should be O0, OD, O1 or O2.")
    dtype = getattr(dtype, "name", dtype).lower()
    if enable and dtype not in ("float16", "bfloat16"):
        raise ValueError("If enable amp, dtype should be 'float16' or 'bfloat16'.")
    return level, dtype


def _effective(enable: bool) -> bool:
    """Static programs record the casts on any place, as Paddle's PIR builder does; eager
    execution casts only where `_device` says AMP is effective."""
    if not enable or _static_mode.enabled or casts_happen():
        return enable
    warnings.warn(f"amp_guard can only be enabled on CUDAPlace, XPUPlace, and CustomPlace, "
                  f"current place is {expected_place()}, so it makes no effect.", stacklevel=4)
    return False


@contextlib.contextmanager
def amp_guard(enable: bool = True, custom_white_list=None, custom_black_list=None,
              level: str = "O1", dtype: str = "float16", use_promote: bool = True):
    """Run the enclosed ops in mixed precision (Paddle's older name of auto_cast).

    Example:
        >>> import paddle
        >>> with paddle.amp.amp_guard(enable=False):
        ...     print(paddle.rand([2, 2]).dtype)
        paddle.float32
    """
    global _g_amp_state_
    original_state = _g_amp_state_
    _g_amp_state_ = {"enable": enable, "custom_white_list": custom_white_list,
                     "custom_black_list": custom_black_list, "level": level, "dtype": dtype,
                     "use_promote": use_promote}
    level, dtype = _normalize(level, dtype, enable)
    _amp_global_state.amp_dtype = dtype
    white, black = _update_list(custom_white_list, custom_black_list, level, dtype)
    if not _effective(enable):
        level, dtype = "O0", "float32"
    if _amp_global_state.use_master_grad and \
            not _amp_global_state.already_register_final_backward_hook:
        add_backward_final_hook(_master_grad_hook)
        _amp_global_state.already_register_final_backward_hook = True
    saved = (_Context.level, _Context.dtype, _Context.white, _Context.black,
             _Context.use_promote, state.amp)
    _Context.level, _Context.dtype, _Context.white, _Context.black = level, dtype, white, black
    if level == "O2":
        _Context.use_promote = use_promote
    install(None if level == "O0" else CastPolicy(level, dtype, white, black,
                                                   _Context.use_promote, casts_happen()))
    try:
        yield
    finally:
        _g_amp_state_ = original_state
        (_Context.level, _Context.dtype, _Context.white, _Context.black,
         _Context.use_promote, state.amp) = saved


def _master_grad_hook() -> None:
    """After backward under decorate(master_grad=True): low-precision gradients become
    float32 (Paddle's core.eager.set_master_grads)."""
    from .._core.tensor import wrap
    for param in _amp_global_state.model_parameters:
        grad = param._grad
        if grad is not None and grad._data.dtype.itemsize == 2 and grad._data.dtype.kind in "fV":
            master = wrap(grad._data.astype("float32"))
            master.stop_gradient = False
            param._grad = master
    _amp_global_state.already_register_final_backward_hook = False


def auto_cast(enable: bool = True, custom_white_list=None, custom_black_list=None,
              level: str = "O1", dtype: str = "float16", use_promote: bool = True):
    """A context in which each op's floating inputs are cast by the AMP rule: at O1,
    white-listed ops (matmul, conv2d, ...) compute in float16/bfloat16, black-listed ones
    (softmax, exp, reductions, losses, ...) in float32 and the rest follow their inputs; O2
    computes everything in low precision but the black list (use with decorate); OD only the
    white list. On a CPU place it warns and does nothing, as Paddle does, unless
    FLAGS_feijiang_amp_on_cpu is set.

    Example:
        >>> import paddle
        >>> import warnings
        >>> conv2d = paddle.nn.Conv2D(3, 2, 3, bias_attr=False)
        >>> data = paddle.rand([10, 3, 32, 32])
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     with paddle.amp.auto_cast():
        ...         conv = conv2d(data)
        >>> print(conv.dtype)
        paddle.float32
    """
    return amp_guard(enable, custom_white_list, custom_black_list, level, dtype, use_promote)


def autocast(device_type: str | None, dtype: str = "float16", enabled: bool = True,
             cache_enabled: bool = True):
    """torch-style auto_cast (device_type and cache_enabled have no effect, as in Paddle).

    Example:
        >>> import paddle
        >>> with paddle.amp.autocast("cpu", enabled=False):
        ...     print(paddle.is_autocast_enabled())
        False
    """
    return auto_cast(enable=enabled, dtype=dtype)


def is_autocast_enabled(device_type=None) -> bool:
    """Whether ops are being auto-cast here (False where AMP has no effect, as on a CPU).

    Example:
        >>> import paddle
        >>> paddle.amp.is_autocast_enabled()
        False
    """
    return _Context.level != "O0"


def get_autocast_dtype(device_type=None) -> str:
    """The auto_cast dtype in effect, or 'float16' outside an effective auto_cast.

    Example:
        >>> import paddle
        >>> paddle.amp.get_autocast_dtype()
        'float16'
    """
    return _Context.dtype if is_autocast_enabled() else "float16"
