"""Gradient clipping strategies: ClipGradByValue, ClipGradByNorm, ClipGradByGlobalNorm.

The interface optimizers use (Paddle's): a clip object is called with the list of
(parameter, gradient) pairs of one step and returns the list to apply,

    params_grads = clip(params_grads)

Pairs whose gradient is None are dropped. A parameter with `need_clip=False` (set through
ParamAttr(need_clip=False)) keeps its gradient unchanged and, for ClipGradByGlobalNorm, does not
count towards the global norm. Clipping records no autograd history. In eager mode
ClipGradByGlobalNorm scales the gradients in place (as Paddle does), so `param.grad` sees the
clipped values; the other two return new gradient tensors.
"""
from __future__ import annotations

import numpy as np

from .._core import dtype as _dt
from .._core import state
from .._core.autograd.grad_mode import no_grad
from .._core.ops import REGISTRY

__all__ = ["ClipGradBase", "ClipGradByValue", "ClipGradByNorm", "ClipGradByGlobalNorm"]


def _clipped(p) -> bool:
    return getattr(p, "need_clip", True) is not False


def _full(value, dtype):
    return REGISTRY["full"]([], value, dtype)


def _sum_squares(g):
    """Sum of squares of g, accumulated in float32 for float16/bfloat16 gradients."""
    if g.dtype in (_dt.float16, _dt.bfloat16):
        g = REGISTRY["cast"](g, _dt.float32)
    return REGISTRY["sum"](g * g, None, None, False)


class ClipGradBase:
    """Base class: `clip(params_grads) -> params_grads` (see the module docstring)."""

    def __str__(self) -> str:
        raise NotImplementedError

    def _dygraph_clip(self, params_grads):
        raise NotImplementedError

    def __call__(self, params_grads):
        with no_grad():
            return self._dygraph_clip(list(params_grads))


class ClipGradByValue(ClipGradBase):
    """Clip every gradient elementwise to [min, max] (min defaults to -max).

    Example:
        >>> import paddle
        >>> w = paddle.create_parameter([2], "float32")
        >>> clip = paddle.nn.ClipGradByValue(max=1.0)
        >>> [g.numpy().tolist() for _, g in clip([(w, paddle.to_tensor([3.0, -0.5]))])]
        [[1.0, -0.5]]
    """

    def __init__(self, max, min=None):  # noqa: A002 - Paddle's parameter names
        super().__init__()
        if min is None:
            if not max > 0.0:
                raise ValueError(f"(ClipGradByValue) max must be positive when min is None, but "
                                 f"received max={max}")
            min = -max  # noqa: A001
        self.max = float(max)
        self.min = float(min)

    def __str__(self) -> str:
        return f"Clip Gradient By Value, min = {self.min:f}, max={self.max:f}"

    def _dygraph_clip(self, params_grads):
        out = []
        for p, g in params_grads:
            if g is None:
                continue
            if _clipped(p):
                g = REGISTRY["maximum"](REGISTRY["minimum"](g, _full(self.max, g.dtype)),
                                        _full(self.min, g.dtype))
            out.append((p, g))
        return out


class ClipGradByNorm(ClipGradBase):
    """Rescale each gradient whose L2 norm exceeds clip_norm to norm clip_norm.

    Example:
        >>> import paddle
        >>> w = paddle.create_parameter([2], "float32")
        >>> clip = paddle.nn.ClipGradByNorm(clip_norm=1.0)
        >>> [g.numpy().tolist() for _, g in clip([(w, paddle.to_tensor([3.0, 4.0]))])]
        [[0.6000000238418579, 0.800000011920929]]
    """

    def __init__(self, clip_norm):
        super().__init__()
        self.clip_norm = float(clip_norm)

    def __str__(self) -> str:
        return f"Gradient Clip By Norm, clip_norm={self.clip_norm:f}"

    def _dygraph_clip(self, params_grads):
        out = []
        for p, g in params_grads:
            if g is None:
                continue
            out.append((p, clip_by_norm(g, self.clip_norm) if _clipped(p) else g))
        return out


def clip_by_norm(x, max_norm):
    """x * max_norm / ‖x‖₂ when ‖x‖₂ > max_norm, else x."""
    norm = REGISTRY["sqrt"](_sum_squares(x))
    limit = _full(max_norm, norm.dtype)
    scale = limit / REGISTRY["maximum"](norm, limit)
    return x * REGISTRY["cast"](scale, x.dtype)


class ClipGradByGlobalNorm(ClipGradBase):
    """Scale all gradients by clip_norm / max(global_norm, clip_norm), global_norm being the
    L2 norm of every clipped gradient together. With auto_skip_clip the gradients are left
    alone unless global_norm > clip_norm.

    Example:
        >>> import paddle
        >>> a, b = paddle.create_parameter([1], "float32"), paddle.create_parameter([1], "float32")
        >>> clip = paddle.nn.ClipGradByGlobalNorm(clip_norm=1.0)
        >>> pairs = clip([(a, paddle.to_tensor([3.0])), (b, paddle.to_tensor([4.0]))])
        >>> [round(float(g), 4) for _, g in pairs]
        [0.6, 0.8]
    """

    def __init__(self, clip_norm, group_name="default_group", auto_skip_clip=False):
        super().__init__()
        if not isinstance(auto_skip_clip, bool):
            raise TypeError("(ClipGradByGlobalNorm) auto_skip_clip must be a bool, but received "
                            f"{type(auto_skip_clip).__name__}")
        self.clip_norm = float(clip_norm)
        self.group_name = group_name
        self.auto_skip_clip = auto_skip_clip

    def __str__(self) -> str:
        return f"Gradient Clip By GlobalNorm, global_norm={self.clip_norm:f}"

    def global_norm(self, params_grads):
        """sqrt of the summed squares of the clipped gradients (float64 if any gradient is
        float64, else float32), or None when no gradient takes part."""
        squares = [_sum_squares(g) for p, g in params_grads if g is not None and _clipped(p)]
        if not squares:
            return None
        dtype = _dt.float64 if any(s.dtype is _dt.float64 for s in squares) else _dt.float32
        total = REGISTRY["sum"](REGISTRY["stack"]([REGISTRY["cast"](s, dtype) for s in squares],
                                                  0), None, None, False)
        return REGISTRY["sqrt"](total)

    def _dygraph_clip(self, params_grads):
        norm = self.global_norm(params_grads)
        if norm is None:
            return params_grads
        limit = _full(self.clip_norm, norm.dtype)
        if self.auto_skip_clip and not _exceeds(norm, limit):
            scale = None
        else:
            scale = limit / REGISTRY["maximum"](norm, limit)
        out = []
        for p, g in params_grads:
            if g is None:
                continue
            if scale is not None and _clipped(p):
                g = _scaled(g, REGISTRY["cast"](scale, g.dtype))
            out.append((p, g))
        return out


def _exceeds(norm, limit) -> bool:
    if state.tracer is not None:
        raise NotImplementedError("(ClipGradByGlobalNorm) auto_skip_clip needs the norm's value "
                                  "and is only supported in dynamic mode")
    return bool(norm._data > limit._data)


def _scaled(g, scale):
    """g * scale, written into g itself in eager mode (Paddle clips the gradient in place)."""
    if state.tracer is not None or not isinstance(g._data, np.ndarray):
        return g * scale
    np.multiply(g._data, scale._data, out=g._data, casting="unsafe")
    g._version += 1
    return g
