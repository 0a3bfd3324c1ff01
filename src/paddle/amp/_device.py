"""Where mixed precision really happens.

Paddle casts only on GPU, XPU and custom-device places; on a CPU place auto_cast and GradScaler
warn and do nothing, and decorate leaves float32 weights, so CPU scripts keep their float32
numbers. Feijiang follows that by default. Setting the flag `FLAGS_feijiang_amp_on_cpu`
(`paddle.set_flags({"FLAGS_feijiang_amp_on_cpu": True})`, or the environment variable of the
same name set to 1 before `import paddle`) makes the CPU behave as Paddle's GPU does: the
casts happen (float16 through NumPy, bfloat16 through ml_dtypes), the loss scaler scales and
decorate casts the parameters. The GPU backend needs no flag.
"""
from __future__ import annotations

from .._core.place import Place, current_place
from ..framework.flags import flag

OPT_IN_FLAG = "FLAGS_feijiang_amp_on_cpu"


def casts_happen(place: Place | None = None) -> bool:
    """Whether AMP is effective on `place` (the current device by default)."""
    place = current_place() if place is None else place
    return place.is_gpu_place() or place.is_xpu_place() or place.is_custom_place() \
        or flag(OPT_IN_FLAG)


def expected_place() -> Place:
    """The place Paddle's warnings name (the current device)."""
    return current_place()


def parse_device(device) -> Place:
    """Paddle's `device` argument of is_float16_supported: None, a Place or a device string."""
    if device is None:
        return current_place()
    if isinstance(device, Place):
        return device
    if not isinstance(device, str):
        raise ValueError(  # noqa: TRY004 - Paddle's error type
            f"place only support string which is 'Place' and so on, but got "
                         f"{device}")
    name = device.lower()
    kind, _, index = name.partition(":")
    if kind == "cpu" and not index:
        return Place("cpu")
    if kind in ("gpu", "xpu") and (not index or index.isdigit()):
        if kind == "gpu" and current_place().is_gpu_place():
            return Place("gpu", int(index or 0))
        framework = "CUDA" if kind == "gpu" else "XPU"
        raise ValueError(f"The device should not be {device}, since PaddlePaddle is not "
                         f"compiled with {framework}")
    raise ValueError("Paddle supports CPUPlace, CUDAPlace, CUDAPinnedPlace, XPUPlace, "
                     f"XPUPinnedPlace, IPUPlace and CustomPlace, but received {device}.")


def is_float16_supported(device: str | None = None) -> bool:
    """Whether `device` (the current one by default) runs float16 mixed precision.

    False on a CPU place, as in Paddle, unless AMP is opted into on the CPU
    (FLAGS_feijiang_amp_on_cpu), where float16 is computed through NumPy.

    Example:
        >>> import paddle
        >>> paddle.amp.is_float16_supported()
        False
    """
    place = parse_device(device)
    return place.is_gpu_place() or flag(OPT_IN_FLAG)


def is_bfloat16_supported(device: str | None = None) -> bool:
    """Whether `device` (the current one by default) runs bfloat16 mixed precision: True on
    the CPU (bfloat16 kernels through ml_dtypes), as Paddle answers on a CPU with bfloat16
    support.

    Example:
        >>> import paddle
        >>> paddle.amp.is_bfloat16_supported()
        True
    """
    parse_device(device)
    return True
