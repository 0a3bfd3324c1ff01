"""Regression, distribution and binary losses vs real Paddle: values, input gradients,
reductions, options and errors."""
from goldens.cases._nn_case_utils import arr, call, ints, layer, leaf, raises, with_grads

CASES = {}


# ---- regression ----------------------------------------------------------------------------
def _pair(shape=(3, 4), label_seed=2, dtype="float32", label_grad=True):
    def make(paddle, np):
        x = leaf(paddle, arr(np, list(shape), 1, dtype=dtype))
        y = paddle.to_tensor(arr(np, list(shape), label_seed, dtype=dtype))
        if label_grad:
            y.stop_gradient = False
        return [x, y], [x, y] if label_grad else [x]
    return make


for _red in ("mean", "sum", "none"):
    CASES[f"mse_{_red}"] = call("mse_loss", _pair(), reduction=_red)
    CASES[f"l1_{_red}"] = call("l1_loss", _pair(), reduction=_red)
    CASES[f"smooth_l1_{_red}"] = call("smooth_l1_loss", _pair(), reduction=_red, delta=0.7)
    CASES[f"kl_div_{_red}"] = call("kl_div", lambda p, np: (
        [leaf(p, arr(np, [3, 4], 1, -3, 0)), p.to_tensor(arr(np, [3, 4], 2, -0.2, 1))],
        []), reduction=_red)
CASES["smooth_l1_not_huber"] = call("smooth_l1_loss", _pair(), reduction="none", delta=1.5,
                                     is_huber=False)
CASES["mse_int"] = call("mse_loss", lambda p, np: ([p.to_tensor([1, 2]), p.to_tensor([3, 5])],
                                                    []))
CASES["mse_broadcast"] = call("mse_loss", lambda p, np: (
    [leaf(p, arr(np, [3, 4], 1)), p.to_tensor(arr(np, [4], 2))], []))
CASES["l1_int_none"] = call("l1_loss", lambda p, np: ([p.to_tensor([1, 2]),
                                                        p.to_tensor([3, 5])], []),
                             reduction="none")
CASES["mse_layer"] = layer("MSELoss", _pair(), "sum")
CASES["l1_layer"] = layer("L1Loss", _pair())
CASES["smooth_l1_layer"] = layer("SmoothL1Loss", _pair(), delta=0.5)
CASES["square_error_cost"] = call("square_error_cost", _pair())
CASES["kl_div_batchmean"] = call("kl_div", lambda p, np: (
    [leaf(p, arr(np, [3, 4], 1, -3, 0)), p.to_tensor(arr(np, [3, 4], 2, 0.1, 1))], []),
    reduction="batchmean")
CASES["kl_div_log_target"] = call("kl_div", lambda p, np: (
    [leaf(p, arr(np, [3, 4], 1, -3, 0)), p.to_tensor(arr(np, [3, 4], 2, -3, 0))], []),
    reduction="none", log_target=True)
CASES["kl_div_unknown_reduction"] = call("kl_div", _pair(), reduction="whatever")
CASES["kl_div_mixed_float"] = call("kl_div", lambda p, np: (
    [leaf(p, arr(np, [3], 1, -3, 0)), p.to_tensor(arr(np, [3], 2, 0.1, 1, "float64"))], []),
    reduction="none")
CASES["kl_div_layer"] = layer("KLDivLoss", lambda p, np: (
    [leaf(p, arr(np, [3, 4], 1, -3, 0)), p.to_tensor(arr(np, [3, 4], 2, 0.1, 1))], []),
    "sum")
for _log_input in (True, False):
    for _full in (True, False):
        CASES[f"poisson_nll_log{_log_input}_full{_full}"] = call(
            "poisson_nll_loss", lambda p, np: (
                [leaf(p, arr(np, [3, 4], 1, 0.1, 2)), p.to_tensor(arr(np, [3, 4], 2, 0, 4))],
                []), log_input=_log_input, full=_full, reduction="none")
CASES["poisson_nll_layer"] = layer("PoissonNLLLoss", lambda p, np: (
    [leaf(p, arr(np, [3, 4], 1, 0.1, 2)), p.to_tensor(arr(np, [3, 4], 2, 0, 4))], []))


def _gaussian(var_shape, full=False, reduction="mean"):
    def case(paddle, np):
        x = leaf(paddle, arr(np, [3, 2], 1))
        y = paddle.to_tensor(arr(np, [3, 2], 2))
        var = leaf(paddle, arr(np, var_shape, 3, 0.0, 2))
        out = paddle.nn.functional.gaussian_nll_loss(x, y, var, full=full, reduction=reduction)
        return with_grads(paddle, np, out, [x, var])
    return case


CASES["gaussian_nll_same_shape"] = _gaussian([3, 2])
CASES["gaussian_nll_full_none"] = _gaussian([3, 2], True, "none")
CASES["gaussian_nll_var_per_row"] = _gaussian([3])
CASES["gaussian_nll_var_column"] = _gaussian([3, 1], reduction="sum")
CASES["gaussian_nll_layer"] = layer("GaussianNLLLoss", lambda p, np: (
    [leaf(p, arr(np, [3, 2], 1)), p.to_tensor(arr(np, [3, 2], 2)),
     p.to_tensor(arr(np, [3, 2], 3, 0.5, 2))], []), full=True)
CASES["log_loss"] = call("log_loss", lambda p, np: (
    [leaf(p, arr(np, [4, 1], 1, 0.05, 0.95)), p.to_tensor(arr(np, [4, 1], 2, 0, 1))], []))


# ---- binary ----------------------------------------------------------------------------------
def _prob_pair(paddle, np):
    x = leaf(paddle, arr(np, [3, 4], 1, 0.02, 0.98))
    return [x, paddle.to_tensor(arr(np, [3, 4], 2, 0, 1))], [x]


def _logit_pair(paddle, np):
    x = leaf(paddle, arr(np, [3, 4], 1, -4, 4))
    return [x, paddle.to_tensor(arr(np, [3, 4], 2, 0, 1))], [x]


for _red in ("mean", "sum", "none"):
    CASES[f"bce_{_red}"] = call("binary_cross_entropy", _prob_pair, reduction=_red)
    CASES[f"bce_logits_{_red}"] = call("binary_cross_entropy_with_logits", _logit_pair,
                                        reduction=_red)
    CASES[f"focal_{_red}"] = call("sigmoid_focal_loss", _logit_pair, reduction=_red)
    CASES[f"soft_margin_{_red}"] = call("soft_margin_loss", lambda p, np: (
        [_logit_pair(p, np)[0][0], p.to_tensor(np.sign(arr(np, [3, 4], 2)).astype("int64"))],
        _logit_pair(p, np)[1]), reduction=_red)
    CASES[f"multi_label_soft_margin_{_red}"] = call("multi_label_soft_margin_loss",
                                                     _logit_pair, reduction=_red)
CASES["bce_weight"] = call("binary_cross_entropy", lambda p, np: (
    [*_prob_pair(p, np)[0], p.to_tensor(arr(np, [4], 5, 0.5, 2))], _prob_pair(p, np)[1]))
CASES["bce_extremes"] = call("binary_cross_entropy", lambda p, np: (
    [p.to_tensor([0.0, 1.0, 0.5, 1.0]), p.to_tensor([1.0, 0.0, 1.0, 1.0])], []),
    reduction="none")


def _bce_logits_pos_weight(paddle, np):
    (x, y), leaves = _logit_pair(paddle, np)
    out = paddle.nn.functional.binary_cross_entropy_with_logits(
        x, y, reduction="none", pos_weight=paddle.to_tensor(arr(np, [4], 5, 0.5, 2)))
    return with_grads(paddle, np, out, leaves)


CASES["bce_logits_pos_weight"] = _bce_logits_pos_weight
CASES["bce_logits_weights"] = call("binary_cross_entropy_with_logits", _logit_pair,
                                    reduction="none")
CASES["bce_logits_ignore_label"] = call("binary_cross_entropy_with_logits", lambda p, np: (
    [leaf(p, np.array([0.5, 2.0], "float32")), p.to_tensor([-100.0, 1.0])], []),
    reduction="none")
CASES["focal_normalizer"] = call("sigmoid_focal_loss", lambda p, np: (
    [*_logit_pair(p, np)[0], p.to_tensor([3.0])], _logit_pair(p, np)[1]), alpha=0.5, gamma=1.5)
CASES["multi_label_soft_margin_weight"] = call("multi_label_soft_margin_loss", lambda p, np: (
    [*_logit_pair(p, np)[0], p.to_tensor(arr(np, [4], 5, 0.5, 2))], _logit_pair(p, np)[1]))
CASES["bce_layer"] = layer("BCELoss", _prob_pair, reduction="sum")
CASES["soft_margin_layer"] = layer("SoftMarginLoss", lambda p, np: (
    [_logit_pair(p, np)[0][0], p.to_tensor(np.sign(arr(np, [3, 4], 2)))],
    _logit_pair(p, np)[1]))
CASES["multi_label_soft_margin_layer"] = layer("MultiLabelSoftMarginLoss", _logit_pair)


def _bce_logits_layer(paddle, np):
    (x, y), leaves = _logit_pair(paddle, np)
    loss = paddle.nn.BCEWithLogitsLoss(weight=paddle.to_tensor(arr(np, [4], 5, 0.5, 2)),
                                       pos_weight=paddle.to_tensor(arr(np, [4], 6, 0.5, 2)))
    return with_grads(paddle, np, loss(x, y), leaves)


CASES["bce_logits_layer_pos_weight"] = _bce_logits_layer


def _dice(paddle, np):
    p = arr(np, [3, 2, 4], 1, 0.05, 1)
    x = leaf(paddle, p / p.sum(-1, keepdims=True))
    label = paddle.to_tensor(ints(np, [3, 2, 1], 2, 0, 4))
    return with_grads(paddle, np, paddle.nn.functional.dice_loss(x, label, 1e-3), [x])


CASES["dice_loss"] = _dice


# ---- errors ------------------------------------------------------------------------------------
_ERRORS = {
    "error_bce_out_of_range": lambda p, np: p.nn.functional.binary_cross_entropy(
        p.to_tensor([1.5]), p.to_tensor([1.0])),
    "error_bce_negative": lambda p, np: p.nn.functional.binary_cross_entropy(
        p.to_tensor([-0.5]), p.to_tensor([1.0])),
    "error_bce_shape": lambda p, np: p.nn.functional.binary_cross_entropy(
        p.to_tensor([0.5, 0.5]), p.to_tensor([1.0, 0.0, 1.0])),
    "error_bce_logits_shape": lambda p, np: p.nn.functional.binary_cross_entropy_with_logits(
        p.to_tensor([[0.5, 2.0]]), p.to_tensor([[1.0], [0.0]])),
    "error_mse_reduction": lambda p, np: p.nn.functional.mse_loss(
        p.ones([2]), p.ones([2]), reduction="avg"),
    "error_mse_layer_reduction": lambda p, np: p.nn.MSELoss("avg"),
    "error_smooth_l1_shape": lambda p, np: p.nn.functional.smooth_l1_loss(p.ones([3]),
                                                                          p.ones([1])),
    "error_kl_div_shape": lambda p, np: p.nn.functional.kl_div(p.ones([3]), p.ones([1])),
    "error_log_loss_1d": lambda p, np: p.nn.functional.log_loss(p.ones([2]) * 0.5,
                                                                p.ones([2])),
    "error_poisson_epsilon": lambda p, np: p.nn.functional.poisson_nll_loss(
        p.ones([2]), p.ones([2]), epsilon=0.0),
    "error_poisson_shape": lambda p, np: p.nn.functional.poisson_nll_loss(p.ones([2]),
                                                                          p.ones([3])),
    "error_gaussian_negative_variance": lambda p, np: p.nn.functional.gaussian_nll_loss(
        p.ones([2]), p.ones([2]), p.to_tensor([1.0, -1.0])),
    "error_gaussian_variance_shape": lambda p, np: p.nn.functional.gaussian_nll_loss(
        p.ones([2, 3]), p.ones([2, 3]), p.ones([3])),
    "error_focal_normalizer_rank": lambda p, np: p.nn.functional.sigmoid_focal_loss(
        p.ones([1, 2]), p.ones([1, 2]), normalizer=p.ones([1, 1])),
    "error_multi_label_soft_margin_shape": lambda p, np: (
        p.nn.functional.multi_label_soft_margin_loss(p.ones([2, 3]), p.ones([2, 4]))),
    "error_soft_margin_shape": lambda p, np: p.nn.functional.soft_margin_loss(p.ones([2]),
                                                                              p.ones([3])),
}
for _name, _fn in _ERRORS.items():
    CASES[_name] = raises(_fn)
