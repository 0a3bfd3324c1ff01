"""nn.Layer machinery and containers against real Paddle: forward hooks (prepend, with_kwargs,
always_call, removal), named_sublayers with and without duplicates, Sequential / LayerList /
LayerDict / ParameterList traversal and state_dict names, Flatten and Identity with gradients."""
from goldens.cases._nn_case_utils import arr, leaf, with_grads

CASES = {}


def _case(fn):
    CASES[fn.__name__.lstrip("_")] = fn
    return fn


def _linear(paddle, np, seed, n_in=3, n_out=2):
    layer = paddle.nn.Linear(n_in, n_out)
    layer.weight.set_value(arr(np, [n_in, n_out], seed))
    layer.bias.set_value(arr(np, [n_out], seed + 1))
    return layer


# ---- forward hooks ----------------------------------------------------------------------------
@_case
def _hook_order_prepend(paddle, np):
    fc = _linear(paddle, np, 1)
    fc.register_forward_post_hook(lambda layer, inputs, out: out * 2)
    fc.register_forward_post_hook(lambda layer, inputs, out: out + 1, prepend=True)
    fc.register_forward_pre_hook(lambda layer, inputs: inputs[0] - 1)
    fc.register_forward_pre_hook(lambda layer, inputs: (inputs[0] * 3,), prepend=True)
    x = leaf(paddle, arr(np, [2, 3], 3))
    return with_grads(paddle, np, fc(x), [x, fc.weight, fc.bias])


class _Scaled:
    """A layer whose forward takes a keyword argument, built lazily under either framework."""

    @staticmethod
    def make(paddle, np):
        class Scaled(paddle.nn.Layer):
            def __init__(self):
                super().__init__()
                self.fc = _linear(paddle, np, 5)

            def forward(self, x, scale=1.0):
                return self.fc(x) * scale
        return Scaled()


@_case
def _hook_with_kwargs(paddle, np):
    net = _Scaled.make(paddle, np)

    def pre(layer, args, kwargs):
        return (args[0] + 1,), {"scale": kwargs.get("scale", 1.0) * 10}

    def post(layer, args, kwargs, out):
        return out - kwargs["scale"]
    net.register_forward_pre_hook(pre, with_kwargs=True)
    net.register_forward_post_hook(post, with_kwargs=True)
    x = leaf(paddle, arr(np, [2, 3], 6))
    return with_grads(paddle, np, net(x, scale=0.5), [x, net.fc.weight])


@_case
def _hook_pre_with_kwargs_bad_return(paddle, np):
    net = _Scaled.make(paddle, np)
    net.register_forward_pre_hook(lambda layer, args, kwargs: args, with_kwargs=True)
    return net(paddle.ones([1, 3]), scale=2.0)


@_case
def _hook_always_call_on_error(paddle, np):
    fc = _linear(paddle, np, 7)
    seen = []
    fc.register_forward_post_hook(lambda layer, inputs, out: seen.append("always"),
                                  always_call=True)
    fc.register_forward_post_hook(lambda layer, inputs, out: seen.append("plain"))
    try:
        fc(paddle.ones([1, 4]))
    except ValueError:
        seen.append("raised")
    out = fc(paddle.ones([1, 3]))
    return [str(s) for s in seen] + [out]


@_case
def _hook_remove(paddle, np):
    fc = _linear(paddle, np, 8)
    kwargs_hook = fc.register_forward_post_hook(
        lambda layer, inputs, kwargs, out: out * 0, with_kwargs=True)
    pre = fc.register_forward_pre_hook(lambda layer, inputs: inputs[0] * 2, prepend=True)
    x = paddle.to_tensor(arr(np, [2, 3], 9))
    hooked = fc(x)
    kwargs_hook.remove()
    pre.remove()
    return [hooked, fc(x)]


@_case
def _hook_non_tuple_pre_result(paddle, np):
    fc = _linear(paddle, np, 10)
    fc.register_forward_pre_hook(lambda layer, inputs: inputs[0] * 0.5)
    return fc(paddle.to_tensor(arr(np, [1, 3], 11)))


# ---- traversal ----------------------------------------------------------------------------------
def _names(pairs):
    return [str(name) for name, _ in pairs]


@_case
def _named_sublayers_duplicates(paddle, np):
    shared = paddle.nn.Linear(2, 2)
    model = paddle.nn.Sequential(shared, paddle.nn.ReLU(), shared,
                                 paddle.nn.Sequential(shared, paddle.nn.Tanh()))
    kept = _names(model.named_sublayers(include_self=True, remove_duplicate=False))
    once = _names(model.named_sublayers(include_self=True))
    prefixed = _names(model.named_sublayers(prefix="net"))
    modules = _names(model.named_modules(remove_duplicate=False))
    return [len(kept)] + kept + [len(once)] + once + prefixed + modules


@_case
def _containers_state_dict(paddle, np):
    class Net(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.blocks = paddle.nn.LayerList([paddle.nn.Linear(2, 3), paddle.nn.Linear(3, 2)])
            self.heads = paddle.nn.LayerDict({"a": paddle.nn.Linear(2, 1),
                                              "b": paddle.nn.Identity()})
            self.extra = paddle.nn.ParameterList(
                [paddle.create_parameter([2], "float32") for _ in range(2)])
            self.flat = paddle.nn.Flatten()
    net = Net()
    net.blocks.append(paddle.nn.Linear(2, 2))
    net.blocks.insert(0, paddle.nn.ReLU())
    net.heads.update({"c": paddle.nn.Linear(2, 4)})
    net.extra.append(paddle.create_parameter([1], "float32"))
    state = net.state_dict()
    shapes = [list(t.shape) for t in state.values()]
    return (list(state.keys()) + [str(s) for s in shapes] + [len(net.blocks), len(net.heads)]
            + list(net.heads.keys()) + [len(net.parameters()), len(net.sublayers())])


@_case
def _containers_forward(paddle, np):
    layers = paddle.nn.LayerList([_linear(paddle, np, 20, 3, 4), paddle.nn.Tanh(),
                                  _linear(paddle, np, 22, 4, 2)])
    heads = paddle.nn.LayerDict({"id": paddle.nn.Identity(3, unused=True),
                                 "fc": _linear(paddle, np, 24, 3, 3)})
    weights = paddle.nn.ParameterList([paddle.create_parameter([3], "float32")])
    weights[0].set_value(arr(np, [3], 26))
    x = leaf(paddle, arr(np, [2, 3], 27))
    h = heads["fc"](heads["id"](x)) * weights[0]
    for layer in layers[::-1][::-1]:
        h = layer(h)
    return with_grads(paddle, np, h, [x, weights[0], layers[0].weight, heads["fc"].bias])


# float32 sums through tanh: small gradient entries differ from Paddle's in the last bits
_containers_forward.atol = 1e-5


@_case
def _layer_list_slicing_and_errors(paddle, np):
    layers = paddle.nn.LayerList([paddle.nn.ReLU(), paddle.nn.Tanh(), paddle.nn.Sigmoid()])
    sliced = layers[1:]
    del layers[0]
    names = [type(layer).__name__ for layer in layers]
    try:
        layers[5]
    except IndexError:
        names.append("IndexError")
    return [type(sliced).__name__, len(sliced)] + names + [layers[-1].__class__.__name__]


@_case
def _parameter_dict(paddle, np):
    make = paddle.create_parameter
    params = paddle.nn.ParameterDict({"w": make([2, 3], "float32"), "b": make([3], "float32")})
    params["w"].set_value(arr(np, [2, 3], 40))
    params["b"].set_value(arr(np, [3], 41))
    params.update({"scale": make([1], "float32")})
    params["scale"].set_value(np.array([2.0], "float32"))
    x = leaf(paddle, arr(np, [4, 2], 42))
    out = (paddle.matmul(x, params["w"]) + params["b"]) * params["scale"]
    names = [name for name, _ in params.named_parameters()]
    return names + [len(params)] + with_grads(paddle, np, out, [x, params["w"], params["b"]])


@_case
def _global_initializer(paddle, np):
    init = paddle.nn.initializer
    init.set_global_initializer(init.Constant(0.25), init.Constant(-1.0))
    try:
        fc = paddle.nn.Linear(3, 2)
        conv = paddle.nn.Conv2D(2, 2, 1, bias_attr=paddle.ParamAttr(
            initializer=init.Constant(3.0)))
        weight_only = [fc.weight, fc.bias, conv.weight, conv.bias]
        init.set_global_initializer(init.Constant(0.5))
        later = paddle.nn.Linear(2, 2)
    finally:
        init.set_global_initializer(None)
    restored = paddle.nn.Linear(2, 2, bias_attr=None)
    return weight_only + [later.weight, later.bias, restored.bias]


# ---- Flatten and Identity ---------------------------------------------------------------------
def _flatten(start_axis=1, stop_axis=-1, shape=(2, 3, 4, 5)):
    def case(paddle, np):
        x = leaf(paddle, arr(np, list(shape), 30))
        out = paddle.nn.Flatten(start_axis, stop_axis)(x)
        return with_grads(paddle, np, out, [x])
    return case


CASES["flatten_default"] = _flatten()
CASES["flatten_middle"] = _flatten(1, 2)
CASES["flatten_negative"] = _flatten(-3, -2)
CASES["flatten_all"] = _flatten(0, -1)
CASES["flatten_rank1"] = _flatten(0, 0, shape=(5,))
CASES["flatten_empty"] = _flatten(shape=(0, 3, 2))


@_case
def _identity_grad(paddle, np):
    x = leaf(paddle, arr(np, [2, 3], 31))
    return with_grads(paddle, np, paddle.nn.Identity()(x), [x])


# ---- input errors raised by layers (the type must match Paddle's) -----------------------------
_LAYER_ERRORS = {
    "batch_norm_channels": lambda p: p.nn.BatchNorm2D(4)(p.ones([2, 3, 5, 5])),
    "batch_norm_nhwc_channels": lambda p: p.nn.BatchNorm2D(4, data_format="NHWC")(
        p.ones([2, 5, 5, 3])),
    "batch_norm1d_channels": lambda p: p.nn.BatchNorm1D(4)(p.ones([2, 3])),
    "legacy_batch_norm_channels": lambda p: p.nn.BatchNorm(4)(p.ones([2, 3, 5, 5])),
    "group_norm_channels": lambda p: p.nn.GroupNorm(2, 6)(p.ones([2, 4, 3, 3])),
    "instance_norm_channels": lambda p: p.nn.InstanceNorm2D(6)(p.ones([2, 4, 3, 3])),
    "conv_transpose_channels": lambda p: p.nn.Conv2DTranspose(3, 4, 3)(p.ones([1, 2, 4, 4])),
    "conv1d_nlc_channels": lambda p: p.nn.Conv1D(3, 4, 3, data_format="NLC")(p.ones([1, 6, 2])),
    "gru_cell_input_size": lambda p: p.nn.GRUCell(4, 8)(p.ones([2, 5])),
    "lstm_cell_input_size": lambda p: p.nn.LSTMCell(4, 8)(p.ones([2, 3])),
    "simple_rnn_cell_input_size": lambda p: p.nn.SimpleRNNCell(4, 8)(p.ones([2, 3])),
    "linear_features": lambda p: p.nn.Linear(4, 2)(p.ones([3, 5])),
}


def _layer_error(build):
    def case(paddle, np):
        return build(paddle)
    return case


for _key, _build in _LAYER_ERRORS.items():
    CASES[f"error_{_key}"] = _layer_error(_build)
