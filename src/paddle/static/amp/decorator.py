"""paddle.static.amp.decorate: an optimizer that trains a static program in mixed precision.

The program's casts come from paddle.amp.auto_cast while it is built (Paddle 3.3's PIR rule);
the decorated optimizer adds what training needs around the backward: the loss in float32
times the loss scale, `check_finite_and_unscale_` over the gradients, `update_loss_scaling_`
for dynamic float16 scaling, and the inner optimizer's updates, skipped at a step whose
gradients are not finite. A GradScaler can supply the scaled loss and the scale instead
(GradScaler.minimize)."""
from __future__ import annotations

import warnings

from ..._core import state
from ..._core.ir.host_op import eager
from ...utils import unique_name
from . import amp_nn
from .fp16_lists import AutoMixedPrecisionLists, check_amp_dtype


class OptimizerWithMixedPrecision:
    """Wraps an optimizer for static mixed-precision training (made by decorate)."""

    def __init__(self, optimizer, amp_lists, level, dtype, init_loss_scaling,
                 use_dynamic_loss_scaling, incr_every_n_steps, decr_every_n_nan_or_inf,
                 incr_ratio, decr_ratio, use_amp_guard=None, use_master_grad=False,
                 use_promote=False):
        self._optimizer = optimizer
        self._amp_lists = amp_lists
        self._amp_dtype = dtype
        self._amp_level = level
        self._init_loss_scaling = init_loss_scaling
        self._use_dynamic_loss_scaling = use_dynamic_loss_scaling
        if dtype == "bfloat16" and use_dynamic_loss_scaling:
            self._use_dynamic_loss_scaling = False
            self._init_loss_scaling = 1.0
            warnings.warn("Dynamic loss scaling for bfloat16 amp training is disabled, and the "
                          "init_loss_scaling is changed to 1.0 automatically by PaddlePaddle.",
                          stacklevel=2)
        self._learning_rate = optimizer._learning_rate
        self._use_pure_fp16 = level == "O2"
        self._use_master_grad = use_master_grad and self._use_pure_fp16
        self._use_fp16_guard = use_amp_guard
        self._incr_every_n_steps = incr_every_n_steps
        self._decr_every_n_nan_or_inf = decr_every_n_nan_or_inf
        self._incr_ratio = incr_ratio
        self._decr_ratio = decr_ratio
        self.use_promote = use_promote
        self._loss_scaling = None
        self._num_good_steps = None
        self._num_bad_steps = None
        self._scaled_loss = None
        self._param_grads = None

    def __getattr__(self, name):
        # everything else (get_lr, state_dict, set_lr, ...) is the inner optimizer's
        return getattr(self.__dict__["_optimizer"], name)

    def get_loss_scaling(self):
        """The loss-scaling tensor (the program reads and updates it at every run)."""
        assert self._loss_scaling is not None, \
            "Please call minimize() before calling get_loss_scaling()."
        return self._loss_scaling

    def get_scaled_loss(self):
        """The scaled loss the backward started from."""
        return self._scaled_loss

    def _scales(self) -> bool:
        return self._use_dynamic_loss_scaling or self._init_loss_scaling != 1.0

    def _init_amp_var(self) -> None:
        if self._loss_scaling is None and self._scales():
            self._loss_scaling = amp_nn.state_tensor(
                self._init_loss_scaling, "float32", unique_name.generate("loss_scaling"))
        if self._use_dynamic_loss_scaling and self._num_good_steps is None:
            self._num_good_steps = amp_nn.state_tensor(
                0, "int32", unique_name.generate("num_good_steps"))
            self._num_bad_steps = amp_nn.state_tensor(
                0, "int32", unique_name.generate("num_bad_steps"))

    def backward(self, loss, startup_program=None, parameter_list=None, no_grad_set=None,
                 callbacks=None):
        """Record the backward of the scaled float32 loss; the (param, scaled grad) pairs."""
        from ..minimize import static_backward
        _require_program("backward")
        self._init_amp_var()
        if self._scaled_loss is None:
            loss = loss if loss.dtype.name == "float32" else loss.astype("float32")
            self._scaled_loss = loss * _read(self._loss_scaling) if self._scales() else loss
        self._param_grads = static_backward(self._optimizer, self._scaled_loss, parameter_list,
                                            no_grad_set)
        return self._param_grads

    def apply_gradients(self, params_grads):
        """Record the unscaling and loss-scale update, then the inner optimizer's updates."""
        from ..minimize import static_apply
        _require_program("apply_gradients")
        params_grads = self._master_grads(params_grads)
        if self._scales():
            params_grads = self._unscale(params_grads)
        return static_apply(self._optimizer, params_grads)

    def apply_optimize(self, loss, startup_program, params_grads):
        return self.apply_gradients(params_grads)

    def minimize(self, loss, startup_program=None, parameter_list=None, no_grad_set=None):
        """backward + apply_gradients; returns (update ops, (param, grad) pairs)."""
        params_grads = self.backward(loss, startup_program, parameter_list, no_grad_set)
        return self.apply_optimize(loss, startup_program, params_grads), params_grads

    def _master_grads(self, params_grads) -> list:
        if not self._use_master_grad:
            return params_grads
        return [(p, g if g.dtype.name == "float32" else g.astype("float32"))
                for p, g in params_grads]

    def _unscale(self, params_grads) -> list:
        grads = [g for _, g in params_grads]
        grads, found_inf = amp_nn.check_finite_and_unscale(grads, self._loss_scaling)
        if self._use_dynamic_loss_scaling and self._amp_dtype == "float16":
            amp_nn.update_loss_scaling(grads, found_inf, self._loss_scaling,
                                       self._num_good_steps, self._num_bad_steps,
                                       self._incr_every_n_steps, self._decr_every_n_nan_or_inf,
                                       self._incr_ratio, self._decr_ratio)
        _skip_updates_when(found_inf, self._optimizer)
        return [(p, g) for (p, _), g in zip(params_grads, grads)]

    def amp_init(self, place, scope=None, test_program=None, use_fp16_test=False):
        """Nothing to prepare: parameters keep the dtypes the program was built with (O2
        parameters are cast by paddle.amp.decorate before building)."""


def _skip_updates_when(found_inf, optimizer) -> None:
    """A host op handing the step's found_inf to the optimizer, whose updates (recorded
    next) are then skipped, as Paddle passes found_inf to its update kernels."""
    def kernel(xp, found):
        with eager():
            optimizer._set_auxiliary_var("found_inf", bool(found.any()))
        return []

    amp_nn._record("pd_op.set_found_inf", kernel, [found_inf], [])


def _read(tensor):
    """`tensor` as a program input read at every run (not a constant copied when building)."""
    return state.tracer.bind(tensor, as_state=True)


def scale_loss(scaler, var):
    """GradScaler.scale while a program is built: the float32 loss times the scaler's scale,
    which the program reads at every run."""
    var = var if var.dtype.name == "float32" else var.astype("float32")
    if not scaler._use_dynamic_loss_scaling:
        return var
    return var * _read(scaler._scale)


def minimize_with_scaler(scaler, optimizer, *args, **kwargs):
    """GradScaler.minimize while a program is built: the decorated optimizer trains from the
    scaler's scaled loss with the scaler's scale and settings."""
    assert isinstance(optimizer, OptimizerWithMixedPrecision), \
        "GradScaler.minimize in a static program needs paddle.static.amp.decorate's optimizer"
    optimizer._use_dynamic_loss_scaling = scaler._use_dynamic_loss_scaling
    optimizer._init_loss_scaling = scaler._init_loss_scaling
    optimizer._loss_scaling = scaler._scale
    optimizer._scaled_loss = args[0]
    if scaler._use_dynamic_loss_scaling:
        optimizer._incr_every_n_steps = scaler._incr_every_n_steps
        optimizer._decr_every_n_nan_or_inf = scaler._decr_every_n_nan_or_inf
        optimizer._incr_ratio = scaler._incr_ratio
        optimizer._decr_ratio = scaler._decr_ratio
        optimizer._num_good_steps = None
    return optimizer.minimize(*args, **kwargs)


def _require_program(method: str) -> None:
    if state.tracer is None:
        raise RuntimeError(f"(OptimizerWithMixedPrecision.{method}) paddle.static.amp.decorate "
                           "decorates optimizers of static programs: call it after "
                           "paddle.enable_static(), inside the program being built")


_LEGACY_ONLY = {"use_pure_fp16", "use_fp16_guard", "use_bf16"}


def decorate(optimizer, *args, **kwargs):
    """Decorate an optimizer for mixed-precision training of a static program. Two signatures,
    as in Paddle: decorate(optimizer, amp_lists=None, level='O1', dtype='float16',
    master_weight=None, master_grad=False, init_loss_scaling=2**16, incr_every_n_steps=2000,
    decr_every_n_nan_or_inf=1, incr_ratio=2.0, decr_ratio=0.5, use_dynamic_loss_scaling=None,
    use_amp_guard=False, use_promote=False), and the float16-era one taking
    init_loss_scaling=2**15 as its third argument and use_pure_fp16/use_fp16_guard/use_bf16.

    Example:
        >>> import paddle
        >>> paddle.enable_static()
        >>> sgd = paddle.optimizer.SGD(learning_rate=0.1)
        >>> amp_sgd = paddle.static.amp.decorate(sgd, level='O1', dtype='bfloat16')
        >>> type(amp_sgd).__name__
        'OptimizerWithMixedPrecision'
        >>> paddle.disable_static()
    """
    legacy = (len(args) >= 2 and isinstance(args[1], float)) or bool(_LEGACY_ONLY & set(kwargs))
    if legacy:
        return _decorate_fp16(optimizer, *args, **kwargs)
    return _decorate(optimizer, *args, **kwargs)


def _decorate_fp16(optimizer, amp_lists=None, init_loss_scaling=2**15, incr_every_n_steps=1000,
                   decr_every_n_nan_or_inf=2, incr_ratio=2.0, decr_ratio=0.8,
                   use_dynamic_loss_scaling=True, use_pure_fp16=False, use_fp16_guard=None,
                   use_bf16=False, use_promote=False):
    dtype = "bfloat16" if use_bf16 else "float16"
    amp_lists = amp_lists or AutoMixedPrecisionLists(dtype=dtype)
    return OptimizerWithMixedPrecision(
        optimizer, amp_lists, "O2" if use_pure_fp16 else "O1", dtype, init_loss_scaling,
        use_dynamic_loss_scaling, incr_every_n_steps, decr_every_n_nan_or_inf, incr_ratio,
        decr_ratio, use_pure_fp16 if use_fp16_guard is None else use_fp16_guard,
        use_promote=use_promote)


def _decorate(optimizer, amp_lists=None, level="O1", dtype="float16", master_weight=None,
              master_grad=False, init_loss_scaling=2**16, incr_every_n_steps=2000,
              decr_every_n_nan_or_inf=1, incr_ratio=2.0, decr_ratio=0.5,
              use_dynamic_loss_scaling=None, use_amp_guard=False, use_promote=False):
    level = level.upper()
    if level not in ("O0", "OD", "O1", "O2"):
        raise ValueError("level should be O0, OD, O1 or O2.")
    dtype = check_amp_dtype(dtype)
    if amp_lists is None or level == "OD":
        amp_lists = AutoMixedPrecisionLists(dtype=dtype)
    if level == "OD":
        amp_lists.black_list = amp_lists.all_list - amp_lists.white_list
    if use_dynamic_loss_scaling is None:
        use_dynamic_loss_scaling = dtype == "float16"
    if optimizer is not None:
        optimizer._multi_precision = master_weight is not False
    return OptimizerWithMixedPrecision(
        optimizer, amp_lists, level, dtype, init_loss_scaling, use_dynamic_loss_scaling,
        incr_every_n_steps, decr_every_n_nan_or_inf, incr_ratio, decr_ratio, use_amp_guard,
        master_grad, use_promote)
