"""Random number generators: the process-wide default generator every random op draws from.

Paddle's own stream (an mt19937 per device) cannot be reproduced bit for bit, so Feijiang draws
from NumPy's PCG64 bit generator instead. What Paddle promises still holds: `paddle.seed(s)` makes
every later random op reproducible, and a state taken with `get_state()` and restored with
`set_state()` continues exactly the same stream (the way resumed training replays randomness).
"""
from __future__ import annotations

import copy
import secrets

import numpy as np

_SEED_LIMIT = 2**64


def _check_seed(seed) -> int:
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"manual_seed(): the seed must be an integer in [0, 2**64), but received "
                        f"{type(seed).__name__} {seed!r}.")
    seed = int(seed)
    if not 0 <= seed < _SEED_LIMIT:
        raise TypeError(f"manual_seed(): the seed must be an integer in [0, 2**64), but received "
                        f"{seed}.")
    return seed


def _fresh_seed() -> int:
    """A non-deterministic seed of the size Paddle picks when none is given (53 bits)."""
    return secrets.randbits(53)


class GeneratorState:
    """A snapshot of a Generator: its initial seed and the bit generator's position.
    Snapshots are plain data, so they pickle (checkpoints store them with the model)."""

    __slots__ = ("seed", "bit_state")

    def __init__(self, seed: int, bit_state: dict):
        self.seed = seed
        self.bit_state = bit_state

    def current_seed(self) -> int:
        """The seed the generator was last seeded with when this snapshot was taken."""
        return self.seed

    def __getstate__(self):
        return (self.seed, self.bit_state)

    def __setstate__(self, state):
        self.seed, self.bit_state = state

    def __repr__(self) -> str:
        return f"GeneratorState(seed={self.seed})"


class Generator:
    """A seeded random stream (Paddle's `core.Generator`). Random ops draw from `numpy` of the
    default generator; extra states can be registered and switched between by index, which is
    how model-parallel code keeps separate streams for replicated and sharded parameters."""

    def __init__(self, seed: int | None = None):
        self._states: list[GeneratorState] = []
        self._index = 0
        self._seed = 0
        self.numpy: np.random.Generator = np.random.Generator(np.random.PCG64(0))
        self.manual_seed(_fresh_seed() if seed is None else seed)

    def manual_seed(self, seed: int) -> Generator:
        """Restart the stream from `seed` (an integer in [0, 2**64)); returns the generator."""
        self._seed = _check_seed(seed)
        self.numpy = np.random.Generator(np.random.PCG64(self._seed))
        return self

    def seed(self) -> int:
        """Reseed from fresh entropy and return the new seed."""
        new_seed = _fresh_seed()
        self.manual_seed(new_seed)
        return new_seed

    def initial_seed(self) -> int:
        return self._seed

    def random(self) -> int:
        """The next raw 64-bit value of the stream."""
        return int(self.numpy.bit_generator.random_raw())

    def get_state(self) -> GeneratorState:
        return GeneratorState(self._seed, copy.deepcopy(self.numpy.bit_generator.state))

    def set_state(self, state: GeneratorState) -> None:
        if not isinstance(state, GeneratorState):
            raise TypeError("set_state(): expected a GeneratorState (from get_state() or "
                            f"paddle.get_rng_state()), but received {type(state).__name__}.")
        self._seed = state.seed
        bit_generator = np.random.PCG64()
        bit_generator.state = copy.deepcopy(state.bit_state)
        self.numpy = np.random.Generator(bit_generator)

    # ---- several named streams in one generator (model parallel RNG trackers) ---------------
    def register_state_index(self, state: GeneratorState) -> int:
        """Keep `state` as an extra stream; returns the index that selects it."""
        self._sync_current()
        self._states.append(state)
        return len(self._states) - 1

    def get_state_index(self) -> int:
        return self._index

    def set_state_index(self, index: int) -> None:
        """Switch to the stream registered under `index`, saving the current one."""
        self._sync_current()
        if not 0 <= index < len(self._states):
            raise IndexError(f"set_state_index(): index {index} is out of range; "
                             f"{len(self._states)} states are registered.")
        self._index = index
        self.set_state(self._states[index])

    def _sync_current(self) -> None:
        if not self._states:
            self._states.append(self.get_state())
        else:
            self._states[self._index] = self.get_state()

    def __repr__(self) -> str:
        return f"<paddle.Generator seed={self._seed}>"


_default = Generator()
_named: dict[str, Generator] = {}


def default_generator() -> Generator:
    """The process-wide generator that `paddle.seed` seeds and random ops draw from."""
    return _default


def numpy_rng(seed: int = 0) -> np.random.Generator:
    """The NumPy stream a random kernel draws from: the default generator's, or, for a non-zero
    per-op `seed` attribute (Paddle's `uniform(..., seed=s)`), a fresh stream so that the op
    gives the same numbers on every call."""
    if seed:
        return np.random.Generator(np.random.PCG64(int(seed) % _SEED_LIMIT))
    return _default.numpy


def named_generator(name: str) -> Generator:
    """A generator kept under `name` (created on first use), separate from the default one."""
    if name not in _named:
        _named[name] = Generator()
    return _named[name]


def named_generators() -> dict:
    return _named
