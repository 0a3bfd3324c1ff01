"""Numeric gradient checks by directional derivatives (the Chainer approach): for random input
direction u and output cotangent v, <vjp(v), u> must equal d/de <v, f(x + e u)> at e = 0,
estimated by central differences in float64."""
from __future__ import annotations

import numpy as np

import paddle


def _as_list(out):
    return list(out) if isinstance(out, (list, tuple)) else [out]


def _float(a) -> bool:
    return isinstance(a, np.ndarray) and a.dtype.kind in "fc"


def check_vjp(fn, arrays, grad_mask=None, eps=1e-6, rtol=1e-4, atol=1e-5, seed=0):
    """fn takes Tensors and returns Tensor(s). arrays: list of float64 arrays (or non-float
    inputs passed through unchanged). Raises AssertionError on mismatch."""
    rng = np.random.default_rng(seed)
    mask = grad_mask or [i for i, a in enumerate(arrays) if _float(a) and a.size]
    if not mask:
        return
    tensors = [paddle.to_tensor(a) if isinstance(a, np.ndarray) else a for a in arrays]
    for i in mask:
        tensors[i].stop_gradient = False
    outs = [o for o in _as_list(fn(*tensors)) if o.dtype.is_floating_point and not o.stop_gradient]
    if not outs:
        raise AssertionError("no differentiable output")
    vs = [rng.standard_normal(o.shape).astype(o.numpy().dtype) for o in outs]
    grads = paddle.grad(outs, [tensors[i] for i in mask],
                        [paddle.to_tensor(v) for v in vs], allow_unused=True)
    us = {i: rng.standard_normal(arrays[i].shape) for i in mask}
    analytic = sum(float(np.sum(g.numpy() * us[i])) for g, i in zip(grads, mask)
                   if g is not None)

    def objective(e):
        shifted = [paddle.to_tensor(arrays[k] + e * us[k]) if k in us else
                   (paddle.to_tensor(arrays[k]) if isinstance(arrays[k], np.ndarray)
                    else arrays[k]) for k in range(len(arrays))]
        with paddle.no_grad():
            res = [o for o in _as_list(fn(*shifted)) if o.dtype.is_floating_point]
        return sum(float(np.sum(r.numpy() * v)) for r, v in zip(res, vs))

    numeric = (objective(eps) - objective(-eps)) / (2 * eps)
    if not np.isclose(analytic, numeric, rtol=rtol, atol=atol):
        raise AssertionError(f"gradient mismatch: autograd {analytic!r} vs numeric {numeric!r}")


def check_double_vjp(fn, arrays, grad_mask=None, eps=1e-5, rtol=1e-3, atol=1e-4, seed=1):
    """Check the gradient of s(x) = <vjp_f(x, v), w> against central differences of s."""
    rng = np.random.default_rng(seed)
    mask = grad_mask or [i for i, a in enumerate(arrays) if _float(a) and a.size]
    if not mask:
        return
    probe = [paddle.to_tensor(a) if isinstance(a, np.ndarray) else a for a in arrays]
    out_shapes = [o.shape for o in _as_list(fn(*probe)) if o.dtype.is_floating_point]
    vs = [rng.standard_normal(s) for s in out_shapes]
    ws = {i: rng.standard_normal(arrays[i].shape) for i in mask}

    def first_order(tensors):
        outs = [o for o in _as_list(fn(*tensors)) if o.dtype.is_floating_point]
        grads = paddle.grad(outs, [tensors[i] for i in mask], [paddle.to_tensor(v) for v in vs],
                            create_graph=True, allow_unused=True)
        terms = [(g * paddle.to_tensor(ws[i])).sum() for g, i in zip(grads, mask)
                 if g is not None and not g.stop_gradient]
        return terms

    def make(shift):
        ts = [paddle.to_tensor(arrays[k] + shift[k] if k in shift else arrays[k])
              if isinstance(arrays[k], np.ndarray) else arrays[k] for k in range(len(arrays))]
        for i in mask:
            ts[i].stop_gradient = False
        return ts

    tensors = make({})
    terms = first_order(tensors)
    if not terms:
        return  # first-order gradient does not depend on x (linear op)
    s = terms[0]
    for t in terms[1:]:
        s = s + t
    grads2 = paddle.grad([s], [tensors[i] for i in mask], allow_unused=True)
    us = {i: rng.standard_normal(arrays[i].shape) for i in mask}
    analytic = sum(float(np.sum(g.numpy() * us[i])) for g, i in zip(grads2, mask)
                   if g is not None)

    def objective(e):
        terms_e = first_order(make({i: e * us[i] for i in mask}))
        return sum(float(t.numpy()) for t in terms_e)

    numeric = (objective(eps) - objective(-eps)) / (2 * eps)
    if not np.isclose(analytic, numeric, rtol=rtol, atol=atol):
        raise AssertionError(f"double-gradient mismatch: autograd {analytic!r} vs numeric "
                             f"{numeric!r}")
