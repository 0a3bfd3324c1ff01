"""The recording mode of dispatch: tracing builds an IR program with metas from infer_meta only,
and records autograd nodes so the same engine produces the backward program."""
import numpy as np
import pytest

import paddle
from paddle._core.ops import REGISTRY
from paddle._core.tracing import SymbolicTensor, Tracer, is_symbolic


def _op_names(tracer):
    return [op.name for op in tracer.ops]


def test_trace_records_ops_without_running_kernels(monkeypatch):
    w = paddle.to_tensor(np.ones((3, 4), "float32"))

    def forbidden(*args, **kwargs):
        raise AssertionError("a kernel ran during tracing")

    for name in ("matmul", "tanh", "add", "sum"):
        monkeypatch.setattr(REGISTRY[name], "kernel", forbidden)
    with Tracer() as tracer:
        x = tracer.input([-1, 3], "float32", "x")
        y = paddle.tanh(x @ w) + paddle.to_tensor(1.0)
        z = y.sum(axis=1, keepdim=True)
    assert _op_names(tracer) == ["builtin.constant", "builtin.constant", "pd_op.data",
                                 "pd_op.matmul", "pd_op.tanh", "pd_op.add", "pd_op.sum"]
    assert isinstance(z, SymbolicTensor)
    assert list(z.shape) == [-1, 1] and z.dtype == paddle.float32
    matmul, tanh = tracer.ops[3], tracer.ops[4]
    assert tanh.inputs[0] is matmul.outputs[0]
    assert matmul.attrs == {"transpose_x": False, "transpose_y": False}


def test_parameters_become_builtin_parameter_ops():
    fc = paddle.nn.Linear(3, 2)
    with Tracer() as tracer:
        x = tracer.input([4, 3], "float32", "x")
        fc(x)
    params = [op for op in tracer.ops if op.name == "builtin.parameter"]
    assert sorted(op.attrs["parameter_name"] for op in params) == sorted(
        p.name for p in fc.parameters())
    assert set(tracer.program.parameters) == {p.name for p in fc.parameters()}


def test_trace_propagates_shape_errors():
    with Tracer() as tracer:
        x = tracer.input([2, 3], "float32")
        with pytest.raises(ValueError, match="matmul"):
            paddle.matmul(x, tracer.input([4, 5], "float32"))


def test_symbolic_tensor_has_no_value():
    with Tracer() as tracer:
        x = tracer.input([2], "float32")
        with pytest.raises(RuntimeError, match="no value"):
            x.numpy()


def test_inplace_op_rebinds_symbolic_target():
    with Tracer() as tracer:
        x = tracer.input([2, 2], "float32")
        y = x * 2
        first = y._data.value
        y.add_(x)
    assert y._data.value is not first
    assert y._data.value is tracer.ops[-1].outputs[0]


def test_backward_of_symbolic_graph_records_gradient_ops():
    fc = paddle.nn.Linear(3, 2)
    with Tracer() as tracer:
        x = tracer.input([4, 3], "float32", "x")
        loss = paddle.tanh(fc(x)).sum()
        grads = paddle.grad(loss, [tracer.bind(fc.weight), tracer.bind(fc.bias)])
    assert all(is_symbolic(g) for g in grads)
    assert [list(g.shape) for g in grads] == [[3, 2], [2]]
    names = _op_names(tracer)
    assert "pd_op.full_like" in names and names.count("pd_op.matmul") >= 2


def test_tracing_leaves_eager_mode_intact():
    with Tracer():
        pass
    assert float(paddle.to_tensor(2.0) * 3) == 6.0
