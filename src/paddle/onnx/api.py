"""paddle.onnx.export (a Layer or function, traced by to_static) and paddle.onnx.convert (Paddle
model files, as paddle2onnx converts them): both lower an IR program to an ONNX model."""
from __future__ import annotations

import os
import warnings

# Paddle's default opset; the rules start at MIN_OPSET, so lower requests are raised to it (as
# paddle2onnx upgrades the opset a model's ops need)
PADDLE_DEFAULT_OPSET = 9
SUPPORTED_CONFIGS = ("output_spec", "enable_onnx_checker")


def _graph_module():
    """The lowering machinery (it needs the `onnx` package, an optional extra)."""
    try:
        from . import graph, lowering, ops_manip, ops_math, ops_nn, ops_rnn  # noqa: F401
    except ImportError as exc:
        raise ImportError("paddle.onnx needs the `onnx` package: pip install 'feijiang[onnx]' "
                          f"(import failed: {exc})") from exc
    return graph, lowering


def resolve_opset(opset_version) -> int:
    """The opset to write for `opset_version`: 11–20 as asked, lower ones raised to 11."""
    graph, _ = _graph_module()
    if isinstance(opset_version, bool) or not isinstance(opset_version, int):
        raise TypeError(f"(paddle.onnx.export) opset_version must be an int, but received "
                        f"{type(opset_version).__name__}")
    if opset_version > graph.MAX_OPSET:
        raise ValueError(f"(paddle.onnx.export) opset_version must be at most "
                         f"{graph.MAX_OPSET}, but received {opset_version}")
    if opset_version < graph.MIN_OPSET:
        warnings.warn(f"paddle.onnx.export writes opsets {graph.MIN_OPSET}-{graph.MAX_OPSET}; "
                      f"opset_version {opset_version} is upgraded to {graph.MIN_OPSET}",
                      stacklevel=3)
        return graph.MIN_OPSET
    return opset_version


def to_onnx(program, inputs: list, outputs: list, output_names: list, opset: int,
            check: bool = True):
    """The ModelProto computing `outputs` (Values of `program`) from the data `inputs`."""
    graph, lowering = _graph_module()
    g = graph.OnnxGraph(opset)
    lowering.lower(g, program, inputs, outputs, output_names)
    return g.to_model(check)


def _check_configs(configs: dict) -> None:
    for key in configs:
        if key not in SUPPORTED_CONFIGS:
            raise ValueError(f"The additional config ({key}) of `paddle.onnx.export` is not "
                             "supported.")


def _save(model, save_file: str) -> None:
    import onnx
    directory = os.path.dirname(save_file)
    if directory:
        os.makedirs(directory, exist_ok=True)
    onnx.save(model, save_file)


def export(layer, path, input_spec=None, opset_version=PADDLE_DEFAULT_OPSET, **configs):
    """Export a Layer (or function) to ONNX: `path + ".onnx"`, runnable by onnxruntime.

    The layer is converted by to_static with `input_spec` (a `None` dim becomes a symbolic
    ONNX dim), its program lowered to ONNX nodes in inference form (batch norm on its running
    statistics, dropout as the identity) with the parameters as initializers. Configs:
    `output_spec` (positions of the outputs to keep), `enable_onnx_checker` (default True).

    Example:
        >>> import paddle
        >>> net = paddle.nn.Linear(4, 2)
        >>> spec = [paddle.static.InputSpec([None, 4], "float32", "x")]
        >>> paddle.onnx.export(net, "/tmp/feijiang_doc_onnx/linear", spec, opset_version=13)
        >>> import os
        >>> os.path.exists("/tmp/feijiang_doc_onnx/linear.onnx")
        True
    """
    from ..jit.serialization.save import _concrete, _select_outputs
    _check_configs(configs)
    if not os.path.basename(os.fspath(path)):
        raise ValueError("The input path MUST be format of dirname/file_prefix [dirname\\"
                         f"file_prefix in Windows system], but the file_prefix is empty in "
                         f"received path: {path}")
    opset = resolve_opset(opset_version)
    concrete, _owner = _concrete(layer, input_spec)
    outputs = _select_outputs(list(concrete.outputs), configs.get("output_spec"))
    names = [f"fetch_name_{i}" for i in range(len(outputs))]
    model = to_onnx(concrete.main_program, concrete.inputs, outputs, names, opset,
                    configs.get("enable_onnx_checker", True))
    _save(model, f"{os.fspath(path)}.onnx")
