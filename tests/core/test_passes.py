"""IR verifier and passes: each pass keeps the program's outputs identical."""
import numpy as np
import pytest

import paddle
from paddle._core.ir.interpreter import Interpreter
from paddle._core.ir.verifier import VerificationError, verify
from paddle._core.passes import PassManager, constant_fold, cse, dce, release_dead_values
from paddle._core.tracing import Tracer


def _build():
    fc = paddle.nn.Linear(4, 4)
    c = paddle.to_tensor(np.arange(4, dtype="float32"))
    with Tracer() as tracer:
        x = tracer.input([2, 4], "float32", "x")
        folded = paddle.exp(c) * 2.0           # all-constant: foldable
        a = paddle.tanh(fc(x))
        b = paddle.tanh(fc(x))                 # same as a: CSE
        paddle.sigmoid(x)                      # unused: DCE
        y = (a + b) * folded
    return tracer.program, [y._data.value]


def _run(program, outputs):
    x = np.random.default_rng(0).random((2, 4)).astype("float32")
    return Interpreter(program, outputs).run({"x": x})[0]


@pytest.mark.parametrize("passes", [[dce], [cse], [constant_fold], [release_dead_values],
                                    [constant_fold, cse, dce, release_dead_values]])
def test_passes_keep_outputs(passes):
    program, outputs = _build()
    before = _run(program, outputs)
    def count():
        return sum(op.opdef is not None for op in program.global_block().ops)
    n_before = count()
    outputs = PassManager(passes, print_ir=False).run(program, outputs)
    np.testing.assert_allclose(_run(program, outputs), before, rtol=1e-6)
    if passes != [release_dead_values]:
        assert count() < n_before


def test_each_pass_removes_what_it_should():
    program, outputs = _build()
    names = lambda: [op.name for op in program.global_block().ops]  # noqa: E731
    dce(program, outputs)
    assert "pd_op.sigmoid" not in names()
    cse(program, outputs)
    assert names().count("pd_op.tanh") == 1 and names().count("pd_op.matmul") == 1
    constant_fold(program, outputs)
    assert "pd_op.exp" not in names()


def test_print_ir_after_each_pass(capsys):
    program, outputs = _build()
    PassManager([dce, cse], print_ir=True).run(program, outputs)
    text = capsys.readouterr().out
    assert "// IR after dce" in text and "// IR after cse" in text and '"pd_op.tanh"' in text


def test_verifier_rejects_corrupted_programs():
    program, _ = _build()
    verify(program)
    ops = program.global_block().ops
    matmul = next(op for op in ops if op.name == "pd_op.matmul")
    matmul.attrs["transpose_y"] = True          # now [2,4] x [4,4]^T still fine shape-wise
    matmul.outputs[0].meta = type(matmul.outputs[0].meta)([2, 5], matmul.outputs[0].meta.dtype)
    with pytest.raises(VerificationError, match=r"pd_op.matmul.*\[2, 5\].*\[2, 4\]"):
        verify(program)


def test_verifier_rejects_use_before_definition():
    program, _ = _build()
    ops = program.global_block().ops
    tanh = next(i for i, op in enumerate(ops) if op.name == "pd_op.tanh")
    ops.insert(0, ops.pop(tanh))
    with pytest.raises(VerificationError, match="pd_op.tanh.*not defined"):
        verify(program)


def _build_with_control_flow():
    """Passes must see reads inside blocks: `w` is only read in a branch, `u` only in a loop."""
    from paddle._core.ir.control_flow import IfBuilder, WhileBuilder
    with Tracer() as tracer:
        x = tracer.input([2, 4], "float32", "x")
        w = paddle.exp(x)
        u = paddle.tanh(x)
        paddle.sigmoid(x)                      # unused: DCE
        branch = IfBuilder(tracer, x.sum() > 0)
        with branch.branch(0):
            a = w * 2
            paddle.cos(x)                      # unused inside the block: DCE
        with branch.branch(1):
            b = paddle.tanh(x)                 # equal to u but in another block: kept
        (y,) = branch.finish([a], [b])
        i = paddle.zeros([], "int64")
        loop = WhileBuilder(tracer)
        arg_i, arg_y = loop.begin_body([i, y], [i.meta, y.meta])
        with loop.recording():
            next_i, next_y = arg_i + 1, arg_y + u
            again = next_i < 2
        _, out = loop.finish(i < 2, again, [next_i, next_y])
    return tracer.program, [out.value]


@pytest.mark.parametrize("passes", [[dce], [cse], [constant_fold], [release_dead_values],
                                    [constant_fold, cse, dce, release_dead_values]])
@pytest.mark.parametrize("sign", [1, -1])
def test_passes_keep_control_flow_outputs(passes, sign):
    program, outputs = _build_with_control_flow()
    x = sign * np.random.default_rng(0).random((2, 4)).astype("float32")
    before = Interpreter(program, outputs).run({"x": x})[0]
    outputs = PassManager(passes, print_ir=False).run(program, outputs)
    np.testing.assert_allclose(Interpreter(program, outputs).run({"x": x})[0], before,
                               rtol=1e-6)


def test_dce_prunes_inside_blocks():
    program, outputs = _build_with_control_flow()
    dce(program, outputs)
    names = [op.name for op in program.all_ops()]
    assert "pd_op.sigmoid" not in names and "pd_op.cos" not in names
    assert names.count("pd_op.tanh") == 2 and "pd_op.exp" in names


def test_verifier_checks_control_flow_typing():
    program, _ = _build_with_control_flow()
    verify(program)
    if_op = next(op for op in program.all_ops() if op.name == "pd_op.if")
    true_yield = if_op.regions[0].ops[-1]
    true_yield.inputs = true_yield.inputs + true_yield.inputs
    with pytest.raises(VerificationError, match=r"pd_op.if.*1 results.*yield 2 and 1"):
        verify(program)
    true_yield.inputs = true_yield.inputs[:1]
    while_op = next(op for op in program.all_ops() if op.name == "pd_op.while")
    result = while_op.outputs[1]
    result.meta = type(result.meta)([3, 4], result.meta.dtype)
    with pytest.raises(VerificationError, match=r"pd_op.while.*result 1 is typed \[3, 4\]"):
        verify(program)


def test_passes_keep_optimizer_updates_whose_results_nobody_reads():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [3, 4], "float32")
            loss = paddle.mean(paddle.static.nn.fc(x, 2))
            paddle.optimizer.Adam(0.1).minimize(loss)
    finally:
        paddle.disable_static()
    outputs = PassManager([constant_fold, cse, dce, release_dead_values], print_ir=False).run(
        main, [loss._data.value])
    assert str(main).count('"pd_op.adam_"') == 2
    weight = next(iter(main.parameters.values()))
    before = weight.numpy().copy()
    Interpreter(main, outputs).run({"x": np.ones((3, 4), "float32")})
    assert not np.array_equal(weight.numpy(), before)
