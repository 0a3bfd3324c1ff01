"""paddle.nn.functional.flash_attention: the flash_attention entry point. Without a GPU Paddle
computes it exactly with the plain attention formula, and so does this module."""
from __future__ import annotations

from ...tensor._convert import require_tensor
from .attention import math_attention


def flash_attention(query, key, value, dropout=0.0, causal=False, return_softmax=False, *,
                    fixed_seed_offset=None, rng_name="", training=True, name=None,
                    softmax_scale=None):
    """Attention over [batch, seq_len, num_heads, head_dim] query/key/value (equal head
    counts); returns (out, softmax weights if return_softmax else None). As on Paddle's CPU
    path, the scale is always 1/sqrt(head_dim) and causal masks future positions.

    Example:
        >>> import paddle
        >>> from paddle.nn.functional.flash_attention import flash_attention
        >>> q = paddle.ones([1, 3, 2, 4])
        >>> out, weights = flash_attention(q, q, q, return_softmax=True)
        >>> out.shape, weights.shape
        (paddle.Size([1, 3, 2, 4]), paddle.Size([1, 2, 3, 3]))
    """
    for position, (arg, t) in enumerate((("query", query), ("key", key), ("value", value))):
        require_tensor("flash_attention", arg, position, t)
        if t.ndim != 4:
            raise ValueError(f"(flash_attention) {arg} must be 4-D [batch_size, seq_len, "
                             f"num_heads, head_dim], but received shape {list(t.shape)}.")
    return math_attention(query, key, value, None, dropout, causal, return_softmax, training)


__all__ = ["flash_attention"]
