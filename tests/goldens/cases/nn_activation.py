"""Activations, the softmax family and their layers against real Paddle: values and input
gradients (including at the kinks, where the gradient conventions differ between functions),
second derivatives, result dtypes, layer reprs and parameters, and errors for bad input."""

# values that sit on the kinks of the piecewise functions, plus ordinary points
KINKS = [-7.0, -3.0, -1.0, -0.5, -0.3, 0.0, 0.3, 0.5, 1.0, 3.0, 6.0, 7.0, 20.0, 21.0]


def _inputs(np, dtype, shape=(3, 5), seed=0):
    rng = np.random.RandomState(seed)
    return rng.uniform(-4, 4, size=shape).astype(dtype)


def _loss_weights(np, shape, seed=1):
    return np.random.RandomState(seed).uniform(-1, 1, size=shape)


def _with_grad(apply, values):
    """fn(paddle, np) returning apply(x) and d(sum(apply(x) * w))/dx for fixed weights w."""
    def case(paddle, np):
        x = paddle.to_tensor(values(np), stop_gradient=False)
        out = apply(paddle, x)
        w = paddle.to_tensor(_loss_weights(np, out.shape).astype(values(np).dtype))
        (grad,) = paddle.grad((out * w).sum(), [x])
        return out, grad
    return case


FUNCTIONS = {
    "relu": lambda paddle, x: paddle.nn.functional.relu(x),
    "relu6": lambda paddle, x: paddle.nn.functional.relu6(x),
    "leaky_relu": lambda paddle, x: paddle.nn.functional.leaky_relu(x),
    "leaky_relu_0.3": lambda paddle, x: paddle.nn.functional.leaky_relu(x, 0.3),
    "leaky_relu_neg": lambda paddle, x: paddle.nn.functional.leaky_relu(x, -0.2),
    "elu": lambda paddle, x: paddle.nn.functional.elu(x),
    "elu_0.3": lambda paddle, x: paddle.nn.functional.elu(x, 0.3),
    "elu_neg": lambda paddle, x: paddle.nn.functional.elu(x, -0.5),
    "celu": lambda paddle, x: paddle.nn.functional.celu(x),
    "celu_1.5": lambda paddle, x: paddle.nn.functional.celu(x, 1.5),
    "selu": lambda paddle, x: paddle.nn.functional.selu(x),
    "selu_custom": lambda paddle, x: paddle.nn.functional.selu(x, 1.3, 0.3),
    "gelu": lambda paddle, x: paddle.nn.functional.gelu(x),
    "gelu_tanh": lambda paddle, x: paddle.nn.functional.gelu(x, approximate=True),
    "gelu_str_tanh": lambda paddle, x: paddle.nn.functional.gelu(x, approximate="tanh"),
    "gelu_str_none": lambda paddle, x: paddle.nn.functional.gelu(x, approximate="none"),
    "silu": lambda paddle, x: paddle.nn.functional.silu(x),
    "swish": lambda paddle, x: paddle.nn.functional.swish(x),
    "mish": lambda paddle, x: paddle.nn.functional.mish(x),
    "hardswish": lambda paddle, x: paddle.nn.functional.hardswish(x),
    "hardsigmoid": lambda paddle, x: paddle.nn.functional.hardsigmoid(x),
    "hardsigmoid_custom": lambda paddle, x: paddle.nn.functional.hardsigmoid(x, 0.3, 0.3),
    "hardtanh": lambda paddle, x: paddle.nn.functional.hardtanh(x),
    "hardtanh_custom": lambda paddle, x: paddle.nn.functional.hardtanh(x, -0.3, 3.0),
    "hardshrink": lambda paddle, x: paddle.nn.functional.hardshrink(x),
    "hardshrink_0.3": lambda paddle, x: paddle.nn.functional.hardshrink(x, 0.3),
    "softshrink": lambda paddle, x: paddle.nn.functional.softshrink(x),
    "softshrink_0.3": lambda paddle, x: paddle.nn.functional.softshrink(x, 0.3),
    "thresholded_relu": lambda paddle, x: paddle.nn.functional.thresholded_relu(x),
    "thresholded_relu_custom": lambda paddle, x: paddle.nn.functional.thresholded_relu(
        x, 0.3, 0.5),
    "log_sigmoid": lambda paddle, x: paddle.nn.functional.log_sigmoid(x),
    "logsigmoid": lambda paddle, x: paddle.nn.functional.logsigmoid(x),
    "tanhshrink": lambda paddle, x: paddle.nn.functional.tanhshrink(x),
    "softplus": lambda paddle, x: paddle.nn.functional.softplus(x),
    "softplus_custom": lambda paddle, x: paddle.nn.functional.softplus(x, 2, 6),
    "softsign": lambda paddle, x: paddle.nn.functional.softsign(x),
    "sigmoid": lambda paddle, x: paddle.nn.functional.sigmoid(x),
    "tanh": lambda paddle, x: paddle.nn.functional.tanh(x),
    "rrelu_eval": lambda paddle, x: paddle.nn.functional.rrelu(x, 0.2, 0.4, training=False),
    "prelu_scalar": lambda paddle, x: paddle.nn.functional.prelu(
        x, paddle.to_tensor([0.2], dtype=x.dtype)),
    "softmax": lambda paddle, x: paddle.nn.functional.softmax(x),
    "softmax_axis0": lambda paddle, x: paddle.nn.functional.softmax(x, axis=0),
    "log_softmax": lambda paddle, x: paddle.nn.functional.log_softmax(x),
    "log_softmax_axis0": lambda paddle, x: paddle.nn.functional.log_softmax(x, axis=-2),
    "glu": lambda paddle, x: paddle.nn.functional.glu(x[:, :4]),
    "glu_axis0": lambda paddle, x: paddle.nn.functional.glu(x[:2], axis=0),
    "swiglu_pair": lambda paddle, x: paddle.nn.functional.swiglu(x, x * 0.5),
    "swiglu_split": lambda paddle, x: paddle.nn.functional.swiglu(x[:, :4]),
}

CASES = {}
for _name, _fn in FUNCTIONS.items():
    for _dtype in ("float32", "float64"):
        CASES[f"{_name}_{_dtype}"] = _with_grad(
            _fn, lambda np, dt=_dtype: _inputs(np, dt))
        CASES[f"{_name}_kinks_{_dtype}"] = _with_grad(
            _fn, lambda np, dt=_dtype: np.array(KINKS[:12] + [-0.3, 0.3, 2.0],
                                                dtype=dt).reshape(3, 5))


def _layer_case(build, shape=(2, 4, 3, 3)):
    def case(paddle, np):
        layer = build(paddle)
        x = paddle.to_tensor(_inputs(np, "float32", shape), stop_gradient=False)
        out = layer(x)
        w = paddle.to_tensor(_loss_weights(np, out.shape).astype("float32"))
        (out * w).sum().backward()
        params = [p.grad for p in layer.parameters()]
        return [repr(layer), out, x.grad] + params
    return case


LAYERS = {
    "ReLU": lambda paddle: paddle.nn.ReLU(),
    "ReLU_named": lambda paddle: paddle.nn.ReLU(name="r"),
    "ReLU6": lambda paddle: paddle.nn.ReLU6(),
    "LeakyReLU": lambda paddle: paddle.nn.LeakyReLU(0.2),
    "ELU": lambda paddle: paddle.nn.ELU(0.5),
    "CELU": lambda paddle: paddle.nn.CELU(2.0, name="c"),
    "SELU": lambda paddle: paddle.nn.SELU(),
    "GELU": lambda paddle: paddle.nn.GELU(),
    "GELU_tanh": lambda paddle: paddle.nn.GELU(approximate=True),
    "Silu": lambda paddle: paddle.nn.Silu(),
    "SiLU": lambda paddle: paddle.nn.SiLU(),
    "Swish": lambda paddle: paddle.nn.Swish(),
    "Mish": lambda paddle: paddle.nn.Mish(),
    "Hardswish": lambda paddle: paddle.nn.Hardswish(),
    "Hardsigmoid": lambda paddle: paddle.nn.Hardsigmoid(),
    "Hardtanh": lambda paddle: paddle.nn.Hardtanh(-2.0, 2.0),
    "Hardshrink": lambda paddle: paddle.nn.Hardshrink(1.0),
    "Softshrink": lambda paddle: paddle.nn.Softshrink(1.0),
    "Sigmoid": lambda paddle: paddle.nn.Sigmoid(),
    "LogSigmoid": lambda paddle: paddle.nn.LogSigmoid(),
    "Tanh": lambda paddle: paddle.nn.Tanh(),
    "Tanhshrink": lambda paddle: paddle.nn.Tanhshrink(),
    "Softplus": lambda paddle: paddle.nn.Softplus(2, 5),
    "Softsign": lambda paddle: paddle.nn.Softsign(),
    "ThresholdedReLU": lambda paddle: paddle.nn.ThresholdedReLU(0.5, 0.1),
    "Softmax": lambda paddle: paddle.nn.Softmax(axis=1),
    "Softmax2D": lambda paddle: paddle.nn.Softmax2D(),
    "LogSoftmax": lambda paddle: paddle.nn.LogSoftmax(),
    "GLU": lambda paddle: paddle.nn.GLU(axis=1),
    "Maxout": lambda paddle: paddle.nn.Maxout(groups=2),
    "Maxout_nhwc": lambda paddle: paddle.nn.Maxout(groups=3, axis=-1),
    "PReLU": lambda paddle: paddle.nn.PReLU(),
    "PReLU_channels": lambda paddle: paddle.nn.PReLU(4, 0.1),
    "PReLU_nhwc": lambda paddle: paddle.nn.PReLU(3, 0.3, data_format="NHWC"),
    "RReLU_eval": lambda paddle: _evaluated(paddle.nn.RReLU(0.1, 0.3)),
}


def _evaluated(layer):
    layer.eval()
    return layer


for _name, _build in LAYERS.items():
    CASES[f"layer_{_name}"] = _layer_case(_build)


def _prelu_layer_state(paddle, np):
    layer = paddle.nn.PReLU(3, 0.2, weight_attr=paddle.ParamAttr(name="slopes"))
    plain = paddle.nn.PReLU()
    return ([k for k in layer.state_dict()], layer._weight.name, plain._weight.shape,
            layer._weight, repr(paddle.nn.RReLU()))


CASES["prelu_state_dict"] = _prelu_layer_state
CASES["prelu_state_dict"].ignore_stop_gradient = True


def _maxout_ties(paddle, np):
    x = paddle.to_tensor(np.array([[[[1.0]], [[1.0]], [[0.0]], [[2.0]]]], "float32"),
                         stop_gradient=False)
    out = paddle.nn.functional.maxout(x, groups=2)
    (grad,) = paddle.grad(out.sum(), [x])
    return out, grad


CASES["maxout_ties_go_to_first"] = _maxout_ties


def _second_derivative(apply):
    def case(paddle, np):
        x = paddle.to_tensor(_inputs(np, "float64", (2, 3)), stop_gradient=False)
        out = apply(paddle, x)
        (g,) = paddle.grad(out.sum(), [x], create_graph=True)
        (gg,) = paddle.grad((g * g).sum(), [x])
        return g, gg
    return case


# (Paddle has no second derivative for gelu, selu, mish, softsign, tanhshrink, log_sigmoid
# and the softmaxes; Feijiang's are checked numerically in tests/ops instead)
for _name in ["elu", "celu", "silu", "softplus", "sigmoid", "tanh", "leaky_relu_0.3"]:
    CASES[f"second_derivative_{_name}"] = _second_derivative(FUNCTIONS[_name])


def _inplace(name, *args):
    def case(paddle, np):
        x = paddle.to_tensor(_inputs(np, "float32"))
        y = getattr(paddle.nn.functional, name)(x, *args)
        return y, x, y is x
    return case


for _name, _args in [("relu_", ()), ("elu_", (0.5,)), ("leaky_relu_", (0.2,)),
                     ("hardtanh_", (-0.5, 0.5)), ("softmax_", ()), ("softmax_", (0,)),
                     ("tanh_", ()), ("thresholded_relu_", (0.5,))]:
    CASES[f"inplace_{_name}{len(_args)}"] = _inplace(_name, *_args)


def _silu_inplace(paddle, np):
    x = paddle.to_tensor(_inputs(np, "float32"))
    y = paddle.nn.functional.silu(x, inplace=True)
    return y, x


CASES["silu_inplace"] = _silu_inplace


# ---- dtypes, 0-d and empty inputs, softmax's dtype argument ------------------------------------

def _plain(apply, make):
    def case(paddle, np):
        return apply(paddle, make(paddle, np))
    return case


def _zero_d(paddle, np):
    return paddle.to_tensor(np.array(-0.7, "float32"))


def _empty(paddle, np):
    return paddle.to_tensor(np.zeros((0, 3), "float32"))


def _int64(paddle, np):
    return paddle.to_tensor(np.array([[1, -2, 3]], "int64"))


def _float16(paddle, np):
    return paddle.to_tensor(np.array([[1.5, -2.0, 0.25]], "float16"))


for _name in ["relu", "gelu", "softplus", "hardswish", "softmax", "log_softmax", "elu",
              "leaky_relu", "silu", "mish", "log_sigmoid", "hardtanh", "thresholded_relu"]:
    CASES[f"{_name}_0d"] = _plain(FUNCTIONS[_name], _zero_d)
    CASES[f"{_name}_empty"] = _plain(FUNCTIONS[_name], _empty)
    CASES[f"{_name}_int64"] = _plain(FUNCTIONS[_name], _int64)
    CASES[f"{_name}_float16"] = _plain(FUNCTIONS[_name], _float16)


def _softmax_dtype(fn, dtype, source):
    def case(paddle, np):
        x = paddle.to_tensor(np.array([[1, 2, 3], [0, 0, 1]]).astype(source))
        return getattr(paddle.nn.functional, fn)(x, dtype=dtype)
    return case


for _fn in ("softmax", "log_softmax"):
    for _dtype, _source in [("float64", "float32"), ("float32", "int64"),
                            ("float64", "int32"), ("float32", "float64")]:
        CASES[f"{_fn}_dtype_{_source}_to_{_dtype}"] = _softmax_dtype(_fn, _dtype, _source)


def _softmax_extremes(fn):
    def case(paddle, np):
        x = paddle.to_tensor(np.array([[-np.inf, -np.inf, 0.0], [1.0, np.inf, 2.0],
                                       [1e4, -1e4, 0.0]], "float32"))
        return getattr(paddle.nn.functional, fn)(x)
    return case


CASES["softmax_extremes"] = _softmax_extremes("softmax")
CASES["log_softmax_extremes"] = _softmax_extremes("log_softmax")


def _special_values(name):
    def case(paddle, np):
        x = paddle.to_tensor(np.array([0.0, 1.0, -1.0, np.nan, np.inf, -np.inf, -30.0, 30.0,
                                       -1e-4, 1e-4], "float32"))
        return FUNCTIONS[name](paddle, x)
    return case


for _name in ["relu", "relu6", "silu", "gelu", "softplus", "log_sigmoid", "mish", "elu",
              "selu", "celu", "tanhshrink", "softsign", "hardswish", "hardsigmoid",
              "leaky_relu", "swish", "softshrink", "hardshrink"]:
    CASES[f"{_name}_special_values"] = _special_values(_name)


# ---- gumbel_softmax: properties that hold for any noise ---------------------------------------

def _gumbel(hard, temperature, axis):
    def case(paddle, np):
        x = paddle.to_tensor(_inputs(np, "float32", (3, 4)), stop_gradient=False)
        y = paddle.nn.functional.gumbel_softmax(x, temperature, hard, axis)
        (g,) = paddle.grad((y * y).sum(), [x])
        is_one_hot = bool(((y == 0) | (y == 1)).all()) if hard else None
        return y.shape, y.sum(axis=axis), is_one_hot, g.shape, bool((y >= 0).all())
    case.rtol = 1e-5
    return case


for _hard in (False, True):
    for _axis in (-1, 0):
        CASES[f"gumbel_softmax_hard{_hard}_axis{_axis}"] = _gumbel(_hard, 0.5, _axis)


# ---- bad input ---------------------------------------------------------------------------------

def _raises(build):
    def case(paddle, np):
        return build(paddle, np)
    return case


_ERRORS = {
    "relu_list": lambda paddle, np: paddle.nn.functional.relu([1.0, 2.0]),
    "relu_ndarray": lambda paddle, np: paddle.nn.functional.relu(np.ones(2)),
    "gelu_bad_string": lambda paddle, np: paddle.nn.functional.gelu(paddle.ones([2]), "foo"),
    "gelu_int_flag": lambda paddle, np: paddle.nn.functional.gelu(paddle.ones([2]), 1),
    "celu_zero_alpha": lambda paddle, np: paddle.nn.functional.celu(paddle.ones([2]), 0.0),
    "selu_small_scale": lambda paddle, np: paddle.nn.functional.selu(paddle.ones([2]), 1.0),
    "selu_negative_alpha": lambda paddle, np: paddle.nn.functional.selu(
        paddle.ones([2]), 1.1, -1.0),
    "softshrink_negative": lambda paddle, np: paddle.nn.functional.softshrink(
        paddle.ones([2]), -1.0),
    "softmax_axis_out_of_range": lambda paddle, np: paddle.nn.functional.softmax(
        paddle.ones([2, 3]), axis=2),
    "softmax_axis_too_negative": lambda paddle, np: paddle.nn.functional.softmax(
        paddle.ones([2, 3]), axis=-3),
    "softmax_float_axis": lambda paddle, np: paddle.nn.functional.softmax(
        paddle.ones([2, 3]), axis=1.5),
    "log_softmax_axis_out_of_range": lambda paddle, np: paddle.nn.functional.log_softmax(
        paddle.ones([2, 3]), axis=5),
    "softmax2d_rank": lambda paddle, np: paddle.nn.Softmax2D()(paddle.ones([2, 3])),
    "glu_odd": lambda paddle, np: paddle.nn.functional.glu(paddle.ones([2, 3])),
    "glu_axis": lambda paddle, np: paddle.nn.functional.glu(paddle.ones([2, 4]), 2),
    "swiglu_odd": lambda paddle, np: paddle.nn.functional.swiglu(paddle.ones([2, 3])),
    "swiglu_shapes": lambda paddle, np: paddle.nn.functional.swiglu(
        paddle.ones([2, 4]), paddle.ones([2, 3])),
    "maxout_groups": lambda paddle, np: paddle.nn.functional.maxout(paddle.ones([2, 4, 3, 3]), 3),
    "maxout_axis": lambda paddle, np: paddle.nn.functional.maxout(
        paddle.ones([2, 4, 3, 3]), 2, 2),
    "maxout_rank": lambda paddle, np: paddle.nn.functional.maxout(paddle.ones([2, 4]), 2),
    "maxout_zero_groups": lambda paddle, np: paddle.nn.functional.maxout(
        paddle.ones([2, 4, 3, 3]), 0),
    "prelu_weight_rank": lambda paddle, np: paddle.nn.functional.prelu(
        paddle.ones([2, 3]), paddle.ones([3, 1])),
    "prelu_channels": lambda paddle, np: paddle.nn.functional.prelu(
        paddle.ones([2, 3, 4]), paddle.ones([4])),
    "prelu_format": lambda paddle, np: paddle.nn.functional.prelu(
        paddle.ones([2, 3, 4]), paddle.ones([3]), "NCX"),
    "prelu_layer_channels": lambda paddle, np: paddle.nn.PReLU(5)(paddle.ones([2, 3, 4])),
    "rrelu_int_bounds": lambda paddle, np: paddle.nn.functional.rrelu(paddle.ones([2]), 0, 1),
    "rrelu_lower": lambda paddle, np: paddle.nn.functional.rrelu(paddle.ones([2]), -0.1, 0.5),
    "rrelu_order": lambda paddle, np: paddle.nn.functional.rrelu(paddle.ones([2]), 0.5, 0.2),
    "rrelu_upper": lambda paddle, np: paddle.nn.functional.rrelu(paddle.ones([2]), 0.5, 1.5),
    "gumbel_temperature": lambda paddle, np: paddle.nn.functional.gumbel_softmax(
        paddle.ones([2, 3]), temperature=0.0),
    "gumbel_axis": lambda paddle, np: paddle.nn.functional.gumbel_softmax(
        paddle.ones([2, 3]), axis=3),
}
for _name, _build in _ERRORS.items():
    CASES[f"error_{_name}"] = _raises(_build)
