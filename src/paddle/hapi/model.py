"""paddle.Model: a network bundled with its loss, optimizer and metrics, trained, evaluated and
run with fit/evaluate/predict (or batch by batch), and saved in Paddle's checkpoint formats."""
from __future__ import annotations

import os
import warnings

import numpy as np

from .. import _static_mode
from ..metric import Metric
from ..nn.layer.layers import Layer
from ..static.input_spec import InputSpec
from . import _batches, _checkpoint
from ._amp_config import parse_amp_configs, warn_if_ineffective
from ._loop import StepBudget, loader_length, make_loader, run_epoch
from ._specs import input_info, to_list, verify_spec
from .callbacks import EarlyStopping, config_callbacks
from .summary import summary as _summary

__all__ = ["Model", "prepare_distributed_context", "to_list"]


def prepare_distributed_context(place=None):
    """Set up the multi-process context of static-graph training. One trainer needs none, so
    this returns None; several (PADDLE_TRAINERS_NUM > 1) need paddle.distributed, which this
    build does not provide."""
    if int(os.environ.get("PADDLE_TRAINERS_NUM", "1")) < 2:
        return
    raise NotImplementedError("(prepare_distributed_context) multi-process training needs "
                              "paddle.distributed, which this build does not provide yet")


def _data_parallel(network):
    """`network` wrapped for data-parallel training when the job has several ranks."""
    if int(os.environ.get("PADDLE_TRAINERS_NUM", "1")) < 2:
        return network
    from .. import distributed
    distributed.init_parallel_env()
    return distributed.DataParallel(network)


def _split_batch_size(batch_size):
    if isinstance(batch_size, (list, tuple)) and all(isinstance(b, int) for b in batch_size):
        if len(batch_size) != 2:
            raise ValueError("batch_size length error, expected train_batch_size and "
                             "eval_batch_size.")
        return batch_size
    if isinstance(batch_size, int) and not isinstance(batch_size, bool):
        return batch_size, batch_size
    raise TypeError(f"(Model.fit) 'batch_size' must be an int or a (train, eval) pair of ints, "
                    f"but received {batch_size!r}")


def _check_num_iters(num_iters) -> None:
    if num_iters is not None and (not isinstance(num_iters, int) or num_iters <= 0):
        raise ValueError(f"num_iters must be greater than 0!, but received {num_iters!r}")


class Model:
    """An object that trains, evaluates and runs a network.

    Args:
        network (paddle.nn.Layer): the network.
        inputs (InputSpec|list|dict, optional): the network's inputs (needed to save for
            inference before any batch has run; otherwise taken from the first batch).
        labels (InputSpec|list, optional): the labels; batches are split into inputs and
            labels by the number of inputs.

    Example:
        >>> import numpy as np
        >>> import paddle
        >>> from paddle.static import InputSpec
        >>> net = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(),
        ...                            paddle.nn.Linear(8, 2))
        >>> model = paddle.Model(net, InputSpec([None, 4], "float32", "x"),
        ...                      InputSpec([None, 1], "int64", "label"))
        >>> model.prepare(paddle.optimizer.Adam(0.01, parameters=model.parameters()),
        ...               paddle.nn.CrossEntropyLoss(), paddle.metric.Accuracy())
        >>> x = np.random.rand(16, 4).astype("float32")
        >>> y = (x.sum(1, keepdims=True) > 2).astype("int64")
        >>> loss, acc = model.train_batch([x], [y])
        >>> loss[0].shape
        ()
    """

    def __init__(self, network, inputs=None, labels=None):
        if not isinstance(network, Layer):
            raise TypeError(f"(Model) 'network' must be a paddle.nn.Layer, but received "
                            f"{type(network).__name__}")
        if _static_mode.enabled and not isinstance(inputs, (list, tuple, dict, InputSpec)):
            raise TypeError("'inputs' must be list or tuple or dict, and couldn't be None.")
        self.mode = "train"
        self.network = network
        # in a job of several ranks, training steps go through paddle.DataParallel (as Paddle's)
        self._train_network = _data_parallel(network) if not _static_mode.enabled else network
        self.stop_training = False
        self._loss = None
        self._optimizer = None
        self._metrics = []
        self._accumulate = 1
        self._amp = parse_amp_configs(None, None)
        self._batch_input_info = None
        self._is_shape_inferred = False
        self._input_info = input_info(inputs) if inputs else None
        self._inputs = verify_spec(network, inputs, is_input=True)
        self._labels = verify_spec(network, labels)

    # ---- setup -------------------------------------------------------------------------------
    def prepare(self, optimizer=None, loss=None, metrics=None, amp_configs=None):
        """Set the optimizer, the loss (a Layer or callable on outputs + labels), metrics
        (Metric or list) and mixed-precision options ('O0'/'O1'/'O2' or a dict; on the CPU
        they make no effect, as in Paddle).

        Example:
            >>> import paddle
            >>> model = paddle.Model(paddle.nn.Linear(4, 2))
            >>> model.prepare(paddle.optimizer.SGD(0.1, parameters=model.parameters()),
            ...               paddle.nn.CrossEntropyLoss(), paddle.metric.Accuracy())
        """
        if loss is not None and not isinstance(loss, Layer) and not callable(loss):
            raise TypeError("'loss' must be sub classes of `paddle.nn.Layer` or any callable "
                            "function.")
        metrics = to_list(metrics) or []
        for metric in metrics:
            if not isinstance(metric, Metric):
                raise TypeError(f"{type(metric).__name__} is not sub class of Metric")
        self._optimizer = optimizer
        self._loss = loss
        self._metrics = metrics
        self._amp = parse_amp_configs(amp_configs, optimizer, not _static_mode.enabled)
        warn_if_ineffective(self._amp)

    def parameters(self, *args, **kwargs):
        """The network's parameters.

        Example:
            >>> import paddle
            >>> [p.shape for p in paddle.Model(paddle.nn.Linear(4, 2)).parameters()]
            [paddle.Size([4, 2]), paddle.Size([2])]
        """
        return self.network.parameters(*args, **kwargs)

    # ---- one batch ---------------------------------------------------------------------------
    def _after_batch(self, result):
        if self._input_info is None and self._batch_input_info is not None:
            self._input_info = self._batch_input_info
            shapes, dtypes = self._input_info
            self._inputs = verify_spec(self.network, None, shapes, dtypes, is_input=True)
            self._is_shape_inferred = True
        return result

    def train_batch(self, inputs, labels=None, update=True):
        """Train on one batch (lists of arrays/Tensors); `update=False` only accumulates
        gradients. Returns the losses as NumPy arrays, with the metrics' batch values when
        there are metrics.

        Example:
            >>> import numpy as np
            >>> import paddle
            >>> model = paddle.Model(paddle.nn.Linear(4, 2))
            >>> model.prepare(paddle.optimizer.SGD(0.1, parameters=model.parameters()),
            ...               paddle.nn.CrossEntropyLoss())
            >>> loss = model.train_batch([np.ones((3, 4), "float32")], [np.zeros((3, 1), "int64")])
            >>> len(loss)
            1
        """
        return self._after_batch(_batches.train_batch(self, inputs, labels, update))

    def eval_batch(self, inputs, labels=None):
        """Evaluate one batch without gradients: losses and/or the metrics' batch values.

        Example:
            >>> import numpy as np
            >>> import paddle
            >>> model = paddle.Model(paddle.nn.Linear(4, 2))
            >>> model.prepare(loss=paddle.nn.CrossEntropyLoss(), metrics=paddle.metric.Accuracy())
            >>> loss, acc = model.eval_batch([np.ones((3, 4), "float32")], [np.zeros((3, 1), "int64")])
            >>> len(acc)
            1
        """
        return self._after_batch(_batches.eval_batch(self, inputs, labels))

    def predict_batch(self, inputs):
        """The network's outputs on one batch, as a list of NumPy arrays.

        Example:
            >>> import numpy as np
            >>> import paddle
            >>> model = paddle.Model(paddle.nn.Linear(4, 2))
            >>> model.prepare()
            >>> model.predict_batch([np.ones((3, 4), "float32")])[0].shape
            (3, 2)
        """
        return self._after_batch(_batches.predict_batch(self, inputs))

    # ---- loops -------------------------------------------------------------------------------
    def _metrics_name(self) -> list:
        names = ["loss"] if self._loss else []
        for metric in self._metrics:
            names.extend(to_list(metric.name()))
        return names

    def _reset_metrics(self) -> None:
        for metric in self._metrics:
            metric.reset()

    def _evaluate_once(self, loader, callbacks, budget=None, steps=None) -> dict:
        callbacks.on_begin("eval", {"steps": steps if steps is not None else
                                    loader_length(loader), "metrics": self._metrics_name()})
        logs, _ = run_epoch(self, loader, callbacks, "eval", budget)
        callbacks.on_end("eval", logs)
        return logs

    def fit(self, train_data=None, eval_data=None, batch_size=1, epochs=1, eval_freq=1,
            log_freq=10, save_dir=None, save_freq=1, verbose=2, drop_last=False, shuffle=True,
            num_workers=0, callbacks=None, accumulate_grad_batches=1, num_iters=None):
        """Train for `epochs` over `train_data` (a Dataset or DataLoader), evaluating on
        `eval_data` every `eval_freq` epochs, printing progress (verbose 0/1/2), saving to
        `save_dir` every `save_freq` epochs, stepping the optimizer every
        `accumulate_grad_batches` batches, and stopping after `num_iters` steps if given (as in
        Paddle, evaluation steps during fit count toward num_iters too).

        Example:
            >>> import numpy as np
            >>> import paddle
            >>> from paddle.io import TensorDataset
            >>> x = paddle.to_tensor(np.random.rand(32, 4).astype("float32"))
            >>> y = paddle.to_tensor((np.random.rand(32, 1) > 0.5).astype("int64"))
            >>> model = paddle.Model(paddle.nn.Linear(4, 2))
            >>> model.prepare(paddle.optimizer.Adam(0.01, parameters=model.parameters()),
            ...               paddle.nn.CrossEntropyLoss(), paddle.metric.Accuracy())
            >>> model.fit(TensorDataset([x, y]), batch_size=8, epochs=2, verbose=0)
        """
        if train_data is None:
            raise ValueError("(Model.fit) train_data must be given!")
        _check_num_iters(num_iters)
        train_size, eval_size = _split_batch_size(batch_size)
        train_loader = make_loader(train_data, train_size, shuffle, drop_last, num_workers)
        eval_loader = None if eval_data is None else make_loader(
            eval_data, eval_size, num_workers=num_workers)
        self._accumulate = accumulate_grad_batches
        steps = loader_length(train_loader)
        if num_iters is not None and steps is not None:
            epochs = num_iters // steps + 1
            steps = min(num_iters, steps)
        cbks = config_callbacks(callbacks, model=self, epochs=epochs, steps=steps,
                                log_freq=log_freq, save_freq=save_freq, save_dir=save_dir,
                                verbose=verbose, metrics=self._metrics_name())
        if eval_loader is None and any(isinstance(c, EarlyStopping) for c in cbks):
            warnings.warn("EarlyStopping needs validation data.", stacklevel=2)
        self.stop_training = False
        budget = None if num_iters is None else StepBudget(num_iters)
        self._train_epochs(train_loader, eval_loader, cbks, epochs, eval_freq, budget)

    def _train_epochs(self, train_loader, eval_loader, cbks, epochs, eval_freq, budget):
        logs = {}
        cbks.on_begin("train")
        for epoch in range(epochs):
            cbks.on_epoch_begin(epoch)
            logs, _ = run_epoch(self, train_loader, cbks, "train", budget)
            cbks.on_epoch_end(epoch, logs)
            if eval_loader is not None and epoch % eval_freq == 0:
                self._evaluate_once(eval_loader, cbks, budget)
            if self.stop_training:
                break
        cbks.on_end("train", logs)

    def evaluate(self, eval_data, batch_size=1, log_freq=10, verbose=2, num_workers=0,
                 callbacks=None, num_iters=None):
        """Evaluate on `eval_data` (a Dataset or DataLoader); returns {name: value} for the
        loss and metrics.

        Example:
            >>> import numpy as np
            >>> import paddle
            >>> from paddle.io import TensorDataset
            >>> x = paddle.to_tensor(np.ones((8, 4), "float32"))
            >>> y = paddle.to_tensor(np.zeros((8, 1), "int64"))
            >>> model = paddle.Model(paddle.nn.Linear(4, 2))
            >>> model.prepare(metrics=paddle.metric.Accuracy())
            >>> sorted(model.evaluate(TensorDataset([x, y]), batch_size=4, verbose=0))
            ['acc']
        """
        _check_num_iters(num_iters)
        loader = make_loader(eval_data, batch_size, num_workers=num_workers)
        cbks = config_callbacks(callbacks, model=self, log_freq=log_freq, verbose=verbose,
                                metrics=self._metrics_name())
        steps = loader_length(loader)
        if num_iters is not None and steps is not None:
            steps = min(num_iters, steps)
        budget = None if num_iters is None else StepBudget(num_iters)
        logs = self._evaluate_once(loader, cbks, budget, steps)
        return {name: logs[name] for name in self._metrics_name() if name in logs}

    def predict(self, test_data, batch_size=1, num_workers=0, stack_outputs=False, verbose=1,
                callbacks=None):
        """Run the network over `test_data`; returns one entry per network output: a list of
        per-batch arrays, or (stack_outputs=True) one array stacked over all samples.

        Example:
            >>> import numpy as np
            >>> import paddle
            >>> from paddle.io import TensorDataset
            >>> x = paddle.to_tensor(np.ones((10, 4), "float32"))
            >>> model = paddle.Model(paddle.nn.Linear(4, 2))
            >>> model.prepare()
            >>> out = model.predict(TensorDataset([x]), batch_size=4, stack_outputs=True,
            ...                     verbose=0)
            >>> out[0].shape
            (10, 2)
        """
        loader = make_loader(test_data, batch_size, num_workers=num_workers)
        cbks = config_callbacks(callbacks, model=self, verbose=verbose)
        cbks.on_begin("predict", {"steps": loader_length(loader)})
        logs, outputs = run_epoch(self, loader, cbks, "predict")
        outputs = list(zip(*outputs))
        if stack_outputs:
            outputs = [np.vstack(per_batch) for per_batch in outputs]
        cbks.on_end("predict", logs)
        return outputs

    # ---- checkpoints -------------------------------------------------------------------------
    def save(self, path, training=True):
        """Save to `path`: with training=True `<path>.pdparams` and `<path>.pdopt` (Paddle's
        checkpoint files); with training=False an inference model via paddle.jit.save.

        Example:
            >>> import os, tempfile
            >>> import paddle
            >>> model = paddle.Model(paddle.nn.Linear(4, 2))
            >>> model.prepare()
            >>> path = os.path.join(tempfile.mkdtemp(), "linear")
            >>> model.save(path)
            >>> os.path.exists(path + ".pdparams")
            True
        """
        if training:
            _checkpoint.save_training(self, path)
        else:
            _checkpoint.save_inference(self, path)

    def load(self, path, skip_mismatch=False, reset_optimizer=False):
        """Load `<path>.pdparams` (and `<path>.pdopt` into the optimizer unless
        reset_optimizer); with skip_mismatch, parameters missing or of another shape are skipped
        with a warning (and the optimizer state is not loaded).

        Example:
            >>> import os, tempfile
            >>> import paddle
            >>> model = paddle.Model(paddle.nn.Linear(4, 2))
            >>> path = os.path.join(tempfile.mkdtemp(), "linear")
            >>> model.save(path)
            >>> model.load(path)
        """
        _checkpoint.load(self, path, skip_mismatch, reset_optimizer)

    def summary(self, input_size=None, dtype=None):
        """Print the network's layer table (see paddle.summary) for `input_size`, or for the
        Model's input specs; returns {'total_params', 'trainable_params'}.

        Example:
            >>> import paddle
            >>> from paddle.static import InputSpec
            >>> model = paddle.Model(paddle.nn.Linear(4, 2), InputSpec([None, 4], "float32", "x"))
            >>> model.summary()["total_params"]  # doctest: +ELLIPSIS
            ---...
            np.int64(10)
        """
        if input_size is None and self._inputs is None:
            raise ValueError("(Model.summary) 'input_size' or 'self._input' must be set")
        return _summary(self.network, input_size if input_size is not None else self._inputs,
                        dtypes=dtype)
