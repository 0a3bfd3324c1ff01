"""paddle.Model, its callbacks and paddle.summary against real Paddle: every network starts
from weights set with NumPy, so the batch results, the trained parameters, evaluate/predict
results (and their Python/NumPy types), the learning rates the callbacks leave, the printed
progress log (timings masked) and the summary table must all match."""
import contextlib
import io
import re

CASES = {}


def _net(paddle, np, seed=0):
    """Linear(4, 8) -> ReLU -> Linear(8, 3) with weights drawn from NumPy."""
    with paddle.utils.unique_name.guard():
        net = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(),
                                   paddle.nn.Linear(8, 3))
    rng = np.random.default_rng(seed)
    for p in net.parameters():
        p.set_value(rng.normal(0, 0.5, p.shape).astype("float32"))
    return net


def _data(np, n=20, seed=1):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, 4)).astype("float32")
    y = (np.abs(x[:, :1] + x[:, 1:2]) * 1.2).astype("int64").clip(0, 2)
    return x, y


def _dataset(paddle, np, n=20, seed=1):
    x, y = _data(np, n, seed)

    class Pairs(paddle.io.Dataset):
        def __getitem__(self, i):
            return x[i], y[i]

        def __len__(self):
            return len(x)

    return Pairs()


def _model(paddle, np, optimizer="SGD", lr=0.1, metrics=True, seed=0):
    from paddle.static import InputSpec
    net = _net(paddle, np, seed)
    model = paddle.Model(net, InputSpec([None, 4], "float32", "x"),
                         InputSpec([None, 1], "int64", "label"))
    opt = getattr(paddle.optimizer, optimizer)(learning_rate=lr, parameters=model.parameters())
    model.prepare(opt, paddle.nn.CrossEntropyLoss(),
                  paddle.metric.Accuracy(topk=(1, 2)) if metrics else None)
    return model


def _params(model):
    return [p for p in model.parameters()]


# ---- batches ------------------------------------------------------------------------------------
def train_eval_predict_batches(paddle, np):
    model = _model(paddle, np)
    x, y = _data(np)
    out = [model.train_batch([x[i:i + 5]], [y[i:i + 5]]) for i in range(0, 15, 5)]
    out.append(model.eval_batch([x[:6]], [y[:6]]))
    out.append(model.predict_batch([x[:4]]))
    return out, _params(model)


def train_batch_without_metrics(paddle, np):
    model = _model(paddle, np, metrics=False)
    x, y = _data(np)
    return model.train_batch([x[:7]], [y[:7]]), _params(model)


def train_batch_accumulates_without_update(paddle, np):
    model = _model(paddle, np, metrics=False)
    x, y = _data(np)
    losses = [model.train_batch([x[:5]], [y[:5]], update=False) for _ in range(2)]
    grads = [p.grad for p in model.parameters()]
    losses.append(model.train_batch([x[:5]], [y[:5]], update=True))
    return losses, grads, _params(model)


def eval_batch_metrics_only(paddle, np):
    from paddle.static import InputSpec
    model = paddle.Model(_net(paddle, np), InputSpec([None, 4], "float32", "x"))
    model.prepare(metrics=paddle.metric.Accuracy())
    x, y = _data(np)
    return model.eval_batch([x], [y])


CASES.update({f.__name__: f for f in [train_eval_predict_batches, train_batch_without_metrics,
                                      train_batch_accumulates_without_update,
                                      eval_batch_metrics_only]})


# ---- fit / evaluate / predict -------------------------------------------------------------------
def _fit_case(**fit_kwargs):
    def case(paddle, np):
        model = _model(paddle, np, optimizer="Adam", lr=0.05)
        kwargs = {"batch_size": 4, **fit_kwargs}
        model.fit(_dataset(paddle, np), _dataset(paddle, np, 12, seed=2), verbose=0, **kwargs)
        result = model.evaluate(_dataset(paddle, np, 12, seed=2), batch_size=5, verbose=0)
        predicted = model.predict(_dataset(paddle, np, 6, seed=3), batch_size=4, verbose=0)
        stacked = model.predict(_dataset(paddle, np, 6, seed=3), batch_size=4,
                                stack_outputs=True, verbose=0)
        return (sorted(result), [result[k] for k in sorted(result)], predicted, stacked,
                _params(model))
    case.rtol, case.atol = 1e-4, 1e-5
    return case


CASES["fit_shuffled_two_epochs"] = _fit_case(epochs=2)
CASES["fit_unshuffled_drop_last"] = _fit_case(epochs=2, shuffle=False, drop_last=True)
CASES["fit_accumulate_grad_batches"] = _fit_case(epochs=1, shuffle=False,
                                                 accumulate_grad_batches=2)
CASES["fit_num_iters"] = _fit_case(epochs=3, num_iters=7)
CASES["fit_batch_size_pair"] = _fit_case(epochs=1, batch_size=(3, 5))


def fit_dataloader_and_evaluate_num_iters(paddle, np):
    model = _model(paddle, np, optimizer="Adam", lr=0.05)
    loader = paddle.io.DataLoader(_dataset(paddle, np), batch_size=6, shuffle=False)
    model.fit(loader, epochs=2, verbose=0)
    result = model.evaluate(_dataset(paddle, np, 12, seed=2), batch_size=4, verbose=0,
                            num_iters=2)
    return [result[k] for k in sorted(result)], _params(model)


CASES["fit_dataloader_and_evaluate_num_iters"] = fit_dataloader_and_evaluate_num_iters


# ---- callbacks ----------------------------------------------------------------------------------
def lr_scheduler_by_step_and_epoch(paddle, np):
    out = []
    for callback in (None, paddle.callbacks.LRScheduler(by_step=False, by_epoch=True)):
        model = _model(paddle, np)
        scheduler = paddle.optimizer.lr.StepDecay(0.1, step_size=3, gamma=0.5)
        model._optimizer.set_lr_scheduler(scheduler)
        model.fit(_dataset(paddle, np), batch_size=4, epochs=2, verbose=0,
                  callbacks=callback)
        out.append(model._optimizer.get_lr())
    return out


def early_stopping_epochs(paddle, np):
    epochs_run = []

    class Count(paddle.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            epochs_run.append(epoch)

    model = _model(paddle, np, optimizer="Adam", lr=0.5)
    stop = paddle.callbacks.EarlyStopping(monitor="acc_top1", mode="max", patience=1,
                                          verbose=0, min_delta=0.5, save_best_model=False)
    model.fit(_dataset(paddle, np), _dataset(paddle, np, 12, seed=2), batch_size=5, epochs=6,
              verbose=0, callbacks=[stop, Count()])
    return epochs_run, stop.best_value, stop.wait_epoch, model.stop_training


def reduce_lr_on_plateau(paddle, np):
    model = _model(paddle, np, lr=0.2)
    reduce = paddle.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=1,
                                                verbose=0, min_delta=10.0, cooldown=1)
    model.fit(_dataset(paddle, np), _dataset(paddle, np, 12, seed=2), batch_size=5, epochs=5,
              verbose=0, callbacks=[reduce])
    return model._optimizer.get_lr(), reduce.wait, reduce.cooldown_counter


CASES.update({f.__name__: f for f in [lr_scheduler_by_step_and_epoch, early_stopping_epochs,
                                      reduce_lr_on_plateau]})


def _masked_log(text):
    """The printed log with the timings (which vary run to run) masked, and with them the
    redraw backspaces and padding whose counts follow the timings' widths."""
    text = re.sub(r"ETA: [0-9:]+s?", "ETA: T", text)
    text = re.sub(r"\d+(ms|us|s)/step", "T/step", text)
    text = re.sub("\x08+", "<BS>", text)
    return re.sub(r" +(<BS>|\n)", r"\1", text)


def _fit_log(verbose, log_freq):
    def case(paddle, np):
        model = _model(paddle, np)
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            model.fit(_dataset(paddle, np), _dataset(paddle, np, 12, seed=2), batch_size=4,
                      epochs=2, verbose=verbose, log_freq=log_freq)
            model.evaluate(_dataset(paddle, np, 12, seed=2), batch_size=5, verbose=verbose)
            model.predict(_dataset(paddle, np, 6, seed=3), batch_size=4, verbose=verbose)
        return _masked_log(buffer.getvalue())
    return case


CASES["fit_log_verbose1"] = _fit_log(1, 2)
CASES["fit_log_verbose2"] = _fit_log(2, 2)
CASES["fit_log_verbose2_freq1"] = _fit_log(2, 1)


# ---- summary ------------------------------------------------------------------------------------
def _summary_case(build, *args, **kwargs):
    def case(paddle, np):
        with paddle.utils.unique_name.guard():
            net = build(paddle)
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            info = paddle.summary(net, *args, **kwargs)
        return buffer.getvalue(), info["total_params"], info["trainable_params"]
    return case


def _lenet(paddle):
    return paddle.vision.models.LeNet()


def _two_inputs(paddle):
    class Two(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.a = paddle.nn.Linear(4, 3)
            self.b = paddle.nn.Linear(5, 3)
            self.bn = paddle.nn.BatchNorm1D(3)
            self.bn.weight.stop_gradient = True

        def forward(self, x, y):
            return self.bn(self.a(x)), self.b(y)
    return Two()


def _non_tensor_output(paddle):
    class Outer(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc = paddle.nn.Linear(3, 4)

        def forward(self, x):
            return self.fc(x), 3
    return Outer()


CASES["summary_lenet"] = _summary_case(_lenet, (1, 1, 28, 28))
CASES["summary_two_inputs"] = _summary_case(_two_inputs, [(2, 4), (2, 5)])
CASES["summary_batch_none"] = _summary_case(lambda paddle: paddle.nn.Linear(3, 2), (None, 3))
CASES["summary_int_size"] = _summary_case(lambda paddle: paddle.nn.Linear(3, 2), 3)
CASES["summary_non_tensor_output"] = _summary_case(_non_tensor_output, input_size=(-1, 3))
CASES["summary_int64_embedding"] = _summary_case(lambda paddle: paddle.nn.Embedding(10, 3),
                                                 (3, 1), dtypes="int64")


def summary_given_input(paddle, np):
    with paddle.utils.unique_name.guard():
        net = _lenet(paddle)
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        info = paddle.summary(net, input=paddle.ones([2, 1, 28, 28]))
    return buffer.getvalue(), info["total_params"]


CASES["summary_given_input"] = summary_given_input


def summary_two_unknown_dims_raises(paddle, np):
    paddle.summary(paddle.nn.Linear(3, 2), (-1, -1))


def summary_nothing_raises(paddle, np):
    paddle.summary(paddle.nn.Linear(3, 2))


# ---- argument errors ----------------------------------------------------------------------------
def input_spec_without_name_raises(paddle, np):
    from paddle.static import InputSpec
    paddle.Model(_net(paddle, np), [InputSpec([None, 4], "float32")])


def prepare_bad_loss_raises(paddle, np):
    paddle.Model(_net(paddle, np)).prepare(loss=3)


def _amp_raises(configs):
    def case(paddle, np):
        model = paddle.Model(_net(paddle, np))
        model.prepare(paddle.optimizer.SGD(0.1, parameters=model.parameters()),
                      amp_configs=configs)
    return case


def lr_scheduler_both_raises(paddle, np):
    paddle.callbacks.LRScheduler(by_step=True, by_epoch=True)


def reduce_lr_factor_raises(paddle, np):
    paddle.callbacks.ReduceLROnPlateau(factor=1.5)


CASES.update({f.__name__: f for f in [summary_two_unknown_dims_raises, summary_nothing_raises,
                                      input_spec_without_name_raises, prepare_bad_loss_raises,
                                      lr_scheduler_both_raises, reduce_lr_factor_raises]})
CASES["amp_bad_level_raises"] = _amp_raises("O3")
CASES["amp_bad_dict_level_raises"] = _amp_raises({"level": "O4"})
CASES["amp_unknown_key_raises"] = _amp_raises({"level": "O1", "foo": 1})
CASES["amp_pure_fp16_key_raises"] = _amp_raises({"use_pure_fp16": True})
