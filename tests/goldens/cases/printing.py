"""Tensor printing: repr/str of many shapes, dtypes and magnitudes, and set_printoptions."""


def _repr(make):
    def case(paddle, np):
        return str(make(paddle, np))
    return case


def _rng(np):
    return np.random.default_rng(0)


CASES = {
    "scalar_float": _repr(lambda p, np: p.to_tensor(1.0)),
    "scalar_int": _repr(lambda p, np: p.to_tensor(3)),
    "scalar_bool": _repr(lambda p, np: p.to_tensor(True)),
    "scalar_fraction": _repr(lambda p, np: p.to_tensor(0.125)),
    "vector_whole": _repr(lambda p, np: p.to_tensor([1.0, 2.0, 3.0])),
    "vector_mixed": _repr(lambda p, np: p.to_tensor([1.5, 2.0])),
    "vector_tiny": _repr(lambda p, np: p.to_tensor([1e-8, 1.0])),
    "vector_big": _repr(lambda p, np: p.to_tensor([1e10, 1.0])),
    "vector_negative": _repr(lambda p, np: p.to_tensor([-1.5, 2.0, -0.25])),
    "vector_int": _repr(lambda p, np: p.to_tensor([1, -20, 300])),
    "vector_bool": _repr(lambda p, np: p.to_tensor([True, False, True])),
    "matrix_float64": _repr(lambda p, np: p.to_tensor(np.array([[0.0, 1.5], [2.0, 3.0]]))),
    "matrix_int32": _repr(lambda p, np: p.to_tensor(np.arange(6, dtype="int32").reshape(2, 3))),
    "rand_20x30": _repr(lambda p, np: p.to_tensor(_rng(np).random((20, 30)).astype("float32"))),
    "rand_3x4x5_signed": _repr(lambda p, np: p.to_tensor(
        _rng(np).standard_normal((3, 4, 5)).astype("float32"))),
    "long_vector": _repr(lambda p, np: p.to_tensor(np.arange(2000.0))),
    "long_matrix": _repr(lambda p, np: p.to_tensor(np.arange(2000.0).reshape(2, 1000))),
    "summary_3d": _repr(lambda p, np: p.to_tensor(
        np.arange(1200, dtype="int64").reshape(10, 12, 10))),
    "wide_row": _repr(lambda p, np: p.to_tensor(_rng(np).random((1, 40)).astype("float32"))),
    "empty": _repr(lambda p, np: p.zeros([0, 3])),
    "empty_1d": _repr(lambda p, np: p.to_tensor(np.zeros((0,), "float32"))),
    "complex": _repr(lambda p, np: p.to_tensor([1 + 2j, 3j])),
    "float16": _repr(lambda p, np: p.to_tensor([1.5, 2.0]).astype("float16")),
    "bfloat16": _repr(lambda p, np: p.to_tensor([1.5, 2.0, 3.3]).astype("bfloat16")),
    "nan_inf": _repr(lambda p, np: p.to_tensor([float("nan"), float("inf"), -float("inf"), 1.0])),
    "requires_grad": _repr(lambda p, np: p.to_tensor([1.0, 2.0], stop_gradient=False) * 2),
    "large_values": _repr(lambda p, np: p.to_tensor([123456.789, 1.0])),
    "mixed_magnitude": _repr(lambda p, np: p.to_tensor([[1e-5, 1.0], [2.0, 3.0]])),
    "shape_repr": lambda p, np: repr(p.ones([2, 3]).shape),
    "dtype_repr": lambda p, np: repr(p.float32) + " " + str(p.float32) + " " + str(
        p.ones([1]).dtype),
    "place_repr": lambda p, np: str(p.ones([1]).place) + " " + str(p.CPUPlace()),
    "uint8": _repr(lambda p, np: p.to_tensor(np.array([0, 255], dtype="uint8"))),
}


def _printoptions(paddle, np):
    paddle.set_printoptions(precision=3)
    try:
        return str(paddle.to_tensor([1.23456, 2.5]))
    finally:
        paddle.set_printoptions(precision=8)


def _sci(paddle, np):
    paddle.set_printoptions(sci_mode=True)
    try:
        return str(paddle.to_tensor([1.23456, 2.5e-7]))
    finally:
        paddle.set_printoptions(sci_mode=False)


def _threshold(paddle, np):
    paddle.set_printoptions(threshold=5, edgeitems=2)
    try:
        return str(paddle.to_tensor(np.arange(10.0)))
    finally:
        paddle.set_printoptions(threshold=1000, edgeitems=3)


CASES["printoptions_precision"] = _printoptions
CASES["printoptions_sci"] = _sci
CASES["printoptions_threshold"] = _threshold
