"""paddle.inference.Config against real Paddle 3.3.1 (tests/fixtures/inference/config.json from
tools/make_inference_fixtures.py): summary() tables byte for byte, getters after setter
sequences, pass lists, the enums and get_num_bytes_of_data_type."""
import enum
import json
import os

import pytest

from paddle import inference

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "fixtures", "inference")
with open(os.path.join(FIXTURES, "config.json")) as _f:
    GOLDEN = json.load(_f)


@pytest.fixture
def in_fixtures(monkeypatch):
    monkeypatch.chdir(FIXTURES)


def _configured(case):
    make, calls = case["make"], case["calls"]
    config = {"empty": inference.Config, "dir": lambda: inference.Config(".")}.get(
        make, lambda: inference.Config("two_io.json", "two_io.pdiparams"))()
    for method, args in calls:
        getattr(config, method)(*args)
    return config


@pytest.mark.parametrize("name", sorted(GOLDEN["cases"]))
def test_summary_getters_and_passes_match_paddle(name, in_fixtures):
    case = GOLDEN["cases"][name]
    config = _configured(case)
    assert config.summary() == case["summary"]
    for getter, expected in case["getters"].items():
        value = getattr(config, getter)()
        assert (str(value) if isinstance(value, enum.Enum) else value) == expected, getter
    assert config.pass_builder().all_passes() == case["passes"]


def test_enums_and_sizes_match_paddle():
    for kind in (inference.DataType, inference.PlaceType, inference.PrecisionType):
        assert {k: int(v) for k, v in kind.__members__.items()} == \
            GOLDEN["enums"][kind.__name__]
    for name, size in GOLDEN["num_bytes"].items():
        assert inference.get_num_bytes_of_data_type(inference.DataType[name]) == size
    assert str(inference.PrecisionType.Half) == "Precision.Half"
    assert repr(inference.DataType.INT64) == "<PaddleDType.INT64: 1>"
    assert inference.Config.Precision is inference.PrecisionType
    assert inference.Config.Half is inference.PrecisionType.Half


def test_pass_builder_edits_like_paddle():
    builder = inference.Config().pass_builder()
    assert builder.debug_string() == GOLDEN["debug_string"]
    assert builder.analysis_passes() == GOLDEN["analysis_passes"]
    builder.set_passes(["a", "b"])
    builder.insert_pass(1, "c")
    builder.append_pass("d")
    builder.delete_pass("a")
    builder.delete_pass("absent")
    assert builder.all_passes() == ["c", "b", "d"]
    builder.append_analysis_pass("x")
    assert builder.analysis_passes()[-2:] == ["x", "ir_graph_to_program_pass"]
    builder.turn_on_debug()
    assert builder.all_passes() == ["c", "graph_viz_pass", "b", "graph_viz_pass", "d",
                                    "graph_viz_pass"]
    with pytest.raises(IndexError, match="insert_pass"):
        builder.insert_pass(99, "q")


def test_delete_pass_keeps_the_builder_list_but_leaves_the_pass_out(in_fixtures):
    config = inference.Config("two_io.json", "two_io.pdiparams")
    config.delete_pass("constant_folding_pass")
    assert "constant_folding_pass" in config.pass_builder().all_passes()
    assert "constant_folding_pass" not in config.pass_names()
    assert config.pass_names().count("conv_bn_fuse_pass") == 2  # Paddle lists it twice


def test_model_sources(in_fixtures):
    config = inference.Config()
    config.set_model("two_io.json", "two_io.pdiparams")
    assert (config.prog_file(), config.params_file(), config.model_dir()) == \
        ("two_io.json", "two_io.pdiparams", "")
    config.set_model("some_dir")
    assert config.model_dir() == "some_dir"
    with open("two_io.json", "rb") as f:
        program = f.read()
    with open("two_io.pdiparams", "rb") as f:
        params = f.read()
    config = inference.Config()
    config.set_model_buffer(program, len(program), params, len(params))
    assert config.model_from_memory()
    with pytest.raises(ValueError, match="prog_buffer holds"):
        config.set_model_buffer(program, len(program) + 1, params, len(params))
    with pytest.raises(RuntimeError, match="Cannot open file missing.json"):
        inference.Config("missing.json", "missing.pdiparams")


def test_copy_constructor_is_independent(in_fixtures):
    config = inference.Config("two_io.json", "two_io.pdiparams")
    config.set_cpu_math_library_num_threads(3)
    twin = inference.Config(config)
    twin.set_cpu_math_library_num_threads(2)
    twin.pass_builder().delete_pass("fc_fuse_pass")
    assert config.cpu_math_library_num_threads() == 3
    assert "fc_fuse_pass" in config.pass_builder().all_passes()
    assert twin.prog_file() == "two_io.json"


def test_hardware_this_build_lacks_behaves_as_paddles_cpu_build(in_fixtures, capfd):
    config = inference.Config("two_io.json", "two_io.pdiparams")
    config.enable_use_gpu(256, 1)
    assert "Please use PaddlePaddle with GPU version" in capfd.readouterr().err
    assert (config.use_gpu(), config.gpu_device_id()) == (False, 0)
    with pytest.raises(RuntimeError, match="TENSORRT"):
        config.enable_tensorrt_engine()
    with pytest.raises(RuntimeError, match="XPU"):
        config.enable_xpu()
    with pytest.raises(RuntimeError, match="ipu"):
        config.enable_ipu()
    config.enable_onnxruntime()
    assert not config.onnxruntime_enabled()
    config.enable_openvino_engine(inference.PrecisionType.Half)
    assert config.openvino_engine_enabled()
    assert "| openvino_inference_precision | fp16" in config.summary()


def test_version_queries():
    version = inference.get_version()
    assert version.startswith("version: 3.3.1\ncommit: feijiang-")
    assert inference.get_trt_compile_version() == (0, 0, 0)
    assert inference.get_trt_runtime_version() == (0, 0, 0)


def test_tensorrt_ipu_and_xpu_options_answer_as_paddles_cpu_build(in_fixtures, tmp_path):
    config = inference.Config("two_io.json", "two_io.pdiparams")
    config.enable_tensorrt_dla(1)
    config.enable_tensorrt_varseqlen()
    config.set_tensorrt_optimization_level(5)
    config.set_trt_dynamic_shape_info({"x": [1, 4]}, {"x": [8, 4]}, {"x": [4, 4]})
    assert config.tensorrt_optimization_level() == 5
    assert not (config.tensorrt_dla_enabled() or config.tensorrt_varseqlen_enabled()
                or config.tuned_tensorrt_dynamic_shape() or config.trt_allow_build_at_runtime())
    with pytest.raises(ValueError, match="call EnableTensorRtEngine"):
        config.enable_tensorrt_memory_optim()
    with pytest.raises(RuntimeError, match="Should call EnableXpu"):
        config.set_xpu_config(inference.XpuConfig())
    assert inference.XpuConfig().context_gm_size == -1
    with pytest.raises(RuntimeError, match="Cannot open file"):
        config.load_ipu_config(str(tmp_path / "missing.cfg"))
    config.enable_custom_device("npu")
    predictor = inference.create_predictor(config)  # recorded options change nothing here
    assert predictor.get_input_names() == ["x", "y"]
