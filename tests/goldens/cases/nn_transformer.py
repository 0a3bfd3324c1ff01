"""Attention and transformers against real Paddle: scaled_dot_product_attention (masks, causal,
grouped heads, unbatched), MultiHeadAttention (kdim/vdim, weights, masks, both caches) and the
encoder/decoder layers, stacks and Transformer. Layers are built under both frameworks, their
parameters overwritten with the same NumPy values (named_parameters order), and the cases return
outputs plus the gradients of inputs and parameters for loss = sum(out * fixed weights)."""


import importlib.util
import os

_spec = importlib.util.spec_from_file_location(
    "_layer_values", os.path.join(os.path.dirname(os.path.abspath(__file__)), "_layer_values.py"))
V = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(V)
_arr, _leaf, _flat = V.arr, V.leaf, V.flat


def _set_params(np, layer, seed=11):
    return V.set_params(np, layer, seed, 0.5)


def _with_grads(paddle, np, result, leaves):
    outs = _flat(result)
    loss = None
    for k, out in enumerate(outs):
        if out.stop_gradient:
            continue
        term = (out * paddle.to_tensor(_arr(np, list(out.shape), 200 + k,
                                            dtype=str(out.numpy().dtype)))).sum()
        loss = term if loss is None else loss + term
    loss.backward()
    return outs + [t.grad for t in leaves]


def _tol(case, rtol=1e-4, atol=2e-5):
    case.rtol, case.atol = rtol, atol
    return case


# ---- scaled_dot_product_attention --------------------------------------------------------------
def _sdpa(q_shape, k_shape=None, mask=None, dtype="float32", **kwargs):
    """mask: None, ("float", shape), ("bool", shape)."""
    def case(paddle, np):
        q = _leaf(paddle, np, q_shape, 1, dtype)
        k = _leaf(paddle, np, k_shape or q_shape, 2, dtype)
        v = _leaf(paddle, np, k_shape or q_shape, 3, dtype)
        attn_mask = None
        if mask is not None:
            kind, shape = mask
            if kind == "bool":
                keep = np.random.default_rng(4).uniform(size=shape) > 0.3
                keep[..., 0] = True
                attn_mask = paddle.to_tensor(keep)
            else:
                attn_mask = paddle.to_tensor(_arr(np, shape, 4, 2.0, dtype))
        out = paddle.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask, **kwargs)
        return _with_grads(paddle, np, out, [q, k, v])
    return _tol(case)


CASES = {}
CASES["sdpa_basic"] = _sdpa([2, 5, 3, 8])
CASES["sdpa_cross_lengths"] = _sdpa([2, 4, 2, 8], [2, 6, 2, 8])
CASES["sdpa_float_mask"] = _sdpa([2, 4, 2, 8], [2, 6, 2, 8], ("float", [2, 2, 4, 6]))
CASES["sdpa_float_mask_broadcast"] = _sdpa([2, 4, 2, 8], [2, 6, 2, 8], ("float", [4, 6]))
CASES["sdpa_bool_mask"] = _sdpa([2, 4, 2, 8], [2, 6, 2, 8], ("bool", [2, 1, 4, 6]))
CASES["sdpa_causal"] = _sdpa([2, 5, 2, 8], is_causal=True)
CASES["sdpa_causal_ignores_mask"] = _sdpa([2, 5, 2, 8], mask=("float", [5, 5]), is_causal=True)
CASES["sdpa_causal_rectangular"] = _sdpa([1, 3, 2, 4], [1, 5, 2, 4], is_causal=True)
CASES["sdpa_gqa"] = _sdpa([2, 4, 6, 8], [2, 4, 2, 8])
CASES["sdpa_gqa_mask"] = _sdpa([1, 3, 4, 4], [1, 5, 2, 4], ("float", [1, 4, 3, 5]))
CASES["sdpa_unbatched"] = _sdpa([5, 2, 8])
CASES["sdpa_scale"] = _sdpa([2, 5, 3, 8], scale=0.5)
CASES["sdpa_float64"] = _sdpa([2, 5, 3, 8], dtype="float64")
CASES["sdpa_dropout_not_training"] = _sdpa([2, 5, 3, 8], dropout_p=0.5, training=False)
CASES["sdpa_error_gqa_groups"] = _sdpa([2, 4, 3, 8], [2, 4, 2, 8])
CASES["sdpa_error_gqa_disabled"] = _sdpa([2, 4, 4, 8], [2, 4, 2, 8], enable_gqa=False)


# ---- MultiHeadAttention ---------------------------------------------------------------------
def _mha(q_shape, kv_shapes=None, mask=None, dtype="float32", **ctor):
    """kv_shapes: (key shape, value shape) or None for self-attention; mask: (kind, shape)."""
    def case(paddle, np):
        paddle.set_default_dtype(dtype)
        try:
            layer = paddle.nn.MultiHeadAttention(**ctor)
        finally:
            paddle.set_default_dtype("float32")
        params = _set_params(np, layer)
        q = _leaf(paddle, np, q_shape, 1, dtype)
        leaves, args = [q], [q]
        if kv_shapes is not None:
            k, v = _leaf(paddle, np, kv_shapes[0], 2, dtype), _leaf(paddle, np, kv_shapes[1], 3,
                                                                        dtype)
            leaves, args = [q, k, v], [q, k, v]
        else:
            args += [None, None]
        if mask is not None:
            kind, shape = mask
            values = np.random.default_rng(5).uniform(size=shape)
            if kind == "float":
                args.append(paddle.to_tensor(_arr(np, shape, 5, 2.0, dtype)))
            else:
                keep = values > 0.3
                keep[..., 0] = True
                args.append(paddle.to_tensor(keep.astype(kind)))
        return _with_grads(paddle, np, layer(*args), leaves + params)
    return _tol(case)


CASES["mha_self"] = _mha([2, 4, 8], embed_dim=8, num_heads=2)
CASES["mha_cross_kdim_vdim"] = _mha([2, 3, 8], ([2, 5, 4], [2, 5, 6]), embed_dim=8,
                                    num_heads=4, kdim=4, vdim=6)
CASES["mha_need_weights"] = _mha([2, 3, 8], ([2, 5, 8], [2, 5, 8]), embed_dim=8, num_heads=2,
                                 need_weights=True)
CASES["mha_float_mask"] = _mha([2, 3, 8], ([2, 5, 8], [2, 5, 8]), ("float", [2, 2, 3, 5]),
                               embed_dim=8, num_heads=2)
CASES["mha_bool_mask"] = _mha([2, 4, 8], None, ("bool", [2, 1, 4, 4]), embed_dim=8,
                              num_heads=2, need_weights=True)
CASES["mha_int_mask"] = _mha([2, 4, 8], None, ("int64", [4, 4]), embed_dim=8, num_heads=2)
CASES["mha_float64"] = _mha([2, 4, 6], dtype="float64", embed_dim=6, num_heads=3)
CASES["mha_no_bias"] = _mha([2, 4, 8], embed_dim=8, num_heads=2, bias_attr=False)


def _mha_dropout_eval(paddle, np):
    layer = paddle.nn.MultiHeadAttention(8, 2, dropout=0.5, need_weights=True)
    layer.eval()
    _set_params(np, layer)
    return layer(paddle.to_tensor(_arr(np, [2, 3, 8], 1)))


CASES["mha_dropout_eval"] = _tol(_mha_dropout_eval)


def _mha_incremental(paddle, np):
    """Decoding one position at a time with a Cache equals attending over the whole prefix."""
    layer = paddle.nn.MultiHeadAttention(8, 2)
    params = _set_params(np, layer)
    x = _leaf(paddle, np, [2, 3, 8], 1)
    cache = layer.gen_cache(x)
    outs = [cache.k, cache.v]
    for t in range(3):
        out, cache = layer(x[:, t:t + 1], x[:, t:t + 1], x[:, t:t + 1], None, cache)
        outs.append(out)
    outs += [cache.k, cache.v]
    return _with_grads(paddle, np, outs, [x] + params)


CASES["mha_incremental_cache"] = _tol(_mha_incremental)


def _mha_static(paddle, np):
    layer = paddle.nn.MultiHeadAttention(8, 2, need_weights=True)
    params = _set_params(np, layer)
    q, memory = _leaf(paddle, np, [2, 3, 8], 1), _leaf(paddle, np, [2, 5, 8], 2)
    static = layer.gen_cache(memory, memory, type=layer.StaticCache)
    out, weights, same = layer(q, memory, memory, None, static)
    given = layer.gen_cache(static.k, static.v)
    return _with_grads(paddle, np, [out, weights, same.k, given.v], [q, memory] + params)


CASES["mha_static_cache"] = _tol(_mha_static)


def _error(fn):
    def case(paddle, np):
        return fn(paddle)
    return case


CASES["mha_error_divisible"] = _error(lambda p: p.nn.MultiHeadAttention(10, 3))
CASES["mha_error_heads"] = _error(lambda p: p.nn.MultiHeadAttention(8, 0))
CASES["mha_error_query_features"] = _error(
    lambda p: p.nn.MultiHeadAttention(8, 2)(p.ones([2, 3, 6])))


# ---- encoder / decoder layers and stacks ------------------------------------------------------
def _layer_case(make, inputs, masks=(), eval_mode=False, extra=None):
    """inputs: shapes of the differentiable inputs; masks: (kind, shape) passed after them."""
    def case(paddle, np):
        layer = make(paddle)
        if eval_mode:
            layer.eval()
        params = _set_params(np, layer)
        leaves = [_leaf(paddle, np, s, 1 + k) for k, s in enumerate(inputs)]
        args = list(leaves)
        for kind, shape in masks:
            if kind == "float":
                args.append(paddle.to_tensor(_arr(np, shape, 7, 2.0)))
            elif kind == "none":
                args.append(None)
            else:
                keep = np.random.default_rng(7).uniform(size=shape) > 0.3
                keep[..., 0] = True
                args.append(paddle.to_tensor(keep))
        result = layer(*args)
        if eval_mode:
            return result
        return _with_grads(paddle, np, result, leaves + params)
    return _tol(case, 2e-4, 5e-5)


_SRC, _TGT = [2, 5, 8], [2, 3, 8]
CASES["encoder_layer"] = _layer_case(
    lambda p: p.nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0), [_SRC])
CASES["encoder_layer_pre_norm_gelu_mask"] = _layer_case(
    lambda p: p.nn.TransformerEncoderLayer(8, 2, 16, 0.0, "gelu", normalize_before=True),
    [_SRC], [("bool", [2, 1, 5, 5])])
CASES["encoder_layer_eval_default_dropout"] = _layer_case(
    lambda p: p.nn.TransformerEncoderLayer(8, 4, 12), [_SRC], [("float", [5, 5])],
    eval_mode=True)
CASES["encoder_stack"] = _layer_case(
    lambda p: p.nn.TransformerEncoder(p.nn.TransformerEncoderLayer(8, 2, 16, 0.0), 2,
                                      p.nn.LayerNorm(8)), [_SRC], [("float", [2, 2, 5, 5])])
CASES["encoder_stack_pre_norm"] = _layer_case(
    lambda p: p.nn.TransformerEncoder(
        p.nn.TransformerEncoderLayer(8, 2, 16, 0.0, normalize_before=True), 3), [_SRC])
CASES["decoder_layer"] = _layer_case(
    lambda p: p.nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0), [_TGT, _SRC],
    [("float", [3, 3]), ("bool", [2, 1, 3, 5])])
CASES["decoder_layer_pre_norm"] = _layer_case(
    lambda p: p.nn.TransformerDecoderLayer(8, 2, 16, 0.0, normalize_before=True,
                                           activation="gelu"), [_TGT, _SRC])
CASES["decoder_stack"] = _layer_case(
    lambda p: p.nn.TransformerDecoder(p.nn.TransformerDecoderLayer(8, 2, 16, 0.0), 2,
                                      p.nn.LayerNorm(8)), [_TGT, _SRC],
    [("float", [3, 3]), ("none", None)])
CASES["transformer"] = _layer_case(
    lambda p: p.nn.Transformer(8, 2, 2, 2, 16, dropout=0.0), [_SRC, _TGT],
    [("bool", [2, 1, 5, 5]), ("float", [3, 3]), ("bool", [2, 1, 3, 5])])
CASES["transformer_pre_norm_attrs"] = _layer_case(
    lambda p: p.nn.Transformer(8, 2, 1, 1, 16, dropout=0.0, normalize_before=True,
                               bias_attr=[True, False]), [_SRC, _TGT])
CASES["transformer_eval_default_dropout"] = _layer_case(
    lambda p: p.nn.Transformer(8, 2, 1, 2, 16), [_SRC, _TGT], eval_mode=True)


def _incremental_decoder(paddle, np):
    decoder = paddle.nn.TransformerDecoder(
        paddle.nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0), 2)
    params = _set_params(np, decoder)
    memory, tgt = _leaf(paddle, np, _SRC, 1), _leaf(paddle, np, _TGT, 2)
    cache = decoder.gen_cache(memory)
    outs = []
    for t in range(3):
        out, cache = decoder(tgt[:, t:t + 1], memory, cache=cache)
        outs.append(out)
    zipped = decoder.gen_cache(memory, do_zip=True)
    outs += [cache[1][0].k, zipped[1][0].v]
    return _with_grads(paddle, np, outs, [memory, tgt] + params)


CASES["decoder_incremental_cache"] = _tol(_incremental_decoder, 2e-4, 5e-5)


def _encoder_cache(paddle, np):
    encoder = paddle.nn.TransformerEncoder(
        paddle.nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0), 2)
    _set_params(np, encoder)
    src = paddle.to_tensor(_arr(np, _SRC, 1))
    cache = encoder.gen_cache(src)
    out, new_cache = encoder(src, cache=cache)
    return [out, new_cache[0].k, new_cache[1].v]


CASES["encoder_cache"] = _tol(_encoder_cache, 2e-4, 5e-5)


def _square_mask(paddle, np):
    model = paddle.nn.Transformer(8, 2, 1, 1, 16)
    return [model.generate_square_subsequent_mask(4),
            model.generate_square_subsequent_mask(paddle.to_tensor(2))]


CASES["square_subsequent_mask"] = _square_mask


def _names(make):
    def case(paddle, np):
        return " ".join(f"{k}:{list(v.shape)}" for k, v in make(paddle).state_dict().items())
    return case


CASES["names_transformer"] = _names(lambda p: p.nn.Transformer(8, 2, 2, 1, 16))
CASES["names_mha_kdim"] = _names(lambda p: p.nn.MultiHeadAttention(8, 2, kdim=3, vdim=5))
CASES["names_decoder_layer_no_bias"] = _names(
    lambda p: p.nn.TransformerDecoderLayer(8, 2, 16, bias_attr=[False, True, False]))
CASES["error_encoder_sizes"] = _error(lambda p: p.nn.TransformerEncoderLayer(8, 2, 0))
CASES["error_transformer_attr_list"] = _error(
    lambda p: p.nn.Transformer(8, 2, 1, 1, 16, weight_attr=[None] * 4))
CASES["error_layer_attr_list"] = _error(
    lambda p: p.nn.TransformerEncoderLayer(8, 2, 16, bias_attr=[None] * 3))


# ---- paddle.nn.functional.flash_attention (the exact path Paddle takes without a GPU) ----------
def _flash(q_shape, k_shape=None, **kwargs):
    def case(paddle, np):
        from paddle.nn.functional.flash_attention import flash_attention
        q = _leaf(paddle, np, q_shape, 1)
        k = _leaf(paddle, np, k_shape or q_shape, 2)
        v = _leaf(paddle, np, k_shape or q_shape, 3)
        out, weights = flash_attention(q, k, v, **kwargs)
        return _with_grads(paddle, np, [out] + ([] if weights is None else [weights]), [q, k, v])
    return _tol(case)


CASES["flash_attention"] = _flash([2, 5, 2, 8])
CASES["flash_attention_causal_softmax"] = _flash([2, 5, 2, 8], causal=True, return_softmax=True)
CASES["flash_attention_cross"] = _flash([2, 3, 2, 8], [2, 6, 2, 8], return_softmax=True)
CASES["flash_attention_dropout_eval"] = _flash([1, 4, 2, 4], dropout=0.5, training=False)
