"""IR programs built by tracing: printing in Paddle's PIR style and interpretation."""
import numpy as np
import pytest

import paddle
from paddle._core.ir.interpreter import Interpreter
from paddle._core.tracing import Tracer
from paddle.static.name_struct import fresh_scopes


def _trace_mlp():
    fc = paddle.nn.Linear(3, 5)
    with Tracer() as tracer, fresh_scopes():  # layer paths count from a new root
        x = tracer.input([-1, 3], "float32", "x")
        y = paddle.tanh(fc(x)) * 2.0 + 1.0
    return fc, tracer.program, y


def test_printed_program_reads_like_paddle_pir():
    _, program, _ = _trace_mlp()
    text = str(program)
    assert '"pd_op.data" () {dtype:float32,name:"x"' in text
    assert ('= "pd_op.matmul" (%2, %1) {stop_gradient:[false],struct_name:"/Linear/",'
            'transpose_x:false,transpose_y:false} : (tensor<-1x3xf32>, tensor<3x5xf32>) -> '
            'tensor<-1x5xf32>') in text
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


def _trace_control_flow():
    """x -> if (sum > 0) x * 2 else concat(x, x) - 1 -> while (i < 3) (i + 1, y + 1)."""
    from paddle._core.ir.control_flow import IfBuilder, WhileBuilder
    with Tracer() as tracer:
        x = tracer.input([-1, 3], "float32", "x")
        branch = IfBuilder(tracer, x.sum() > 0)
        with branch.branch(0):
            doubled = x * 2
        with branch.branch(1):
            stacked = paddle.concat([x, x]) - 1
        (y,) = branch.finish([doubled], [stacked])
        i = paddle.zeros([1], "int64")
        loop = WhileBuilder(tracer)
        arg_i, arg_y = loop.begin_body([i, y], [i.meta, y.meta])
        with loop.recording():
            next_i, next_y = arg_i + 1, arg_y + 1
            again = next_i < 3
        out_i, out_y = loop.finish(i < 3, again, [next_i, next_y])
    return tracer.program, out_i, out_y


def test_control_flow_prints_nested_blocks_like_paddle():
    program, _, _ = _trace_control_flow()
    lines = str(program).splitlines()
    if_line = next(line for line in lines if '"pd_op.if"' in line)
    assert if_line.endswith("{stop_gradient:[true]} -> tensor<-1x3xf32> {")
    assert "    } else {" in lines
    yields = [line for line in lines if '"cf.yield"' in line]
    assert yields[0].startswith('        () = "cf.yield" (%') and yields[0].endswith(
        ") {} : (tensor<-1x3xf32>) -> ")
    while_at = next(i for i, line in enumerate(lines) if '"pd_op.while"' in line)
    assert "= \"pd_op.while\" (cond=%" in lines[while_at] and lines[while_at].endswith("{ ")
    assert lines[while_at + 1] == "    ^%arg_0 {stop_gradient:true}, %arg_1 {stop_gradient:true}"
    assert yields[-1].endswith(") {} : (tensor<1xb>, tensor<1xi64>, tensor<-1x3xf32>) -> ")


def test_interpreter_and_replayer_run_control_flow():
    from paddle._core.ir.replay import Replayer
    program, out_i, out_y = _trace_control_flow()
    runner = Interpreter(program, [out_i.value, out_y.value])
    ones = np.ones((2, 3), "float32")
    i, y = runner.run({"x": ones})
    assert i.tolist() == [3] and y.tolist() == [[5.0] * 3] * 2
    _, y = runner.run({"x": -ones})
    assert y.shape == (4, 3) and (y == 1.0).all()
    x = paddle.to_tensor(ones, stop_gradient=False)
    (replayed,) = Replayer(program, [out_y.value]).run({"x": x})
    replayed.sum().backward()
    assert x.grad.tolist() == [[2.0] * 3] * 2  # only the taken branch (x * 2) is in the graph


def test_predicate_must_hold_one_element_at_run_time():
    from paddle._core.ir.control_flow import IfBuilder
    with Tracer() as tracer:
        x = tracer.input([-1], "float32", "x")
        branch = IfBuilder(tracer, x > 0)
        with branch.branch(0):
            a = x + 1
        with branch.branch(1):
            b = x - 1
        (y,) = branch.finish([a], [b])
    runner = Interpreter(tracer.program, [y.value])
    assert runner.run({"x": np.ones([1], "float32")})[0].tolist() == [2.0]
    with pytest.raises(ValueError, match=r"pd_op.if\) the condition must hold exactly one"):
        runner.run({"x": np.ones([2], "float32")})


def test_branch_values_are_not_visible_after_the_if():
    from paddle._core.ir.control_flow import ControlFlowScopeError, IfBuilder
    with Tracer() as tracer:
        x = tracer.input([2], "float32", "x")
        branch = IfBuilder(tracer, x.sum() > 0)
        with branch.branch(0):
            inner = x * 2
        with pytest.raises(ControlFlowScopeError, match=r"\(add\) reads a value computed inside"):
            inner + 1
