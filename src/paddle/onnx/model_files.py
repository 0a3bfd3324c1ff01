"""paddle.onnx.convert: Paddle inference model files (`.json` or `.pdmodel` + `.pdiparams`) to
ONNX, the job paddle2onnx does. The program is read by the loaders every Feijiang reader uses,
traced through the op converters (as the inference engine does) with the feeds' declared
shapes, `-1` dims kept dynamic, and lowered like an exported Layer."""
from __future__ import annotations

import os

from .api import PADDLE_DEFAULT_OPSET, _save, resolve_opset, to_onnx


def trace_model_files(model_prefix: str, input_shapes: dict | None = None):
    """(IR program, input Values, output Values, output names) of the model at
    `model_prefix`; `input_shapes` ({feed name: shape}) replaces declared feed shapes."""
    from .._core.tracing import Tracer, is_symbolic
    from ..jit.serialization.builder import ForeignRunner
    from ..jit.serialization.load import inference_model_paths, read_parameters, read_program
    from ..jit.serialization.translated_layer import make_parameters
    model_path, params_path = inference_model_paths(os.fspath(model_prefix), {})
    foreign, table = read_program(model_path)
    parameters = make_parameters(foreign, read_parameters(foreign, params_path))
    shapes = dict(input_shapes or {})
    unknown = sorted(set(shapes) - {feed.name for feed in foreign.feeds})
    if unknown:
        raise ValueError(f"(paddle.onnx.convert) input_shapes names {unknown}, but the model's "
                         f"inputs are {[feed.name for feed in foreign.feeds]}")
    tracer = Tracer()
    with tracer:
        inputs = [tracer.input(list(shapes.get(feed.name, feed.meta.shape)), feed.meta.dtype,
                               feed.name) for feed in foreign.feeds]
        try:
            outputs = ForeignRunner(foreign, table).run(inputs, parameters)
        except (ValueError, RuntimeError) as exc:
            raise ValueError(f"(paddle.onnx.convert) {model_path} cannot be traced with input "
                             f"shapes {[list(t.shape) for t in inputs]}: {exc}. Give static "
                             "sizes for the dims it needs (input_shapes, or --input-shape "
                             "NAME:D0,D1,... on the command line)") from exc
        outputs = [o if is_symbolic(o) else tracer.bind(o) for o in outputs]
    values = [t._data.value for t in inputs], [o._data.value for o in outputs]
    return tracer.program, values[0], values[1], foreign.output_names()


def convert(model_prefix, save_file, input_shapes=None, opset_version=PADDLE_DEFAULT_OPSET,
            enable_onnx_checker=True):
    """Convert the Paddle inference model at `model_prefix` (`prefix.json` or
    `prefix.pdmodel`, with `prefix.pdiparams`) into the ONNX file `save_file`.

    Example:
        >>> import paddle
        >>> net = paddle.nn.Linear(4, 2)
        >>> spec = [paddle.static.InputSpec([None, 4], "float32", "x")]
        >>> paddle.jit.save(net, "/tmp/feijiang_doc_convert/linear", input_spec=spec)
        >>> paddle.onnx.convert("/tmp/feijiang_doc_convert/linear",
        ...                     "/tmp/feijiang_doc_convert/linear.onnx", opset_version=13)
        >>> import os
        >>> os.path.exists("/tmp/feijiang_doc_convert/linear.onnx")
        True
    """
    opset = resolve_opset(opset_version)
    program, inputs, outputs, names = trace_model_files(model_prefix, input_shapes)
    _save(to_onnx(program, inputs, outputs, names, opset, enable_onnx_checker),
          os.fspath(save_file))
