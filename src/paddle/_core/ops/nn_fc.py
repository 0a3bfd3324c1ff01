"""fc: the fully connected op of the inference passes (fc_fuse_pass, fc_act_onednn_fuse_pass),
as in Paddle:

    fc(input, w, bias?, in_num_col_dims, activation_type)
        = act(input.reshape(prod(dims[:k]), -1) @ w + bias), shaped dims[:k] + [w.shape[1]]

with k = in_num_col_dims. The product is one BLAS call on the flattened rows; bias and
activation are applied in place on its result. Inference only, so it has no gradient."""
from __future__ import annotations

import math

import numpy as np

from ..meta import TensorMeta, meta_of
from . import _kernel_utils as K
from ._conv_gemm import matmul_into
from .nn_activation_inplace import apply_epilogue, check_activation
from .registry import OPAQUE, defop


def _fc_meta(input, w, bias, in_num_col_dims=1, activation_type=""):
    dims = tuple(input.shape)
    if not 0 < in_num_col_dims < len(dims) or len(w.shape) != 2:
        raise ValueError(f"(fc) The input (shape {list(dims)}) must have more than "
                         f"in_num_col_dims ({in_num_col_dims}) dims and W must be 2-D, but W "
                         f"has shape {list(w.shape)}.")
    depth = math.prod(dims[in_num_col_dims:]) if -1 not in dims[in_num_col_dims:] else -1
    if -1 not in (depth, w.shape[0]) and depth != w.shape[0]:
        raise ValueError(f"(fc) The input's trailing dims {list(dims[in_num_col_dims:])} must "
                         f"flatten to W's first dim {w.shape[0]}.")
    if bias is not None and math.prod(bias.shape) not in (w.shape[1], -1):
        raise ValueError(f"(fc) The bias must have {w.shape[1]} elements (W's columns), but "
                         f"received shape {list(bias.shape)}.")
    check_activation("fc", activation_type)
    return TensorMeta(dims[:in_num_col_dims] + (w.shape[1],), input.dtype)


@defop("fc", "input w bias", infer_meta=_fc_meta, pattern=OPAQUE, optional_inputs=("bias",))
def fc(xp, input, w, bias, in_num_col_dims=1, activation_type=""):
    _fc_meta(meta_of(input), meta_of(w), None if bias is None else meta_of(bias),
             in_num_col_dims, activation_type)
    dtype = input.dtype
    rows = input.reshape(math.prod(input.shape[:in_num_col_dims]), -1)
    if dtype in K.LOW_PRECISION:
        rows, w = rows.astype(np.float32), w.astype(np.float32)
        bias = None if bias is None else bias.astype(np.float32)
    out = np.empty((rows.shape[0], w.shape[1]), np.result_type(rows, w))
    matmul_into(rows, w, out)
    if bias is not None:
        out += bias.reshape(-1)
    apply_epilogue(out, activation_type, 0.0, 0.0, 1.0, 0.0)
    return out.reshape(input.shape[:in_num_col_dims] + (w.shape[1],)).astype(dtype, copy=False)


fc.no_grad("an inference-only fusion (fc_fuse_pass builds it from matmul and add)")
