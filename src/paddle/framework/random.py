"""`paddle.seed` and the random-state functions: seeding, saving and restoring the stream.

Feijiang draws every random number from one NumPy PCG64 stream per process (see
paddle/_core/random.py): the same seed gives the same numbers run after run, though not the
numbers real Paddle's mt19937 gives.
"""
from __future__ import annotations

from .._core import backend
from .._core import place as _place
from .._core import random as _random
from .._core.random import Generator as _CoreGenerator
from .._core.random import GeneratorState


def seed(seed):
    """Seed the default generator; every later random op is reproducible. Returns the generator.

    Example:
        >>> import paddle
        >>> gen = paddle.seed(102)
        >>> gen.initial_seed()
        102
    """
    return _random.default_generator().manual_seed(int(seed))


def _device_kind(device, api: str) -> str:
    if device is None:
        return _place.current_place().kind
    if isinstance(device, _place.Place):
        return device.kind
    if isinstance(device, str):
        kind = device.lower().split(":")[0]
        if kind == "cpu":
            return "cpu"
        if kind in ("gpu", "cuda"):
            if not backend.gpu_available():
                raise ValueError(f"({api}) The device should not be '{device}', since "
                                 "Feijiang's GPU backend (CuPy with a CUDA device) is not "
                                 "available.")
            return "gpu"
    raise ValueError(f"({api}) The device must be a string like 'cpu', 'gpu' or 'gpu:x', but "
                     f"received {device!r}.")


def get_rng_state(device=None):
    """The generator states of `device` (default: the current one) as a list, for
    `set_rng_state`. All devices share Feijiang's one stream, so the list has one state.

    Example:
        >>> import paddle
        >>> state = paddle.get_rng_state()
        >>> a = paddle.rand([2])
        >>> paddle.set_rng_state(state)
        >>> bool((paddle.rand([2]) == a).all())
        True
    """
    _device_kind(device, "get_rng_state")
    return [_random.default_generator().get_state()]


def set_rng_state(state_list, device=None) -> None:
    """Restore states from `get_rng_state`; random ops then continue that stream exactly.

    Example:
        >>> import paddle
        >>> paddle.set_rng_state(paddle.get_rng_state())
    """
    _device_kind(device, "set_rng_state")
    if not isinstance(state_list, (list, tuple)):
        raise TypeError("(set_rng_state) state_list must be the list returned by "
                        f"get_rng_state(), but received {type(state_list).__name__}.")
    if len(state_list) != 1:
        raise ValueError("(set_rng_state) Length of cpu state list should be equal to 1, but "
                         f"received {len(state_list)} states.")
    _random.default_generator().set_state(state_list[0])


def get_cuda_rng_state():
    """The GPU generator states: empty without a GPU (as in a CPU-only Paddle build), else the
    state of the shared stream.

    Example:
        >>> import paddle
        >>> paddle.get_cuda_rng_state()
        []
    """
    if not backend.gpu_available():
        return []
    return [_random.default_generator().get_state()]


def set_cuda_rng_state(state_list) -> None:
    """Restore states from `get_cuda_rng_state` (nothing to do without a GPU).

    Example:
        >>> import paddle
        >>> paddle.set_cuda_rng_state(paddle.get_cuda_rng_state())
    """
    if not backend.gpu_available():
        return
    if len(state_list) != 1:
        raise ValueError("(set_cuda_rng_state) Length of cuda state list should be equal to "
                         f"the cuda device count (1), but received {len(state_list)} states.")
    _random.default_generator().set_state(state_list[0])


def device_get_rng_state(device=None) -> GeneratorState:
    """`paddle.device.get_rng_state`: the default generator's state itself (not a list)."""
    _device_kind(device, "get_rng_state")
    return _random.default_generator().get_state()


def device_set_rng_state(new_state, device=None) -> None:
    """`paddle.device.set_rng_state`: restore one state from `device_get_rng_state`."""
    _device_kind(device, "set_rng_state")
    _random.default_generator().set_state(new_state)


def device_manual_seed(seed) -> None:
    """`paddle.device.manual_seed`: seed the default generator (returns None)."""
    _random.default_generator().manual_seed(int(seed))


class Generator:
    """`paddle.Generator(device=None)`: the default generator of a device (Paddle hands back
    the device's shared generator rather than a new one).

    Example:
        >>> import paddle
        >>> paddle.Generator() is paddle.seed(1)
        True
    """

    def __new__(cls, device=None) -> _CoreGenerator:
        if isinstance(device, int) and not isinstance(device, bool) and device != 0:
            raise ValueError(f"(Generator) CPU device only supports index 0, got {device}")
        if not isinstance(device, int):
            _device_kind(device, "Generator")
        return _random.default_generator()


def set_random_seed_generator(name: str, seed: int) -> None:
    """Create (or reseed) the generator kept under `name`."""
    _random.named_generator(name).manual_seed(int(seed))


def get_random_seed_generator(name: str) -> _CoreGenerator:
    """The generator kept under `name` by `set_random_seed_generator`."""
    found = _random.named_generators().get(name)
    if found is None:
        raise ValueError(f"(get_random_seed_generator) No generator named '{name}'; create it "
                         "with set_random_seed_generator(name, seed) first.")
    return found


manual_seed = seed

__all__ = ["seed", "manual_seed", "get_rng_state", "set_rng_state", "get_cuda_rng_state",
           "set_cuda_rng_state", "Generator", "GeneratorState", "set_random_seed_generator",
           "get_random_seed_generator", "device_get_rng_state", "device_set_rng_state",
           "device_manual_seed"]
