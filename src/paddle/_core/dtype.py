"""Paddle data types, their NumPy storage types, the default dtype and type promotion.

bfloat16 and the float8 types store as ml_dtypes' NumPy types. Importing ml_dtypes' C extension
costs about a second, so those three dtypes are handles whose `np_dtype` is filled in on first
use (`load_ml_dtypes`); until then no array can carry one of their NumPy types."""
from __future__ import annotations

import sys

import numpy as np


class DType:
    """A Paddle data type (`paddle.float32`, …). Prints as Paddle does: `paddle.float32`."""

    __slots__ = ("name", "np_dtype", "value", "kind", "itemsize")

    def __init__(self, name: str, np_dtype, value: int, kind: str, itemsize: int = 0):
        self.name = name
        self.value = value
        # kind: 'b' bool, 'u'/'i' integer, 'f' floating (incl. float16/bfloat16/float8), 'c' complex
        self.kind = kind
        if np_dtype is None:  # an ml_dtypes type: the `np_dtype` slot stays empty until first use
            self.itemsize = itemsize
        else:
            self.np_dtype = np.dtype(np_dtype)
            self.itemsize = self.np_dtype.itemsize

    def __getattr__(self, attr: str):
        # Only reached while a slot is unset, i.e. for `np_dtype` of a not yet loaded ml_dtypes type.
        if attr != "np_dtype" or self.name not in _ML_DTYPES_NAMES:
            raise AttributeError(f"'DType' object has no attribute '{attr}'")
        load_ml_dtypes()
        return self.np_dtype

    def __repr__(self) -> str:
        return f"<DataType.{self.name.upper()}: {self.value}>"

    def __str__(self) -> str:
        return f"paddle.{self.name}"

    def __reduce__(self):
        return (to_dtype, (self.name,))

    @property
    def is_floating_point(self) -> bool:
        return self.kind == "f"

    @property
    def is_complex(self) -> bool:
        return self.kind == "c"

    @property
    def is_integer(self) -> bool:
        return self.kind in "ui"


bool_ = DType("bool", np.bool_, 1, "b")
uint8 = DType("uint8", np.uint8, 2, "u")
int8 = DType("int8", np.int8, 3, "i")
uint16 = DType("uint16", np.uint16, 4, "u")
int16 = DType("int16", np.int16, 5, "i")
uint32 = DType("uint32", np.uint32, 6, "u")
int32 = DType("int32", np.int32, 7, "i")
uint64 = DType("uint64", np.uint64, 8, "u")
int64 = DType("int64", np.int64, 9, "i")
float32 = DType("float32", np.float32, 10, "f")
float64 = DType("float64", np.float64, 11, "f")
complex64 = DType("complex64", np.complex64, 12, "c")
complex128 = DType("complex128", np.complex128, 13, "c")
float16 = DType("float16", np.float16, 15, "f")
bfloat16 = DType("bfloat16", None, 16, "f", itemsize=2)
float8_e4m3fn = DType("float8_e4m3fn", None, 17, "f", itemsize=1)
float8_e5m2 = DType("float8_e5m2", None, 18, "f", itemsize=1)
_ML_DTYPES = (bfloat16, float8_e4m3fn, float8_e5m2)
_ML_DTYPES_NAMES = frozenset(d.name for d in _ML_DTYPES)

ALL_DTYPES = (
    bool_, uint8, int8, uint16, int16, uint32, int32, uint64, int64, float16, bfloat16,
    float32, float64, complex64, complex128, float8_e4m3fn, float8_e5m2,
)
FLOAT_DTYPES = (float16, bfloat16, float32, float64)

_BY_NAME = {d.name: d for d in ALL_DTYPES}
# Paddle 3.3 reads the dtype name 'uint16' as bfloat16 (its historical storage type).
_BY_NAME["uint16"] = bfloat16
_BY_NAME.update({"bool_": bool_, "float": float32, "double": float64, "half": float16,
                 "int": int32, "long": int64, "cfloat": complex64, "cdouble": complex128})
_BY_NP = {d.np_dtype: d for d in ALL_DTYPES if d not in _ML_DTYPES}
# The NumPy types that kernels compute in float32 and round back; bfloat16's joins on load.
LOW_PRECISION_NP = [np.dtype(np.float16)]


_ml_dtypes_loaded = False


def load_ml_dtypes():
    """Import ml_dtypes and give bfloat16/float8 their NumPy types; returns the module."""
    global _ml_dtypes_loaded
    import ml_dtypes

    if not _ml_dtypes_loaded:
        for d in _ML_DTYPES:
            d.np_dtype = np.dtype(getattr(ml_dtypes, d.name))
            _BY_NP[d.np_dtype] = d
        LOW_PRECISION_NP.append(bfloat16.np_dtype)
        _ml_dtypes_loaded = True
    return ml_dtypes


def is_bfloat16(np_dtype) -> bool:
    """Whether `np_dtype` is bfloat16's NumPy type, without importing ml_dtypes to find out:
    while it is not imported, nothing can be of its types."""
    return "ml_dtypes" in sys.modules and np_dtype == load_ml_dtypes().bfloat16


def from_numpy_dtype(np_dtype) -> DType:
    """The Paddle dtype that stores as `np_dtype` (raises TypeError for unsupported ones)."""
    try:
        return _BY_NP[np_dtype]
    except KeyError:
        pass
    if "ml_dtypes" in sys.modules:  # someone else loaded it: its arrays may reach us
        load_ml_dtypes()
    np_dtype = np.dtype(np_dtype)
    if np_dtype in _BY_NP:
        return _BY_NP[np_dtype]
    raise TypeError(f"The data type {np_dtype} is not supported by Paddle tensors.")


def to_dtype(dtype) -> DType:
    """Accept what Paddle accepts for `dtype=`: a paddle dtype, a string, or a NumPy dtype/type."""
    if type(dtype) is DType:
        return dtype
    if isinstance(dtype, str):
        found = _BY_NAME.get(dtype.removeprefix("paddle."))
        if found is None:
            raise TypeError(f"Unsupported data type '{dtype}'. Expected one of "
                            f"{sorted(d.name for d in ALL_DTYPES)}.")
        return found
    if dtype is bool:
        return bool_
    if dtype is int:
        return int64
    if dtype is float:
        return float32
    if dtype is complex:
        return complex64
    try:
        return from_numpy_dtype(np.dtype(dtype))
    except TypeError as exc:
        raise TypeError(f"Unsupported data type {dtype!r}.") from exc


_default_float = float32


def set_default_dtype(d) -> None:
    """Set the dtype used for Python floats and float creation ops (float16/32/64, bfloat16)."""
    global _default_float
    dt = to_dtype(d)
    if dt not in FLOAT_DTYPES:
        raise TypeError("set_default_dtype only supports [float16, float32, float64, bfloat16], "
                        f"but received {dt.name}")
    _default_float = dt


def get_default_dtype() -> str:
    return _default_float.name


def default_float() -> DType:
    return _default_float


def default_complex() -> DType:
    return complex128 if _default_float is float64 else complex64


# ---- type promotion ---------------------------------------------------------------------------
# Paddle 3.3 promotes binary ops in two regimes (checked against paddlepaddle 3.3.1, see
# tests/core/test_promotion.py): between two tensors of rank >= 1 only floating types promote
# among themselves and complex absorbs everything; a 0-d tensor or Python scalar instead acts
# as a "weak" operand that only changes the result when it is of a higher category.

_FLOAT_RANK = {float16: 1, bfloat16: 1, float32: 2, float64: 3}
_CATEGORY = {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}
_INT_ORDER = (uint8, int8, int16, int32, int64)


def _promote_floats(a: DType, b: DType) -> DType:
    ra, rb = _FLOAT_RANK.get(a, 0), _FLOAT_RANK.get(b, 0)
    if ra == rb:  # float16 with bfloat16 meet at float32
        return a if a is b else float32
    return a if ra > rb else b


def _complex_merge(a: DType, b: DType) -> DType:
    """complex with a float or complex: complex128 if either side carries double precision."""
    wide = (float64, complex128)
    return complex128 if a in wide or b in wide else complex64


def _promote_ints(a: DType, b: DType) -> DType:
    """NumPy's integer promotion (used between two 0-d operands): uint8 with int8 gives int16."""
    if a is b:
        return a
    if a.kind == "b":
        return b
    if b.kind == "b":
        return a
    if (a is uint8) != (b is uint8):
        other = b if a is uint8 else a
        return int16 if other is int8 else other
    return a if _INT_ORDER.index(a) > _INT_ORDER.index(b) else b


def _category_winner(strong: DType, weak: DType) -> DType:
    """Higher category wins with its own dtype; complex meeting float merges precision."""
    cs, cw = _CATEGORY[strong.kind], _CATEGORY[weak.kind]
    high, low = (strong, weak) if cs >= cw else (weak, strong)
    if high.kind == "c" and low.kind in "fc":
        return _complex_merge(high, low)
    return high


def promote_types(x: DType, x_weak: bool, y: DType, y_weak: bool, op_name: str) -> DType:
    """Result dtype of a binary op. `*_weak` marks 0-d tensors and Python scalars."""
    if x is y:
        return x
    cx, cy = _CATEGORY[x.kind], _CATEGORY[y.kind]
    if x_weak == y_weak:
        if x.kind == "c" or y.kind == "c":
            if cx == cy or x.kind in "fc" and y.kind in "fc":
                return _complex_merge(x, y)
            return x if x.kind == "c" else y
        if x.kind == "f" and y.kind == "f":
            return _promote_floats(x, y)
        if x_weak:  # two 0-d operands promote like NumPy scalars
            if cx != cy:
                return x if cx > cy else y
            return _promote_ints(x, y)
        raise TypeError(
            "Type promotion only support calculations between floating-point numbers and "
            "between complex and real numbers. But got different data type x: "
            f"{x.name}, y: {y.name} (in {op_name}).")
    strong, weak = (y, x) if x_weak else (x, y)
    cs, cw = _CATEGORY[strong.kind], _CATEGORY[weak.kind]
    if cs == cw:
        return strong
    return _category_winner(strong, weak)


def scalar_dtype(value) -> DType:
    """The weak dtype a Python/NumPy scalar takes in promotion."""
    if isinstance(value, (bool, np.bool_)):
        return bool_
    if isinstance(value, np.generic):
        return from_numpy_dtype(value.dtype)
    if isinstance(value, int):
        return int64
    if isinstance(value, float):
        return _default_float
    if isinstance(value, complex):
        return default_complex()
    raise TypeError(f"Expected a number, but received {type(value).__name__}.")


class finfo:
    """Machine limits of a floating dtype, printed as Paddle prints them."""

    def __init__(self, dtype):
        dt = to_dtype(dtype)
        if dt in _ML_DTYPES:
            info = load_ml_dtypes().finfo(dt.np_dtype)
        else:
            info = np.finfo(dt.np_dtype)
        self.dtype = dt.name
        self.bits = info.bits
        self.min = float(info.min)
        self.max = float(info.max)
        self.eps = float(info.eps)
        self.resolution = float(info.resolution)
        self.smallest_normal = float(info.smallest_normal)
        self.tiny = self.smallest_normal

    def __repr__(self) -> str:
        return (f"paddle.finfo(min={self.min:g}, max={self.max:g}, eps={self.eps:g}, "
                f"resolution={self.resolution:g}, smallest_normal={self.smallest_normal:g}, "
                f"tiny={self.tiny:g}, bits={self.bits}, dtype={self.dtype})")


class iinfo:
    """Machine limits of an integer dtype."""

    def __init__(self, dtype):
        dt = to_dtype(dtype)
        info = np.iinfo(dt.np_dtype)
        self.dtype = dt.name
        self.bits = info.bits
        self.min = int(info.min)
        self.max = int(info.max)

    def __repr__(self) -> str:
        return f"paddle.iinfo(min={self.min}, max={self.max}, bits={self.bits}, dtype={self.dtype})"
