"""Loss scaling against float16 gradient underflow: AmpScaler and GradScaler.

`scale(loss)` multiplies the loss by the current scale; before the optimizer updates,
the gradients are unscaled (multiplied by 1/scale, in float32) and checked for Inf/NaN; a step
with a non-finite gradient is skipped. With dynamic loss scaling the scale is multiplied by
`decr_ratio` after `decr_every_n_nan_or_inf` accumulated bad steps and by `incr_ratio` after
`incr_every_n_steps` consecutive good ones. Where AMP is not effective (a CPU place, as in
Paddle) the scaler warns, disables itself and passes everything through.
"""
from __future__ import annotations

import warnings
from collections import defaultdict
from enum import Enum

import numpy as np

from .. import _static_mode
from .._core import dtype as _dt
from .._core import state
from .._core.autograd.grad_mode import no_grad
from .._core.tensor import Tensor, wrap
from ._device import casts_happen, expected_place
from .auto_cast import amp_global_state


class OptimizerState(Enum):
    INIT = 0
    UNSCALED = 1
    STEPPED = 2


def _refresh_optimizer_state():
    return {"state": OptimizerState.INIT}


def _bool_tensor(value: bool) -> Tensor:
    return wrap(np.array([value]))


def _scale_tensor(value) -> Tensor:
    """The [1] float32 loss scale; in a static program a persistable `loss_scaling_N` the
    program reads and updates at every run."""
    scale = wrap(np.array([value], np.float32))
    if _static_mode.enabled:
        from ..utils import unique_name
        scale.name = unique_name.generate("loss_scaling")
        scale.persistable = True
    return scale


class AmpScaler:
    """Loss scaler of Paddle's older AMP API (init_loss_scaling 2**15, incr_every_n_steps
    1000); GradScaler is the one to use.

    Example:
        >>> import paddle
        >>> import warnings
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     scaler = paddle.amp.AmpScaler(init_loss_scaling=1024)
        >>> scaler.is_enable()
        False
    """

    def __init__(self, enable: bool = True, init_loss_scaling: float = 2.0**15,
                 incr_ratio: float = 2.0, decr_ratio: float = 0.5,
                 incr_every_n_steps: int = 1000, decr_every_n_nan_or_inf: int = 1,
                 use_dynamic_loss_scaling: bool = True) -> None:
        if enable and not _static_mode.enabled and not casts_happen():
            warnings.warn("AmpScaler can only be enabled on CUDAPlace, XPUPlace and CustomPlace, "
                          f"current place is {expected_place()}, so it makes no effect.",
                          stacklevel=1)
            enable = False
        self._enable = enable
        self._use_dynamic_loss_scaling = False
        self._init_loss_scaling = 1.0
        self._scale = None
        if not self._enable:
            return
        assert incr_ratio > 1.0, "The incr_ratio must be > 1.0."
        assert decr_ratio < 1.0, "The decr_ratio must be < 1.0."
        self._init_loss_scaling = init_loss_scaling
        self._incr_ratio = incr_ratio
        self._decr_ratio = decr_ratio
        self._incr_every_n_steps = incr_every_n_steps
        self._decr_every_n_nan_or_inf = decr_every_n_nan_or_inf
        self._incr_count = 0
        self._decr_count = 0
        self._use_dynamic_loss_scaling = use_dynamic_loss_scaling
        self._found_inf = _bool_tensor(False)
        self._scale = _scale_tensor(self._init_loss_scaling)
        self._cache_found_inf = None
        self._optimizer_states = defaultdict(_refresh_optimizer_state)

    # ---- scaling -----------------------------------------------------------------------------
    def scale(self, var: Tensor) -> Tensor:
        """var * the loss scale (var itself when the scaler is disabled). Dynamic loss scaling
        is only for float16: after a bfloat16 auto_cast the scaler disables itself with a
        warning, as Paddle's does."""
        if self._enable and amp_global_state().amp_dtype != "float16" and \
                self._use_dynamic_loss_scaling:
            self._enable = False
            self._use_dynamic_loss_scaling = False
            self._init_loss_scaling = 1.0
            warnings.warn("It is not recommended to use dynamic loss scaling for "
                          f"{amp_global_state().amp_dtype}, so GradScaler is disable by "
                          "default.", stacklevel=1)
        if not self._enable:
            return var
        if not isinstance(var, Tensor):
            raise TypeError("(AmpScaler.scale) var must be a Tensor, but received "
                            f"{type(var).__name__}")
        if state.tracer is not None:
            from ..static.amp.decorator import scale_loss
            return scale_loss(self, var)
        return var * self._scale

    def minimize(self, optimizer, *args, **kwargs):
        """optimizer.minimize(*args, **kwargs) on unscaled gradients, skipped when a gradient is
        not finite; then the scale is updated. Returns what optimizer.minimize returns (None,
        None for a skipped step)."""
        if _static_mode.enabled and state.tracer is not None:
            from ..static.amp.decorator import minimize_with_scaler
            return minimize_with_scaler(self, optimizer, *args, **kwargs)
        if not self._enable:
            return optimizer.minimize(*args, **kwargs)
        if self._optimizer_states[id(optimizer)]["state"] is OptimizerState.INIT:
            self._unscale(optimizer)
        optimize_ops, params_grads = None, None
        optimizer._set_auxiliary_var("found_inf", self._found_inf)
        optimize_ops, params_grads = optimizer.minimize(*args, **kwargs)
        self._cache_found_inf = optimizer._get_auxiliary_var("found_inf")
        if self._use_dynamic_loss_scaling:
            self._update()
        self._optimizer_states = defaultdict(_refresh_optimizer_state)
        return optimize_ops, params_grads

    @no_grad()
    def _unscale(self, optimizer) -> None:
        """Multiply every gradient the optimizer will use by 1/scale and record whether any is
        not finite (Paddle's check_finite_and_unscale, per gradient dtype)."""
        if not self._enable:
            return
        optimizer_state = self._optimizer_states[id(optimizer)]
        if optimizer_state["state"] is OptimizerState.UNSCALED:
            raise RuntimeError("unscale_() has already been called on this optimizer since the "
                               "last update().")
        if optimizer_state["state"] is OptimizerState.STEPPED:
            raise RuntimeError("unscale_() is being called after step().")
        inverse = np.float32(1.0) / self._scale._data.astype(np.float32)[0]
        found = False
        for param in _optimized_parameters(optimizer):
            grad = param._grad
            if grad is None:
                continue
            data = grad._data
            wide = data.astype(np.float32) if data.dtype in _dt.LOW_PRECISION_NP else data
            found = found or not bool(np.isfinite(wide).all())
            np.copyto(data, wide * wide.dtype.type(inverse), casting="unsafe")
            grad._version += 1
        self._found_inf = _bool_tensor(found)
        optimizer_state["state"] = OptimizerState.UNSCALED

    def _update(self) -> None:
        """Dynamic loss scaling after one step."""
        if not self._enable:
            return
        if self._cache_found_inf:
            self._incr_count = 0
            self._decr_count += 1
            if self._decr_count == self._decr_every_n_nan_or_inf:
                current = self._scale.item()
                print(f"Found inf or nan, current scale is: {current}, decrease to: "
                      f"{current}*{float(self._decr_ratio)}")
                self._scale = self._scale * self._decr_ratio
                self._decr_count = 0
        else:
            self._decr_count = 0
            self._incr_count += 1
            if self._incr_count == self._incr_every_n_steps:
                self._scale = self._scale * self._incr_ratio
                self._incr_count = 0

    # ---- settings ----------------------------------------------------------------------------
    def is_enable(self) -> bool:
        """Whether loss scaling is on."""
        return self._enable

    def is_use_dynamic_loss_scaling(self) -> bool:
        """Whether the scale is updated dynamically."""
        return self._use_dynamic_loss_scaling

    def get_init_loss_scaling(self) -> float:
        """The initial loss scale."""
        return self._init_loss_scaling

    def set_init_loss_scaling(self, new_init_loss_scaling) -> None:
        """Set the initial loss scale, which also becomes the current scale."""
        self._init_loss_scaling = new_init_loss_scaling
        self._scale = _scale_tensor(self._init_loss_scaling)

    def get_incr_ratio(self) -> float:
        """The multiplier applied when the scale grows."""
        return self._incr_ratio

    def set_incr_ratio(self, new_incr_ratio: float) -> None:
        """Set the growth multiplier (> 1)."""
        assert new_incr_ratio > 1.0, "The new_incr_ratio must be > 1.0."
        self._incr_ratio = new_incr_ratio

    def get_decr_ratio(self) -> float:
        """The multiplier applied when the scale shrinks."""
        return self._decr_ratio

    def set_decr_ratio(self, new_decr_ratio: float) -> None:
        """Set the shrink multiplier (< 1)."""
        assert new_decr_ratio < 1.0, "The new_decr_ratio must be < 1.0."
        self._decr_ratio = new_decr_ratio

    def get_incr_every_n_steps(self) -> int:
        """How many consecutive finite steps grow the scale."""
        return self._incr_every_n_steps

    def set_incr_every_n_steps(self, new_incr_every_n_steps: int) -> None:
        """Set how many consecutive finite steps grow the scale."""
        self._incr_every_n_steps = new_incr_every_n_steps

    def get_decr_every_n_nan_or_inf(self) -> int:
        """How many accumulated non-finite steps shrink the scale."""
        return self._decr_every_n_nan_or_inf

    def set_decr_every_n_nan_or_inf(self, new_decr_every_n_nan_or_inf: int) -> None:
        """Set how many accumulated non-finite steps shrink the scale."""
        self._decr_every_n_nan_or_inf = new_decr_every_n_nan_or_inf

    # ---- state -------------------------------------------------------------------------------
    def state_dict(self) -> dict:
        """scale (a [1] float32 array), the ratios, step counts and counters, and
        use_dynamic_loss_scaling; {} when disabled."""
        if not self._enable:
            return {}
        return {"scale": self._scale.numpy(), "incr_ratio": self._incr_ratio,
                "decr_ratio": self._decr_ratio, "incr_every_n_steps": self._incr_every_n_steps,
                "decr_every_n_nan_or_inf": self._decr_every_n_nan_or_inf,
                "incr_count": self._incr_count, "decr_count": self._decr_count,
                "use_dynamic_loss_scaling": self._use_dynamic_loss_scaling}

    def load_state_dict(self, state_dict: dict) -> None:
        """Restore what state_dict() returned (a disabled scaler ignores it)."""
        if not self._enable:
            return
        if len(state_dict) == 0:
            raise RuntimeError("The input state dict is empty, possibly because it was saved "
                               "from a disabled instance of GradScaler.")
        self._init_loss_scaling = state_dict["scale"][0]
        self._scale = wrap(np.array([self._init_loss_scaling], np.float32))
        self._incr_ratio = state_dict["incr_ratio"]
        self._decr_ratio = state_dict["decr_ratio"]
        self._incr_every_n_steps = state_dict["incr_every_n_steps"]
        self._decr_every_n_nan_or_inf = state_dict["decr_every_n_nan_or_inf"]
        self._incr_count = state_dict["incr_count"]
        self._decr_count = state_dict["decr_count"]
        self._use_dynamic_loss_scaling = state_dict["use_dynamic_loss_scaling"]


def _optimized_parameters(optimizer) -> list:
    groups = getattr(optimizer, "_param_groups", None)
    if groups and isinstance(groups[0], dict):
        return [p for group in groups for p in group["params"]]
    return list(getattr(optimizer, "_parameter_list", None) or [])


class GradScaler(AmpScaler):
    """Dynamic loss scaling for mixed-precision training (init_loss_scaling 2**16, grows x2
    after 2000 finite steps, halves after each step with Inf/NaN gradients, which is skipped).
    On a CPU place Paddle's scaler warns and is disabled (scale returns the loss unchanged),
    and so is this one unless FLAGS_feijiang_amp_on_cpu is set.

    Example:
        >>> import paddle
        >>> import warnings
        >>> model = paddle.nn.Linear(4, 2)
        >>> optimizer = paddle.optimizer.SGD(learning_rate=0.01, parameters=model.parameters())
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     scaler = paddle.amp.GradScaler(init_loss_scaling=1024)
        ...     with paddle.amp.auto_cast():
        ...         loss = model(paddle.rand([3, 4])).mean()
        >>> scaled = scaler.scale(loss)
        >>> scaled.backward()
        >>> scaler.step(optimizer)
        >>> scaler.update()
        >>> optimizer.clear_grad()
        >>> scaler.is_enable()
        False
    """

    def __init__(self, enable: bool = True, init_loss_scaling: float = 2.0**16,
                 incr_ratio: float = 2.0, decr_ratio: float = 0.5,
                 incr_every_n_steps: int = 2000, decr_every_n_nan_or_inf: int = 1,
                 use_dynamic_loss_scaling: bool = True) -> None:
        super().__init__(enable, init_loss_scaling, incr_ratio, decr_ratio, incr_every_n_steps,
                         decr_every_n_nan_or_inf, use_dynamic_loss_scaling)

    def step(self, optimizer) -> None:
        """optimizer.step() on unscaled gradients, skipped when one is not finite."""
        if not self._enable:
            return optimizer.step()
        optimizer_state = self._optimizer_states[id(optimizer)]
        if optimizer_state["state"] is OptimizerState.STEPPED:
            raise RuntimeError("step() has already been called since the last update().")
        if optimizer_state["state"] is OptimizerState.INIT:
            self._unscale(optimizer)
        optimizer._set_auxiliary_var("found_inf", self._found_inf)
        optimizer.step()
        self._cache_found_inf = optimizer._get_auxiliary_var("found_inf")
        optimizer_state["state"] = OptimizerState.STEPPED
        if not self._use_dynamic_loss_scaling:
            self._optimizer_states = defaultdict(_refresh_optimizer_state)
        return None

    def update(self) -> None:
        """Update the loss scale after step() (dynamic loss scaling only)."""
        if not self._enable:
            return
        if self._use_dynamic_loss_scaling:
            self._update()
            self._optimizer_states = defaultdict(_refresh_optimizer_state)

    def unscale_(self, optimizer) -> None:
        """Unscale the optimizer's gradients now (e.g. to clip them before step())."""
        return self._unscale(optimizer)
