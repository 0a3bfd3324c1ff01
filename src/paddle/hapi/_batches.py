"""One step of paddle.Model: a training, evaluation or prediction batch on the network, run
eagerly (under paddle.enable_static() too: the static tracer is suspended for the step, which
gives the numbers a compiled program would)."""
from __future__ import annotations

import contextlib

import numpy as np

from .. import _static_mode
from .._core.autograd.grad_mode import no_grad
from .._core.tensor import Tensor
from ..tensor._to_tensor import to_tensor
from ..tensor.math_pairwise import add_n
from ._specs import input_info, to_list


@contextlib.contextmanager
def eager():
    """Run the body in dynamic mode, restoring static mode (and its program) afterwards."""
    if not _static_mode.enabled:
        yield
        return
    _static_mode.disable_static()
    try:
        yield
    finally:
        _static_mode.enable_static()


def _as_tensors(values) -> list:
    return [x if isinstance(x, Tensor) else to_tensor(x) for x in values]


def to_numpy(value) -> np.ndarray:
    return value.numpy() if isinstance(value, Tensor) else np.asarray(value)


def _prepare_batch(model, mode: str, inputs, labels):
    model.mode = mode
    if mode == "train":
        model.network.train()
    else:
        model.network.eval()
    inputs = to_list(inputs)
    model._batch_input_info = input_info(inputs)
    labels = _as_tensors(to_list(labels) or [])
    return _as_tensors(inputs), labels


def _update_metrics(model, outputs: list, labels: list) -> list:
    results = []
    for metric in model._metrics:
        computed = metric.compute(*(outputs + labels))
        results.append(metric.update(*[to_numpy(m) for m in to_list(computed)]))
    return results


def _require_training_setup(model) -> None:
    if model._optimizer is None:
        raise RuntimeError("(Model.train_batch) model not ready, please call `model.prepare()` "
                           "first with an optimizer")
    if model._loss is None:
        raise RuntimeError("(Model.train_batch) training needs a loss: pass `loss` to "
                           "`model.prepare()`")


def train_batch(model, inputs, labels=None, update=True):
    """Forward, loss, backward; with `update`, an optimizer step and cleared gradients."""
    _require_training_setup(model)
    with eager():
        inputs, labels = _prepare_batch(model, "train", inputs, labels)
        outputs = to_list(model._train_network(*inputs))
        losses = to_list(model._loss(*(outputs + labels)))
        final_loss = add_n(losses) if len(losses) > 1 else losses[0]
        final_loss.backward()
        if update:
            model._optimizer.minimize(final_loss)
            model.network.clear_gradients()
        metrics = _update_metrics(model, outputs, labels)
    loss_values = [to_numpy(loss) for loss in losses]
    return (loss_values, metrics) if metrics else loss_values


@no_grad()
def eval_batch(model, inputs, labels=None):
    """Forward, loss (when prepared with one) and metric updates, without gradients."""
    with eager():
        inputs, labels = _prepare_batch(model, "eval", inputs, labels)
        outputs = to_list(model.network(*inputs))
        losses = to_list(model._loss(*(outputs + labels))) if model._loss else None
        metrics = _update_metrics(model, outputs, labels)
    if losses is None:
        return metrics
    loss_values = [to_numpy(loss) for loss in losses]
    return (loss_values, metrics) if metrics else loss_values


@no_grad()
def predict_batch(model, inputs):
    """The network's outputs on `inputs`, as NumPy arrays."""
    with eager():
        inputs, _ = _prepare_batch(model, "test", inputs, None)
        outputs = to_list(model.network(*inputs))
    return [to_numpy(out) for out in outputs]
