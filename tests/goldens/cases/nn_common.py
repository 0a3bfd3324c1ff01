"""Embedding, one_hot, dropout (its deterministic behaviour), label_smooth, normalize,
cosine_similarity, pairwise_distance, bilinear, the shuffles, sequence_mask and Unflatten
against real Paddle: values, gradients of inputs and parameters, layer reprs, parameter
names and shapes, default initialisation bounds and errors for bad input."""


def _rand(np, shape, dtype="float32", seed=0, low=-2.0, high=2.0):
    return np.random.RandomState(seed).uniform(low, high, size=shape).astype(dtype)


def _weighted_grads(paddle, np, out, inputs):
    w = paddle.to_tensor(_rand(np, out.shape, str(out.dtype).replace("paddle.", ""), seed=7))
    return paddle.grad((out * w).sum(), inputs)


CASES = {}


# ---- embedding ---------------------------------------------------------------------------------

def _embedding(ids, padding_idx=None, dtype="float32", scale=False, id_dtype="int64"):
    def case(paddle, np):
        weight = paddle.to_tensor(_rand(np, (6, 3), dtype), stop_gradient=False)
        x = paddle.to_tensor(np.array(ids).astype(id_dtype))
        out = paddle.nn.functional.embedding(x, weight, padding_idx=padding_idx,
                                             scale_grad_by_freq=scale)
        (grad,) = _weighted_grads(paddle, np, out, [weight])
        return out, grad
    return case


_IDS = [[1, 3, 3, 0], [5, 1, 1, 1]]
CASES["embedding"] = _embedding(_IDS)
CASES["embedding_float64"] = _embedding(_IDS, dtype="float64")
CASES["embedding_int32_ids"] = _embedding(_IDS, id_dtype="int32")
CASES["embedding_padding"] = _embedding(_IDS, padding_idx=1)
CASES["embedding_padding_negative"] = _embedding(_IDS, padding_idx=-1)
CASES["embedding_padding_too_negative"] = _embedding(_IDS, padding_idx=-7)
CASES["embedding_scaled_grad"] = _embedding(_IDS, scale=True)
CASES["embedding_scaled_grad_padding"] = _embedding(_IDS, padding_idx=3, scale=True)
CASES["embedding_0d_id"] = _embedding(4)
CASES["embedding_empty_ids"] = _embedding([[]])
CASES["embedding_3d_ids"] = _embedding([[[0, 1], [2, 3]], [[4, 5], [0, 0]]])


def _embedding_max_norm(paddle, np):
    weight = paddle.to_tensor(np.array([[3., 4.], [0.1, 0.], [6., 8.], [1., 1.]], "float32"))
    out = paddle.nn.functional.embedding(paddle.to_tensor([0, 1, 2, 2]), weight, max_norm=1.0)
    return out, weight


def _embedding_max_norm_p1(paddle, np):
    weight = paddle.to_tensor(np.array([[3., 4.], [0.1, 0.], [6., 8.], [1., 1.]], "float32"))
    out = paddle.nn.functional.embedding(paddle.to_tensor([3, 1]), weight, max_norm=1.5,
                                         norm_type=1.0)
    return out, weight


CASES["embedding_max_norm"] = _embedding_max_norm
CASES["embedding_max_norm_l1"] = _embedding_max_norm_p1


def _embedding_layer(**kwargs):
    def case(paddle, np):
        layer = paddle.nn.Embedding(6, 3, **kwargs)
        layer.weight.set_value(_rand(np, (6, 3)))
        out = layer(paddle.to_tensor(_IDS))
        (grad,) = _weighted_grads(paddle, np, out, [layer.weight])
        # Paddle's sparse gradient is a SelectedRows tensor (one row per looked-up id);
        # Feijiang gives the equivalent dense gradient, so only the forward is compared there
        dense = None if kwargs.get("sparse") else grad
        return [repr(layer), list(layer.state_dict()), layer.weight.shape, out, dense,
                layer.padding_idx]
    return case


CASES["Embedding"] = _embedding_layer()
CASES["Embedding_padding"] = _embedding_layer(padding_idx=-2)
CASES["Embedding_sparse"] = _embedding_layer(sparse=True, name="emb")
CASES["Embedding_scaled"] = _embedding_layer(scale_grad_by_freq=True, max_norm=2.0)


def _embedding_init(paddle, np):
    layer = paddle.nn.Embedding(400, 100, padding_idx=3)
    w = layer.weight.numpy()
    bound = (6.0 / 500) ** 0.5
    return (layer.weight.dtype == paddle.float32, bool(np.abs(w).max() <= bound),
            bool(np.abs(w).max() > 0.98 * bound), bool(abs(w.mean()) < 0.01),
            bool((w[3] == 0).all()), layer.weight.stop_gradient)


CASES["Embedding_default_init"] = _embedding_init


def _embedding_weight_given(paddle, np):
    weight = paddle.to_tensor(_rand(np, (4, 2)))
    layer = paddle.nn.Embedding(4, 2, _weight=weight, _freeze=True)
    return layer.weight is weight, layer.weight.stop_gradient, layer(paddle.to_tensor([2]))


CASES["Embedding_given_weight"] = _embedding_weight_given


# ---- one_hot -----------------------------------------------------------------------------------

def _one_hot(ids, num_classes, id_dtype="int64"):
    def case(paddle, np):
        return paddle.nn.functional.one_hot(paddle.to_tensor(np.array(ids, id_dtype)),
                                            num_classes)
    return case


CASES["one_hot"] = _one_hot([1, 3, 0], 4)
CASES["one_hot_infer"] = _one_hot([1, 3, 0], -1)
CASES["one_hot_int32_2d"] = _one_hot([[1], [2]], 5, "int32")
CASES["one_hot_0d"] = _one_hot(2, 4)
CASES["one_hot_empty"] = _one_hot([], 3)
CASES["one_hot_tensor_classes"] = lambda paddle, np: paddle.nn.functional.one_hot(
    paddle.to_tensor([1, 2]), paddle.to_tensor(4))


# ---- dropout: what does not depend on the random stream ----------------------------------------

def _dropout_eval(mode, axis=None, p=0.3):
    def case(paddle, np):
        x = paddle.to_tensor(_rand(np, (2, 3)), stop_gradient=False)
        out = paddle.nn.functional.dropout(x, p, axis=axis, training=False, mode=mode)
        (grad,) = _weighted_grads(paddle, np, out, [x])
        return out, grad
    return case


for _mode in ("upscale_in_train", "downscale_in_infer"):
    CASES[f"dropout_eval_{_mode}"] = _dropout_eval(_mode)
    CASES[f"dropout_eval_axis_{_mode}"] = _dropout_eval(_mode, axis=[0])


def _dropout_extreme(p, mode="upscale_in_train", axis=None):
    def case(paddle, np):
        x = paddle.to_tensor(_rand(np, (2, 3)), stop_gradient=False)
        out = paddle.nn.functional.dropout(x, p, axis=axis, mode=mode)
        (grad,) = _weighted_grads(paddle, np, out, [x])
        return out, grad
    return case


CASES["dropout_p1"] = _dropout_extreme(1.0)
CASES["dropout_p1_axis"] = _dropout_extreme(1.0, axis=1)
CASES["dropout_p1_downscale"] = _dropout_extreme(1.0, "downscale_in_infer")
CASES["dropout_p0"] = _dropout_extreme(0.0)
CASES["dropout_tensor_p0"] = lambda paddle, np: paddle.nn.functional.dropout(
    paddle.ones([2]), paddle.to_tensor(0.0))


def _dropout_identity(paddle, np):
    x = paddle.ones([2, 3])
    return (paddle.nn.functional.dropout(x, 0.0) is x,
            paddle.nn.functional.dropout(x, 0.5, training=False) is x,
            paddle.nn.functional.dropout(x, 0.5, axis=1, training=False) is x)


CASES["dropout_identity"] = _dropout_identity


def _dropout_statistics(mode, axis=None):
    def case(paddle, np):
        paddle.seed(5)
        x = paddle.ones([400, 300])
        y = paddle.nn.functional.dropout(x, 0.25, axis=axis, mode=mode).numpy()
        kept = y != 0
        scale = float(y[kept].max())
        rows_uniform = bool((kept == kept[:, :1]).all()) if axis == 0 else None
        return (y.shape, abs(kept.mean() - 0.75) < 0.01, scale, rows_uniform)
    case.rtol = 1e-6
    return case


CASES["dropout_stats_upscale"] = _dropout_statistics("upscale_in_train")
CASES["dropout_stats_downscale"] = _dropout_statistics("downscale_in_infer")
CASES["dropout_stats_axis0"] = _dropout_statistics("upscale_in_train", axis=0)


def _dropout2d_mask(fn, shape, fmt, channel_axis):
    def case(paddle, np):
        paddle.seed(3)
        y = getattr(paddle.nn.functional, fn)(paddle.ones(shape), 0.5, data_format=fmt).numpy()
        moved = np.moveaxis(y, channel_axis, 1).reshape(shape[0], -1, np.prod(shape) //
                                                        (shape[0] * shape[channel_axis]))
        whole_channels = bool((moved == moved[:, :, :1]).all())
        return y.shape, whole_channels, sorted(set(np.unique(y).tolist()) - {0.0})
    return case


CASES["dropout2d_nchw"] = _dropout2d_mask("dropout2d", (4, 6, 3, 3), "NCHW", 1)
CASES["dropout2d_nhwc"] = _dropout2d_mask("dropout2d", (4, 3, 3, 6), "NHWC", 3)
CASES["dropout3d_ncdhw"] = _dropout2d_mask("dropout3d", (2, 6, 2, 2, 2), "NCDHW", 1)
CASES["dropout3d_ndhwc"] = _dropout2d_mask("dropout3d", (2, 2, 2, 2, 6), "NDHWC", 4)


def _alpha_dropout(fn, p, training=True):
    def case(paddle, np):
        x = paddle.to_tensor(_rand(np, (3, 4)), stop_gradient=False)
        out = getattr(paddle.nn.functional, fn)(x, p, training=training)
        (grad,) = _weighted_grads(paddle, np, out, [x])
        return out, grad
    return case


for _fn in ("alpha_dropout", "feature_alpha_dropout"):
    CASES[f"{_fn}_p0"] = _alpha_dropout(_fn, 0.0)
    CASES[f"{_fn}_p1"] = _alpha_dropout(_fn, 1.0)
    CASES[f"{_fn}_eval"] = _alpha_dropout(_fn, 0.5, training=False)


def _alpha_dropout_values(paddle, np):
    paddle.seed(11)
    y = paddle.nn.functional.alpha_dropout(paddle.zeros([200, 200]), 0.2).numpy()
    return sorted(np.unique(np.round(y, 5)).tolist())


CASES["alpha_dropout_values"] = _alpha_dropout_values


def _dropout_layers(paddle, np):
    layers = [paddle.nn.Dropout(0.3), paddle.nn.Dropout(0.2, axis=1, mode="downscale_in_infer",
                                                          name="d"),
              paddle.nn.Dropout2D(), paddle.nn.Dropout2D(0.1, "NHWC", name="x"),
              paddle.nn.Dropout3D(), paddle.nn.AlphaDropout(0.2), paddle.nn.FeatureAlphaDropout()]
    out = []
    x4 = paddle.to_tensor(_rand(np, (2, 3, 2, 2)))
    x5 = paddle.to_tensor(_rand(np, (2, 3, 2, 2, 2)))
    for layer in layers:
        layer.eval()
        out += [repr(layer), layer(x5 if isinstance(layer, paddle.nn.Dropout3D) else x4)]
    return out


CASES["dropout_layers_eval"] = _dropout_layers


# ---- label_smooth, normalize, distances --------------------------------------------------------

def _label_smooth(prior=None, epsilon=0.1, shape=(2, 4)):
    def case(paddle, np):
        label = paddle.to_tensor(_rand(np, shape, low=0, high=1), stop_gradient=False)
        dist = None if prior is None else paddle.to_tensor(np.array(prior, "float32"))
        out = paddle.nn.functional.label_smooth(label, dist, epsilon)
        (grad,) = _weighted_grads(paddle, np, out, [label])
        return out, grad
    return case


CASES["label_smooth"] = _label_smooth()
CASES["label_smooth_eps"] = _label_smooth(epsilon=0.3)
CASES["label_smooth_prior_row"] = _label_smooth([[0.1, 0.2, 0.3, 0.4]], 0.2)
CASES["label_smooth_prior_vector"] = _label_smooth([0.1, 0.2, 0.3, 0.4], 0.2)
CASES["label_smooth_3d"] = _label_smooth(shape=(2, 3, 5))
CASES["label_smooth_0d"] = lambda paddle, np: paddle.nn.functional.label_smooth(
    paddle.to_tensor(1.0))


def _normalize(p=2, axis=1, shape=(3, 4), epsilon=1e-12, zero_row=False):
    def case(paddle, np):
        data = _rand(np, shape)
        if zero_row:
            data[0] = 0
        x = paddle.to_tensor(data, stop_gradient=False)
        out = paddle.nn.functional.normalize(x, p=p, axis=axis, epsilon=epsilon)
        (grad,) = _weighted_grads(paddle, np, out, [x])
        return out, grad
    return case


CASES["normalize"] = _normalize()
CASES["normalize_p1_axis0"] = _normalize(p=1, axis=0)
CASES["normalize_p3_negative_axis"] = _normalize(p=3, axis=-1, shape=(2, 3, 4))
CASES["normalize_1d"] = _normalize(axis=0, shape=(5,))
CASES["normalize_zero_row"] = _normalize(zero_row=True)
CASES["normalize_big_epsilon"] = _normalize(epsilon=10.0)
CASES["normalize_inf"] = _normalize(p=float("inf"))


def _cosine(shape1, shape2, axis=1, eps=1e-8):
    def case(paddle, np):
        x1 = paddle.to_tensor(_rand(np, shape1), stop_gradient=False)
        x2 = paddle.to_tensor(_rand(np, shape2, seed=3), stop_gradient=False)
        out = paddle.nn.functional.cosine_similarity(x1, x2, axis=axis, eps=eps)
        return [out] + list(_weighted_grads(paddle, np, out, [x1, x2]))
    return case


CASES["cosine_similarity"] = _cosine((3, 4), (3, 4))
CASES["cosine_similarity_axis0"] = _cosine((3, 4), (3, 4), axis=0)
CASES["cosine_similarity_negative_axis"] = _cosine((2, 3, 4), (2, 3, 4), axis=-1)
CASES["cosine_similarity_broadcast"] = _cosine((1, 4), (3, 4))
CASES["cosine_similarity_broadcast_axis"] = _cosine((2, 1, 3), (2, 4, 3))
CASES["cosine_similarity_big_eps"] = _cosine((3, 4), (3, 4), eps=10.0)
CASES["cosine_similarity_zeros"] = lambda paddle, np: paddle.nn.functional.cosine_similarity(
    paddle.zeros([2, 3]), paddle.zeros([2, 3]))
CASES["cosine_similarity_empty_axis"] = lambda paddle, np: (
    paddle.nn.functional.cosine_similarity(paddle.zeros([2, 0]), paddle.zeros([2, 0])))


def _pairwise(shape, p=2.0, epsilon=1e-6, keepdim=False, shape2=None):
    def case(paddle, np):
        x = paddle.to_tensor(_rand(np, shape), stop_gradient=False)
        y = paddle.to_tensor(_rand(np, shape2 or shape, seed=4), stop_gradient=False)
        out = paddle.nn.functional.pairwise_distance(x, y, p, epsilon, keepdim)
        return [out] + list(_weighted_grads(paddle, np, out, [x, y]))
    return case


CASES["pairwise_distance"] = _pairwise((3, 4))
CASES["pairwise_distance_keepdim"] = _pairwise((3, 4), keepdim=True)
CASES["pairwise_distance_p1"] = _pairwise((3, 4), p=1.0)
CASES["pairwise_distance_p3"] = _pairwise((2, 3, 4), p=3.0)
CASES["pairwise_distance_inf"] = _pairwise((3, 4), p=float("inf"))
CASES["pairwise_distance_no_eps"] = _pairwise((3, 4), epsilon=0.0)
CASES["pairwise_distance_1d"] = _pairwise((4,))
CASES["pairwise_distance_broadcast"] = _pairwise((3, 4), shape2=(1, 4))
CASES["pairwise_distance_0d"] = lambda paddle, np: paddle.nn.functional.pairwise_distance(
    paddle.to_tensor(1.0), paddle.to_tensor(3.0))
CASES["pairwise_distance_p0"] = lambda paddle, np: paddle.nn.functional.pairwise_distance(
    paddle.to_tensor([[1.0, 0.0]]), paddle.to_tensor([[1.0, 1.0]]), p=0)


def _distance_layers(paddle, np):
    x = paddle.to_tensor(_rand(np, (3, 4)))
    y = paddle.to_tensor(_rand(np, (3, 4), seed=5))
    cos = paddle.nn.CosineSimilarity(axis=0, eps=1e-6)
    pair = paddle.nn.PairwiseDistance(p=1.0, epsilon=1e-3, keepdim=True, name="pd")
    plain = paddle.nn.PairwiseDistance()
    return [repr(cos), cos(x, y), repr(pair), pair(x, y), repr(plain), plain(x, y), cos.dim,
            pair.eps, pair.norm]


CASES["distance_layers"] = _distance_layers


# ---- bilinear ----------------------------------------------------------------------------------

def _bilinear(with_bias=True, dtype="float32"):
    def case(paddle, np):
        x1 = paddle.to_tensor(_rand(np, (4, 3), dtype), stop_gradient=False)
        x2 = paddle.to_tensor(_rand(np, (4, 5), dtype, seed=2), stop_gradient=False)
        w = paddle.to_tensor(_rand(np, (2, 3, 5), dtype, seed=3), stop_gradient=False)
        b = paddle.to_tensor(_rand(np, (1, 2), dtype, seed=4), stop_gradient=False)
        inputs = [x1, x2, w] + ([b] if with_bias else [])
        out = paddle.nn.functional.bilinear(x1, x2, w, b if with_bias else None)
        return [out] + list(_weighted_grads(paddle, np, out, inputs))
    return case


CASES["bilinear"] = _bilinear()
CASES["bilinear_no_bias"] = _bilinear(with_bias=False)
CASES["bilinear_float64"] = _bilinear(dtype="float64")


def _bilinear_layer(paddle, np):
    layer = paddle.nn.Bilinear(3, 5, 2)
    layer.set_state_dict({"weight": _rand(np, (2, 3, 5), seed=3),
                          "bias": _rand(np, (1, 2), seed=4)})
    x1 = paddle.to_tensor(_rand(np, (4, 3)))
    x2 = paddle.to_tensor(_rand(np, (4, 5), seed=2))
    out = layer(x1, x2)
    grads = _weighted_grads(paddle, np, out, [layer.weight, layer.bias])
    return [repr(layer), list(layer.state_dict()), out] + list(grads)


CASES["Bilinear"] = _bilinear_layer


def _bilinear_init(paddle, np):
    layer = paddle.nn.Bilinear(30, 40, 50)
    w = layer.weight.numpy()
    bound = (6.0 / (30 * 40 + 50 * 40)) ** 0.5
    return (layer.weight.shape, layer.bias.shape, bool(np.abs(w).max() <= bound),
            bool(np.abs(w).max() > 0.98 * bound), layer.bias, repr(paddle.nn.Bilinear(
                1, 2, 3, name="bl")))


CASES["Bilinear_default_init"] = _bilinear_init


# ---- shuffles, sequence_mask, Unflatten --------------------------------------------------------

def _shuffle(fn, shape, factor, fmt="NCHW"):
    def case(paddle, np):
        x = paddle.to_tensor(np.arange(np.prod(shape), dtype="float32").reshape(shape),
                             stop_gradient=False)
        out = getattr(paddle.nn.functional, fn)(x, factor, fmt)
        return [out] + list(_weighted_grads(paddle, np, out, [x]))
    return case


CASES["pixel_shuffle"] = _shuffle("pixel_shuffle", (2, 8, 2, 3), 2)
CASES["pixel_shuffle_nhwc"] = _shuffle("pixel_shuffle", (2, 2, 3, 8), 2, "NHWC")
CASES["pixel_shuffle_3"] = _shuffle("pixel_shuffle", (1, 9, 2, 2), 3)
CASES["pixel_unshuffle"] = _shuffle("pixel_unshuffle", (2, 2, 4, 6), 2)
CASES["pixel_unshuffle_nhwc"] = _shuffle("pixel_unshuffle", (2, 4, 6, 2), 2, "NHWC")
CASES["channel_shuffle"] = _shuffle("channel_shuffle", (2, 6, 2, 2), 3)
CASES["channel_shuffle_nhwc"] = _shuffle("channel_shuffle", (2, 2, 2, 6), 2, "NHWC")


def _shuffle_layers(paddle, np):
    x = paddle.to_tensor(np.arange(2 * 8 * 4 * 4, dtype="float32").reshape(2, 8, 4, 4))
    layers = [paddle.nn.PixelShuffle(2), paddle.nn.PixelShuffle(2, "NHWC", name="ps"),
              paddle.nn.PixelUnshuffle(2), paddle.nn.ChannelShuffle(4),
              paddle.nn.ChannelShuffle(2, "NHWC")]
    out = []
    for layer in layers:
        out += [repr(layer), layer(x)]
    return out


CASES["shuffle_layers"] = _shuffle_layers


def _sequence_mask(lengths, maxlen=None, dtype="int64"):
    def case(paddle, np):
        return paddle.nn.functional.sequence_mask(paddle.to_tensor(lengths), maxlen, dtype)
    return case


CASES["sequence_mask"] = _sequence_mask([1, 3, 0])
CASES["sequence_mask_maxlen"] = _sequence_mask([1, 3], 5, "float32")
CASES["sequence_mask_short_maxlen"] = _sequence_mask([1, 3], 2)
CASES["sequence_mask_2d"] = _sequence_mask([[1], [2]], 3, "bool")
CASES["sequence_mask_int32"] = lambda paddle, np: paddle.nn.functional.sequence_mask(
    paddle.to_tensor(np.array([2, 1], "int32")), dtype="int32")


def _unflatten(paddle, np):
    layer = paddle.nn.Unflatten(1, [2, 3])
    named = paddle.nn.Unflatten(-1, (2, 2), name="u")
    x = paddle.to_tensor(_rand(np, (4, 6)))
    return repr(layer), layer(x), repr(named), named(paddle.ones([3, 4]))


CASES["Unflatten"] = _unflatten


# ---- temporal_shift, gather_tree ---------------------------------------------------------------

def _temporal_shift(shape, seg_num, ratio, fmt="NCHW"):
    def case(paddle, np):
        x = paddle.to_tensor(_rand(np, shape), stop_gradient=False)
        out = paddle.nn.functional.temporal_shift(x, seg_num, ratio, data_format=fmt)
        return [out] + list(_weighted_grads(paddle, np, out, [x]))
    return case


CASES["temporal_shift"] = _temporal_shift((4, 8, 2, 2), 2, 0.25)
CASES["temporal_shift_three_frames"] = _temporal_shift((6, 5, 1, 2), 3, 0.2)
CASES["temporal_shift_nhwc"] = _temporal_shift((4, 2, 2, 8), 2, 0.3, "NHWC")
CASES["temporal_shift_one_frame"] = _temporal_shift((2, 4, 1, 1), 1, 0.25)
CASES["temporal_shift_small_ratio"] = _temporal_shift((4, 3, 1, 1), 2, 0.1)


def _gather_tree(dtype):
    def case(paddle, np):
        rng = np.random.RandomState(0)
        ids = paddle.to_tensor(rng.randint(0, 10, size=(5, 3, 4)).astype(dtype))
        parents = paddle.to_tensor(rng.randint(0, 4, size=(5, 3, 4)).astype(dtype))
        return paddle.nn.functional.gather_tree(ids, parents)
    return case


CASES["gather_tree_int64"] = _gather_tree("int64")
CASES["gather_tree_int32"] = _gather_tree("int32")


# ---- bad input ---------------------------------------------------------------------------------

def _table(paddle, np, shape=(4, 3)):
    return paddle.to_tensor(_rand(np, shape))


_ERRORS = {
    "embedding_id_too_big": lambda paddle, np: paddle.nn.functional.embedding(
        paddle.to_tensor([1, 4]), _table(paddle, np)),
    "embedding_table_rank": lambda paddle, np: paddle.nn.functional.embedding(
        paddle.to_tensor([1, 2]), paddle.zeros([3])),
    "embedding_padding_out_of_range": lambda paddle, np: paddle.nn.functional.embedding(
        paddle.to_tensor([1, 2]), _table(paddle, np), padding_idx=4),
    "embedding_sparse_scaled": lambda paddle, np: paddle.nn.functional.embedding(
        paddle.to_tensor([1, 2]), _table(paddle, np), sparse=True, scale_grad_by_freq=True),
    "Embedding_zero_rows": lambda paddle, np: paddle.nn.Embedding(0, 3),
    "Embedding_zero_dim": lambda paddle, np: paddle.nn.Embedding(3, 0),
    "Embedding_padding": lambda paddle, np: paddle.nn.Embedding(3, 2, padding_idx=3),
    "Embedding_weight_shape": lambda paddle, np: paddle.nn.Embedding(
        3, 2, _weight=paddle.ones([2, 2])),
    "one_hot_too_big": lambda paddle, np: paddle.nn.functional.one_hot(
        paddle.to_tensor([1, 4]), 4),
    "one_hot_negative": lambda paddle, np: paddle.nn.functional.one_hot(
        paddle.to_tensor([1, -1]), 4),
    "dropout_p_range": lambda paddle, np: paddle.nn.functional.dropout(paddle.ones([2]), 1.5),
    "dropout_p_type": lambda paddle, np: paddle.nn.functional.dropout(paddle.ones([2]), "a"),
    "dropout_mode": lambda paddle, np: paddle.nn.functional.dropout(paddle.ones([2]), 0.5,
                                                                    mode="x"),
    "dropout_axis_range": lambda paddle, np: paddle.nn.functional.dropout(
        paddle.ones([2, 3]), 0.5, axis=2),
    "dropout_axis_negative": lambda paddle, np: paddle.nn.functional.dropout(
        paddle.ones([2, 3]), 0.5, axis=-1),
    "dropout_axis_count": lambda paddle, np: paddle.nn.functional.dropout(
        paddle.ones([2, 3]), 0.5, axis=[0, 1, 1]),
    "dropout_axis_type": lambda paddle, np: paddle.nn.functional.dropout(
        paddle.ones([2, 3]), 0.5, axis=1.5),
    "dropout_axis_inplace": lambda paddle, np: paddle.nn.functional.dropout(
        paddle.ones([2, 3]), 0.5, axis=[0], inplace=True),
    "dropout2d_rank": lambda paddle, np: paddle.nn.functional.dropout2d(paddle.ones([2, 3, 4])),
    "dropout2d_format": lambda paddle, np: paddle.nn.functional.dropout2d(
        paddle.ones([2, 3, 4, 4]), data_format="NCL"),
    "dropout3d_rank": lambda paddle, np: paddle.nn.functional.dropout3d(paddle.ones([2, 3, 4])),
    "dropout1d_rank": lambda paddle, np: paddle.nn.functional.dropout1d(
        paddle.ones([2, 3, 4, 5])),
    "alpha_dropout_p": lambda paddle, np: paddle.nn.functional.alpha_dropout(
        paddle.ones([2, 3]), 2),
    "alpha_dropout_p_type": lambda paddle, np: paddle.nn.functional.alpha_dropout(
        paddle.ones([2, 3]), "a"),
    "feature_alpha_dropout_rank": lambda paddle, np: paddle.nn.functional.feature_alpha_dropout(
        paddle.ones([3]), 0.5),
    "label_smooth_epsilon": lambda paddle, np: paddle.nn.functional.label_smooth(
        paddle.ones([2, 3]), epsilon=1.5),
    "normalize_axis": lambda paddle, np: paddle.nn.functional.normalize(
        paddle.to_tensor([3.0, 4.0])),
    "cosine_axis": lambda paddle, np: paddle.nn.functional.cosine_similarity(
        paddle.ones([1, 2]), paddle.ones([3])),
    "pairwise_shapes": lambda paddle, np: paddle.nn.functional.pairwise_distance(
        paddle.ones([1, 2]), paddle.ones([1, 3])),
    "bilinear_x2_features": lambda paddle, np: paddle.nn.functional.bilinear(
        paddle.ones([2, 3]), paddle.ones([2, 4]), paddle.ones([5, 3, 3])),
    "bilinear_batch": lambda paddle, np: paddle.nn.functional.bilinear(
        paddle.ones([2, 3]), paddle.ones([3, 4]), paddle.ones([5, 3, 4])),
    "bilinear_bias": lambda paddle, np: paddle.nn.functional.bilinear(
        paddle.ones([2, 3]), paddle.ones([2, 4]), paddle.ones([5, 3, 4]), paddle.ones([5])),
    "bilinear_rank": lambda paddle, np: paddle.nn.functional.bilinear(
        paddle.ones([3]), paddle.ones([4]), paddle.ones([5, 3, 4])),
    "pixel_shuffle_channels": lambda paddle, np: paddle.nn.functional.pixel_shuffle(
        paddle.ones([1, 6, 2, 2]), 2),
    "pixel_shuffle_rank": lambda paddle, np: paddle.nn.functional.pixel_shuffle(
        paddle.ones([8, 2, 2]), 2),
    "pixel_shuffle_factor_type": lambda paddle, np: paddle.nn.functional.pixel_shuffle(
        paddle.ones([1, 8, 2, 2]), 2.0),
    "pixel_shuffle_format": lambda paddle, np: paddle.nn.functional.pixel_shuffle(
        paddle.ones([1, 8, 2, 2]), 2, "NCL"),
    "pixel_unshuffle_size": lambda paddle, np: paddle.nn.functional.pixel_unshuffle(
        paddle.ones([1, 2, 3, 4]), 2),
    "pixel_unshuffle_factor": lambda paddle, np: paddle.nn.functional.pixel_unshuffle(
        paddle.ones([1, 2, 4, 4]), 0),
    "channel_shuffle_groups": lambda paddle, np: paddle.nn.functional.channel_shuffle(
        paddle.ones([1, 6, 2, 2]), 4),
    "channel_shuffle_rank": lambda paddle, np: paddle.nn.functional.channel_shuffle(
        paddle.ones([6, 2, 2]), 3),
    "PixelShuffle_factor": lambda paddle, np: paddle.nn.PixelShuffle(2.0),
    "temporal_shift_batch": lambda paddle, np: paddle.nn.functional.temporal_shift(
        paddle.ones([3, 4, 2, 2]), 2),
    "temporal_shift_rank": lambda paddle, np: paddle.nn.functional.temporal_shift(
        paddle.ones([4, 4, 2]), 2),
    "temporal_shift_ratio": lambda paddle, np: paddle.nn.functional.temporal_shift(
        paddle.ones([4, 4, 2, 2]), 2, 0.6),
    "temporal_shift_format": lambda paddle, np: paddle.nn.functional.temporal_shift(
        paddle.ones([4, 4, 2, 2]), 2, data_format="NCL"),
    "gather_tree_shapes": lambda paddle, np: paddle.nn.functional.gather_tree(
        paddle.zeros([3, 2, 2], "int64"), paddle.zeros([2, 2, 2], "int64")),
    "gather_tree_rank": lambda paddle, np: paddle.nn.functional.gather_tree(
        paddle.zeros([2, 2], "int64"), paddle.zeros([2, 2], "int64")),
    "PixelUnshuffle_factor": lambda paddle, np: paddle.nn.PixelUnshuffle(-1),
    "ChannelShuffle_format": lambda paddle, np: paddle.nn.ChannelShuffle(2, "NCL"),
}
for _name, _build in _ERRORS.items():
    CASES[f"error_{_name}"] = _build
