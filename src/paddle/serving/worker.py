"""A model worker process: holds Predictors of the model versions it is told to load and runs
the batches it is sent, one at a time, over a pipe to the server.

Messages in: ("load", name, version, path), ("unload", name, version),
("run", job_id, name, version, [arrays]). Messages out: ("loaded", name, version, metadata),
("load_failed", name, version, message), ("done", job_id, [arrays]),
("failed", job_id, message). A worker exits when its pipe closes or its parent is gone, so a
server killed hard leaves no worker behind."""
from __future__ import annotations

import os
import traceback

MODEL_SUFFIXES = (".json", ".pdmodel")
DIRECTORY_PREFIXES = ("inference", "model")


def resolve_model_files(path: str) -> tuple:
    """(program file, parameters file) of `path`: a program file, a prefix of one (as
    jit.save writes), or a folder holding inference.json/.pdmodel or model.json/.pdmodel."""
    candidates = []
    if os.path.isfile(path) and path.endswith(MODEL_SUFFIXES):
        candidates.append(path)
    elif os.path.isdir(path):
        candidates += [os.path.join(path, p + s) for p in DIRECTORY_PREFIXES
                       for s in MODEL_SUFFIXES]
    else:
        candidates += [path + s for s in MODEL_SUFFIXES]
    for program in candidates:
        if os.path.isfile(program):
            return program, os.path.splitext(program)[0] + ".pdiparams"
    raise FileNotFoundError(f"no inference model at {path}: expected a .json or .pdmodel "
                            "program (or a prefix or folder of one) beside its .pdiparams")


def _tensor_metadata(name: str, meta) -> dict:
    from .protocol import datatype_of
    if meta is None:
        return {"name": name, "datatype": "FP32", "shape": [-1]}
    return {"name": name, "datatype": datatype_of(meta.dtype.np_dtype),
            "shape": [int(d) for d in meta.shape]}


def load_predictor(path: str, threads: int):
    from paddle import inference
    program, params = resolve_model_files(path)
    config = inference.Config(program, params)
    config.disable_gpu()
    config.set_cpu_math_library_num_threads(threads)
    predictor = inference.create_predictor(config)
    metadata = {
        "inputs": [_tensor_metadata(n, predictor.get_input_handle(n)._meta)
                   for n in predictor.get_input_names()],
        "outputs": [_tensor_metadata(n, predictor.get_output_handle(n)._meta)
                    for n in predictor.get_output_names()],
    }
    return predictor, metadata


def _run(predictor, arrays: list) -> list:
    for name, array in zip(predictor.get_input_names(), arrays):
        predictor.get_input_handle(name).copy_from_cpu(array)
    predictor.run()
    return [predictor.get_output_handle(n).copy_to_cpu() for n in predictor.get_output_names()]


def _handle(message: tuple, predictors: dict, threads: int) -> tuple:
    kind = message[0]
    if kind == "load":
        _, name, version, path = message
        try:
            predictors[(name, version)], metadata = load_predictor(path, threads)
        except Exception as error:  # noqa: BLE001 - reported to the server, which refuses the version
            return ("load_failed", name, version, f"{type(error).__name__}: {error}")
        return ("loaded", name, version, metadata)
    if kind == "unload":
        predictors.pop((message[1], message[2]), None)
        return ("unloaded", message[1], message[2])
    _, job_id, name, version, arrays = message
    predictor = predictors.get((name, version))
    if predictor is None:
        return ("failed", job_id, f"model '{name}' version {version} is not loaded")
    try:
        return ("done", job_id, _run(predictor, arrays))
    except Exception as error:  # noqa: BLE001 - a model's failure fails the request, never the worker
        traceback.print_exc()
        return ("failed", job_id, f"{type(error).__name__}: {error}")


def worker_main(conn, parent_pid: int, threads: int) -> None:
    """The worker's loop (the target of its process)."""
    predictors: dict = {}
    while True:
        if os.getppid() != parent_pid:
            return
        try:
            if not conn.poll(1.0):
                continue
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message[0] == "stop":
            return
        conn.send(_handle(message, predictors, threads))
