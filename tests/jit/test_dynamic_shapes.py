"""to_static over code that builds shapes from dynamic dims (`b = x.shape[0]` with a None batch
in the InputSpec): the ops take those dims as tensors read when the program runs, so the
program converts (full_graph=True) and matches eager for every batch size, gradients too; and
such programs cross jit.save / jit.load both ways with real Paddle (the printed and saved form
is compared with Paddle's in test_printed_programs.py, model dynamic_shapes)."""
import os
import subprocess
import textwrap

import numpy as np
import pytest

import paddle
from paddle.static import InputSpec

from . import _dynamic_model as M

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "fixtures", "jit")
REF_PYTHON = os.path.join(os.path.dirname(__file__), "..", "..", ".venv-ref", "bin", "python")

SPEC = [InputSpec([None, 3, 4], "float32", "x")]


def _reshape(x):
    return x.reshape([x.shape[0], -1]) * 2


def _zeros(x):
    return paddle.zeros([x.shape[0], 3]) + x.sum()


def _full_from_shape_tensor(x):
    return paddle.full(paddle.shape(x)[:2], 1.5)


def _expand(x):
    return paddle.ones([1, 3, 4]).expand([x.shape[0], 3, 4]) * x


def _arange(x):
    return paddle.arange(x.shape[0]) * 3


def _tile(x):
    return paddle.tile(paddle.to_tensor([[1.0, 2.0]]), [x.shape[0], 1])


def _slice(x):
    return x[: x.shape[0] // 2 + 1, 1:]


@pytest.mark.parametrize("fn", [_reshape, _zeros, _full_from_shape_tensor, _expand, _arange,
                                _tile, _slice], ids=lambda f: f.__name__.strip("_"))
def test_dynamic_dims_convert_and_match_eager(fn):
    static = paddle.jit.to_static(fn, input_spec=SPEC, full_graph=True)
    for batch in (2, 5):
        x = paddle.to_tensor(np.arange(batch * 12, dtype="float32").reshape(batch, 3, 4))
        got, want = static(x), fn(x)
        assert got.shape == want.shape and got.dtype == want.dtype
        np.testing.assert_array_equal(got.numpy(), want.numpy())


def test_random_ops_take_a_dynamic_shape():
    def fn(x):
        b = x.shape[0]
        return paddle.randn([b, 2]), paddle.randint(0, 5, [b, 3]), paddle.rand(paddle.shape(x))

    static = paddle.jit.to_static(fn, input_spec=SPEC, full_graph=True)
    normal, ints, uniform = static(paddle.ones([6, 3, 4]))
    assert normal.shape == [6, 2] and ints.shape == [6, 3] and uniform.shape == [6, 3, 4]
    assert ints.dtype == paddle.int64 and 0 <= int(ints.min()) and int(ints.max()) < 5


def test_training_through_dynamic_shapes_matches_eager():
    paddle.seed(3)
    net = M.build(paddle)
    static = paddle.jit.to_static(net, input_spec=SPEC, full_graph=True)
    for batch in (3, 6):
        x = paddle.randn([batch, 3, 4])
        grads = []
        for run in (static, net.forward):
            out = run(x)[0]
            (out * out).sum().backward()
            grads.append((out.numpy(), net.fc.weight.grad.numpy().copy(),
                          net.fc.bias.grad.numpy().copy()))
            net.clear_gradients()
        for got, want in zip(*grads):
            np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)


def _fixture_io():
    return np.load(os.path.join(FIXTURES, "dynamic_io.npz"))


def test_real_paddles_dynamic_model_loads_and_runs_every_batch():
    layer = paddle.jit.load(os.path.join(FIXTURES, "dynamic"))
    io = _fixture_io()
    for batch in M.BATCHES:
        outs = layer(paddle.to_tensor(io[f"x{batch}"]))
        for k, out in enumerate(outs):
            np.testing.assert_allclose(out.numpy(), io[f"y{batch}_{k}"], rtol=1e-5, atol=1e-6)


def _saved_here(tmp_path):
    paddle.seed(7)
    layer = M.build(paddle)
    layer.eval()
    static = paddle.jit.to_static(layer, input_spec=[InputSpec(*M.SPEC)], full_graph=True)
    prefix = str(tmp_path / "dynamic")
    paddle.jit.save(static, prefix)
    expected = {b: [o.numpy() for o in layer(paddle.to_tensor(M.inputs(np, b)))]
                for b in M.BATCHES}
    return prefix, expected


def test_jit_save_writes_dynamic_shapes_and_loads_back(tmp_path):
    prefix, expected = _saved_here(tmp_path)
    with open(prefix + ".json") as f:
        text = f.read()
    assert '"1.full_with_tensor"' in text and '"1.stack"' in text
    loaded = paddle.jit.load(prefix)
    for batch, outs in expected.items():
        for got, want in zip(loaded(paddle.to_tensor(M.inputs(np, batch))), outs):
            np.testing.assert_allclose(got.numpy(), want, rtol=1e-6, atol=1e-6)


@pytest.mark.skipif(not os.path.exists(REF_PYTHON), reason="reference Paddle not installed")
def test_dynamic_shapes_saved_here_load_in_real_paddle(tmp_path):
    prefix, expected = _saved_here(tmp_path)
    script = textwrap.dedent("""
        import sys, numpy as np, paddle
        prefix = sys.argv[1]
        layer = paddle.jit.load(prefix)
        arrays = {}
        for batch in (2, 5):
            x = np.load(prefix + f"_x{batch}.npy")
            for k, out in enumerate(layer(paddle.to_tensor(x))):
                arrays[f"y{batch}_{k}"] = out.numpy()
        np.savez(prefix + "_ref.npz", **arrays)
    """)
    for batch in M.BATCHES:
        np.save(f"{prefix}_x{batch}.npy", M.inputs(np, batch))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["GLOG_minloglevel"] = "3"
    result = subprocess.run([os.path.abspath(REF_PYTHON), "-c", script, prefix], env=env,
                            cwd=str(tmp_path), capture_output=True, text=True, timeout=300,
                            check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    ref = np.load(prefix + "_ref.npz")
    for batch, outs in expected.items():
        for k, want in enumerate(outs):
            np.testing.assert_allclose(ref[f"y{batch}_{k}"], want, rtol=1e-5, atol=1e-6)


def test_jit_save_refuses_what_it_cannot_write_by_name(tmp_path):
    from paddle.jit.serialization.export import UnsupportedExportError
    def fixed_dim_by_batch(x):  # slicing a fixed-size dim by a run-time bound
        return x[:, : x.shape[0]]

    static = paddle.jit.to_static(fixed_dim_by_batch, input_spec=SPEC, full_graph=True)
    with pytest.raises(UnsupportedExportError, match="getitem"):
        paddle.jit.save(static, str(tmp_path / "m"))


def test_static_program_feeds_a_shape_tensor():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            dim = paddle.tensor.fill_constant([1], "int64", 4)
            shape = paddle.static.data("shape", [2], "int64")
            a = paddle.randint(-3, 3, [dim, 2, dim], "int32")
            b = paddle.zeros(shape)
        exe = paddle.static.Executor(paddle.CPUPlace())
        got_a, got_b = exe.run(main, feed={"shape": np.array([2, 7], "int64")},
                               fetch_list=[a, b])
    finally:
        paddle.disable_static()
    assert got_a.shape == (4, 2, 4) and got_a.dtype == np.int32
    assert got_b.shape == (2, 7) and not got_b.any()


def test_static_gradients_refuse_a_dynamic_op_clearly():
    paddle.enable_static()
    try:
        with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()):
            x = paddle.static.data("x", [-1, 3, 4], "float32")
            x.stop_gradient = False
            y = x.reshape([paddle.shape(x)[0], -1]).sum()
            (gx,) = paddle.static.gradients([y], [x])
            exe = paddle.static.Executor(paddle.CPUPlace())
            with pytest.raises(NotImplementedError, match="shape-like arguments from tensors"):
                exe.run(feed={"x": np.ones([2, 3, 4], "float32")}, fetch_list=[gx])
    finally:
        paddle.disable_static()


def test_verifier_and_passes_keep_dynamic_ops_working():
    from paddle._core.ir.interpreter import Interpreter
    from paddle._core.ir.verifier import verify
    from paddle._core.passes import PassManager, constant_fold, cse, dce
    from paddle._core.tracing import Tracer

    with Tracer() as tracer:
        x = tracer.input([-1, 3, 4], "float32", "x")
        b = paddle.shape(x)[0]
        y = x.reshape([b, -1]) + x.reshape([b, -1])  # the same dynamic op twice: CSE merges
        paddle.zeros([b, 5])  # unused: DCE drops it
    program, outputs = tracer.program, [y._data.value]
    verify(program)
    feed = {"x": np.arange(24, dtype="float32").reshape(2, 3, 4)}
    before = Interpreter(program, outputs).run(feed)[0]
    outputs = PassManager([constant_fold, cse, dce], print_ir=False).run(program, outputs)
    verify(program)
    names = [op.name for op in program.global_block().ops]
    assert names.count("pd_op.reshape") == 1 and "pd_op.full" not in names
    np.testing.assert_array_equal(Interpreter(program, outputs).run(feed)[0], before)
    np.testing.assert_array_equal(before, 2 * feed["x"].reshape(2, 12))
