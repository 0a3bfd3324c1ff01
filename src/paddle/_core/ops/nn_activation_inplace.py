"""Activations applied in place on a freshly computed float array: the epilogues of the fused
inference ops (fused_conv2d, fc), which own their result and so may overwrite it. Each follows
the formula of the matching activation op (nn_activation, unary, nn_activation_smooth), so a
fused op and the chain it replaces agree to float rounding.

`alpha` and `beta` are the activation's attributes where it has them (leaky_relu's slope,
hardsigmoid's slope and offset, relu6's threshold); the others ignore them."""
from __future__ import annotations

import numpy as np

from ..compiler import kernel


def _relu(v, alpha, beta):
    np.fmax(v, v.dtype.type(0), out=v)


def _relu6(v, alpha, beta):
    np.clip(v, 0, alpha, out=v)


def _leaky_relu(v, alpha, beta):
    negative = v < 0
    np.multiply(v, v.dtype.type(alpha), out=v, where=negative)


def _hardswish(v, alpha, beta):
    # oneDNN's form, x * clip(x / 6 + 1 / 2, 0, 1), which Paddle Inference's fused convs run:
    # a multiply where the hardswish op divides (the same value to a rounding)
    gate = v * v.dtype.type(1 / 6)
    gate += v.dtype.type(0.5)
    np.clip(gate, 0, 1, out=gate)
    v *= gate


def _hardsigmoid(v, alpha, beta):
    v *= v.dtype.type(alpha)
    v += v.dtype.type(beta)
    np.clip(v, 0, 1, out=v)


def _sigmoid(v, alpha, beta):
    v *= v.dtype.type(0.5)
    np.tanh(v, out=v)
    v *= v.dtype.type(0.5)
    v += v.dtype.type(0.5)


def _swish(v, alpha, beta):
    gate = np.negative(v)
    np.exp(gate, out=gate)
    gate += v.dtype.type(1)
    v /= gate


def _tanh(v, alpha, beta):
    np.tanh(v, out=v)


# name -> (function, the activation op it reproduces and its attributes' defaults)
ACTIVATIONS = {
    "relu": _relu,
    "relu6": _relu6,
    "leaky_relu": _leaky_relu,
    "hardswish": _hardswish,
    "hardsigmoid": _hardsigmoid,
    "sigmoid": _sigmoid,
    "swish": _swish,
    "tanh": _tanh,
}


def check_activation(op: str, activation: str) -> None:
    if activation and activation not in ACTIVATIONS:
        raise ValueError(f"({op}) The fused activation must be one of {sorted(ACTIVATIONS)} "
                         f"or empty, but received '{activation}'.")


def apply_epilogue(out: np.ndarray, activation: str, alpha: float, beta: float, scale: float,
                   shift: float) -> None:
    """act(out) * scale + shift, in place (scale 1 and shift 0 are skipped)."""
    if activation:
        ACTIVATIONS[activation](out, alpha, beta)
    if scale != 1:
        out *= out.dtype.type(scale)
    if shift != 0:
        out += out.dtype.type(shift)


def conv_epilogue(out: np.ndarray, bias, residual, activation: str, alpha: float, beta: float,
                  scale: float, shift: float) -> None:
    """A fused conv's epilogue on its (N, C, ...) result, in place: + bias per channel,
    + residual, then act(.) * scale + shift; one compiled pass where numba is installed."""
    compiled = kernel("conv_epilogue")
    if compiled is not None and compiled(out, bias, residual, activation, alpha, beta, scale,
                                         shift):
        return
    if bias is not None:
        channels = out.reshape(out.shape[0], out.shape[1], -1)
        channels += bias[:, None]
    if residual is not None:
        out += residual
    apply_epilogue(out, activation, alpha, beta, scale, shift)
