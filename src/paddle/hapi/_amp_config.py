"""paddle.Model's `amp_configs`: validated as Paddle validates them. Mixed precision needs a
CUDA/XPU/custom device; Feijiang's NumPy backend computes on the CPU, where Paddle's auto_cast
and GradScaler "make no effect" and training stays in float32. The Model does the same and
says so once, at prepare()."""
from __future__ import annotations

import warnings

_LEVELS = ("O0", "O1", "O2")
_CUSTOM_LISTS = ("custom_white_list", "custom_black_list", "custom_black_varnames")
_SCALER_KEYS = {"init_loss_scaling", "incr_ratio", "decr_ratio", "incr_every_n_steps",
                "decr_every_n_nan_or_inf", "use_dynamic_loss_scaling", "use_fp16_guard"}


class AmpSettings:
    """The parsed configuration: level, auto_cast lists and GradScaler arguments."""

    def __init__(self, level="O0", custom_lists=None, scaler_configs=None):
        self.level = level
        self.custom_lists = custom_lists or {}
        self.scaler_configs = scaler_configs or {}


def _check_pure_fp16(level: str, optimizer) -> None:
    from ..nn.clip import ClipGradByGlobalNorm, ClipGradByNorm
    clip = getattr(optimizer, "_grad_clip", None)
    if level == "O2" and clip is not None and \
            not isinstance(clip, (ClipGradByGlobalNorm, ClipGradByNorm)):
        raise ValueError("Only ClipGradByNorm and ClipGradByGlobalNorm are supported in amp "
                         "training with level=O2 currently.")


def _split_options(configs: dict, level: str, dynamic: bool) -> AmpSettings:
    keys = set(configs) - {"level"}
    if "use_pure_fp16" in keys:
        raise ValueError("'use_pure_fp16' is an invalid parameter, the level of mixed precision "
                         "training only depends on 'O1' or 'O2'.")
    custom = {k: configs[k] for k in _CUSTOM_LISTS if k in keys}
    rest = keys - set(custom)
    unknown = rest - _SCALER_KEYS
    if unknown:
        raise ValueError("Except for 'level', the keys of 'amp_configs' must be accepted by mixed "
                         f"precision APIs, but {tuple(sorted(unknown))} could not be recognized.")
    if "use_fp16_guard" in rest and dynamic:
        raise ValueError("'use_fp16_guard' is supported in static graph mode only.")
    scaler = {k: configs[k] for k in rest if k != "use_fp16_guard"}
    return AmpSettings(level, custom, scaler)


def parse_amp_configs(amp_configs, optimizer, dynamic: bool = True) -> AmpSettings:
    """Validate `amp_configs` (None, a level string, or a dict with 'level' and auto_cast /
    GradScaler options) and return the settings."""
    if not amp_configs:
        return AmpSettings()
    if isinstance(amp_configs, str):
        if amp_configs not in _LEVELS:
            raise ValueError("The level of amp_configs should be 'O0', 'O1' or 'O2'.")
        _check_pure_fp16(amp_configs, optimizer)
        return AmpSettings(amp_configs)
    if not isinstance(amp_configs, dict):
        raise TypeError(f"(Model.prepare) 'amp_configs' must be a str or dict, but received "
                        f"{type(amp_configs).__name__}")
    level = amp_configs.get("level", "O1")
    if level not in _LEVELS:
        raise ValueError("amp_configs['level'] should be 'O0', 'O1' or 'O2'.")
    if level == "O0" or not set(amp_configs) - {"level"}:
        return AmpSettings(level)
    settings = _split_options(amp_configs, level, dynamic)
    _check_pure_fp16(level, optimizer)
    return settings


def warn_if_ineffective(settings: AmpSettings) -> None:
    """Mixed precision makes no effect on the CPU (as in Paddle): say so once."""
    if settings.level != "O0":
        warnings.warn(f"(Model.prepare) amp level '{settings.level}' makes no effect: mixed "
                      "precision needs a CUDA, XPU or custom device and this build computes on "
                      "Place(cpu), so training stays in float32, as Paddle does on the CPU.",
                      stacklevel=3)
