"""Argument checks and input preparation shared by the paddle.fft transforms: Paddle's dtype
rules (integers become the default float, reals become complex where the op needs complex),
axis/size validation with Paddle's messages, and trimming/zero-padding the input to `n` or `s`.
As in Paddle, a size or axis of the wrong type is a ValueError, like a wrong value."""
from __future__ import annotations

from collections.abc import Sequence

from .._core import dtype as _dt
from .._core.ops.fft import NORMS
from .._core.ops.pad import pad
from .._core.tensor import Tensor
from ..tensor._convert import cast_to
from ..tensor._to_tensor import assign

_COMPLEX_OF = {_dt.float32: _dt.complex64, _dt.float64: _dt.complex128}


def tensor_arg(api, x) -> Tensor:
    if not isinstance(x, Tensor):
        raise TypeError(f"({api}) x must be a Tensor, but received {type(x).__name__}")
    return x


def as_real(api, x):
    """Input of a real-to-complex transform: ints become the default float dtype."""
    if x.dtype.kind in "iu":
        return cast_to(x, _dt.default_float())
    if x.dtype not in _COMPLEX_OF:
        raise TypeError(f"({api}) x must be a real tensor of float32, float64 or an integer "
                        f"dtype, but received {x.dtype.name}")
    return x


def as_complex(api, x):
    """Input of a complex transform: ints and floats become the matching complex dtype."""
    if x.dtype.kind in "iu":
        return cast_to(x, _COMPLEX_OF[_dt.default_float()])
    if x.dtype in _COMPLEX_OF:
        return cast_to(x, _COMPLEX_OF[x.dtype])
    if x.dtype not in (_dt.complex64, _dt.complex128):
        raise TypeError(f"({api}) x must be float32, float64, complex64, complex128 or an "
                        f"integer dtype, but received {x.dtype.name}")
    return x


def check_norm(norm):
    if norm not in NORMS:
        raise ValueError(f"Unexpected norm: {norm}. Norm should be forward, backward or ortho")


def check_n(n):
    if not isinstance(n, int) or isinstance(n, bool):
        raise ValueError(f"Invalid FFT argument n({n}), it should be an integer.")  # noqa: TRY004
    if n <= 0:
        raise ValueError(f"Invalid FFT argument n({n}), it should be positive.")


def check_axis(x, axis) -> int:
    ndim = x.ndim
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise ValueError(f"Invalid FFT axis ({axis}), it should be an integer.")  # noqa: TRY004
    if not -ndim <= axis < ndim:
        raise ValueError(f"Invalid FFT axis ({axis}), it should be in range [-{ndim}, {ndim})")
    return axis % ndim


def check_at_least_ndim(x, rank):
    if x.ndim < rank:
        raise ValueError(f"The rank of the input ({x.ndim}) should >= {rank}")


def check_two(s, axes):
    """fft2 and friends take exactly two sizes and two axes."""
    if s is not None and (not isinstance(s, Sequence) or len(s) != 2):
        raise ValueError(f"Invalid FFT argument s ({s}), it should be a sequence of 2 integers.")
    if axes is not None and (not isinstance(axes, Sequence) or len(axes) != 2):
        raise ValueError(f"Invalid FFT argument axes ({axes}), it should be a sequence of 2 "
                         f"integers.")


def _check_sizes(x, s):
    if not isinstance(s, Sequence):
        message = f"Invalid FFT argument s({s}), it should be a sequence of integers."
        raise ValueError(message)  # noqa: TRY004
    if len(s) > x.ndim:
        raise ValueError(f"Length of FFT argument s should not be larger than the rank of input. "
                         f"Received s: {s}, rank of x: {x.ndim}")
    for size in s:
        if not isinstance(size, int) or isinstance(size, bool) or size <= 0:
            raise ValueError(f"FFT sizes {s} contains invalid value ({size})")


def _check_axes(x, axes):
    ndim = x.ndim
    if not isinstance(axes, Sequence):
        message = f"Invalid FFT axes ({axes}), it should be a sequence of integers."
        raise ValueError(message)  # noqa: TRY004
    if len(axes) > ndim:
        raise ValueError(f"Length of fft axes should not be larger than the rank of input. "
                         f"Received, len of axes: {len(axes)}, rank of x: {ndim}")
    for axis in axes:
        if not isinstance(axis, int) or isinstance(axis, bool) or not -ndim <= axis < ndim:
            raise ValueError(f"FFT axes {axes} contains invalid value ({axis}), it should be in "
                             f"range [-{ndim}, {ndim})")
    if len({a % ndim for a in axes}) != len(axes):
        raise ValueError(f"FFT axes {axes} contains repeated axes")


def plan_axes(x, s, axes, keep_last: bool):
    """Normalized (sizes, axes) of an n-D transform. Axes are sorted (the last one stays last
    for one-sided transforms, whose half-spectrum axis it is) and sizes follow their axes."""
    if s is not None:
        _check_sizes(x, s)
    if axes is None:
        count = x.ndim if s is None else len(s)
        return (None if s is None else list(s)), list(range(x.ndim - count, x.ndim))
    _check_axes(x, axes)
    axes = [a % x.ndim for a in axes]
    if s is not None and len(s) != len(axes):
        raise ValueError(f"Length of s ({len(s)}) and length of axes ({len(axes)}) does not "
                         f"match.")
    head = len(axes) - 1 if keep_last else len(axes)
    order = sorted(range(head), key=lambda i: axes[i]) + list(range(head, len(axes)))
    return (None if s is None else [s[i] for i in order]), [axes[i] for i in order]


def resize(x, sizes, axes):
    """Trim or zero-pad x to `sizes` along `axes` (a differentiable pad with negative crops)."""
    pairs = [(0, 0)] * x.ndim
    for size, axis in zip(sizes, axes):
        pairs[axis] = (0, size - x.shape[axis])
    if all(p == (0, 0) for p in pairs):
        return x
    return pad(x, pairs, "constant", 0.0)


def finish(result, out):
    if out is None:
        return result
    return assign(result, out)
