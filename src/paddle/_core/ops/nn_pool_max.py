"""The gradient of max pooling over regular windows (pool2d / pool3d with pooling_type 'max'):

    max_pool_grad(x, out, out_grad, kernel_size, strides, paddings) -> x_grad

Each window's out_grad goes to the first of its inputs (row-major) equal to the window's max,
as Paddle's kernels route it; the passes run over contiguous phase-plane runs
(_pool_max_runs). x_grad is linear in out_grad, so its own gradient gathers at the same
inputs (through max_pool*_with_index's mask, which picks the same ones)."""
from __future__ import annotations

from ..meta import TensorMeta, meta_of
from . import _pool_max_runs as R
from .nn_pool import MAX_WITH_INDEX, _widened, spatial_gather
from .registry import OPAQUE, defop


def _meta(x, out, out_grad, kernel_size, strides, paddings):
    if tuple(out.shape) != tuple(out_grad.shape):
        raise ValueError(f"(max_pool_grad) out_grad's shape {list(out_grad.shape)} must equal "
                         f"out's shape {list(out.shape)}.")
    return TensorMeta(tuple(x.shape), out_grad.dtype)


@defop("max_pool_grad", "x out out_grad", infer_meta=_meta, pattern=OPAQUE)
def max_pool_grad(xp, x, out, out_grad, kernel_size, strides, paddings):
    _meta(meta_of(x), meta_of(out), meta_of(out_grad), kernel_size, strides, paddings)
    if x.size == 0 or out.size == 0:
        return xp.zeros(x.shape, out_grad.dtype)
    dx = R.max_pool_grad(_widened(x), _widened(out), _widened(out_grad), tuple(kernel_size),
                         tuple(strides), paddings)
    return dx.astype(out_grad.dtype, copy=False)


@max_pool_grad.grad(save="x")
def _(ctx, g):
    nd = ctx.x.ndim - 2
    mask = MAX_WITH_INDEX[nd](ctx.x, ctx.kernel_size, ctx.strides, ctx.paddings, False,
                              False)[1]
    return None, None, spatial_gather(g, mask)
