"""Gradient clipping (ClipGradBy*) and paddle.nn.utils (clip_grad_*_, weight/spectral norm
hooks, parameter vectors) vs real Paddle."""
from goldens.cases._nn_case_utils import arr, raises

CASES = {}


# ---- gradient clipping and nn.utils -------------------------------------------------------------
def _params_with_grads(paddle, np, shapes=((3,), (2, 2)), need_clip=(True, True)):
    params = []
    for i, (shape, clip) in enumerate(zip(shapes, need_clip)):
        p = paddle.create_parameter(list(shape), "float32",
                                    attr=paddle.ParamAttr(need_clip=clip))
        p.set_value(arr(np, list(shape), 20 + i))
        (p * paddle.to_tensor(arr(np, list(shape), 30 + i, -3, 3))).sum().backward()
        params.append(p)
    return params


def _clip_case(make_clip, need_clip=(True, True)):
    def case(paddle, np):
        params = _params_with_grads(paddle, np, need_clip=need_clip)
        pairs = make_clip(paddle)([(p, p.grad) for p in params])
        return [[g for _, g in pairs], [p.grad for p in params]]
    return case


CASES["clip_by_value"] = _clip_case(lambda p: p.nn.ClipGradByValue(1.0))
CASES["clip_by_value_min_max"] = _clip_case(lambda p: p.nn.ClipGradByValue(2.0, min=-0.5))
CASES["clip_by_norm"] = _clip_case(lambda p: p.nn.ClipGradByNorm(1.0))
CASES["clip_by_norm_large"] = _clip_case(lambda p: p.nn.ClipGradByNorm(100.0))
CASES["clip_by_global_norm"] = _clip_case(lambda p: p.nn.ClipGradByGlobalNorm(1.0))
CASES["clip_by_global_norm_large"] = _clip_case(lambda p: p.nn.ClipGradByGlobalNorm(100.0))
CASES["clip_by_global_norm_auto_skip"] = _clip_case(
    lambda p: p.nn.ClipGradByGlobalNorm(100.0, auto_skip_clip=True))
CASES["clip_by_global_norm_need_clip_false"] = _clip_case(
    lambda p: p.nn.ClipGradByGlobalNorm(1.0), need_clip=(True, False))
CASES["clip_by_value_need_clip_false"] = _clip_case(lambda p: p.nn.ClipGradByValue(0.5),
                                                    need_clip=(False, True))
CASES["clip_strings"] = lambda paddle, np: [str(paddle.nn.ClipGradByValue(1.0)),
                                            str(paddle.nn.ClipGradByNorm(2.0)),
                                            str(paddle.nn.ClipGradByGlobalNorm(3.0))]


def _clip_grad_norm(norm_type, max_norm=1.0):
    def case(paddle, np):
        params = _params_with_grads(paddle, np)
        total = paddle.nn.utils.clip_grad_norm_(params, max_norm, norm_type=norm_type)
        return [total, [p.grad for p in params]]
    return case


for _nt in (2.0, 1.0, float("inf"), 0):
    CASES[f"clip_grad_norm_{_nt}"] = _clip_grad_norm(_nt)
CASES["clip_grad_norm_no_clip_needed"] = _clip_grad_norm(2.0, 1000.0)


def _clip_grad_value(paddle, np):
    params = _params_with_grads(paddle, np)
    paddle.nn.utils.clip_grad_value_(params, 0.7)
    return [p.grad for p in params]


CASES["clip_grad_value"] = _clip_grad_value


def _vector_roundtrip(paddle, np):
    fc = paddle.nn.Linear(3, 2)
    vec = paddle.to_tensor(arr(np, [8], 1))
    paddle.nn.utils.vector_to_parameters(vec, fc.parameters())
    back = paddle.nn.utils.parameters_to_vector(fc.parameters())
    return [fc.weight, fc.bias, back]


CASES["vector_to_parameters_roundtrip"] = _vector_roundtrip


def _weight_norm(dim, make=lambda p: p.nn.Linear(3, 4)):
    def case(paddle, np):
        layer = make(paddle)
        layer.weight.set_value(arr(np, list(layer.weight.shape), 1))
        layer = paddle.nn.utils.weight_norm(layer, dim=dim)
        keys = ",".join(layer.state_dict().keys())
        g, v = layer.weight_g, layer.weight_v
        inputs = paddle.to_tensor(arr(np, [2, 3], 3))
        out = layer(inputs)
        out.sum().backward()
        removed = paddle.nn.utils.remove_weight_norm(layer)
        return [keys, g, v, out, g.grad, v.grad, layer.weight,
                ",".join(removed.state_dict().keys())]
    return case


CASES["weight_norm_dim0"] = _weight_norm(0)
CASES["weight_norm_dim1"] = _weight_norm(1)
CASES["weight_norm_dim_none"] = _weight_norm(None)
CASES["weight_norm_dim_neg1"] = _weight_norm(-1)


def _weight_norm_conv(paddle, np):
    conv = paddle.nn.Conv2D(2, 3, 2)
    conv.weight.set_value(arr(np, [3, 2, 2, 2], 1))
    conv = paddle.nn.utils.weight_norm(conv, dim=1)
    return [conv.weight_g, conv(paddle.to_tensor(arr(np, [1, 2, 3, 3], 2)))]


CASES["weight_norm_conv_dim1"] = _weight_norm_conv


def _spectral_norm_hook(dim, iters):
    def case(paddle, np):
        fc = paddle.nn.Linear(3, 4)
        fc.weight.set_value(arr(np, [3, 4], 1))
        fc = paddle.nn.utils.spectral_norm(fc, n_power_iterations=iters, dim=dim)
        h = fc.weight_u.shape[0]
        w = fc.weight_v.shape[0]
        fc.weight_u.set_value(arr(np, [h], 2))
        fc.weight_v.set_value(arr(np, [w], 3))
        x = paddle.to_tensor(arr(np, [2, 3], 4))
        out = fc(x)
        out.sum().backward()
        fc.eval()
        return [",".join(fc.state_dict().keys()), out, fc.weight_orig.grad, fc.weight_u,
                fc.weight_v, fc(x)]
    return case


CASES["spectral_norm_hook_default_dim"] = _spectral_norm_hook(None, 1)
CASES["spectral_norm_hook_dim0_iters3"] = _spectral_norm_hook(0, 3)


# ---- errors ------------------------------------------------------------------------------------
_ERRORS = {
    "error_clip_grad_norm_type": lambda p, np: p.nn.utils.clip_grad_norm_(
        [p.create_parameter([1], "float32")], 1.0, norm_type=3),
    "error_remove_weight_norm_missing": lambda p, np: p.nn.utils.remove_weight_norm(
        p.nn.Linear(2, 2)),
    "error_vector_too_short": lambda p, np: p.nn.utils.vector_to_parameters(
        p.ones([3]), p.nn.Linear(2, 2).parameters()),
}
for _name, _fn in _ERRORS.items():
    CASES[_name] = raises(_fn)
