"""AdamW: Adam with decoupled weight decay."""
from __future__ import annotations

from .._core.tensor import Tensor
from ._hyper import check_non_negative, check_unit_interval, float_attr, require_set, scalar
from ._params import optimize_attr
from .adam import adam_update, add_adam_accumulators
from .optimizer import Optimizer

__all__ = ["AdamW"]


class AdamW(Optimizer):
    """Adam with decoupled weight decay: before the Adam step, param -= lr * weight_decay *
    param (skipped for parameters whose name apply_decay_param_fun rejects). `lr_ratio(param)`
    scales the learning rate per parameter (Paddle supports it on GPUs only; here everywhere).

    Example:
        >>> import paddle
        >>> linear = paddle.nn.Linear(10, 10)
        >>> adamw = paddle.optimizer.AdamW(learning_rate=0.01, parameters=linear.parameters(),
        ...                                weight_decay=0.01)
        >>> linear(paddle.rand([4, 10])).mean().backward()
        >>> adamw.step()
        >>> adamw.clear_grad()
    """

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08,
                 parameters=None, weight_decay=0.01, use_lowprecision_moment=False,
                 lr_ratio=None, apply_decay_param_fun=None, grad_clip=None, lazy_mode=False,
                 multi_precision=False, amsgrad=False, name=None) -> None:
        require_set("AdamW", learning_rate=learning_rate, beta1=beta1, beta2=beta2,
                    epsilon=epsilon)
        check_unit_interval("AdamW", beta1=beta1, beta2=beta2)
        check_non_negative("AdamW", epsilon=epsilon)
        if isinstance(weight_decay, bool) or not isinstance(weight_decay, (int, float, Tensor)):
            raise TypeError("(AdamW) weight_decay should be int, float or Tensor, but received "
                            f"{type(weight_decay).__name__}")
        if lr_ratio is not None and not callable(lr_ratio):
            raise TypeError("(AdamW) lr_ratio must be a function of the parameter, but "
                            f"received {type(lr_ratio).__name__}")
        self._weight_decay = scalar(weight_decay)
        super().__init__(learning_rate, parameters, None, grad_clip, name)
        self.type = "adamw"
        self._apply_decay_param_fun = apply_decay_param_fun
        self._use_lowprecision_moment = use_lowprecision_moment
        self._lr_ratio = lr_ratio
        self._beta1 = beta1
        self._beta2 = beta2
        self._epsilon = epsilon
        self._lazy_mode = lazy_mode
        self._multi_precision = multi_precision
        self._amsgrad = amsgrad
        self._default_dict = {"weight_decay": self._weight_decay, "beta1": beta1,
                              "beta2": beta2, "epsilon": epsilon, "lazy_mode": lazy_mode,
                              "grad_clip": grad_clip}

    def _group_defaults(self) -> dict:
        return {"weight_decay": self._weight_decay, "grad_clip": self._grad_clip}

    def _apply_group_options(self, param, group: dict) -> None:
        # a group's weight_decay is its decoupled decay coefficient, not a regularizer
        optimize_attr(param)["learning_rate"] = group.get("learning_rate", 1.0)

    def _group_regularizer(self, group: dict):
        return None

    def _create_accumulators(self, target, options) -> None:
        add_adam_accumulators(self, target, options, self._amsgrad)

    def _update(self, xp, param, grad, accs, lr, options, owner) -> None:
        if self._lr_ratio is not None:
            lr = lr * float_attr(param.dtype.type, self._lr_ratio(owner))
        decays = self._apply_decay_param_fun is None or self._apply_decay_param_fun(owner.name)
        if decays:
            param -= param * (lr * float_attr(param.dtype.type, options["weight_decay"]))
        adam_update(xp, param, grad, accs, lr, scalar(options["beta1"]), scalar(options["beta2"]),
                    scalar(options["epsilon"]), self._amsgrad)
