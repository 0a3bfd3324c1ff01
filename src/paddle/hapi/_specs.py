"""The `inputs`/`labels` descriptions of paddle.Model: lists of named InputSpecs, filled in from
the network's forward() arguments (and the first batch's shapes) when the user gives none."""
from __future__ import annotations

import inspect

from ..static.input_spec import InputSpec


def to_list(value):
    """None stays None; a list/tuple becomes a list; anything else a one-item list."""
    if value is None:
        return value
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


def forward_arg_names(network) -> list:
    """Names of the network's positional forward() arguments (without self)."""
    return [name for name, param in inspect.signature(network.forward).parameters.items()
            if param.kind in (param.POSITIONAL_ONLY, param.POSITIONAL_OR_KEYWORD)]


def input_info(inputs):
    """(shapes, dtypes) of an InputSpec, a list/tuple or a dict of specs or arrays; None for
    anything else."""
    if isinstance(inputs, InputSpec):
        return [list(inputs.shape)], [inputs.dtype]
    if isinstance(inputs, (list, tuple)):
        return [list(x.shape) for x in inputs], [x.dtype for x in inputs]
    if isinstance(inputs, dict):
        return [list(x.shape) for x in inputs.values()], [x.dtype for x in inputs.values()]
    return None


def verify_spec(network, specs, shapes=None, dtypes=None, is_input=False):
    """The specs as a list of named InputSpecs. With no specs, inputs default to one spec per
    forward() argument (with the observed shapes and dtypes when known); labels stay None."""
    if specs is None:
        if not is_input:
            return None
        names = forward_arg_names(network)
        if shapes is not None and dtypes is not None:
            return [InputSpec(shape=shape, dtype=dtype, name=n)
                    for n, shape, dtype in zip(names, shapes, dtypes)]
        return [InputSpec(name=n, shape=[None]) for n in names]
    if isinstance(specs, dict):
        names = forward_arg_names(network) if is_input else list(specs)
        specs = [specs[n] for n in names if n in specs]
    specs = to_list(specs)
    for i, spec in enumerate(specs):
        if not isinstance(spec, InputSpec):
            kind = "inputs" if is_input else "labels"
            raise TypeError(f"(Model) '{kind}' must be InputSpec(s), but item {i} is "
                            f"{type(spec).__name__}")
        if spec.name is None:
            raise ValueError(f"Requires Input[{i}].name != None, but receive `None` with "
                             f"{spec}.")
    return specs
