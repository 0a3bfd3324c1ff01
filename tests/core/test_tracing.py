"""The recording mode of dispatch: tracing builds a list of ops with metas from infer_meta only."""
import numpy as np
import pytest

import paddle
from paddle._core.ops import REGISTRY
from paddle._core.tracing import SymbolicTensor, Tracer


def test_trace_records_ops_without_running_kernels(monkeypatch):
    w = paddle.to_tensor(np.ones((3, 4), "float32"))

    def forbidden(*args, **kwargs):
        raise AssertionError("a kernel ran during tracing")

    for name in ("matmul", "tanh", "add", "sum"):
        monkeypatch.setattr(REGISTRY[name], "kernel", forbidden)
    with Tracer() as tracer:
        x = tracer.input([-1, 3], "float32")
        y = paddle.tanh(x @ w) + 1.0
        z = y.sum(axis=1, keepdim=True)
    names = [r.op.name for r in tracer.ops]
    assert names == ["matmul", "tanh", "add", "sum"]
    assert isinstance(z, SymbolicTensor)
    assert list(z.shape) == [-1, 1] and z.dtype == paddle.float32
    assert tracer.ops[1].inputs[0] is tracer.ops[0].outputs[0]


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
        first = y.value_id
        y.add_(x)
    assert y.value_id != first
    assert tracer.ops[-1].inplace_target is y


def test_tracing_leaves_eager_mode_intact():
    with Tracer():
        pass
    assert float(paddle.to_tensor(2.0) * 3) == 6.0
