"""paddle.summary: run a network once on dummy inputs and print Paddle's layer table (layer,
input and output shapes, parameter counts) with the parameter totals and size estimates."""
from __future__ import annotations

import numbers
import warnings

from .. import _static_mode
from .._core.autograd.grad_mode import no_grad
from .._core.tensor import Tensor
from ..nn.layer.container import LayerList, Sequential
from ..static.input_spec import InputSpec
from ..tensor.random import rand
from ._batches import eager
from ._summary_table import LayerRecorder, format_table


def _sizes_of_input(input):
    if isinstance(input, Tensor):
        return tuple(input.shape)
    if isinstance(input, (list, tuple)):
        return [tuple(x.shape) for x in input]
    if isinstance(input, dict):
        return [tuple(x.shape) for x in input.values()]
    raise ValueError("Input is not tensor, list, tuple and dict, unable to determine "
                     "input_size, please input input_size.")


def _normalized_sizes(input_size):
    """InputSpecs and bare ints as shape tuples."""
    if isinstance(input_size, InputSpec):
        return tuple(input_size.shape)
    if isinstance(input_size, int):
        return (input_size,)
    if not isinstance(input_size, list):
        return input_size
    sizes = []
    for item in input_size:
        item = (item,) if isinstance(item, int) else item
        if not isinstance(item, (tuple, InputSpec)):
            raise TypeError(f"(summary) When input_size is list, expect item in input_size is "
                            f"a tuple or InputSpec, but got {type(item)}")
        sizes.append(tuple(item.shape) if isinstance(item, InputSpec) else item)
    return sizes


def _is_shape(size) -> bool:
    return not any(isinstance(item, (list, tuple)) for item in size)


def _checked_shape(shape) -> tuple:
    """The shape with its one unknown (None or -1) batch dim set to 1."""
    unknown = 0
    dims = []
    for dim in shape:
        if dim is None or (isinstance(dim, numbers.Number) and dim == -1):
            unknown += 1
            if unknown > 1:
                raise ValueError("Option input_size only the dim of batch_size can be None or "
                                 "-1.")
            dim = 1
        elif not isinstance(dim, numbers.Integral) or isinstance(dim, bool):
            raise TypeError(f"(summary) input_size dims must be int, None or -1, but got "
                            f"{dim!r} in {shape}")
        elif dim <= 0:
            raise ValueError(f"Expected element in input size greater than zero, but got {dim}")
        dims.append(dim)
    return tuple(dims)


def _checked_sizes(size):
    if isinstance(size, (list, tuple)) and _is_shape(size):
        return _checked_shape(size)
    return [_checked_sizes(item) for item in size]


def summary(net, input_size=None, dtypes=None, input=None):
    """Print a table of the layers of `net` run on inputs of `input_size` (a shape tuple, an
    InputSpec, or a list of them for several inputs; one dim may be None/-1 for the batch) or
    on the given `input` tensors, and return {'total_params': n, 'trainable_params': m}.

    Example:
        >>> import paddle
        >>> net = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU())
        >>> info = paddle.summary(net, (1, 4))  # doctest: +ELLIPSIS
        ---------------------------------------------------------------------------
         Layer (type)       Input Shape          Output Shape         Param #
        ===========================================================================
        ...
        >>> int(info["total_params"])
        40
    """
    if input_size is None and input is None:
        raise ValueError("input_size and input cannot be None at the same time")
    if input_size is None:
        input_size = _sizes_of_input(input)
    sizes = _checked_sizes(_normalized_sizes(input_size))
    if _static_mode.enabled:
        warnings.warn("Your model was created in static graph mode, this may not get correct "
                      "summary information!", stacklevel=2)
    was_training = net.training
    if was_training:
        net.eval()
    try:
        with eager():
            table, params_info = summary_string(net, sizes, dtypes, input)
    finally:
        if was_training:
            net.train()
    print(table)
    return params_info


def _build_dtypes(size, dtype):
    if isinstance(size, (list, tuple)) and all(isinstance(d, numbers.Number) for d in size):
        return [dtype or "float32"]
    return [_build_dtypes(item, dtype) for item in size]


def _build_input(size, dtypes):
    if isinstance(size, (list, tuple)) and all(isinstance(d, numbers.Number) for d in size):
        dtype = dtypes[0] if isinstance(dtypes, (list, tuple)) else dtypes
        return rand(list(size)).astype(dtype)
    return [_build_input(item, dtype) for item, dtype in zip(size, dtypes)]


@no_grad()
def summary_string(model, input_size=None, dtypes=None, input=None):
    """(table text, {'total_params', 'trainable_params'}) for `model` on `input_size`."""
    if not isinstance(dtypes, (list, tuple)):
        dtypes = _build_dtypes(input_size, dtypes)
    if isinstance(input_size, tuple):
        input_size = [input_size]
    recorder = LayerRecorder(model, skip=(Sequential, LayerList))
    try:
        if input is not None:
            model(input)
        else:
            model(*_build_input(input_size, dtypes))
    finally:
        recorder.remove()
    return format_table(recorder.records, input_size)
