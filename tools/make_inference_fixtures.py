"""Write the paddle.inference fixtures from real Paddle 3.3.1 (run with the reference
interpreter, e.g. `.venv-ref/bin/python tools/make_inference_fixtures.py`, from a folder where our
src/paddle is not importable):

    tests/fixtures/inference/two_io.json|.pdiparams   a PIR model with two inputs and outputs
    tests/fixtures/inference/two_io_io.npz            inputs and Paddle Inference's outputs
    tests/fixtures/inference/config.json              summary() tables, getters after setter
                                                      sequences, pass lists, enum values

Config paths are relative to the fixture folder (tests chdir there), so summary tables, whose
width follows the path lengths, compare as they are."""
import json
import os

import numpy as np

import paddle
from paddle import inference
from paddle.static import InputSpec

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures",
                   "inference")
GETTERS = ["prog_file", "params_file", "model_dir", "ir_optim", "use_gpu", "gpu_device_id",
           "memory_pool_init_size_mb", "fraction_of_gpu_memory_for_pool",
           "cpu_math_library_num_threads", "mkldnn_enabled", "onednn_enabled",
           "mkldnn_int8_enabled", "onednn_int8_enabled", "use_feed_fetch_ops_enabled",
           "specify_input_name", "glog_info_disabled", "model_from_memory", "new_ir_enabled",
           "use_xpu", "xpu_device_id", "tensorrt_engine_enabled", "onnxruntime_enabled",
           "openvino_engine_enabled", "shape_range_info_collected", "shape_range_info_path",
           "tensorrt_dynamic_shape_enabled", "tensorrt_precision_mode"]


class TwoInOut(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 3)

    def forward(self, x, y):
        return paddle.tanh(self.fc(x)) + y, paddle.nn.functional.relu(x).sum(axis=1)


def save_model():
    paddle.seed(7)
    net = TwoInOut()
    net.eval()
    specs = [InputSpec([None, 4], "float32", "x"), InputSpec([None, 3], "float32", "y")]
    paddle.jit.save(net, os.path.join(OUT, "two_io"), input_spec=specs)
    rng = np.random.default_rng(0)
    x = rng.standard_normal([5, 4]).astype("float32")
    y = rng.standard_normal([5, 3]).astype("float32")
    config = inference.Config("two_io.json", "two_io.pdiparams")
    config.disable_glog_info()
    predictor = inference.create_predictor(config)
    for name, value in zip(predictor.get_input_names(), (x, y)):
        predictor.get_input_handle(name).copy_from_cpu(value)
    predictor.run()
    outs = [predictor.get_output_handle(n).copy_to_cpu() for n in predictor.get_output_names()]
    np.savez(os.path.join(OUT, "two_io_io.npz"), x=x, y=y, out0=outs[0], out1=outs[1])
    return {"input_names": predictor.get_input_names(),
            "output_names": predictor.get_output_names()}


def _base():
    return inference.Config("two_io.json", "two_io.pdiparams")


# Each case: a list of (method, args) applied to a Config made by its "make" entry.
CASES = {
    "default": ("model", []),
    "rapidocr": ("model", [("disable_gpu", []), ("enable_memory_optim", []),
                           ("disable_glog_info", []),
                           ("delete_pass", ["conv_transpose_eltwiseadd_bn_fuse_pass"]),
                           ("switch_use_feed_fetch_ops", [False]),
                           ("switch_ir_optim", [True])]),
    "tuned": ("model", [("switch_ir_optim", [False]), ("set_cpu_math_library_num_threads", [4]),
                        ("disable_mkldnn", []), ("enable_profile", []), ("switch_ir_debug", []),
                        ("switch_specify_input_names", []), ("enable_memory_optim", [])]),
    "gpu_requested": ("model", [("enable_use_gpu", [256, 1])]),
    "onednn_low_precision": ("model", [("enable_onednn_bfloat16", []),
                                       ("enable_mkldnn_int8", []),
                                       ("set_mkldnn_cache_capacity", [5])]),
    "bfloat16_only": ("model", [("enable_mkldnn_bfloat16", [])]),
    "int8_only": ("model", [("enable_onednn_int8", [])]),
    "empty_onednn": ("empty", [("enable_onednn", [])]),
    "empty": ("empty", []),
    "model_dir": ("dir", []),
    "set_model": ("empty", [("set_model", ["two_io.json", "two_io.pdiparams"])]),
    "optim_cache": ("model", [("set_optim_cache_dir", ["cache"]),
                              ("enable_save_optim_model", [True]), ("enable_new_ir", [True])]),
}


def make_config(kind):
    if kind == "empty":
        return inference.Config()
    if kind == "dir":
        return inference.Config(".")

    return _base()


def describe(config):
    values = {}
    for getter in GETTERS:
        value = getattr(config, getter)()
        values[getter] = value if isinstance(value, (bool, int, float, str)) else str(value)
    return values


def main():
    os.makedirs(OUT, exist_ok=True)
    os.chdir(OUT)
    fixtures = {"model": save_model(), "cases": {}}
    for name, (kind, calls) in CASES.items():
        config = make_config(kind)
        for method, args in calls:
            getattr(config, method)(*args)
        fixtures["cases"][name] = {"calls": calls, "make": kind,
                                   "summary": config.summary(), "getters": describe(config),
                                   "passes": config.pass_builder().all_passes()}
    empty = inference.Config()  # the builder lives inside its Config: keep the Config alive
    builder = empty.pass_builder()
    fixtures["debug_string"] = builder.debug_string()
    fixtures["analysis_passes"] = builder.analysis_passes()
    fixtures["enums"] = {enum.__name__: {k: int(v) for k, v in enum.__members__.items()}
                         for enum in (inference.DataType, inference.PlaceType,
                                      inference.PrecisionType)}
    fixtures["num_bytes"] = {k: inference.get_num_bytes_of_data_type(v)
                             for k, v in inference.DataType.__members__.items()}
    fixtures["version"] = inference.get_version()
    with open("config.json", "w") as f:
        json.dump(fixtures, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
