"""Margin and embedding losses, CTC and adaptive log-softmax vs real Paddle: values, input
gradients, reductions, options and errors."""
from goldens.cases._nn_case_utils import arr, call, ints, layer, leaf, raises, with_grads

CASES = {}


# ---- margin / embedding ------------------------------------------------------------------------
def _ranking(paddle, np):
    x = leaf(paddle, arr(np, [5], 1))
    y = leaf(paddle, arr(np, [5], 2))
    label = paddle.to_tensor(np.sign(arr(np, [5], 3)))
    return [x, y, label], [x, y]


def _hinge(paddle, np):
    x = leaf(paddle, arr(np, [2, 4], 1))
    label = paddle.to_tensor(np.sign(arr(np, [2, 4], 3)))
    return [x, label], [x]


def _cosine(batched=True):
    def make(paddle, np):
        shape = [3, 4] if batched else [4]
        a, b = leaf(paddle, arr(np, shape, 1)), leaf(paddle, arr(np, shape, 2))
        label = paddle.to_tensor(np.array([1, -1, 1][:3 if batched else 1], "int64"))
        return [a, b, label], [a, b]
    return make


def _triplet(paddle, np):
    leaves = [leaf(paddle, arr(np, [3, 4], seed)) for seed in (1, 2, 3)]
    return leaves, leaves


def _multi_class(weighted=False):
    def make(paddle, np):
        x = leaf(paddle, arr(np, [4, 5], 1, -1, 1))
        args = [x, paddle.to_tensor(ints(np, [4], 2, 0, 5))]
        return args, [x]
    return make


for _red in ("mean", "sum", "none"):
    CASES[f"margin_ranking_{_red}"] = call("margin_ranking_loss", _ranking, margin=0.3,
                                            reduction=_red)
    CASES[f"hinge_embedding_{_red}"] = call("hinge_embedding_loss", _hinge, margin=0.5,
                                             reduction=_red)
    CASES[f"cosine_embedding_{_red}"] = call("cosine_embedding_loss", _cosine(), margin=0.2,
                                              reduction=_red)
    CASES[f"triplet_margin_{_red}"] = call("triplet_margin_loss", _triplet, reduction=_red)
    CASES[f"multi_margin_{_red}"] = call("multi_margin_loss", _multi_class(), reduction=_red)
CASES["margin_ranking_zero_margin"] = call("margin_ranking_loss", _ranking)
CASES["cosine_embedding_1d"] = call("cosine_embedding_loss", _cosine(False))
CASES["triplet_margin_p1_swap"] = call("triplet_margin_loss", _triplet, p=1, swap=True,
                                        margin=2.0)
CASES["triplet_margin_p3_eps"] = call("triplet_margin_loss", _triplet, p=3, epsilon=1e-3)
CASES["triplet_distance_default"] = call("triplet_margin_with_distance_loss", _triplet,
                                          reduction="none")
CASES["triplet_distance_l1_swap"] = call(
    "triplet_margin_with_distance_loss", _triplet, swap=True, margin=0.5,
    distance_function=lambda a, b: (a - b).abs().sum(axis=-1))
CASES["multi_margin_p2_margin"] = call("multi_margin_loss", _multi_class(), p=2, margin=0.5)


def _multi_margin_weight(paddle, np):
    (x, label), leaves = _multi_class()(paddle, np)
    out = paddle.nn.functional.multi_margin_loss(
        x, label, weight=paddle.to_tensor(arr(np, [5], 4, 0.5, 2)), reduction="none")
    return with_grads(paddle, np, out, leaves)


CASES["multi_margin_weight"] = _multi_margin_weight


def _multi_label_margin(reduction):
    def case(paddle, np):
        x = leaf(paddle, arr(np, [3, 4], 1))
        label = paddle.to_tensor(np.array([[3, 0, -1, 1], [1, 2, 3, 0], [-1, 2, 1, 0]],
                                          "int64"))
        out = paddle.nn.functional.multi_label_margin_loss(x, label, reduction=reduction)
        return with_grads(paddle, np, out, [x])
    return case


for _red in ("mean", "sum", "none"):
    CASES[f"multi_label_margin_{_red}"] = _multi_label_margin(_red)
CASES["margin_ranking_layer"] = layer("MarginRankingLoss", _ranking, margin=0.1)
CASES["hinge_embedding_layer"] = layer("HingeEmbeddingLoss", _hinge, margin=2.0)
CASES["cosine_embedding_layer"] = layer("CosineEmbeddingLoss", _cosine(), margin=-0.5)
CASES["triplet_margin_layer"] = layer("TripletMarginLoss", _triplet, margin=0.5, p=1.0)
CASES["triplet_distance_layer"] = layer("TripletMarginWithDistanceLoss", _triplet, swap=True)
CASES["multi_margin_layer"] = layer("MultiMarginLoss", _multi_class(), p=2)


def _multi_label_margin_layer(paddle, np):
    x = leaf(paddle, arr(np, [2, 3], 1))
    label = paddle.to_tensor(np.array([[2, -1, 0], [0, 1, 2]], "int64"))
    return with_grads(paddle, np, paddle.nn.MultiLabelMarginLoss()(x, label), [x])


CASES["multi_label_margin_layer"] = _multi_label_margin_layer


def _npair(paddle, np):
    a, p = leaf(paddle, arr(np, [4, 3], 1)), leaf(paddle, arr(np, [4, 3], 2))
    labels = paddle.to_tensor(np.array([1.0, 2.0, 1.0, 3.0], "float32"))
    return with_grads(paddle, np, paddle.nn.functional.npair_loss(a, p, labels, 0.01), [a, p])


CASES["npair_loss"] = _npair


# ---- CTC -----------------------------------------------------------------------------------------
def _ctc(reduction="mean", norm_by_times=False, blank=0, log_softmax=False, dtype="float32",
         zero_infinity=False, impossible=False):
    def case(paddle, np):
        logits = arr(np, [6, 3, 5], 1, -2, 2, dtype)
        if log_softmax:
            logits = logits - np.log(np.exp(logits).sum(-1, keepdims=True))
        x = leaf(paddle, logits)
        labels = np.array([[1, 2, 2], [3, 1, 4], [2, 0, 0]], "int32")
        if blank:
            labels = np.where(labels == blank, 0, labels).astype("int32")
        lengths = np.array([6, 5, 4], "int64")
        label_lengths = np.array([3, 2, 1], "int64")
        if impossible:
            labels[0] = [1, 1, 1]
            lengths[0] = 4
        out = paddle.nn.functional.ctc_loss(
            x, paddle.to_tensor(labels), paddle.to_tensor(lengths),
            paddle.to_tensor(label_lengths), blank=blank, reduction=reduction,
            norm_by_times=norm_by_times, zero_infinity=zero_infinity)
        return with_grads(paddle, np, out, [x])
    return case


CASES["ctc_mean"] = _ctc()
CASES["ctc_sum"] = _ctc("sum")
CASES["ctc_none"] = _ctc("none")
CASES["ctc_norm_by_times"] = _ctc("none", norm_by_times=True)
CASES["ctc_blank_last"] = _ctc(blank=4)
CASES["ctc_log_softmax_input"] = _ctc("none", log_softmax=True)
CASES["ctc_float64"] = _ctc(dtype="float64")
CASES["ctc_impossible_alignment"] = _ctc("none", impossible=True)
CASES["ctc_impossible_zero_infinity"] = _ctc("none", impossible=True, zero_infinity=True)


def _ctc_layer(paddle, np):
    x = leaf(paddle, arr(np, [4, 2, 3], 1))
    loss = paddle.nn.CTCLoss(blank=0, reduction="sum")(
        x, paddle.to_tensor(np.array([[1, 2], [2, 2]], "int32")),
        paddle.to_tensor(np.array([4, 4], "int64")), paddle.to_tensor(np.array([2, 2], "int64")))
    return with_grads(paddle, np, loss, [x])


CASES["ctc_layer"] = _ctc_layer


# ---- adaptive log softmax ----------------------------------------------------------------------
def _adaptive(head_bias):
    def case(paddle, np):
        layer = paddle.nn.AdaptiveLogSoftmaxWithLoss(8, 10, [3, 6], div_value=2.0,
                                                     head_bias=head_bias)
        params = [layer.head_weight] + ([layer.head_bias] if head_bias else []) + \
            [w for pair in layer.tail_weights for w in pair]
        for i, prm in enumerate(params):
            prm.set_value(arr(np, list(prm.shape), 10 + i, -0.5, 0.5))
        x = leaf(paddle, arr(np, [5, 8], 1))
        label = paddle.to_tensor(np.array([0, 4, 9, 2, 7], "int64"))
        out, loss = layer(x, label)
        loss.backward()
        return [out, loss, x.grad, [p.grad for p in params], layer.log_prob(x),
                ",".join(layer.state_dict().keys())]
    return case


CASES["adaptive_log_softmax"] = _adaptive(False)
CASES["adaptive_log_softmax_head_bias"] = _adaptive(True)


def _adaptive_predict(paddle, np):
    layer = paddle.nn.AdaptiveLogSoftmaxWithLoss(4, 6, [2], div_value=2.0)
    layer.head_weight.set_value(arr(np, [4, 3], 3))
    for i, prm in enumerate(layer.tail_weights[0]):
        prm.set_value(arr(np, list(prm.shape), 4 + i))
    return layer.predict(paddle.to_tensor(arr(np, [6, 4], 1)))


CASES["adaptive_log_softmax_predict"] = _adaptive_predict


# ---- errors ------------------------------------------------------------------------------------
_ERRORS = {
    "error_cosine_label_rank": lambda p, np: p.nn.functional.cosine_embedding_loss(
        p.ones([2, 3]), p.ones([2, 3]), p.ones([2, 1])),
    "error_cosine_shapes": lambda p, np: p.nn.functional.cosine_embedding_loss(
        p.ones([2, 3]), p.ones([2, 4]), p.ones([2])),
    "error_cosine_layer_margin": lambda p, np: p.nn.CosineEmbeddingLoss(margin=2.0),
    "error_triplet_negative_margin": lambda p, np: p.nn.functional.triplet_margin_loss(
        p.ones([2, 3]), p.ones([2, 3]), p.ones([2, 3]), margin=-1.0),
    "error_triplet_shapes": lambda p, np: p.nn.functional.triplet_margin_loss(
        p.ones([2, 3]), p.ones([2, 3]), p.ones([2, 4])),
    "error_triplet_distance_negative": lambda p, np: (
        p.nn.functional.triplet_margin_with_distance_loss(
            p.ones([2, 3]), p.ones([2, 3]), p.ones([2, 3]),
            distance_function=lambda a, b: (a - b).sum(-1) - 1.0)),
    "error_multi_margin_batch": lambda p, np: p.nn.functional.multi_margin_loss(
        p.ones([2, 3]), p.to_tensor([0, 1, 2])),
    "error_multi_margin_weight": lambda p, np: p.nn.functional.multi_margin_loss(
        p.ones([2, 3]), p.to_tensor([0, 1]), weight=p.ones([2])),
    "error_multi_label_margin_label_range": lambda p, np: (
        p.nn.functional.multi_label_margin_loss(p.ones([2, 3]), p.to_tensor([[0, 3, -1],
                                                                             [1, -1, 0]]))),
    "error_multi_label_margin_rank": lambda p, np: p.nn.functional.multi_label_margin_loss(
        p.ones([3]), p.to_tensor([0, 1, -1])),
    "error_ctc_labels_int64": lambda p, np: p.nn.functional.ctc_loss(
        p.ones([4, 1, 3]), p.to_tensor([[1, 2]]), p.to_tensor([4]), p.to_tensor([2])),
    "error_ctc_lengths_int32": lambda p, np: p.nn.functional.ctc_loss(
        p.ones([4, 1, 3]), p.to_tensor([[1, 2]], "int32"), p.to_tensor([4], "int32"),
        p.to_tensor([2])),
    "error_adaptive_label_range": lambda p, np: p.nn.AdaptiveLogSoftmaxWithLoss(4, 6, [2])(
        p.ones([2, 4]), p.to_tensor([1, 6])),
    "error_adaptive_cutoffs": lambda p, np: p.nn.AdaptiveLogSoftmaxWithLoss(4, 6, [3, 2]),
}
for _name, _fn in _ERRORS.items():
    CASES[_name] = raises(_fn)
