"""Control-flow APIs of `paddle.static.nn`: cond, while_loop, switch_case and case.

In dynamic mode they run the chosen branch / the loop directly, like Python. While a program is
being built (static mode, to_static) a symbolic predicate makes them record `pd_op.if` /
`pd_op.while` with the branch and body functions traced into nested blocks.
"""
from __future__ import annotations

from functools import partial

from ..._core import state
from ..._core.tensor import Tensor
from ..._core.tracing import is_symbolic
from ._cond import bool_predicate, trace_cond
from ._structure import assert_same_structure, flatten, pack_as
from ._while import trace_while

__all__ = ["case", "cond", "switch_case", "while_loop"]


def _building() -> bool:
    return state.tracer is not None


def cond(pred, true_fn=None, false_fn=None, name=None, return_names=None):
    """Return ``true_fn()`` if ``pred`` is true, else ``false_fn()`` (None when the function is
    None). In a program both functions are traced, into the two blocks of a ``pd_op.if``.

    Example:
        >>> import paddle
        >>> a = paddle.to_tensor([1.0])
        >>> b = paddle.to_tensor([2.0])
        >>> paddle.static.nn.cond(a < b, lambda: a + b, lambda: a - b)
        Tensor(shape=[1], dtype=float32, place=Place(cpu), stop_gradient=True,
               [3.])
    """
    if not (_building() and is_symbolic(pred)):
        return _run_cond(pred, true_fn, false_fn)
    if not isinstance(pred, Tensor) or pred.dtype.name != "bool":
        got = pred.dtype.name if isinstance(pred, Tensor) else type(pred)
        raise TypeError(f"The data type of 'pred' in paddle.static.nn.cond must be ['bool'], "
                        f"but received {got}.")
    if name is not None and not isinstance(name, str):
        raise TypeError(f"The type of 'name' in paddle.static.nn.cond must be str or None, but "
                        f"received {type(name).__name__}.")
    _check_callable(true_fn, "true_fn")
    _check_callable(false_fn, "false_fn")
    names = None
    if return_names is not None:
        names = [return_names] if isinstance(return_names, str) else list(return_names)
    return trace_cond(bool_predicate(pred, "paddle.static.nn.cond"), true_fn, false_fn, names)


def _run_cond(pred, true_fn, false_fn):
    if not isinstance(pred, Tensor):  # Paddle's dynamic-mode cond asserts
        raise AssertionError("The pred in cond must be Variable")  # noqa: TRY004
    if pred.size != 1:
        raise AssertionError("condition input's numel should be 1")
    chosen, label = (true_fn, "true_fn") if pred.item() else (false_fn, "false_fn")
    if chosen is None:
        return None
    _check_callable(chosen, label)
    return chosen()


def _check_callable(fn, label: str) -> None:
    if fn is not None and not callable(fn):
        raise TypeError(f"The {label} in cond must be callable, but received "
                        f"{type(fn).__name__}")


def while_loop(cond, body, loop_vars, is_test=False, name=None):
    """Repeat ``loop_vars = body(*loop_vars)`` while ``cond(*loop_vars)`` is true and return the
    final loop variables. In a program the body is traced once, into a ``pd_op.while``.

    Example:
        >>> import paddle
        >>> i = paddle.full([1], 0, "int64")
        >>> ten = paddle.full([1], 10, "int64")
        >>> i, ten = paddle.static.nn.while_loop(lambda i, n: i < n,
        ...                                      lambda i, n: [i + 1, n], [i, ten])
        >>> i
        Tensor(shape=[1], dtype=int64, place=Place(cpu), stop_gradient=True,
               [10])
    """
    if not callable(cond):
        raise TypeError("cond in while_loop should be callable")
    if not callable(body):
        raise TypeError("body in while_loop should be callable")
    if not isinstance(loop_vars, (list, tuple)):
        raise TypeError(f"The type of 'loop_vars' in static.nn.while_loop must be (<class "
                        f"'list'>, <class 'tuple'>), but received {type(loop_vars)}.")
    if len(loop_vars) == 0:
        raise ValueError("loop_vars in while_loop should not be empty")
    pre_cond = cond(*loop_vars)
    _check_loop_predicate(pre_cond)
    if _building() and is_symbolic(pre_cond):
        return _trace_while_loop(pre_cond, cond, body, loop_vars)
    return _run_while_loop(pre_cond, cond, body, loop_vars)


def _check_loop_predicate(pred) -> None:
    if not isinstance(pred, Tensor):
        return
    if _building() and pred.dtype.name != "bool":
        raise TypeError(f"The data type of 'var of cond returned' in static.nn.while_loop must "
                        f"be ['bool'], but received {pred.dtype.name}.")
    size = 1
    for d in pred.shape:
        size *= d
    if size != 1 and -1 not in pred.shape:
        raise TypeError(f"the shape of the variable returned by cond should be [1],but given "
                        f"shape as {list(pred.shape)}.")


def _as_list(outputs) -> list:
    return list(outputs) if isinstance(outputs, (list, tuple)) else [outputs]


def _run_while_loop(pre_cond, cond, body, loop_vars):
    """Paddle's dynamic-mode loop: tensor loop variables are updated in place each iteration."""
    current = list(loop_vars)
    keep_going = _truth(pre_cond)
    while keep_going:
        outputs = _as_list(body(*current))
        if len(outputs) != len(current):
            raise ValueError("body in while_loop should return the same arity (length and "
                             "structure) and types as loop_vars")
        keep_going = _truth(cond(*outputs))
        current = [_assign_into(out, var) for out, var in zip(outputs, current)]
    return type(loop_vars)(current)


def _truth(pred) -> bool:
    return bool(pred.item()) if isinstance(pred, Tensor) else bool(pred)


def _assign_into(output, var):
    import paddle
    if isinstance(output, Tensor) and isinstance(var, Tensor):
        if output is not var:
            paddle.assign(output, var)
        return var
    return output


def _trace_while_loop(pre_cond, cond, body, loop_vars):
    template = list(loop_vars)
    labels = [f"loop_vars[{i}]" for i, var in enumerate(template) for _ in flatten(var)]

    def body_leaves(leaves):
        outputs = _as_list(body(*pack_as(template, iter(leaves))))
        try:
            assert_same_structure(template, outputs)
        except ValueError as exc:
            raise ValueError(f"body in while_loop should return the same arity (length and "
                             f"structure) as loop_vars: {exc}") from None
        return flatten(outputs)

    def cond_leaves(leaves):
        return cond(*pack_as(template, iter(leaves)))

    pred = bool_predicate(pre_cond, "static.nn.while_loop")
    finals = trace_while(pred, cond_leaves, body_leaves, flatten(template), labels)
    return type(loop_vars)(pack_as(template, iter(finals)))


def switch_case(branch_index, branch_fns, default=None, name=None):
    """Run the function of ``branch_fns`` whose index equals ``branch_index`` (``default``, or
    the function with the largest index, when none matches) and return its result.

    Example:
        >>> import paddle
        >>> index = paddle.to_tensor(1)
        >>> paddle.static.nn.switch_case(index, [lambda: paddle.full([1], 10.0),
        ...                                      lambda: paddle.full([1], 11.0)])
        Tensor(shape=[1], dtype=float32, place=Place(cpu), stop_gradient=True,
               [11.])
    """
    import paddle
    if not isinstance(branch_index, Tensor):
        raise TypeError(f"The type of 'branch_index' in static.nn.switch_case must be Tensor, "
                        f"but received {type(branch_index).__name__}.")
    if _building() and branch_index.dtype.name not in ("uint8", "int32", "int64"):
        raise TypeError(f"The data type of 'branch_index' in static.nn.switch_case must be "
                        f"['uint8', 'int32', 'int64'], but received {branch_index.dtype.name}.")
    if branch_index.dtype.name != "int64":
        branch_index = paddle.cast(branch_index, "int64")
    pairs = _index_fn_pairs(branch_fns)
    if default is None:
        ordered = sorted(pairs, key=lambda pair: pair[0])
        default = ordered[-1][1]
        pairs = ordered[:-1]
    elif not callable(default):
        raise TypeError("The default in Op(case) must be callable.")
    chain = default
    for index, fn in pairs:
        pred = paddle.equal(branch_index, paddle.full([1], index, "int64"))
        chain = partial(cond, pred, fn, chain)
    return chain()


def _index_fn_pairs(branch_fns) -> list:
    if not isinstance(branch_fns, (list, tuple, dict)):
        raise TypeError(f"The type of 'branch_fns' in switch_case must be (<class 'list'>, "
                        f"<class 'tuple'>, <class 'dict'>), but received {type(branch_fns)}.")
    items = list(branch_fns.items()) if isinstance(branch_fns, dict) else list(branch_fns)
    if all(callable(fn) for fn in items):
        items = list(enumerate(items))
    keys = []
    for pair in items:
        if not isinstance(pair, tuple):
            raise TypeError(_error_message("The elements' type", "branch_fns", "switch_case",
                                           tuple, type(pair)))
        if len(pair) != 2:
            raise TypeError(_error_message("The tuple's size", "branch_fns", "switch_case", "2",
                                           f"{len(pair)}-tuple"))
        key, fn = pair
        if not isinstance(key, int):
            raise TypeError(_error_message("The key's type", "branch_fns", "switch_case", int,
                                           type(key)))
        if key in keys:
            raise ValueError(f"The key in 'branch_fns' must be unique, but '{key}' appears more "
                             "than once.")
        keys.append(key)
        if not callable(fn):
            raise TypeError(_error_message(f"The type of function for key {key}", "branch_fns",
                                           "switch_case", "callable", type(fn)))
    return items


def _error_message(what, arg_name, op_name, expected, received) -> str:
    return (f"{what} of '{arg_name}' in {op_name} must be {expected}, but received: "
            f"{received}.")


def case(pred_fn_pairs, default=None, name=None):
    """Run the function of the first ``(pred, fn)`` pair whose predicate is true (``default``,
    or the last pair's function, when none is) and return its result, like if/elif/else.

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor(0.5)
        >>> paddle.static.nn.case([(x > 1, lambda: x * 10), (x > 0, lambda: x * 2)],
        ...                       default=lambda: x)
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               1.)
    """
    if not isinstance(pred_fn_pairs, (list, tuple)):
        raise TypeError(f"The type of 'pred_fn_pairs' in case must be (<class 'list'>, <class "
                        f"'tuple'>), but received {type(pred_fn_pairs)}.")
    for pair in pred_fn_pairs:
        if not isinstance(pair, tuple):
            raise TypeError(_error_message("The elements' type", "pred_fn_pairs", "case", tuple,
                                           type(pair)))
        if len(pair) != 2:
            raise TypeError(_error_message("The tuple's size", "pred_fn_pairs", "case", "2",
                                           f"{len(pair)}-tuple"))
        pred, fn = pair
        if not isinstance(pred, Tensor):
            raise TypeError(f"The type of 'pred' in paddle.static.nn.case must be Tensor, but "
                            f"received {type(pred).__name__}.")
        if _building() and pred.dtype.name != "bool":
            raise TypeError(f"The data type of 'pred' in paddle.static.nn.case must be ['bool'], "
                            f"but received {pred.dtype.name}.")
        if not callable(fn):
            raise TypeError("The fn of pred_fn_pairs in Op(case) must be callable.")
    pairs = list(pred_fn_pairs)
    if default is None:
        default = pairs[-1][1]
        pairs = pairs[:-1]
    elif not callable(default):
        raise TypeError("The default in Op(case) must be callable.")
    chain = default
    for pred, fn in reversed(pairs):
        chain = partial(cond, pred, fn, chain)
    return chain()
