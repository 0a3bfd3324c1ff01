"""Regression and distribution losses: mse_loss, l1_loss, smooth_l1_loss, square_error_cost,
kl_div, poisson_nll_loss, gaussian_nll_loss and log_loss."""
from __future__ import annotations

import math

from ..._core import dtype as _dt
from ..._core.autograd.grad_mode import no_grad
from ._loss_utils import (cast, check_float, check_reduction, check_same_shape, is_concrete,
                          mask, ops, reduce_loss, scalar, tensor_arg)

__all__ = ["mse_loss", "l1_loss", "smooth_l1_loss", "square_error_cost", "kl_div",
           "poisson_nll_loss", "gaussian_nll_loss", "log_loss"]


def _pair(api, input, label):  # noqa: A002
    return tensor_arg(api, "input", input), tensor_arg(api, "label", label)


def mse_loss(input, label, reduction="mean", name=None):  # noqa: A002
    """Mean squared error (input - label)², reduced by `reduction`.

    Example:
        >>> import paddle
        >>> x, y = paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([2.0, 4.0])
        >>> float(paddle.nn.functional.mse_loss(x, y))
        2.5
    """
    input, label = _pair("mse_loss", input, label)  # noqa: A001
    check_reduction("mse_loss", reduction)
    diff = input - label
    return reduce_loss(diff * diff, reduction)


def l1_loss(input, label, reduction="mean", name=None):  # noqa: A002
    """Mean absolute error |input - label|, reduced by `reduction`.

    Example:
        >>> import paddle
        >>> x, y = paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([2.0, 4.0])
        >>> float(paddle.nn.functional.l1_loss(x, y))
        1.5
    """
    input, label = _pair("l1_loss", input, label)  # noqa: A001
    check_reduction("l1_loss", reduction)
    return reduce_loss(ops.abs(input - label), reduction)


def smooth_l1_loss(input, label, reduction="mean", delta=1.0, is_huber=True,  # noqa: A002
                   name=None):
    """Huber loss: 0.5 r² where |r| <= delta, delta (|r| - 0.5 delta) elsewhere (r = label -
    input); divided by delta when is_huber is False.

    Example:
        >>> import paddle
        >>> x, y = paddle.to_tensor([0.0, 0.0]), paddle.to_tensor([0.5, 3.0])
        >>> paddle.nn.functional.smooth_l1_loss(x, y, reduction="none").numpy().tolist()
        [0.125, 2.5]
    """
    api = "smooth_l1_loss"
    input, label = _pair(api, input, label)  # noqa: A001
    if list(input.shape) != list(label.shape):
        raise ValueError(f"({api}) The Input(input) and Input(label) should have the same shape, "
                         f"but received input shape {list(input.shape)} != label shape "
                         f"{list(label.shape)}")
    check_reduction(api, reduction)
    delta = float(delta)
    abs_r = ops.abs(label - input)
    small = mask(ops.less_equal(abs_r, scalar(delta, abs_r.dtype)), abs_r.dtype)
    out = small * (abs_r * abs_r * 0.5) + (1 - small) * ((abs_r - 0.5 * delta) * delta)
    if not is_huber:
        out = out / delta
    return reduce_loss(out, reduction)


def square_error_cost(input, label):  # noqa: A002
    """Elementwise (input - label)² (no reduction).

    Example:
        >>> import paddle
        >>> paddle.nn.functional.square_error_cost(paddle.to_tensor([1.0]),
        ...                                        paddle.to_tensor([3.0])).numpy().tolist()
        [4.0]
    """
    input, label = _pair("square_error_cost", input, label)  # noqa: A001
    diff = input - label
    return diff * diff


def kl_div(input, label, reduction="mean", log_target=False, name=None):  # noqa: A002
    """Kullback-Leibler divergence with `input` as log-probabilities: label * (log(label) -
    input) (zero where label <= 0), or exp(label) * (label - input) with log_target.
    reduction 'batchmean' divides the sum by the batch size; any other unknown value means no
    reduction, as in Paddle. Only `input` receives a gradient (as in Paddle).

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([-1.0, -2.0])
        >>> paddle.nn.functional.kl_div(x, paddle.to_tensor([0.5, 0.0]), "none").shape
        paddle.Size([2])
    """
    api = "kl_div"
    input, label = _pair(api, input, label)  # noqa: A001
    if input.dtype is _dt.float32 and label.dtype is _dt.float64:
        input = cast(input, _dt.float64)  # noqa: A001
    elif input.dtype is _dt.float64 and label.dtype is _dt.float32:
        label = cast(label, _dt.float64)
    check_same_shape(api, "input", input, "label", label)
    label = label.detach()  # Paddle's kldiv_loss differentiates the input only
    if log_target:
        out = ops.exp(label) * (label - input)
    else:
        positive = ops.greater_than(label, scalar(0, label.dtype))
        safe = ops.where(positive, label, ops.full_like(label, 1, None))
        out = ops.where(positive, label * (ops.log(safe) - input), scalar(0, label.dtype))
    if reduction == "batchmean":
        return reduce_loss(out, "sum") / input.shape[0] if input.ndim > 0 else out
    return reduce_loss(out, reduction) if reduction in ("mean", "sum") else out


def poisson_nll_loss(input, label, log_input=True, full=False, epsilon=1e-08,  # noqa: A002
                     reduction="mean", name=None):
    """Poisson negative log-likelihood: exp(input) - label * input (log_input), else input -
    label * log(input + epsilon); `full` adds the Stirling term where label > 1.

    Example:
        >>> import paddle
        >>> x, y = paddle.to_tensor([0.0, 1.0]), paddle.to_tensor([1.0, 2.0])
        >>> paddle.nn.functional.poisson_nll_loss(x, y, reduction="none").shape
        paddle.Size([2])
    """
    api = "poisson_nll_loss"
    if epsilon <= 0:
        raise ValueError(f"({api}) The value of `epsilon` in poisson_nll_loss should be "
                         f"positive, but received {epsilon:f}, which is not allowed")
    check_reduction(api, reduction)
    input, label = _pair(api, input, label)  # noqa: A001
    for name_, t in (("input", input), ("label", label)):
        check_float(api, name_, t, ("float16", "bfloat16", "float32", "float64"))
    check_same_shape(api, "input", input, "label", label)
    if log_input:
        loss = ops.exp(input) - label * input
    else:
        loss = input - label * ops.log(input + epsilon)
    if full:
        big = ops.greater_than(label, scalar(1, label.dtype))
        safe = ops.where(big, label, ops.full_like(label, 2, None))
        stirling = safe * ops.log(safe) - safe + 0.5 * ops.log(2 * math.pi * safe)
        loss = loss + mask(big, loss.dtype) * stirling
    return reduce_loss(loss, reduction)


def _variance_like(api, input, variance):  # noqa: A002
    if list(variance.shape) == list(input.shape):
        return variance
    if list(input.shape[:-1]) == list(variance.shape):
        return ops.unsqueeze(variance, [-1])
    if list(input.shape[:-1]) == list(variance.shape[:-1]) and variance.shape[-1] == 1:
        return variance
    raise ValueError(f"({api}) variance is of incorrect shape {list(variance.shape)} for input "
                     f"shape {list(input.shape)}")


def gaussian_nll_loss(input, label, variance, full=False, epsilon=1e-06,  # noqa: A002
                      reduction="mean", name=None):
    """Gaussian negative log-likelihood 0.5 * (log(var) + (input - label)² / var), var clamped
    below at epsilon; `full` adds 0.5 log(2π). As in Paddle, the clamp runs without gradient,
    so no gradient reaches `variance`.

    Example:
        >>> import paddle
        >>> x, y = paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([1.5, 2.0])
        >>> var = paddle.to_tensor([1.0, 0.5])
        >>> paddle.nn.functional.gaussian_nll_loss(x, y, var, reduction="none").shape
        paddle.Size([2])
    """
    api = "gaussian_nll_loss"
    input, label = _pair(api, input, label)  # noqa: A001
    variance = _variance_like(api, input, tensor_arg(api, "variance", variance))
    check_reduction(api, reduction)
    for name_, t in (("input", input), ("label", label), ("variance", variance)):
        if t.dtype.name not in ("float32", "float64"):
            raise ValueError(f"({api}) The data type of {name_} must be 'float32' or 'float64', "
                             f"but received {t.dtype.name}")
    if is_concrete(variance) and bool((variance._data < 0).any()):
        raise ValueError(f"({api}) variance has negative entry/entries")
    with no_grad():
        variance = ops.maximum(variance, scalar(epsilon, variance.dtype))
    diff = input - label
    loss = 0.5 * (ops.log(variance) + diff * diff / variance)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return reduce_loss(loss, reduction)


def log_loss(input, label, epsilon=0.0001, name=None):  # noqa: A002
    """Binary log loss of probabilities [N, 1]: -label log(input + eps) - (1 - label)
    log(1 - input + eps).

    Example:
        >>> import paddle
        >>> p, y = paddle.to_tensor([[0.9], [0.2]]), paddle.to_tensor([[1.0], [0.0]])
        >>> paddle.nn.functional.log_loss(p, y).shape
        paddle.Size([2, 1])
    """
    api = "log_loss"
    input, label = _pair(api, input, label)  # noqa: A001
    if input.ndim != 2 or input.shape[1] != 1:
        raise ValueError(f"({api}) The input (predicted probabilities) must have shape [N, 1], "
                         f"but received {list(input.shape)}.")
    check_same_shape(api, "input", input, "label", label)
    return -label * ops.log(input + epsilon) - (1 - label) * ops.log(1 - input + epsilon)
