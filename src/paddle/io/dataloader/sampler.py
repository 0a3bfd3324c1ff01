"""Samplers: the order in which a map-style dataset's indices are visited.

Where the randomness comes from follows Paddle, so seeded code gets real Paddle's numbers:
RandomSampler (hence DataLoader(shuffle=True)) and WeightedRandomSampler draw from NumPy's
global stream (`np.random.seed` fixes them), while SubsetRandomSampler and random_split draw
from paddle's default generator (`paddle.seed`), as Paddle's randperm does.
"""
from __future__ import annotations

import numpy as np

from ..._core import random as _random
from ..._core.tensor import Tensor
from ._errors import check

__all__ = [
    "RandomSampler",
    "Sampler",
    "SequenceSampler",
    "SubsetRandomSampler",
    "WeightedRandomSampler",
]


def paddle_permutation(n: int, generator=None) -> list:
    """A permutation of range(n) from a paddle Generator, by default paddle's own."""
    if not isinstance(generator, _random.Generator):
        generator = _random.default_generator()
    return generator.numpy.permutation(n).tolist()


class Sampler:
    """Base class of samplers: subclasses implement `__iter__` (yielding indices) and usually
    `__len__`.

    Example:
        >>> from paddle.io import Sampler
        >>> class Reversed(Sampler):
        ...     def __iter__(self):
        ...         return iter(range(len(self.data_source) - 1, -1, -1))
        ...     def __len__(self):
        ...         return len(self.data_source)
        >>> list(Reversed(range(3)))
        [2, 1, 0]
    """

    def __init__(self, data_source=None):
        self.data_source = data_source

    def __iter__(self):
        raise NotImplementedError(f"'__iter__' not implement in class {type(self).__name__}")


class SequenceSampler(Sampler):
    """Indices 0, 1, …, len(data_source) - 1 in order.

    Example:
        >>> from paddle.io import SequenceSampler
        >>> list(SequenceSampler(range(3)))
        [0, 1, 2]
    """

    def __init__(self, data_source):
        self.data_source = data_source

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self):
        return len(self.data_source)


class RandomSampler(Sampler):
    """Shuffled indices of `data_source` (`num_samples` of them, drawn without or with
    replacement) from NumPy's global stream, as in Paddle: `np.random.seed` fixes the order.
    `generator` may be, as in Paddle, an iterator that yields the indices itself, or a
    paddle.Generator to draw from instead.

    Example:
        >>> import numpy as np
        >>> from paddle.io import RandomSampler
        >>> np.random.seed(2023)
        >>> list(RandomSampler(range(5)))
        [3, 0, 4, 2, 1]
    """

    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        self.data_source = data_source
        self.replacement = replacement
        self._num_samples = num_samples
        self.generator = generator
        if not isinstance(replacement, bool):
            raise TypeError("expect boolean value for replacement, but got "
                            f"replacement={replacement}")
        if not replacement and self.num_samples > len(data_source):
            raise ValueError("num_samples should be smaller than or equal to length of "
                             "data_source when replacement is False, but got num_samples: "
                             f"{self.num_samples} > data_source: {len(data_source)}")
        if not isinstance(self.num_samples, int) or self.num_samples <= 0:
            raise ValueError("num_samples should be a positive integer, but got "
                             f"num_samples={self.num_samples}")

    @property
    def num_samples(self) -> int:
        return len(self.data_source) if self._num_samples is None else self._num_samples

    def __iter__(self):
        if self.generator is not None and not isinstance(self.generator, _random.Generator):
            for _, index in zip(range(self.num_samples), self.generator):
                yield index
            return
        n = len(self.data_source)
        if isinstance(self.generator, _random.Generator):
            chosen = self.generator.numpy.choice(n, self.num_samples, replace=self.replacement)
        else:
            chosen = np.random.choice(np.arange(n), self.num_samples, replace=self.replacement)
        yield from chosen.tolist()

    def __len__(self):
        return self.num_samples


def _weights_matrix(weights) -> np.ndarray:
    if isinstance(weights, Tensor):
        weights = weights.numpy()
    check(isinstance(weights, (np.ndarray, list, tuple)),
          "weights should be paddle.Tensor, numpy.ndarray, list or tuple")
    weights = np.asarray(weights)
    check(1 <= weights.ndim <= 2, "weights should be a 1-D or 2-D array")
    weights = weights.reshape(-1, weights.shape[-1])
    check(not np.isnan(weights).any(), "weights should not be NaN")
    check(not np.isinf(weights).any(), "weights should not be INF")
    check(bool((weights >= 0).all()), "weights should be positive value")
    check(bool(((weights > 0).sum(axis=1) > 0).all()), "weights should have positive values")
    return weights


class WeightedRandomSampler(Sampler):
    """`num_samples` indices in [0, len(weights)) drawn with probabilities proportional to
    `weights` (one row of draws per row of a 2-D weights array), from NumPy's global stream
    as in Paddle.

    Example:
        >>> import numpy as np
        >>> from paddle.io import WeightedRandomSampler
        >>> np.random.seed(0)
        >>> list(WeightedRandomSampler([0.1, 0.2, 0.7], 4))
        [2, 2, 2, 2]
    """

    def __init__(self, weights, num_samples, replacement=True):
        if not isinstance(num_samples, int) or isinstance(num_samples, bool) or num_samples <= 0:
            raise ValueError("num_samples should be a positive integer")
        if not isinstance(replacement, bool):
            raise ValueError("replacement should be a boolean value")  # noqa: TRY004 - Paddle's
        self.weights = weights
        self.num_samples = num_samples
        self.replacement = replacement

    def __iter__(self):
        weights = _weights_matrix(self.weights)
        if not self.replacement:
            check(bool(((weights > 0).sum(axis=1) >= self.num_samples).all()),
                  "weights positive value number should not less than num_samples when "
                  "replacement=False")
        rows = [np.random.choice(weights.shape[1], self.num_samples, self.replacement,
                                 row / row.sum()) for row in weights]
        return iter(np.concatenate(rows).tolist())

    def __len__(self):
        shape = np.shape(self.weights.numpy() if isinstance(self.weights, Tensor)
                         else self.weights)
        return self.num_samples * (int(np.prod(shape[:-1])) if len(shape) > 1 else 1)


class SubsetRandomSampler(Sampler):
    """The given indices in a random order (without replacement), from paddle's default
    generator as in Paddle (`paddle.seed` fixes it).

    Example:
        >>> from paddle.io import SubsetRandomSampler
        >>> sorted(SubsetRandomSampler([5, 7, 9]))
        [5, 7, 9]
    """

    def __init__(self, indices):
        if len(indices) == 0:
            raise ValueError("The length of `indices` in SubsetRandomSampler should be greater "
                             "than 0.")
        self.indices = indices

    def __iter__(self):
        for i in paddle_permutation(len(self.indices)):
            yield self.indices[i]

    def __len__(self):
        return len(self.indices)
