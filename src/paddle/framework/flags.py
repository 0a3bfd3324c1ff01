"""paddle.set_flags / paddle.get_flags for the global flags Feijiang honours.

Only flags with an effect here are accepted; any other name is a ValueError, as Paddle raises
for flags it does not know:
    FLAGS_check_nan_inf   every op result (and backward gradient) is checked, reported as
                          Paddle reports it; a NaN/Inf raises naming the op (see
                          _core/nan_inf.py)
    FLAGS_check_nan_inf_level  0 raise, 1 report and go on, 2 also float32 beyond float16's
                          range, 3 report every tensor
    FLAGS_low_precision_op_list  whether paddle.amp.debugging counts op calls per dtype
    FLAGS_print_ir        PassManager prints the program after every pass
    FLAGS_use_stride_kernel  views share memory (always true in Feijiang; read-only)
    FLAGS_use_accuracy_compatible_kernel  Paddle's opt-in alternative kernels; Feijiang has one
                          set of kernels, so it stays False (read-only)
    FLAGS_enable_pir_api  programs are PIR (always true; read-only)
    FLAGS_eager_delete_tensor_gb  Paddle's garbage-collection threshold; the value is kept for
                          get_flags, while NumPy arrays here are freed as soon as nothing
                          refers to them (what Paddle does at 0.0)
    FLAGS_feijiang_amp_on_cpu  Feijiang's opt-in: paddle.amp really casts on the CPU, as Paddle
                          does on a GPU (default from the environment variable of that name)"""
from __future__ import annotations

import os

from .._core import nan_inf

_FLAGS = {"FLAGS_check_nan_inf": False, "FLAGS_print_ir": False, "FLAGS_use_stride_kernel": True,
          "FLAGS_use_accuracy_compatible_kernel": False, "FLAGS_enable_pir_api": True,
          "FLAGS_eager_delete_tensor_gb": 0.0, "FLAGS_check_nan_inf_level": 0,
          "FLAGS_low_precision_op_list": 0,
          "FLAGS_feijiang_amp_on_cpu": os.environ.get("FLAGS_feijiang_amp_on_cpu", "0").lower()
          in ("1", "true", "on")}
_READ_ONLY = {"FLAGS_use_stride_kernel", "FLAGS_use_accuracy_compatible_kernel",
              "FLAGS_enable_pir_api"}


def set_flags(flags: dict) -> None:
    """Set global flags from a {name: value} dict."""
    if not isinstance(flags, dict):
        raise TypeError(f"set_flags expects a dict of flags, but received {type(flags).__name__}")
    for name, value in flags.items():
        if name not in _FLAGS:
            raise ValueError(f"Flag {name} cannot set its value through this function.")
        if name in _READ_ONLY and bool(value) != _FLAGS[name]:
            raise ValueError(f"Flag {name} is fixed to {_FLAGS[name]} in Feijiang.")
        _FLAGS[name] = type(_FLAGS[name])(value)
    nan_inf.configure(_FLAGS["FLAGS_check_nan_inf"], _FLAGS["FLAGS_check_nan_inf_level"])


def get_flags(flags) -> dict:
    """{name: value} for a flag name or a list of names."""
    names = [flags] if isinstance(flags, str) else list(flags)
    out = {}
    for name in names:
        if name not in _FLAGS:
            raise ValueError(f"Flag {name} cannot get its value through this function.")
        out[name] = _FLAGS[name]
    return out


def flag(name: str):
    return _FLAGS[name]
