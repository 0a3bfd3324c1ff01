"""paddle.static model I/O in Paddle 3.3's formats: save_inference_model / load_inference_model
(PIR `.json` + `.pdiparams`; legacy `.pdmodel` programs load too) and the training checkpoint
triple of paddle.static.save / load (`.pdparams`, `.pdopt`, `.json`)."""
from __future__ import annotations

import os
import pickle
import warnings

import numpy as np

from ..._core.tracing import is_symbolic
from .builder import ForeignRunner
from .export import UnsupportedExportError, export_program
from .load import inference_model_paths, read_parameters, read_program
from .pdiparams import save_combined
from .translated_layer import make_parameters


def _as_list(value) -> list:
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _values(items, what: str) -> list:
    values = []
    for item in _as_list(items):
        if not is_symbolic(item):
            raise TypeError(f"(save_inference_model) {what} must be variables of the program "
                            f"(paddle.static.data or results of ops), but received "
                            f"{type(item).__name__}")
        values.append(item._data.value)
    return values


def _main_program(kwargs):
    from ...static.program import default_main_program
    return kwargs.get("program") or default_main_program()


def save_inference_model(path_prefix, feed_vars, fetch_vars, executor, **kwargs) -> None:
    """Write the part of the program that computes `fetch_vars` from `feed_vars`:
    `path_prefix.json` and `path_prefix.pdiparams`.

    Example:
        >>> import paddle
        >>> paddle.enable_static()
        >>> main = paddle.static.Program()
        >>> with paddle.static.program_guard(main):
        ...     x = paddle.static.data("x", [None, 2], "float32")
        ...     y = paddle.tanh(x) * 2
        >>> exe = paddle.static.Executor()
        >>> paddle.static.save_inference_model("/tmp/feijiang_doc_inf/m", [x], [y], exe,
        ...                                    program=main)
        >>> paddle.disable_static()
    """
    if not isinstance(path_prefix, str) or os.path.basename(path_prefix) == "":
        raise ValueError(f"(save_inference_model) path_prefix must be 'dirname/file_prefix', "
                         f"but received {path_prefix!r}")
    program = _main_program(kwargs)
    feeds, fetches = _values(feed_vars, "feed_vars"), _values(fetch_vars, "fetch_vars")
    exported = export_program(program, feeds, fetches, inference=True)
    directory = os.path.dirname(path_prefix)
    if directory:
        os.makedirs(directory, exist_ok=True)
    with open(f"{path_prefix}.json", "w", encoding="utf-8") as f:
        f.write(exported.json)
    if exported.params:
        save_combined(f"{path_prefix}.pdiparams", exported.params)


def load_inference_model(path_prefix, executor, **kwargs):
    """Load a saved inference model as [program, feed_target_names, fetch_targets]; run it with
    `executor.run(program, feed={name: array}, fetch_list=fetch_targets)`.

    The program is rebuilt with Feijiang's ops for the saved input shapes; a model whose ops
    need concrete shapes at load time (shape arithmetic on dynamic dims) raises a clear error
    here and should be loaded with paddle.jit.load, which specializes on each call's shapes.

    Example:
        >>> import paddle
        >>> paddle.enable_static()
        >>> exe = paddle.static.Executor()
        >>> program, feeds, fetches = paddle.static.load_inference_model(
        ...     "/tmp/feijiang_doc_inf/m", exe)
        >>> feeds
        ['x']
        >>> paddle.disable_static()
    """
    from ...static.program import Program
    model_path, params_path = inference_model_paths(path_prefix, kwargs)
    foreign, table = read_program(model_path)
    parameters = make_parameters(foreign, read_parameters(foreign, params_path))
    program = Program()
    runner = ForeignRunner(foreign, table)
    with program.tracer as tracer:
        inputs = [tracer.input(list(f.meta.shape), f.meta.dtype, f.name) for f in foreign.feeds]
        outputs = runner.run(inputs, parameters)
        outputs = [o if is_symbolic(o) else tracer.bind(o) for o in outputs]
    return [program, [f.name for f in foreign.feeds], outputs]


# ---- training checkpoints ------------------------------------------------------------------
def save(program, model_path, protocol=4, **configs) -> None:
    """Save the program's parameters (`.pdparams`), optimizer state (`.pdopt`) and the program
    itself (`.json`, when all its ops have Paddle equivalents).

    Example:
        >>> import paddle
        >>> paddle.enable_static()
        >>> main = paddle.static.Program()
        >>> with paddle.static.program_guard(main):
        ...     x = paddle.static.data("x", [None, 2], "float32")
        ...     y = paddle.nn.Linear(2, 3)(x)
        >>> paddle.static.save(main, "/tmp/feijiang_doc_static/ckpt")
        >>> paddle.disable_static()
    """
    if os.path.basename(model_path) == "":
        raise ValueError("The input model_path MUST be format of dirname/filename [dirname\\"
                         f"filename in Windows system], but received model_path is {model_path!r}")
    directory = os.path.dirname(model_path)
    if directory:
        os.makedirs(directory, exist_ok=True)
    from ...static.checkpoint import optimizer_state
    params = {name: np.asarray(t._data) for name, t in program.parameters.items()}
    _pickle(params, model_path + ".pdparams", protocol)
    _pickle(optimizer_state(program), model_path + ".pdopt", protocol)
    inputs = [op.outputs[0] for op in program.data_ops()]
    outputs = _forward_outputs(program)
    try:
        exported = export_program(program, inputs, outputs[-1:] if outputs else [])
    except UnsupportedExportError as exc:
        warnings.warn(f"paddle.static.save: the parameters were saved, but not the program: "
                      f"{exc}", stacklevel=2)
        return
    with open(model_path + ".json", "w", encoding="utf-8") as f:
        f.write(exported.json)


def _forward_outputs(program) -> list:
    """The program's forward values: the `.json` holds the forward part of a training program
    (the backward and the optimizer updates, host code here, have no file form)."""
    from ..._core.ir.host_op import HostOp
    training = getattr(program, "training_op_ids", set())
    return [v for op in program.global_block().ops for v in op.outputs
            if op.opdef is not None and not isinstance(op.opdef, HostOp)
            and id(op) not in training]


def _pickle(obj, path: str, protocol: int) -> None:
    if not isinstance(protocol, int) or not 2 <= protocol <= 4:
        raise ValueError(f"Expected 1<'protocol'<5, but received protocol={protocol}")
    with open(path, "wb") as f:
        pickle.dump(obj, f, protocol=protocol)


def load_program_state(model_path, var_list=None) -> dict:
    """{name: ndarray} of a checkpoint written by paddle.static.save (parameters and optimizer
    state)."""
    import paddle
    path = model_path.removesuffix(".pdparams")
    if not os.path.exists(path + ".pdparams"):
        raise ValueError(f"(load_program_state) {path}.pdparams does not exist")
    state = dict(paddle.load(path + ".pdparams", return_numpy=True))
    if os.path.exists(path + ".pdopt"):
        state.update(paddle.load(path + ".pdopt", return_numpy=True))
    if var_list is not None:
        names = {getattr(v, "name", v) for v in var_list}
        state = {k: v for k, v in state.items() if k in names}
    return state


def set_program_state(program, state_dict) -> None:
    """Copy the arrays of `state_dict` into the program's parameters of the same names."""
    for name, tensor in program.parameters.items():
        if name not in state_dict:
            continue
        array = np.asarray(state_dict[name])
        if tuple(array.shape) != tuple(tensor._data.shape):
            raise ValueError(f"(set_program_state) the shape of '{name}' is "
                             f"{list(tensor._data.shape)}, but the state holds "
                             f"{list(array.shape)}")
        tensor.set_value(array.astype(tensor._data.dtype, copy=False))


def load(program, model_path, executor=None, var_list=None) -> None:
    """Load a paddle.static.save checkpoint into the program's parameters and the state of
    the optimizers its `minimize` recorded.

    Example:
        >>> import paddle
        >>> paddle.enable_static()
        >>> main = paddle.static.Program()
        >>> with paddle.static.program_guard(main):
        ...     x = paddle.static.data("x", [None, 2], "float32")
        ...     y = paddle.nn.Linear(2, 3)(x)
        >>> paddle.static.save(main, "/tmp/feijiang_doc_static/ckpt")
        >>> paddle.static.load(main, "/tmp/feijiang_doc_static/ckpt")
        >>> paddle.disable_static()
    """
    state = load_program_state(model_path, var_list)
    wanted = program.parameters if var_list is None else {
        v.name: v for v in var_list if v.name in program.parameters}
    missing = [name for name in wanted if name not in state]
    if missing:
        raise RuntimeError(f"(paddle.static.load) the checkpoint {model_path} has no values "
                           f"for the parameters {missing}")
    set_program_state(program, state)
    if var_list is None:
        from ...static.checkpoint import restore_optimizer_state
        restore_optimizer_state(program, state)
