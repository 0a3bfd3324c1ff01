"""Transformer encoder/decoder layers and stacks, and the full Transformer (Paddle's post-norm
by default, pre-norm with normalize_before)."""
from __future__ import annotations

import copy

import numpy as np

from ..._core import dtype as _dt
from ...framework.param_attr import ParamAttr
from ...tensor.creation import full
from ...tensor.manip_diag import triu
from .. import functional as F
from .attention import MultiHeadAttention, convert_attention_mask
from .common import Linear
from .container import LayerList
from .dropout import Dropout
from .layers import Layer
from .norm_extra import LayerNorm


def _param_attrs(param_attr, n):
    """One attr per sublayer group: a list/tuple gives them explicitly (True/False allowed);
    a single attr is copied n times, a name getting the suffix _0, _1, ..."""
    if isinstance(param_attr, (list, tuple)):
        if len(param_attr) != n:
            raise AssertionError(f"length of param_attr should be {n} when it is a list/tuple")
        return [(ParamAttr._to_attr(None) if a else False) if isinstance(a, bool)
                else ParamAttr._to_attr(a) for a in param_attr]
    if isinstance(param_attr, bool):
        return [ParamAttr._to_attr(None) if param_attr else False for _ in range(n)]
    attr = ParamAttr._to_attr(param_attr)
    attrs = []
    for i in range(n):
        one = copy.deepcopy(attr)
        if attr.name:
            one.name = f"{attr.name}_{i}"
        attrs.append(one)
    return attrs


def _check_sizes(d_model, nhead, dim_feedforward):
    for name, value in (("d_model", d_model), ("nhead", nhead),
                        ("dim_feedforward", dim_feedforward)):
        if value <= 0:  # Paddle asserts these, so its error type is AssertionError
            raise AssertionError(f"Expected {name} to be greater than 0, but received {value}")


class _Block(Layer):
    """What the encoder and decoder layers share: the feed-forward part, the norms and
    dropouts around each sublayer, and the config the stacks clone layers from."""

    def _build_common(self, n_norms, weight_attr, bias_attr):
        config = self._config
        dropout = config["dropout"]
        d_model, dim_ff = config["d_model"], config["dim_feedforward"]
        act_dropout = dropout if config["act_dropout"] is None else config["act_dropout"]
        self.linear1 = Linear(d_model, dim_ff, weight_attr, bias_attr=bias_attr)
        self.dropout = Dropout(act_dropout, mode="upscale_in_train")
        self.linear2 = Linear(dim_ff, d_model, weight_attr, bias_attr=bias_attr)
        for k in range(1, n_norms + 1):
            setattr(self, f"norm{k}", LayerNorm(d_model, config["layer_norm_eps"]))
        for k in range(1, n_norms + 1):
            setattr(self, f"dropout{k}", Dropout(dropout, mode="upscale_in_train"))
        self.activation = getattr(F, config["activation"])

    def _attn_dropout(self):
        config = self._config
        return config["dropout"] if config["attn_dropout"] is None else config["attn_dropout"]

    def _residual(self, k, x, sublayer):
        """x + dropout_k(sublayer(x)), normalised before (pre-norm) or after (post-norm)."""
        norm, drop = getattr(self, f"norm{k}"), getattr(self, f"dropout{k}")
        y = sublayer(norm(x) if self.normalize_before else x)
        out = x + drop(y)
        return out if self.normalize_before else norm(out)

    def _feed_forward(self, x):
        return self.linear2(self.dropout(self.activation(self.linear1(x))))


def _config_of(frame_locals):
    return {k: v for k, v in frame_locals.items() if k not in ("self", "__class__")}


class TransformerEncoderLayer(_Block):
    """Self-attention then feed-forward, each with residual, dropout and LayerNorm.

    Example:
        >>> import paddle
        >>> layer = paddle.nn.TransformerEncoderLayer(8, 2, 16)
        >>> layer(paddle.rand([2, 4, 8])).shape
        paddle.Size([2, 4, 8])
    """

    def __init__(self, d_model, nhead, dim_feedforward, dropout=0.1, activation="relu",
                 attn_dropout=None, act_dropout=None, normalize_before=False, weight_attr=None,
                 bias_attr=None, layer_norm_eps=1e-05):
        config = _config_of(locals())
        super().__init__()
        _check_sizes(d_model, nhead, dim_feedforward)
        self.normalize_before = normalize_before
        weight_attrs, bias_attrs = _param_attrs(weight_attr, 2), _param_attrs(bias_attr, 2)
        self._config = config
        self.self_attn = MultiHeadAttention(d_model, nhead, dropout=self._attn_dropout(),
                                            weight_attr=weight_attrs[0],
                                            bias_attr=bias_attrs[0])
        self._build_common(2, weight_attrs[1], bias_attrs[1])

    def forward(self, src, src_mask=None, cache=None):
        src_mask = convert_attention_mask(src_mask, src.dtype)
        new_cache = []

        def attend(x):
            if cache is None:
                return self.self_attn(x, x, x, src_mask)
            out, updated = self.self_attn(x, x, x, src_mask, cache)
            new_cache.append(updated)
            return out

        src = self._residual(1, src, attend)
        src = self._residual(2, src, self._feed_forward)
        return src if cache is None else (src, new_cache[0])

    def gen_cache(self, src):
        """An empty incremental cache for the self-attention."""
        return self.self_attn.gen_cache(src, type=self.self_attn.Cache)


class TransformerDecoderLayer(_Block):
    """Self-attention, cross-attention over the encoder memory, then feed-forward.

    Example:
        >>> import paddle
        >>> layer = paddle.nn.TransformerDecoderLayer(8, 2, 16)
        >>> layer(paddle.rand([2, 4, 8]), paddle.rand([2, 6, 8])).shape
        paddle.Size([2, 4, 8])
    """

    def __init__(self, d_model, nhead, dim_feedforward, dropout=0.1, activation="relu",
                 attn_dropout=None, act_dropout=None, normalize_before=False, weight_attr=None,
                 bias_attr=None, layer_norm_eps=1e-05):
        config = _config_of(locals())
        super().__init__()
        _check_sizes(d_model, nhead, dim_feedforward)
        self.normalize_before = normalize_before
        weight_attrs, bias_attrs = _param_attrs(weight_attr, 3), _param_attrs(bias_attr, 3)
        self._config = config
        self.self_attn = MultiHeadAttention(d_model, nhead, dropout=self._attn_dropout(),
                                            weight_attr=weight_attrs[0],
                                            bias_attr=bias_attrs[0])
        self.cross_attn = MultiHeadAttention(d_model, nhead, dropout=self._attn_dropout(),
                                             weight_attr=weight_attrs[1],
                                             bias_attr=bias_attrs[1])
        self._build_common(3, weight_attrs[2], bias_attrs[2])

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, cache=None):
        tgt_mask = convert_attention_mask(tgt_mask, tgt.dtype)
        memory_mask = convert_attention_mask(memory_mask, memory.dtype)
        updated = [None, None]

        def attention(index, attn, kv, mask):
            def run(x):
                kv_in = x if kv is None else kv
                if cache is None:
                    return attn(x, kv_in, kv_in, mask, None)
                out, updated[index] = attn(x, kv_in, kv_in, mask, cache[index])
                return out
            return run

        tgt = self._residual(1, tgt, attention(0, self.self_attn, None, tgt_mask))
        tgt = self._residual(2, tgt, attention(1, self.cross_attn, memory, memory_mask))
        tgt = self._residual(3, tgt, self._feed_forward)
        return tgt if cache is None else (tgt, tuple(updated))

    def gen_cache(self, memory):
        """(empty incremental Cache for self-attention, StaticCache of the memory's keys and
        values for cross-attention)."""
        incremental = self.self_attn.gen_cache(memory, type=self.self_attn.Cache)
        static = self.cross_attn.gen_cache(memory, memory, type=self.cross_attn.StaticCache)
        return incremental, static


class _Stack(Layer):
    """num_layers copies of a layer (the first is the given one, the others are rebuilt from
    its constructor arguments, so they get fresh parameters), then an optional norm."""

    def __init__(self, layer, num_layers, norm=None):
        super().__init__()
        self.layers = LayerList([layer if i == 0 else type(layer)(**layer._config)
                                 for i in range(num_layers)])
        self.num_layers = num_layers
        self.norm = norm

    def _finish(self, output, cache, new_caches):
        if self.norm is not None:
            output = self.norm(output)
        return output if cache is None else (output, new_caches)


class TransformerEncoder(_Stack):
    """A stack of encoder layers.

    Example:
        >>> import paddle
        >>> layer = paddle.nn.TransformerEncoderLayer(8, 2, 16)
        >>> paddle.nn.TransformerEncoder(layer, 2)(paddle.rand([2, 4, 8])).shape
        paddle.Size([2, 4, 8])
    """

    def __init__(self, encoder_layer, num_layers, norm=None):
        super().__init__(encoder_layer, num_layers, norm)

    def forward(self, src, src_mask=None, cache=None):
        src_mask = convert_attention_mask(src_mask, src.dtype)
        output, new_caches = src, []
        for i, layer in enumerate(self.layers):
            if cache is None:
                output = layer(output, src_mask=src_mask)
            else:
                output, new_cache = layer(output, src_mask=src_mask, cache=cache[i])
                new_caches.append(new_cache)
        return self._finish(output, cache, new_caches)

    def gen_cache(self, src):
        """One empty incremental cache per layer."""
        return [layer.gen_cache(src) for layer in self.layers]


class TransformerDecoder(_Stack):
    """A stack of decoder layers attending to the same encoder memory.

    Example:
        >>> import paddle
        >>> layer = paddle.nn.TransformerDecoderLayer(8, 2, 16)
        >>> decoder = paddle.nn.TransformerDecoder(layer, 2)
        >>> decoder(paddle.rand([2, 4, 8]), paddle.rand([2, 6, 8])).shape
        paddle.Size([2, 4, 8])
    """

    def __init__(self, decoder_layer, num_layers, norm=None):
        super().__init__(decoder_layer, num_layers, norm)

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, cache=None):
        tgt_mask = convert_attention_mask(tgt_mask, tgt.dtype)
        memory_mask = convert_attention_mask(memory_mask, memory.dtype)
        output, new_caches = tgt, []
        for i, layer in enumerate(self.layers):
            if cache is None:
                output = layer(output, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                               cache=None)
            else:
                output, new_cache = layer(output, memory, tgt_mask=tgt_mask,
                                          memory_mask=memory_mask, cache=cache[i])
                new_caches.append(new_cache)
        return self._finish(output, cache, new_caches)

    def gen_cache(self, memory, do_zip=False):
        """Per layer (incremental, static) caches; with do_zip, regrouped by kind."""
        cache = [layer.gen_cache(memory) for layer in self.layers]
        return list(zip(*cache)) if do_zip else cache


def _split_attr(attr, what):
    """Encoder and decoder attrs from one attr or a list of 1, 2 or 3 (Paddle's rule)."""
    if not isinstance(attr, (list, tuple)):
        return attr, attr
    if len(attr) == 1:
        return [attr[0]] * 2, [attr[0]] * 3
    if len(attr) == 2:
        return attr, [attr[0], attr[0], attr[-1]]
    if len(attr) == 3:
        return [attr[0], attr[-1]], attr
    raise AssertionError(f"length of {what} should be 1 or 2 or 3 when it is a list/tuple")


class Transformer(Layer):
    """Encoder-decoder Transformer (Vaswani et al.): forward(src, tgt, src_mask=None,
    tgt_mask=None, memory_mask=None) returns the decoder output.

    Example:
        >>> import paddle
        >>> model = paddle.nn.Transformer(8, 2, 1, 1, 16)
        >>> model(paddle.rand([2, 5, 8]), paddle.rand([2, 3, 8])).shape
        paddle.Size([2, 3, 8])
    """

    def __init__(self, d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6,
                 dim_feedforward=2048, dropout=0.1, activation="relu", attn_dropout=None,
                 act_dropout=None, normalize_before=False, weight_attr=None, bias_attr=None,
                 custom_encoder=None, custom_decoder=None):
        super().__init__()
        _check_sizes(d_model, nhead, dim_feedforward)
        enc_bias, dec_bias = _split_attr(bias_attr, "bias_attr")
        enc_weight, dec_weight = _split_attr(weight_attr, "weight_attr")
        shared = (dropout, activation, attn_dropout, act_dropout, normalize_before)
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            layer = TransformerEncoderLayer(d_model, nhead, dim_feedforward, *shared,
                                            enc_weight, enc_bias)
            self.encoder = TransformerEncoder(layer, num_encoder_layers, LayerNorm(d_model))
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            layer = TransformerDecoderLayer(d_model, nhead, dim_feedforward, *shared,
                                            dec_weight, dec_bias)
            self.decoder = TransformerDecoder(layer, num_decoder_layers, LayerNorm(d_model))
        self.d_model, self.nhead = d_model, nhead

    def forward(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None):
        src_mask = convert_attention_mask(src_mask, src.dtype)
        memory = self.encoder(src, src_mask=src_mask)
        tgt_mask = convert_attention_mask(tgt_mask, tgt.dtype)
        memory_mask = convert_attention_mask(memory_mask, memory.dtype)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask)

    def generate_square_subsequent_mask(self, length):
        """[length, length] float mask: 0 on and below the diagonal, -inf above.

        Example:
            >>> import paddle
            >>> paddle.nn.Transformer(8, 2, 1, 1, 16).generate_square_subsequent_mask(2)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[ 0.  , -inf.],
                    [ 0.  ,  0.  ]])
        """
        size = int(length.item() if hasattr(length, "item") else length)
        return triu(full([size, size], -np.inf, _dt.get_default_dtype()), 1)


__all__ = ["TransformerEncoderLayer", "TransformerEncoder", "TransformerDecoderLayer",
           "TransformerDecoder", "Transformer"]
