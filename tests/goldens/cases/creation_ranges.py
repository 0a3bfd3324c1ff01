"""Ranges and index sets: arange, range, linspace, logspace, eye, tril/triu_indices; assign
and polar."""
import warnings

CASES = {}

_RANGES = {
    "arange_int": lambda p, np: p.arange(5),
    "arange_float_end": lambda p, np: p.arange(5.0),
    "arange_quarter_steps": lambda p, np: p.arange(0, 1, 0.25),
    "arange_tenth_steps": lambda p, np: p.arange(0, 1, 0.1),
    "arange_long_float32": lambda p, np: p.arange(0, 100, 0.1),
    "arange_float32_rounding": lambda p, np: p.arange(1, 1.3, 0.1),
    "arange_float64_rounding": lambda p, np: p.arange(1, 1.3, 0.1, "float64"),
    "arange_negative": lambda p, np: p.arange(5, 0, -1),
    "arange_negative_float": lambda p, np: p.arange(1, -1, -0.5),
    "arange_empty": lambda p, np: p.arange(5, 0),
    "arange_zero": lambda p, np: p.arange(0),
    "arange_wrong_direction": lambda p, np: p.arange(0, 5, -1),
    "arange_step_zero": lambda p, np: p.arange(0, 5, 0),
    "arange_int32": lambda p, np: p.arange(5, dtype="int32"),
    "arange_float64": lambda p, np: p.arange(5, dtype="float64"),
    "arange_float_args_int_dtype": lambda p, np: p.arange(0.5, 3.7, 1, "int64"),
    "arange_negative_float_args_int_dtype": lambda p, np: p.arange(-1.5, 3.7, 1, "int64"),
    "arange_step_truncates_to_zero": lambda p, np: p.arange(0, 2.5, 0.5, dtype="int64"),
    "arange_tensor": lambda p, np: p.arange(p.to_tensor(3)),
    "arange_float_tensor": lambda p, np: p.arange(p.to_tensor(3.0)),
    "arange_int32_tensor": lambda p, np: p.arange(p.to_tensor(3, "int32")),
    "arange_float64_tensor": lambda p, np: p.arange(p.to_tensor(3.0, "float64")),
    "arange_tensor_step": lambda p, np: p.arange(0, 3, p.to_tensor(0.5)),
    "arange_numpy_int": lambda p, np: p.arange(np.int32(3)),
    "arange_numpy_float": lambda p, np: p.arange(np.float64(3)),
    "arange_big_int": lambda p, np: p.arange(2 ** 40, 2 ** 40 + 3),
    "arange_inf": lambda p, np: p.arange(0, float("inf")),
    "arange_nan": lambda p, np: p.arange(0, float("nan")),
    "arange_end_kwarg": lambda p, np: p.arange(end=3),
    "arange_requires_grad": lambda p, np: p.arange(3.0, requires_grad=True),
    "linspace": lambda p, np: p.linspace(0, 1, 5),
    "linspace_sevenths": lambda p, np: p.linspace(0, 1, 7),
    "linspace_odd_ends": lambda p, np: p.linspace(-3.3, 7.9, 13),
    "linspace_int32": lambda p, np: p.linspace(0, 10, 4, "int32"),
    "linspace_int64_negative": lambda p, np: p.linspace(0, -10, 4, "int64"),
    "linspace_int64_truncates": lambda p, np: p.linspace(0, 1, 3, "int64"),
    "linspace_num_one": lambda p, np: p.linspace(2, 5, 1),
    "linspace_num_zero": lambda p, np: p.linspace(2, 5, 0),
    "linspace_num_negative": lambda p, np: p.linspace(2, 5, -1),
    "linspace_float64": lambda p, np: p.linspace(0, 1, 3, "float64"),
    "linspace_tensors": lambda p, np: p.linspace(p.to_tensor(0.0), p.to_tensor(1.0),
                                                 p.to_tensor(3)),
    "linspace_reversed": lambda p, np: p.linspace(1, 0, 5),
    "linspace_nan": lambda p, np: p.linspace(0, float("nan"), 3),
    "linspace_steps_alias": lambda p, np: p.linspace(0, end=1, steps=3),
    "logspace": lambda p, np: p.logspace(0, 2, 3),
    "logspace_sevenths": lambda p, np: p.logspace(0, 2, 7),
    "logspace_sevenths_float64": lambda p, np: p.logspace(0, 2, 7, dtype="float64"),
    "logspace_base2": lambda p, np: p.logspace(0, 3, 4, 2),
    "logspace_int32": lambda p, np: p.logspace(0, 3, 4, 2, "int32"),
    "logspace_int64_truncates": lambda p, np: p.logspace(0, 2, 5, 10, "int64"),
    "logspace_num_one": lambda p, np: p.logspace(1, 3, 1),
    "logspace_num_zero": lambda p, np: p.logspace(1, 3, 0),
    "logspace_negative_base": lambda p, np: p.logspace(0, 2, 3, -2),
    "eye": lambda p, np: p.eye(2),
    "eye_rectangular": lambda p, np: p.eye(2, 3),
    "eye_int32": lambda p, np: p.eye(2, dtype="int32"),
    "eye_float16": lambda p, np: p.eye(2, 3, "float16"),
    "eye_complex64": lambda p, np: p.eye(2, 3, "complex64"),
    "eye_zero": lambda p, np: p.eye(0),
    "eye_negative": lambda p, np: p.eye(-1),
    "eye_float_rows": lambda p, np: p.eye(2.0),
    "eye_tensor_rows": lambda p, np: p.eye(p.to_tensor(2)),
    "eye_negative_columns": lambda p, np: p.eye(2, -1),
    "eye_aliases": lambda p, np: p.eye(n=2, m=3),
    "eye_requires_grad": lambda p, np: p.eye(2, requires_grad=True),
    "tril_indices": lambda p, np: p.tril_indices(3, 3),
    "tril_indices_offset": lambda p, np: p.tril_indices(3, 4, 1),
    "tril_indices_negative_offset": lambda p, np: p.tril_indices(3, 4, -1),
    "tril_indices_int32": lambda p, np: p.tril_indices(3, 3, 0, "int32"),
    "tril_indices_float_dtype": lambda p, np: p.tril_indices(3, 3, 0, "float32"),
    "tril_indices_empty": lambda p, np: p.tril_indices(0, 3),
    "tril_indices_negative_row": lambda p, np: p.tril_indices(-1, 3),
    "tril_indices_float_row": lambda p, np: p.tril_indices(2.0, 3),
    "tril_indices_big_offset": lambda p, np: p.tril_indices(3, 3, 10),
    "tril_indices_very_negative_offset": lambda p, np: p.tril_indices(3, 3, -10),
    "triu_indices": lambda p, np: p.triu_indices(3, 3),
    "triu_indices_square_default": lambda p, np: p.triu_indices(3),
    "triu_indices_offset": lambda p, np: p.triu_indices(3, 4, 1),
    "triu_indices_negative_offset": lambda p, np: p.triu_indices(3, 4, -1),
    "triu_indices_int32": lambda p, np: p.triu_indices(3, 4, 0, "int32"),
    "triu_indices_negative_col": lambda p, np: p.triu_indices(3, -4),
}


def _quiet(build):
    def run(paddle, np):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return build(paddle, np)
    return run


_RANGES.update({
    "range_inclusive": _quiet(lambda p, np: p.range(0, 3)),
    "range_float_steps": _quiet(lambda p, np: p.range(0, 1, 0.25)),
    "range_end_only": _quiet(lambda p, np: p.range(3)),
    "range_float32_rounding": _quiet(lambda p, np: p.range(0, 0.9, 0.3)),
    "range_descending": _quiet(lambda p, np: p.range(1, 0, -0.25)),
    "range_int64": _quiet(lambda p, np: p.range(0, 3, 1, "int64")),
    "range_float_end": _quiet(lambda p, np: p.range(3.5)),
})

_ASSIGN = {
    "numpy_float64": lambda p, np: p.assign(np.array([1.0])),
    "numpy_int32": lambda p, np: p.assign(np.array([1], "int32")),
    "numpy_bool": lambda p, np: p.assign(np.array([True])),
    "numpy_float16": lambda p, np: p.assign(np.array([1.0], "float16")),
    "numpy_complex128": lambda p, np: p.assign(np.array([1j])),
    "numpy_0d": lambda p, np: p.assign(np.array(1.0)),
    "list_float": lambda p, np: p.assign([1.0, 2.0]),
    "list_int": lambda p, np: p.assign([1, 2]),
    "tuple": lambda p, np: p.assign((1, 2)),
    "empty_list": lambda p, np: p.assign([]),
    "python_float": lambda p, np: p.assign(1.5),
    "python_int": lambda p, np: p.assign(3),
    "python_bool": lambda p, np: p.assign(True),
    "python_complex": lambda p, np: p.assign(1j),
    "numpy_scalar": lambda p, np: p.assign(np.float64(1.5)),
    "tensor": lambda p, np: p.assign(p.to_tensor([1, 2], "int32")),
    "tensor_keeps_grad_flag": lambda p, np: p.assign(p.to_tensor([1.0, 2], stop_gradient=False)),
    "list_of_tensors": lambda p, np: p.assign([p.to_tensor(1.0), p.to_tensor(2.0)]),
}
for _name, _fn in _ASSIGN.items():
    _RANGES[f"assign_{_name}"] = _fn


def _assign_into(value_of):
    def run(paddle, np):
        out = paddle.zeros([2])
        paddle.assign(value_of(paddle, np), out)
        return out
    return run


_RANGES["assign_output"] = _assign_into(lambda p, np: p.to_tensor([5.0, 6.0]))
_RANGES["assign_output_takes_dtype"] = _assign_into(lambda p, np: p.to_tensor([5, 6]))
_RANGES["assign_output_takes_shape"] = _assign_into(lambda p, np: p.to_tensor([5.0, 6, 7]))
_RANGES["assign_output_from_numpy"] = _assign_into(lambda p, np: np.array([5, 6]))


def _assign_grad(paddle, np):
    a = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    b = paddle.assign(a * 2)
    b.sum().backward()
    return b, a.grad


_RANGES["assign_gradient"] = _assign_grad


def _polar_grad(paddle, np):
    a = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    b = paddle.to_tensor([0.5, 1.0], stop_gradient=False)
    z = paddle.polar(a, b)
    (z.real() * 2 + z.imag() * 3).sum().backward()
    return z, a.grad, b.grad


_RANGES.update({
    "polar": lambda p, np: p.polar(p.to_tensor([1.0, 2.0]), p.to_tensor([0.0, np.pi / 2])),
    "polar_float64": lambda p, np: p.polar(p.to_tensor([1.0, 2.0], "float64"),
                                           p.to_tensor([0.0, 1.0], "float64")),
    "polar_broadcast": lambda p, np: p.polar(p.to_tensor([[1.0], [2.0]]),
                                             p.to_tensor([0.0, 1.0])),
    "polar_method": lambda p, np: p.to_tensor([1.0, 2.0]).polar(p.to_tensor([0.0, 1.0])),
    "polar_gradient": _polar_grad,
    "polar_int_inputs": lambda p, np: p.polar(p.to_tensor([1, 2]), p.to_tensor([0, 1])),
})

CASES.update(_RANGES)
