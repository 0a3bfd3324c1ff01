"""The records and the table of paddle.summary: one row per layer run (containers and the
model itself excluded, unless the model has no sublayers), in the order layers finish."""
from __future__ import annotations

import numbers
from collections import OrderedDict

import numpy as np

from .._core.tensor import Tensor

_MB = 1024 ** 2.0


def _input_shapes(value):
    if isinstance(value, Tensor):
        return list(value.shape)
    if isinstance(value, (list, tuple)):
        return [_input_shapes(item) for item in value]
    return None


def _output_shapes(value):
    if isinstance(value, (list, tuple)):
        return [_output_shapes(item) for item in value]
    if hasattr(value, "shape"):
        return list(value.shape)
    return []


def _row_name(layer, records) -> str:
    try:
        index = int(layer._full_name.split("_")[-1])
    except ValueError:
        index = len(records)
    return f"{type(layer).__name__}-{index + 1}"


def _param_counts(layer) -> dict:
    """Parameter count of the layer's own parameters, and how many of them train."""
    record = {"nb_params": 0, "trainable_params": 0}
    for param in layer._parameters.values():
        if param is None:
            continue
        size = np.prod(param.shape)
        record["nb_params"] += size
        if getattr(param, "trainable", True) and not param.stop_gradient:
            record["trainable_params"] += size
            record["trainable"] = True
        elif not record.get("trainable"):
            record["trainable"] = False
    return record


class LayerRecorder:
    """Forward post-hooks on the model's layers that record each layer's row."""

    def __init__(self, model, skip: tuple):
        self.records = OrderedDict()
        self._handles = []
        depth = len(model.sublayers())

        def wanted(layer) -> bool:
            if not isinstance(layer, skip) and (layer is not model or depth < 1):
                return True
            return bool(getattr(layer, "could_use_cudnn", False))

        def register(layer):
            if wanted(layer):
                self._handles.append(layer.register_forward_post_hook(self._record))

        model.apply(register)

    def _record(self, layer, inputs, outputs):
        record = OrderedDict(input_shape=_input_shapes(inputs),
                             output_shape=_output_shapes(outputs))
        record.update(_param_counts(layer))
        self.records[_row_name(layer, self.records)] = record

    def remove(self) -> None:
        for handle in self._handles:
            handle.remove()


def _widths(records) -> dict:
    widths = {"layer": 15, "input": 20, "output": 20, "params": 15}
    for name, record in records.items():
        widths["layer"] = max(widths["layer"], len(name))
        widths["input"] = max(widths["input"], len(str(record["input_shape"])))
        widths["output"] = max(widths["output"], len(str(record["output_shape"])))
        widths["params"] = max(widths["params"], len(str(record["nb_params"])))
    widths["table"] = max(75, sum(widths.values()) + 5)
    return widths


def _row(cells, widths) -> str:
    keys = ("layer", "input", "output", "params")
    return " ".join(f"{cell:^{widths[key]}}" for cell, key in zip(cells, keys))


def _output_elements(shape) -> float:
    """Elements of a layer's output(s), counted as Paddle counts them."""
    try:
        return np.sum(np.prod(shape, axis=-1))
    except ValueError:
        return sum(np.sum(np.prod(item, axis=-1)) for item in shape)


def _input_megabytes(size) -> float:
    if isinstance(size, (list, tuple)) and all(isinstance(d, numbers.Number) for d in size):
        return abs(np.prod(size) * 4.0 / _MB)
    return sum(_input_megabytes(item) for item in size)


def format_table(records, input_size):
    """The summary text and the parameter totals."""
    widths = _widths(records)
    rule, double = "-" * widths["table"], "=" * widths["table"]
    lines = [rule, _row(("Layer (type)", "Input Shape", "Output Shape", "Param #"), widths),
             double]
    total_params, trainable_params, total_output = 0, 0, 0
    for name, record in records.items():
        lines.append(_row((name, str(record["input_shape"]), str(record["output_shape"]),
                           f"{record['nb_params']:,}"), widths))
        total_params += record["nb_params"]
        total_output += _output_elements(record["output_shape"])
        if record.get("trainable"):
            trainable_params += record["trainable_params"]
    input_mb = _input_megabytes(input_size)
    output_mb = abs(2.0 * total_output * 4.0 / _MB)  # x2: activations and their gradients
    params_mb = abs(total_params * 4.0 / _MB)
    lines += [double, f"Total params: {total_params:,}",
              f"Trainable params: {trainable_params:,}",
              f"Non-trainable params: {total_params - trainable_params:,}", rule,
              f"Input size (MB): {input_mb:0.2f}",
              f"Forward/backward pass size (MB): {output_mb:0.2f}",
              f"Params size (MB): {params_mb:0.2f}",
              f"Estimated Total Size (MB): {params_mb + output_mb + input_mb:0.2f}", rule]
    return "\n".join(lines) + "\n", {"total_params": total_params,
                                     "trainable_params": trainable_params}
