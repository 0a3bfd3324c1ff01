"""GradScaler / AmpScaler with AMP effective (opt-in on the CPU): scaling, unscaling,
step skipping on a non-finite gradient, dynamic loss scaling and the state dict, following
Paddle's grad_scaler.py."""
import numpy as np
import pytest

import paddle

# an injected Inf makes NumPy warn inside the kernels (Paddle's kernels are silent)
pytestmark = [pytest.mark.usefixtures("amp_on_cpu"),
              pytest.mark.filterwarnings("ignore:invalid value:RuntimeWarning")]


def _model(seed=0):
    layer = paddle.nn.Linear(3, 2)
    rng = np.random.default_rng(seed)
    layer.weight.set_value(rng.standard_normal((3, 2)).astype("float32"))
    layer.bias.set_value(rng.standard_normal(2).astype("float32"))
    return layer


def _loss(layer, poison=False):
    x = paddle.to_tensor(np.arange(12, dtype="float32").reshape(4, 3) / 10)
    with paddle.amp.auto_cast():
        loss = layer(x).astype("float32").mean()
    if poison:
        loss = loss * paddle.to_tensor(float("inf"))
    return loss


def test_defaults_and_settings():
    scaler = paddle.amp.GradScaler()
    assert scaler.is_enable() and scaler.is_use_dynamic_loss_scaling()
    assert scaler.get_init_loss_scaling() == 2.0**16
    assert (scaler.get_incr_ratio(), scaler.get_decr_ratio()) == (2.0, 0.5)
    assert (scaler.get_incr_every_n_steps(), scaler.get_decr_every_n_nan_or_inf()) == (2000, 1)
    old = paddle.amp.AmpScaler()
    assert old.get_init_loss_scaling() == 2.0**15 and old.get_incr_every_n_steps() == 1000
    scaler.set_init_loss_scaling(1000)
    scaler.set_incr_ratio(3.0)
    scaler.set_decr_ratio(0.1)
    scaler.set_incr_every_n_steps(10)
    scaler.set_decr_every_n_nan_or_inf(3)
    assert scaler.state_dict()["scale"].tolist() == [1000.0]
    assert (scaler.get_incr_ratio(), scaler.get_decr_ratio()) == (3.0, 0.1)
    assert (scaler.get_incr_every_n_steps(), scaler.get_decr_every_n_nan_or_inf()) == (10, 3)
    with pytest.raises(AssertionError, match="incr_ratio must be > 1.0"):
        scaler.set_incr_ratio(0.5)
    with pytest.raises(AssertionError, match="decr_ratio must be < 1.0"):
        paddle.amp.GradScaler(decr_ratio=2.0)


def test_scale_multiplies_and_step_unscales_in_float32():
    layer, twin = _model(), _model()
    opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=layer.parameters())
    twin_opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=twin.parameters())
    scaler = paddle.amp.GradScaler(init_loss_scaling=1024)
    loss = _loss(layer)
    scaled = scaler.scale(loss)
    assert scaled.shape == [1]
    np.testing.assert_array_equal(scaled.numpy(), (loss * np.float32(1024)).numpy().reshape(1))
    scaled.backward()
    scaler.step(opt)
    scaler.update()
    _loss(twin).backward()
    twin_opt.step()
    # the gradients were scaled by a power of two and unscaled: the plain update, exactly
    np.testing.assert_array_equal(layer.weight.numpy(), twin.weight.numpy())
    np.testing.assert_array_equal(layer.bias.numpy(), twin.bias.numpy())


def test_injected_inf_skips_exactly_that_step_and_halves_the_scale(capsys):
    layer = _model()
    opt = paddle.optimizer.Adam(learning_rate=0.1, parameters=layer.parameters())
    scaler = paddle.amp.GradScaler(init_loss_scaling=1024, incr_every_n_steps=2)
    history = []
    for step in range(5):
        before = layer.weight.numpy().copy()
        scaler.scale(_loss(layer, poison=step == 2)).backward()
        scaler.step(opt)
        scaler.update()
        opt.clear_grad()
        changed = not np.array_equal(before, layer.weight.numpy())
        history.append((changed, float(scaler.state_dict()["scale"][0])))
    # steps 0,1 grow the scale after 2 good steps; step 2 is skipped and halves it; the
    # good-step counter restarts
    assert history == [(True, 1024.0), (True, 2048.0), (False, 1024.0), (True, 1024.0),
                       (True, 2048.0)]
    assert "Found inf or nan, current scale is: 2048.0, decrease to: 2048.0*0.5" in \
        capsys.readouterr().out
    state = scaler.state_dict()
    assert state["incr_count"] == 0 and state["decr_count"] == 0


def test_skipped_step_leaves_the_optimizer_state_untouched():
    layer = _model()
    opt = paddle.optimizer.Adam(learning_rate=0.1, parameters=layer.parameters())
    scaler = paddle.amp.GradScaler(init_loss_scaling=8)
    scaler.scale(_loss(layer, poison=True)).backward()
    weights = layer.weight.numpy().copy()
    scaler.minimize(opt, scaler.scale(_loss(layer)))
    np.testing.assert_array_equal(layer.weight.numpy(), weights)
    moments = [v.numpy() for k, v in opt.state_dict().items() if "moment1" in k]
    assert moments and all(not m.any() for m in moments)
    assert scaler.state_dict()["scale"].tolist() == [4.0]


def test_decr_every_n_counts_accumulated_bad_steps():
    layer = _model()
    opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=layer.parameters())
    scaler = paddle.amp.GradScaler(init_loss_scaling=64, decr_every_n_nan_or_inf=2)
    scales = []
    for _ in range(3):
        scaler.scale(_loss(layer, poison=True)).backward()
        scaler.step(opt)
        scaler.update()
        opt.clear_grad()
        scales.append(float(scaler.state_dict()["scale"][0]))
    assert scales == [64.0, 32.0, 32.0]


def test_unscale_then_clip_then_step():
    layer, twin = _model(), _model()
    clip = paddle.nn.ClipGradByGlobalNorm(0.01)
    opt = paddle.optimizer.SGD(learning_rate=1.0, parameters=layer.parameters(), grad_clip=clip)
    twin_opt = paddle.optimizer.SGD(learning_rate=1.0, parameters=twin.parameters(),
                                    grad_clip=paddle.nn.ClipGradByGlobalNorm(0.01))
    scaler = paddle.amp.GradScaler(init_loss_scaling=2.0**10)
    scaler.scale(_loss(layer)).backward()
    scaler.unscale_(opt)
    with pytest.raises(RuntimeError, match="unscale_\\(\\) has already been called"):
        scaler.unscale_(opt)
    scaler.step(opt)
    with pytest.raises(RuntimeError, match="step\\(\\) has already been called"):
        scaler.step(opt)
    with pytest.raises(RuntimeError, match="unscale_\\(\\) is being called after step"):
        scaler.unscale_(opt)
    scaler.update()
    _loss(twin).backward()
    twin_opt.step()
    np.testing.assert_allclose(layer.weight.numpy(), twin.weight.numpy(), rtol=1e-6)


def test_state_dict_round_trip_with_paddles_keys():
    scaler = paddle.amp.GradScaler(init_loss_scaling=512, incr_every_n_steps=7)
    state = scaler.state_dict()
    assert list(state) == ["scale", "incr_ratio", "decr_ratio", "incr_every_n_steps",
                           "decr_every_n_nan_or_inf", "incr_count", "decr_count",
                           "use_dynamic_loss_scaling"]
    assert state["scale"].dtype == np.float32 and state["scale"].shape == (1,)
    state["scale"] = np.array([128.0], "float32")
    state["incr_count"] = 3
    other = paddle.amp.GradScaler()
    other.load_state_dict(state)
    assert other.get_init_loss_scaling() == 128.0
    assert other.state_dict()["incr_count"] == 3
    assert other.get_incr_every_n_steps() == 7
    with pytest.raises(RuntimeError, match="The input state dict is empty"):
        other.load_state_dict({})


def test_bfloat16_disables_dynamic_scaling_with_paddles_warning():
    layer = _model()
    scaler = paddle.amp.GradScaler()
    with paddle.amp.auto_cast(dtype="bfloat16"):
        loss = layer(paddle.ones([2, 3])).astype("float32").mean()
    with pytest.warns(UserWarning, match="It is not recommended to use dynamic loss scaling for "
                      "bfloat16, so GradScaler is disable by default."):
        scaled = scaler.scale(loss)
    assert scaled is loss and not scaler.is_enable()
    with paddle.amp.auto_cast(dtype="float16"):
        pass


def test_scale_rejects_a_non_tensor():
    with paddle.amp.auto_cast():
        pass
    with pytest.raises(TypeError, match="var must be a Tensor"):
        paddle.amp.GradScaler().scale(3.0)


def test_parameter_groups_are_unscaled_too():
    layer = _model()
    opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=[
        {"params": [layer.weight]}, {"params": [layer.bias], "learning_rate": 0.5}])
    scaler = paddle.amp.GradScaler(init_loss_scaling=4)
    scaler.scale(_loss(layer)).backward()
    scaled = layer.bias.grad.numpy().copy()
    scaler.unscale_(opt)
    np.testing.assert_array_equal(layer.bias.grad.numpy(), scaled / 4)
