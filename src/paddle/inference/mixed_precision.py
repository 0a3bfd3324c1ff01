"""`paddle.inference.convert_to_mixed_precision`: rewrite a float32 inference model so that it
runs in float16 or bfloat16, as Paddle's GPU build converts it.

Paddle's pipeline, reproduced on its files: constant folding, the automatic mixed-precision
pass (see inference/_mixed/precision_pass.py for the rules), identity-op cleaning, then the
program and the parameters (low-precision weights) written to the new files. Real Paddle's CPU
build cannot do this (no GPU kernels, so it leaves every op in float32); Feijiang converts the
model on any machine, and the files load back here and in real Paddle."""
from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

from ..jit.serialization import pdiparams
from ..jit.serialization.op_map import LEGACY_OPS
from ._mixed.cleanup import clean_identity_ops, fold_constants
from ._mixed.graph import BF16, FP16
from ._mixed.precision_pass import auto_mixed_precision
from .enums import PaddlePlace, Precision

_PRECISION_CODES = {Precision.Half: FP16, Precision.Bfloat16: BF16}
_PRECISION_NAMES = {Precision.Float32: "float32", Precision.Int8: "int8",
                    Precision.Half: "float16", Precision.Bfloat16: "bfloat16"}


def convert_to_mixed_precision(model_file: str, params_file: str, mixed_model_file: str,
                               mixed_params_file: str, mixed_precision: Precision,
                               backend: PaddlePlace, keep_io_types: bool = True,
                               black_list: set = set(), **kwargs) -> None:  # noqa: B006
    """Convert a float32 model (`.pdmodel` or PIR `.json`, with its `.pdiparams`) to a
    mixed-precision model. A PIR program (which Paddle itself cannot convert) is written as
    a PIR program: give `mixed_model_file` a `.json` name.

    Args:
        model_file: the float32 program, e.g. inference.pdmodel.
        params_file: its parameters, e.g. inference.pdiparams ("" when it has none).
        mixed_model_file: where to write the converted program.
        mixed_params_file: where to write the converted parameters ("": beside the model).
        mixed_precision: PrecisionType.Half or PrecisionType.Bfloat16.
        backend: the device the model will run on: PlaceType.GPU (XPU and CUSTOM take
            float16 only; CPU is refused, as in Paddle).
        keep_io_types: keep the inputs and outputs float32 (casts at entry and exit).
        black_list: op types that stay float32.
        kwargs: `white_list`, op types converted even where Paddle would not.

    Example:
        >>> import paddle
        >>> from paddle import inference
        >>> net = paddle.nn.Sequential(paddle.nn.Conv2D(3, 4, 3), paddle.nn.BatchNorm2D(4),
        ...                            paddle.nn.ReLU(), paddle.nn.Flatten(),
        ...                            paddle.nn.Linear(144, 2))
        >>> _ = net.eval()
        >>> folder = "/tmp/feijiang_doc_mixed"
        >>> paddle.jit.save(net, f"{folder}/net",
        ...                 input_spec=[paddle.static.InputSpec([None, 3, 8, 8], "float32", "x")])
        >>> inference.convert_to_mixed_precision(
        ...     f"{folder}/net.json", f"{folder}/net.pdiparams", f"{folder}/half/net.json",
        ...     f"{folder}/half/net.pdiparams", inference.PrecisionType.Half,
        ...     inference.PlaceType.GPU)
        >>> config = inference.Config(f"{folder}/half/net.json", f"{folder}/half/net.pdiparams")
        >>> predictor = inference.create_predictor(config)
        >>> x = paddle.rand([2, 3, 8, 8])
        >>> (y,) = predictor.run([x])
        >>> print(y.dtype, bool((y - net(x)).abs().max() < 1e-2))
        paddle.float32 True
    """
    low = _low_precision(mixed_precision, backend)
    white_list = kwargs.pop("white_list", set())
    if kwargs:
        raise TypeError("convert_to_mixed_precision() got an unexpected keyword argument "
                        f"'{next(iter(kwargs))}' (the only extra one is 'white_list')")
    paths = [_path(p, n) for p, n in ((model_file, "model_file"), (params_file, "params_file"),
                                      (mixed_model_file, "mixed_model_file"),
                                      (mixed_params_file, "mixed_params_file"))]
    _check_type(keep_io_types, bool, "keep_io_types", "bool")
    _check_op_set(black_list, "black_list")
    _check_op_set(white_list, "white_list")
    _convert(*paths, low, keep_io_types, black_list, white_list)


def _low_precision(mixed_precision, backend) -> int:
    """The data type code to convert to, with Paddle's checks of precision and backend."""
    _check_type(mixed_precision, Precision, "mixed_precision", "paddle.inference.PrecisionType")
    _check_type(backend, PaddlePlace, "backend", "paddle.inference.PlaceType")
    if backend == PaddlePlace.UNK:
        raise ValueError("(InvalidArgument) Paddle Inference not support backend, we now only "
                         "support GPU, XPU and CPU.")
    if backend == PaddlePlace.CPU:
        raise ValueError("(InvalidArgument) mixed_precision currently not supported place GPU "
                         "or XPU or CUSTOM, not support CPU.")
    allowed = (Precision.Half, Precision.Bfloat16) if backend == PaddlePlace.GPU \
        else (Precision.Half,)
    if mixed_precision not in allowed:
        raise ValueError(f"(InvalidArgument) mixed_precision of {backend.name} currently only "
                         "supported fp16 and bf16, not support "
                         f"{_PRECISION_NAMES[mixed_precision]}.")
    if backend == PaddlePlace.CUSTOM:
        raise RuntimeError("(Unavailable) No custom device is registered: cannot enable "
                           "custom_device_mixed.")
    return _PRECISION_CODES[mixed_precision]


def _check_type(value, kind, name: str, expected: str) -> None:
    if not isinstance(value, kind):
        raise TypeError(f"convert_to_mixed_precision(): incompatible function arguments: "
                        f"{name} must be {expected}, but received {type(value).__name__}")


def _check_op_set(value, name: str) -> None:
    _check_type(value, (set, frozenset), name, "a set of op types (str)")
    if not all(isinstance(v, str) for v in value):
        raise TypeError(f"convert_to_mixed_precision(): incompatible function arguments: "
                        f"{name} must be a set of op types (str), but holds "
                        f"{sorted({type(v).__name__ for v in value})}")


def _path(value, name: str) -> str:
    _check_type(value, (str, os.PathLike), name, "str")
    return os.fspath(value)


@dataclass
class _ModelFormat:
    read: Callable      # path -> (the file's document, its Graph)
    write: Callable     # (document, graph, path) -> None
    prepared: bool      # constant folding before the precision pass, identity cleaning after


def _model_format(model_file: str, mixed_model_file: str) -> _ModelFormat:
    """Legacy ProgramDesc, or PIR JSON (which Paddle cannot convert; Feijiang can)."""
    with open(model_file, "rb") as f:
        is_pir = model_file.endswith(".json") or f.read(64).lstrip()[:1] == b"{"
    if not is_pir:
        from ._mixed.legacy import read_legacy, write_program
        return _ModelFormat(read_legacy, write_program, True)
    if not mixed_model_file.endswith(".json"):
        raise ValueError(f"(InvalidArgument) {model_file} is a PIR program: the converted "
                         f"program must be a .json file too, but mixed_model_file is "
                         f"{mixed_model_file}")
    from ._mixed.pir import read_pir, write_pir
    return _ModelFormat(read_pir, write_pir, False)


def _convert(model_file, params_file, mixed_model_file, mixed_params_file, low,
             keep_io_types, black_list, white_list) -> None:
    if not os.path.isfile(model_file):
        raise RuntimeError(f"(Unavailable) Failed to open file {model_file}.")
    model_format = _model_format(model_file, mixed_model_file)
    document, graph = model_format.read(model_file)
    graph.params = _read_params(params_file, graph.stored_names(), model_file)
    if model_format.prepared:
        fold_constants(graph, LEGACY_OPS)
    auto_mixed_precision(graph, low, keep_io_types, black_list, white_list)
    if model_format.prepared:
        clean_identity_ops(graph)
    params_out = mixed_params_file or _beside(mixed_model_file)
    for path in (mixed_model_file, params_out):
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    model_format.write(document, graph, mixed_model_file)
    pdiparams.save_combined(params_out, {n: graph.params[n] for n in graph.stored_names()})


def _read_params(params_file: str, names: list, model_file: str) -> dict:
    if not names:
        return {}
    if not params_file or not os.path.isfile(params_file):
        raise RuntimeError(f"(Unavailable) LoadCombine operator fails to open file "
                           f"{params_file}, please check whether the model file is complete "
                           f"or damaged (the program {model_file} reads {len(names)} "
                           "persistable variables).")
    return pdiparams.load_combined(params_file, names)


def _beside(model_file: str) -> str:
    """Paddle's parameters path when none is given: the model's, ending in .pdiparams."""
    stem, suffix = os.path.splitext(model_file)
    return stem + ".pdiparams" if suffix in (".pdmodel", ".json") else model_file + ".pdiparams"
