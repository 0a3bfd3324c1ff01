"""The fused convolutions' epilogue compiled with numba: bias, residual, activation and output
scale and shift in one pass over each output row instead of one NumPy pass each (the passes
cost more than the product itself on a large pointwise conv). Every step rounds as the NumPy
epilogue (ops/nn_activation_inplace) does, in the same order, so both give the same numbers
(the scale and shift are always applied: x * 1 and x + 0 change no value). Activations with
transcendental functions (sigmoid, swish, tanh) are left to NumPy, whose float32 routines
differ from the C library's in the last bit.

`finish_row` is also what the compiled depthwise conv applies to each output row while the
row is still in cache."""
from __future__ import annotations

import functools

import numpy as np

from .cache import jit

# the activations compiled here, by the code the kernel switches on
CODES = {"": 0, "relu": 1, "relu6": 2, "leaky_relu": 3, "hardswish": 4, "hardsigmoid": 5}


@jit
def finish_row(row, b, code, alpha, beta, scale, shift):
    """row[j] = act(row[j] + b) * scale + shift in place, one loop per activation."""
    zero, one = row.dtype.type(0), row.dtype.type(1)
    if code == 0:
        if b == zero and scale == one and shift == zero:
            return
        for j in range(row.shape[0]):
            row[j] = (row[j] + b) * scale + shift
    elif code == 1:
        for j in range(row.shape[0]):
            v = row[j] + b
            row[j] = (v if v > zero else zero) * scale + shift  # noqa: FURB136 - NaN -> 0
    elif code == 2:
        for j in range(row.shape[0]):
            row[j] = min(max(row[j] + b, zero), alpha) * scale + shift
    elif code == 3:
        for j in range(row.shape[0]):
            v = row[j] + b
            row[j] = (v * alpha if v < zero else v) * scale + shift
    elif code == 4:
        sixth, half = row.dtype.type(1 / 6), row.dtype.type(0.5)
        for j in range(row.shape[0]):
            v = row[j] + b
            row[j] = v * min(max(v * sixth + half, zero), one) * scale + shift
    elif code == 5:
        for j in range(row.shape[0]):
            row[j] = min(max((row[j] + b) * alpha + beta, zero), one) * scale + shift


@jit
def _epilogue(out, bias, residual, code, alpha, beta, scale, shift):
    """out (N, C, P) in place, a row at a time while it is in cache; bias (C,) or empty,
    residual like out or empty (added after the bias, before the activation)."""
    zero = out.dtype.type(0)
    for n in range(out.shape[0]):
        for c in range(out.shape[1]):
            row = out[n, c]
            b = bias[c] if bias.shape[0] else zero
            if residual.shape[0]:
                extra = residual[n, c]
                for j in range(row.shape[0]):
                    row[j] = (row[j] + b) + extra[j]
                b = zero
            finish_row(row, b, code, alpha, beta, scale, shift)


@functools.cache
def _absent(dtype) -> tuple:
    """The empty arrays that stand for no bias and no residual, made once per dtype."""
    return np.empty(0, dtype), np.empty((0, 0, 0), dtype)


def _contiguous(array: np.ndarray, dtype) -> np.ndarray:
    return array if array.dtype == dtype and array.flags.c_contiguous else \
        np.ascontiguousarray(array, dtype)


def conv_epilogue(out: np.ndarray, bias, residual, activation: str, alpha: float, beta: float,
                  scale: float, shift: float) -> bool:
    """Apply the whole epilogue to `out` (N, C, ...) in place; False (nothing done) for an
    activation this kernel leaves to NumPy."""
    code = CODES.get(activation)
    if code is None:
        return False
    kind = out.dtype.type
    out3 = out.reshape(out.shape[0], out.shape[1], -1)
    no_bias, no_residual = _absent(out.dtype)
    bias = no_bias if bias is None else _contiguous(bias, out.dtype)
    residual = no_residual if residual is None else \
        _contiguous(residual, out.dtype).reshape(out3.shape)
    _epilogue(out3, bias, residual, code, kind(alpha), kind(beta), kind(scale), kind(shift))
    return True
