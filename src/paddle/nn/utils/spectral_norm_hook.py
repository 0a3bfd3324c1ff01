"""Spectral normalization: weight / sigma(weight), sigma estimated by power iteration.

`spectral_normalize` is shared by the nn.SpectralNorm layer and the `spectral_norm` hook. The
power iteration runs without gradient (u and v are constants of the result), so the gradient
is that of weight / (u^T W v) for fixed u, v."""
from __future__ import annotations

from ..._core.autograd.grad_mode import no_grad
from ..._core.ops import REGISTRY
from ..._core.tensor import Tensor

__all__ = ["spectral_norm"]


def _matrix(weight: Tensor, dim: int) -> Tensor:
    """The weight with `dim` moved first, flattened to [shape[dim], -1]."""
    if dim != 0:
        perm = [dim] + [d for d in range(weight.ndim) if d != dim]
        weight = REGISTRY["transpose"](weight, perm)
    return REGISTRY["reshape"](weight, [weight.shape[0], -1])


def _normalized(vec: Tensor, eps: float, additive: bool) -> Tensor:
    """vec / (‖vec‖ + eps) (Paddle's spectral_norm kernel) or vec / max(‖vec‖, eps) (the
    hook, through F.normalize)."""
    norm = REGISTRY["sqrt"](REGISTRY["sum"](vec * vec, None, None, False))
    if additive:
        return vec / (norm + eps)
    return vec / REGISTRY["maximum"](norm, REGISTRY["full"]([], eps, norm.dtype))


def _mv(mat: Tensor, vec: Tensor, transpose: bool = False) -> Tensor:
    column = REGISTRY["reshape"](vec, [-1, 1])
    return REGISTRY["reshape"](REGISTRY["matmul"](mat, column, transpose, False), [-1])


def spectral_normalize(weight, u, v, dim, power_iters, eps, update, additive_eps=True):
    """weight / sigma; with `update` the iterated vectors are written back into u and v."""
    mat = _matrix(weight, dim)
    with no_grad():
        detached = mat.detach()
        u_cur, v_cur = u, v
        for _ in range(power_iters):
            v_cur = _normalized(_mv(detached, u_cur, transpose=True), eps, additive_eps)
            u_cur = _normalized(_mv(detached, v_cur), eps, additive_eps)
        if update and power_iters:
            v.set_value(v_cur)
            u.set_value(u_cur)
    sigma = REGISTRY["sum"](u_cur * _mv(mat, v_cur), None, None, False)
    return weight / sigma


class SpectralNormHook:
    """Forward pre-hook recomputing `layer.<name>` from `<name>_orig`, `<name>_u`, `<name>_v`
    (power iteration only in training mode)."""

    def __init__(self, name="weight", n_power_iterations=1, dim=0, eps=1e-12):
        if n_power_iterations <= 0:
            raise ValueError("(spectral_norm) Expected n_power_iterations to be positive, but "
                             f"got n_power_iterations={n_power_iterations}")
        self.name, self.dim = name, dim
        self.n_power_iterations, self.eps = n_power_iterations, eps

    def compute_weight(self, layer, do_power_iteration: bool) -> Tensor:
        weight = getattr(layer, self.name + "_orig")
        u = getattr(layer, self.name + "_u")
        v = getattr(layer, self.name + "_v")
        iters = self.n_power_iterations if do_power_iteration else 0
        return spectral_normalize(weight, u, v, self.dim, iters, self.eps, update=True,
                                  additive_eps=False)

    def __call__(self, layer, inputs):
        setattr(layer, self.name, self.compute_weight(layer, layer.training))

    @staticmethod
    def apply(layer, name, n_power_iterations, dim, eps):
        for hook in layer._forward_pre_hooks.values():
            if isinstance(hook, SpectralNormHook) and hook.name == name:
                raise RuntimeError("Cannot register two spectral_norm hooks on the same "
                                   f"parameter {name}")
        fn = SpectralNormHook(name, n_power_iterations, dim, eps)
        weight = layer._parameters[name]
        with no_grad():
            h, w = _matrix(weight, dim).shape
            u = _random_unit(layer, h, eps)
            v = _random_unit(layer, w, eps)
        del layer._parameters[name]
        layer.add_parameter(name + "_orig", weight)
        setattr(layer, name, weight * 1.0)
        layer.register_buffer(name + "_u", u)
        layer.register_buffer(name + "_v", v)
        layer.register_forward_pre_hook(fn)
        return fn


def _random_unit(layer, size, eps):
    """A N(0, 1) vector (drawn through a parameter, like Paddle) scaled to unit length."""
    from ..initializer import Normal
    vec = layer.create_parameter([size], default_initializer=Normal(0.0, 1.0))
    return _normalized(vec, eps, additive=False).detach()


def spectral_norm(layer, name="weight", n_power_iterations=1, eps=1e-12, dim=None):
    """Apply spectral normalization to `layer.<name>`: the parameter becomes `<name>_orig`,
    buffers `<name>_u`/`<name>_v` hold the power-iteration vectors, and a forward pre-hook sets
    `layer.<name>` = `<name>_orig` / sigma before each call. `dim` defaults to 1 for Linear and
    transposed convolutions, else 0.

    Example:
        >>> import paddle
        >>> fc = paddle.nn.utils.spectral_norm(paddle.nn.Linear(4, 3))
        >>> sorted(name for name, _ in fc.named_parameters())
        ['bias', 'weight_orig']
    """
    if dim is None:
        dim = 1 if _is_output_major(layer) else 0
    SpectralNormHook.apply(layer, name, n_power_iterations, dim, eps)
    return layer


def _is_output_major(layer) -> bool:
    """Layers whose weight keeps output features on axis 1 (Linear, Conv*Transpose)."""
    names = {"Linear", "Conv1DTranspose", "Conv2DTranspose", "Conv3DTranspose"}
    return any(cls.__name__ in names and cls.__module__.startswith("paddle.nn")
               for cls in type(layer).__mro__)
