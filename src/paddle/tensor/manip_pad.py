"""Paddle's padding argument rules (pad list order, data_format), over the tensor-level pad op
in paddle._core.ops.pad. `paddle.nn.functional.pad` is this function."""
from __future__ import annotations

from .._core.ops import pad as P
from .._core.tensor import Tensor
from ._convert import require_tensor
from .manip_common import int_list

_FORMATS = {3: ("NCL", "NLC"), 4: ("NCHW", "NHWC"), 5: ("NCDHW", "NDHWC")}


def pad(x, pad, mode="constant", value=0.0, data_format=None, pad_from_left_axis=True,
        name=None):
    """Pad x by the amounts in `pad` with mode 'constant' (value), 'reflect', 'replicate' or
    'circular'.

    For 3-D/4-D/5-D inputs, a pad list of 2 * (ndim - 2) numbers pads the spatial dims of
    `data_format`, last dim first: [left, right, top, bottom, front, back]. In constant mode
    any other length pads every dim: pairs start from the last dim, or, when the list covers
    all dims and pad_from_left_axis is True, from the first. Negative amounts crop.

    Example:
        >>> import paddle
        >>> from paddle.tensor.manip_pad import pad
        >>> pad(paddle.to_tensor([[[1., 2., 3.]]]), [2, 1], mode='reflect')
        Tensor(shape=[1, 1, 6], dtype=float32, place=Place(cpu), stop_gradient=True,
               [[[3., 2., 1., 2., 3., 2.]]])
    """
    require_tensor("pad", "x", 0, x)
    # Paddle checks the mode with `assert`.
    if mode not in P.PAD_MODES:
        raise AssertionError(f"(pad) mode should be one of constant, reflect, replicate, "
                             f"circular, but got {mode}.")
    is_tensor = isinstance(pad, Tensor)
    amounts = int_list(pad, "pad", "pad")
    if is_tensor and not amounts:
        return P.pad(x, [(0, 0)] * x.ndim, "constant", 0.0)
    if mode == "constant" and not is_tensor and len(amounts) != 2 * (x.ndim - 2):
        pairs = _all_dims_pairs(x.ndim, amounts, pad_from_left_axis)
    else:
        pairs = _spatial_pairs(x.ndim, amounts, data_format)
    return P.pad(x, pairs, mode, float(value))


def _all_dims_pairs(ndim: int, amounts: list, from_left: bool) -> list:
    if len(amounts) > 2 * ndim:
        raise ValueError(f"(pad) The pad list may hold at most 2 * ndim ({2 * ndim}) values, "
                         f"but received {len(amounts)}.")
    full = amounts + [0] * (2 * ndim - len(amounts))
    pairs = [(full[i], full[i + 1]) for i in range(0, 2 * ndim, 2)]
    return pairs if len(amounts) == 2 * ndim and from_left else pairs[::-1]


def _spatial_pairs(ndim: int, amounts: list, data_format) -> list:
    if ndim not in _FORMATS:
        raise AssertionError(f"(pad) input tensor dimension must be in [3, 4, 5] but got "
                             f"{ndim}")
    fmt = (data_format or _FORMATS[ndim][0]).upper()
    if fmt not in _FORMATS[ndim]:
        raise AssertionError(f"(pad) input tensor dimension is {ndim}, it's data format "
                             f"should be in {list(_FORMATS[ndim])} but got {fmt}")
    spatial = ndim - 2
    if len(amounts) != 2 * spatial:
        raise ValueError(f"(pad) Size of paddings should be equal to {2 * spatial} for a "
                         f"{ndim}-D input in {fmt}, but received {len(amounts)}.")
    first = 1 if fmt.endswith("C") else 2
    pairs = [(0, 0)] * ndim
    for k in range(spatial):
        pairs[first + spatial - 1 - k] = (amounts[2 * k], amounts[2 * k + 1])
    return pairs
