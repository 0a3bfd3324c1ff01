"""Weight normalization: weight = g * v / ‖v‖, with the norm over every axis except `dim`
(dim=None or -1: over the whole tensor, g a scalar)."""
from __future__ import annotations

from ..._core.autograd.grad_mode import no_grad
from ..._core.ops import REGISTRY

__all__ = ["weight_norm", "remove_weight_norm"]

_EPS = 1e-12


def _sum_sq(x, axes):
    return REGISTRY["sum"](x * x, axes, None, True)


def _other_axes(ndim: int, dim: int) -> list:
    return [a for a in range(ndim) if a != dim]


def norm_except_dim(p, dim: int):
    """sqrt(sum of squares + 1e-12) over all axes but `dim`: shape [p.shape[dim]] (0-d for
    dim=-1), the initial value of g."""
    if dim == -1:
        return REGISTRY["sqrt"](REGISTRY["sum"](p * p, None, None, False) + _EPS)
    norm = REGISTRY["sqrt"](_sum_sq(p, _other_axes(p.ndim, dim)) + _EPS)
    return REGISTRY["reshape"](norm, [p.shape[dim]])


def _weight_norm(v, g, dim: int):
    if dim == -1:
        total = REGISTRY["sqrt"](REGISTRY["sum"](v * v, None, None, False))
        return v / (total + _EPS) * g
    norm = REGISTRY["sqrt"](_sum_sq(v, _other_axes(v.ndim, dim)))
    shape = [1] * v.ndim
    shape[dim] = v.shape[dim]
    unit = v / REGISTRY["maximum"](norm, REGISTRY["full"]([], _EPS, norm.dtype))
    return unit * REGISTRY["reshape"](g, shape)


class WeightNorm:
    """Forward pre-hook recomputing `layer.<name>` from `<name>_g` and `<name>_v`."""

    def __init__(self, name: str, dim):
        self.name = name
        self.dim = -1 if dim is None else dim

    def compute_weight(self, layer):
        return _weight_norm(getattr(layer, self.name + "_v"), getattr(layer, self.name + "_g"),
                            self.dim)

    @staticmethod
    def apply(layer, name, dim):
        for hook in layer._forward_pre_hooks.values():
            if isinstance(hook, WeightNorm) and hook.name == name:
                raise RuntimeError("Cannot register two weight_norm hooks on the same "
                                   f"parameter {name}")
        dim = -1 if dim is None else dim
        rank = len(layer._parameters[name].shape)
        if not -rank <= dim < rank:
            raise ValueError(f"(weight_norm) dim must be in [-{rank}, {rank}), R being the rank "
                             f"of the weight, but received dim={dim}")
        if dim != -1:
            dim %= rank
        fn = WeightNorm(name, dim)
        weight = getattr(layer, name)
        del layer._parameters[name]
        with no_grad():
            g_value = norm_except_dim(weight, dim)
        v = layer.create_parameter(weight.shape, dtype=weight.dtype)
        layer.add_parameter(name + "_v", v)
        g = layer.create_parameter(g_value.shape, dtype=g_value.dtype)
        layer.add_parameter(name + "_g", g)
        v.set_value(weight)
        g.set_value(g_value)
        setattr(layer, name, fn.compute_weight(layer))
        layer.register_forward_pre_hook(fn)
        return fn

    def remove(self, layer) -> None:
        with no_grad():
            value = self.compute_weight(layer)
        delattr(layer, self.name)
        del layer._parameters[self.name + "_g"]
        del layer._parameters[self.name + "_v"]
        weight = layer.create_parameter(value.shape, dtype=value.dtype)
        layer.add_parameter(self.name, weight)
        weight.set_value(value)

    def __call__(self, layer, inputs):
        setattr(layer, self.name, self.compute_weight(layer))


def weight_norm(layer, name="weight", dim=0):
    """Reparameterise `layer.<name>` as g * v / ‖v‖ (parameters `<name>_g`, `<name>_v`); a
    forward pre-hook recomputes the weight before every call.

    Example:
        >>> import paddle
        >>> conv = paddle.nn.utils.weight_norm(paddle.nn.Linear(3, 2))
        >>> conv.weight_g.shape, conv.weight_v.shape
        (paddle.Size([3]), paddle.Size([3, 2]))
    """
    WeightNorm.apply(layer, name, dim)
    return layer


def remove_weight_norm(layer, name="weight"):
    """Undo weight_norm: `layer.<name>` becomes an ordinary parameter holding g * v / ‖v‖.

    Example:
        >>> import paddle
        >>> fc = paddle.nn.utils.remove_weight_norm(paddle.nn.utils.weight_norm(
        ...     paddle.nn.Linear(3, 2)))
        >>> sorted(name for name, _ in fc.named_parameters())
        ['bias', 'weight']
    """
    for key, hook in list(layer._forward_pre_hooks.items()):
        if isinstance(hook, WeightNorm) and hook.name == name:
            hook.remove(layer)
            del layer._forward_pre_hooks[key]
            return layer
    raise ValueError(f"(remove_weight_norm) weight_norm of '{name}' not found in {layer}")
