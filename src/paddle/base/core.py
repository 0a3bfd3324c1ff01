"""`paddle.base.core`: facts about how this Paddle was built, answered truthfully."""
from .._core.autograd.engine import add_backward_final_hook
from .._core.backend import gpu_available
from .._core.dtype import DType as VarTypeDType  # noqa: F401
from ..static.scope import Scope  # noqa: F401 - the scope class paddle.static uses
from ..tensor.attribute import VarType
from .dense_tensor import DenseTensor  # noqa: F401 - Paddle's core.DenseTensor


def is_compiled_with_cuda() -> bool:
    return gpu_available()


def is_compiled_with_rocm() -> bool:
    return False


def is_compiled_with_xpu() -> bool:
    return False


def is_compiled_with_ipu() -> bool:
    return False


def is_compiled_with_custom_device(device_type: str) -> bool:
    return False


def is_compiled_with_distribute() -> bool:
    return True


def is_compiled_with_mkldnn() -> bool:
    return False


def is_compiled_with_cinn() -> bool:
    return False


def op_support_gpu(op_type: str) -> bool:
    """Whether an op has a GPU kernel: only when the CuPy backend is usable."""
    return gpu_available()


def supports_bfloat16() -> bool:
    return True


def supports_bfloat16_fast_performance() -> bool:
    return False


def get_cuda_device_count() -> int:
    from ..device import device_count
    return device_count()


class eager:  # noqa: N801 - Paddle's `core.eager` module of eager-mode internals
    """The eager-mode hooks Paddle's core exposes."""

    _add_backward_final_hook = staticmethod(add_backward_final_hook)


class VarDesc:
    """Paddle's variable descriptions; `VarDesc.VarType.DENSE_TENSOR` is what `Tensor.type`
    answers."""

    VarType = VarType
