"""Control flow: paddle.static.nn.cond / while_loop / switch_case / case in dynamic mode (values,
in-place loop variables, gradients, argument errors), and to_static functions whose Python
if/while/for on tensors become program control flow (outputs, result dtypes and gradients, on
inputs taking each path)."""


def _x(paddle, np, values, grad=True):
    return paddle.to_tensor(np.asarray(values, "float32"), stop_gradient=not grad)


# ---- paddle.static.nn in dynamic mode ----------------------------------------------------------
def cond_true(paddle, np):
    a, b = _x(paddle, np, [1.0, 2.0]), _x(paddle, np, [3.0, 5.0])
    out = paddle.static.nn.cond(a.sum() < b.sum(), lambda: (a * b, 1), lambda: (a - b, 2))
    out[0].sum().backward()
    return out[0], out[1], a.grad


def cond_false(paddle, np):
    a, b = _x(paddle, np, [1.0, 2.0]), _x(paddle, np, [3.0, 5.0])
    out = paddle.static.nn.cond(a.sum() > b.sum(), lambda: a * b, lambda: a - b)
    out.sum().backward()
    return out, a.grad, b.grad


def cond_missing_branch_gives_none(paddle, np):
    return paddle.static.nn.cond(paddle.to_tensor(False), lambda: 1)


def cond_int_predicate(paddle, np):
    return paddle.static.nn.cond(paddle.to_tensor(1), lambda: paddle.ones([2]),
                                 lambda: paddle.zeros([2]))


def cond_python_predicate(paddle, np):
    return paddle.static.nn.cond(True, lambda: 1, lambda: 2)


def cond_two_element_predicate(paddle, np):
    return paddle.static.nn.cond(paddle.to_tensor([True, False]), lambda: 1, lambda: 2)


def cond_chosen_branch_not_callable(paddle, np):
    return paddle.static.nn.cond(paddle.to_tensor(False), lambda: 1, 5)


def while_loop_counts(paddle, np):
    i = paddle.full([1], 0, "int64")
    ten = paddle.full([1], 10, "int64")
    out = paddle.static.nn.while_loop(lambda i, n: i < n, lambda i, n: [i + 1, n], [i, ten])
    return out[0], out[1], i


def while_loop_accumulates_with_gradient(paddle, np):
    x = _x(paddle, np, [1.5, -0.5])
    i = paddle.zeros([1], "int64")
    _, y = paddle.static.nn.while_loop(lambda i, y: i < 3, lambda i, y: [i + 1, y + x * x],
                                       [i, paddle.ones([2])])
    y.sum().backward()
    return y, x.grad


def while_loop_in_place_update_breaks_saved_values(paddle, np):
    x = _x(paddle, np, [1.5])
    i = paddle.zeros([1], "int64")
    _, y = paddle.static.nn.while_loop(lambda i, y: i < 3, lambda i, y: [i + 1, y * x],
                                       [i, paddle.ones([1])])
    y.backward()
    return x.grad


def while_loop_tuple_vars(paddle, np):
    j = paddle.zeros([1], "int64")
    return paddle.static.nn.while_loop(lambda j: j < 4, lambda j: j + 2, (j,))


def while_loop_cond_shape_error(paddle, np):
    return paddle.static.nn.while_loop(lambda i: i < 3, lambda i: i + 1,
                                       [paddle.zeros([2], "int64")])


def while_loop_arity_error(paddle, np):
    return paddle.static.nn.while_loop(lambda i: i < 3, lambda i: [i + 1, i],
                                       [paddle.zeros([1], "int64")])


def while_loop_empty_vars(paddle, np):
    return paddle.static.nn.while_loop(lambda: True, lambda: 1, [])


def while_loop_cond_not_callable(paddle, np):
    return paddle.static.nn.while_loop(1, lambda i: i, [paddle.zeros([1])])


def switch_case_list(paddle, np):
    fns = [lambda: paddle.full([2], 10.0), lambda: paddle.full([2], 11.0)]
    return paddle.static.nn.switch_case(paddle.to_tensor(1), fns)


def switch_case_default_is_largest_key(paddle, np):
    return paddle.static.nn.switch_case(paddle.to_tensor(5), {1: lambda: paddle.ones([1]),
                                                              3: lambda: paddle.zeros([1])})


def switch_case_default_fn(paddle, np):
    return paddle.static.nn.switch_case(paddle.to_tensor(5, "int32"),
                                        [(1, lambda: paddle.ones([1]))],
                                        lambda: paddle.full([1], 9.0))


def switch_case_float_index(paddle, np):
    return paddle.static.nn.switch_case(paddle.to_tensor(1.0), [lambda: 1, lambda: 2])


def switch_case_duplicate_key(paddle, np):
    return paddle.static.nn.switch_case(paddle.to_tensor(1), [(1, lambda: 1), (1, lambda: 2)])


def switch_case_bad_key(paddle, np):
    return paddle.static.nn.switch_case(paddle.to_tensor(1), [("a", lambda: 1)])


def switch_case_bad_pair(paddle, np):
    return paddle.static.nn.switch_case(paddle.to_tensor(1), [[1, lambda: 1]])


def switch_case_default_not_callable(paddle, np):
    return paddle.static.nn.switch_case(paddle.to_tensor(1), [(1, lambda: 1)], 4)


def case_first_true(paddle, np):
    t, f = paddle.to_tensor(True), paddle.to_tensor(False)
    x = _x(paddle, np, [2.0])
    out = paddle.static.nn.case([(f, lambda: x * 10), (t, lambda: x * 2)], lambda: x)
    out.backward()
    return out, x.grad


def case_falls_to_last(paddle, np):
    f = paddle.to_tensor(False)
    return paddle.static.nn.case([(f, lambda: paddle.ones([1])), (f, lambda: paddle.zeros([1]))])


def case_bad_tuple_size(paddle, np):
    return paddle.static.nn.case([(paddle.to_tensor(True),)])


def case_fn_not_callable(paddle, np):
    return paddle.static.nn.case([(paddle.to_tensor(True), 1)])


# ---- to_static: Python control flow on tensors -------------------------------------------------
def _static(paddle, fn):
    """The default to_static (Paddle: bytecode capture; Feijiang: source conversion). Paddle's
    full_graph=True path marks input gradients stop_gradient=True, unlike its default path and
    eager, so the default is what both should agree on."""
    return paddle.jit.to_static(fn)


def _branchy(x):
    if x.sum() > 2:
        y = x * 2
    elif x.sum() > 0:
        y = x * x
    else:
        y = x - 1
    return y


def _early_return(x):
    if x.mean() > 0:
        return x * 3
    y = x * x
    return y + 1


def _logic(x):
    if x.sum() > 0 and not x.max() > 5:
        return x + 1
    return x - 1


def _ternary(x):
    return x * 2 if x.sum() > 0 else x * 3


def _doubling(x):
    steps = paddle_zeros_int()
    while x.sum() < 20:
        x = x * 2
        steps += 1
    return x, steps


def paddle_zeros_int():
    import paddle
    return paddle.zeros([], "int64")


def _ranged(x, n):
    total = x * 0
    for i in range(n):
        total = total + x * i
    return total


def _growing(x, n):
    i = paddle_zeros_int()
    while i < n:
        x = x + x * 0.5
        i += 1
    return x


def _static_case(fn, values, extra=None, grad=True):
    """Outputs (and input gradients) of the converted fn. Real Paddle 3.3.1 fails to run the
    backward of its while op ("The variable middle_0 should exist"), so loops are compared
    forward only; tests/jit/test_control_flow.py checks their gradients against eager."""
    def case(paddle, np):
        x = _x(paddle, np, values, grad)
        args = [x] if extra is None else [x, paddle.to_tensor(extra)]
        out = _static(paddle, fn)(*args)
        outs = list(out) if isinstance(out, (list, tuple)) else [out]
        if not grad:
            return outs
        paddle.add_n([o.sum() for o in outs if o.dtype == paddle.float32]).backward()
        return outs, x.grad
    return case


def _model_case(sign, steps):
    """A layer whose forward has a tensor `if` and a tensor `while`: outputs and the gradients
    of its parameters and input."""
    def case(paddle, np):
        class Refiner(paddle.nn.Layer):
            def __init__(self):
                super().__init__()
                self.fc = paddle.nn.Linear(3, 3)

            def forward(self, x, n):
                h = self.fc(x)
                if h.mean() > 0:
                    h = paddle.tanh(h)
                else:
                    h = paddle.nn.functional.relu(h) - 1
                i = paddle.zeros([], "int64")
                while i < n:
                    h = h * 0.5 + paddle.sin(h)
                    i += 1
                return h

        net = Refiner()
        rng = np.random.default_rng(7)
        net.fc.weight.set_value(rng.standard_normal((3, 3)).astype("float32"))
        net.fc.bias.set_value(rng.standard_normal(3).astype("float32") * 0.1)
        static = paddle.jit.to_static(net)
        x = _x(paddle, np, rng.random((4, 3)) * sign)
        out = static(x, paddle.to_tensor(steps))
        out.sum().backward()
        return out, x.grad, net.fc.weight.grad, net.fc.bias.grad
    case.rtol = 1e-5
    return case


CASES = {name: fn for name, fn in globals().items()
         if callable(fn) and not name.startswith("_") and name != "paddle_zeros_int"}
for _name, _fn, _inputs in [
        ("branchy", _branchy, [[1.0, 2.0], [0.5, 0.5], [-1.0, -2.0]]),
        ("early_return", _early_return, [[1.0, 2.0], [-1.0, -2.0]]),
        ("logic", _logic, [[1.0, 2.0], [9.0, 1.0], [-1.0, -2.0]]),
        ("ternary", _ternary, [[1.0, 2.0], [-1.0, -2.0]])]:
    for _k, _values in enumerate(_inputs):
        CASES[f"to_static_{_name}_{_k}"] = _static_case(_fn, _values)
for _k, _values in enumerate([[1.0, 2.0], [30.0, 1.0]]):
    CASES[f"to_static_doubling_{_k}"] = _static_case(_doubling, _values)
for _n in (0, 3):
    CASES[f"to_static_for_range_{_n}"] = _static_case(_ranged, [1.0, 2.0], _n)
    CASES[f"to_static_while_steps_{_n}"] = _static_case(_growing, [1.0, -2.0], _n)
for _sign, _steps in [(1, 2), (-1, 3), (1, 0)]:
    CASES[f"to_static_layer_{'pos' if _sign > 0 else 'neg'}_{_steps}"] = _model_case(_sign, _steps)
