"""The device and accelerator switches of `paddle.inference.Config`, with the answers of Paddle
3.3.1's CPU build (Feijiang's build): a GPU request is ignored with an error log; XPU, IPU and
TensorRT engines raise as not compiled in; ONNX Runtime, cutlass and ORT optimisation log that
they are absent; OpenVINO, custom-device and TensorRT tuning options are recorded (and shown by
the getters and summary) but Feijiang's own engine runs the model."""
from __future__ import annotations

import os
import sys

from .enums import Precision

_XPU_OPTION = "option 'WITH_XPU' or 'LITE_WITH_XPU'"


def _log_error(message: str) -> None:
    print(f"E paddle.inference: {message}", file=sys.stderr)


def _not_compiled(feature: str, option: str):
    raise RuntimeError(f"(PreconditionNotMet) To use {feature}, please compile with {option} "
                       "first. Feijiang runs on the CPU (NumPy) only in this build.")


class XpuConfig:
    """Options of the Kunlun XPU backend (`paddle.inference.XpuConfig`), with Paddle's defaults;
    this build has no XPU, so `Config.set_xpu_config` refuses them."""

    def __init__(self):
        self.device_id = 0
        self.l3_size = 0
        self.l3_ptr = None
        self.l3_autotune_size = 0
        self.context_gm_size = -1
        self.context = None
        self.stream = None
        self.conv_autotune_level = 0
        self.conv_autotune_file = ""
        self.conv_autotune_file_writeback = False
        self.fc_autotune_level = 0
        self.fc_autotune_file = ""
        self.fc_autotune_file_writeback = False
        self.gemm_compute_precision = 1
        self.transformer_softmax_optimize_level = 0
        self.transformer_encoder_adaptive_seqlen = True
        self.quant_post_static_gelu_out_threshold = 10.0
        self.quant_post_dynamic_activation_method = 0
        self.quant_post_dynamic_weight_precision = 1
        self.quant_post_dynamic_op_types: list = []


class DeviceSwitches:
    """Mixed into AnalysisConfig; `_init_devices` sets the recorded options."""

    def _init_devices(self) -> None:
        self._openvino = False
        self._openvino_precision = Precision.Float32
        self._custom_device = None
        self._tensorrt_options: dict = {"optimization_level": 3}
        self._ipu_options: dict = {}

    # ---- GPU -----------------------------------------------------------------------------------
    def disable_gpu(self) -> None:
        """Run on the CPU (the only device of this build)."""

    def enable_use_gpu(self, memory_pool_init_size_mb: int, device_id: int = 0,
                       precision_mode: Precision = Precision.Float32) -> None:
        _log_error("Please use PaddlePaddle with GPU version. (Feijiang runs this predictor on "
                   "the CPU.)")

    def use_gpu(self) -> bool:
        return False

    def gpu_device_id(self) -> int:
        return 0

    def memory_pool_init_size_mb(self) -> int:
        return 100

    def fraction_of_gpu_memory_for_pool(self) -> float:
        return 0.0

    def enable_custom_device(self, device_type: str, device_id: int = 0,
                             precision: Precision = Precision.Float32) -> None:
        """Recorded; no custom device is registered in this build."""
        self._custom_device = (device_type, int(device_id), Precision(precision))

    # ---- XPU, IPU ------------------------------------------------------------------------------
    def enable_xpu(self, *args, **kwargs) -> None:
        _not_compiled("XPU inference", _XPU_OPTION)

    def use_xpu(self) -> bool:
        return False

    def xpu_device_id(self) -> int:
        return 0

    def set_xpu_device_id(self, device_id: int = 0) -> None:
        _not_compiled("XPU inference", _XPU_OPTION)

    def set_xpu_config(self, config: XpuConfig) -> None:
        raise RuntimeError("(PreconditionNotMet) Should call EnableXpu before SetXpuConfig.")

    def xpu_config(self) -> XpuConfig:
        return XpuConfig()

    def enable_ipu(self, *args, **kwargs) -> None:
        raise RuntimeError("(Unavailable) You tried to enable the ipu but did not have the "
                           "option -DWITH_IPU compiled.")

    def set_ipu_config(self, **options) -> None:
        self._ipu_options.update(options)

    def set_ipu_custom_info(self, ipu_custom_ops_info=(), ipu_custom_patterns=None) -> None:
        self._ipu_options["custom_ops_info"] = [list(v) for v in ipu_custom_ops_info]
        self._ipu_options["custom_patterns"] = dict(ipu_custom_patterns or {})

    def load_ipu_config(self, config_path: str) -> None:
        if not os.path.isfile(config_path):
            raise RuntimeError(f"(NotFound) Cannot open file {config_path}, please confirm "
                               "whether the file is normal.")
        with open(config_path) as f:
            self._ipu_options["config_file"] = f.read()

    # ---- TensorRT (not compiled in: the engine cannot be enabled; tuning is recorded) ---------
    def enable_tensorrt_engine(self, *args, **kwargs) -> None:
        _not_compiled("Paddle-TensorRT", "TENSORRT")

    def enable_tensorrt_memory_optim(self, engine_memory_sharing: bool = True,
                                     sharing_identifier: int = 0) -> None:
        raise ValueError("(InvalidArgument) To enable TensorRT memory optim, please call "
                         "EnableTensorRtEngine or enable_tensorrt_engine first.")

    def _record_tensorrt(self, key: str, value=True) -> None:
        self._tensorrt_options[key] = value

    def enable_tensorrt_dla(self, dla_core: int = 0) -> None:
        self._record_tensorrt("dla_core", int(dla_core))

    def enable_tensorrt_explicit_quantization(self) -> None:
        self._record_tensorrt("explicit_quantization")

    def enable_tensorrt_inspector(self, inspector_serialize: bool = False) -> None:
        self._record_tensorrt("inspector", bool(inspector_serialize))

    def enable_tensorrt_varseqlen(self) -> None:
        self._record_tensorrt("varseqlen")

    def enable_tuned_tensorrt_dynamic_shape(self, shape_range_info_path: str = "",
                                            allow_build_at_runtime: bool = True) -> None:
        self._record_tensorrt("tuned_dynamic_shape", (shape_range_info_path,
                                                      bool(allow_build_at_runtime)))

    def set_trt_dynamic_shape_info(self, min_input_shape=None, max_input_shape=None,
                                   optim_input_shape=None,
                                   disable_trt_plugin_fp16: bool = False) -> None:
        self._record_tensorrt("dynamic_shape_info", (dict(min_input_shape or {}),
                                                     dict(max_input_shape or {}),
                                                     dict(optim_input_shape or {}),
                                                     bool(disable_trt_plugin_fp16)))

    def set_tensorrt_optimization_level(self, level: int) -> None:
        self._record_tensorrt("optimization_level", int(level))

    def tensorrt_optimization_level(self) -> int:
        return self._tensorrt_options["optimization_level"]

    def mark_trt_engine_outputs(self, output_tensor_names=()) -> None:
        self._record_tensorrt("marked_outputs", list(output_tensor_names))

    def exp_disable_tensorrt_ops(self, ops) -> None:
        self._record_tensorrt("disabled_ops", list(ops))

    def exp_disable_tensorrt_subgraph(self, var_names) -> None:
        self._record_tensorrt("disabled_subgraph", list(var_names))

    def exp_disable_tensorrt_dynamic_shape_ops(self, disable: bool) -> None:
        self._record_tensorrt("disable_dynamic_shape_ops", bool(disable))

    def exp_specify_tensorrt_subgraph_precision(self, trt_parameters_run_fp16,
                                                trt_parameters_run_int8,
                                                trt_parameters_run_bfp16) -> None:
        self._record_tensorrt("subgraph_precision", (list(trt_parameters_run_fp16),
                                                     list(trt_parameters_run_int8),
                                                     list(trt_parameters_run_bfp16)))

    def exp_sparse_conv_using_buffer(self, kernels, strides) -> None:
        self._record_tensorrt("sparse_conv_buffer", ([list(k) for k in kernels],
                                                     [list(s) for s in strides]))

    def tensorrt_engine_enabled(self) -> bool:
        return False

    def tensorrt_dynamic_shape_enabled(self) -> bool:
        return False

    def tensorrt_dla_enabled(self) -> bool:
        return False

    def tensorrt_explicit_quantization_enabled(self) -> bool:
        return False

    def tensorrt_inspector_enabled(self) -> bool:
        return False

    def tensorrt_varseqlen_enabled(self) -> bool:
        return False

    def trt_allow_build_at_runtime(self) -> bool:
        return False

    def tuned_tensorrt_dynamic_shape(self) -> bool:
        return False

    def tensorrt_precision_mode(self) -> Precision:
        return Precision.Float32

    # ---- other runtimes ------------------------------------------------------------------------
    def enable_onnxruntime(self) -> None:
        _log_error("Please compile with onnxruntime to EnableONNXRuntime()")

    def disable_onnxruntime(self) -> None:
        """ONNX Runtime is never used by this build."""

    def onnxruntime_enabled(self) -> bool:
        return False

    def enable_ort_optimization(self) -> None:
        _log_error("Please compile with onnxruntime to EnableORTOptimization()")

    def exp_enable_use_cutlass(self) -> None:
        _log_error("Please compile with cutlass to EnableUseCutlass()")

    def enable_openvino_engine(self, inference_precision: Precision = Precision.Float32):
        """Recorded and reported; Feijiang's own engine runs the model."""
        self._openvino = True
        self._openvino_precision = Precision(inference_precision)

    def openvino_engine_enabled(self) -> bool:
        return self._openvino

    def _openvino_precision_name(self) -> str:
        return {Precision.Float32: "fp32", Precision.Half: "fp16", Precision.Int8: "int8",
                Precision.Bfloat16: "bf16"}[self._openvino_precision]
