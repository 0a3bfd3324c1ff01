"""paddle.jit.save: convert a Layer or function with to_static and write Paddle 3.3's files:
`path.json` (PIR program) and `path.pdiparams` (its persistable tensors)."""
from __future__ import annotations

import inspect
import os

from ..._core.tensor import Tensor
from ...static.input_spec import InputSpec
from .export import export_program
from .pdiparams import save_combined

SUPPORTED_CONFIGS = ("output_spec", "with_hook", "combine_params", "clip_extra", "skip_forward",
                     "input_names_after_prune", "skip_prune_program", "separate_parameters")


def _check_configs(configs: dict) -> None:
    for key in configs:
        if key not in SUPPORTED_CONFIGS:
            raise ValueError(f"The additional config ({key}) of `paddle.jit.save` is not "
                             "supported.")
    for key in ("with_hook", "separate_parameters", "input_names_after_prune"):
        if configs.get(key):
            raise NotImplementedError(f"(jit.save) the config {key} is not supported by "
                                      "Feijiang's jit.save")


def _target(layer):
    """(python function, owning layer or None, input_spec given to to_static or None)."""
    from ...nn.layer.layers import Layer
    from ..api import StaticFunction
    if isinstance(layer, Layer):
        forward = layer.forward
        if isinstance(forward, StaticFunction):
            return forward.dygraph_function, layer, forward._input_spec
        return type(layer).forward, layer, None
    if isinstance(layer, StaticFunction):
        return layer.dygraph_function, None, layer._input_spec
    if inspect.isfunction(layer):
        return layer, None, None
    raise TypeError(f"The input of paddle.jit.save should be 'Layer' or 'Function', but "
                    f"received input type is {type(layer)}.")


def _named_specs(function, specs, bound: bool) -> list:
    """InputSpecs with Paddle's default names: the argument name, or the example tensor's."""
    params = list(inspect.signature(function).parameters)[1 if bound else 0:]
    named = []
    for i, spec in enumerate(specs):
        if isinstance(spec, Tensor):
            spec = InputSpec.from_tensor(spec)
        if not isinstance(spec, InputSpec):
            raise TypeError(f"(jit.save) input_spec items must be InputSpec or Tensor, but item "
                            f"{i} is {type(spec).__name__}")
        if spec.name is None:
            spec = InputSpec(spec.shape, spec.dtype, params[i] if i < len(params) else None,
                             spec.stop_gradient)
        named.append(spec)
    return named


def _concrete(layer, input_spec):
    from ..api import StaticFunction
    function, owner, decorated_spec = _target(layer)
    specs = input_spec if input_spec is not None else decorated_spec
    if specs is None:
        raise ValueError("(jit.save) needs input_spec (or a to_static input_spec) to know the "
                         "shapes and dtypes of the saved program's inputs")
    specs = _named_specs(function, list(specs), owner is not None)
    converted = getattr(layer, "forward", layer)
    if isinstance(converted, StaticFunction) and converted._input_spec == specs:
        return converted.concrete_program, owner  # the program to_static made, as Paddle
    return StaticFunction(function, specs, owner, full_graph=True).concrete_program, owner


def _parameter_order(owner) -> list:
    """Parameter names in creation order (the layer's state_dict order)."""
    if owner is None:
        return []
    return [t.name for t in owner.state_dict().values() if isinstance(t, Tensor)]


def _select_outputs(outputs: list, output_spec) -> list:
    if output_spec is None:
        return outputs
    chosen = []
    for item in output_spec:
        if not isinstance(item, int) or not 0 <= item < len(outputs):
            raise ValueError(f"(jit.save) output_spec holds output positions in "
                             f"[0, {len(outputs)}), but received {item!r}")
        chosen.append(outputs[item])
    return chosen


def save(layer, path, input_spec=None, **configs) -> None:
    """Save a Layer (or function) as Paddle 3.3 does: `path.json` holds the program converted
    by to_static with `input_spec`, `path.pdiparams` the parameters. Real Paddle's
    `paddle.jit.load` and Feijiang's load the result.

    Example:
        >>> import paddle
        >>> net = paddle.nn.Linear(2, 3)
        >>> paddle.jit.save(net, "/tmp/feijiang_doc_save/net",
        ...                 input_spec=[paddle.static.InputSpec([None, 2], "float32", "x")])
        >>> import os
        >>> sorted(os.listdir("/tmp/feijiang_doc_save"))
        ['net.json', 'net.pdiparams']
    """
    _check_configs(configs)
    prefix = os.path.basename(os.fspath(path))
    if not prefix:
        raise ValueError("The input path MUST be format of dirname/file_prefix [dirname\\"
                         "file_prefix in Windows system], but received file_prefix is empty "
                         "string.")
    if configs.get("skip_forward"):
        return
    concrete, owner = _concrete(layer, input_spec)
    outputs = _select_outputs(list(concrete.outputs), configs.get("output_spec"))
    exported = export_program(concrete.main_program, concrete.inputs, outputs,
                              _parameter_order(owner), inference=True)
    directory = os.path.dirname(os.fspath(path))
    if directory:
        os.makedirs(directory, exist_ok=True)
    with open(f"{path}.json", "w", encoding="utf-8") as f:
        f.write(exported.json)
    if exported.params:
        save_combined(f"{path}.pdiparams", exported.params)
