"""Normalization layers and functionals: outputs, input and parameter gradients, running
statistics, parameter layout and errors, each compared with real Paddle.

Every case builds its inputs with NumPy (fixed seeds), sets layer weights from NumPy and returns
the forward result plus the gradients of loss = (out * fixed weights).sum()."""


def _arr(np, shape, seed, low=-2.0, high=2.0, dtype="float32"):
    return np.random.default_rng(seed).uniform(low, high, shape).astype(dtype)


def _input(paddle, np, shape, seed=0, dtype="float32"):
    x = paddle.to_tensor(_arr(np, shape, seed, dtype=dtype))
    x.stop_gradient = False
    return x


def _backward(paddle, np, out, seed=99):
    weights = paddle.to_tensor(_arr(np, list(out.shape), seed).astype(str(out.numpy().dtype)))
    (out * weights).sum().backward()


def _set_params(paddle, np, layer, seed=7):
    """Deterministic non-trivial values for every parameter (statistics kept positive)."""
    values = {}
    for i, (name, p) in enumerate(layer.state_dict().items()):
        low, high = (0.5, 1.5) if name.endswith(("_variance", "weight", "scale")) else (-0.5, 0.5)
        values[name] = _arr(np, list(p.shape), seed + i, low, high, str(p.numpy().dtype))
    layer.set_state_dict(values)


def _grads(layer):
    return [p.grad for p in layer.parameters() if not p.stop_gradient]


def _layer_case(make, shape, train=True, dtype="float32", steps=1):
    def case(paddle, np):
        layer = make(paddle)
        _set_params(paddle, np, layer)
        if not train:
            layer.eval()
        x = _input(paddle, np, shape, dtype=dtype)
        out = None
        for _ in range(steps):
            out = layer(x)
        _backward(paddle, np, out)
        return [out, x.grad, _grads(layer), list(layer.state_dict().values())]
    return case


def _layout(make, values=True):
    """state_dict keys, shapes, dtypes and stop_gradient flags, the layer's repr and (unless
    randomly initialised) the initial values."""
    def case(paddle, np):
        layer = make(paddle)
        rows = [f"{k}:{list(v.shape)}:{v.dtype}:{v.stop_gradient}"
                for k, v in layer.state_dict().items()]
        initial = list(layer.state_dict().values()) if values else []
        return [",".join(rows), repr(layer), initial]
    return case


CASES = {}

# ---- batch norm layers ---------------------------------------------------------------------
_BN = {
    "bn2d_train": (lambda p: p.nn.BatchNorm2D(3), [4, 3, 2, 2], True),
    "bn2d_eval": (lambda p: p.nn.BatchNorm2D(3), [4, 3, 2, 2], False),
    "bn2d_nhwc": (lambda p: p.nn.BatchNorm2D(3, data_format="NHWC"), [2, 2, 3, 3], True),
    "bn2d_momentum_eps": (lambda p: p.nn.BatchNorm2D(3, momentum=0.5, epsilon=1e-2),
                          [4, 3, 2, 2], True),
    "bn2d_no_affine": (lambda p: p.nn.BatchNorm2D(3, weight_attr=False, bias_attr=False),
                       [4, 3, 2, 2], True),
    "bn1d_2d_input": (lambda p: p.nn.BatchNorm1D(3), [5, 3], True),
    "bn1d_3d_input": (lambda p: p.nn.BatchNorm1D(3), [2, 3, 4], True),
    "bn1d_nlc": (lambda p: p.nn.BatchNorm1D(3, data_format="NLC"), [2, 4, 3], True),
    "bn1d_global_stats_train": (lambda p: p.nn.BatchNorm1D(3, use_global_stats=True), [5, 3],
                                True),
    "bn1d_batch_stats_eval": (lambda p: p.nn.BatchNorm1D(3, use_global_stats=False), [5, 3],
                              False),
    "bn1d_single_value": (lambda p: p.nn.BatchNorm1D(3), [1, 3], True),
    "bn3d_train": (lambda p: p.nn.BatchNorm3D(2), [2, 2, 2, 3, 2], True),
    "bn3d_ndhwc": (lambda p: p.nn.BatchNorm3D(2, data_format="NDHWC"), [2, 2, 3, 2, 2], True),
    "bn_legacy_relu": (lambda p: p.nn.BatchNorm(3, act="relu"), [4, 3, 2], True),
    "bn_legacy_is_test": (lambda p: p.nn.BatchNorm(3, is_test=True), [4, 3], True),
    "bn_legacy_global": (lambda p: p.nn.BatchNorm(3, use_global_stats=True), [4, 3], True),
    "bn_legacy_trainable_stats_eval": (lambda p: p.nn.BatchNorm(3, trainable_statistics=True),
                                       [4, 3], False),
    "bn_legacy_nhwc": (lambda p: p.nn.BatchNorm(3, data_layout="NHWC"), [2, 2, 3], True),
    "sync_bn_single_process": (lambda p: p.nn.SyncBatchNorm(3), [4, 3, 2], True),
    "sync_bn_no_affine": (lambda p: p.nn.SyncBatchNorm(3, weight_attr=False, bias_attr=False),
                          [4, 3, 2], True),
}
for _name, (_make, _shape, _train) in _BN.items():
    CASES[_name] = _layer_case(_make, _shape, _train)
CASES["bn2d_two_steps"] = _layer_case(lambda p: p.nn.BatchNorm2D(3), [4, 3, 2, 2], steps=2)
CASES["bn2d_float64_input_float32_params"] = _layer_case(lambda p: p.nn.BatchNorm2D(3),
                                                         [4, 3, 2, 2], dtype="float64")


def _float64_layer(make):
    """A layer built with float64 as the default dtype (restored afterwards)."""
    def build(paddle):
        previous = paddle.get_default_dtype()
        paddle.set_default_dtype("float64")
        try:
            return make(paddle)
        finally:
            paddle.set_default_dtype(previous)
    return build


CASES["bn2d_float64"] = _layer_case(_float64_layer(lambda p: p.nn.BatchNorm2D(3)),
                                    [4, 3, 2, 2], dtype="float64")


def _bn_functional(training, use_global_stats, with_affine=True):
    def case(paddle, np):
        x = _input(paddle, np, [4, 3, 2])
        mean = paddle.to_tensor(_arr(np, [3], 1, -0.5, 0.5))
        var = paddle.to_tensor(_arr(np, [3], 2, 0.5, 1.5))
        w = paddle.to_tensor(_arr(np, [3], 3, 0.5, 1.5)) if with_affine else None
        b = paddle.to_tensor(_arr(np, [3], 4)) if with_affine else None
        if with_affine:
            w.stop_gradient = b.stop_gradient = False
        out = paddle.nn.functional.batch_norm(x, mean, var, w, b, training=training,
                                              momentum=0.8, use_global_stats=use_global_stats)
        _backward(paddle, np, out)
        return [out, x.grad, mean, var] + ([w.grad, b.grad] if with_affine else [])
    return case


for _training in (True, False):
    for _ugs in (None, True, False):
        CASES[f"F_batch_norm_training_{_training}_global_{_ugs}"] = _bn_functional(_training,
                                                                                    _ugs)
CASES["F_batch_norm_no_affine"] = _bn_functional(True, None, with_affine=False)


def _bn_layout_case(paddle, np):
    bn = paddle.nn.BatchNorm1D(3, name="bn_repr_after_forward")
    bn(paddle.ones([2, 3]))
    return [repr(bn), ",".join(bn.state_dict().keys())]


CASES["bn1d_repr_after_forward"] = _bn_layout_case
CASES["bn2d_layout"] = _layout(lambda p: p.nn.BatchNorm2D(3))
CASES["bn1d_layout"] = _layout(lambda p: p.nn.BatchNorm1D(3, momentum=0.8, epsilon=1e-3))
CASES["bn2d_layout_options"] = _layout(lambda p: p.nn.BatchNorm2D(
    3, data_format="NHWC", use_global_stats=True, name="bn_layout_options"))
CASES["bn2d_layout_no_affine"] = _layout(lambda p: p.nn.BatchNorm2D(3, weight_attr=False,
                                                                    bias_attr=False))
CASES["bn_legacy_layout"] = _layout(lambda p: p.nn.BatchNorm(3, act="relu"))
CASES["sync_bn_layout_no_affine"] = _layout(lambda p: p.nn.SyncBatchNorm(
    3, weight_attr=False, bias_attr=False))

# ---- layer / group / instance norm -----------------------------------------------------------
_OTHER = {
    "layer_norm_2d_shape": (lambda p: p.nn.LayerNorm([4, 5]), [2, 3, 4, 5]),
    "layer_norm_int_shape": (lambda p: p.nn.LayerNorm(5, epsilon=1e-3), [3, 5]),
    "layer_norm_no_affine": (lambda p: p.nn.LayerNorm([3, 4], elementwise_affine=False),
                             [2, 3, 4]),
    "layer_norm_no_bias": (lambda p: p.nn.LayerNorm(4, bias=False), [2, 3, 4]),
    "group_norm_nchw": (lambda p: p.nn.GroupNorm(2, 4), [2, 4, 3, 2]),
    "group_norm_nhwc": (lambda p: p.nn.GroupNorm(3, 6, data_format="NHWC"), [2, 2, 2, 6]),
    "group_norm_ncl": (lambda p: p.nn.GroupNorm(2, 6, epsilon=1e-3), [2, 6, 5]),
    "group_norm_2d_input": (lambda p: p.nn.GroupNorm(2, 6), [3, 6]),
    "instance_norm_1d": (lambda p: p.nn.InstanceNorm1D(3), [2, 3, 5]),
    "instance_norm_2d": (lambda p: p.nn.InstanceNorm2D(3, epsilon=1e-3), [2, 3, 2, 3]),
    "instance_norm_3d": (lambda p: p.nn.InstanceNorm3D(2), [2, 2, 2, 2, 3]),
    "instance_norm_no_affine": (lambda p: p.nn.InstanceNorm2D(3, weight_attr=False,
                                                              bias_attr=False), [2, 3, 2, 2]),
    "local_response_norm_nchw": (lambda p: p.nn.LocalResponseNorm(3, alpha=0.1), [2, 5, 2, 2]),
    "local_response_norm_nhwc": (lambda p: p.nn.LocalResponseNorm(
        4, alpha=0.2, beta=0.5, k=2.0, data_format="NHWC"), [2, 2, 2, 5]),
    "local_response_norm_ncl": (lambda p: p.nn.LocalResponseNorm(2, data_format="NCL"),
                                [2, 4, 3]),
    "local_response_norm_ncdhw": (lambda p: p.nn.LocalResponseNorm(3, alpha=0.5,
                                                                   data_format="NCDHW"),
                                  [1, 4, 2, 2, 2]),
}
for _name, (_make, _shape) in _OTHER.items():
    CASES[_name] = _layer_case(_make, _shape)
CASES["layer_norm_float64"] = _layer_case(lambda p: p.nn.LayerNorm(4, dtype="float64"),
                                          [3, 4], dtype="float64")
for _name, _make in {
        "layer_norm_layout": lambda p: p.nn.LayerNorm([2, 3], epsilon=1e-3),
        "layer_norm_layout_no_bias": lambda p: p.nn.LayerNorm(3, bias=False),
        "group_norm_layout": lambda p: p.nn.GroupNorm(2, 4, data_format="NHWC"),
        "instance_norm_layout": lambda p: p.nn.InstanceNorm1D(3),
        "local_response_norm_layout": lambda p: p.nn.LocalResponseNorm(3, 0.1, 0.5, 2.0,
                                                                       "NHWC", "x"),
        }.items():
    CASES[_name] = _layout(_make)
CASES["spectral_norm_layout"] = _layout(lambda p: p.nn.SpectralNorm([3, 4], dim=1), False)


def _group_norm_zero_lr(paddle, np):
    gn = paddle.nn.GroupNorm(2, 4, weight_attr=paddle.ParamAttr(learning_rate=0.0),
                             bias_attr=paddle.ParamAttr(trainable=False))
    return [gn.weight.stop_gradient, gn.bias.stop_gradient]


CASES["group_norm_frozen_by_zero_lr"] = _group_norm_zero_lr


def _functional(fn_name, shape, *args, **kwargs):
    def case(paddle, np):
        x = _input(paddle, np, shape)
        out = getattr(paddle.nn.functional, fn_name)(x, *args, **kwargs)
        _backward(paddle, np, out)
        return [out, x.grad]
    return case


CASES["F_layer_norm_tuple_shape"] = _functional("layer_norm", [2, 3, 4], (3, 4))
CASES["F_layer_norm_empty_rows"] = _functional("layer_norm", [0, 4], 4)


def _forward_only(make, shape):
    """Paddle's group_norm gradient without a scale drops the -mean(grad) term; ours is the
    exact derivative, so only the forward is compared."""
    def case(paddle, np):
        return make(paddle)(_input(paddle, np, shape))
    return case


CASES["group_norm_no_affine_forward"] = _forward_only(
    lambda p: p.nn.GroupNorm(2, 4, affine=False), [2, 4, 3])
CASES["F_group_norm_eps_only_forward"] = _forward_only(
    lambda p: lambda x: p.nn.functional.group_norm(x, 2, 1e-3), [2, 4, 3])
CASES["F_instance_norm_2d_input"] = _functional("instance_norm", [2, 3])
CASES["F_local_response_norm_size_1"] = _functional("local_response_norm", [1, 3, 2, 2], 1)


def _group_norm_torch_style(paddle, np):
    x = _input(paddle, np, [2, 4, 3])
    w = paddle.to_tensor(_arr(np, [4], 1, 0.5, 1.5))
    b = paddle.to_tensor(_arr(np, [4], 2))
    return paddle.nn.functional.group_norm(x, 2, w, b, 1e-3)


CASES["F_group_norm_torch_argument_order"] = _group_norm_torch_style


def _affine_functional(fn_name, shape, pshape, *args):
    def case(paddle, np):
        x = _input(paddle, np, shape)
        w = paddle.to_tensor(_arr(np, pshape, 1, 0.5, 1.5))
        b = paddle.to_tensor(_arr(np, pshape, 2))
        w.stop_gradient = b.stop_gradient = False
        fn = getattr(paddle.nn.functional, fn_name)
        out = fn(x, *args, weight=w, bias=b)
        _backward(paddle, np, out)
        return [out, x.grad, w.grad, b.grad]
    return case


CASES["F_layer_norm_affine"] = _affine_functional("layer_norm", [3, 2, 3], [6], [2, 3])
CASES["F_group_norm_affine"] = _affine_functional("group_norm", [2, 6, 2], [6], 3)
CASES["F_instance_norm_affine"] = _affine_functional("instance_norm", [2, 3, 4], [3])


def _spectral_norm(dim, iters, shape):
    def case(paddle, np):
        sn = paddle.nn.SpectralNorm(shape, dim=dim, power_iters=iters)
        h = shape[dim]
        w = int(np.prod(shape)) // h
        sn.weight_u.set_value(_arr(np, [h], 1))
        sn.weight_v.set_value(_arr(np, [w], 2))
        x = _input(paddle, np, shape)
        out = sn(x)
        return [out, sn(x), sn.weight_u, sn.weight_v]
    return case


CASES["spectral_norm_dim0"] = _spectral_norm(0, 1, [3, 4])
CASES["spectral_norm_dim1_iters3"] = _spectral_norm(1, 3, [3, 4])
CASES["spectral_norm_conv_weight"] = _spectral_norm(1, 2, [2, 3, 2, 2])


def _rms_norm(paddle, np):
    x = _input(paddle, np, [2, 4])
    return paddle.nn.functional.rms_norm(x, [4], paddle.ones([4]))


CASES["F_rms_norm"] = _rms_norm


# ---- errors ----------------------------------------------------------------------------------
def _raises(fn):
    def case(paddle, np):
        return fn(paddle)
    return case


_ERRORS = {
    "error_bn2d_wrong_channels": lambda p: p.nn.BatchNorm2D(3)(p.ones([2, 4, 3, 3])),
    "error_bn2d_wrong_rank": lambda p: p.nn.BatchNorm2D(3)(p.ones([2, 3, 3])),
    "error_bn1d_wrong_rank": lambda p: p.nn.BatchNorm1D(3)(p.ones([2, 3, 3, 3])),
    "error_bn3d_wrong_rank": lambda p: p.nn.BatchNorm3D(3)(p.ones([2, 3, 3, 3])),
    "error_F_batch_norm_stats_size": lambda p: p.nn.functional.batch_norm(
        p.ones([2, 4]), p.zeros([3]), p.ones([3])),
    "error_F_batch_norm_format": lambda p: p.nn.functional.batch_norm(
        p.ones([2, 3]), p.zeros([3]), p.ones([3]), data_format="NCWH"),
    "error_F_batch_norm_6d": lambda p: p.nn.functional.batch_norm(
        p.ones([2, 3, 1, 1, 1, 1]), p.zeros([3]), p.ones([3])),
    "error_layer_norm_shape": lambda p: p.nn.functional.layer_norm(p.ones([2, 3, 4]), [3, 5]),
    "error_layer_norm_whole_input": lambda p: p.nn.functional.layer_norm(p.ones([2, 3]),
                                                                         [2, 3]),
    "error_layer_norm_shape_type": lambda p: p.nn.functional.layer_norm(p.ones([2, 3]), "3"),
    "error_layer_norm_weight_2d": lambda p: p.nn.functional.layer_norm(
        p.ones([2, 3, 4]), [3, 4], p.ones([3, 4])),
    "error_layer_norm_weight_size": lambda p: p.nn.functional.layer_norm(
        p.ones([2, 3, 4]), [3, 4], p.ones([4])),
    "error_layer_norm_dtype_mismatch": lambda p: p.nn.functional.layer_norm(
        p.ones([2, 3], "float64"), [3], p.ones([3])),
    "error_group_norm_divisible": lambda p: p.nn.GroupNorm(2, 3)(p.ones([2, 3, 4])),
    "error_group_norm_weight_size": lambda p: p.nn.functional.group_norm(
        p.ones([2, 3, 4]), 3, 1e-5, p.ones([4])),
    "error_group_norm_1d": lambda p: p.nn.functional.group_norm(p.ones([6]), 3),
    "error_group_norm_format": lambda p: p.nn.GroupNorm(2, 4, data_format="NCWH"),
    "error_instance_norm_rank": lambda p: p.nn.InstanceNorm2D(3)(p.ones([2, 3, 4])),
    "error_instance_norm_weight_size": lambda p: p.nn.functional.instance_norm(
        p.ones([2, 3, 4]), weight=p.ones([4]), bias=p.ones([4])),
    "error_lrn_rank": lambda p: p.nn.functional.local_response_norm(p.ones([2, 3]), 3),
    "error_lrn_format": lambda p: p.nn.functional.local_response_norm(p.ones([2, 3, 4]), 3,
                                                                      data_format="NCWH"),
    "error_bn_int_input": lambda p: p.nn.functional.batch_norm(
        p.ones([2, 3], "int32"), p.zeros([3]), p.ones([3])),
    "error_layer_norm_int_input": lambda p: p.nn.functional.layer_norm(p.ones([2, 3], "int32"),
                                                                       3),
}
for _name, _fn in _ERRORS.items():
    CASES[_name] = _raises(_fn)
