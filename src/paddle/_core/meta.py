"""TensorMeta (shape + dtype, no data) and the shape rules that infer_meta functions share.

A dimension of -1 is unknown (a dynamic dim from an InputSpec); rules propagate it."""
from __future__ import annotations

from . import dtype as _dt


class TensorMeta:
    """What tracing knows about a value: its shape (tuple, -1 for unknown dims) and dtype."""

    __slots__ = ("shape", "dtype")

    def __init__(self, shape, dtype: _dt.DType):
        self.shape = tuple(int(d) for d in shape)
        self.dtype = dtype

    @property
    def ndim(self) -> int:
        return len(self.shape)

    def __eq__(self, other) -> bool:
        return (isinstance(other, TensorMeta) and self.shape == other.shape
                and self.dtype is other.dtype)

    def __hash__(self) -> int:
        return hash((self.shape, self.dtype.name))

    def __repr__(self) -> str:
        return f"TensorMeta(shape={list(self.shape)}, dtype={self.dtype.name})"


def meta_of(array) -> TensorMeta:
    return TensorMeta(array.shape, _dt.from_numpy_dtype(array.dtype))


def broadcast_shapes(op: str, x: tuple, y: tuple) -> tuple:
    """NumPy/Paddle broadcasting of two shapes, with Paddle's error message."""
    nx, ny = len(x), len(y)
    n = max(nx, ny)
    xs = (1,) * (n - nx) + tuple(x)
    ys = (1,) * (n - ny) + tuple(y)
    out = []
    for i, (a, b) in enumerate(zip(xs, ys)):
        if a == b or b == 1:
            out.append(a)
        elif a == 1:
            out.append(b)
        elif a == -1 or b == -1:
            out.append(max(a, b))
        else:
            raise ValueError(
                f"({op}) Broadcast dimension mismatch. Operands could not be broadcast together "
                f"with the shape of X = {list(x)} and the shape of Y = {list(y)}. Received "
                f"[{a}] in X is not equal to [{b}] in Y at i:{i}.")
    return tuple(out)


def normalize_axis(op: str, axis: int, ndim: int, arg: str = "axis") -> int:
    """Map a possibly negative axis into [0, ndim), raising Paddle's ValueError when out of range.
    A 0-d tensor accepts axis 0 and -1."""
    bound = max(ndim, 1)
    if not -bound <= axis < bound:
        raise ValueError(f"({op}) The '{arg}' should be in range [{-bound}, {bound}), but "
                         f"received {arg} = {axis} for a {ndim}-D input.")
    return axis % bound if ndim else 0


def normalize_axes(op: str, axis, ndim: int) -> tuple | None:
    """None (all axes) or a sorted tuple of distinct non-negative axes."""
    if axis is None:
        return None
    if isinstance(axis, int):
        axis = (axis,)
    axes = tuple(sorted({normalize_axis(op, int(a), ndim) for a in axis}))
    return axes if len(axes) else None


def reduced_shape(shape: tuple, axes: tuple | None, keepdim: bool) -> tuple:
    if axes is None:
        return (1,) * len(shape) if keepdim else ()
    if keepdim:
        return tuple(1 if i in axes else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in axes)


# ---- ready-made infer_meta rules ---------------------------------------------------------------

def same_as(name: str = "x"):
    """Output has the input's shape and dtype (name is for readability of the declaration)."""
    def rule(x, *attrs):
        return TensorMeta(x.shape, x.dtype)
    rule.__name__ = f"same_as_{name}"
    return rule


def same_shape(dtype: _dt.DType):
    """Output has the input's shape and a fixed dtype (e.g. bool for isnan)."""
    def rule(x, *attrs):
        return TensorMeta(x.shape, dtype)
    return rule


def unary_float(x, *attrs):
    """Elementwise math that turns integers into the default float (sqrt, exp, …)."""
    dtype = x.dtype if x.dtype.kind in "fc" else _dt.default_float()
    return TensorMeta(x.shape, dtype)


def broadcast_binary(op: str, dtype: _dt.DType | None = None):
    """Output shape broadcasts x with y; dtype is x's (or fixed, e.g. bool for comparisons)."""
    def rule(x, y, *attrs):
        return TensorMeta(broadcast_shapes(op, x.shape, y.shape), dtype or x.dtype)
    return rule
