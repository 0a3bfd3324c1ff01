"""scaled_dot_product_attention: softmax(q k^T * scale + mask) v over [batch, seq, heads, dim]
inputs, computed exactly (Paddle's "math" backend, the one its CPU build runs)."""
from __future__ import annotations

from ..._core import dtype as _dt
from ...tensor._convert import require_tensor
from ...tensor.creation import full, full_like
from ...tensor.linalg import matmul
from ...tensor.logic import where
from ...tensor.manip_diag import triu
from ...tensor.manipulation import expand, flatten, squeeze, transpose, unsqueeze
from .activation_axis import softmax
from .dropout import dropout

# Paddle's CPU path masks the causal upper triangle with -1e4 (not -inf), so rows stay finite.
_CAUSAL_FILL = -1e4


def _check_heads(query, key, value, enable_gqa):
    q_heads, k_heads, v_heads = query.shape[2], key.shape[2], value.shape[2]
    if enable_gqa:
        if k_heads != 0 and q_heads % k_heads:
            raise AssertionError(f"The number of groups in query({q_heads}) must be divisible "
                                 f"by the number of groups in key({k_heads}) if GQA enabled.")
        if k_heads != v_heads:
            raise AssertionError(f"The number of groups in key({k_heads}) must be equal to the "
                                 f"number of groups in value({v_heads}) if GQA enabled.")
    elif not q_heads == k_heads == v_heads:
        raise AssertionError(f"The number of groups in query({q_heads}) must be equal to the "
                             f"number of groups in key({k_heads}) and the number of groups in "
                             f"value({v_heads}) if GQA disabled.")


def _repeat_heads(t, repeats):
    """[B, S, H, D] → [B, S, H * repeats, D], each head repeated `repeats` times in place."""
    if repeats == 1:
        return t
    b, s, h, d = t.shape
    return flatten(expand(unsqueeze(t, [3]), [b, s, h, repeats, d]), 2, 3)


def math_attention(query, key, value, mask=None, dropout_rate=0.0, causal=False,
                   return_softmax=False, training=True, scale=None):
    """softmax(q k^T * scale + mask) v for [B, S, H, D] inputs with equal head counts; the
    causal mask replaces `mask`, as on Paddle's CPU path. Returns (out, weights or None)."""
    q, k, v = (transpose(t, [0, 2, 1, 3]) for t in (query, key, value))
    head_dim = q.shape[-1]
    scale = scale or (head_dim ** -0.5 if head_dim != 0 else 1.0)
    product = matmul(q * scale, k, transpose_y=True)
    if causal:
        product = product + triu(full_like(product, _CAUSAL_FILL), 1)
    elif mask is not None:
        product = product + mask
    weights = softmax(product)
    if dropout_rate > 0.0:
        weights = dropout(weights, dropout_rate, training=training, mode="upscale_in_train")
    out = transpose(matmul(weights, v), [0, 2, 1, 3])
    return out, (weights if return_softmax else None)


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0,
                                 is_causal=False, training=True, backend=None, scale=None,
                                 enable_gqa=True, name=None):
    """Attention over [batch, seq_len, num_heads, head_dim] query/key/value (3-D inputs are
    one unbatched example). A bool attn_mask marks positions to keep; a float mask is added
    to the scores; is_causal masks future positions instead. With enable_gqa, key/value heads
    are shared by groups of query heads.

    Example:
        >>> import paddle
        >>> q = paddle.ones([1, 2, 1, 4])
        >>> paddle.nn.functional.scaled_dot_product_attention(q, q, q).shape
        paddle.Size([1, 2, 1, 4])
    """
    for position, (arg, t) in enumerate((("query", query), ("key", key), ("value", value))):
        require_tensor("scaled_dot_product_attention", arg, position, t)
        if t.ndim not in (3, 4):
            raise ValueError(f"(scaled_dot_product_attention) {arg} must be 4-D [batch_size, "
                             f"seq_len, num_heads, head_dim] (or 3-D unbatched), but received "
                             f"shape {list(t.shape)}.")
    batched = query.ndim == 4
    if not batched:
        query, key, value = (unsqueeze(t, [0]) for t in (query, key, value))
    _check_heads(query, key, value, enable_gqa)
    if attn_mask is not None and attn_mask.dtype == _dt.bool_:
        attn_mask = where(attn_mask, full([], 0.0, query.dtype),
                          full([], float("-inf"), query.dtype))
    repeats = query.shape[2] // key.shape[2] if key.shape[2] else 1
    key, value = _repeat_heads(key, repeats), _repeat_heads(value, repeats)
    out, _ = math_attention(query, key, value, attn_mask, dropout_p, is_causal, False,
                            training, scale)
    return out if batched else squeeze(out, [0])


__all__ = ["scaled_dot_product_attention"]
