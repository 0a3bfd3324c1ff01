"""`x[idx]` and `x[idx] = v`: basic slicing (negative steps, out-of-range bounds), integers,
None/Ellipsis, lists, integer and boolean tensors, combined advanced indexing, assignment with
broadcasting and dtype conversion, gradients through both, and the errors real Paddle raises."""


def _x(np, shape=(3, 4, 5), dtype="float32"):
    values = np.arange(int(np.prod(shape))).reshape(shape)
    if dtype == "bool":
        return values % 3 == 0
    return values.astype(dtype)


def _get(index, shape=(3, 4, 5), dtype="float32"):
    def case(paddle, np):
        x = paddle.to_tensor(_x(np, shape, dtype))
        return x[index(paddle, np)] if callable(index) else x[index]
    return case


def _weights(paddle, np, t):
    return paddle.to_tensor(np.arange(1, int(np.prod(t.shape)) + 1).reshape(t.shape)
                            .astype("float64"))


def _get_grad(index, shape=(3, 4, 5)):
    def case(paddle, np):
        x = paddle.to_tensor(_x(np, shape, "float64"))
        x.stop_gradient = False
        out = x[index(paddle, np)] if callable(index) else x[index]
        return out, paddle.grad((out * _weights(paddle, np, out)).sum(), x)
    return case


def _set(index, value, shape=(3, 4, 5), dtype="float32"):
    def case(paddle, np):
        x = paddle.to_tensor(_x(np, shape, dtype))
        v = value(paddle, np) if callable(value) else value
        x[index(paddle, np) if callable(index) and not isinstance(index, slice) else index] = v
        return x
    return case


def _set_grad(index, value_shape, shape=(3, 4, 5)):
    """y = x * 1; y[index] = v * 2; gradients of a weighted sum with respect to x and v."""
    def case(paddle, np):
        x = paddle.to_tensor(_x(np, shape, "float64"))
        v = paddle.to_tensor(np.ones(value_shape) * 7.0)
        x.stop_gradient = False
        v.stop_gradient = False
        y = x * 1
        y[index(paddle, np) if callable(index) else index] = v * 2
        return y, paddle.grad((y * _weights(paddle, np, y)).sum(), [x, v])
    return case


CASES = {}

# ---- basic indexing ------------------------------------------------------------------------
_BASIC = {
    "int": 1, "negative_int": -1, "int_pair": (1, 2), "int_triple": (2, 3, 4),
    "slice": slice(1, 3), "slice_step": slice(None, None, 2), "slice_negative_step":
    slice(None, None, -1), "slice_negative_bounds": slice(-2, None), "slice_reverse_range":
    slice(2, 0, -1), "slice_out_of_range": slice(1, 100), "slice_far_negative": slice(-100, 2),
    "slice_empty": slice(2, 1), "slice_start_past_end": slice(5, 10), "ellipsis": Ellipsis,
    "ellipsis_int": (Ellipsis, 1), "int_ellipsis": (0, Ellipsis), "none": None,
    "none_middle": (slice(None), None, 1), "none_ellipsis": (None, Ellipsis, None),
    "mixed": (1, slice(None, None, -2), None, slice(1, 4, 2)), "empty_tuple": (),
    "trailing_slice": (slice(None), slice(None), slice(None, None, -3)),
}
for _name, _index in _BASIC.items():
    CASES[f"get_{_name}"] = _get(_index)
CASES["get_0d_ellipsis"] = _get(Ellipsis, ())
CASES["get_0d_none"] = _get(None, ())
CASES["get_1d_int"] = _get(2, (5,))
CASES["get_int_dtype"] = _get(1, dtype="int32")
CASES["get_bool_dtype"] = _get((slice(None), 2), dtype="bool")
CASES["get_empty_dim"] = _get(slice(1, 2), (0, 3))

# ---- advanced indexing ---------------------------------------------------------------------
_ADVANCED = {
    "list": lambda p, np: [0, 2],
    "list_repeat": lambda p, np: [2, 2, 0],
    "list_negative": lambda p, np: [-1, 0],
    "nested_list": lambda p, np: [[0, 1], [2, 2]],
    "tensor": lambda p, np: p.to_tensor([2, 0]),
    "tensor_int32": lambda p, np: p.to_tensor([2, 0], dtype="int32"),
    "tensor_2d": lambda p, np: p.to_tensor([[1, 0], [2, 1]]),
    "tensor_0d": lambda p, np: p.to_tensor(1),
    "two_tensors": lambda p, np: (p.to_tensor([0, 2]), p.to_tensor([1, 3])),
    "broadcast_tensors": lambda p, np: (p.to_tensor([[0], [2]]), p.to_tensor([1, 3])),
    "tensor_slice": lambda p, np: (p.to_tensor([0, 2]), slice(1, 3)),
    "slice_tensor": lambda p, np: (slice(None), p.to_tensor([3, 0])),
    "separated_tensors": lambda p, np: (p.to_tensor([0, 2]), slice(None), p.to_tensor([1, 4])),
    "int_and_tensor": lambda p, np: (1, p.to_tensor([0, 2])),
    "int_slice_tensor": lambda p, np: (1, slice(None), p.to_tensor([0, 2])),
    "ellipsis_tensor": lambda p, np: (Ellipsis, p.to_tensor([0, 4])),
    "bool_mask": lambda p, np: p.to_tensor(_x(np, (3, 4, 5)) % 4 == 0),
    "bool_mask_2d": lambda p, np: p.to_tensor(np.array([[True, False, True, False]] * 3)),
    "bool_mask_1d": lambda p, np: p.to_tensor([True, False, True]),
    "bool_list": lambda p, np: [True, False, True],
    "bool_mask_slice": lambda p, np: (slice(None), p.to_tensor([True, False, False, True])),
    "bool_all_false": lambda p, np: p.to_tensor([False, False, False]),
    "python_true": lambda p, np: True,
    "python_false": lambda p, np: False,
    "bool_0d_tensor": lambda p, np: p.to_tensor(True),
    "empty_list": lambda p, np: [],
    "empty_tensor": lambda p, np: p.to_tensor(np.zeros([0], "int64")),
    "numpy_array": lambda p, np: np.array([2, 1]),
    "tuple_of_lists": lambda p, np: ([0, 1], [1, 2]),
}
for _name, _index in _ADVANCED.items():
    CASES[f"get_{_name}"] = _get(_index)

# ---- errors --------------------------------------------------------------------------------
CASES["get_int_out_of_range"] = _get(3)
CASES["get_negative_out_of_range"] = _get(-4)
CASES["get_second_axis_out_of_range"] = _get((0, 7))
CASES["get_too_many_indices"] = _get((0, 0, 0, 0))
CASES["get_float_index"] = _get(1.5)
CASES["get_float_tensor"] = _get(lambda p, np: p.to_tensor([1.0]))
CASES["get_string"] = _get("a")
CASES["get_zero_step"] = _get(slice(None, None, 0))
CASES["get_mask_shape_mismatch"] = _get(lambda p, np: p.to_tensor([True, False]))
CASES["get_two_ellipsis"] = _get((Ellipsis, 0, Ellipsis))
CASES["get_0d_int"] = _get(0, ())

# ---- gradients through getitem -------------------------------------------------------------
CASES["grad_get_int"] = _get_grad(1)
CASES["grad_get_slice_negative"] = _get_grad((slice(None, None, -1), slice(1, 3)))
CASES["grad_get_repeat_list"] = _get_grad(lambda p, np: [2, 2, 0])
CASES["grad_get_two_tensors"] = _get_grad(lambda p, np: (p.to_tensor([0, 0]),
                                                         p.to_tensor([1, 1])))
CASES["grad_get_mask"] = _get_grad(lambda p, np: p.to_tensor(_x(np) % 4 == 0))
CASES["grad_get_none_ellipsis"] = _get_grad((None, Ellipsis, 2))

# ---- setitem -------------------------------------------------------------------------------
CASES["set_int_scalar"] = _set(1, 9.0)
CASES["set_slice_scalar"] = _set(slice(0, 2), -1)
CASES["set_negative_step"] = _set((slice(None), slice(None, None, -2)), 5.5)
CASES["set_broadcast_row"] = _set(0, lambda p, np: p.to_tensor(np.arange(5.0, dtype="float32")))
CASES["set_broadcast_col"] = _set((slice(None), 1),
                                  lambda p, np: p.to_tensor(np.ones((3, 1), "float32")))
CASES["set_numpy_value"] = _set(1, lambda p, np: np.full((4, 5), 3.0))
CASES["set_list_value"] = _set((0, 0), [1, 2, 3, 4, 5])
CASES["set_float_into_int"] = _set(1, 2.7, dtype="int64")
CASES["set_float_tensor_into_int"] = _set(
    1, lambda p, np: p.to_tensor(np.full((4, 5), 2.7, "float32")), dtype="int32")
CASES["set_int_tensor_into_float"] = _set(1, lambda p, np: p.to_tensor(np.ones((5,), "int64")))
CASES["set_float64_into_float32"] = _set(
    2, lambda p, np: p.to_tensor(np.full((5,), 1.0 / 3.0, "float64")))
CASES["set_bool_into_float"] = _set(0, True)
CASES["set_into_bool"] = _set(0, 0, dtype="bool")
CASES["set_tensor_index"] = _set(lambda p, np: p.to_tensor([0, 2]), 4.0)
CASES["set_duplicate_index"] = _set(lambda p, np: p.to_tensor([1, 1]),
                                    lambda p, np: p.to_tensor(np.stack([np.full((4, 5), 1.0),
                                                                        np.full((4, 5), 2.0)])
                                                              .astype("float32")))
CASES["set_mask"] = _set(lambda p, np: p.to_tensor(_x(np) % 4 == 0), 0.0)
CASES["set_mask_tensor_value"] = _set(
    lambda p, np: p.to_tensor(np.array([True, False, True])),
    lambda p, np: p.to_tensor(np.full((4, 5), 8.0, "float32")))
CASES["set_two_tensors"] = _set(lambda p, np: (p.to_tensor([0, 2]), p.to_tensor([1, 3])),
                                lambda p, np: p.to_tensor(np.array([10.0, 20.0], "float32")))
CASES["set_ellipsis"] = _set(Ellipsis, 0.5)
CASES["set_none"] = _set((None, 1), 3.0)
CASES["set_0d"] = _set(Ellipsis, 4.0, ())
CASES["set_bad_shape"] = _set(0, lambda p, np: p.to_tensor(np.ones((3,), "float32")))
CASES["set_out_of_range"] = _set(5, 1.0)
CASES["set_string"] = _set(0, "a")

# ---- gradients through setitem -------------------------------------------------------------
CASES["grad_set_int"] = _set_grad(1, (4, 5))
CASES["grad_set_broadcast"] = _set_grad((slice(None), 2), (5,))
CASES["grad_set_scalar_value"] = _set_grad((0, slice(1, 3)), ())
CASES["grad_set_negative_step"] = _set_grad((slice(None, None, -1), 1), (3, 5))
# Real Paddle 3.3.1 reads uninitialised memory for the value's gradient when the index holds
# tensors, and for `x[None, tensor]`, and does not bounds-check tensor indices; those cases
# are covered by tests/tensor/test_indexing.py instead.


def _leaf_setitem(paddle, np):
    x = paddle.to_tensor(_x(np, (2, 3)))
    x.stop_gradient = False
    x[0] = 1.0
    return x


CASES["set_leaf_requiring_grad"] = _leaf_setitem


def _view_then_set(paddle, np):
    x = paddle.to_tensor(_x(np, (2, 3)))
    y = x[0]
    x[0] = 100.0
    return x, y


CASES["set_after_view"] = _view_then_set

# Paddle applies integer indices before tensor indices (NumPy would move the tensor dims first).
CASES["get_int_first_then_tensor"] = _get(lambda p, np: (1, slice(None), p.to_tensor([0, 2])))
CASES["get_tensor_slice_int"] = _get(lambda p, np: ([0, 1], slice(None), 2))
CASES["get_int_bool"] = _get(lambda p, np: (1, [True, False, True, False]))
CASES["set_int_first_then_tensor"] = _set(lambda p, np: (1, slice(None), p.to_tensor([0, 2])),
                                          lambda p, np: p.to_tensor(np.ones((4, 1), "float32")))
