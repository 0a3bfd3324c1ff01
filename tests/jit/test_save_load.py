"""paddle.jit.save / paddle.jit.load in Paddle 3.3's formats: files written by real Paddle load
here with its outputs and fine-tuning losses; files written here load back here and in real
Paddle (checked in a subprocess when the reference interpreter is installed)."""
import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import paddle
from paddle.jit.serialization import pdiparams
from paddle.static import InputSpec

sys.path.insert(0, os.path.dirname(__file__))
import ops_zoo

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "fixtures", "jit")
REF_PYTHON = os.path.join(os.path.dirname(__file__), "..", "..", ".venv-ref", "bin", "python")
MODELS = ["mlp", "lenet", "transformer"]


def _io(name):
    return np.load(os.path.join(FIXTURES, f"{name}_io.npz"))


# ---- files written by real Paddle ------------------------------------------------------------
@pytest.mark.parametrize("name", MODELS)
def test_paddle_written_model_gives_paddles_outputs(name):
    io = _io(name)
    layer = paddle.jit.load(os.path.join(FIXTURES, name))
    assert isinstance(layer, paddle.jit.TranslatedLayer)
    assert not layer.training
    out = layer(paddle.to_tensor(io["x"]))
    np.testing.assert_allclose(out.numpy(), io["y"], rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", MODELS)
def test_paddle_written_model_fine_tunes_like_paddle(name):
    io = _io(name)
    layer = paddle.jit.load(os.path.join(FIXTURES, name))
    layer.train()
    opt = paddle.optimizer.SGD(0.01, parameters=layer.parameters())
    losses = []
    for _ in range(len(io["losses"])):
        loss = layer(paddle.to_tensor(io["x"])).square().mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))
    np.testing.assert_allclose(losses, io["losses"], rtol=1e-4)


ZOO_INPUTS = {"zoo": len(ops_zoo.SPECS), "zoo2": len(ops_zoo.SPECS2)}


def _zoo_io(name):
    io = np.load(os.path.join(FIXTURES, f"{name}_io.npz"))
    arrays = [io[f"arr_{k}"] for k in range(len(io.files))]
    return arrays[:ZOO_INPUTS[name]], arrays[ZOO_INPUTS[name]:]


@pytest.mark.parametrize("name", sorted(ZOO_INPUTS))
def test_paddle_written_op_zoo_gives_paddles_outputs(name):
    inputs, expected = _zoo_io(name)
    got = paddle.jit.load(os.path.join(FIXTURES, name))(*inputs)
    assert len(got) == len(expected)
    for k, (g, e) in enumerate(zip(got, expected)):
        assert g.numpy().dtype == e.dtype and g.numpy().shape == e.shape, k
        np.testing.assert_allclose(g.numpy(), e, rtol=1e-5, atol=1e-5, equal_nan=True,
                                   err_msg=f"output {k}")


def test_translated_layer_names_parameters_like_paddle():
    layer = paddle.jit.load(os.path.join(FIXTURES, "lenet"))
    names = [n for n, _ in layer.named_parameters()]
    assert names == [f"param_{i}" for i in range(len(names))]
    assert list(layer.state_dict()) == names
    # sorted saved names: batch_norm2d_0.{b_0, w_0, w_1, w_2}, …; the running stats are frozen
    frozen = [p.stop_gradient for p in layer.parameters()]
    assert frozen[:4] == [False, False, True, True]
    spec = layer._input_spec()
    assert spec[0].shape == (-1, 1, 28, 28) and spec[0].name == "x"
    assert layer._output_spec()[0].shape == (-1, 10)


def test_translated_layer_accepts_numpy_and_checks_shapes():
    layer = paddle.jit.load(os.path.join(FIXTURES, "mlp"))
    x = _io("mlp")["x"]
    np.testing.assert_allclose(layer(x).numpy(), _io("mlp")["y"], rtol=1e-5)
    with pytest.raises(ValueError, match=r"input 'x' has shape \[3, 5\]"):
        layer(np.zeros([3, 5], "float32"))
    with pytest.raises(TypeError, match="numpy array or a Tensor"):
        layer([1.0, 2.0])


def test_translated_layer_program_is_traced_from_saved_shapes():
    program = paddle.jit.load(os.path.join(FIXTURES, "transformer")).program()
    names = {op.name for op in program.global_block().ops}
    assert {"pd_op.layer_norm", "pd_op.softmax", "pd_op.matmul"} <= names
    data = program.data_ops()[0]
    assert data.attrs["name"] == "src" and data.outputs[0].shape == [-1, 5, 16]


def test_inference_follows_parameter_updates():
    layer = paddle.jit.load(os.path.join(FIXTURES, "mlp"))
    x = paddle.to_tensor(_io("mlp")["x"])
    with paddle.no_grad():
        before = layer(x).numpy()
        for p in layer.parameters():
            p.set_value(np.zeros(p.shape, "float32"))
        after = layer(x).numpy()
    assert not np.allclose(before, after)
    np.testing.assert_allclose(after, np.full_like(after, 1 / 3), rtol=1e-6)


def test_pdiparams_round_trip_is_byte_exact(tmp_path):
    path = os.path.join(FIXTURES, "lenet.pdiparams")
    arrays = pdiparams.read_all(path)
    with open(os.path.join(FIXTURES, "lenet.json")) as f:
        document = json.load(f)
    names = sorted(op["A"][3] for op in document["program"]["regions"][0]["blocks"][0]["ops"]
                   if op["#"] == "p")
    assert len(names) == len(arrays)
    copy = str(tmp_path / "lenet_copy.pdiparams")
    pdiparams.save_combined(copy, dict(zip(names, arrays)))
    with open(copy, "rb") as mine, open(path, "rb") as theirs:
        assert mine.read() == theirs.read()


def test_tensor_desc_encoding():
    assert pdiparams.encode_tensor_desc("float32", [16]) == bytes([0x08, 0x05, 0x10, 0x10])
    assert pdiparams.decode_tensor_desc(pdiparams.encode_tensor_desc("int64", [-1, 3])) == \
        ("int64", [-1, 3])


def test_load_errors_name_the_problem(tmp_path):
    with pytest.raises(ValueError, match="not exists"):
        paddle.jit.load(str(tmp_path / "missing"))
    with pytest.raises(ValueError, match="not supported"):
        paddle.jit.load(os.path.join(FIXTURES, "mlp"), bogus=1)
    bad = tmp_path / "bad.json"
    bad.write_text('{"base_code": {"magic": "nope"}, "program": {}}')
    with pytest.raises(ValueError, match="not a PIR program"):
        paddle.jit.load(str(tmp_path / "bad"))


# ---- files written here ----------------------------------------------------------------------
class LeNet(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        nn = paddle.nn
        self.features = nn.Sequential(nn.Conv2D(1, 4, 3, padding=1), nn.ReLU(), nn.MaxPool2D(2),
                                      nn.Conv2D(4, 8, 5), nn.BatchNorm2D(8), nn.ReLU(),
                                      nn.AvgPool2D(2))
        self.fc = nn.Linear(8 * 5 * 5, 10)

    def forward(self, x):
        return self.fc(paddle.flatten(self.features(x), 1))


class Attention(paddle.nn.Layer):
    """A transformer block from primitives: q/k/v projections, two heads, layer norm, MLP."""

    def __init__(self, d=16, heads=2):
        super().__init__()
        self.heads, self.d = heads, d
        self.qkv = paddle.nn.Linear(d, 3 * d)
        self.out = paddle.nn.Linear(d, d)
        self.norm = paddle.nn.LayerNorm(d)
        self.mlp = paddle.nn.Sequential(paddle.nn.Linear(d, 32), paddle.nn.GELU(),
                                        paddle.nn.Linear(32, d))
        self.drop = paddle.nn.Dropout(0.1)

    def forward(self, x):
        q, k, v = paddle.split(self.qkv(x), 3, axis=-1)
        shape = [0, 0, self.heads, self.d // self.heads]
        q, k, v = (paddle.transpose(paddle.reshape(t, shape), [0, 2, 1, 3]) for t in (q, k, v))
        scores = paddle.nn.functional.softmax(q @ k.transpose([0, 1, 3, 2]) * 0.5, axis=-1)
        ctx = paddle.reshape(paddle.transpose(self.drop(scores) @ v, [0, 2, 1, 3]),
                             [0, 0, self.d])
        h = self.norm(x + self.out(ctx))
        return h + self.mlp(h)[:, :, :], h.mean(axis=1)


def _mlp():
    return paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.Tanh(), paddle.nn.Linear(8, 3),
                                paddle.nn.Softmax())


def _encoder():
    layer = paddle.nn.TransformerEncoderLayer(16, 2, 32, dropout=0.1)
    return paddle.nn.TransformerEncoder(layer, 2)


def _normal(*shapes):
    rng = np.random.default_rng(1)
    return lambda: [rng.standard_normal(s).astype("float32") for s in shapes]


CASES = {
    "mlp": (_mlp, [InputSpec([None, 4], "float32", "x")], _normal((3, 4))),
    "lenet": (LeNet, [InputSpec([None, 1, 28, 28], "float32", "x")], _normal((2, 1, 28, 28))),
    "attention": (Attention, [InputSpec([None, 5, 16], "float32", "x")], _normal((2, 5, 16))),
    "transformer": (_encoder, [InputSpec([None, 5, 16], "float32", "src")],
                    _normal((2, 5, 16))),
    "zoo": (lambda: ops_zoo.build(paddle),
            [InputSpec(shape, dtype, name) for name, shape, dtype in ops_zoo.SPECS],
            lambda: ops_zoo.inputs(np)),
    "zoo2": (lambda: ops_zoo.build2(paddle),
             [InputSpec(shape, dtype, name) for name, shape, dtype in ops_zoo.SPECS2],
             lambda: ops_zoo.inputs2(np)),
}


def _saved(tmp_path, name, keep=None):
    paddle.seed(7)
    make, spec, make_inputs = CASES[name]
    layer = make()
    if keep is not None:
        keep.append(layer)
    layer.eval()
    inputs = make_inputs()
    outputs = layer(*[paddle.to_tensor(a) for a in inputs])
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    prefix = str(tmp_path / name)
    paddle.jit.save(layer, prefix, input_spec=spec)
    return prefix, inputs, [o.numpy() for o in outputs]


@pytest.mark.parametrize("name", sorted(CASES))
def test_saved_here_loads_here(tmp_path, name):
    prefix, inputs, expected = _saved(tmp_path, name)
    assert sorted(os.listdir(tmp_path)) == [f"{name}.json", f"{name}.pdiparams"]
    loaded = paddle.jit.load(prefix)
    got = loaded(*[paddle.to_tensor(a) for a in inputs])
    got = got if isinstance(got, list) else [got]
    for g, e in zip(got, expected):
        np.testing.assert_allclose(g.numpy(), e, rtol=1e-5, atol=1e-6, equal_nan=True)


def test_saved_json_has_paddles_layout(tmp_path):
    layers = []
    prefix, _, _ = _saved(tmp_path, "mlp", layers)
    with open(prefix + ".json") as f:
        text = f.read()
    document = json.loads(text)
    assert document["base_code"] == {"magic": "pir", "trainable": True, "version": 4}
    assert " " not in text  # compact, as Paddle writes it
    ops = document["program"]["regions"][0]["blocks"][0]["ops"]
    kinds = [op["#"] for op in ops]
    assert kinds[:4] == ["p"] * 4 and kinds[4] == "1.data" and kinds[-1] == "1.fetch"
    # parameters in reverse creation order; .pdiparams in sorted-name order
    created = [p.name for p in layers[0].parameters()]
    assert [op["A"][3] for op in ops[:4]] == created[::-1]
    arrays = pdiparams.read_all(prefix + ".pdiparams")
    assert [a.shape for a in arrays] == [(8,), (4, 8), (3,), (8, 3)]


def test_save_checks_its_arguments(tmp_path):
    with pytest.raises(ValueError, match="not supported"):
        paddle.jit.save(_mlp(), str(tmp_path / "m"), input_spec=[InputSpec([1, 4])], bad=1)
    with pytest.raises(TypeError, match="'Layer' or 'Function'"):
        paddle.jit.save(3, str(tmp_path / "m"))
    with pytest.raises(ValueError, match="input_spec"):
        paddle.jit.save(_mlp(), str(tmp_path / "m"))


def test_save_function_and_output_spec(tmp_path):
    def fn(x, y):
        return paddle.tanh(x) + y, x * y

    prefix = str(tmp_path / "fn")
    paddle.jit.save(fn, prefix, input_spec=[InputSpec([2, 3]), InputSpec([2, 3])],
                    output_spec=[1])
    assert os.listdir(tmp_path) == ["fn.json"]
    loaded = paddle.jit.load(prefix)
    assert [s.name for s in loaded._input_spec()] == ["x", "y"]
    a, b = np.ones([2, 3], "float32"), np.full([2, 3], 2.0, "float32")
    np.testing.assert_allclose(loaded(a, b).numpy(), a * b)


def test_loaded_layer_can_be_saved_again(tmp_path):
    first = paddle.jit.load(os.path.join(FIXTURES, "mlp"))
    paddle.jit.save(first, str(tmp_path / "again"), input_spec=[InputSpec([None, 4], name="x")])
    second = paddle.jit.load(str(tmp_path / "again"))
    x = _io("mlp")["x"]
    np.testing.assert_allclose(second(x).numpy(), _io("mlp")["y"], rtol=1e-5, atol=1e-6)


@pytest.mark.skipif(not os.path.exists(REF_PYTHON), reason="reference Paddle not installed")
def test_saved_here_loads_in_real_paddle(tmp_path):
    cases = {}
    for name in sorted(CASES):
        prefix, inputs, expected = _saved(tmp_path, name)
        np.savez(prefix + "_io.npz", *inputs)
        cases[name] = expected
    script = textwrap.dedent("""
        import sys, numpy as np, paddle
        for prefix in sys.argv[1:]:
            io = np.load(prefix + "_io.npz")
            out = paddle.jit.load(prefix)(*[paddle.to_tensor(io[k]) for k in sorted(io)])
            out = out if isinstance(out, list) else [out]
            np.savez(prefix + "_ref.npz", *[o.numpy() for o in out])
    """)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["GLOG_minloglevel"] = "3"
    prefixes = [str(tmp_path / name) for name in cases]
    result = subprocess.run([os.path.abspath(REF_PYTHON), "-c", script, *prefixes], env=env,
                            cwd=str(tmp_path), capture_output=True, text=True, timeout=300,
                            check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    for name, expected in cases.items():
        ref = np.load(str(tmp_path / f"{name}_ref.npz"))
        got = [ref[f"arr_{i}"] for i in range(len(ref.files))]
        assert len(got) == len(expected)
        for k, (g, e) in enumerate(zip(got, expected)):
            assert g.dtype == e.dtype and g.shape == e.shape, (name, k)
            np.testing.assert_allclose(g, e, rtol=1e-5, atol=1e-5, equal_nan=True,
                                       err_msg=f"{name} output {k}")
