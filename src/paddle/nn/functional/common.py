"""Functional forms of common layers."""
from __future__ import annotations

from ..._core.dispatch import one_amp_op
from ..._core.ops import binary as B
from ..._core.ops import linalg as L
from ...tensor._convert import require_tensor


@one_amp_op("linear_v2", on_cpu=False)  # one op under auto_cast, as Paddle's GPU kernel
def linear(x, weight, bias=None, name=None):
    """x @ weight + bias, with weight of shape [in_features, out_features].

    Example:
        >>> import paddle
        >>> x = paddle.ones([2, 3])
        >>> paddle.nn.functional.linear(x, paddle.ones([3, 4]), paddle.zeros([4])).shape
        paddle.Size([2, 4])
    """
    # Paddle's binding names the input 'X' (capital) and takes Tensors only.
    require_tensor("linear", "X", 0, x)
    require_tensor("linear", "weight", 1, weight)
    if x.ndim == 0 or x.shape[-1] not in (weight.shape[0], -1):  # -1: known when run
        raise ValueError(f"(linear) The last dimension of input x ({list(x.shape)}) must equal "
                         f"in_features, the first dimension of weight ({list(weight.shape)}).")
    if x._data.dtype != weight._data.dtype:
        raise TypeError(f"(linear) input dtype {x.dtype.name} does not match weight dtype "
                        f"{weight.dtype.name}")
    out = L.matmul(x, weight, False, False)
    return out if bias is None else B.add(out, bias)
