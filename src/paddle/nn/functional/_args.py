"""Argument rules shared by the convolution, pooling and resampling functionals: Paddle's
int-or-list sizes, its padding forms and data formats, and the channel-last round trip."""
from __future__ import annotations

import functools
import inspect

import numpy as np

from ..._core.ops import manipulation as M
from ..._core.tensor import Tensor

CHANNEL_FIRST = {1: "NCL", 2: "NCHW", 3: "NCDHW"}
CHANNEL_LAST = {1: "NLC", 2: "NHWC", 3: "NDHWC"}


def input_alias(fn):
    """Accept Paddle's alias keyword `input=` for the first argument `x`."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if "input" in kwargs:
            if "x" in kwargs or args:
                raise TypeError(f"{fn.__name__}() got both 'x' and its alias 'input'")
            kwargs["x"] = kwargs.pop("input")
        return fn(*args, **kwargs)
    wrapper.__signature__ = inspect.signature(fn)
    return wrapper


def _is_int(v) -> bool:
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


def int_tuple(value, n: int, api: str, arg: str) -> tuple:
    """An int (repeated n times) or a list/tuple of n ints (Paddle's convert_to_list)."""
    if isinstance(value, Tensor):
        value = value.tolist() if value.ndim else int(value.item())
    if _is_int(value):
        return (int(value),) * n
    if not isinstance(value, (list, tuple)) or not all(_is_int(v) for v in value):
        raise ValueError(f"({api}) The {arg} must be an int or a list/tuple of {n} ints, but "
                         f"received {value!r}.")
    if len(value) != n:
        raise ValueError(f"({api}) The {arg}'s length must be {n}, but received {list(value)}.")
    return tuple(int(v) for v in value)


def check_format(api: str, data_format: str, nd: int) -> bool:
    """Validate a data format for nd spatial dims; True when it is channel-last."""
    allowed = (CHANNEL_FIRST[nd], CHANNEL_LAST[nd])
    if data_format not in allowed:
        raise ValueError(f"({api}) Attr(data_format) should be '{allowed[0]}' or "
                         f"'{allowed[1]}'. Received Attr(data_format): {data_format}.")
    return data_format == allowed[1]


def check_rank(api: str, x: Tensor, nd: int, arg: str = "x") -> None:
    if x.ndim != nd + 2:
        raise ValueError(f"({api}) Input {arg} should be a {nd + 2}-D tensor, but received "
                         f"{arg} with the shape of {list(x.shape)}.")


def parse_padding(padding, nd: int, channel_last: bool, api: str):
    """Paddle's padding forms -> ('SAME' | 'VALID' | 'EXPLICIT', ((before, after), ...)).

    Accepted: 'SAME'/'VALID'; an int; nd ints (symmetric); 2*nd ints (before, after per dim);
    nd + 2 pairs that include zero pairs for the batch and channel dims."""
    if isinstance(padding, str):
        algorithm = padding.upper()
        if algorithm not in ("SAME", "VALID"):
            raise ValueError(f"({api}) Unknown padding: '{padding}'. It can only be 'SAME' or "
                             "'VALID'.")
        return algorithm, ((0, 0),) * nd
    if isinstance(padding, Tensor):
        padding = padding.tolist() if padding.ndim else int(padding.item())
    if _is_int(padding):
        pairs = ((int(padding),) * 2,) * nd
    elif isinstance(padding, (list, tuple)):
        pairs = _padding_pairs(list(padding), nd, channel_last, api)
    else:
        raise ValueError(f"({api}) Invalid padding: {padding!r}.")
    if any(p < 0 for pair in pairs for p in pair):
        raise ValueError(f"({api}) Invalid padding, all value should be larger than or equal "
                         f"to 0, but received: {padding}.")
    return "EXPLICIT", pairs


def _padding_pairs(padding: list, nd: int, channel_last: bool, api: str) -> tuple:
    if len(padding) == nd + 2 and all(isinstance(p, (list, tuple)) for p in padding):
        outer = (padding[0], padding[-1]) if channel_last else (padding[0], padding[1])
        if any(list(p) != [0, 0] for p in outer):
            raise ValueError(f"({api}) Non-zero padding({padding}) in the batch or channel "
                             "dimensions is not supported.")
        spatial = padding[1:-1] if channel_last else padding[2:]
        return tuple((int(b), int(a)) for b, a in spatial)
    if all(_is_int(p) for p in padding):
        if len(padding) == 2 * nd:
            return tuple((int(padding[2 * i]), int(padding[2 * i + 1])) for i in range(nd))
        if len(padding) == nd:
            return tuple((int(p), int(p)) for p in padding)
    raise ValueError(f"({api}) Invalid padding: {padding}. Expected an int, {nd} ints, "
                     f"{2 * nd} ints or {nd + 2} (before, after) pairs.")


def same_pads(sizes, kernel, strides) -> tuple:
    """Paddle's 'SAME' rule: output = ceil(size / stride), the padding split evenly with the
    extra element after."""
    pairs = []
    for size, k, s in zip(sizes, kernel, strides):
        out = (size + s - 1) // s
        total = max((out - 1) * s + k - size, 0)
        pairs.append((total // 2, total - total // 2))
    return tuple(pairs)


def to_channel_first(x: Tensor, channel_last: bool) -> Tensor:
    if not channel_last:
        return x
    return M.transpose(x, [0, x.ndim - 1] + list(range(1, x.ndim - 1)))


def to_channel_last(x: Tensor, channel_last: bool) -> Tensor:
    if not channel_last:
        return x
    return M.transpose(x, [0] + list(range(2, x.ndim)) + [1])


def tensor_arg(api: str, value, arg: str = "x") -> Tensor:
    if not isinstance(value, Tensor):
        message = f"({api}) The input '{arg}' must be a Tensor, but received {type(value).__name__}."
        raise ValueError(message)  # noqa: TRY004 - Paddle raises ValueError here
    return value
