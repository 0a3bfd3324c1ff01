"""decorate: prepare models and optimizers for pure low-precision (O2) training.

At O2 every layer's floating parameters and buffers become float16/bfloat16 except where
Paddle keeps float32 (batch norms always; layer and instance norms for float16; layers listed
in `excluded_layers`), and the optimizers keep float32 master weights (multi_precision) unless
master_weight=False. At O1, or where AMP is not effective (a CPU place, as in Paddle), nothing
changes.
"""
from __future__ import annotations

from .. import _static_mode
from .._core import dtype as _dt
from .._core.tensor import Tensor
from ._device import casts_happen

_SAVE_DTYPES = ("float16", "bfloat16", "float32", "float64")


def _norm_classes():
    from ..nn.layer import norm, norm_extra
    batch = (norm.BatchNorm, norm.BatchNorm1D, norm.BatchNorm2D, norm.BatchNorm3D,
             norm.SyncBatchNorm)
    float16_only = (norm_extra.LayerNorm, norm_extra.InstanceNorm1D, norm_extra.InstanceNorm2D,
                    norm_extra.InstanceNorm3D)
    return batch, float16_only


def need_keep_fp32(layer, dtype: str) -> bool:
    """Whether decorate(level='O2') leaves `layer`'s own parameters in float32."""
    batch, float16_only = _norm_classes()
    if not getattr(layer, "_cast_to_low_precision", True):
        return True
    if isinstance(layer, batch):
        return True
    return layer._dtype == "float16" or (dtype == "float16" and isinstance(layer, float16_only))


def set_excluded_layers(models: list, excluded_layers) -> None:
    """Mark the layers (instances, with their sublayers, or classes) that keep float32."""
    from ..nn import Layer
    message = ("excluded_layers must be either a nn.Layer instance/type or a list of nn.Layer "
               "instances/types.")
    if excluded_layers is None:
        items = []
    elif isinstance(excluded_layers, list):
        items = excluded_layers
    elif isinstance(excluded_layers, Layer) or (isinstance(excluded_layers, type)
                                                and issubclass(excluded_layers, Layer)):
        items = [excluded_layers]
    else:
        raise TypeError(message)
    instances = [item for item in items if isinstance(item, Layer)]
    types = tuple(item for item in items if not isinstance(item, Layer))
    if any(not (isinstance(t, type) and issubclass(t, Layer)) for t in types):
        raise TypeError(message)
    for instance in instances:
        for layer in instance.sublayers(include_self=True):
            layer._cast_to_low_precision = False
    for model in models:
        for layer in model.sublayers(include_self=True):
            if types and isinstance(layer, types):
                layer._cast_to_low_precision = False


def _cast_own_tensors(layer, dtype: str) -> None:
    """Cast the layer's own floating parameters and buffers in place (tensor identity, and so
    the optimizers' references, survive)."""
    np_dtype = _dt.to_dtype(dtype).np_dtype
    for t in (*layer._parameters.values(), *layer._buffers.values()):
        if t is not None and t._data.dtype.kind in "fV":
            t._data = t._data.astype(np_dtype)
            if t._grad is not None:
                t._grad._data = t._grad._data.astype(np_dtype)
    layer.__dict__["_dtype"] = dtype


def amp_initialize(models: list, dtype: str, excluded_layers) -> list:
    set_excluded_layers(models, excluded_layers)
    for model in models:
        for layer in model.sublayers(include_self=True):
            if not need_keep_fp32(layer, dtype):
                _cast_own_tensors(layer, dtype)
    return models


class StateDictHook:
    """Layer state_dict hook of decorate(save_dtype=...): floating entries are given as
    save_dtype copies (the parameters themselves keep their dtype)."""

    def __init__(self, save_dtype: str) -> None:
        self._save_dtype = save_dtype

    def __call__(self, state_dict) -> None:
        for key, value in state_dict.items():
            if isinstance(value, Tensor) and value._data.dtype.kind in "fV":
                converted = value.detach().astype(self._save_dtype)
                converted.name = value.name
                state_dict[key] = converted


def _listed(value, cls, kind: str, expected: str) -> tuple[list, bool]:
    """(items, whether a list was given) for decorate's models/optimizers arguments."""
    if isinstance(value, cls):
        items, is_list = [value], False
    elif isinstance(value, list):
        items, is_list = value, True
    else:
        raise TypeError(f"{kind}s must be either a single {kind} or a list of {kind}s.")
    for item in items:
        if not isinstance(item, cls):
            raise RuntimeError(  # noqa: TRY004 - Paddle's error type
                f"Current train mode is pure fp16, {kind}s should be {expected}, but receive "
                f"{type(item)}.")
    return items, is_list


def _register_save_dtype(models: list, save_dtype) -> None:
    if save_dtype is None:
        return
    if save_dtype not in _SAVE_DTYPES:
        raise ValueError("save_dtype can only be float16 float32 or float64, but your input "
                         f"save_dtype is {save_dtype}.")
    for model in models:
        for layer in model.sublayers(include_self=True):
            layer.register_state_dict_hook(StateDictHook(save_dtype))


def amp_decorate(models, optimizers=None, level: str = "O1", dtype: str = "float16",
                 master_weight=None, save_dtype=None, master_grad: bool = False,
                 excluded_layers=None):
    """Paddle's eager decorate (see `decorate`)."""
    if level not in ("O1", "O2"):
        raise ValueError("level should be O1 or O2, O1 represent AMP train mode, O2 represent "
                         "Pure fp16 train mode.")
    if dtype not in ("float16", "bfloat16"):
        raise ValueError("dtype only support float16 or bfloat16.")
    if level == "O1" or not casts_happen():
        return models if optimizers is None else (models, optimizers)
    from ..nn import Layer
    from ..optimizer import Optimizer
    model_list, models_is_list = _listed(models, Layer, "model", "paddle.nn.Layer")
    amp_initialize(model_list, dtype, excluded_layers)
    opt_list, opts_is_list = [], False
    if optimizers is not None:
        opt_list, opts_is_list = _listed(optimizers, Optimizer, "optimizer",
                                         "paddle.optimizer.Optimizer or DygraphShardingOptimizer")
        for opt in opt_list:
            opt._multi_precision = master_weight is not False
    if master_grad:
        from .auto_cast import amp_global_state
        amp_global_state().use_master_grad = True
        for model in model_list:
            amp_global_state().model_parameters.extend(model.parameters())
    _register_save_dtype(model_list, save_dtype)
    models_out = model_list if models_is_list else model_list[0]
    if optimizers is None:
        return models_out
    return models_out, (opt_list if opts_is_list else opt_list[0])


def decorate(models, optimizers=None, level: str = "O1", dtype: str = "float16",
             master_weight=None, save_dtype=None, master_grad: bool = False,
             excluded_layers=None):
    """Decorate models (and optimizers) for mixed precision. O1 changes nothing; O2 casts the
    parameters to float16/bfloat16 (but batch norms, and layer/instance norms for float16) and
    gives the optimizers float32 master weights. `save_dtype` sets the dtype `state_dict`
    reports; `master_grad` makes the gradients float32 after backward. Returns what it was
    given: a model (or list), and the optimizer (or list) when one was passed. On a CPU place
    Paddle leaves everything float32, and so does this unless FLAGS_feijiang_amp_on_cpu is set.

    Example:
        >>> import paddle
        >>> model = paddle.nn.Linear(4, 4)
        >>> sgd = paddle.optimizer.SGD(parameters=model.parameters())
        >>> model, sgd = paddle.amp.decorate(model, sgd, level='O2', dtype='bfloat16')
        >>> print(model.weight.dtype)
        paddle.float32
    """
    if _static_mode.enabled:
        return _decorate_program(models, optimizers, level, dtype, master_weight, master_grad,
                                 excluded_layers)
    return amp_decorate(models, optimizers, level, dtype, master_weight, save_dtype,
                        master_grad, excluded_layers)


def _decorate_program(model, optimizer, level, dtype, master_weight, master_grad,
                      excluded_layers):
    """decorate in static mode (Paddle's PIR branch): O2 casts the model's parameters before
    the program is built; an optimizer comes back as static amp's OptimizerWithMixedPrecision
    (loss scale 1, no dynamic scaling: a GradScaler supplies those)."""
    from ..static.amp.decorator import OptimizerWithMixedPrecision
    if level not in ("O0", "OD", "O1", "O2"):
        raise ValueError("level should be O0, OD, O1 or O2.")
    if level == "O2":
        amp_initialize([model], dtype, excluded_layers)
        if optimizer is not None:
            optimizer._multi_precision = master_weight is not False
    if optimizer is None:
        return model
    return model, OptimizerWithMixedPrecision(
        optimizer, None, level, dtype, 1.0, False, None, None, None, None,
        use_master_grad=master_grad)
