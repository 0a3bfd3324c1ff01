"""Products of `paddle.linalg` beyond matmul: tensordot, addmm/baddbmm (and their in-place
forms) and multi_dot with the cheapest multiplication order."""
from __future__ import annotations

from .._core.ops import linalg as L
from .._core.tensor import Tensor
from ._convert import ensure_tensor, require_tensor
from .linalg_common import assign_inplace, same_dtype


def tensordot(x, y, axes=2, name=None):
    """Contract the given axes of x with those of y (an int N means x's last N with y's first N).

    Example:
        >>> import paddle
        >>> paddle.tensordot(paddle.ones([2, 3, 4]), paddle.ones([3, 4, 5])).shape
        paddle.Size([2, 5])
    """
    require_tensor("tensordot", "x", 0, x)
    y = ensure_tensor(y)
    same_dtype("tensordot", x, y)
    x_axes, y_axes = _tensordot_axes(x, y, axes)
    for a, b in zip(x_axes, y_axes):
        # a size-1 axis contracts against the sum of the other operand's axis (broadcasting)
        if x.shape[a] == 1 and y.shape[b] != 1:
            y = y.sum(axis=b, keepdim=True, dtype=y.dtype)
        elif y.shape[b] == 1 and x.shape[a] != 1:
            x = x.sum(axis=a, keepdim=True, dtype=x.dtype)
        elif x.shape[a] != y.shape[b]:
            raise ValueError(f"(tensordot) The dimensional size for 'x' and 'y' should match "
                             f"each other, but 'x' has size {x.shape[a]} in dim {a} while 'y' "
                             f"has size {y.shape[b]} in dim {b}.")
    x_free = [i for i in range(x.ndim) if i not in x_axes]
    y_free = [i for i in range(y.ndim) if i not in y_axes]
    size = 1
    for a in x_axes:
        size *= x.shape[a]
    left = x.transpose(x_free + x_axes).reshape([-1, size])
    right = y.transpose(y_axes + y_free).reshape([size, -1])
    shape = [x.shape[i] for i in x_free] + [y.shape[i] for i in y_free]
    return L.matmul(left, right, False, False).reshape(shape)


def _tensordot_axes(x, y, axes):
    """Paddle's axes forms: N; [x_axes, y_axes]; one flat list for both. The shorter list is
    completed with the longer one's tail."""
    if isinstance(axes, Tensor):
        axes = axes.tolist()
    if isinstance(axes, int):
        if not 0 <= axes <= min(x.ndim, y.ndim):
            raise ValueError(f"(tensordot) The 'axes' should be in [0, {min(x.ndim, y.ndim)}], "
                             f"but received axes={axes}.")
        return list(range(x.ndim - axes, x.ndim)), list(range(axes))
    axes = list(axes)
    if not axes or isinstance(axes[0], int):
        x_axes, y_axes = axes, []
    else:
        x_axes, y_axes = list(axes[0]), list(axes[1]) if len(axes) > 1 else []
    x_axes = x_axes + y_axes[len(x_axes):]
    y_axes = y_axes + x_axes[len(y_axes):]
    for arg, ax, t in (("x", x_axes, x), ("y", y_axes, y)):
        for a in ax:
            if not -t.ndim <= a < t.ndim:
                raise ValueError(f"(tensordot) axis {a} of {arg} is out of range for a "
                                 f"{t.ndim}-D tensor.")
    return [a % x.ndim for a in x_axes], [b % y.ndim for b in y_axes]


def _check_product_operands(api, x, y, rank):
    if x.ndim != rank or y.ndim != rank:
        raise ValueError(f"({api}) The dimension of x, y should be {rank} but receive x's shape: "
                         f"{list(x.shape)}, y's shape: {list(y.shape)}.")
    if x.shape[-1] != y.shape[-2]:
        raise ValueError(f"({api}) The input Variable x's width must be equal with Variable y's "
                         f"height. But received x's shape = {list(x.shape)}, y's shape = "
                         f"{list(y.shape)}.")
    same_dtype(api, x, y)


def _check_broadcast_input(api, input, out_shape):
    padded = [1] * (len(out_shape) - input.ndim) + list(input.shape)
    if any(a not in (1, b) for a, b in zip(padded, out_shape)):
        raise ValueError(f"({api}) The input's shape: {list(input.shape)} is not broadcastable "
                         f"with the product's shape {out_shape}.")


def addmm(input, x, y, beta=1.0, alpha=1.0, name=None):
    """beta * input + alpha * (x @ y) for 2-D x, y; input (1-D or 2-D) broadcasts to the
    product's shape.

    Example:
        >>> import paddle
        >>> paddle.addmm(paddle.ones([2, 2]), paddle.ones([2, 3]), paddle.ones([3, 2]),
        ...              beta=0.5, alpha=2.0)
        Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[6.50000000, 6.50000000],
                [6.50000000, 6.50000000]])
    """
    require_tensor("addmm", "input", 0, input)
    x, y = ensure_tensor(x), ensure_tensor(y)
    _check_product_operands("addmm", x, y, 2)
    if input.ndim not in (1, 2):
        raise ValueError(f"(addmm) The dimension of input should be 2 or 1 but receive input's "
                         f"shape: {list(input.shape)}")
    _check_broadcast_input("addmm", input, [x.shape[0], y.shape[1]])
    same_dtype("addmm", input, x, ("input", "x"))
    return input * beta + L.matmul(x, y, False, False) * alpha


def baddbmm(input, x, y, beta=1.0, alpha=1.0, name=None):
    """beta * input + alpha * bmm(x, y) for 3-D x, y; a 2-D input is read as [batch, N] and
    broadcast over the rows.

    Example:
        >>> import paddle
        >>> paddle.baddbmm(paddle.ones([2, 2, 2]), paddle.ones([2, 2, 3]),
        ...                paddle.ones([2, 3, 2])).shape
        paddle.Size([2, 2, 2])
    """
    input, x, y = ensure_tensor(input), ensure_tensor(x), ensure_tensor(y)
    _check_product_operands("baddbmm", x, y, 3)
    if x.shape[0] != y.shape[0]:
        raise ValueError(f"(baddbmm) The batch size of x ({x.shape[0]}) must equal the batch "
                         f"size of y ({y.shape[0]}).")
    if input.ndim == 2:
        if input.shape[0] != x.shape[0]:
            raise ValueError(f"(baddbmm) The batch size of input must be equal to the batch "
                             f"size of x. But received input's batch size = {input.shape[0]}, "
                             f"x's batch size = {x.shape[0]}")
        input = input.unsqueeze(1)
    elif input.ndim != 3:
        raise ValueError(f"(baddbmm) The dimension of input should be 3 or 2 but received "
                         f"input's shape: {list(input.shape)}")
    _check_broadcast_input("baddbmm", input, [x.shape[0], x.shape[1], y.shape[2]])
    same_dtype("baddbmm", input, x, ("input", "x"))
    return input * beta + L.matmul(x, y, False, False) * alpha


def addmm_(input, x, y, beta=1.0, alpha=1.0, name=None):
    """In-place addmm: input becomes beta * input + alpha * (x @ y)."""
    result = addmm(input, x, y, beta, alpha)
    if list(result.shape) != list(input.shape):
        raise ValueError(f"(addmm_) The shape of input {list(input.shape)} must equal the "
                         f"shape of the result {list(result.shape)} for an in-place update.")
    return assign_inplace(input, result, "addmm_")


def baddbmm_(input, x, y, beta=1.0, alpha=1.0, name=None):
    """In-place baddbmm: input becomes beta * input + alpha * bmm(x, y)."""
    result = baddbmm(input, x, y, beta, alpha)
    if list(result.shape) != list(input.shape):
        raise ValueError(f"(baddbmm_) The shape of input {list(input.shape)} must equal the "
                         f"shape of the result {list(result.shape)} for an in-place update.")
    return assign_inplace(input, result, "baddbmm_")


def multi_dot(x, name=None):
    """Product of a chain of matrices, multiplied in the cheapest order; the first and last may
    be vectors.

    Example:
        >>> import paddle
        >>> paddle.linalg.multi_dot([paddle.ones([2, 3]), paddle.ones([3, 4]),
        ...                          paddle.ones([4])]).shape
        paddle.Size([2])
    """
    tensors = [ensure_tensor(t) for t in x]
    if len(tensors) < 2:
        raise ValueError(f"(multi_dot) The number of input tensors in multi_dot op should > 1, "
                         f"but received {len(tensors)}.")
    for t in tensors[1:]:
        same_dtype("multi_dot", tensors[0], t)
    first_vec, last_vec = tensors[0].ndim == 1, tensors[-1].ndim == 1
    mats = [tensors[0].reshape([1, -1]) if first_vec else tensors[0]] + tensors[1:-1] + \
        [tensors[-1].reshape([-1, 1]) if last_vec else tensors[-1]]
    for i, m in enumerate(mats):
        if m.ndim != 2:
            raise ValueError(f"(multi_dot) The input tensors of multi_dot must be 2-D (the first "
                             f"and last may be 1-D), but tensor {i} has shape "
                             f"{list(tensors[i].shape)}.")
    for i in range(len(mats) - 1):
        if mats[i].shape[1] != mats[i + 1].shape[0]:
            raise ValueError(f"(multi_dot) The input matrices do not meet the multiplication "
                             f"requirements: tensor {i} has shape {list(mats[i].shape)} and "
                             f"tensor {i + 1} has shape {list(mats[i + 1].shape)}.")
    result = _chain_product(mats, _chain_order([m.shape[0] for m in mats] + [mats[-1].shape[1]]),
                            0, len(mats) - 1)
    shape = [d for d, drop in zip(result.shape, (first_vec, last_vec)) if not drop]
    return result.reshape(shape)


def _chain_order(dims):
    """split[i][j]: where to split the product of matrices i..j (classic O(n^3) chain DP)."""
    n = len(dims) - 1
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j], split[i][j] = min(
                (cost[i][k] + cost[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1], k)
                for k in range(i, j))
    return split


def _chain_product(mats, split, i, j):
    if i == j:
        return mats[i]
    k = split[i][j]
    return L.matmul(_chain_product(mats, split, i, k), _chain_product(mats, split, k + 1, j),
                    False, False)


__all__ = ["addmm", "addmm_", "baddbmm", "baddbmm_", "multi_dot", "tensordot"]
