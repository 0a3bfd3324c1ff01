"""Initializers and every layer's default initialisation against real Paddle.

The random streams of the two frameworks differ, so random parameters are compared through
statistics of large samples: log(std) (its absolute error is the relative error of the spread),
mean / std, and min / std and max / std for bounded distributions (uniform, truncated normal);
a layer's parameters also report kurtosis / 10 (1.8 for uniform, 3 for normal: the family);
random parameters too small for stable statistics report only whether max|x| / std < 2 (true
for uniform, false for normal samples). Constant parameters are compared by value; shapes and
dtypes always. Each case seeds the generator so our side is reproducible too."""

CASES = {}
# Sampling noise of the statistics below is well under 1% for the sample sizes used.
_ATOL = 0.03
_MIN_SAMPLE = 4096


def _summary(paddle, np, param, bounded=False, family=False):
    values = param.numpy().astype("float64")
    head = [str(param.dtype), str(list(param.shape))]
    std = float(values.std())
    if std == 0.0:
        return head + ["constant", paddle.to_tensor(values.reshape(-1)[:1])]
    if values.size < _MIN_SAMPLE:
        return head + ["small", bool(np.abs(values - values.mean()).max() / std < 2.0)]
    stats = [np.log(std), values.mean() / std]
    if bounded:
        stats += [values.min() / std, values.max() / std]
    if family:
        stats.append(np.mean(((values - values.mean()) / std) ** 4) / 10)
    return head + ["random", paddle.to_tensor(np.array(stats, "float64"))]


def _stat_case(fn):
    def case(paddle, np):
        paddle.seed(2024)
        return fn(paddle, np)
    case.atol = _ATOL
    case.rtol = 0.0
    return case


def _initializer(make_init, shape, bounded, dtype="float32"):
    def case(paddle, np):
        init = make_init(paddle.nn.initializer)
        param = paddle.create_parameter(shape, dtype, default_initializer=init)
        return _summary(paddle, np, param, bounded)
    return _stat_case(case)


_MATRIX, _CONV = [300, 200], [64, 32, 5, 5]
_INITS = {
    "normal": (lambda I: I.Normal(0.5, 2.0), False),
    "truncated_normal": (lambda I: I.TruncatedNormal(0.0, 1.0), True),
    "truncated_normal_bounds": (lambda I: I.TruncatedNormal(1.0, 2.0, a=-1.0, b=2.0), True),
    "uniform": (lambda I: I.Uniform(-0.3, 0.7), True),
    "xavier_uniform": (lambda I: I.XavierUniform(), True),
    "xavier_uniform_fans": (lambda I: I.XavierUniform(fan_in=10, fan_out=20, gain=2.0), True),
    "xavier_normal": (lambda I: I.XavierNormal(), False),
    "xavier_normal_gain": (lambda I: I.XavierNormal(gain=0.5), False),
    "kaiming_uniform": (lambda I: I.KaimingUniform(), True),
    "kaiming_uniform_fan_out": (lambda I: I.KaimingUniform(mode="fan_out"), True),
    "kaiming_uniform_leaky": (lambda I: I.KaimingUniform(negative_slope=0.2,
                                                         nonlinearity="leaky_relu"), True),
    "kaiming_normal": (lambda I: I.KaimingNormal(), False),
    "kaiming_normal_fan_out": (lambda I: I.KaimingNormal(mode="fan_out"), False),
    "kaiming_normal_fan_in": (lambda I: I.KaimingNormal(fan_in=12.0), False),
    "kaiming_normal_tanh": (lambda I: I.KaimingNormal(nonlinearity="tanh"), False),
    "orthogonal_scale": (lambda I: I.Orthogonal(gain=2.0), False),
}
for _key, (_make, _bounded) in _INITS.items():
    CASES[f"{_key}_matrix"] = _initializer(_make, _MATRIX, _bounded)
    CASES[f"{_key}_conv"] = _initializer(_make, _CONV, _bounded)
CASES["kaiming_normal_float64"] = _initializer(lambda I: I.KaimingNormal(), _CONV, False,
                                               "float64")
CASES["xavier_uniform_vector"] = _initializer(lambda I: I.XavierUniform(), [20000], True)


def _deterministic(make_init, shape, dtype="float32"):
    def case(paddle, np):
        param = paddle.create_parameter(shape, dtype,
                                        default_initializer=make_init(paddle.nn.initializer, np))
        return param
    return case


CASES["constant"] = _deterministic(lambda I, np: I.Constant(1.5), [2, 3])
CASES["constant_int_value"] = _deterministic(lambda I, np: I.Constant(2), [3], "float64")
CASES["assign_list"] = _deterministic(lambda I, np: I.Assign([[1.0, 2.0], [3.0, 4.0]]), [2, 2])
CASES["assign_array"] = _deterministic(
    lambda I, np: I.Assign(np.arange(6, dtype="float32").reshape(2, 3)), [2, 3])
CASES["dirac"] = _deterministic(lambda I, np: I.Dirac(), [3, 2, 3, 3])
CASES["dirac_groups"] = _deterministic(lambda I, np: I.Dirac(groups=2), [4, 2, 3])
CASES["bilinear"] = _deterministic(lambda I, np: I.Bilinear(), [2, 1, 4, 4])


def _orthogonal_rows(paddle, np):
    q = paddle.create_parameter([4, 6], "float32",
                                default_initializer=paddle.nn.initializer.Orthogonal())
    return paddle.to_tensor(q.numpy() @ q.numpy().T)


CASES["orthogonal_rows"] = _orthogonal_rows


def _gains(paddle, np):
    gain = paddle.nn.initializer.calculate_gain
    names = ["sigmoid", "linear", "conv2d", "conv3d_transpose", "tanh", "relu", "selu"]
    return [float(gain(n)) for n in names] + [float(gain("leaky_relu")),
                                              float(gain("leaky_relu", 0.3))]


CASES["calculate_gain"] = _gains


def _errors(build):
    def case(paddle, np):
        return build(paddle.nn.initializer)
    return case


CASES["error_kaiming_mode"] = _errors(lambda I: I.KaimingNormal(mode="fan_avg"))
CASES["error_kaiming_fan_out_with_fan_in"] = _errors(
    lambda I: I.KaimingUniform(fan_in=3, mode="fan_out"))
CASES["error_constant_positional_force_cpu"] = _errors(lambda I: I.Constant(1.0, True))
CASES["error_gain_unknown"] = _errors(lambda I: I.calculate_gain("softmax"))


# ---- each layer's default initialisation ------------------------------------------------------
def _layer_defaults(build):
    def case(paddle, np):
        layer = build(paddle.nn)
        out = []
        for name, param in layer.named_parameters():
            out += [name] + _summary(paddle, np, param, family=True)
        params = {id(param) for param in layer.parameters()}
        for name, buf in layer.state_dict().items():
            if id(buf) not in params:
                out += [name, buf]
        return out
    return _stat_case(case)


_LAYERS = {
    "linear": lambda nn: nn.Linear(300, 200),
    "conv1d": lambda nn: nn.Conv1D(64, 96, 7),
    "conv2d": lambda nn: nn.Conv2D(32, 64, 5),
    "conv3d": lambda nn: nn.Conv3D(16, 32, 3),
    "conv2d_groups": lambda nn: nn.Conv2D(32, 64, 5, groups=4),
    "conv2d_transpose": lambda nn: nn.Conv2DTranspose(64, 32, 5),
    "conv1d_transpose": lambda nn: nn.Conv1DTranspose(96, 64, 7),
    "conv3d_transpose": lambda nn: nn.Conv3DTranspose(32, 16, 3, groups=2),
    "embedding": lambda nn: nn.Embedding(1000, 64),
    "embedding_padding": lambda nn: nn.Embedding(1000, 64, padding_idx=0),
    "prelu": lambda nn: nn.PReLU(8, init=0.1),
    "batch_norm2d": lambda nn: nn.BatchNorm2D(8),
    "batch_norm": lambda nn: nn.BatchNorm(6),
    "layer_norm": lambda nn: nn.LayerNorm([4, 5]),
    "group_norm": lambda nn: nn.GroupNorm(2, 6),
    "instance_norm2d": lambda nn: nn.InstanceNorm2D(5),
    "simple_rnn": lambda nn: nn.SimpleRNN(64, 128),
    "lstm": lambda nn: nn.LSTM(64, 128),
    "gru_cell": lambda nn: nn.GRUCell(64, 128),
    "multi_head_attention": lambda nn: nn.MultiHeadAttention(128, 4),
    "bilinear": lambda nn: nn.Bilinear(40, 50, 30),
}
for _key, _build in _LAYERS.items():
    CASES[f"default_{_key}"] = _layer_defaults(_build)
