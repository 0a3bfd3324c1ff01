"""paddle.jit.load: read a saved model (PIR `.json` or legacy `.pdmodel`, with `.pdiparams`)
into a TranslatedLayer."""
from __future__ import annotations

import os

from . import pdiparams
from .op_map import LEGACY_OPS, PIR_OPS
from .pir_reader import read_pir_program
from .translated_layer import LoadedMethod, TranslatedLayer, make_parameters

PIR_SUFFIX = ".json"
LEGACY_SUFFIX = ".pdmodel"
PARAMS_SUFFIX = ".pdiparams"


def read_program(model_path: str):
    """A ForeignProgram and its op table, by file type (.json PIR or .pdmodel ProgramDesc)."""
    if model_path.endswith(LEGACY_SUFFIX) or os.path.basename(model_path) == "__model__":
        from .pdmodel import read_pdmodel
        return read_pdmodel(model_path), LEGACY_OPS
    return read_pir_program(model_path), PIR_OPS


def read_parameters(foreign, params_path: str | None) -> dict:
    """{saved name: ndarray} for every parameter the program reads."""
    names = foreign.parameter_names()
    if not names:
        return {}
    if params_path is None or not os.path.exists(params_path):
        raise ValueError(f"The parameter file {params_path} does not exist, but the program "
                         f"reads {len(names)} parameters. Please check the model path.")
    return pdiparams.load_combined(params_path, names)


def _resolve_paths(path: str, configs: dict) -> tuple[str, str | None]:
    """(model file, params file) for a path prefix or a directory."""
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
    params_path = os.path.join(path, params) if params else _find_params(path)
    return os.path.join(path, model), params_path


def _find_model(directory: str) -> str:
    names = sorted(os.listdir(directory))
    for name in names:
        if name.endswith((PIR_SUFFIX, LEGACY_SUFFIX)) or name == "__model__":
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
