"""`optimizer.minimize(loss)` in static mode: append the backward, then one update op per
parameter (`pd_op.sgd_`, `pd_op.adam_`, … as Paddle names them).

An update op is a host op (ir/host_op.py) bound to the optimizer: when the Executor runs it, it
calls the optimizer's own per-parameter update (`Optimizer._apply_optimize`, the code eager
`step()` runs) with the gradient the program computed, so static training uses exactly the
eager update math, accumulators, weight decay and learning-rate schedule. A gradient clip is
one host op over all gradients of a parameter group (global-norm clipping needs them all)."""
from __future__ import annotations

from .._core import state
from .._core.ir.core import Operation
from .._core.ir.host_op import HostOp, eager
from .._core.tensor import wrap
from .._core.tracing import symbolic
from . import startup
from .backward import append_backward
from .checkpoint import optimizer_tensors, register_optimizer
from .test_clone import mark_training_ops


def static_minimize(opt, loss, parameters=None, no_grad_set=None):
    """Record the backward of `loss` and `opt`'s updates; returns (update ops, (param, grad)
    pairs) as Paddle does."""
    params_grads = static_backward(opt, loss, parameters, no_grad_set)
    return static_apply(opt, params_grads), params_grads


def static_backward(opt, loss, parameters=None, no_grad_set=None) -> list:
    """Record the backward of `loss`; the (parameter, gradient) pairs of `opt`'s parameters
    (every trainable parameter of the program when it was made without any)."""
    program = state.tracer.program
    if not opt._all_parameters():
        trainable = [p for p in program.parameters.values() if not p.stop_gradient]
        opt._param_groups = opt._parameter_list = trainable
        opt._dtype = trainable[0].dtype if trainable else None
    wanted = {p if isinstance(p, str) else p.name for p in parameters or opt._all_parameters()}
    return append_backward(loss, [p for p in opt._all_parameters() if p.name in wanted],
                           no_grad_set=no_grad_set)


def static_apply(opt, params_grads) -> list:
    """Record `opt`'s update of each parameter from its gradient value; the update ops."""
    program = state.tracer.program
    grad_of = {p.value.name: g for p, g in params_grads}
    ops = []
    before = {id(op) for op in program.global_block().ops}
    for params, options, clip, decay in opt._groups():
        pairs = [(p, grad_of[p.name]) for p in params if p.name in grad_of]
        if clip is not None and pairs:
            pairs = _record_clip(clip, pairs)
        ops += [_record_update(opt, p, g, options, decay) for p, g in pairs]
        with eager():  # Paddle creates the accumulators with the program, under its names
            for p, _ in pairs:
                opt._ensure_state(p, options)
    for tensor in optimizer_tensors(opt):
        startup.remember(tensor)
    mark_training_ops(program, before)
    register_optimizer(program, opt)
    return ops


def _record_update(opt, param, grad, options, decay) -> Operation:
    def kernel(xp, param_array, grad_array):
        with eager():
            opt._apply_optimize([(param, wrap(grad_array))], options, None, decay)
        return [param._data]

    host = HostOp(f"pd_op.{_op_type(opt)}_", kernel,
                  lambda param_meta, grad_meta: [param_meta])
    param_value = state.tracer.bind(param).value
    return _append(host, [param_value, grad.value], [param_value.meta])


def _record_clip(clip, pairs) -> list:
    params = [p for p, _ in pairs]

    def kernel(xp, param_arrays, grad_arrays):
        with eager():
            clipped = clip([(p, wrap(g)) for p, g in zip(params, grad_arrays)])
        return [g._data for _, g in clipped]

    host = HostOp("pd_op.clip_gradients", kernel, lambda p_metas, g_metas: list(g_metas))
    op = _append(host, [[state.tracer.bind(p).value for p in params],
                        [g.value for _, g in pairs]], [g.value.meta for _, g in pairs])
    return [(p, symbolic(v)) for p, v in zip(params, op.outputs)]


def _append(host: HostOp, inputs: list, out_metas: list) -> Operation:
    op = Operation(host.name, inputs, {}, out_metas, host)
    state.tracer.block.append(op)
    return op


def _op_type(opt) -> str:
    return getattr(opt, "type", None) or type(opt).__name__.lower()
