"""nn.Layer semantics: registration, naming, traversal, state_dict, modes, hooks, conversion."""
import numpy as np
import pytest

import paddle
from paddle import nn


class Net(nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 8)
        self.fc2 = nn.Linear(8, 2, bias_attr=False)
        self.register_buffer("steps", paddle.zeros([1]))
        self.register_buffer("tmp", paddle.ones([1]), persistable=False)
        self.w = self.create_parameter([3], default_initializer=nn.initializer.Constant(1.0))

    def forward(self, x):
        return self.fc2(self.fc1(x))


def test_registration_and_state_dict_order():
    net = Net()
    assert list(net.state_dict()) == ["w", "steps", "fc1.weight", "fc1.bias", "fc2.weight"]
    assert [n for n, _ in net.named_parameters()] == ["w", "fc1.weight", "fc1.bias",
                                                      "fc2.weight"]
    assert [n for n, _ in net.named_buffers()] == ["steps", "tmp"]
    assert [n for n, _ in net.named_sublayers()] == ["fc1", "fc2"]
    assert net.fc2.bias is None


def test_paddle_style_names():
    with paddle.utils.unique_name.guard():
        net = Net()
        assert net.full_name() == "net_0"
        assert [p.name for p in net.parameters()] == ["net_0.w_0", "linear_0.w_0",
                                                      "linear_0.b_0", "linear_1.w_0"]
        assert nn.layer.layers.camel_to_snake("Conv2DTranspose") == "conv2d_transpose"
        assert nn.layer.layers.camel_to_snake("PReLU") == "p_re_lu"


def test_linear_default_init_is_xavier_uniform_and_zero_bias():
    fc = nn.Linear(300, 100)
    bound = np.sqrt(6 / 400)
    w = fc.weight.numpy()
    assert np.abs(w).max() <= bound and np.abs(w).max() > 0.9 * bound
    assert fc.bias.numpy().tolist() == [0.0] * 100
    assert not fc.weight.stop_gradient and fc.weight.persistable


def test_set_state_dict_round_trip_and_reports_mismatches():
    a, b = Net(), Net()
    missing, unexpected = b.set_state_dict(a.state_dict())
    assert missing == [] and unexpected == []
    np.testing.assert_array_equal(a.fc1.weight.numpy(), b.fc1.weight.numpy())
    state = {k: v.numpy() for k, v in a.state_dict().items()}
    state["extra"] = np.zeros(1)
    state["fc1.bias"] = np.zeros(3, "float32")
    with pytest.warns(UserWarning, match="fc1.bias"):
        missing, unexpected = b.set_state_dict(state)
    assert missing == ["fc1.bias"] and unexpected == ["extra"]


def test_set_state_dict_by_parameter_name():
    a, b = Net(), Net()
    by_name = {p.name: p.numpy() for p in a.parameters()}
    by_name.update({"steps": a.steps.numpy()})
    renamed = {b_p.name: by_name[a_p.name] for a_p, b_p in zip(a.parameters(), b.parameters())}
    renamed[b.steps.name] = a.steps.numpy()
    b.set_state_dict(renamed, use_structured_name=False)
    np.testing.assert_array_equal(a.fc2.weight.numpy(), b.fc2.weight.numpy())


def test_train_eval_propagates():
    net = Net()
    net.eval()
    assert not net.training and not net.fc1.training
    net.train()
    assert net.fc1.training


def test_forward_hooks_can_replace_inputs_and_outputs():
    fc = nn.Linear(2, 2, bias_attr=False)
    fc.weight.set_value(np.eye(2, dtype="float32"))
    pre = fc.register_forward_pre_hook(lambda layer, inputs: (inputs[0] * 2,))
    post = fc.register_forward_post_hook(lambda layer, inputs, out: out + 1)
    assert fc(paddle.ones([1, 2])).tolist() == [[3.0, 3.0]]
    pre.remove()
    post.remove()
    assert fc(paddle.ones([1, 2])).tolist() == [[1.0, 1.0]]


def test_to_dtype_converts_parameters_and_buffers():
    net = Net()
    assert net.to(dtype="float64") is net
    assert net.fc1.weight.dtype == paddle.float64 and net.steps.dtype == paddle.float64
    out = net(paddle.ones([1, 4], dtype="float64"))
    assert out.dtype == paddle.float64


def test_apply_visits_children_then_self():
    seen = []
    Net().apply(lambda layer: seen.append(type(layer).__name__))
    assert seen == ["Linear", "Linear", "Net"]


def test_gradients_reach_parameters_and_clear():
    net = Net()
    net(paddle.ones([3, 4])).sum().backward()
    assert net.fc1.weight.grad.shape == [4, 8]
    net.clear_gradients()
    assert float(net.fc1.weight.grad.abs().sum()) == 0.0


def test_containers():
    seq = nn.Sequential(nn.Linear(2, 3), nn.Linear(3, 1))
    assert list(seq.state_dict()) == ["0.weight", "0.bias", "1.weight", "1.bias"]
    assert seq(paddle.ones([5, 2])).shape == [5, 1]
    assert isinstance(seq[0], nn.Linear) and len(seq[1:]) == 1
    layers = nn.LayerList([nn.Linear(1, 1) for _ in range(3)])
    layers.append(nn.Linear(1, 2))
    assert len(layers) == 4 and layers[-1].out_features == 2
    assert len(layers.parameters()) == 8
    d = nn.LayerDict({"a": nn.Linear(1, 1)})
    assert "a" in d and list(d.keys()) == ["a"]
    plist = nn.ParameterList([paddle.create_parameter([2], "float32")])
    assert len(plist.parameters()) == 1


def test_repr_matches_paddle_layout():
    seq = nn.Sequential(nn.Linear(2, 3), nn.Identity())
    assert repr(seq) == ("Sequential(\n  (0): Linear(in_features=2, out_features=3, "
                         "dtype=float32)\n  (1): Identity()\n)")


def test_assigning_before_super_init_is_a_clear_error():
    class Broken(nn.Layer):
        def __init__(self):
            self.fc = nn.Linear(1, 1)

    with pytest.raises(RuntimeError, match="super"):
        Broken()


def test_bias_attr_false_and_param_attr_name():
    fc = nn.Linear(2, 2, weight_attr=paddle.ParamAttr(name="my_w"), bias_attr=False)
    assert fc.weight.name == "my_w" and fc.bias is None


def test_param_attr_learning_rate_and_trainable():
    fc = nn.Linear(2, 2, weight_attr=paddle.ParamAttr(learning_rate=0.5, trainable=False))
    assert fc.weight.optimize_attr == {"learning_rate": 0.5}
    assert fc.weight.stop_gradient and not fc.weight.trainable


def test_always_call_hook_runs_when_forward_fails_and_its_own_error_only_warns():
    fc = nn.Linear(3, 2)
    seen = []
    fc.register_forward_post_hook(lambda layer, inputs, out: seen.append(out), always_call=True)

    def failing(layer, inputs, out):
        raise RuntimeError("hook failed")
    fc.register_forward_post_hook(failing, always_call=True)
    with pytest.warns(UserWarning, match="always_call"), pytest.raises(ValueError):
        fc(paddle.ones([1, 5]))
    assert seen == [None]


def test_prepended_pre_hook_runs_first_and_kwargs_hooks_see_keywords():
    class Scale(nn.Layer):
        def forward(self, x, factor=1.0):
            return x * factor

    layer = Scale()
    order = []
    layer.register_forward_pre_hook(lambda l, args: order.append("second"))
    layer.register_forward_pre_hook(lambda l, args: order.append("first"), prepend=True)
    layer.register_forward_pre_hook(lambda l, args, kwargs: (args, {"factor": 3.0}),
                                    with_kwargs=True)
    layer.register_forward_post_hook(lambda l, args, kwargs, out: out + kwargs["factor"],
                                     with_kwargs=True)
    assert layer(paddle.ones([2]), factor=2.0).tolist() == [6.0, 6.0]
    assert order == ["first", "second"]


def test_named_sublayers_keeps_duplicates_on_request():
    shared = nn.Linear(2, 2)
    model = nn.Sequential(shared, shared)
    assert [n for n, _ in model.named_sublayers()] == ["0"]
    assert [n for n, _ in model.named_sublayers(remove_duplicate=False)] == ["0", "1"]


def test_create_parameter_device_and_to_blocking_flags():
    layer = nn.Layer()
    param = layer.create_parameter([2], device="cpu")
    assert param.shape == [2]
    assert layer.to(dtype="float64", non_blocking=True) is layer
    with pytest.raises(TypeError, match="non_blocking"):
        layer.to(non_blocking="yes")


def test_named_buffers_keeps_duplicates_when_asked():
    class Shared(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            buffer = paddle.ones([2, 3])
            self.register_buffer("first", buffer)
            self.register_buffer("second", buffer)

    layer = Shared()
    assert [n for n, _ in layer.named_buffers()] == ["first"]
    assert [n for n, _ in layer.named_buffers(remove_duplicate=False)] == ["first", "second"]


def test_paddle_module_layout_for_layers_and_functionals():
    assert paddle.nn.layer.AdaptiveAvgPool1D is paddle.nn.AdaptiveAvgPool1D
    assert not hasattr(paddle.nn.layer, "AdaptiveAvgPool1d")  # torch-style alias: nn only
    assert paddle.nn.functional.common.interpolate is paddle.nn.functional.interpolate
