"""The helpers converted functions call (as `_jst.<name>`): each decides at run time whether it
sees Python values (then it runs plain Python, with Python's semantics) or symbolic tensors of a
program being built (then it records `pd_op.if` / `pd_op.while` or tensor logic ops).

Branch and loop bodies arrive as functions that read and assign the enclosing function's
variables; `get_args()` returns the current values of the variables they assign (`names`) and
`set_args(values)` rebinds them.
"""
from __future__ import annotations

from ..._core.ir.control_flow import ControlFlowScopeError
from ..._core.tensor import Tensor
from ..._core.tracing import is_symbolic
from ...static.nn._cond import bool_predicate, trace_cond
from ...static.nn._structure import (  # noqa: F401 - Unassigned is a helper too
    Unassigned,
    UnsupportedControlFlow,
    assert_same_structure,
    flatten,
    pack_as,
)
from ...static.nn._while import trace_while
from .call import convert_call  # noqa: F401 - a helper of converted code

_RETURN_VALUE = "__return_value_"


def _truth(pred) -> bool:
    return bool(pred)


def _unsupported(what: str, exc: Exception) -> UnsupportedControlFlow:
    if isinstance(exc, (UnsupportedControlFlow, ControlFlowScopeError)):
        return exc
    return UnsupportedControlFlow(f"{what}: {exc}")


def convert_ifelse(pred, true_fn, false_fn, get_args, set_args, names) -> None:
    """`if pred: true_fn() else: false_fn()`; with a symbolic `pred` both run, into the two
    blocks of a `pd_op.if` whose results the assigned variables then hold."""
    if not is_symbolic(pred):
        (true_fn if _truth(pred) else false_fn)()
        return
    init = get_args()
    guard = _InPlaceGuard(init)

    def branch(fn):
        def traced():
            set_args(_fresh(init))
            fn()
            return guard.detach(tuple(get_args()))
        return traced

    try:
        merged = trace_cond(bool_predicate(pred, "if"), branch(true_fn), branch(false_fn),
                            names=list(names),
                            fill_missing=[n.startswith(_RETURN_VALUE) for n in names],
                            none_is_undefined=True)
    except (ValueError, TypeError, RuntimeError) as exc:
        raise _unsupported(f"an if on a tensor assigning {list(names)}", exc) from exc
    set_args(_restore(init, guard.reattach(tuple(merged))))


def convert_ifexp(pred, true_fn, false_fn):
    """`true_fn() if pred else false_fn()`."""
    if not is_symbolic(pred):
        return true_fn() if _truth(pred) else false_fn()
    try:
        return trace_cond(bool_predicate(pred, "if-expression"), true_fn, false_fn)
    except (ValueError, TypeError, RuntimeError) as exc:
        raise _unsupported("a conditional expression on a tensor", exc) from exc


def convert_while_loop(cond_fn, body_fn, get_args, set_args, names) -> None:
    """`while cond_fn(): body_fn()`; once the condition is symbolic the rest of the loop
    becomes a `pd_op.while` carrying the assigned variables."""
    while True:
        pred = cond_fn()
        if is_symbolic(pred):
            break
        if not _truth(pred):
            return
        body_fn()
    init = get_args()
    template = [_fresh_one(v) for v in init]
    labels = [name for name, value in zip(names, template) for _ in flatten(value)]

    def body_leaves(leaves):
        set_args(_fresh(pack_as(template, iter(leaves))))
        body_fn()
        after = list(get_args())
        _check_loop_structure(template, after, names)
        return flatten(after)

    def cond_leaves(leaves):
        set_args(_fresh(pack_as(template, iter(leaves))))
        return cond_fn()

    try:
        finals = trace_while(bool_predicate(pred, "while"), cond_leaves, body_leaves,
                             flatten(template), labels)
    except (ValueError, TypeError, RuntimeError) as exc:
        raise _unsupported(f"a while loop on a tensor carrying {list(names)}", exc) from exc
    set_args(_restore(init, pack_as(template, iter(finals))))


class _InPlaceGuard:
    """Keeps in-place updates (`x[i] = v`, `x.add_(y)`) of one branch out of the other.

    An in-place op on a symbolic tensor re-points that tensor object at the op's result. After
    a branch, each such tensor is restored and its branch value handed on as a separate object;
    after the merge, the tensor object takes the merged value, so it stays the same object."""

    def __init__(self, init):
        self.init = list(init)
        self.tensors = [v for v in flatten(self.init) if is_symbolic(v)]
        self.saved = [_state(t) for t in self.tensors]
        self.mutated: set = set()

    def detach(self, values: tuple) -> tuple:
        changed = {id(t) for t, s in zip(self.tensors, self.saved) if t._data is not s[0]}
        self.mutated |= changed
        leaves = [_alias(v) if id(v) in changed else v for v in flatten(list(values))]
        for t, s in zip(self.tensors, self.saved):
            _set_state(t, s)
        return tuple(pack_as(list(values), iter(leaves)))

    def reattach(self, values: tuple) -> tuple:
        if not self.mutated:
            return values
        leaves = []
        for value, original in zip(flatten(list(values)), flatten(self.init)):
            if id(original) in self.mutated and isinstance(value, Tensor):
                _set_state(original, _state(value))
                value = original
            leaves.append(value)
        return tuple(pack_as(list(values), iter(leaves)))


def _state(t) -> tuple:
    return t._data, t._node, t._out_idx, t.stop_gradient


def _set_state(t, state: tuple) -> None:
    t._data, t._node, t._out_idx, t.stop_gradient = state


def _alias(t):
    """A second tensor object with t's current value and autograd identity."""
    twin = object.__new__(type(t))
    for slot in ("_data", "stop_gradient", "_grad", "_node", "_out_idx", "_version", "_extra"):
        setattr(twin, slot, getattr(t, slot))
    return twin


def _check_loop_structure(before: list, after: list, names) -> None:
    for name, old, new in zip(names, before, after):
        try:
            assert_same_structure(old, new)
        except ValueError as exc:
            raise UnsupportedControlFlow(
                f"'{name}' changes structure in a loop whose condition is a tensor ({exc}); a "
                "loop can only carry values of a fixed structure (lists growing per iteration "
                "need tensor arrays, which to_static does not build)") from None


def _fresh_one(value):
    """A container a branch may mutate without touching the one before the branch."""
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return dict(value)
    return value


def _fresh(values) -> tuple:
    return tuple(_fresh_one(v) for v in values)


def _restore(init, results) -> tuple:
    """Results for the variables, keeping the identity of containers mutated in place."""
    out = []
    for old, new in zip(init, results):
        if isinstance(old, list) and isinstance(new, list) and old is not new:
            old[:] = new
            new = old
        elif isinstance(old, dict) and isinstance(new, dict) and old is not new:
            old.clear()
            old.update(new)
            new = old
        out.append(new)
    return tuple(out)


def _logic(name: str, *tensors):
    import paddle
    args = [t if isinstance(t, Tensor) else paddle.full([], bool(t), "bool") for t in tensors]
    args = [t if t.dtype.name == "bool" else paddle.cast(t, "bool") for t in args]
    return getattr(paddle, name)(*args)


def convert_logical_and(x_fn, y_fn):
    """`x and y`: Python's short circuit for Python values, logical_and for tensors."""
    x = x_fn()
    if not is_symbolic(x):
        return x and y_fn()
    return _logic("logical_and", x, y_fn())


def convert_logical_or(x_fn, y_fn):
    """`x or y`: Python's short circuit for Python values, logical_or for tensors."""
    x = x_fn()
    if not is_symbolic(x):
        return x or y_fn()
    return _logic("logical_or", x, y_fn())


def convert_logical_not(x):
    """`not x`."""
    if not is_symbolic(x):
        return not x
    return _logic("logical_not", x)


def is_known_true(flag) -> bool:
    """Whether a flag is true already while the program is built (a real `break` can run)."""
    return not is_symbolic(flag) and bool(flag)


def _range_arg(value):
    if isinstance(value, Tensor) and not is_symbolic(value):
        return int(value)
    if isinstance(value, Tensor):
        return value
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"'{type(value).__name__}' object cannot be interpreted as an integer")
    return int(value)


def range_bounds(*args):
    """(start, stop, step) of `range(*args)`; tensors may stand for any of them."""
    values = [_range_arg(a) for a in args]
    start, stop, step = (0, values[0], 1) if len(values) == 1 else \
        (values[0], values[1], 1) if len(values) == 2 else tuple(values)
    if not isinstance(step, Tensor) and step == 0:
        raise ValueError("range() arg 3 must not be zero")
    return start, stop, step


def range_cond(it, stop, step):
    """Whether a range loop at `it` has more iterations."""
    if not isinstance(step, Tensor):
        return it < stop if step > 0 else it > stop
    import paddle
    rising = paddle.logical_and(step > 0, _as_tensor(it < stop))
    falling = paddle.logical_and(step < 0, _as_tensor(it > stop))
    return paddle.logical_or(rising, falling)


def _as_tensor(value):
    import paddle
    return value if isinstance(value, Tensor) else paddle.full([], bool(value), "bool")


def convert_iter(iterable):
    """What a Python `for` iterates over; a symbolic tensor must have a known length."""
    if is_symbolic(iterable) and (iterable.ndim == 0 or iterable.shape[0] < 0):
        raise UnsupportedControlFlow(
            f"a for loop iterates over a tensor of shape {list(iterable.shape)}, whose length is "
            "not known while the program is built; loop over range(paddle.shape(x)[0]) instead")
    return iterable


def convert_shape(value):
    """`x.shape`: for a symbolic tensor with dynamic dims, those dims are 0-d int64 tensors
    (read from paddle.shape(x) when the program runs) instead of -1."""
    if not (is_symbolic(value) and -1 in value.shape):
        return value.shape
    import paddle
    dims = paddle.shape(value)
    return [d if d >= 0 else dims[i] for i, d in enumerate(value.shape)]


def convert_len(value):
    """`len(x)`: a 0-d int64 tensor for a symbolic tensor of dynamic length."""
    if is_symbolic(value) and value.ndim > 0 and value.shape[0] < 0:
        import paddle
        return paddle.shape(value)[0]
    return len(value)
