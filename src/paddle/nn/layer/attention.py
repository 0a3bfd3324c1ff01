"""MultiHeadAttention, with the incremental (Cache) and precomputed (StaticCache) key/value
caches Paddle uses for decoding, and the attention-mask conversion the transformer layers
share."""
from __future__ import annotations

import collections

from ..._core import dtype as _dt
from ...tensor.creation import full
from ...tensor.linalg import matmul
from ...tensor.manipulation import cast, concat, reshape, transpose
from .. import functional as F
from .common import Linear
from .layers import Layer


def convert_attention_mask(attn_mask, dtype):
    """Paddle's mask rule: a bool/int mask (1 = attend) becomes 0 / -1e9 in `dtype`; a float
    mask of another dtype is cast; None stays None."""
    if attn_mask is None or attn_mask.dtype == _dt.to_dtype(dtype):
        return attn_mask
    if attn_mask.dtype == _dt.bool_ or attn_mask.dtype.is_integer:
        return (cast(attn_mask, dtype) - 1.0) * 1e9
    return cast(attn_mask, dtype)


class MultiHeadAttention(Layer):
    """Attention with `num_heads` heads over [batch, seq_len, embed_dim] query/key/value
    (key/value may have kdim/vdim features). forward(query, key=None, value=None,
    attn_mask=None, cache=None) returns the output, plus the attention weights when
    need_weights, plus the updated cache when one is given.

    Example:
        >>> import paddle
        >>> attn = paddle.nn.MultiHeadAttention(8, 2)
        >>> attn(paddle.rand([2, 4, 8])).shape
        paddle.Size([2, 4, 8])
    """

    Cache = collections.namedtuple("Cache", ["k", "v"])
    StaticCache = collections.namedtuple("StaticCache", ["k", "v"])

    def __init__(self, embed_dim, num_heads, dropout=0.0, kdim=None, vdim=None,
                 need_weights=False, weight_attr=None, bias_attr=None):
        super().__init__()
        # Paddle checks these with assert, so its error type is AssertionError.
        if embed_dim <= 0:
            raise AssertionError(f"Expected embed_dim to be greater than 0, but received "
                                 f"{embed_dim}")
        if num_heads <= 0:
            raise AssertionError(f"Expected num_heads to be greater than 0, but received "
                                 f"{num_heads}")
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self.num_heads, self.dropout, self.need_weights = num_heads, dropout, need_weights
        self.head_dim = embed_dim // num_heads
        if self.head_dim * num_heads != embed_dim:
            raise AssertionError(f"embed_dim must be divisible by num_heads, but received "
                             f"embed_dim={embed_dim} and num_heads={num_heads}")
        self.q_proj = Linear(embed_dim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.k_proj = Linear(self.kdim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.v_proj = Linear(self.vdim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.out_proj = Linear(embed_dim, embed_dim, weight_attr, bias_attr=bias_attr)

    def _split_heads(self, x):
        """[B, S, embed_dim] → [B, num_heads, S, head_dim]."""
        return transpose(reshape(x, [0, 0, self.num_heads, self.head_dim]), [0, 2, 1, 3])

    def _prepare_qkv(self, query, key, value, cache=None):
        q = self._split_heads(self.q_proj(query))
        if isinstance(cache, self.StaticCache):
            k, v = cache.k, cache.v
        else:
            k, v = self.compute_kv(key, value)
        if isinstance(cache, self.Cache):
            k = concat([cache.k, k], axis=2)
            v = concat([cache.v, v], axis=2)
            cache = self.Cache(k, v)
        return (q, k, v) if cache is None else (q, k, v, cache)

    def compute_kv(self, key, value):
        """Project key and value and split them into heads: two [B, num_heads, S, head_dim]."""
        k, v = self.k_proj(key), self.v_proj(value)  # both projections first, as Paddle
        return self._split_heads(k), self._split_heads(v)

    def gen_cache(self, key, value=None, type=Cache):
        """A StaticCache of projected key/value (cross attention), or an incremental Cache:
        empty ([B, num_heads, 0, head_dim]) when value is None, else (key, value) as given."""
        if type == MultiHeadAttention.StaticCache:
            return self.StaticCache(*self.compute_kv(key, value))
        if value is None:
            shape = [key.shape[0], self.num_heads, 0, self.head_dim]
            return self.Cache(full(shape, 0, key.dtype), full(shape, 0, key.dtype))
        return self.Cache(key, value)

    def forward(self, query, key=None, value=None, attn_mask=None, cache=None):
        self._check_features(query, key, value)
        key = query if key is None else key
        value = query if value is None else value
        if cache is None:
            q, k, v = self._prepare_qkv(query, key, value, cache)
        else:
            q, k, v, cache = self._prepare_qkv(query, key, value, cache)
        product = matmul(q * self.head_dim ** -0.5, k, transpose_y=True)
        if attn_mask is not None:
            product = product + convert_attention_mask(attn_mask, product.dtype)
        weights = F.softmax(product)
        if self.dropout:
            weights = F.dropout(weights, self.dropout, training=self.training,
                                mode="upscale_in_train")
        out = transpose(matmul(weights, v), [0, 2, 1, 3])
        out = self.out_proj(reshape(out, [0, 0, out.shape[2] * out.shape[3]]))
        outs = [out]
        if self.need_weights:
            outs.append(weights)
        if cache is not None:
            outs.append(cache)
        return out if len(outs) == 1 else tuple(outs)

    def _check_features(self, query, key, value):
        expected = (("query", query, self.embed_dim), ("key", key, self.kdim),
                    ("value", value, self.vdim))
        for arg, t, size in expected:
            if t is not None and (t.ndim != 3 or t.shape[-1] != size):
                raise ValueError(f"(MultiHeadAttention) {arg} must be 3-D [batch_size, "
                                 f"seq_len, {size}], but received shape {list(t.shape)}.")


__all__ = ["MultiHeadAttention"]
