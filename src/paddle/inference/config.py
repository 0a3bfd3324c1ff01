"""`paddle.inference.Config` (Paddle's AnalysisConfig): where the model comes from and how the
predictor runs it, with Paddle 3.3.1's CPU-build defaults and answers.

Feijiang's CPU path: ir_optim runs the inference passes Feijiang implements (by Paddle's pass
names), the math-library thread count is the BLAS thread count, and memory optimisation frees
every intermediate at its last use. The oneDNN switches choose Paddle's oneDNN pass lists (which
users edit by name); bfloat16/int8 oneDNN modes are recorded and reported but run in float32, as
the kernels are NumPy's. Switches for hardware this build lacks (GPU, XPU, IPU, TensorRT) behave as
in Paddle's CPU build: the GPU request is ignored with an error log, the others raise."""
from __future__ import annotations

import os

from . import pass_builder as _passes
from .config_devices import DeviceSwitches
from .enums import Precision
from .summary import render, summary_rows


class AnalysisConfig(DeviceSwitches):
    """How to load and run an inference model (`paddle.inference.Config`).

    Args:
        model_dir / prog_file, params_file: a directory holding `__model__` (and one file per
            parameter), or a program file (`.pdmodel` or `.json`) and its `.pdiparams`.

    Example:
        >>> import paddle
        >>> from paddle import inference
        >>> net = paddle.nn.Linear(4, 2)
        >>> paddle.jit.save(net, "/tmp/feijiang_doc_config/net",
        ...                 input_spec=[paddle.static.InputSpec([None, 4], "float32", "x")])
        >>> config = inference.Config("/tmp/feijiang_doc_config/net.json",
        ...                           "/tmp/feijiang_doc_config/net.pdiparams")
        >>> config.disable_gpu()
        >>> config.ir_optim(), config.cpu_math_library_num_threads()
        (True, 1)
    """

    Precision = Precision
    Float32 = Precision.Float32
    Int8 = Precision.Int8
    Half = Precision.Half
    Bfloat16 = Precision.Bfloat16

    def __init__(self, *args):
        if len(args) == 1 and isinstance(args[0], AnalysisConfig):
            self.__dict__.update(args[0]._copied_state())
            return
        self._model_dir = self._prog_file = self._params_file = ""
        self._model_buffer = None           # (program bytes, params bytes)
        self._threads = 1
        self._ir_optim = True
        self._ir_debug = False
        self._ir_debug_passes: list = []
        self._memory_optim = False
        self._profile = False
        self._glog_disabled = False
        self._feed_fetch_ops = False
        self._specify_input_names = False
        self._onednn = True
        self._onednn_strategy = False   # whether the pass list is oneDNN's (see _refresh_passes)
        self._onednn_cache_capacity = 10
        self._onednn_bfloat16 = False
        self._onednn_int8 = False
        self._onednn_ops: set = set()
        self._bfloat16_ops: set = set()
        self._int8_ops: set = set()
        self._init_devices()
        self._use_cinn = False
        self._new_ir = False
        self._new_executor = False
        self._save_optimized_model = False
        self._use_optimized_model = False
        self._optim_cache_dir = ""
        self._low_precision_io = False
        self._optimization_level = 2
        self._shape_range_info_path = ""
        self._collect_shape_range_info = False
        self._mixed_precision_ops = {"enabled": set(), "disabled": set()}
        self._custom_passes: list = []
        self._custom_pass_only = False
        self._deleted_passes: list = []
        self._used = False
        self._builder = _passes.PaddlePassBuilder(_passes.default_passes(onednn=False))
        if len(args) == 1:
            self.set_model(args[0])
        elif len(args) == 2:
            self.set_model(args[0], args[1])
        elif args:
            raise TypeError(f"Config() takes a model dir, or a program file and a params file; "
                            f"received {len(args)} arguments")

    def _copied_state(self) -> dict:
        state = {k: (set(v) if isinstance(v, set) else list(v) if isinstance(v, list) else v)
                 for k, v in self.__dict__.items()}
        state["_builder"] = _passes.PaddlePassBuilder(self._builder.all_passes())
        state["_used"] = False
        return state

    # ---- the model ---------------------------------------------------------------------------
    def set_model(self, *args) -> None:
        """`set_model(model_dir)` or `set_model(prog_file, params_file)`."""
        if len(args) == 1:
            self._model_dir = os.fspath(args[0])
        elif len(args) == 2:
            prog_file, params_file = (os.fspath(a) for a in args)
            if not os.path.isfile(prog_file):
                raise RuntimeError(f"(NotFound) Cannot open file {prog_file}, please confirm "
                                   "whether the file is normal.")
            self._prog_file, self._params_file = prog_file, params_file
        else:
            raise TypeError(f"set_model() takes 1 or 2 arguments, received {len(args)}")
        self._model_buffer = None
        self._refresh_passes()

    def set_prog_file(self, x: str) -> None:
        self._prog_file = os.fspath(x)

    def set_params_file(self, x: str) -> None:
        self._params_file = os.fspath(x)

    def set_model_buffer(self, prog_buffer, prog_buffer_size: int, params_buffer,
                         params_buffer_size: int) -> None:
        """Load the model from memory: the program file's and the params file's bytes."""
        self._model_buffer = (_as_bytes(prog_buffer, prog_buffer_size, "prog_buffer"),
                              _as_bytes(params_buffer, params_buffer_size, "params_buffer"))
        self._refresh_passes()

    def model_dir(self) -> str:
        return self._model_dir

    def prog_file(self) -> str:
        return self._prog_file

    def params_file(self) -> str:
        return self._params_file

    def model_from_memory(self) -> bool:
        return self._model_buffer is not None

    # ---- CPU math, oneDNN ----------------------------------------------------------------------
    def set_cpu_math_library_num_threads(self, cpu_math_library_num_threads: int) -> None:
        """Threads of the BLAS library under the kernels (Paddle's default is 1)."""
        self._threads = max(1, int(cpu_math_library_num_threads))

    def cpu_math_library_num_threads(self) -> int:
        return self._threads

    def enable_mkldnn(self) -> None:
        self._onednn = True
        self._refresh_passes(onednn=True)

    def disable_mkldnn(self) -> None:
        self._onednn = False
        self._refresh_passes(onednn=False)

    def mkldnn_enabled(self) -> bool:
        return self._onednn

    enable_onednn = enable_mkldnn
    disable_onednn = disable_mkldnn
    onednn_enabled = mkldnn_enabled

    def set_mkldnn_cache_capacity(self, capacity: int = 0) -> None:
        self._onednn_cache_capacity = int(capacity)

    set_onednn_cache_capacity = set_mkldnn_cache_capacity

    def set_mkldnn_op(self, op_list) -> None:
        self._onednn_ops = set(op_list)

    set_onednn_op = set_mkldnn_op

    def enable_mkldnn_bfloat16(self) -> None:
        """Recorded (Paddle's bfloat16 pass list); Feijiang's kernels compute in float32."""
        self._onednn_bfloat16 = True
        self._refresh_passes()

    enable_onednn_bfloat16 = enable_mkldnn_bfloat16

    def set_bfloat16_op(self, op_list) -> None:
        self._bfloat16_ops = set(op_list)

    def enable_mkldnn_int8(self, mkldnn_int8_enabled_op_types=frozenset()) -> None:
        """Recorded (Paddle's int8 pass list); Feijiang's kernels compute in float32."""
        self._onednn_int8 = True
        self._int8_ops = set(mkldnn_int8_enabled_op_types)
        self._refresh_passes()

    def enable_onednn_int8(self, onednn_int8_enabled_op_types=frozenset()) -> None:
        self.enable_mkldnn_int8(onednn_int8_enabled_op_types)

    def mkldnn_int8_enabled(self) -> bool:
        return self._onednn_int8

    onednn_int8_enabled = mkldnn_int8_enabled

    def disable_mkldnn_fc_passes(self) -> None:
        for name in ("fc_onednn_pass", "fc_act_onednn_fuse_pass"):
            self._builder.delete_pass(name)

    disable_onednn_fc_passes = disable_mkldnn_fc_passes

    def _refresh_passes(self, onednn: bool | None = None) -> None:
        """Rebuild the pass list. oneDNN is on by default, but its strategy takes over only once
        a model is set or oneDNN is enabled explicitly, as in Paddle's CPU build."""
        if onednn is not None:
            self._onednn_strategy = onednn
        elif self._model_dir or self._prog_file or self._model_buffer:
            self._onednn_strategy = self._onednn
        self._builder = _passes.PaddlePassBuilder(_passes.default_passes(
            onednn=self._onednn_strategy, bfloat16=self._onednn_bfloat16,
            int8=self._onednn_int8))

    # ---- passes ------------------------------------------------------------------------------
    def switch_ir_optim(self, x: int = True) -> None:
        self._ir_optim = bool(x)

    def ir_optim(self) -> bool:
        return self._ir_optim

    def switch_ir_debug(self, x: int = True, passes=()) -> None:
        """Print the program after each pass (only after `passes` when given)."""
        self._ir_debug = bool(x)
        self._ir_debug_passes = list(passes)

    def pass_builder(self) -> _passes.PaddlePassBuilder:
        return self._builder

    def delete_pass(self, pass_name: str) -> None:
        """Leave `pass_name` out when the predictor is built (the builder's list still shows
        it, as in Paddle)."""
        self._deleted_passes.append(pass_name)

    def enable_custom_passes(self, passes=(), custom_pass_only: bool = False) -> None:
        self._custom_passes = list(passes)
        self._custom_pass_only = bool(custom_pass_only)

    def set_optimization_level(self, opt_level: int = 2) -> None:
        self._optimization_level = int(opt_level)

    def enable_memory_optim(self, x: bool = True) -> None:
        self._memory_optim = bool(x)

    def set_optim_cache_dir(self, opt_cache_dir: str) -> None:
        self._optim_cache_dir = os.fspath(opt_cache_dir)

    def enable_save_optim_model(self, save_optimized_model: bool = False) -> None:
        self._save_optimized_model = bool(save_optimized_model)

    def use_optimized_model(self, x: bool = True) -> None:
        self._use_optimized_model = bool(x)

    def enable_cinn(self) -> None:
        self._use_cinn = True

    def enable_new_ir(self, x: bool = True) -> None:
        self._new_ir = bool(x)

    def new_ir_enabled(self) -> bool:
        return self._new_ir

    def enable_new_executor(self, x: bool = True) -> None:
        self._new_executor = bool(x)

    def pass_names(self) -> list:
        """The passes the predictor applies, in order: the builder's list, or only the custom
        passes, without the deleted ones and the debug markers."""
        names = self._custom_passes if self._custom_pass_only else \
            self._builder.all_passes() + self._custom_passes
        deleted = set(self._deleted_passes)
        return [n for n in names if n not in deleted and n != _passes.DEBUG_PASS]

    # ---- precision ---------------------------------------------------------------------------
    def enable_low_precision_io(self, x: bool = True) -> None:
        self._low_precision_io = bool(x)

    def exp_enable_mixed_precision_ops(self, op_list) -> None:
        self._mixed_precision_ops["enabled"] = set(op_list)

    def exp_disable_mixed_precision_ops(self, op_list) -> None:
        self._mixed_precision_ops["disabled"] = set(op_list)

    # ---- feeds, logging, profiling -------------------------------------------------------------
    def switch_use_feed_fetch_ops(self, x: int = True) -> None:
        self._feed_fetch_ops = bool(x)

    def use_feed_fetch_ops_enabled(self) -> bool:
        return self._feed_fetch_ops

    def switch_specify_input_names(self, x: bool = True) -> None:
        self._specify_input_names = bool(x)

    def specify_input_name(self) -> bool:
        return self._specify_input_names

    def disable_glog_info(self) -> None:
        self._glog_disabled = True

    def glog_info_disabled(self) -> bool:
        return self._glog_disabled

    def enable_profile(self) -> None:
        """Each run then records per-op times (printed when the predictor is deleted)."""
        self._profile = True

    def collect_shape_range_info(self, shape_range_info_path: str) -> None:
        self._collect_shape_range_info = True
        self._shape_range_info_path = os.fspath(shape_range_info_path)

    def shape_range_info_collected(self) -> bool:
        return self._collect_shape_range_info

    def shape_range_info_path(self) -> str:
        return self._shape_range_info_path

    def summary(self) -> str:
        return render(summary_rows(self))

    def to_native_config(self) -> NativeConfig:
        return NativeConfig(self)


class NativeConfig:
    """The plain config an AnalysisConfig reduces to (Paddle's NativeConfig)."""

    def __init__(self, config: AnalysisConfig | None = None):
        self.model_dir = config.model_dir() if config else ""
        self.prog_file = config.prog_file() if config else ""
        self.param_file = config.params_file() if config else ""
        self.use_gpu = False
        self.device = 0
        self.fraction_of_gpu_memory = 0.0
        self.specify_input_name = config.specify_input_name() if config else False
        self._threads = config.cpu_math_library_num_threads() if config else 1

    def cpu_math_library_num_threads(self) -> int:
        return self._threads

    def set_cpu_math_library_num_threads(self, threads: int) -> None:
        self._threads = max(1, int(threads))


def _as_bytes(buffer, size: int, what: str) -> bytes:
    data = buffer.encode("latin-1") if isinstance(buffer, str) else bytes(buffer)
    if size != len(data):
        raise ValueError(f"(Config.set_model_buffer) {what} holds {len(data)} bytes, but its "
                         f"size was given as {size}")
    return data
