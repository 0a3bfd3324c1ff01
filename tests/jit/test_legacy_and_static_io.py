"""Legacy `.pdmodel` programs (ProgramDesc protobuf) written by real Paddle, and the
paddle.static model I/O: save_inference_model / load_inference_model, save / load."""
import os

import numpy as np
import pytest

import paddle

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "fixtures", "jit")
LEGACY = os.path.join(FIXTURES, "legacy")


def _has_protobuf() -> bool:
    try:
        import google.protobuf  # noqa: F401
    except ImportError:
        return False
    return True


needs_protobuf = pytest.mark.skipif(not _has_protobuf(),
                                    reason="the protobuf package is not installed")


def _io(name):
    return np.load(os.path.join(FIXTURES, f"{name}_io.npz"))


@needs_protobuf
@pytest.mark.parametrize("name", ["mlp", "lenet"])
def test_legacy_pdmodel_gives_paddles_outputs(name):
    layer = paddle.jit.load(os.path.join(LEGACY, name))
    np.testing.assert_allclose(layer(_io(name)["x"]).numpy(), _io(name)["y"], rtol=1e-5,
                               atol=1e-5)


@needs_protobuf
def test_legacy_pdmodel_fine_tunes_like_paddle():
    layer = paddle.jit.load(os.path.join(LEGACY, "lenet"))
    # .pdiparams.info marks the batch-norm running statistics as frozen
    assert [p.stop_gradient for p in layer.parameters()][:4] == [False, False, True, True]
    layer.train()
    opt = paddle.optimizer.SGD(0.01, parameters=layer.parameters())
    x, losses = _io("lenet")["x"], []
    for _ in range(3):
        loss = layer(x).square().mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))
    np.testing.assert_allclose(losses, _io("lenet")["losses"], rtol=1e-4)


@needs_protobuf
def test_legacy_program_reader_sees_feeds_fetches_and_parameters():
    from paddle.jit.serialization.pdmodel import read_pdmodel
    program = read_pdmodel(os.path.join(LEGACY, "lenet.pdmodel"))
    assert [f.name for f in program.feeds] == ["x"]
    assert list(program.feeds[0].meta.shape) == [-1, 1, 28, 28]
    assert len(program.fetches) == 1
    ops = [op.name for op in program.ops]
    assert ops[:3] == ["conv2d", "reshape2", "elementwise_add"]
    assert {"batch_norm", "pool2d", "matmul_v2", "hard_swish"} <= set(ops)
    conv = program.ops[0]
    assert conv.attrs["strides"] == [1, 1] and conv.attrs["padding_algorithm"] == "EXPLICIT"
    assert len(program.parameters) == 12


@needs_protobuf
def test_legacy_bad_file_is_reported(tmp_path):
    from paddle.jit.serialization.pdmodel import read_pdmodel
    path = tmp_path / "bad.pdmodel"
    path.write_bytes(b"\xff\xff\xff")
    with pytest.raises(ValueError, match="not a Paddle ProgramDesc"):
        read_pdmodel(str(path))


# ---- paddle.static ---------------------------------------------------------------------------
@pytest.fixture
def static_mode():
    paddle.enable_static()
    yield
    paddle.disable_static()


def _program():
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [None, 4], "float32")
        linear = paddle.nn.Linear(4, 3)
        out = paddle.nn.functional.relu(linear(x)) * 2.0
    return main, x, out, linear


def test_save_and_load_inference_model(static_mode, tmp_path):
    main, x, out, _ = _program()
    exe = paddle.static.Executor()
    feed = {"x": np.random.default_rng(0).standard_normal([2, 4]).astype("float32")}
    expected = exe.run(main, feed=feed, fetch_list=[out])[0]
    prefix = str(tmp_path / "infer")
    paddle.static.save_inference_model(prefix, [x], [out], exe, program=main)
    assert sorted(os.listdir(tmp_path)) == ["infer.json", "infer.pdiparams"]
    program, feeds, fetches = paddle.static.load_inference_model(prefix, exe)
    assert feeds == ["x"] and len(fetches) == 1
    np.testing.assert_allclose(exe.run(program, feed=feed, fetch_list=fetches)[0], expected,
                               rtol=1e-6)
    paddle.disable_static()
    loaded = paddle.jit.load(prefix)  # the same files serve jit.load
    np.testing.assert_allclose(loaded(feed["x"]).numpy(), expected, rtol=1e-6)


def test_load_inference_model_reads_paddle_written_files(static_mode):
    exe = paddle.static.Executor()
    program, feeds, fetches = paddle.static.load_inference_model(
        os.path.join(FIXTURES, "mlp"), exe)
    out = exe.run(program, feed={feeds[0]: _io("mlp")["x"]}, fetch_list=fetches)[0]
    np.testing.assert_allclose(out, _io("mlp")["y"], rtol=1e-5)


def test_save_inference_model_checks_its_variables(static_mode, tmp_path):
    main, x, _out, _ = _program()
    with pytest.raises(TypeError, match="fetch_vars must be variables"):
        paddle.static.save_inference_model(str(tmp_path / "m"), [x], [np.zeros(3)],
                                           paddle.static.Executor(), program=main)
    with pytest.raises(ValueError, match="no model file"):
        paddle.static.load_inference_model(str(tmp_path / "missing"), paddle.static.Executor())


def test_static_save_load_round_trip(static_mode, tmp_path):
    main, _x, out, linear = _program()
    exe = paddle.static.Executor()
    feed = {"x": np.ones([2, 4], "float32")}
    expected = exe.run(main, feed=feed, fetch_list=[out])[0]
    path = str(tmp_path / "ckpt")
    paddle.static.save(main, path)
    assert sorted(os.listdir(tmp_path)) == ["ckpt.json", "ckpt.pdopt", "ckpt.pdparams"]
    state = paddle.static.load_program_state(path)
    assert sorted(state) == sorted([linear.weight.name, linear.bias.name])
    linear.weight.set_value(np.zeros([4, 3], "float32"))
    paddle.static.load(main, path, exe)
    np.testing.assert_allclose(exe.run(main, feed=feed, fetch_list=[out])[0], expected)
    state[linear.bias.name] = np.zeros([5], "float32")
    with pytest.raises(ValueError, match="shape"):
        paddle.static.set_program_state(main, state)
