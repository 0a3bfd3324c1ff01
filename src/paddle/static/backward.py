"""Static backward: paddle.static.gradients and append_backward.

When every value of the program has a known shape, the backward ops are recorded into the
program at once, by the autograd engine and the registry's gradient rules (as eager
`paddle.grad` would run them). Gradient rules need concrete shapes (a mean's divisor, the dims a
broadcast gradient sums over), so a program with dynamic dims (`static.data([None, 784])`)
records one `builtin.backward` operation instead: it stands for the gradients, and the Executor
builds the real backward ops for each feed shape it meets (see specialize.py)."""
from __future__ import annotations

from .._core import state
from .._core.ir.core import Operation
from .._core.tracing import is_symbolic, symbolic
from . import program as _program
from .test_clone import mark_training_ops

BACKWARD = "builtin.backward"


def gradients(targets, inputs, target_gradients=None, no_grad_set=None):
    """Append the backward of `targets` to the program and return d(targets)/d(inputs) (None
    for inputs the targets do not depend on).

    Example:
        >>> import paddle
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [2, 3], "float32")
        >>> x.stop_gradient = False
        >>> (dx,) = paddle.static.gradients(paddle.sum(x * x), [x])
        >>> list(dx.shape)
        [2, 3]
        >>> paddle.disable_static()
    """
    from ..autograd import grad
    _require_static_mode("gradients")
    inputs = [_bind(t) for t in _as_list(inputs)]
    targets = [_bind(t) for t in _as_list(targets)]
    target_gradients = None if target_gradients is None else _as_list(target_gradients)
    program = _program.default_main_program()
    _refuse_control_flow(program)
    for t in inputs:
        t.stop_gradient = False
    before = {id(op) for op in program.global_block().ops}
    if _has_dynamic_shapes(program):
        grads = _defer(program, targets, inputs, target_gradients, no_grad_set)
    else:
        grads = grad(targets, inputs, target_gradients, retain_graph=True, allow_unused=True,
                     no_grad_vars=no_grad_set)
    mark_training_ops(program, before)
    return grads


def append_backward(loss, parameter_list=None, no_grad_set=None, callbacks=None):
    """Append the backward of `loss`; returns [(parameter, gradient)] for the trainable
    parameters the loss depends on.

    Example:
        >>> import paddle
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 3], "float32")
        >>> loss = paddle.mean(paddle.static.nn.fc(x, 2))
        >>> [p.name for p, g in paddle.static.append_backward(loss)]
        ['fc_0.w_0', 'fc_0.b_0']
        >>> paddle.disable_static()
    """
    _require_static_mode("append_backward")
    program = _program.default_main_program()
    params = parameter_list or [p for p in program.parameters.values() if not p.stop_gradient]
    bound = [_bind(p) for p in params]
    grads = gradients(loss, bound, no_grad_set=no_grad_set)
    return [(p, g) for p, g in zip(bound, grads) if g is not None]


def _defer(program, targets, inputs, target_gradients, no_grad_set):
    """Record `builtin.backward` (targets, inputs, target gradients, no-grad values) whose
    results are the inputs' gradients, typed like the inputs."""
    reached = _reached_from(program, targets)
    extra = [_bind(t) for t in target_gradients or []]
    excluded = [_bind(t) for t in (no_grad_set or []) if not isinstance(t, str)]
    operands = [[t.value for t in targets], [t.value for t in inputs], [t.value for t in extra],
                [t.value for t in excluded]]
    op = Operation(BACKWARD, operands, {}, [t.value.meta for t in inputs])
    state.tracer.block.append(op)
    return [symbolic(out) if id(t.value) in reached else None
            for t, out in zip(inputs, op.outputs)]


def _reached_from(program, targets) -> set:
    """Ids of the values the targets depend on through differentiable ops."""
    live = {id(t.value) for t in targets}
    for op in reversed(list(program.global_block().ops)):
        differentiable = op.opdef is not None and op.opdef.grad_rule is not None
        if differentiable and any(id(o) in live and not o.stop_gradient for o in op.outputs):
            live.update(id(v) for v in op.operands() if v is not None)
    return live


def _has_dynamic_shapes(program) -> bool:
    return any(-1 in v.meta.shape for op in program.all_ops() for v in op.outputs)


def _refuse_control_flow(program):
    from .._core.ir.control_flow import IF, WHILE
    for op in program.all_ops():
        if op.name in (IF, WHILE) and any(v.meta.dtype.is_floating_point or
                                          v.meta.dtype.is_complex for v in op.outputs):
            raise NotImplementedError(
                f"paddle.static.gradients: the program has control flow ({op.name}) carrying "
                "floating-point values, and Feijiang does not build static backward programs "
                "through control flow. Use paddle.jit.to_static, whose training path "
                "differentiates through the branches and loop iterations that actually run.")


def _require_static_mode(api: str) -> None:
    if state.tracer is None:
        raise RuntimeError(f"paddle.static.{api} builds a program and can only be used in static "
                           "mode (paddle.enable_static()); in dynamic mode use paddle.grad")


def _as_list(value) -> list:
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _bind(t):
    return t if is_symbolic(t) else state.tracer.bind(t)
