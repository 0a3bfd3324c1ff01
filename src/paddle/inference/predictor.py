"""`paddle.inference.Predictor` (PaddleInferPredictor), `create_predictor` and `PredictorPool`.

A predictor loads the model its Config names (files, a model directory or bytes in memory) with
the loaders `paddle.jit.load` uses, so every format and every load-time check is shared, and
runs it with the inference engine (one optimised program per input signature). Its handles hold
the inputs and outputs between calls. Clones share the parameters and the compiled programs,
each with its own handles, so one clone per thread runs concurrently."""
from __future__ import annotations

import os
import tempfile

import numpy as np

from .._core import dtype as _dt
from .._core.backend.blas_threads import limited_blas_threads
from .._core.tensor import Tensor as _PaddleTensor
from .._core.tensor import wrap
from ..framework.flags import flag
from ..jit.serialization.load import read_parameters, read_program
from ..jit.serialization.translated_layer import make_parameters
from .config import AnalysisConfig
from .engine import Engine, EngineOptions
from .tensor import PaddleInferTensor

DIRECTORY_MODEL = "__model__"


def _load(config: AnalysisConfig):
    """(ForeignProgram, op table, {name: Tensor}) for the model `config` names."""
    if config.model_from_memory():
        return _load_buffers(*config._model_buffer)
    if config.model_dir():
        directory = config.model_dir()
        model = os.path.join(directory, DIRECTORY_MODEL)
        if not os.path.isfile(model):
            raise RuntimeError(f"(NotFound) Cannot open file {model}, please confirm whether "
                               "the file is normal.")
        params = config.params_file() or directory
        return _load_files(model, params)
    if not config.prog_file():
        raise ValueError("(InvalidArgument) Either model_dir or (prog_file, params_file) should "
                         "be set in the Config before creating a predictor.")
    return _load_files(config.prog_file(), config.params_file() or None)


def _load_files(model: str, params: str | None):
    foreign, table = read_program(model)
    names = foreign.parameter_names()
    if names and (params is None or not os.path.exists(params)):
        raise RuntimeError(f"(Unavailable) Cannot open the parameter file {params}: the program "
                           f"{model} reads {len(names)} parameters. Please check whether the "
                           "model files are complete.")
    return foreign, table, make_parameters(foreign, read_parameters(foreign, params))


def _load_buffers(program: bytes, params: bytes):
    """Models given as bytes: the same readers, over a private temporary copy."""
    with tempfile.TemporaryDirectory(prefix="feijiang_model_") as folder:
        suffix = ".json" if program.lstrip()[:1] == b"{" else ".pdmodel"
        model, weights = os.path.join(folder, "model" + suffix), os.path.join(folder, "params")
        with open(model, "wb") as f:
            f.write(program)
        with open(weights, "wb") as f:
            f.write(params)
        return _load_files(model, weights)


class PaddleInferPredictor:
    """Runs an inference model (`paddle.inference.Predictor`); made by `create_predictor`.

    Example:
        >>> import numpy as np
        >>> import paddle
        >>> from paddle import inference
        >>> net = paddle.nn.Linear(4, 2)
        >>> paddle.jit.save(net, "/tmp/feijiang_doc_predictor/net",
        ...                 input_spec=[paddle.static.InputSpec([None, 4], "float32", "x")])
        >>> config = inference.Config("/tmp/feijiang_doc_predictor/net.json",
        ...                           "/tmp/feijiang_doc_predictor/net.pdiparams")
        >>> predictor = inference.create_predictor(config)
        >>> handle = predictor.get_input_handle(predictor.get_input_names()[0])
        >>> handle.copy_from_cpu(np.ones([3, 4], "float32"))
        >>> predictor.run()
        >>> out = predictor.get_output_handle(predictor.get_output_names()[0])
        >>> out.copy_to_cpu().shape
        (3, 2)
    """

    def __init__(self, config: AnalysisConfig, engine: Engine | None = None):
        self._threads = config.cpu_math_library_num_threads()
        if engine is None:
            foreign, table, parameters = _load(config)
            engine = Engine(foreign, table, parameters, EngineOptions(
                ir_optim=config.ir_optim(), passes=config.pass_names(),
                deleted=tuple(config._deleted_passes),
                ir_debug=_ir_debug(config), memory_optim=config._memory_optim))
        self._engine = engine
        self._config = config
        foreign = engine.foreign
        self._feeds = foreign.feeds
        self._inputs = {f.name: PaddleInferTensor(f.name, f.meta, True) for f in foreign.feeds}
        self._output_names = foreign.output_names()
        self._outputs = {name: PaddleInferTensor(name, foreign.metas.get(key), False)
                         for name, key in zip(self._output_names, foreign.fetches)}

    def get_input_names(self) -> list:
        return [f.name for f in self._feeds]

    def get_output_names(self) -> list:
        return list(self._output_names)

    def get_input_handle(self, name: str) -> PaddleInferTensor:
        return _handle(self._inputs, name, "input")

    def get_output_handle(self, name: str) -> PaddleInferTensor:
        return _handle(self._outputs, name, "output")

    def run(self, inputs=None):
        """Run on the input handles' data (returns None), or on `inputs`, a list of
        paddle.Tensor in input order (returns the outputs as a list of paddle.Tensor)."""
        if inputs is None:
            arrays = [self._checked(f, self._inputs[f.name]._array) for f in self._feeds]
            self._store(self._execute(arrays))
            return None
        if not isinstance(inputs, (list, tuple)) or not all(isinstance(t, _PaddleTensor)
                                                            for t in inputs):
            raise TypeError("run(): incompatible function arguments: expected run() or "
                            "run(inputs: list[paddle.Tensor])")
        if len(inputs) != len(self._feeds):
            raise ValueError(f"(InvalidArgument) wrong feed input size, need "
                             f"{len(self._feeds)} but get {len(inputs)}.")
        arrays = [self._checked(f, t._data) for f, t in zip(self._feeds, inputs)]
        outputs = self._execute(arrays)
        self._store(outputs)
        return [wrap(np.asarray(o)) for o in outputs]

    def _execute(self, arrays: list) -> list:
        with limited_blas_threads(self._threads):
            return self._engine.run(arrays)

    def _store(self, outputs: list) -> None:
        for name, array in zip(self._output_names, outputs):
            self._outputs[name]._array = np.asarray(array)

    @staticmethod
    def _checked(feed, array) -> np.ndarray:
        """The input array of `feed`, which must have the program's rank, dims and dtype."""
        if array is None:
            raise ValueError(f"(InvalidArgument) The input '{feed.name}' has no data: call "
                             f"get_input_handle('{feed.name}').copy_from_cpu(...) before run()")
        declared, expected = list(feed.meta.shape), feed.meta.dtype
        if array.ndim != len(declared) or any(d not in (-1, s) for d, s in zip(declared,
                                                                                array.shape)):
            raise ValueError(f"(InvalidArgument) The input '{feed.name}' has shape "
                             f"{list(array.shape)}, but the model expects {declared} (-1 is any "
                             "size)")
        if array.dtype == object or _dt.from_numpy_dtype(array.dtype) != expected:
            received = "str" if array.dtype == object else _dt.from_numpy_dtype(array.dtype).name
            raise ValueError(f"(InvalidArgument) The input '{feed.name}' has dtype {received}, "
                             f"but the model expects {expected.name}")
        return array

    def clone(self) -> PaddleInferPredictor:
        """A predictor sharing this one's parameters and compiled programs, with handles of its
        own (one per thread for concurrent runs)."""
        return PaddleInferPredictor(self._config, self._engine.clone())

    def clear_intermediate_tensor(self) -> None:
        """Release the data the last run left in the handles (outputs then hold no memory)."""
        for handle in self._outputs.values():
            handle._array = None

    def try_shrink_memory(self) -> int:
        """Intermediates are freed at their last use during a run, so there is no pool to
        shrink; the bytes released are 0, as Paddle reports with nothing to release."""
        return 0


def _ir_debug(config: AnalysisConfig):
    """What to print while optimising: after every pass (switch_ir_debug() or FLAGS_print_ir),
    after the passes switch_ir_debug(True, passes) named, or nothing."""
    if config._ir_debug and config._ir_debug_passes:
        return tuple(config._ir_debug_passes)
    return config._ir_debug or bool(flag("FLAGS_print_ir"))


def _handle(handles: dict, name: str, kind: str) -> PaddleInferTensor:
    handle = handles.get(name)
    if handle is None:
        raise RuntimeError(f"(PreconditionNotMet) The variable named {name} is not found in the "
                           f"scope of the executor: the model's {kind}s are {list(handles)}")
    return handle


def create_predictor(config: AnalysisConfig) -> PaddleInferPredictor:
    """The predictor of `config` (each Config serves one predictor, as in Paddle)."""
    if not isinstance(config, AnalysisConfig):
        raise TypeError("create_predictor(): expected a paddle.inference.Config, but received "
                        f"{type(config).__name__}")
    if config._used:
        raise ValueError("(InvalidArgument) Note: Each config can only be used for one "
                         "predictor.")
    predictor = PaddleInferPredictor(config)
    config._used = True
    return predictor


class PredictorPool:
    """`size` predictors of one Config, sharing parameters (`retrieve(idx)` returns one)."""

    def __init__(self, config: AnalysisConfig, size: int = 1):
        first = create_predictor(config)
        self._predictors = [first] + [first.clone() for _ in range(int(size) - 1)]

    def retrieve(self, idx: int) -> PaddleInferPredictor:
        if not 0 <= idx < len(self._predictors):
            raise ValueError(f"(InvalidArgument) There are ({len(self._predictors)}) predictors "
                             f"in the pool, but the idx is ({idx})")
        return self._predictors[idx]
