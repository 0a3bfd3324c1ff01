"""The error paddle.io raises for a bad argument.

Real Paddle checks most paddle.io arguments with `assert`, so code written against it may catch
AssertionError; Feijiang's convention is ValueError. This type is both, so either works.
"""


class InvalidArgumentError(ValueError, AssertionError):
    """An argument of a paddle.io class or function has a bad value or type."""


def check(condition: bool, message: str) -> None:
    """Raise InvalidArgumentError(message) unless `condition` holds (never skipped under -O)."""
    if not condition:
        raise InvalidArgumentError(message)


class NoLengthError(TypeError, ValueError, RuntimeError):
    """len() of something unsized (an IterableDataset, or a DataLoader over one). Paddle raises
    ValueError or RuntimeError here; being a TypeError as well lets list() and other length
    hints treat the object as unsized instead of failing."""
