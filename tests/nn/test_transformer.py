"""Attention and transformer behaviour: mask forms agree, cached decoding equals full causal
attention, grouped heads equal repeated heads, dropout and errors."""
import numpy as np
import pytest

import paddle
import paddle.nn.functional as F


def _t(shape, seed):
    return paddle.to_tensor(np.random.default_rng(seed).uniform(-1, 1, shape).astype("float32"))


def test_sdpa_bool_mask_equals_additive_mask():
    q, k, v = _t([2, 4, 2, 8], 0), _t([2, 6, 2, 8], 1), _t([2, 6, 2, 8], 2)
    keep = np.random.default_rng(3).uniform(size=[2, 1, 4, 6]) > 0.4
    keep[..., 0] = True
    additive = np.where(keep, 0.0, -np.inf).astype("float32")
    a = F.scaled_dot_product_attention(q, k, v, paddle.to_tensor(keep))
    b = F.scaled_dot_product_attention(q, k, v, paddle.to_tensor(additive))
    np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-6, atol=1e-7)


def test_sdpa_grouped_heads_equal_repeated_heads():
    q, k, v = _t([1, 3, 4, 8], 0), _t([1, 5, 2, 8], 1), _t([1, 5, 2, 8], 2)
    grouped = F.scaled_dot_product_attention(q, k, v)
    repeat = paddle.to_tensor(np.repeat(k.numpy(), 2, axis=2))
    repeat_v = paddle.to_tensor(np.repeat(v.numpy(), 2, axis=2))
    full = F.scaled_dot_product_attention(q, repeat, repeat_v)
    np.testing.assert_allclose(grouped.numpy(), full.numpy(), rtol=1e-6, atol=1e-7)


def test_sdpa_causal_first_position_sees_only_itself():
    q, k, v = _t([1, 4, 1, 8], 0), _t([1, 4, 1, 8], 1), _t([1, 4, 1, 8], 2)
    out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    np.testing.assert_allclose(out.numpy()[0, 0], v.numpy()[0, 0], rtol=1e-5)


def test_sdpa_dropout_only_while_training():
    q = _t([2, 8, 2, 8], 0)
    plain = F.scaled_dot_product_attention(q, q, q)
    evaluated = F.scaled_dot_product_attention(q, q, q, dropout_p=0.5, training=False)
    np.testing.assert_array_equal(plain.numpy(), evaluated.numpy())
    dropped = F.scaled_dot_product_attention(q, q, q, dropout_p=0.5)
    assert not np.allclose(plain.numpy(), dropped.numpy())


def test_mha_incremental_cache_equals_causal_attention():
    attn = paddle.nn.MultiHeadAttention(8, 2)
    x = _t([2, 4, 8], 0)
    mask = paddle.nn.Transformer(8, 2, 1, 1, 16).generate_square_subsequent_mask(4)
    full = attn(x, attn_mask=mask).numpy()
    cache = attn.gen_cache(x)
    for t in range(4):
        step, cache = attn(x[:, t:t + 1], x[:, t:t + 1], x[:, t:t + 1], None, cache)
        np.testing.assert_allclose(step.numpy()[:, 0], full[:, t], rtol=1e-5, atol=1e-6)
    assert cache.k.shape == [2, 2, 4, 4]


def test_mha_int_and_bool_masks_mean_keep():
    attn = paddle.nn.MultiHeadAttention(8, 2, need_weights=True)
    x = _t([1, 3, 8], 0)
    keep = np.array([[1, 0, 1]] * 3)
    _, from_int = attn(x, attn_mask=paddle.to_tensor(keep))
    _, from_bool = attn(x, attn_mask=paddle.to_tensor(keep.astype(bool)))
    np.testing.assert_allclose(from_int.numpy(), from_bool.numpy())
    assert np.all(from_int.numpy()[..., 1] < 1e-6)


def test_decoder_incremental_decoding_equals_full_pass():
    paddle.seed(3)
    decoder = paddle.nn.TransformerDecoder(
        paddle.nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0), 2)
    memory, tgt = _t([2, 5, 8], 0), _t([2, 3, 8], 1)
    mask = paddle.nn.Transformer(8, 2, 1, 1, 16).generate_square_subsequent_mask(3)
    full = decoder(tgt, memory, tgt_mask=mask).numpy()
    cache = decoder.gen_cache(memory)
    for t in range(3):
        step, cache = decoder(tgt[:, t:t + 1], memory, cache=cache)
        np.testing.assert_allclose(step.numpy()[:, 0], full[:, t], rtol=1e-5, atol=1e-5)


def test_encoder_clones_get_fresh_parameters_and_config():
    layer = paddle.nn.TransformerEncoderLayer(8, 2, 16, activation="gelu",
                                              normalize_before=True)
    encoder = paddle.nn.TransformerEncoder(layer, 3)
    first, second = encoder.layers[0], encoder.layers[1]
    assert first is layer and second.normalize_before
    assert not np.allclose(first.linear1.weight.numpy(), second.linear1.weight.numpy())
    assert len(encoder.parameters()) == 3 * 16


def test_transformer_training_step_reduces_loss():
    paddle.seed(0)
    model = paddle.nn.Transformer(8, 2, 1, 1, 16, dropout=0.0)
    opt = paddle.optimizer.Adam(learning_rate=0.01, parameters=model.parameters())
    src, tgt, target = _t([4, 5, 8], 0), _t([4, 3, 8], 1), _t([4, 3, 8], 2)
    losses = []
    for _ in range(5):
        loss = ((model(src, tgt) - target) ** 2).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss.numpy()))
    assert losses[-1] < losses[0]


@pytest.mark.parametrize("make, error, message", [
    (lambda: F.scaled_dot_product_attention(_t([2, 8], 0), _t([2, 8], 0), _t([2, 8], 0)),
     ValueError, "4-D"),
    (lambda: F.scaled_dot_product_attention(_t([1, 2, 3, 4], 0), _t([1, 2, 2, 4], 0),
                                            _t([1, 2, 2, 4], 0)), AssertionError, "divisible"),
    (lambda: paddle.nn.MultiHeadAttention(8, 2)(_t([2, 3, 6], 0)), ValueError, "query"),
    (lambda: paddle.nn.MultiHeadAttention(10, 3), AssertionError, "divisible"),
    (lambda: paddle.nn.Transformer(8, 2, 1, 1, 16, bias_attr=[None] * 4), AssertionError,
     "bias_attr"),
])
def test_errors(make, error, message):
    with pytest.raises(error, match=message):
        make()
