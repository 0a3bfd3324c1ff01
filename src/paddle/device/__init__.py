"""`paddle.device`: choosing and describing devices."""
from .._core.backend import gpu_available as _gpu_available
from .._core.place import get_device, set_device  # noqa: F401


def is_compiled_with_cuda() -> bool:
    """True only when the CuPy GPU backend and a CUDA device are usable."""
    return _gpu_available()


def is_compiled_with_rocm() -> bool:
    return False


def is_compiled_with_xpu() -> bool:
    return False


def is_compiled_with_custom_device(device_type: str) -> bool:
    return False


def is_compiled_with_cinn() -> bool:
    return False


def is_compiled_with_distribute() -> bool:
    return True


def get_all_device_type() -> list:
    return ["cpu"] + (["gpu"] if _gpu_available() else [])


def get_all_custom_device_type() -> list:
    return []


def get_available_device() -> list:
    return ["cpu"] + ([f"gpu:{i}" for i in range(_gpu_count())] if _gpu_available() else [])


def _gpu_count() -> int:
    import cupy
    return cupy.cuda.runtime.getDeviceCount()


def device_count() -> int:
    return _gpu_count() if _gpu_available() else 0


def get_rng_state(device=None):
    """The default generator's state (Feijiang keeps one CPU stream)."""
    from ..framework.random import device_get_rng_state
    return device_get_rng_state(device)


def set_rng_state(new_state, device=None) -> None:
    from ..framework.random import device_set_rng_state
    device_set_rng_state(new_state, device)


def manual_seed(seed) -> None:
    from ..framework.random import device_manual_seed
    device_manual_seed(seed)


def is_bf16_supported(including_emulation: bool = True) -> bool:
    """Whether the current device runs bfloat16 natively (a GPU capability; False on CPU, as
    Paddle answers)."""
    return False
