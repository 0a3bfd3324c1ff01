"""The fused convolutions' epilogue compiled with numba: bias, residual, activation and output
scale and shift in one pass over the result instead of one NumPy pass each (the passes cost
more than the product itself on a large pointwise conv). Every step rounds as the NumPy
epilogue (ops/nn_activation_inplace) does, in the same order, so both give the same numbers;
activations with transcendental functions (sigmoid, swish, tanh) are left to NumPy, whose
float32 routines differ from the C library's in the last bit."""
from __future__ import annotations

import numba
import numpy as np

# the activations compiled here, by the code the kernel switches on
CODES = {"": 0, "relu": 1, "relu6": 2, "leaky_relu": 3, "hardswish": 4, "hardsigmoid": 5}


@numba.njit(cache=True, nogil=True)
def _activate(row, code, alpha, beta):
    zero, one = row.dtype.type(0), row.dtype.type(1)
    three, six = row.dtype.type(3), row.dtype.type(6)
    if code == 1:
        for j in range(row.shape[0]):
            row[j] = row[j] if row[j] > zero else zero  # noqa: FURB136 - NaN -> 0 (np.fmax)
    elif code == 2:
        for j in range(row.shape[0]):
            row[j] = min(max(row[j], zero), alpha)
    elif code == 3:
        for j in range(row.shape[0]):
            row[j] = row[j] * alpha if row[j] < zero else row[j]
    elif code == 4:
        for j in range(row.shape[0]):
            gate = min(max(row[j] + three, zero), six)
            row[j] = row[j] * gate / six
    elif code == 5:
        for j in range(row.shape[0]):
            row[j] = min(max(row[j] * alpha + beta, zero), one)


@numba.njit(cache=True, nogil=True)
def _epilogue(out, bias, residual, code, alpha, beta, scale, shift):
    """out (N, C, P) in place, a row at a time while it is in cache, one simple loop per
    step; bias (C,) or empty, residual like out or empty."""
    for n in range(out.shape[0]):
        for c in range(out.shape[1]):
            row = out[n, c]
            if bias.shape[0]:
                b = bias[c]
                for j in range(row.shape[0]):
                    row[j] = row[j] + b
            if residual.shape[0]:
                extra = residual[n, c]
                for j in range(row.shape[0]):
                    row[j] = row[j] + extra[j]
            _activate(row, code, alpha, beta)
            if scale != 1:
                for j in range(row.shape[0]):
                    row[j] = row[j] * scale
            if shift != 0:
                for j in range(row.shape[0]):
                    row[j] = row[j] + shift


def conv_epilogue(out: np.ndarray, bias, residual, activation: str, alpha: float, beta: float,
                  scale: float, shift: float) -> bool:
    """Apply the whole epilogue to `out` (N, C, ...) in place; False (nothing done) for an
    activation this kernel leaves to NumPy."""
    code = CODES.get(activation)
    if code is None:
        return False
    kind = out.dtype.type
    out3 = out.reshape(out.shape[0], out.shape[1], -1)
    bias = np.empty(0, out.dtype) if bias is None else np.ascontiguousarray(bias, out.dtype)
    residual = np.empty((0, 0, 0), out.dtype) if residual is None else \
        np.ascontiguousarray(residual, out.dtype).reshape(out3.shape)
    _epilogue(out3, bias, residual, code, kind(alpha), kind(beta), kind(scale), kind(shift))
    return True
