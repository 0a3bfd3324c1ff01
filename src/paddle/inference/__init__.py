"""paddle.inference: Paddle Inference's Python API on Feijiang — Config, create_predictor,
Predictor and its Tensor handles, PredictorPool, the enums, and convert_to_mixed_precision.

    config       Config (AnalysisConfig): model source, switches, summary()
    pass_builder Paddle's pass lists and PaddlePassBuilder
    predictor    Predictor, create_predictor, PredictorPool
    tensor       the input/output handles
    engine       the loaded program, optimised and compiled per input signature
    enums        DataType, PlaceType, PrecisionType
    mixed_precision  convert_to_mixed_precision
"""
from .config import AnalysisConfig, NativeConfig
from .config_devices import XpuConfig
from .enums import PaddleDType, PaddlePlace, Precision, get_num_bytes_of_data_type
from .mixed_precision import convert_to_mixed_precision
from .pass_builder import PaddlePassBuilder
from .predictor import PaddleInferPredictor, PredictorPool, create_predictor
from .tensor import PaddleInferTensor
from .version import get_trt_compile_version, get_trt_runtime_version, get_version

Config = AnalysisConfig
Predictor = PaddleInferPredictor
Tensor = PaddleInferTensor
DataType = PaddleDType
PlaceType = PaddlePlace
PrecisionType = Precision

__all__ = ["Config", "DataType", "NativeConfig", "PaddlePassBuilder", "PlaceType",
           "PrecisionType", "Predictor", "PredictorPool", "Tensor", "XpuConfig",
           "convert_to_mixed_precision", "create_predictor", "get_num_bytes_of_data_type",
           "get_trt_compile_version", "get_trt_runtime_version", "get_version"]
