"""paddle.static.nn control flow: cond, while_loop, switch_case and case, run directly in dynamic
mode and as pd_op.if / pd_op.while in static programs run by the Executor."""
import numpy as np
import pytest

import paddle
from paddle._core.ir.verifier import verify

C = paddle.static.nn


def _build(fn):
    """Build a fresh program with `fn()` inside program_guard; returns (program, fn's result)."""
    main = paddle.static.Program()
    with paddle.static.program_guard(main, paddle.static.Program()):
        result = fn()
    verify(main)
    return main, result


def _run(program, feed, fetch):
    return paddle.static.Executor().run(program, feed=feed, fetch_list=fetch)


# ---- dynamic mode ---------------------------------------------------------------------------
def test_eager_cond_runs_only_the_chosen_branch():
    calls = []
    a, b = paddle.to_tensor([1.0]), paddle.to_tensor([2.0])
    out = C.cond(a < b, lambda: calls.append("t") or a + b, lambda: calls.append("f") or a - b)
    assert out.tolist() == [3.0] and calls == ["t"]
    assert C.cond(a > b, lambda: 1) is None
    assert C.cond(a < b, lambda: 1, 5) == 1  # the untaken branch is never checked


def test_eager_cond_errors_match_paddle():
    t = paddle.to_tensor(True)
    with pytest.raises(AssertionError, match="must be Variable"):
        C.cond(True, lambda: 1, lambda: 2)
    with pytest.raises(AssertionError, match="numel should be 1"):
        C.cond(paddle.to_tensor([True, False]), lambda: 1, lambda: 2)
    with pytest.raises(TypeError, match="false_fn in cond must be callable, but received int"):
        C.cond(paddle.logical_not(t), lambda: 1, 5)


def test_eager_while_loop_updates_tensor_loop_vars_in_place():
    i, ten = paddle.full([1], 0, "int64"), paddle.full([1], 10, "int64")
    result = C.while_loop(lambda i, n: i < n, lambda i, n: [i + 1, n], [i, ten])
    assert isinstance(result, list) and result[0] is i and i.tolist() == [10]
    (j,) = C.while_loop(lambda j: j < 3, lambda j: j + 1, (paddle.zeros([1], "int64"),))
    assert j.tolist() == [3]


def test_eager_while_loop_gradient_flows_through_iterations():
    x = paddle.to_tensor([1.5], stop_gradient=False)
    i = paddle.zeros([1], "int64")
    _, y = C.while_loop(lambda i, y: i < 3, lambda i, y: [i + 1, y + x * x],
                        [i, paddle.ones([1])])
    y.backward()
    np.testing.assert_allclose(x.grad.numpy(), [3 * 2 * 1.5])


def test_eager_while_loop_in_place_update_breaks_saved_values_as_in_paddle():
    x = paddle.to_tensor([1.5], stop_gradient=False)
    i = paddle.zeros([1], "int64")
    _, y = C.while_loop(lambda i, y: i < 3, lambda i, y: [i + 1, y * x], [i, paddle.ones([1])])
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        y.backward()


@pytest.mark.parametrize("args,error,match", [
    ((1, lambda i: i, [1]), TypeError, "cond in while_loop should be callable"),
    ((lambda i: i, 1, [1]), TypeError, "body in while_loop should be callable"),
    ((lambda: True, lambda: 1, []), ValueError, "should not be empty"),
    ((lambda i: i < 3, lambda i: [i + 1, i], [paddle.zeros([1], "int64")]), ValueError,
     "same arity"),
    ((lambda i: i < 3, lambda i: i + 1, [paddle.zeros([2], "int64")]), TypeError,
     r"should be \[1\],but given shape as \[2\]"),
])
def test_eager_while_loop_errors(args, error, match):
    with pytest.raises(error, match=match):
        C.while_loop(*args)


def test_eager_switch_case_and_case():
    fns = [lambda: 10, lambda: 11, lambda: 12]
    assert C.switch_case(paddle.to_tensor(1), fns) == 11
    assert C.switch_case(paddle.to_tensor(5), {1: lambda: 1, 3: lambda: 3}) == 3
    assert C.switch_case(paddle.to_tensor(5), {1: lambda: 1}, lambda: 99) == 99
    t, f = paddle.to_tensor(True), paddle.to_tensor(False)
    assert C.case([(f, lambda: 1), (t, lambda: 2)], lambda: 3) == 2
    assert C.case([(f, lambda: 1), (f, lambda: 2)]) == 2
    assert C.case([(f, lambda: 1)], lambda: 3) == 3


@pytest.mark.parametrize("call,error,match", [
    (lambda i: C.switch_case(i, [(1, lambda: 1), (1, lambda: 2)]), ValueError, "unique"),
    (lambda i: C.switch_case(i, [("a", lambda: 1)]), TypeError, "key's type"),
    (lambda i: C.switch_case(i, [(1, lambda: 1, 3)]), TypeError, "must be 2, but received: 3"),
    (lambda i: C.switch_case(i, [(1, 3)]), TypeError, "for key 1 of 'branch_fns'"),
    (lambda i: C.switch_case(i, [(1, lambda: 1)], 4), TypeError, "default in Op"),
    (lambda i: C.switch_case(i, [[1, lambda: 1]]), TypeError, "elements' type"),
    (lambda i: C.case([[i, lambda: 1]]), TypeError, "elements' type of 'pred_fn_pairs'"),
    (lambda i: C.case([(i,)]), TypeError, "tuple's size"),
    (lambda i: C.case([(i, 1)]), TypeError, "must be callable"),
    (lambda i: C.case([(i, lambda: 1)], 1), TypeError, "default in Op"),
])
def test_switch_case_and_case_argument_errors(call, error, match):
    with pytest.raises(error, match=match):
        call(paddle.to_tensor(1))


# ---- static programs ------------------------------------------------------------------------
def test_executor_runs_cond_with_dynamic_batch(static_mode):
    def build():
        x = paddle.static.data("x", [None, 3], "float32")
        return x, C.cond(paddle.sum(x) > 0, lambda: x * 2, lambda: paddle.concat([x, x]) - 1)

    program, (_, y) = _build(build)
    assert y.shape == [-1, 3]
    ones = np.ones((2, 3), "float32")
    (pos,) = _run(program, {"x": ones}, [y])
    (neg,) = _run(program, {"x": -ones}, [y])
    np.testing.assert_array_equal(pos, ones * 2)
    np.testing.assert_array_equal(neg, np.full((4, 3), -2.0, "float32"))


def test_executor_runs_while_loop_whose_shape_grows(static_mode):
    def build():
        x = paddle.static.data("x", [2, 3], "float32")
        i = paddle.full([], 0, "int64")
        return C.while_loop(lambda i, g: i < 2, lambda i, g: [i + 1, paddle.concat([g, g])],
                            [i, x])

    program, (i, grown) = _build(build)
    assert grown.shape == [-1, 3] and i.shape == []
    out_i, out = _run(program, {"x": np.ones((2, 3), "float32")}, [i, grown])
    assert out_i == 2 and out.shape == (8, 3)


def test_executor_runs_switch_case_and_nested_case(static_mode):
    def build():
        index = paddle.static.data("index", [1], "int64")
        x = paddle.static.data("x", [1], "float32")
        picked = C.switch_case(index, {0: lambda: x * 0, 1: lambda: x + 10, 5: lambda: x - 10})
        graded = C.case([(x > 1, lambda: x * 10), (x > 0, lambda: x * 2)], lambda: -x)
        return picked, graded

    program, (picked, graded) = _build(build)
    for index, x, want in [(0, 3.0, (0.0, 30.0)), (1, 0.5, (10.5, 1.0)), (7, -1.0, (-11.0, 1.0))]:
        feed = {"index": np.array([index]), "x": np.array([x], "float32")}
        got = _run(program, feed, [picked, graded])
        np.testing.assert_allclose([g.item() for g in got], want)


def test_static_cond_merges_python_values_like_paddle(static_mode):
    def build():
        x = paddle.static.data("x", [2], "float32")
        p = paddle.sum(x) > 0
        same = C.cond(p, lambda: (x, 1), lambda: (x + 1, 1))
        differ = C.cond(p, lambda: (x, 1), lambda: (x + 1, 2))
        return x, same, differ

    program, (_, same, differ) = _build(build)
    assert same[1] == 1  # equal Python values stay Python values
    assert differ[1].dtype == paddle.int64 and differ[1].shape == []
    (picked,) = _run(program, {"x": np.array([-1.0, -2.0], "float32")}, [differ[1]])
    assert picked == 2


@pytest.mark.parametrize("true_fn,false_fn,error,match", [
    (lambda x: x, lambda x: paddle.zeros([3]), ValueError, "ranks must be equal"),
    (lambda x: x, lambda x: paddle.zeros([2, 3], "float64"), RuntimeError, "dtypes must be"),
    (lambda x: (x, x), lambda x: x, ValueError, "true fn returns 2 vars, but false fn returns 1"),
    (lambda x: x, None, ValueError, "false_fn returns None"),
    (lambda x: {"a": x}, lambda x: {"b": x}, ValueError, "dict keys differ"),
])
def test_static_cond_rejects_mismatched_branches(static_mode, true_fn, false_fn, error, match):
    def build():
        x = paddle.static.data("x", [2, 3], "float32")
        other = None if false_fn is None else (lambda: false_fn(x))
        return C.cond(paddle.sum(x) > 0, lambda: true_fn(x), other)

    with pytest.raises(error, match=match):
        _build(build)


@pytest.mark.parametrize("make,error,match", [
    (lambda x: C.cond(paddle.full([1], 1, "int32"), lambda: x, lambda: x), TypeError,
     r"'pred' in paddle.static.nn.cond must be \['bool'\], but received int32"),
    (lambda x: C.while_loop(lambda i: i, lambda i: [i + 1], [paddle.full([1], 0, "int64")]),
     TypeError, r"'var of cond returned'.*received int64"),
    (lambda x: C.while_loop(lambda i: i < 3, lambda i: [i + 1], paddle.full([1], 0, "int64")),
     TypeError, "'loop_vars' in static.nn.while_loop"),
    (lambda x: C.switch_case(paddle.full([1], 1, "float32"), [lambda: x]), TypeError,
     "'branch_index'"),
    (lambda x: C.case([(paddle.full([1], 1, "int32"), lambda: x)]), TypeError,
     r"'pred' in paddle.static.nn.case must be \['bool'\]"),
])
def test_static_argument_errors(static_mode, make, error, match):
    def build():
        return make(paddle.static.data("x", [1], "float32"))

    with pytest.raises(error, match=match):
        _build(build)


def test_value_from_a_branch_cannot_leak_out(static_mode):
    from paddle._core.ir.control_flow import ControlFlowScopeError
    leaked = []

    def build():
        x = paddle.static.data("x", [2], "float32")
        C.cond(paddle.sum(x) > 0, lambda: leaked.append(x * 2) or x, lambda: x)
        return leaked[0] + 1

    with pytest.raises(ControlFlowScopeError, match="inside the block of a pd_op.if"):
        _build(build)


def test_while_loop_keeps_unchanged_python_values_and_carries_changed_ones(static_mode):
    def build():
        i = paddle.full([1], 0, "int64")
        return C.while_loop(lambda i, k, n: i < 3, lambda i, k, n: [i + 1, k, n + 1], [i, 5, 0])

    program, (i, k, n) = _build(build)
    assert k == 5 and n.dtype == paddle.int64
    got = _run(program, {}, [i, n])
    assert [g.item() for g in got] == [3, 3]


def test_printed_program_nests_blocks_like_paddle(static_mode):
    def build():
        x = paddle.static.data("x", [None, 3], "float32")
        y = C.cond(paddle.sum(x) > 0, lambda: x * 2, lambda: x - 1)
        i = paddle.full([1], 0, "int64")
        return C.while_loop(lambda i, y: i < 3, lambda i, y: [i + 1, y + 1], [i, y])

    program, _ = _build(build)
    text = str(program)
    assert '"pd_op.if" (%' in text and "-> tensor<-1x3xf32> {\n" in text
    assert "    } else {\n" in text
    assert '        () = "cf.yield" (%' in text
    assert '"pd_op.while" (cond=%' in text and ", inputs=%" in text
    assert "    ^%arg_0 {stop_gradient:true}, %arg_1 {stop_gradient:true}\n" in text


def test_static_backward_through_control_flow_is_refused_clearly(static_mode):
    def build():
        x = paddle.static.data("x", [2], "float32")
        x.stop_gradient = False
        y = C.cond(paddle.sum(x) > 0, lambda: x * 2, lambda: x - 1)
        return x, paddle.sum(y)

    main = paddle.static.Program()
    with paddle.static.program_guard(main, paddle.static.Program()):
        x, loss = build()
        with pytest.raises(NotImplementedError, match=r"control flow \(pd_op.if\).*to_static"):
            paddle.static.gradients(loss, [x])


def test_values_inside_blocks_cannot_be_fetched(static_mode):
    inner = []

    def build():
        x = paddle.static.data("x", [2], "float32")
        return C.cond(paddle.sum(x) > 0, lambda: inner.append(x * 2) or inner[0], lambda: x)

    program, _ = _build(build)
    with pytest.raises(ValueError, match="inside the block of a pd_op.if"):
        _run(program, {"x": np.ones(2, "float32")}, [inner[0]])
