"""to_static converts Python control flow on tensors into pd_op.if / pd_op.while: converted
functions and layers give eager's outputs and gradients on inputs taking every path, with no
fallback to eager execution."""
import warnings

import numpy as np
import pytest

import paddle
from paddle.static import InputSpec

from ._cf_utils import NEG, POS, assert_same, branchy, op_names, program, t


# ---- if / elif / else -----------------------------------------------------------------------
@pytest.mark.parametrize("values", [POS, [0.5, 0.5], NEG])
def test_if_elif_else_matches_eager(values):
    static = assert_same(branchy, t(values))
    assert op_names(static._last.main_program).count("pd_op.if") == 2


def early_return(x):
    if x.mean() > 0:
        return x * 3
    y = paddle.tanh(x)
    return y + 1


@pytest.mark.parametrize("values", [POS, NEG])
def test_early_return_matches_eager(values):
    assert_same(early_return, t(values))


def python_values_in_branches(x):
    scale, label = 1, "same"
    if x.sum() > 0:
        scale = 2
    return x * scale, scale, label


@pytest.mark.parametrize("values", [POS, NEG])
def test_python_numbers_assigned_in_branches_become_tensors(values):
    assert_same(python_values_in_branches, t(values))


def logic_and_ternary(x):
    y = x * 2 if x.sum() > 0 and not x.max() > 5 else x * 3
    if x.min() < -1.5 or x.sum() > 100:
        y = y - 10
    return y


@pytest.mark.parametrize("values", [POS, NEG, [7.0, 1.0]])
def test_and_or_not_and_conditional_expressions(values):
    assert_same(logic_and_ternary, t(values))


def container_mutation(x):
    out = []
    if x.sum() > 0:
        out.append(x)
    else:
        out.append(x + 1)
    return out


@pytest.mark.parametrize("values", [POS, NEG])
def test_lists_mutated_in_branches_are_branch_results(values):
    assert_same(container_mutation, t(values))


# ---- loops ----------------------------------------------------------------------------------
def doubling(x):
    steps = paddle.zeros([], "int64")
    while x.sum() < 20:
        x = x * 2
        steps += 1
    return x, steps


@pytest.mark.parametrize("values", [[1.0, 2.0], [30.0, 1.0]])
def test_tensor_while_matches_eager(values):
    static = assert_same(doubling, t(values))
    assert "pd_op.while" in op_names(static._last.main_program)


def ranged(x, n):
    total = paddle.zeros_like(x)
    for i in range(n):
        if i % 2 == 0:
            continue
        total = total + x * i
    return total


@pytest.mark.parametrize("n", [0, 1, 5])
def test_for_range_tensor_with_continue(n):
    assert_same(ranged, t(POS), paddle.to_tensor(n))


def breaking(x):
    i = 0
    while i < 6:
        if x.sum() > 50:
            break
        x = x * 2
        i += 1
    return x, i


@pytest.mark.parametrize("values", [POS, [40.0, 20.0], [-1.0, 0.0]])
def test_break_on_tensor_condition(values):
    assert_same(breaking, t(values))


def return_in_loop(x):
    for i in range(8):
        if x.sum() > 20:
            return x, i
        x = x * 2
    return x, -1


@pytest.mark.parametrize("values", [POS, [-1.0, -1.0]])
def test_return_inside_loop(values):
    assert_same(return_in_loop, t(values))


def python_loop_with_tensor_break(x):
    for scale in [1.0, 2.0, 3.0, 4.0]:
        x = x + scale
        if x.sum() > 8:
            break
    return x


@pytest.mark.parametrize("values", [POS, [10.0, 0.0], [-30.0, 0.0]])
def test_python_for_loop_with_tensor_break(values):
    assert_same(python_loop_with_tensor_break, t(values))


def nested_loops(x, n):
    s = paddle.zeros([2])
    for i in range(n):
        j = paddle.zeros([], "int64")
        while j < i:
            s = s + x
            j += 1
    return s


@pytest.mark.parametrize("n", [0, 3])
def test_nested_tensor_loops(n):
    assert_same(nested_loops, t(POS), paddle.to_tensor(n))


def growing(x, n):
    i = paddle.zeros([], "int64")
    while i < n:
        x = paddle.concat([x, x])
        i += 1
    return x


def test_loop_value_whose_shape_changes_gets_a_dynamic_dim():
    static = assert_same(growing, t(POS), paddle.to_tensor(2))
    while_op = next(op for op in static._last.main_program.all_ops()
                    if op.name == "pd_op.while")
    assert [list(a.meta.shape) for a in while_op.regions[0].args] == [[-1], []]
    assert static(t(POS), paddle.to_tensor(3)).shape == [16]


# ---- models: the acceptance checks ----------------------------------------------------------
class Gate(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(3, 3)

    def forward(self, x):
        h = self.fc(x)
        if h.mean() > 0:
            h = paddle.tanh(h)
        else:
            h = paddle.nn.functional.relu(h) - 1
        return h


class Refiner(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.gate = Gate()
        self.out = paddle.nn.Linear(3, 2)

    def forward(self, x, steps):
        h = self.gate(x)
        i = paddle.zeros([], "int64")
        while i < steps:
            h = h * 0.5 + paddle.sin(h)
            i += 1
        return self.out(h)


def _twins():
    eager = Refiner()
    static = paddle.jit.to_static(
        Refiner(), input_spec=[InputSpec([None, 3], "float32", "x"),
                               InputSpec([], "int64", "steps")])
    static.set_state_dict(eager.state_dict())
    return eager, static


@pytest.mark.parametrize("sign,steps", [(1, 3), (-1, 2), (1, 0)])
def test_model_with_if_and_while_trains_like_eager(sign, steps):
    eager, static = _twins()
    data = np.random.default_rng(steps).random((4, 3)).astype("float32") * sign
    xe, xs = t(data, grad=True), t(data, grad=True)
    n = paddle.to_tensor(steps)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # converts: no fallback warning
        out_s = static(xs, n)
    out_e = eager(xe, n)
    np.testing.assert_allclose(out_s.numpy(), out_e.numpy(), rtol=1e-5)
    out_e.sum().backward()
    out_s.sum().backward()
    np.testing.assert_allclose(xs.grad.numpy(), xe.grad.numpy(), rtol=1e-5)
    for pe, ps in zip(eager.parameters(), static.parameters()):
        np.testing.assert_allclose(ps.grad.numpy(), pe.grad.numpy(), rtol=1e-5, atol=1e-7)


def test_model_inference_runs_the_interpreter_through_control_flow():
    eager, static = _twins()
    data = np.random.default_rng(5).random((7, 3)).astype("float32")
    with paddle.no_grad():
        for sign in (1, -1):
            x = t(data * sign)
            np.testing.assert_allclose(static(x, paddle.to_tensor(4)).numpy(),
                                       eager(x, paddle.to_tensor(4)).numpy(), rtol=1e-5)


def test_printed_model_program_nests_if_and_while_blocks():
    _, static = _twins()
    text = str(program(static))
    assert '"pd_op.if" (%' in text and "} else {" in text
    assert '"pd_op.while" (cond=%' in text and "^%arg_0 {stop_gradient:" in text
    assert '        () = "cf.yield" (%' in text
    assert "tensor<-1x3xf32>" in text  # the dynamic batch dim flows through the blocks


def test_dynamic_shape_drives_a_loop():
    @paddle.jit.to_static(input_spec=[InputSpec([None, 2], "float32", "x")], full_graph=True)
    def row_sum(x):
        total = paddle.zeros([2])
        for i in range(x.shape[0]):
            total = total + x[i]
        return total, len(x)

    for rows in (1, 4):
        data = np.arange(rows * 2, dtype="float32").reshape(rows, 2)
        total, count = row_sum(t(data))
        np.testing.assert_allclose(total.numpy(), data.sum(0))
        assert int(count) == rows


