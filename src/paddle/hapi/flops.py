"""paddle.flops: count a network's floating-point operations by running it once on a random
input, with one counting rule per leaf layer type (Paddle's rules; others count zero unless
given in `custom_ops`), and print the per-layer table and the totals."""
from __future__ import annotations

import contextlib
import types
import warnings

import numpy as np

from .. import nn
from .._core.autograd.grad_mode import no_grad
from ..jit.api import StaticFunction
from ..tensor.creation import zeros
from ..tensor.random import randn
from ._batches import eager
from ._flops_table import Table

__all__ = ["flops"]


def count_convNd(m, x, y):
    kernel_ops = np.prod(m.weight.shape[2:])
    bias_ops = 1 if m.bias is not None else 0
    total_ops = int(y.numel()) * (x[0].shape[1] / m._groups * kernel_ops + bias_ops)
    m.total_ops += abs(int(total_ops))


def count_leaky_relu(m, x, y):
    m.total_ops += int(x[0].numel())


def count_bn(m, x, y):
    m.total_ops += abs(int(2 * x[0].numel()))  # counted in eval mode: scale and shift


def count_linear(m, x, y):
    m.total_ops += abs(int(m.weight.shape[0] * y.numel()))


def count_avgpool(m, x, y):
    m.total_ops += int(y.numel())


def count_adap_avgpool(m, x, y):
    kernel = np.array(x[0].shape[2:]) // np.array(y.shape[2:])
    m.total_ops += abs(int((np.prod(kernel) + 1) * y.numel()))


def count_zero_ops(m, x, y):
    m.total_ops += 0


register_hooks = {
    nn.Conv1D: count_convNd, nn.Conv2D: count_convNd, nn.Conv3D: count_convNd,
    nn.Conv1DTranspose: count_convNd, nn.Conv2DTranspose: count_convNd,
    nn.Conv3DTranspose: count_convNd,
    nn.BatchNorm2D: count_bn, nn.BatchNorm: count_bn,
    nn.ReLU: count_zero_ops, nn.ReLU6: count_zero_ops, nn.Dropout: count_zero_ops,
    nn.LeakyReLU: count_leaky_relu,
    nn.Linear: count_linear,
    nn.AvgPool1D: count_avgpool, nn.AvgPool2D: count_avgpool, nn.AvgPool3D: count_avgpool,
    nn.AdaptiveAvgPool1D: count_adap_avgpool, nn.AdaptiveAvgPool2D: count_adap_avgpool,
    nn.AdaptiveAvgPool3D: count_adap_avgpool,
}


def _is_leaf(layer) -> bool:
    return next(iter(layer.children()), None) is None


class _Counter:
    """Hooks that count each leaf layer's ops (into its `total_ops` buffer, which custom
    counting functions add to), parameters and input/output shapes."""

    def __init__(self, model, custom_ops):
        self.custom_ops = custom_ops
        self.seen_types = set()
        self.handles = []
        self.info = {}
        model.apply(self._add_hooks)

    def _counting_fn(self, layer_type):
        announce = layer_type not in self.seen_types
        if layer_type in self.custom_ops:
            message = f"Customize Function has been applied to {layer_type}"
            fn = self.custom_ops[layer_type]
        elif layer_type in register_hooks:
            message = f"{layer_type}'s flops has been counted"
            fn = register_hooks[layer_type]
        else:
            message = (f"Cannot find suitable count function for {layer_type}. Treat it as "
                       "zero FLOPs.")
            fn = None
        if announce:
            print(message)
        return fn

    def _add_hooks(self, layer) -> None:
        if not _is_leaf(layer):
            return
        layer.register_buffer("total_ops", zeros([1], dtype="int64"))
        fn = self._counting_fn(type(layer))
        if fn is not None:
            self.handles.append(layer.register_forward_post_hook(fn))
        self.handles.append(layer.register_forward_post_hook(self._record))
        self.seen_types.add(type(layer))

    def _record(self, layer, inputs, outputs):
        first_out = outputs[0] if isinstance(outputs, (list, tuple)) else outputs
        self.info[id(layer)] = {
            "params": sum(int(p.numel()) for p in layer.parameters()),
            "input_shape": list(inputs[0].shape), "output_shape": list(first_out.shape)}

    def finish(self, model) -> Table:
        """Remove the hooks and buffers; the per-layer table (layers that ran)."""
        for handle in self.handles:
            handle.remove()
        table = Table(["Layer Name", "Input Shape", "Output Shape", "Params", "Flops"])
        for _, layer in model.named_sublayers(include_self=True):
            if "total_ops" not in layer._buffers:
                continue
            ops = int(layer._buffers.pop("total_ops").numpy().reshape(-1)[0])
            info = self.info.get(id(layer))
            if info is not None:
                table.add_row([layer.full_name(), info["input_shape"], info["output_shape"],
                               info["params"], ops])
        return table


@contextlib.contextmanager
def _eager_forward(net):
    """Run the network's own forward, not its to_static wrapper (counting needs the eager
    layers to run)."""
    forward = net.__dict__.get("forward")
    if not isinstance(forward, StaticFunction):
        yield
        return
    net.__dict__["forward"] = types.MethodType(forward.dygraph_function, net)
    try:
        yield
    finally:
        net.__dict__["forward"] = forward


def dynamic_flops(model, inputs, custom_ops=None, print_detail=False) -> int:
    """Run `model` on `inputs` once, counting ops per leaf layer; print the totals (and the
    table with print_detail); return the total."""
    counter = _Counter(model, custom_ops or {})
    training = model.training
    model.eval()
    try:
        with no_grad(), eager():
            model(inputs)
    finally:
        table = counter.finish(model)
        if training:
            model.train()
    total_ops = sum(row[4] for row in table.data)
    total_params = sum(row[3] for row in table.data)
    if print_detail:
        table.print_table()
    print(f"Total Flops: {total_ops}     Total Params: {total_params}")
    return total_ops


def flops(net, input_size, custom_ops=None, print_detail=False):
    """FLOPs of `net` (a paddle.nn.Layer) on one random input of `input_size`, with Paddle's
    counting rules per layer type (Conv*, BatchNorm2D, Linear, AvgPool*, AdaptiveAvgPool*,
    LeakyReLU; ReLU, ReLU6 and Dropout count zero, other layers zero with a notice).
    `custom_ops` maps a layer class to fn(layer, inputs, output) that adds to
    `layer.total_ops`. Prints 'Total Flops: ... Total Params: ...' (and the per-layer table
    with print_detail) and returns the total.

    Example:
        >>> import paddle
        >>> net = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU())
        >>> paddle.flops(net, [1, 4])  # doctest: +ELLIPSIS
        <class 'paddle.nn.layer.common.Linear'>'s flops has been counted
        <class 'paddle.nn.layer.activation.ReLU'>'s flops has been counted
        Total Flops: 32     Total Params: 40
        32
    """
    if not isinstance(net, nn.Layer):
        from ..static.program import Program
        if isinstance(net, Program):
            raise NotImplementedError("(flops) counting the FLOPs of a paddle.static.Program is "
                                      "not supported yet; pass the paddle.nn.Layer instead")
        warnings.warn("Your model must be an instance of paddle.nn.Layer or "
                      "paddle.static.Program.", stacklevel=2)
        return -1
    with eager():
        inputs = randn(input_size)
    with _eager_forward(net):
        return dynamic_flops(net, inputs, custom_ops=custom_ops, print_detail=print_detail)
