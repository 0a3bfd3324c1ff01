"""Places (where a tensor's memory lives) and the current device."""
from __future__ import annotations

from . import backend


class Place:
    """A device location. Prints as Paddle does: `Place(cpu)`, `Place(gpu:0)`."""

    __slots__ = ("kind", "device_id")

    def __init__(self, kind: str = "cpu", device_id: int = 0):
        self.kind = kind
        self.device_id = device_id

    def __repr__(self) -> str:
        return "Place(cpu)" if self.kind == "cpu" else f"Place({self.kind}:{self.device_id})"

    __str__ = __repr__

    def __eq__(self, other) -> bool:
        return (isinstance(other, Place) and other.kind == self.kind
                and other.device_id == self.device_id)

    def __hash__(self) -> int:
        return hash((self.kind, self.device_id))

    def is_cpu_place(self) -> bool:
        return self.kind == "cpu"

    def is_gpu_place(self) -> bool:
        return self.kind == "gpu"

    def is_cuda_pinned_place(self) -> bool:
        return False

    def is_xpu_place(self) -> bool:
        return False

    def is_custom_place(self) -> bool:
        return False

    def gpu_device_id(self) -> int:
        return self.device_id if self.kind == "gpu" else -1


class CPUPlace(Place):
    __slots__ = ()

    def __init__(self):
        super().__init__("cpu", 0)


class CUDAPlace(Place):
    __slots__ = ()

    def __init__(self, id: int = 0):  # noqa: A002 - Paddle's parameter name
        if not backend.gpu_available():
            raise ValueError("CUDAPlace is unavailable: Feijiang's GPU backend needs CuPy and a "
                             "CUDA device; use CPUPlace() instead.")
        super().__init__("gpu", int(id))


class CUDAPinnedPlace(Place):
    __slots__ = ()

    def __init__(self):
        if not backend.gpu_available():
            raise RuntimeError("Cannot use CUDAPinnedPlace without the GPU backend (CuPy).")
        super().__init__("gpu_pinned", 0)


CPU = CPUPlace()
_current = CPU


def current_place() -> Place:
    return _current


def set_device(device: str) -> Place:
    """Select the device new tensors are created on: 'cpu', 'gpu' or 'gpu:N'."""
    global _current
    if not isinstance(device, str):
        raise ValueError(f"set_device expects a string such as 'cpu' or 'gpu:0', got {device!r}")
    name = device.lower()
    if name == "cpu":
        _current = CPU
        return _current
    if name.startswith(("gpu", "cuda")):
        _, _, index = name.partition(":")
        if not backend.gpu_available():
            raise ValueError(f"The device should not be '{device}', since Feijiang's GPU backend "
                             "(CuPy with a CUDA device) is not available")
        _current = Place("gpu", int(index or 0))
        return _current
    raise ValueError(f"The device must be a string like 'cpu', 'gpu' or 'gpu:x', but received "
                     f"'{device}'")


def get_device(input=None) -> str | int:
    """The current device as 'cpu' / 'gpu:N'; given a tensor, its device id (-1 on the CPU)."""
    if input is not None:
        place = input.place
        return -1 if place.kind == "cpu" else place.device_id
    return "cpu" if _current.kind == "cpu" else f"gpu:{_current.device_id}"


def to_place(place) -> Place:
    """Normalise Paddle's `place=` arguments: None, a Place, or a device string."""
    if place is None:
        return _current
    if isinstance(place, Place):
        return place
    if isinstance(place, str):
        name = place.lower()
        if name == "cpu":
            return CPU
        return CUDAPlace(int(name.partition(":")[2] or 0))
    raise ValueError(f"Expected place to be a paddle Place or a device string, got {place!r}")
