"""diff, trapezoid and cumulative_trapezoid: axes, n, prepend/append, sample points, dtypes,
gradients and errors."""


def _call(fn):
    def case(paddle, np):
        return fn(paddle, np)
    return case


def _grad(fn):
    def case(paddle, np):
        y = paddle.to_tensor(np.linspace(-1.0, 2.0, 12).reshape(3, 4), stop_gradient=False)
        out = fn(paddle, y)
        weights = paddle.to_tensor(np.linspace(0.5, 1.5, int(np.prod(out.shape)))
                                   .reshape(out.shape))
        return out, paddle.grad([out], [y], [weights])[0]
    return case


M = [[1.0, 4.0, 9.0, 16.0], [2.0, 3.0, 5.0, 7.0], [0.0, -1.0, 1.0, 0.5]]
CALLS = {
    "diff_default": lambda p, np: p.diff(p.to_tensor(M)),
    "diff_axis0": lambda p, np: p.diff(p.to_tensor(M), axis=0),
    "diff_axis_neg2": lambda p, np: p.diff(p.to_tensor(M), axis=-2),
    "diff_n2": lambda p, np: p.diff(p.to_tensor(M), n=2),
    "diff_n3_axis0": lambda p, np: p.diff(p.to_tensor(M), n=3, axis=0),
    "diff_n0": lambda p, np: p.diff(p.to_tensor(M), n=0),
    "diff_prepend": lambda p, np: p.diff(p.to_tensor(M), prepend=p.to_tensor([[0.0], [0.0],
                                                                             [0.0]])),
    "diff_append_axis0": lambda p, np: p.diff(p.to_tensor(M), axis=0,
                                              append=p.to_tensor([[1.0, 1.0, 1.0, 1.0]])),
    "diff_both": lambda p, np: p.diff(p.to_tensor([1.0, 3.0]), prepend=p.to_tensor([0.0]),
                                      append=p.to_tensor([10.0, 20.0])),
    "diff_int": lambda p, np: p.diff(p.to_tensor([1, 4, 9, 16])),
    "diff_int32": lambda p, np: p.diff(p.to_tensor(np.array([1, 4, 9], "int32"))),
    "diff_bool": lambda p, np: p.diff(p.to_tensor([True, True, False, True])),
    "diff_float64": lambda p, np: p.diff(p.to_tensor(np.array([0.5, 0.25, 1.0]))),
    "diff_single": lambda p, np: p.diff(p.to_tensor([1.0])),
    "diff_empty": lambda p, np: p.diff(p.to_tensor(np.zeros((2, 0), "float32"))),
    "diff_0d": lambda p, np: p.diff(p.to_tensor(1.0)),
    "diff_axis_out_of_range": lambda p, np: p.diff(p.to_tensor(M), axis=2),
    "diff_prepend_dtype": lambda p, np: p.diff(p.to_tensor([1.0, 2.0]),
                                               prepend=p.to_tensor([1])),
    "diff_out": lambda p, np: (lambda o: (p.diff(p.to_tensor([1.0, 3.0]), out=o), o))(
        p.to_tensor([0.0])),
    "trapezoid_default": lambda p, np: p.trapezoid(p.to_tensor(M)),
    "trapezoid_dx": lambda p, np: p.trapezoid(p.to_tensor(M), dx=0.5),
    "trapezoid_axis0": lambda p, np: p.trapezoid(p.to_tensor(M), axis=0),
    "trapezoid_x1d": lambda p, np: p.trapezoid(p.to_tensor(M), x=p.to_tensor([0.0, 1.0, 3.0,
                                                                             6.0])),
    "trapezoid_x1d_axis0": lambda p, np: p.trapezoid(p.to_tensor(M), x=p.to_tensor(
        [0.0, 2.0, 3.0]), axis=0),
    "trapezoid_x_nd": lambda p, np: p.trapezoid(p.to_tensor(M), x=p.to_tensor(M)),
    "trapezoid_float64": lambda p, np: p.trapezoid(p.to_tensor(np.array([1.0, 2.0, 4.0]))),
    "trapezoid_1d": lambda p, np: p.trapezoid(p.to_tensor([1.0, 2.0, 4.0]), dx=2.0),
    "trapezoid_single": lambda p, np: p.trapezoid(p.to_tensor([5.0])),
    "trapezoid_int": lambda p, np: p.trapezoid(p.to_tensor([1, 2, 4])),
    "trapezoid_x_and_dx": lambda p, np: p.trapezoid(p.to_tensor([1.0, 2.0]),
                                                    x=p.to_tensor([0.0, 1.0]), dx=1.0),
    "trapezoid_int_x": lambda p, np: p.trapezoid(p.to_tensor([1.0, 2.0]),
                                                 x=p.to_tensor([0, 1])),
    "cumulative_trapezoid_default": lambda p, np: p.cumulative_trapezoid(p.to_tensor(M)),
    "cumulative_trapezoid_dx_axis0": lambda p, np: p.cumulative_trapezoid(p.to_tensor(M),
                                                                          dx=2.0, axis=0),
    "cumulative_trapezoid_x1d": lambda p, np: p.cumulative_trapezoid(
        p.to_tensor(M), x=p.to_tensor([0.0, 1.0, 3.0, 6.0])),
    "cumulative_trapezoid_single": lambda p, np: p.cumulative_trapezoid(p.to_tensor([5.0])),
    "cumulative_trapezoid_int": lambda p, np: p.cumulative_trapezoid(p.to_tensor([1, 2])),
    "method_diff": lambda p, np: p.to_tensor(M).diff(axis=0),
    "method_trapezoid": lambda p, np: p.to_tensor(M).trapezoid(dx=2.0),
}
CASES = {name: _call(fn) for name, fn in CALLS.items()}
CASES.update({
    "grad_diff": _grad(lambda p, y: p.diff(y, n=2)),
    "grad_diff_prepend": _grad(lambda p, y: p.diff(y, axis=0, prepend=y[:1] * 2)),
    "grad_trapezoid": _grad(lambda p, y: p.trapezoid(y, dx=0.5)),
    "grad_trapezoid_x": _grad(lambda p, y: p.trapezoid(y, x=p.to_tensor(
        [0.0, 1.0, 3.0, 6.0], "float64"))),
    "grad_cumulative_trapezoid": _grad(lambda p, y: p.cumulative_trapezoid(y, axis=0)),
})
