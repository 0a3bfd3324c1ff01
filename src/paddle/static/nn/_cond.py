"""Tracing `cond`: both branch functions run, each recording into its block of a `pd_op.if`, and
their results are merged leaf by leaf into the op's results.

How a pair of leaves (true branch, false branch) merges, as Paddle's cond does:

- two tensors: yielded by both blocks (dtype and rank must agree; differing dims become -1);
- equal Python numbers of one type: stay that Python number; unequal ones become 0-d tensors
  (bool, int64, float64) in each block; a number against a tensor becomes a 0-d tensor of the
  tensor's dtype;
- the very same object (None, an UndefinedVar, …) on both sides stays itself;
- an UndefinedVar on either side (to_static: assigned on one path only) gives an UndefinedVar,
  unless the caller lets that item be filled and the side lacking it has never been assigned
  (Unassigned): then that side yields zeros of the other's type. to_static fills only the hidden
  return value of a function that returns on every path, so a stand-in is always overwritten
  before the function returns.
"""
from __future__ import annotations

from ..._core import state
from ..._core.ir.control_flow import IfBuilder, check_predicate
from ..._core.meta import TensorMeta
from ..._core.tensor import Tensor
from ._structure import (
    Unassigned,
    UndefinedVar,
    assert_same_structure,
    flatten,
    is_container,
    pack_as,
)

_NUMBER_DTYPES = {bool: "bool", int: "int64", float: "float64"}


def trace_cond(pred, true_fn, false_fn, names=None, fill_missing=None, none_is_undefined=False):
    """Record `pd_op.if` for a symbolic `pred`; returns the merged results of the branches.

    `names` label the top-level items of the results in error messages; `fill_missing` (one
    bool per item) says which items may be zero-filled where one branch lacks them;
    `none_is_undefined` treats a None leaf facing a tensor as undefined (to_static)."""
    builder = IfBuilder(state.tracer, pred)
    with builder.branch(0):
        true_out = true_fn() if true_fn is not None else None
    with builder.branch(1):
        false_out = false_fn() if false_fn is not None else None
    if true_out is None and false_out is None:
        builder.finish([], [])
        return None
    _check_none(true_out, false_out)
    true_items, false_items = _as_items(true_out), _as_items(false_out)
    if len(true_items) != len(false_items):
        raise ValueError(f"true fn returns {len(true_items)} vars, but false fn returns "
                         f"{len(false_items)} vars, which is not equals")
    names = names or ["no name"] * len(true_items)
    fill_missing = fill_missing or [False] * len(true_items)
    merger = _Merger(builder, none_is_undefined)
    merged_items = [merger.item(t, f, name, fill)
                    for t, f, name, fill in zip(true_items, false_items, names, fill_missing)]
    results = iter(builder.finish(merger.true_yields, merger.false_yields))
    final = [pack_as(item, (next(results) if leaf is _YIELDED else leaf for leaf in flatten(item)))
             for item in merged_items]
    if is_container(true_out) and not isinstance(true_out, dict):
        return type(true_out)(final) if not hasattr(true_out, "_fields") else \
            type(true_out)(*final)
    return final[0]


def bool_predicate(pred, what: str):
    """`pred` as a bool tensor (to_static casts other dtypes, as Paddle does)."""
    from ...tensor.manipulation import cast
    if pred.dtype.name != "bool":
        pred = cast(pred, "bool")
    check_predicate(_meta(pred), what)
    return pred


def _meta(t) -> TensorMeta:
    return TensorMeta(tuple(t.shape), t.dtype)


_YIELDED = object()  # marks a leaf that the if op's results replace


def _check_none(true_out, false_out) -> None:
    if true_out is None:
        raise ValueError("Incompatible return values of true_fn and false_fn in cond: true_fn "
                         "returns None while false_fn returns non-None")
    if false_out is None:
        raise ValueError("Incompatible return values of true_fn and false_fn in cond: true_fn "
                         "returns non-None while false_fn returns None")


def _as_items(out) -> list:
    if isinstance(out, (list, tuple)):
        return list(out)
    return [out]


class _Merger:
    """Merges branch results item by item, collecting the values each block must yield."""

    def __init__(self, builder, none_is_undefined: bool):
        self.builder = builder
        self.none_is_undefined = none_is_undefined
        self.true_yields: list = []
        self.false_yields: list = []

    def item(self, true_item, false_item, name: str, fill: bool):
        true_item, false_item = self._expand_missing(true_item, false_item)
        try:
            assert_same_structure(true_item, false_item)
        except ValueError as exc:
            raise ValueError(f"Incompatible return values of `{name}` in true_fn and false_fn "
                             f"in cond: {exc}") from None
        leaves = [self.leaf(t, f, name, fill)
                  for t, f in zip(flatten(true_item), flatten(false_item))]
        return pack_as(true_item, iter(leaves))

    def _expand_missing(self, true_item, false_item):
        """A whole item missing on one side takes the other side's structure."""
        def missing(x):
            return isinstance(x, UndefinedVar) or (x is None and self.none_is_undefined)

        def padded(item, template):
            kind = Unassigned if isinstance(item, Unassigned) else UndefinedVar
            return pack_as(template, (kind("padding") for _ in flatten(template)))

        if missing(true_item) and is_container(false_item):
            true_item = padded(true_item, false_item)
        if missing(false_item) and is_container(true_item):
            false_item = padded(false_item, true_item)
        return true_item, false_item

    def leaf(self, t, f, name: str, fill: bool):
        if isinstance(t, Tensor) and isinstance(f, Tensor):
            return self._yield(t, f)
        if t is f:
            return t
        if fill and (isinstance(t, Unassigned) or isinstance(f, Unassigned)):
            return self._fill(t, f, name)
        if self._undefined(t) or self._undefined(f):
            return UndefinedVar(name)
        if _is_number(t) and _is_number(f) and type(t) is type(f):
            if t == f:
                return t
            return self._yield(self._constant(0, t, None), self._constant(1, f, None))
        if _is_number(t) and isinstance(f, Tensor):
            return self._yield(self._constant(0, t, f.dtype), f)
        if isinstance(t, Tensor) and _is_number(f):
            return self._yield(t, self._constant(1, f, t.dtype))
        raise TypeError(f"Unsupported return type of true_fn and false_fn in cond: false_var "
                        f"returned `{name}` by false_fn is `{f!r}` and true_var of true_fn is "
                        f"`{t!r}`")

    def _undefined(self, value) -> bool:
        return isinstance(value, UndefinedVar) or (self.none_is_undefined and value is None)

    def _yield(self, t, f):
        self.true_yields.append(t)
        self.false_yields.append(f)
        return _YIELDED

    def _constant(self, branch: int, value, dtype):
        from ...tensor.creation import full
        with self.builder.branch(branch):
            return full([], value, dtype or _NUMBER_DTYPES[type(value)])

    def _fill(self, t, f, name: str):
        """Zeros of the defined side's type for the side that lacks the value (a Python number
        becomes a 0-d tensor first)."""
        from ...tensor.creation import zeros
        missing = 1 if isinstance(f, Unassigned) else 0
        defined = t if missing == 1 else f
        if _is_number(defined):
            defined = self._constant(1 - missing, defined, None)
        if not isinstance(defined, Tensor):
            return UndefinedVar(name)
        with self.builder.branch(missing):
            stand_in = zeros([max(d, 0) for d in defined.shape], defined.dtype)
        return self._yield(defined, stand_in) if missing == 1 else self._yield(stand_in, defined)


def _is_number(value) -> bool:
    return type(value) in _NUMBER_DTYPES
