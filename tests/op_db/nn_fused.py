"""op_db entries for the inference-only fused ops (fused_conv2d, fused_conv2d_transpose, fc,
squeeze_excitation, self_dp_attention, fused_batch_norm_act). The references compose the unfused ones: the conv references of nn_conv,
then bias, residual, the activation's NumPy formula and the output scale and shift."""
from .entry import Sample, entry, np
from .nn_conv import ref_conv, ref_conv_transpose

_ACTIVATIONS = {
    "": lambda v, a, b: v,
    "relu": lambda v, a, b: np.maximum(v, 0),
    "relu6": lambda v, a, b: np.clip(v, 0, a),
    "leaky_relu": lambda v, a, b: np.where(v > 0, v, v * a),
    "hardswish": lambda v, a, b: v * np.clip(v + 3, 0, 6) / 6,
    "hardsigmoid": lambda v, a, b: np.clip(v * a + b, 0, 1),
    "sigmoid": lambda v, a, b: 1 / (1 + np.exp(-v)),
    "swish": lambda v, a, b: v / (1 + np.exp(-v)),
    "tanh": lambda v, a, b: np.tanh(v),
}
# (activation, alpha, beta) cycled through the samples
_EPILOGUES = [("hardswish", 0.0, 0.0), ("relu", 0.0, 0.0), ("leaky_relu", 0.1, 0.0),
              ("hardsigmoid", 0.2, 0.5), ("sigmoid", 0.0, 0.0), ("swish", 0.0, 0.0),
              ("relu6", 6.0, 0.0), ("tanh", 0.0, 0.0), ("", 0.0, 0.0)]


def _channel_bias(out, bias):
    return out if bias is None else out + bias.reshape((1, -1) + (1,) * (out.ndim - 2))


def ref_fused_conv(x, w, bias, residual, strides, pads, dilations, groups, activation="",
                   alpha=0.0, beta=0.0, scale=1.0, shift=0.0):
    out = _channel_bias(ref_conv(x, w, strides, pads, dilations, groups).astype(np.float64),
                        bias)
    if residual is not None:
        out = out + residual
    return (_ACTIVATIONS[activation](out, alpha, beta) * scale + shift).astype(x.dtype)


def ref_fused_conv_transpose(x, w, bias, strides, pads, output_size, dilations, groups,
                             activation="", alpha=0.0, beta=0.0):
    out = ref_conv_transpose(x, w, strides, pads, output_size, dilations, groups)
    out = _channel_bias(out.astype(np.float64), bias)
    return _ACTIVATIONS[activation](out, alpha, beta).astype(x.dtype)


# (x shape, weight shape, strides, paddings, dilations, groups): pointwise, a unit-stride
# KxK conv with more input than output channels (the shifted-product route), strided and
# grouped im2col, depthwise
_CONVS = [((1, 6, 4, 5), (4, 6, 1, 1), (1, 1), ((0, 0), (0, 0)), (1, 1), 1),
          ((2, 6, 5, 4), (3, 6, 3, 3), (1, 1), ((1, 1), (1, 1)), (1, 1), 1),
          ((1, 4, 6, 6), (6, 2, 3, 3), (2, 1), ((1, 0), (0, 1)), (1, 2), 2),
          ((2, 3, 6, 5), (3, 1, 3, 3), (1, 1), ((1, 1), (1, 1)), (1, 1), 3)]


def _fused_conv_samples(rng, dtype):
    out = []
    for i, (xs, ws, strides, pads, dils, groups) in enumerate(_CONVS):
        x = rng.uniform(-2, 2, xs).astype(dtype)
        w = rng.uniform(-1, 1, ws).astype(dtype)
        y = ref_conv(x, w, strides, pads, dils, groups)
        bias = rng.uniform(-1, 1, ws[0]).astype(dtype) if i != 1 else None
        residual = rng.uniform(-1, 1, y.shape).astype(dtype) if i % 2 else None
        for activation, alpha, beta in _EPILOGUES[2 * i:2 * i + 3]:
            out.append(Sample((x, w, bias, residual), (strides, pads, dils, groups, activation,
                                                       alpha, beta, 0.5, 0.25),
                              name=f"{xs}x{ws}-{activation or 'none'}"))
    return out


def _fused_transpose_samples(rng, dtype):
    out = []
    for xs, ws, strides, output_size in [((1, 4, 3, 5), (4, 2, 2, 2), (2, 2), (6, 10)),
                                         ((2, 3, 4, 4), (3, 2, 3, 3), (1, 1), (6, 6))]:
        x = rng.uniform(-1, 1, xs).astype(dtype)
        w = rng.uniform(-1, 1, ws).astype(dtype)
        bias = rng.uniform(-1, 1, ws[1]).astype(dtype)
        out.append(Sample((x, w, bias), (strides, ((0, 0), (0, 0)), output_size, (1, 1), 1,
                                         "relu", 0.0, 0.0), name=f"{xs}x{ws}"))
    return out


def ref_fc(x, w, bias, in_num_col_dims=1, activation_type=""):
    rows = x.reshape(int(np.prod(x.shape[:in_num_col_dims])), -1).astype(np.float64) @ w
    if bias is not None:
        rows = rows + bias.reshape(-1)
    out = _ACTIVATIONS[activation_type](rows, 0.0, 0.0)
    return out.reshape(x.shape[:in_num_col_dims] + (w.shape[1],)).astype(x.dtype)


def _fc_samples(rng, dtype):
    x3 = rng.uniform(-1, 1, (2, 3, 4)).astype(dtype)
    w = rng.uniform(-1, 1, (4, 5)).astype(dtype)
    b = rng.uniform(-1, 1, 5).astype(dtype)
    x2 = rng.uniform(-1, 1, (3, 2, 2)).astype(dtype)
    return [Sample((x3, w, b), (2, ""), name="rows"),
            Sample((x3, w, None), (2, "swish"), name="no-bias"),
            Sample((x2, w, b), (1, "relu"), name="flattened")]


entry("fused_conv2d", _fused_conv_samples, ref=ref_fused_conv, grad=False, double_grad=False,
      rtol=1e-4, atol=1e-5)
entry("fused_conv2d_transpose", _fused_transpose_samples, ref=ref_fused_conv_transpose,
      grad=False, double_grad=False, rtol=1e-4, atol=1e-5)
entry("fc", _fc_samples, ref=ref_fc, grad=False, double_grad=False, rtol=1e-5, atol=1e-6)


def ref_squeeze_excitation(x, w1, b1, w2, b2, act1="relu", alpha1=0.0, beta1=0.0,
                           act2="hardsigmoid", alpha2=0.0, beta2=0.0):
    wide = x.astype(np.float64)
    pooled = wide.mean(axis=(2, 3))
    hidden = pooled @ w1.reshape(w1.shape[0], -1).T.astype(np.float64)
    hidden = _ACTIVATIONS[act1](hidden if b1 is None else hidden + b1, alpha1, beta1)
    gate = hidden @ w2.reshape(w2.shape[0], -1).T.astype(np.float64)
    gate = _ACTIVATIONS[act2](gate if b2 is None else gate + b2, alpha2, beta2)
    return (wide * gate[:, :, None, None]).astype(x.dtype)


def _squeeze_excitation_samples(rng, dtype):
    out = []
    for xs, hidden, biases, acts in [((2, 8, 3, 5), 2, True, ("relu", 0.0, 0.0, "hardsigmoid",
                                                             0.2, 0.5)),
                                     ((1, 6, 4, 4), 3, False, ("hardswish", 0.0, 0.0,
                                                               "sigmoid", 0.0, 0.0)),
                                     ((3, 4, 1, 7), 4, True, ("", 0.0, 0.0, "relu6", 6.0,
                                                              0.0))]:
        c = xs[1]
        x = rng.uniform(-2, 2, xs).astype(dtype)
        w1 = rng.uniform(-1, 1, (hidden, c, 1, 1)).astype(dtype)
        w2 = rng.uniform(-1, 1, (c, hidden, 1, 1)).astype(dtype)
        b1 = rng.uniform(-1, 1, hidden).astype(dtype) if biases else None
        b2 = rng.uniform(-1, 1, c).astype(dtype) if biases else None
        out.append(Sample((x, w1, b1, w2, b2), acts, name=f"{xs}-{hidden}-{acts[0] or 'none'}"))
    return out


entry("squeeze_excitation", _squeeze_excitation_samples, ref=ref_squeeze_excitation,
      grad=False, double_grad=False, rtol=1e-4, atol=1e-5)


def ref_self_dp_attention(x, alpha=1.0, head_number=1):
    q, k, v = np.transpose(x.astype(np.float64), (2, 0, 3, 1, 4))
    scores = alpha * q @ np.swapaxes(k, -1, -2)
    weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights /= weights.sum(axis=-1, keepdims=True)
    return np.swapaxes(weights @ v, 1, 2).astype(x.dtype)


def _self_dp_attention_samples(rng, dtype):
    return [Sample((rng.uniform(-2, 2, shape).astype(dtype),), (alpha, shape[3]),
                   name=f"{shape}-{alpha}")
            for shape, alpha in [((2, 5, 3, 2, 4), 0.5), ((1, 7, 3, 3, 2), 1.0),
                                 ((3, 1, 3, 1, 5), 0.25)]]


entry("self_dp_attention", _self_dp_attention_samples, ref=ref_self_dp_attention, grad=False,
      double_grad=False, rtol=1e-5, atol=1e-6)


def ref_fused_batch_norm_act(x, scale, bias, mean, variance, momentum=0.9, epsilon=1e-5,
                             act_type="relu"):
    shape = (1, -1) + (1,) * (x.ndim - 2)
    out = (x.astype(np.float64) - mean.reshape(shape)) / np.sqrt(variance.reshape(shape) +
                                                                 epsilon)
    if scale is not None:
        out = out * scale.reshape(shape)
    if bias is not None:
        out = out + bias.reshape(shape)
    return np.maximum(out, 0).astype(x.dtype)


def _fused_batch_norm_act_samples(rng, dtype):
    out = []
    for shape, affine in [((2, 3, 4, 5), True), ((1, 4, 6), False), ((3, 2), True)]:
        c = shape[1]
        params = [rng.uniform(0.5, 2, c).astype(dtype), rng.uniform(-1, 1, c).astype(dtype)]
        stats = [rng.uniform(-1, 1, c).astype(dtype), rng.uniform(0.5, 2, c).astype(dtype)]
        out.append(Sample((rng.uniform(-2, 2, shape).astype(dtype),
                           *(params if affine else [None, None]), *stats),
                          (0.9, 1e-5, "relu"), name=f"{shape}-{'affine' if affine else 'plain'}"))
    return out


entry("fused_batch_norm_act", _fused_batch_norm_act_samples, ref=ref_fused_batch_norm_act,
      grad=False, double_grad=False, rtol=1e-5, atol=1e-6)
