"""Feijiang: PaddlePaddle 3.3 re-implemented in Python on NumPy.

`import paddle` gives Paddle's public API: tensors with autograd, the tensor functions, and the
framework pieces built on them.
"""
from ._core import dtype as _dtype_mod
from ._core.dtype import DType as dtype
from ._core.dtype import (bfloat16, complex64, complex128, finfo, float8_e4m3fn,
                          float8_e5m2, float16, float32, float64, get_default_dtype, iinfo,
                          int8, int16, int32, int64, set_default_dtype, uint8, uint16, uint32,
                          uint64)
from ._core.place import (CPUPlace, CUDAPinnedPlace, CUDAPlace, Place, get_device,  # noqa: F401
                          set_device)
from ._core.printing import set_printoptions
from ._core.tensor import Size, Tensor
from ._core.autograd.grad_mode import enable_grad, is_grad_enabled, no_grad, set_grad_enabled
from .tensor import *  # noqa: F401,F403 - the tensor functions (importing binds the methods)
from . import autograd, device, framework, linalg, nn, pir_utils, utils, _C_ops  # noqa: F401
from ._static_mode import disable_static, enable_static
from .framework.param_attr import ParamAttr
from .framework.creation import create_parameter
from .autograd import grad
from .device import (is_compiled_with_cuda, is_compiled_with_custom_device,
                     is_compiled_with_rocm, is_compiled_with_xpu)
from .framework import in_dynamic_mode

__version__ = "3.3.1"

bool = _dtype_mod.bool_  # noqa: A001 - Paddle exports its bool dtype as paddle.bool

# torch-style aliases that Paddle 3.3 also exports
half = float16
float = float32  # noqa: A001
double = float64
cfloat = complex64
cdouble = complex128
cat = concat  # noqa: F405
concatenate = concat  # noqa: F405
swapaxes = transpose  # noqa: F405
swapdims = transpose  # noqa: F405

# paddle.softmax / Tensor.softmax are the torch-style softmax (dim defaults by rank)
from .nn.functional.activation_axis import compat_softmax as softmax  # noqa: E402

Tensor.softmax = softmax
from . import regularizer  # noqa: E402,F401
from .framework.io import async_save, clear_async_save_task_queue, load, save  # noqa: E402,F401
from .nn.functional.norm import group_norm, layer_norm  # noqa: E402,F401
from .nn.functional import adaptive_avg_pool1d, conv1d, conv2d, conv3d  # noqa: E402,F401
from .framework.flags import get_flags, set_flags  # noqa: E402,F401
from .utils.dlpack import from_dlpack, to_dlpack  # noqa: E402,F401

# Subsystems a program may never touch load on first access (paddle.vision, paddle.Model, …):
# importing them all would more than double the time `import paddle` takes.
from ._lazy_exports import lazy_exports  # noqa: E402

_LAZY_MODULES = ("amp", "base", "callbacks", "distributed", "fft", "hapi", "inference", "io",
                 "jit", "metric", "onnx", "optimizer", "signal", "static", "vision")
__getattr__, __dir__ = lazy_exports(__name__, globals(), {
    **{name: f".{name}" for name in _LAZY_MODULES},
    "Model": ".hapi:Model", "flops": ".hapi:flops", "summary": ".hapi:summary",
    "DataParallel": ".distributed:DataParallel",
    "autocast": ".amp:autocast", "is_autocast_enabled": ".amp:is_autocast_enabled",
    "get_autocast_dtype": ".amp:get_autocast_dtype",
    "get_autocast_cpu_dtype": ".amp:get_autocast_dtype",
    "get_autocast_gpu_dtype": ".amp:get_autocast_dtype",
    "serving": ".serving",  # Feijiang's own (real Paddle has none): kept out of __all__
})
# Every public name, the lazy ones included: `from paddle import *` gives what it always gave.
__all__ = [name for name in __dir__() if not name.startswith("_") and name != "serving"]
