"""squeeze_excitation: a squeeze-and-excitation block (MobileNetV3, PP-LCNet, PP-OCR) in one
op, as squeeze_excitation_fuse_pass builds it from the four ops it replaces:

    squeeze_excitation(x, squeeze_weight, squeeze_bias?, excite_weight, excite_bias?,
                       squeeze_activation, squeeze_alpha, squeeze_beta,
                       excite_activation, excite_alpha, excite_beta)
        = x * act2(conv1x1(act1(conv1x1(mean_hw(x), squeeze_weight) + squeeze_bias),
                           excite_weight) + excite_bias)

with (Cr, C, 1, 1) and (C, Cr, 1, 1) pointwise weights and act1/act2 named as fused_conv2d's
epilogue names them. Each step is the kernel of the op it replaces (global average pooling,
the pointwise convs' one product for the whole batch and their epilogue, the gating multiply),
so the op gives the chain's numbers; it saves the chain's steps and its broadcast multiply,
which is the compiled per-plane scaling where numba is installed. Inference only: no
gradient."""
from __future__ import annotations

import numpy as np

from ..compiler import kernel as compiled_kernel
from ..meta import TensorMeta, meta_of
from . import _kernel_utils as K
from ._conv_gemm import matmul_into
from .nn_activation_inplace import check_activation, conv_epilogue
from .nn_conv import array_signature, checked_sizes
from .nn_pool import global_average
from .registry import OPAQUE, defop


def _check_weight(name: str, weight, out_channels, in_channels) -> None:
    expected = (out_channels, in_channels, 1, 1)
    if len(weight.shape) != 4 or any(-1 not in (e, d) and e != d for e, d in
                                     zip(expected, weight.shape)):
        raise ValueError(f"(squeeze_excitation) The {name} must be a pointwise conv weight of "
                         f"shape {list(expected)}, but received {list(weight.shape)}.")


def _check_bias(name: str, bias, channels) -> None:
    if bias is not None and (len(bias.shape) != 1 or bias.shape[0] not in (channels, -1)):
        raise ValueError(f"(squeeze_excitation) The {name} must be a 1-D tensor of "
                         f"{channels} elements, but received shape {list(bias.shape)}.")


def _se_meta(x, squeeze_weight, squeeze_bias, excite_weight, excite_bias,
             squeeze_activation="relu", squeeze_alpha=0.0, squeeze_beta=0.0,
             excite_activation="hardsigmoid", excite_alpha=0.0, excite_beta=0.0):
    if len(x.shape) != 4:
        raise ValueError(f"(squeeze_excitation) The input x must be a 4-D (N, C, H, W) tensor, "
                         f"but received shape {list(x.shape)}.")
    if x.dtype.kind != "f":
        raise TypeError(f"(squeeze_excitation) The input must be a floating-point tensor, but "
                        f"received {x.dtype.name}.")
    channels, hidden = x.shape[1], squeeze_weight.shape[0]
    _check_weight("squeeze_weight", squeeze_weight, hidden, channels)
    _check_weight("excite_weight", excite_weight, channels, hidden)
    _check_bias("squeeze_bias", squeeze_bias, hidden)
    _check_bias("excite_bias", excite_bias, channels)
    check_activation("squeeze_excitation", squeeze_activation)
    check_activation("squeeze_excitation", excite_activation)
    return TensorMeta(tuple(x.shape), x.dtype)


def _pointwise_1x1(x, weight, bias, activation, alpha, beta):
    """fused_conv2d's route for a 1x1 image: one (N, C) x (C, Co) product, then the epilogue."""
    n, co = x.shape[0], weight.shape[0]
    out = np.empty((n, co, 1, 1), x.dtype)
    matmul_into(x.reshape(n, -1), weight.reshape(co, -1).T, out.reshape(n, co))
    conv_epilogue(out, bias, None, activation, alpha, beta, 1.0, 0.0)
    return out


def _meta(array):
    return None if array is None else meta_of(array)


def _widened(x):
    return None if x is None else (x.astype(np.float32) if x.dtype in K.LOW_PRECISION else x)


@defop("squeeze_excitation", "x squeeze_weight squeeze_bias excite_weight excite_bias",
       infer_meta=_se_meta, pattern=OPAQUE, optional_inputs=("squeeze_bias", "excite_bias"))
def squeeze_excitation(xp, x, squeeze_weight, squeeze_bias, excite_weight, excite_bias,
                       squeeze_activation="relu", squeeze_alpha=0.0, squeeze_beta=0.0,
                       excite_activation="hardsigmoid", excite_alpha=0.0, excite_beta=0.0):
    arrays = (x, squeeze_weight, squeeze_bias, excite_weight, excite_bias)
    key = ("squeeze_excitation", *map(array_signature, arrays), squeeze_activation,
           excite_activation)
    checked_sizes(key, lambda: _se_meta(*map(_meta, arrays), squeeze_activation,
                                        excite_activation=excite_activation).shape)
    dtype = x.dtype
    data, squeeze_weight, squeeze_bias, excite_weight, excite_bias = map(_widened, arrays)
    pooled = global_average(data)
    hidden = _pointwise_1x1(pooled, squeeze_weight, squeeze_bias, squeeze_activation,
                            squeeze_alpha, squeeze_beta)
    gate = _pointwise_1x1(hidden, excite_weight, excite_bias, excite_activation, excite_alpha,
                          excite_beta)
    scale = compiled_kernel("scale_planes")
    out = scale(data, gate) if scale is not None else None
    if out is None:
        out = np.multiply(data, gate)
    return out.astype(dtype, copy=False)


squeeze_excitation.no_grad("an inference-only fusion (squeeze_excitation_fuse_pass builds it "
                           "from ops that have gradients)")
