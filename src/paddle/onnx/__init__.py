"""paddle.onnx: export to ONNX, checked by onnx.checker and runnable by onnxruntime.

`export` takes a Layer (or function) through to_static, as Paddle's does; `convert` takes Paddle
inference model files, as paddle2onnx does (also `python -m paddle.onnx MODEL_PREFIX OUT.onnx`).
Both need the `onnx` package (the `onnx` extra)."""
from .api import export
from .model_files import convert

__all__ = ["convert", "export"]
