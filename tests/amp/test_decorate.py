"""decorate(level='O2') with AMP effective (opt-in on the CPU): which parameters become low
precision, float32 master weights, save_dtype, master_grad, excluded layers — and an O2
state_dict that real Paddle's paddle.load reads back."""
import os

import numpy as np
import pytest
from published_models import run_reference

import paddle

pytestmark = pytest.mark.usefixtures("amp_on_cpu")


class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.conv = paddle.nn.Conv2D(2, 4, 3)
        self.bn = paddle.nn.BatchNorm2D(4)
        self.fc = paddle.nn.Linear(4, 3)
        self.ln = paddle.nn.LayerNorm(3)

    def forward(self, x):
        h = self.bn(self.conv(x)).mean(axis=[2, 3])
        return self.ln(self.fc(h))


def _dtypes(layer):
    return {name: str(p.dtype).split(".")[1] for name, p in layer.state_dict().items()}


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_o2_casts_all_but_the_norms_paddle_keeps(dtype):
    net = Net()
    opt = paddle.optimizer.AdamW(parameters=net.parameters())
    out_net, out_opt = paddle.amp.decorate(net, opt, level="O2", dtype=dtype)
    assert out_net is net and out_opt is opt
    dtypes = _dtypes(net)
    for name in ("conv.weight", "conv.bias", "fc.weight", "fc.bias"):
        assert dtypes[name] == dtype
    for name in ("bn.weight", "bn.bias", "bn._mean", "bn._variance"):
        assert dtypes[name] == "float32"
    # layer norm keeps float32 for float16 only
    norm = "float32" if dtype == "float16" else "bfloat16"
    assert dtypes["ln.weight"] == dtypes["ln.bias"] == norm
    assert opt._multi_precision
    with paddle.amp.auto_cast(level="O2", dtype=dtype):
        out = net(paddle.rand([2, 2, 5, 5]))
    assert out.dtype == getattr(paddle, dtype)


def test_master_weights_carry_the_float32_update():
    paddle.seed(3)
    net = paddle.nn.Linear(4, 4)
    opt = paddle.optimizer.SGD(learning_rate=1e-3, parameters=net.parameters())
    net, opt = paddle.amp.decorate(net, opt, level="O2", dtype="bfloat16")
    reference = paddle.nn.Linear(4, 4)  # starts from the bfloat16 weights, in float32
    reference.weight.set_value(net.weight.astype("float32"))
    x = paddle.rand([8, 4])
    for _ in range(3):
        with paddle.amp.auto_cast(level="O2", dtype="bfloat16"):
            loss = net(x).astype("float32").mean()
        loss.backward()
        grad = net.weight.grad.astype("float32")
        opt.step()
        opt.clear_grad()
        # the reference takes the same (bfloat16-computed) gradient in float32
        with paddle.no_grad():
            reference.weight.set_value(reference.weight - 1e-3 * grad)
    master = opt.state_dict()["master_weights"][net.weight.name]
    assert master.dtype == paddle.float32
    np.testing.assert_allclose(master.numpy(), reference.weight.numpy(), rtol=1e-6, atol=1e-7)
    # the bfloat16 parameter is the master rounded
    np.testing.assert_array_equal(net.weight.numpy(), master.astype("bfloat16").numpy())


def test_master_weight_false_turns_multi_precision_off():
    net = paddle.nn.Linear(2, 2)
    opt = paddle.optimizer.Adam(parameters=net.parameters())
    paddle.amp.decorate(net, opt, level="O2", master_weight=False)
    assert not opt._multi_precision


def test_save_dtype_sets_what_state_dict_holds():
    net = Net()
    paddle.amp.decorate(net, level="O2", dtype="float16", save_dtype="float32")
    assert net.fc.weight.dtype == paddle.float16
    assert set(_dtypes(net).values()) == {"float32"}
    assert net.state_dict()["fc.weight"].name == net.fc.weight.name
    with pytest.raises(ValueError, match="save_dtype can only be float16 float32 or float64"):
        paddle.amp.decorate(Net(), level="O2", save_dtype="int8")


def test_excluded_layers_keep_float32():
    net = Net()
    paddle.amp.decorate(net, level="O2", excluded_layers=[paddle.nn.Conv2D, net.fc])
    dtypes = _dtypes(net)
    assert dtypes["conv.weight"] == dtypes["fc.weight"] == "float32"
    other = Net()
    paddle.amp.decorate(other, level="O2", excluded_layers=other.conv)
    assert _dtypes(other)["conv.weight"] == "float32"
    assert _dtypes(other)["fc.weight"] == "float16"
    with pytest.raises(TypeError, match="excluded_layers must be either a nn.Layer"):
        paddle.amp.decorate(Net(), level="O2", excluded_layers="conv")


def test_lists_in_lists_out_and_bad_arguments():
    nets = [paddle.nn.Linear(2, 2), paddle.nn.Linear(2, 2)]
    opts = [paddle.optimizer.SGD(parameters=n.parameters()) for n in nets]
    out_nets, out_opts = paddle.amp.decorate(nets, opts, level="O2")
    assert out_nets is nets and out_opts is opts
    assert paddle.amp.decorate(nets[0], level="O2") is nets[0]
    with pytest.raises(TypeError, match="models must be either a single model"):
        paddle.amp.decorate("net", level="O2")
    with pytest.raises(TypeError, match="optimizers must be either a single optimizer"):
        paddle.amp.decorate(paddle.nn.Linear(2, 2), "sgd", level="O2")
    assert paddle.amp.decorate(nets[0], level="O1") is nets[0]


def test_master_grad_gives_float32_gradients():
    from paddle.amp.auto_cast import amp_global_state
    net = paddle.nn.Linear(3, 3)
    try:
        paddle.amp.decorate(net, level="O2", master_grad=True)
        with paddle.amp.auto_cast(level="O2"):
            loss = net(paddle.rand([2, 3])).astype("float32").sum()
        loss.backward()
        assert net.weight.dtype == paddle.float16
        assert net.weight.grad.dtype == paddle.float32
    finally:
        amp_global_state().use_master_grad = False
        amp_global_state().model_parameters.clear()


LOAD_SCRIPT = """
import sys, json
import paddle
state = paddle.load(sys.argv[1])
print(json.dumps({k: [str(v.dtype), v.astype('float32').numpy().ravel().tolist()]
                  for k, v in state.items()}))
net = paddle.nn.Linear(2, 3)
net.to(dtype='bfloat16')
with paddle.no_grad():
    net.weight.set_value(paddle.arange(6, dtype='float32').reshape([2, 3]).astype('bfloat16'))
paddle.save(net.state_dict(), sys.argv[2])
"""


def test_o2_state_dict_round_trips_through_real_paddle(tmp_path):
    import json
    net = paddle.nn.Sequential(paddle.nn.Linear(2, 3), paddle.nn.LayerNorm(3))
    paddle.amp.decorate(net, level="O2", dtype="bfloat16")
    ours = os.path.join(tmp_path, "ours.pdparams")
    theirs = os.path.join(tmp_path, "theirs.pdparams")
    paddle.save(net.state_dict(), ours)
    out = run_reference(LOAD_SCRIPT, [ours, theirs], cwd=str(tmp_path))
    loaded = json.loads(out.strip().splitlines()[-1])
    for key, value in net.state_dict().items():
        dtype, values = loaded[key]
        assert dtype == "paddle.bfloat16"
        np.testing.assert_array_equal(values, value.astype("float32").numpy().ravel())
    back = paddle.load(theirs)
    assert back["weight"].dtype == paddle.bfloat16
    np.testing.assert_array_equal(back["weight"].astype("float32").numpy(),
                                  np.arange(6, dtype="float32").reshape(2, 3))
