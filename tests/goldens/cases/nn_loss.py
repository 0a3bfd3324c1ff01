"""Cross entropy, softmax_with_cross_entropy and nll_loss: values, dtypes, input gradients
(loss summed with fixed weights when unreduced), reductions, options and errors vs real Paddle."""
from goldens.cases._nn_case_utils import arr, call, ints, layer, leaf, raises, with_grads

CASES = {}


# ---- cross entropy -------------------------------------------------------------------------
def _logits_hard(shape=(4, 5), label_shape=(4,), classes=5, ignore=None, label_dtype="int64"):
    def make(paddle, np):
        x = leaf(paddle, arr(np, list(shape), 1, -3, 3))
        label = ints(np, list(label_shape), 2, 0, classes, label_dtype)
        if ignore is not None:
            label.reshape(-1)[1] = ignore
        return [x, paddle.to_tensor(label)], [x]
    return make


def _logits_soft(shape=(4, 5), axis=-1, dtype="float32"):
    def make(paddle, np):
        x = leaf(paddle, arr(np, list(shape), 1, -3, 3, dtype))
        p = arr(np, list(shape), 3, 0.1, 1.0, dtype)
        return [x, paddle.to_tensor(p / p.sum(axis=axis, keepdims=True))], [x]
    return make


for _red in ("mean", "sum", "none"):
    CASES[f"ce_hard_{_red}"] = call("cross_entropy", _logits_hard(), reduction=_red)
    CASES[f"ce_soft_{_red}"] = call("cross_entropy", _logits_soft(), soft_label=True,
                                     reduction=_red)
    CASES[f"ce_weight_{_red}"] = call(
        "cross_entropy", lambda p, np: ([*_logits_hard()(p, np)[0],
                                         p.to_tensor(arr(np, [5], 4, 0.5, 2))],
                                        _logits_hard()(p, np)[1]), reduction=_red)
    CASES[f"ce_ignore_default_{_red}"] = call("cross_entropy", _logits_hard(ignore=-100),
                                               reduction=_red)
    CASES[f"ce_ignore_class_{_red}"] = call("cross_entropy", _logits_hard(), ignore_index=2,
                                             reduction=_red)
    CASES[f"ce_smoothing_{_red}"] = call("cross_entropy", _logits_hard(),
                                          label_smoothing=0.1, reduction=_red)


def _ce_weight_ignore(paddle, np):
    (x, label), leaves = _logits_hard(ignore=3)(paddle, np)
    w = paddle.to_tensor(arr(np, [5], 4, 0.5, 2))
    out = paddle.nn.functional.cross_entropy(x, label, weight=w, ignore_index=3)
    return with_grads(paddle, np, out, leaves)


CASES["ce_weight_ignore_mean"] = _ce_weight_ignore
CASES["ce_label_n1"] = call("cross_entropy", _logits_hard(label_shape=(4, 1)),
                             reduction="none")
CASES["ce_label_int32"] = call("cross_entropy", _logits_hard(label_dtype="int32"))
CASES["ce_label_float_forward"] = call(
    "cross_entropy", lambda p, np: ([p.to_tensor(arr(np, [4, 5], 1, -3, 3)),
                                     p.to_tensor(ints(np, [4], 2, 0, 5, "float32"))], []))
CASES["ce_axis1_3d"] = call("cross_entropy", _logits_hard((2, 3, 4), (2, 1, 4), 3), axis=1,
                             reduction="none")
CASES["ce_axis1_3d_squeezed_label"] = call("cross_entropy", _logits_hard((2, 3, 4), (2, 4), 3),
                                            axis=1)
CASES["ce_axis0_soft"] = call("cross_entropy", _logits_soft((4, 3), axis=0), axis=0,
                               soft_label=True, reduction="none")
CASES["ce_smoothing_n1_label"] = call("cross_entropy", _logits_hard(label_shape=(4, 1)),
                                       label_smoothing=0.2, reduction="none")
CASES["ce_1d_input"] = call("cross_entropy", _logits_hard((5,), (1,)))
CASES["ce_float64"] = call("cross_entropy", lambda p, np: (
    [leaf(p, arr(np, [3, 4], 1, dtype="float64")), p.to_tensor([0, 3, 1])],
    []))
CASES["ce_large_logits_clip"] = call("cross_entropy", lambda p, np: (
    [leaf(p, arr(np, [3, 4], 1, -100, 100)), p.to_tensor([0, 3, 1])], []),
    reduction="none")


def _probs(paddle, np):
    p = arr(np, [4, 5], 3, 0.05, 1.0)
    x = leaf(paddle, p / p.sum(-1, keepdims=True))
    return [x, paddle.to_tensor(ints(np, [4], 2, 0, 5))], [x]


CASES["ce_no_softmax"] = call("cross_entropy", _probs, use_softmax=False, reduction="none")
CASES["ce_no_softmax_soft"] = call("cross_entropy", lambda p, np: (
    [_probs(p, np)[0][0], p.to_tensor(_logits_soft()(p, np)[0][1].numpy())],
    _probs(p, np)[1]), use_softmax=False, soft_label=True)
CASES["ce_no_softmax_zero_prob"] = call("cross_entropy", lambda p, np: (
    [p.to_tensor([[0.0, 1.0, 0.0]]), p.to_tensor([0])], []), use_softmax=False)


def _unnormalised_soft(paddle, np):
    x = leaf(paddle, arr(np, [2, 3], 1))
    return [x, paddle.to_tensor([[0.5, 0.3, 0.5], [2.0, 0.0, 0.0]])], [x]


CASES["ce_unnormalised_soft_label_grad"] = call("cross_entropy", _unnormalised_soft,
                                                 soft_label=True)
CASES["ce_layer"] = layer("CrossEntropyLoss", _logits_hard(ignore=-100), ignore_index=-100,
                           label_smoothing=0.05)


def _ce_empty(paddle, np):
    return paddle.nn.functional.cross_entropy(paddle.ones([0, 3]), paddle.ones([0], "int64"))


CASES["ce_empty_batch"] = _ce_empty


def _swce(return_softmax, soft=False, stable=True):
    def case(paddle, np):
        if soft:
            (x, label), _ = _logits_soft()(paddle, np)
        else:
            (x, label), _ = _logits_hard(label_shape=(4, 1))(paddle, np)
        x = leaf(paddle, x.numpy())
        result = paddle.nn.functional.softmax_with_cross_entropy(
            x, label, soft_label=soft, numeric_stable_mode=stable, return_softmax=return_softmax)
        loss = result[0] if return_softmax else result
        out = with_grads(paddle, np, loss, [x])
        return out + ([result[1]] if return_softmax else [])
    return case


CASES["swce_hard"] = _swce(False)
CASES["swce_return_softmax"] = _swce(True)
CASES["swce_soft"] = _swce(False, soft=True)
CASES["swce_not_stable"] = _swce(False, stable=False)

# ---- nll -------------------------------------------------------------------------------------


def _log_probs(shape=(4, 5), label_shape=(4,), classes=5, ignore=None):
    def make(paddle, np):
        x = arr(np, list(shape), 1, -3, 3)
        x = x - np.log(np.exp(x).sum(1, keepdims=True))
        label = ints(np, list(label_shape), 2, 0, classes)
        if ignore is not None:
            label.reshape(-1)[1] = ignore
        leaf = leaf(paddle, x.astype("float32"))
        return [leaf, paddle.to_tensor(label)], [leaf]
    return make


for _red in ("mean", "sum", "none"):
    CASES[f"nll_{_red}"] = call("nll_loss", _log_probs(), reduction=_red)
    CASES[f"nll_ignore_{_red}"] = call("nll_loss", _log_probs(ignore=-100), reduction=_red)
    CASES[f"nll_weight_{_red}"] = call(
        "nll_loss", lambda p, np: ([*_log_probs(ignore=-100)(p, np)[0],
                                    p.to_tensor(arr(np, [5], 4, 0.5, 2))],
                                   _log_probs(ignore=-100)(p, np)[1]), reduction=_red)
CASES["nll_3d"] = call("nll_loss", _log_probs((2, 3, 4), (2, 4), 3), reduction="none")
CASES["nll_4d"] = call("nll_loss", _log_probs((2, 3, 2, 2), (2, 2, 2), 3))
CASES["nll_5d_none"] = call("nll_loss", _log_probs((2, 3, 2, 1, 2), (2, 2, 1, 2), 3),
                             reduction="none")
CASES["nll_label_n1"] = call("nll_loss", _log_probs(label_shape=(4, 1)))
CASES["nll_ignore_class"] = call("nll_loss", _log_probs(), ignore_index=1)
CASES["nll_all_ignored"] = call("nll_loss", lambda p, np: (
    [leaf(p, arr(np, [2, 3], 1)), p.to_tensor([-100, -100])], []))
CASES["nll_layer"] = layer("NLLLoss", _log_probs(), reduction="sum")


# ---- errors ------------------------------------------------------------------------------------
_ERRORS = {
    "error_ce_label_out_of_range": lambda p, np: p.nn.functional.cross_entropy(
        _ones(p, [2, 3]), p.to_tensor([0, 3])),
    "error_ce_negative_label": lambda p, np: p.nn.functional.cross_entropy(
        _ones(p, [2, 3]), p.to_tensor([0, -1])),
    "error_ce_label_batch_mismatch": lambda p, np: p.nn.functional.cross_entropy(
        _ones(p, [2, 3]), p.to_tensor([0, 1, 2])),
    "error_ce_label_rank": lambda p, np: p.nn.functional.cross_entropy(
        _ones(p, [2, 3]), p.to_tensor([[[0]]])),
    "error_ce_0d_input": lambda p, np: p.nn.functional.cross_entropy(p.to_tensor(1.0),
                                                                     p.to_tensor(0)),
    "error_ce_weight_classes": lambda p, np: p.nn.functional.cross_entropy(
        _ones(p, [2, 3]), p.to_tensor([0, 1]), weight=p.ones([2])),
    "error_ce_reduction": lambda p, np: p.nn.functional.cross_entropy(
        _ones(p, [2, 3]), p.to_tensor([0, 1]), reduction="avg"),
    "error_ce_soft_ignore_index": lambda p, np: p.nn.functional.cross_entropy(
        _ones(p, [2, 3]), _ones(p, [2, 3]) / 3, soft_label=True, ignore_index=1),
    "error_ce_soft_label_dtype": lambda p, np: p.nn.functional.cross_entropy(
        _ones(p, [2, 3]), _ones(p, [2, 3], "float64") / 3, soft_label=True),
    "error_ce_soft_label_shape": lambda p, np: p.nn.functional.cross_entropy(
        _ones(p, [2, 3]), _ones(p, [2, 4]) / 4, soft_label=True),
    "error_swce_flat_label": lambda p, np: p.nn.functional.softmax_with_cross_entropy(
        _ones(p, [2, 3]), p.to_tensor([0, 2])),
    "error_nll_label_out_of_range": lambda p, np: p.nn.functional.nll_loss(
        _ones(p, [2, 3]), p.to_tensor([0, 3])),
    "error_nll_batch_mismatch": lambda p, np: p.nn.functional.nll_loss(
        _ones(p, [2, 3]), p.to_tensor([0, 1, 2])),
    "error_nll_int32_label": lambda p, np: p.nn.functional.nll_loss(
        _ones(p, [2, 3]), p.to_tensor([0, 1], "int32")),
    "error_nll_1d_input": lambda p, np: p.nn.functional.nll_loss(_ones(p, [3]),
                                                                 p.to_tensor([0])),
    "error_nll_layer_reduction": lambda p, np: p.nn.NLLLoss(reduction="avg"),
}
for _name, _fn in _ERRORS.items():
    CASES[_name] = raises(_fn)
