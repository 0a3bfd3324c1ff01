"""The data side of paddle.Model's loops: loaders built from datasets, and one pass over a
loader that runs each batch and reports to the callbacks."""
from __future__ import annotations

from ..io import DataLoader, Dataset, DistributedBatchSampler, IterableDataset
from ._specs import to_list


def make_loader(data, batch_size: int, shuffle: bool = False, drop_last: bool = False,
                num_workers: int = 0):
    """A DataLoader over a Dataset (shuffled per epoch as Paddle's DistributedBatchSampler
    does); a DataLoader or any other iterable of batches is used as it is."""
    if isinstance(data, IterableDataset):
        return DataLoader(data, batch_size=batch_size, drop_last=drop_last,
                          num_workers=num_workers)
    if isinstance(data, Dataset):
        sampler = DistributedBatchSampler(data, batch_size=batch_size, shuffle=shuffle,
                                          drop_last=drop_last)
        return DataLoader(data, batch_sampler=sampler, num_workers=num_workers)
    return data


def loader_length(loader):
    """Number of batches, or None when the loader cannot tell."""
    try:
        return len(loader)
    except TypeError:
        return None


def flatten_batch(data) -> list:
    """A batch as a flat list: [x, y], ([x1, x2], [y]) and (x, y) all become [x..., y...]."""
    if isinstance(data, (list, tuple)):
        flat = []
        for item in data:
            flat.extend(flatten_batch(item))
        return flat
    if isinstance(data, dict):
        return flatten_batch(list(data.values()))
    return [data]


def _batch_size(first) -> int:
    shape = first.shape() if callable(first.shape) else first.shape
    return int(shape[0]) if len(shape) else 1


def _run_step(model, mode: str, data: list, step: int, num_steps):
    """Run one train/eval batch; returns the values to log, in the metric-name order."""
    count = len(model._inputs) if model._inputs is not None else len(data)
    inputs, labels = data[:count], data[count:]
    if mode == "train":
        last = num_steps is not None and step + 1 == num_steps
        update = (step + 1) % model._accumulate == 0 or last
        outs = model.train_batch(inputs, labels, update)
    else:
        outs = model.eval_batch(inputs, labels)
    if model._metrics and model._loss:
        values = [[float(loss) for loss in outs[0]]]
    elif model._loss:
        values = [[float(loss) for loss in outs]]
    else:
        values = []
    for metric in model._metrics:
        values.extend(to_list(metric.accumulate()))
    return values


class StepBudget:
    """The `num_iters` of fit/evaluate: steps left before the run stops. As in Paddle, fit's
    evaluation steps draw on the same budget as its training steps."""

    def __init__(self, steps):
        self.left = steps

    def spend(self) -> bool:
        """Count one step; True when the budget is used up."""
        self.left -= 1
        return self.left <= 0


def run_epoch(model, loader, callbacks, mode: str, budget=None):
    """One pass over `loader` in mode 'train', 'eval' or 'predict', stopping early (and
    setting model.stop_training) when `budget` runs out. Returns the last logs and, for
    'predict', the per-batch outputs."""
    logs, outputs = {}, []
    num_steps = loader_length(loader)
    names = model._metrics_name()
    for step, batch in enumerate(loader):
        data = flatten_batch(batch)
        callbacks.on_batch_begin(mode, step, logs)
        if mode == "predict":
            count = len(model._inputs) if model._inputs is not None else len(data)
            outputs.append(model.predict_batch(data[:count]))
        else:
            values = _run_step(model, mode, data, step, num_steps)
            if len(values) != len(names):
                raise ValueError(f"(Model) {len(values)} logged values for the "
                                 f"{len(names)} names {names}: a metric's name() and "
                                 "accumulate() must have the same length")
            logs.update(zip(names, values))
        logs["step"] = step
        logs["batch_size"] = _batch_size(data[0])
        callbacks.on_batch_end(mode, step, logs)
        if budget is not None and budget.spend():
            model.stop_training = True
            break
    model._reset_metrics()
    return logs, outputs
