"""IR programs built by tracing: printing in Paddle's PIR style and interpretation."""
import numpy as np
import pytest

import paddle
from paddle._core.ir.interpreter import Interpreter
from paddle._core.tracing import Tracer


def _trace_mlp():
    fc = paddle.nn.Linear(3, 5)
    with Tracer() as tracer:
        x = tracer.input([-1, 3], "float32", "x")
        y = paddle.tanh(fc(x)) * 2.0 + 1.0
    return fc, tracer.program, y


def test_printed_program_reads_like_paddle_pir():
    _, program, _ = _trace_mlp()
    text = str(program)
    assert '"pd_op.data" () {dtype:float32,name:"x"' in text
    assert ('= "pd_op.matmul" (%4, %0) {stop_gradient:[false],transpose_x:false,'
            'transpose_y:false} : (tensor<-1x3xf32>, tensor<3x5xf32>) -> tensor<-1x5xf32>') in text
    assert '"builtin.parameter" () {' in text and 'parameter_name:"linear_' in text
    assert text.startswith("{\n") and text.endswith("}\n")


def test_interpreter_matches_eager():
    fc, program, y = _trace_mlp()
    runner = Interpreter(program, [y._data.value])
    a = np.random.default_rng(0).random((4, 3)).astype("float32")
    (out,) = runner.run({"x": a})
    expected = (paddle.tanh(fc(paddle.to_tensor(a))) * 2.0 + 1.0).numpy()
    np.testing.assert_allclose(out, expected, rtol=1e-6)


def test_interpreter_reads_current_parameter_values():
    fc, program, y = _trace_mlp()
    runner = Interpreter(program, [y._data.value])
    a = np.ones((2, 3), "float32")
    fc.bias.set_value(np.full([5], 3.0, "float32"))
    (out,) = runner.run({"x": a})
    np.testing.assert_allclose(out, (paddle.tanh(fc(paddle.to_tensor(a))) * 2 + 1).numpy())


def test_interpreter_checks_feeds():
    _, program, y = _trace_mlp()
    runner = Interpreter(program, [y._data.value])
    with pytest.raises(ValueError, match=r"'x' has shape \[2, 4\].*\[-1, 3\]"):
        runner.run({"x": np.ones((2, 4), "float32")})
    with pytest.raises(RuntimeError, match="needs the input 'x'"):
        runner.run({})
