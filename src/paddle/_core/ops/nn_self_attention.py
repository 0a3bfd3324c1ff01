"""self_dp_attention: multi-head scaled dot-product self-attention on a packed q/k/v tensor, the
op Paddle's self_attention_fuse_pass builds (SVTR, ViT-style blocks):

    self_dp_attention(x, alpha, head_number) -> out
        x (B, S, 3, H, D): q, k, v along dim 2;  out (B, S, H, D)
        out[b, s, h] = sum_t softmax_t(alpha * q[b, s, h] . k[b, t, h]) v[b, t, h]

The steps are the kernels of the ops it replaces, in their order (q scaled first, then the
batched products and the softmax of the registry), so it gives the chain's numbers in one
step instead of fourteen. Inference only: no gradient."""
from __future__ import annotations

from ..meta import TensorMeta
from .nn_softmax import softmax
from .registry import OPAQUE, defop


def _attention_meta(x, alpha=1.0, head_number=1):
    shape = tuple(x.shape)
    if len(shape) != 5 or shape[2] not in (3, -1) or shape[3] not in (head_number, -1):
        raise ValueError(f"(self_dp_attention) The input x must be (batch, sequence, 3, "
                         f"{head_number} heads, head size), but received shape {list(shape)}.")
    if x.dtype.kind != "f":
        raise TypeError(f"(self_dp_attention) The input must be a floating-point tensor, but "
                        f"received {x.dtype.name}.")
    return TensorMeta(shape[:2] + shape[3:], x.dtype)


@defop("self_dp_attention", infer_meta=_attention_meta, pattern=OPAQUE)
def self_dp_attention(xp, x, alpha=1.0, head_number=1):
    if x.ndim != 5 or x.shape[2] != 3 or x.shape[3] != head_number:
        _attention_meta(x, alpha, head_number)
    q, k, v = xp.transpose(x, (2, 0, 3, 1, 4))  # each (B, H, S, D)
    scaled = q * q.dtype.type(alpha) + q.dtype.type(0)  # the scale op's arithmetic
    scores = xp.matmul(scaled, xp.swapaxes(k, -1, -2))
    probabilities = softmax.kernel(xp, scores, -1)
    return xp.ascontiguousarray(xp.swapaxes(xp.matmul(probabilities, v), 1, 2))


self_dp_attention.no_grad("an inference-only fusion (self_attention_fuse_pass builds it from "
                          "ops that have gradients)")
