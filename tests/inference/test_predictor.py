"""paddle.inference predictors: outputs equal real Paddle Inference's (two_io_io.npz, from
tools/make_inference_fixtures.py; LeNet's legacy .pdmodel from tools/make_jit_fixtures.py), the
handles' behaviour, errors on bad input, clones and pools, thread safety."""
import os
import threading

import numpy as np
import pytest

import paddle
from paddle import inference
from paddle._core.backend.blas_threads import blas_threads

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "fixtures")
MODEL = os.path.join(FIXTURES, "inference", "two_io")
LENET = os.path.join(FIXTURES, "jit", "legacy", "lenet")
IO = np.load(MODEL + "_io.npz")


def _config(prefix=MODEL, suffix=".json"):
    return inference.Config(prefix + suffix, prefix + ".pdiparams")


def _predictor(**switches):
    config = _config()
    for name, value in switches.items():
        getattr(config, name)(value)
    return inference.create_predictor(config)


def _feed(predictor, x=IO["x"], y=IO["y"]):
    predictor.get_input_handle("x").copy_from_cpu(x)
    predictor.get_input_handle("y").copy_from_cpu(y)


def _outputs(predictor):
    return [predictor.get_output_handle(n).copy_to_cpu() for n in predictor.get_output_names()]


@pytest.mark.parametrize("ir_optim", [True, False])
def test_outputs_match_paddle_inference(ir_optim):
    predictor = _predictor(switch_ir_optim=ir_optim)
    assert predictor.get_input_names() == ["x", "y"]
    assert predictor.get_output_names() == ["fetch_name_0", "fetch_name_1"]
    _feed(predictor)
    assert predictor.run() is None
    out0, out1 = _outputs(predictor)
    np.testing.assert_allclose(out0, IO["out0"], rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(out1, IO["out1"], rtol=1e-6, atol=1e-6)


def test_run_with_a_list_of_tensors_returns_tensors():
    predictor = _predictor()
    outs = predictor.run([paddle.to_tensor(IO["x"]), paddle.to_tensor(IO["y"])])
    assert all(isinstance(t, paddle.Tensor) for t in outs)
    np.testing.assert_allclose(outs[0].numpy(), IO["out0"], rtol=1e-6, atol=1e-6)
    # the output handles hold the same results afterwards
    np.testing.assert_allclose(_outputs(predictor)[1], IO["out1"], rtol=1e-6, atol=1e-6)


def test_legacy_pdmodel_through_the_predictor():
    io = np.load(os.path.join(FIXTURES, "jit", "lenet_io.npz"))
    pytest.importorskip("google.protobuf")
    predictor = inference.create_predictor(_config(LENET, ".pdmodel"))
    handle = predictor.get_input_handle(predictor.get_input_names()[0])
    handle.reshape(list(io["x"].shape))
    handle.copy_from_cpu(io["x"])
    predictor.run()
    out = predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()
    np.testing.assert_allclose(out, io["y"], rtol=1e-5, atol=1e-5)


def test_model_from_memory_gives_the_same_outputs():
    with open(MODEL + ".json", "rb") as f:
        program = f.read()
    with open(MODEL + ".pdiparams", "rb") as f:
        params = f.read()
    config = inference.Config()
    config.set_model_buffer(program, len(program), params, len(params))
    predictor = inference.create_predictor(config)
    _feed(predictor)
    predictor.run()
    np.testing.assert_allclose(_outputs(predictor)[0], IO["out0"], rtol=1e-6, atol=1e-6)


def test_handles_before_and_after_data():
    predictor = _predictor()
    x = predictor.get_input_handle("x")
    out = predictor.get_output_handle("fetch_name_0")
    assert x.shape() == [0] and out.shape() == [0]
    assert x.type() == inference.DataType.FLOAT32 and x.name() == "x"
    with pytest.raises(RuntimeError, match="holds no memory"):
        out.copy_to_cpu()
    x.reshape([5, 4])
    assert x.shape() == [5, 4]
    x.copy_from_cpu(IO["x"].astype("float64"))
    assert x.type() == inference.DataType.FLOAT64
    x.set_lod([[0, 2, 5]])
    assert x.lod() == [[0, 2, 5]]
    _feed(predictor)
    predictor.run()
    assert out.shape() == [5, 3] and out.lod() == []


def test_copy_from_cpu_copies_and_share_external_data_does_not():
    predictor = _predictor()
    x = IO["x"].copy()
    predictor.get_input_handle("x").copy_from_cpu(x)
    predictor.get_input_handle("y").copy_from_cpu(IO["y"])
    x[:] = 0  # the handle holds its own copy
    predictor.run()
    np.testing.assert_allclose(_outputs(predictor)[1], IO["out1"], rtol=1e-6)
    shared = paddle.to_tensor(IO["x"])
    predictor.get_input_handle("x").share_external_data(shared)
    shared._data[:] = 1.0  # the predictor reads the shared memory itself
    predictor.run()
    np.testing.assert_allclose(_outputs(predictor)[1], np.full([5], 4.0, "float32"))
    memory = np.ascontiguousarray(IO["x"])
    predictor.get_input_handle("x").share_external_data_by_ptr_name(
        memory.ctypes.data, list(memory.shape), inference.DataType.FLOAT32,
        inference.PlaceType.CPU)
    predictor.run()
    np.testing.assert_allclose(_outputs(predictor)[1], IO["out1"], rtol=1e-6)


def test_bad_input_names_the_input_and_what_was_expected():
    predictor = _predictor()
    with pytest.raises(RuntimeError, match="variable named zz is not found"):
        predictor.get_input_handle("zz")
    with pytest.raises(RuntimeError, match="variable named zz is not found"):
        predictor.get_output_handle("zz")
    predictor.get_input_handle("x").copy_from_cpu(IO["x"])
    with pytest.raises(ValueError, match="input 'y' has no data"):
        predictor.run()
    cases = [(np.ones([5, 5], "float32"),
              r"'x' has shape \[5, 5\], but the model expects \[-1, 4\]"),
             (np.ones([4], "float32"), r"'x' has shape \[4\]"),
             (np.ones([5, 4], "float64"), "'x' has dtype float64, but the model expects float32"),
             (np.ones([5, 4], "int64"), "'x' has dtype int64")]
    predictor.get_input_handle("y").copy_from_cpu(IO["y"])
    for bad, message in cases:
        predictor.get_input_handle("x").copy_from_cpu(bad)
        with pytest.raises(ValueError, match=message):
            predictor.run()
    with pytest.raises(TypeError, match="only support numpy ndarray"):
        predictor.get_input_handle("x").copy_from_cpu([1.0, 2.0])
    with pytest.raises(TypeError, match="only support Tensor"):
        predictor.get_input_handle("x").share_external_data(IO["x"])
    with pytest.raises(ValueError, match="need 2 but get 1"):
        predictor.run([paddle.to_tensor(IO["x"])])
    with pytest.raises(TypeError, match="incompatible function arguments"):
        predictor.run([IO["x"], IO["y"]])


def test_a_config_serves_one_predictor():
    config = _config()
    inference.create_predictor(config)
    with pytest.raises(ValueError, match="Each config can only be used for one predictor"):
        inference.create_predictor(config)
    with pytest.raises(ValueError, match="Either model_dir or"):
        inference.create_predictor(inference.Config())
    with pytest.raises(RuntimeError, match="Cannot open the parameter file"):
        inference.create_predictor(inference.Config(MODEL + ".json", MODEL + ".missing"))


def test_clear_intermediate_tensor_and_try_shrink_memory():
    predictor = _predictor()
    _feed(predictor)
    predictor.run()
    assert predictor.try_shrink_memory() == 0
    assert _outputs(predictor)[0].shape == (5, 3)
    predictor.clear_intermediate_tensor()
    with pytest.raises(RuntimeError, match="holds no memory"):
        predictor.get_output_handle("fetch_name_0").copy_to_cpu()


def test_clones_share_parameters_and_run_concurrently():
    predictor = _predictor()
    clones = [predictor.clone() for _ in range(4)]
    assert all(c._engine.parameters is predictor._engine.parameters for c in clones)
    rng = np.random.default_rng(1)
    inputs = [(rng.standard_normal([8, 4]).astype("float32"),
               rng.standard_normal([8, 3]).astype("float32")) for _ in clones]
    expected = []
    for x, y in inputs:
        _feed(predictor, x, y)
        predictor.run()
        expected.append(_outputs(predictor))
    results = [None] * len(clones)

    def work(i):
        for _ in range(20):
            _feed(clones[i], *inputs[i])
            clones[i].run()
            results[i] = _outputs(clones[i])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(clones))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    for got, want in zip(results, expected):
        np.testing.assert_array_equal(got[0], want[0])
        np.testing.assert_array_equal(got[1], want[1])


def test_predictor_pool():
    pool = inference.PredictorPool(_config(), 3)
    first, last = pool.retrieve(0), pool.retrieve(2)
    assert first is not last and first._engine.parameters is last._engine.parameters
    with pytest.raises(ValueError, match="There are \\(3\\) predictors in the pool"):
        pool.retrieve(3)


def test_ir_debug_prints_the_program_after_each_pass(capsys):
    config = _config()
    config.switch_ir_debug(True)
    predictor = inference.create_predictor(config)
    _feed(predictor)
    predictor.run()
    printed = capsys.readouterr().out
    assert "--- IR after constant_folding_pass ---" in printed
    assert "pd_op.matmul" in printed or "pd_op.fc" in printed


def test_ir_debug_can_name_the_passes_to_print_after(capsys):
    config = _config()
    config.switch_ir_debug(True, ["constant_folding_pass"])
    predictor = inference.create_predictor(config)
    _feed(predictor)
    predictor.run()
    printed = capsys.readouterr().out
    assert printed.count("--- IR after ") == printed.count("--- IR after constant_folding_pass")
    assert printed.count("--- IR after constant_folding_pass ---") == 1


def test_flags_print_ir_prints_like_switch_ir_debug(capsys):
    paddle.set_flags({"FLAGS_print_ir": True})
    try:
        predictor = _predictor()
        _feed(predictor)
        predictor.run()
    finally:
        paddle.set_flags({"FLAGS_print_ir": False})
    assert "--- IR after constant_folding_pass ---" in capsys.readouterr().out


def test_math_library_threads_apply_during_runs_only():
    before = blas_threads()
    if before is None:
        pytest.skip("NumPy's BLAS exposes no thread control here")
    config = _config()
    config.set_cpu_math_library_num_threads(2)
    predictor = inference.create_predictor(config)
    _feed(predictor)
    predictor.run()
    assert blas_threads() == before
