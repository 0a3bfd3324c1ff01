"""The Optimizer base class: parameters and parameter groups, the learning rate (a float or an
LRScheduler), gradient clipping, weight decay, multi-precision master weights and the state
dict; subclasses supply the accumulators and the update rule.

One step, as Paddle runs it: per group, take the parameters that have a gradient (and do not stop
gradient), clip the gradients, add each parameter's weight-decay term (its ParamAttr regularizer,
else the optimizer's), create the accumulators on first use, then update every parameter in place
without recording autograd history.
"""
from __future__ import annotations

from functools import partial

import numpy as np

from .. import _static_mode
from .._core import state
from .._core.autograd.grad_mode import no_grad
from .._core.backend import xp
from .._core.tensor import Tensor, wrap
from ._params import (LOW_NP, as_regularizer, check_parameters, lr_multiplier, optimize_attr,
                      update_in_float32)
from ._state import LOW_PRECISION, OptimizerState
from .lr import LRScheduler

__all__ = ["Optimizer"]


class Optimizer:
    """Base class of the optimizers (use a subclass such as paddle.optimizer.Adam).

    Example:
        >>> import paddle
        >>> linear = paddle.nn.Linear(2, 1)
        >>> sgd = paddle.optimizer.SGD(learning_rate=0.1, parameters=linear.parameters())
        >>> linear(paddle.ones([3, 2])).mean().backward()
        >>> sgd.step()
        >>> sgd.clear_grad()
        >>> sgd.get_lr()
        0.1
    """

    _multi_precision = False

    def __init__(self, learning_rate, parameters=None, weight_decay=None, grad_clip=None,
                 name=None) -> None:
        owner = type(self).__name__
        # in static mode parameters=None means every trainable parameter of the program
        static_all = _static_mode.enabled and parameters is None
        params = [] if static_all else check_parameters(owner, parameters)
        if not isinstance(learning_rate, (float, LRScheduler)):
            raise TypeError(f"({owner}) learning rate should be float or LRScheduler, got "
                            f"{type(learning_rate)} here")
        from ..nn.clip import ClipGradBase
        if grad_clip is not None and not isinstance(grad_clip, ClipGradBase):
            raise TypeError(f"({owner}) 'grad_clip' should be an instance of ClipGradBase's "
                            f"derived class, but received {type(grad_clip).__name__}")
        self._parameter_list = params
        self._name = name
        self.regularization = as_regularizer(weight_decay)
        self._grad_clip = grad_clip
        self._learning_rate = learning_rate
        self._state = OptimizerState(name)
        self._auxiliary_vars: dict = {}
        self.clear_gradients = self.clear_grad
        self._default_dict = self._group_defaults()
        self._dtype = None
        self._param_groups: list = []
        if params and isinstance(params[0], dict):
            for group in params:
                self._add_param_group(dict(group))
        else:
            self._param_groups = params
        first = self._all_parameters()[:1]
        self._dtype = first[0].dtype if first else None

    # ---- parameter groups ----------------------------------------------------------------------
    def _add_param_group(self, param_group: dict) -> None:
        """Register a group: its options default to the optimizer's; its 'learning_rate' is a
        multiplier of the optimizer's learning rate and its 'weight_decay' the group's decay."""
        if "params" not in param_group:
            raise ValueError(f"({type(self).__name__}) every parameter group needs a 'params' "
                             "entry")
        params = param_group["params"]
        if isinstance(params, Tensor):
            params = [params]
        elif isinstance(params, set):
            raise TypeError("optimizer parameters should be in ordered collections, but "
                            "received set, please use list instead.")
        param_group["params"] = list(params)
        for key, value in self._group_defaults().items():
            param_group.setdefault(key, value)
        seen = {id(p) for group in self._param_groups for p in group["params"]}
        if any(id(p) in seen for p in param_group["params"]):
            raise ValueError("some parameters appear in more than one parameter group")
        for p in param_group["params"]:
            self._apply_group_options(p, param_group)
        self._param_groups.append(param_group)

    def _group_defaults(self) -> dict:
        """The options a parameter group takes from the optimizer when it does not set them."""
        return {"weight_decay": self.regularization, "grad_clip": self._grad_clip}

    def _apply_group_options(self, param, group: dict) -> None:
        # Paddle writes the group's options onto the parameter itself (overriding its ParamAttr)
        if hasattr(param, "regularizer"):
            param.regularizer = self._group_regularizer(group)
        optimize_attr(param)["learning_rate"] = group.get("learning_rate", 1.0)

    def _group_regularizer(self, group: dict):
        """The weight decay a group's gradients receive (its 'weight_decay' as a regularizer)."""
        return as_regularizer(group["weight_decay"])

    def _is_grouped(self) -> bool:
        return bool(self._param_groups) and isinstance(self._param_groups[0], dict)

    def _all_parameters(self) -> list:
        if self._is_grouped():
            return [p for group in self._param_groups for p in group["params"]]
        return list(self._param_groups)

    def _groups(self):
        """(parameters, hyperparameters, grad_clip, weight decay) per group."""
        if not self._is_grouped():
            yield self._param_groups, self._default_dict, self._grad_clip, self.regularization
            return
        for group in self._param_groups:
            options = {**self._default_dict, **group}
            yield group["params"], options, group.get("grad_clip"), self._group_regularizer(group)

    # ---- the update --------------------------------------------------------------------------
    @no_grad()
    def step(self) -> None:
        """Update every parameter that has a gradient once.

        Example:
            >>> import paddle
            >>> linear = paddle.nn.Linear(13, 5)
            >>> adam = paddle.optimizer.Adam(learning_rate=0.01, parameters=linear.parameters())
            >>> linear(paddle.rand([2, 13])).sum().backward()
            >>> adam.step()
            >>> adam.clear_grad()
        """
        self._require_eager("step")
        for params, options, clip, decay in self._groups():
            pairs = [(p, p.grad) for p in params if not p.stop_gradient and p.grad is not None]
            self._apply_optimize(pairs, options, clip, decay)

    def _require_eager(self, method: str) -> None:
        # Updates write parameter memory directly and are not recorded as program ops; inside
        # paddle.jit.to_static tracing this error makes the function run eagerly instead.
        if state.tracer is not None:
            raise RuntimeError(f"({type(self).__name__}.{method}) parameters have no value while "
                               "a program is being traced, so the update cannot be recorded; "
                               "the training step runs in dynamic mode")

    def _apply_optimize(self, params_grads, options: dict, clip, decay) -> None:
        if clip is not None:
            params_grads = clip(params_grads)
        params_grads = self.append_regularization_ops(params_grads, decay)
        params_grads = [(p, g) for p, g in params_grads if g is not None and not p.stop_gradient]
        for p, _ in params_grads:
            self._ensure_state(p, options)
        if self._found_inf():
            return
        lr = self._lr_value()
        for p, g in params_grads:
            self._update_parameter(p, g._data, lr, options)

    def _found_inf(self) -> bool:
        """Whether the loss scaler found a non-finite gradient: the step is skipped. As Paddle,
        the scaler's found_inf tensor is replaced by a Python bool it reads back."""
        found = self._auxiliary_vars.get("found_inf")
        if isinstance(found, Tensor):
            found = self._auxiliary_vars["found_inf"] = bool(found._data.any())
        return bool(found)

    def _ensure_state(self, param, options: dict) -> None:
        target = self._target_of(param)
        if target.name not in self._state.by_target:
            self._state.by_target[target.name] = {}
            self._create_accumulators(target, options)

    def _create_accumulators(self, target, options: dict) -> None:
        """Create the accumulators of `target` (a parameter or its master weight)."""

    def _add_accumulator(self, name, target, fill_value=0.0, shape=None, dtype=None):
        return self._state.add(name, target, fill_value, shape, dtype)

    def _get_accumulator(self, name, param):
        return self._state.get(name, param)

    def _get_accumulator_master(self, name, param):
        """The accumulator `name` of `param`, or of its master weight when it has one."""
        return self._state.get(name, self._target_of(param))

    def _uses_master(self, param) -> bool:
        return self._multi_precision and param.dtype in LOW_PRECISION

    def _target_of(self, param):
        return self._state.master_of(param) if self._uses_master(param) else param

    def _update_parameter(self, param, grad: np.ndarray, lr, options: dict) -> None:
        target = self._target_of(param)
        accs = self._state.by_target[target.name]
        data = target._data
        multiplier = lr_multiplier(param)
        if multiplier != 1.0:  # Paddle scales the float32 rate tensor by the float multiplier
            lr = lr * lr.dtype.type(multiplier)
        if data.dtype in LOW_NP:
            update_in_float32(partial(self._update, xp), data, grad, accs, lr, options, param)
        else:
            arrays = {k: t._data for k, t in accs.items()}
            grad = grad if grad.dtype == data.dtype else grad.astype(data.dtype)
            self._update(xp, data, grad, arrays, data.dtype.type(lr), options, param)
        if target is not param:
            np.copyto(param._data, data, casting="unsafe")
        param._version += 1

    def _update(self, xp, param, grad, accs: dict, lr, options: dict, owner) -> None:
        """Update `param` (and the accumulator arrays in `accs`) in place from `grad`, with the
        array module `xp`."""
        raise NotImplementedError("Optimizer cannot be used directly; use a subclass such as "
                                  "paddle.optimizer.Adam")

    def append_regularization_ops(self, parameters_and_grads, regularization=None):
        """(param, grad + decay) pairs: the parameter's own regularizer, else `regularization`."""
        out = []
        for param, grad in parameters_and_grads:
            reg = getattr(param, "regularizer", None) or regularization
            if grad is not None and reg is not None:
                grad = wrap(grad._data + self._decay_term(reg, param._data).astype(
                    grad._data.dtype, copy=False))
            out.append((param, grad))
        return out

    def _decay_term(self, regularizer, param: np.ndarray) -> np.ndarray:
        return regularizer._decay_array(param)

    # ---- learning rate -----------------------------------------------------------------------
    def _lr_value(self):
        """The current learning rate as Paddle holds it: a scalar of the parameters' dtype
        (float32 for float16/bfloat16 parameters)."""
        dtype = self._dtype.np_dtype if self._dtype is not None else np.dtype(np.float32)
        if dtype in LOW_NP or dtype.kind != "f":
            dtype = np.dtype(np.float32)
        return dtype.type(self.get_lr())

    def get_lr(self) -> float:
        """The current learning rate (the scheduler's value when one is used).

        Example:
            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> adam = paddle.optimizer.Adam(0.01, parameters=linear.parameters())
            >>> adam.get_lr()
            0.01
        """
        if isinstance(self._learning_rate, LRScheduler):
            return self._learning_rate()
        return self._learning_rate

    def set_lr(self, value: float) -> None:
        """Set a float learning rate (not allowed while an LRScheduler drives it).

        Example:
            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> adam = paddle.optimizer.Adam(0.1, parameters=linear.parameters())
            >>> adam.set_lr(0.2)
            >>> adam.get_lr()
            0.2
        """
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError("The type of 'value' in optimizer.set_lr must be float, but "
                            f"received {type(value)}.")
        if isinstance(self._learning_rate, LRScheduler):
            message = ("optimizer's learning rate can't be LRScheduler when invoke this API, "
                       "because this will lead to conflict.")
            raise RuntimeError(message)  # noqa: TRY004 - the error type Paddle raises
        self._learning_rate = float(value)

    def set_lr_scheduler(self, scheduler) -> None:
        """Drive the learning rate by `scheduler` from now on.

        Example:
            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> adam = paddle.optimizer.Adam(0.1, parameters=linear.parameters())
            >>> adam.set_lr_scheduler(paddle.optimizer.lr.StepDecay(0.5, step_size=2))
            >>> adam.get_lr()
            0.5
        """
        if not isinstance(scheduler, LRScheduler):
            raise TypeError("The type of 'scheduler' in optimizer.set_lr_scheduler must be "
                            f"LRScheduler, but received {type(scheduler)}.")
        self._learning_rate = scheduler

    # ---- gradients ---------------------------------------------------------------------------
    def clear_grad(self, set_to_zero: bool = True) -> None:
        """Zero (or, with set_to_zero=False, drop) the gradients of the optimized parameters."""
        for p in self._all_parameters():
            if not p.stop_gradient:
                p.clear_gradient(set_to_zero)

    def zero_grad(self, set_to_none: bool = True) -> None:
        """torch-style clear_grad: set_to_none=True drops the gradients."""
        self.clear_grad(set_to_zero=not set_to_none)

    def backward(self, loss, startup_program=None, parameters=None, no_grad_set=None,
                 callbacks=None) -> list:
        """The (parameter, gradient) pairs already computed by `loss.backward()` (dynamic mode)."""
        params = parameters if parameters else self._all_parameters()
        return [(p, p.grad) for p in params if p.grad is not None]

    @no_grad()
    def apply_gradients(self, params_grads) -> list:
        """Clip, regularize and apply the given (parameter, gradient) pairs."""
        self._require_eager("apply_gradients")
        params_grads = sorted(params_grads, key=lambda pair: pair[0].name)
        self._apply_optimize(params_grads, self._default_dict, self._grad_clip,
                             self.regularization)
        return []

    @no_grad()
    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """Apply the gradients already computed by `loss.backward()`; returns (ops, pairs) with
        no ops in dynamic mode, as Paddle does.

        Example:
            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> loss = linear(paddle.rand([4, 10])).mean()
            >>> loss.backward()
            >>> adam = paddle.optimizer.Adam(0.1, parameters=linear.parameters())
            >>> ops, params_grads = adam.minimize(loss)
            >>> len(params_grads)
            2
        """
        if not isinstance(loss, Tensor):
            raise TypeError(f"({type(self).__name__}.minimize) The loss should be a Tensor, but "
                            f"received {type(loss).__name__}")
        if _static_mode.enabled and state.tracer is not None:
            from ..static.minimize import static_minimize
            return static_minimize(self, loss, parameters, no_grad_set)
        self._require_eager("minimize")
        params_grads = self.backward(loss, startup_program, parameters, no_grad_set)
        self._apply_optimize(params_grads, self._default_dict, self._grad_clip,
                             self.regularization)
        return [], params_grads

    # ---- state -------------------------------------------------------------------------------
    @property
    def _accumulators(self) -> dict:
        return self._state.accumulators

    @property
    def _master_weights(self) -> dict:
        return self._state.master_weights

    def get_opti_var_name_list(self) -> list:
        """Names of the accumulators this optimizer created, in creation order."""
        return self._state.names

    def _set_auxiliary_var(self, key, val) -> None:
        self._auxiliary_vars[key] = val

    def _get_auxiliary_var(self, key):
        return self._auxiliary_vars.get(key)

    def state_dict(self) -> dict:
        """Every accumulator by name, 'master_weights' and the scheduler's 'LR_Scheduler'."""
        out = self._state.state_dict()
        if isinstance(self._learning_rate, LRScheduler):
            out["LR_Scheduler"] = self._learning_rate.state_dict()
        return out

    def set_state_dict(self, state_dict: dict) -> None:
        """Load a state dict from `state_dict()` (ours or real Paddle's `.pdopt`)."""
        from .lr import LambdaDecay
        if not isinstance(state_dict, dict):
            raise TypeError("(Optimizer.set_state_dict) state_dict must be a dict, but received "
                            f"{type(state_dict).__name__}")
        state = dict(state_dict)
        lr_state = state.pop("LR_Scheduler", None)
        if isinstance(self._learning_rate, LRScheduler):
            if lr_state is None and not isinstance(self._learning_rate, LambdaDecay):
                raise KeyError("LR_Scheduler state must be included in the state dict except "
                               "LambdaDecay")
            if lr_state:
                self._learning_rate.set_state_dict(lr_state)
        self._state.load(state)

    load_state_dict = set_state_dict
