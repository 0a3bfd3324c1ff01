"""paddle.jit.load: read a saved model into a TranslatedLayer. The loader functions here serve
every reader of Paddle's model files (jit.load, static.load_inference_model, paddle.inference):
PIR `.json` or legacy `.pdmodel` programs with a combined `.pdiparams`, and the older directory
form, `__model__` with one file per parameter."""
from __future__ import annotations

import os

from ..._core import dtype as _dt
from . import pdiparams
from .op_map import LEGACY_OPS, PIR_OPS, check_supported
from .pir_reader import read_pir_program
from .translated_layer import LoadedMethod, TranslatedLayer, make_parameters

PIR_SUFFIX = ".json"
LEGACY_SUFFIX = ".pdmodel"
PARAMS_SUFFIX = ".pdiparams"
DIRECTORY_MODEL = "__model__"  # the older directory form: this file + one file per parameter


def read_program(model_path: str):
    """A ForeignProgram and its op table, by file type (.json PIR or a ProgramDesc: .pdmodel,
    `__model__`). Every op, in sub-blocks too, must have a converter: a program that uses ops
    Feijiang cannot run fails here, with all of them listed, not halfway through a run."""
    if not os.path.isfile(model_path):
        raise ValueError(f"(jit.load) the model file {model_path} does not exist")
    if _is_pir_file(model_path):
        foreign, table = read_pir_program(model_path), PIR_OPS
    else:
        from .pdmodel import read_pdmodel
        foreign, table = read_pdmodel(model_path), LEGACY_OPS
    check_supported(foreign.ops, table, model_path)
    return foreign, table


def _is_pir_file(model_path: str) -> bool:
    """By suffix; a model file of another name (`model_filename="model"`) by its first byte:
    PIR programs are JSON objects, ProgramDescs are protobuf messages."""
    if model_path.endswith(PIR_SUFFIX):
        return True
    if model_path.endswith(LEGACY_SUFFIX) or os.path.basename(model_path) == DIRECTORY_MODEL:
        return False
    with open(model_path, "rb") as f:
        return f.read(64).lstrip()[:1] == b"{"


def read_parameters(foreign, params_path: str | None) -> dict:
    """{saved name: ndarray} for every parameter the program reads, from a combined
    `.pdiparams` file or, when `params_path` is a directory, from one file per parameter.
    Each array must have the shape and dtype the program declares."""
    names = foreign.parameter_names()
    if not names:
        return {}
    if params_path is None or not os.path.exists(params_path):
        raise ValueError(f"The parameter file {params_path} does not exist, but the program "
                         f"reads {len(names)} parameters. Please check the model path.")
    if os.path.isdir(params_path):
        arrays = pdiparams.load_separate(params_path, names)
    else:
        arrays = pdiparams.load_combined(params_path, names)
    for param in foreign.parameters:
        if param.persistable:
            where = os.path.join(params_path, param.name) if os.path.isdir(params_path) \
                else params_path
            _check_parameter(param, arrays[param.name], where)
    return arrays


def _check_parameter(param, array, where: str) -> None:
    declared = list(param.meta.shape)
    found = _dt.from_numpy_dtype(array.dtype)
    shape_ok = len(declared) == array.ndim and all(d in (-1, s) for d, s in
                                                   zip(declared, array.shape))
    if not shape_ok or found != param.meta.dtype:
        raise pdiparams.ParamsFormatError(
            f"(jit.load) {where}: variable '{param.name}' is stored as {found.name} "
            f"{list(array.shape)}, but the program declares {param.meta.dtype.name} {declared}")


def inference_model_paths(path_prefix, kwargs: dict) -> tuple:
    """(model file, parameters) for paddle.static.load_inference_model, by Paddle's rules:
    without `model_filename`/`params_filename` a path prefix (`.json`, else `.pdmodel`); with
    either, `path_prefix` is a directory holding `model_filename` (default `__model__`) and
    `params_filename` (default: one file per parameter, in the directory itself)."""
    if path_prefix is None:
        raise ValueError("(load_inference_model) loading a model from memory is not supported; "
                         "give path_prefix")
    path_prefix = os.fspath(path_prefix)
    if not kwargs:
        for suffix in (PIR_SUFFIX, LEGACY_SUFFIX):
            if os.path.exists(path_prefix + suffix):
                return path_prefix + suffix, path_prefix + PARAMS_SUFFIX
        raise ValueError(f"(load_inference_model) There is no model file {path_prefix}.json "
                         f"(or {path_prefix}.pdmodel)")
    model_name, params_name = kwargs.get("model_filename"), kwargs.get("params_filename")
    model = _existing(path_prefix, model_name, (LEGACY_SUFFIX, PIR_SUFFIX)) if model_name \
        else os.path.join(path_prefix, DIRECTORY_MODEL)
    params = _existing(path_prefix, params_name, (PARAMS_SUFFIX,)) if params_name \
        else path_prefix
    return model, params


def _existing(directory: str, name: str, suffixes) -> str:
    """`directory/name + suffix` for the first suffix that exists, else `directory/name`."""
    for suffix in suffixes:
        if os.path.exists(os.path.join(directory, name + suffix)):
            return os.path.join(directory, name + suffix)
    return os.path.join(directory, name)


def _resolve_paths(path: str, configs: dict) -> tuple[str, str | None]:
    """(model file, parameters) for a path prefix or a directory; a directory without a
    `.pdiparams` file holds one file per parameter."""
    for suffix in (PIR_SUFFIX, LEGACY_SUFFIX):
        if os.path.exists(path + suffix):
            if os.path.isdir(path):
                raise ValueError(f"The {path}{suffix} and {path} directory exist at the same "
                                 "time, don't know which one to load, please make sure that "
                                 "the specified target of ``path`` is unique.")
            return path + suffix, path + PARAMS_SUFFIX
    if not os.path.isdir(path):
        raise ValueError(f"The ``path`` ({path}) to load model not exists. Please make sure "
                         "that *.pdmodel(json) exists or don't using ``skip_forward=True`` to "
                         "jit.save.")
    model = configs.get("model_filename") or _find_model(path)
    params = configs.get("params_filename")
    params_path = os.path.join(path, params) if params else _find_params(path) or path
    return os.path.join(path, model), params_path


def _find_model(directory: str) -> str:
    names = sorted(os.listdir(directory))
    for name in names:
        if name.endswith((PIR_SUFFIX, LEGACY_SUFFIX)) or name == DIRECTORY_MODEL:
            return name
    raise ValueError(f"There is no model file (*.json, *.pdmodel or __model__) in {directory}")


def _find_params(directory: str):
    for name in sorted(os.listdir(directory)):
        if name.endswith(PARAMS_SUFFIX):
            return os.path.join(directory, name)
    return None


def load(path, **configs):
    """Load a model saved by `paddle.jit.save` (by Feijiang or by Paddle) as a TranslatedLayer.

    Args:
        path (str): the path prefix given to jit.save (or a directory holding the files).
        configs: `model_filename` / `params_filename` for the directory form.

    Example:
        >>> import paddle
        >>> net = paddle.nn.Linear(2, 3)
        >>> paddle.jit.save(net, "/tmp/feijiang_doc_load/net",
        ...                 input_spec=[paddle.static.InputSpec([None, 2], "float32", "x")])
        >>> loaded = paddle.jit.load("/tmp/feijiang_doc_load/net")
        >>> loaded(paddle.ones([1, 2])).shape
        paddle.Size([1, 3])
    """
    for key in configs:
        if key not in ("model_filename", "params_filename"):
            raise ValueError(f"The additional config ({key}) of `paddle.jit.load` is not "
                             "supported.")
    path = os.path.normpath(os.fspath(path))
    model_path, params_path = _resolve_paths(path, configs)
    foreign, table = read_program(model_path)
    if foreign.legacy and params_path and os.path.exists(params_path + ".info"):
        from .pdmodel import apply_info
        apply_info(foreign, params_path + ".info")
    arrays = read_parameters(foreign, params_path)
    parameters = make_parameters(foreign, arrays)
    return TranslatedLayer({"forward": LoadedMethod("forward", foreign, table)}, parameters)
