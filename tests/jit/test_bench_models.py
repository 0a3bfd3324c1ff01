"""Acceptance: the bench models (MLP, LeNet, ResNet-18, a 2-layer GPT, an LSTM) under
paddle.jit.to_static give eager's outputs — for inference (the interpreter runs the program) and
for training (loss.backward() through the converted layer) — and every parameter gradient equals
eager's within 1e-6 relative. Everything runs in float32. The model with tensor-dependent `if`
and `while` is checked in test_control_flow.py (test_model_with_if_and_while_trains_like_eager).
"""
import re

import numpy as np
import pytest

import paddle
from paddle import nn
from paddle.static import InputSpec

from ._print_models import build

RTOL, ATOL = 1e-6, 1e-7

# a fallback to dynamic mode warns; the bench models must convert completely
pytestmark = pytest.mark.filterwarnings("error::UserWarning")


class MLP(nn.Layer):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(20, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU(),
                                  nn.Linear(32, 10))

    def forward(self, x):
        return self.body(x)


class LSTMNet(nn.Layer):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(8, 12, num_layers=2)
        self.head = nn.Linear(12, 3)

    def forward(self, x):
        out, (h, c) = self.lstm(x)
        return self.head(out[:, -1]) + h.sum()


def _floats(shape, seed):
    return np.random.default_rng(seed).standard_normal(shape).astype("float32")


MODELS = {
    "mlp": (MLP, lambda: _floats((4, 20), 0), [InputSpec([None, 20], "float32", "x")]),
    "lenet": (paddle.vision.models.LeNet, lambda: _floats((2, 1, 28, 28), 1),
              [InputSpec([None, 1, 28, 28], "float32", "x")]),
    "resnet18": (lambda: paddle.vision.models.resnet18(num_classes=10),
                 lambda: _floats((2, 3, 32, 32), 2), None),
    "gpt": (lambda: build(paddle, "gpt")[0],
            lambda: np.random.default_rng(3).integers(0, 50, (2, 8)).astype("int64"), None),
    "lstm": (LSTMNet, lambda: _floats((3, 5, 8), 4), [InputSpec([None, 5, 8], "float32", "x")]),
}


KEY_OPS = {"mlp": "pd_op.matmul", "lenet": "pd_op.conv2d", "resnet18": "pd_op.batch_norm",
           "gpt": "pd_op.layer_norm", "lstm": "pd_op.rnn_layer"}


def _twins(name):
    make, data, spec = MODELS[name]
    paddle.seed(7)
    eager = make()
    static = make()
    static.set_state_dict(eager.state_dict())
    return eager, paddle.jit.to_static(static, input_spec=spec), data()


def _loss(out):
    return (out * out).mean()


def _close(got, want, what):
    np.testing.assert_allclose(got, want, rtol=RTOL, atol=ATOL, err_msg=what)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_to_static_training_matches_eager(name):
    eager, static, data = _twins(name)
    out_e, out_s = eager(paddle.to_tensor(data)), static(paddle.to_tensor(data))
    program = static.forward.concrete_program.main_program
    assert KEY_OPS[name] in {op.name for op in program.all_ops()}
    _close(out_s.numpy(), out_e.numpy(), f"{name} forward")
    _loss(out_e).backward()
    _loss(out_s).backward()
    grads = 0
    for (pname, pe), ps in zip(eager.named_parameters(), static.parameters()):
        if pe.stop_gradient:
            continue
        assert ps.grad is not None, f"{name}: {pname} got no gradient through to_static"
        _close(ps.grad.numpy(), pe.grad.numpy(), f"{name} grad of {pname}")
        grads += 1
    assert grads == len([p for p in eager.parameters() if not p.stop_gradient])


@pytest.mark.parametrize("name", sorted(MODELS))
def test_to_static_inference_matches_eager(name):
    eager, static, data = _twins(name)
    eager.eval()
    static.eval()
    with paddle.no_grad():
        want = eager(paddle.to_tensor(data)).numpy()
        got = static(paddle.to_tensor(data)).numpy()
    _close(got, want, f"{name} inference")


# ---- the verifier on a real program (its printed form: test_printed_programs.py) -------------
def _lenet_program():
    net = paddle.vision.models.LeNet()
    static = paddle.jit.to_static(net, input_spec=[InputSpec([None, 1, 28, 28], "float32", "x")])
    return static.forward.concrete_program.main_program


def test_verifier_rejects_a_corrupted_lenet_naming_the_op():
    from paddle._core.ir.verifier import VerificationError, verify
    program = _lenet_program()
    verify(program)
    second_conv = [op for op in program.global_block().ops if op.name == "pd_op.conv2d"][1]
    out = second_conv.outputs[0]
    out.meta = type(out.meta)([-1, 7, 10, 10], out.meta.dtype)
    with pytest.raises(VerificationError, match=r"\(pd_op.conv2d\).*\[-1, 7, 10, 10\].*"
                                                r"\[-1, 16, 10, 10\]") as caught:
        verify(program)
    # the value it names is the one print(program) shows for that conv's result (printing
    # adds full_int_array ops before it, so Program.renumber's id would differ)
    named = re.search(r"\(%(\d+)\)", str(caught.value)).group(1)
    line = [t for t in str(program).splitlines() if '"pd_op.conv2d"' in t][1]
    assert line.lstrip().startswith(f"(%{named}) =")
