"""Optimizer behaviour beyond the golden comparisons: update bookkeeping, parameter groups,
weight decay precedence, state handling, multi-precision master weights, AMP's found_inf."""
import numpy as np
import pytest

import paddle


def _param(values, dtype="float32", **attr):
    p = paddle.create_parameter([len(values)], dtype, attr=paddle.ParamAttr(**attr))
    p.set_value(np.asarray(values, dtype="float32").astype(dtype))
    return p


def _set_grad(p, values):
    (p.astype("float32") * paddle.to_tensor(np.asarray(values, "float32"))).sum().backward()


def test_sgd_step_is_exact_and_bumps_version():
    p = _param([1.0, 2.0])
    opt = paddle.optimizer.SGD(0.5, parameters=[p])
    _set_grad(p, [2.0, -4.0])
    version = p.inplace_version
    opt.step()
    np.testing.assert_array_equal(p.numpy(), [0.0, 4.0])
    assert p.inplace_version == version + 1
    assert p.grad is not None  # step leaves gradients alone


def test_stop_gradient_and_gradless_parameters_are_skipped():
    frozen, gradless, live = _param([1.0]), _param([1.0]), _param([1.0])
    frozen.stop_gradient = True
    opt = paddle.optimizer.Adam(0.1, parameters=[frozen, gradless, live])
    _set_grad(live, [1.0])
    opt.step()
    assert frozen.numpy()[0] == 1.0 and gradless.numpy()[0] == 1.0 and live.numpy()[0] < 1.0
    assert all(live.name in k for k in opt.state_dict())


def test_group_learning_rate_is_a_multiplier_and_groups_override_param_attr():
    a = _param([0.0], learning_rate=0.1)
    b = _param([0.0])
    opt = paddle.optimizer.SGD(0.5, parameters=[{"params": [a], "learning_rate": 2.0},
                                                {"params": [b]}])
    _set_grad(a, [1.0])
    _set_grad(b, [1.0])
    opt.step()
    np.testing.assert_allclose(a.numpy(), [-1.0])
    np.testing.assert_allclose(b.numpy(), [-0.5])
    assert a.optimize_attr["learning_rate"] == 2.0


def test_param_attr_regularizer_wins_over_optimizer_weight_decay():
    own = _param([2.0, -2.0], regularizer=paddle.regularizer.L1Decay(0.5))
    plain = _param([2.0, -2.0])
    opt = paddle.optimizer.SGD(1.0, parameters=[own, plain], weight_decay=0.25)
    _set_grad(own, [0.0, 0.0])
    _set_grad(plain, [0.0, 0.0])
    opt.step()
    np.testing.assert_allclose(own.numpy(), [1.5, -1.5])  # L1: coeff * sign(w)
    np.testing.assert_allclose(plain.numpy(), [1.5, -1.5])  # L2: coeff * w
    assert own.grad.numpy().tolist() == [0.0, 0.0]  # decay does not touch .grad


def test_adamw_decays_before_the_adam_step_and_respects_apply_decay_param_fun():
    w, b = _param([1.0], name="layer.w_0"), _param([1.0], name="layer.b_0")
    opt = paddle.optimizer.AdamW(0.1, parameters=[w, b], weight_decay=0.5,
                                 apply_decay_param_fun=lambda n: n.endswith("w_0"))
    _set_grad(w, [0.0])
    _set_grad(b, [0.0])
    opt.step()
    np.testing.assert_allclose(w.numpy(), [0.95])
    np.testing.assert_allclose(b.numpy(), [1.0])


def test_adamw_lr_ratio_scales_the_rate():
    p = _param([1.0])
    opt = paddle.optimizer.AdamW(0.1, parameters=[p], weight_decay=0.0, lr_ratio=lambda q: 0.5)
    _set_grad(p, [3.0])
    opt.step()
    np.testing.assert_allclose(p.numpy(), [0.95], rtol=1e-6)


def test_state_dict_round_trip_and_pending_load():
    def run(opt_state=None):
        with paddle.utils.unique_name.guard():
            p = _param([1.0, -1.0])
            opt = paddle.optimizer.Adam(0.1, parameters=[p])
            if opt_state is not None:
                opt.set_state_dict(opt_state)
                assert sorted(opt.state_dict()) == sorted(opt_state)  # waits until created
            for g in ([1.0, 2.0], [-1.0, 0.5]):
                _set_grad(p, g)
                opt.step()
                opt.clear_grad()
        return p.name, opt.state_dict()

    name, first = run()
    assert sorted(first) == [f"{name}_{acc}_0" for acc in ("beta1_pow_acc", "beta2_pow_acc",
                                                             "moment1", "moment2")]
    np.testing.assert_allclose(first[f"{name}_beta1_pow_acc_0"].numpy(), [0.9 ** 3], rtol=1e-6)
    _, resumed = run({k: v.numpy() for k, v in first.items()})
    np.testing.assert_allclose(resumed[f"{name}_beta1_pow_acc_0"].numpy(), [0.9 ** 5],
                               rtol=1e-6)


def test_set_state_dict_reports_missing_and_misshapen_state():
    p = _param([1.0, 2.0])
    opt = paddle.optimizer.Momentum(0.1, parameters=[p])
    _set_grad(p, [1.0, 1.0])
    opt.step()
    with pytest.raises(KeyError, match="velocity"):
        opt.set_state_dict({})
    name = next(iter(opt.state_dict()))
    with pytest.raises(ValueError, match=r"shape \[3\]"):
        opt.set_state_dict({name: np.zeros(3, "float32")})
    sched_opt = paddle.optimizer.SGD(paddle.optimizer.lr.StepDecay(0.1, 2), parameters=[p])
    with pytest.raises(KeyError, match="LR_Scheduler"):
        sched_opt.set_state_dict({})


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_multi_precision_updates_a_float32_master(dtype):
    values, grad = [0.1, -0.3, 0.7], [0.5, 1.5, -2.0]
    low = _param(values, dtype)
    ref = _param(values)
    ref.set_value(low.astype("float32"))
    opt_low = paddle.optimizer.Adam(0.01, parameters=[low], multi_precision=True)
    opt_ref = paddle.optimizer.Adam(0.01, parameters=[ref])
    for _ in range(3):
        _set_grad(low, grad)
        _set_grad(ref, np.asarray(grad, "float32").astype(dtype).astype("float32"))
        opt_low.step()
        opt_ref.step()
        opt_low.clear_grad()
        opt_ref.clear_grad()
    state = opt_low.state_dict()
    master = state["master_weights"][low.name]
    assert master.dtype == paddle.float32
    np.testing.assert_allclose(master.numpy(), ref.numpy(), rtol=1e-6)
    np.testing.assert_array_equal(low.numpy(), master.astype(dtype).numpy())
    assert all(v.dtype == paddle.float32 for k, v in state.items() if k != "master_weights")
    assert any("_fp32_master_0_moment1" in k for k in state)


def test_low_precision_without_master_computes_in_float32():
    p = _param([0.5, -0.5], "float16")
    opt = paddle.optimizer.Momentum(0.1, parameters=[p])
    _set_grad(p, [1.0, 1.0])
    opt.step()
    assert p.dtype == paddle.float16
    np.testing.assert_allclose(p.astype("float32").numpy(), [0.4, -0.6], rtol=1e-3)
    assert opt.state_dict()[f"{p.name}_velocity_0"].dtype == paddle.float16


def test_found_inf_skips_the_update_but_creates_state():
    p = _param([1.0])
    opt = paddle.optimizer.Adam(0.1, parameters=[p])
    opt._set_auxiliary_var("found_inf", paddle.to_tensor(True))
    _set_grad(p, [1.0])
    opt.step()
    assert p.numpy()[0] == 1.0 and len(opt.state_dict()) == 4
    opt._set_auxiliary_var("found_inf", paddle.to_tensor(False))
    opt.step()
    assert p.numpy()[0] < 1.0


def test_scheduler_drives_the_rate_each_step():
    p = _param([0.0])
    sched = paddle.optimizer.lr.StepDecay(1.0, step_size=1, gamma=0.5)
    opt = paddle.optimizer.SGD(sched, parameters=[p])
    for _ in range(3):
        _set_grad(p, [1.0])
        opt.step()
        opt.clear_grad()
        sched.step()
    np.testing.assert_allclose(p.numpy(), [-1.75])
    assert opt.state_dict()["LR_Scheduler"] == {"last_epoch": 3, "last_lr": 0.125}


def test_zero_grad_and_clear_grad():
    p = _param([1.0])
    opt = paddle.optimizer.SGD(0.1, parameters=[p])
    _set_grad(p, [3.0])
    opt.zero_grad(set_to_none=False)
    assert p.grad.numpy().tolist() == [0.0]
    opt.clear_grad(set_to_zero=False)
    assert p.grad is None
    assert opt.clear_gradients.__func__ is paddle.optimizer.SGD.clear_grad


def test_apply_gradients_and_append_regularization_ops():
    p = _param([2.0])
    opt = paddle.optimizer.SGD(0.5, parameters=[p], weight_decay=0.5)
    pairs = opt.append_regularization_ops([(p, paddle.to_tensor([1.0]))], opt.regularization)
    np.testing.assert_allclose(pairs[0][1].numpy(), [2.0])
    assert opt.apply_gradients([(p, paddle.to_tensor([1.0]))]) == []
    np.testing.assert_allclose(p.numpy(), [1.0])


def test_regularizer_call_returns_the_decay_term():
    w = paddle.to_tensor([-2.0, 0.0, 3.0])
    assert paddle.regularizer.L1Decay(0.5)(w).numpy().tolist() == [-0.5, 0.0, 0.5]
    assert paddle.regularizer.L2Decay(0.5)(w, None, None).numpy().tolist() == [-1.0, 0.0, 1.5]
    with pytest.raises(TypeError, match="L2Decay"):
        paddle.regularizer.L2Decay("0.1")


def test_parameter_items_must_be_tensors():
    with pytest.raises(TypeError, match="Tensor or a dict"):
        paddle.optimizer.SGD(0.1, parameters=[1.0])
    with pytest.raises(ValueError, match="params"):
        paddle.optimizer.SGD(0.1, parameters=[{"learning_rate": 0.1}])


def test_lbfgs_solves_a_quadratic():
    target = np.array([3.0, -2.0, 0.5], "float32")
    w = _param([0.0, 0.0, 0.0])
    opt = paddle.optimizer.LBFGS(parameters=[w], line_search_fn="strong_wolfe")

    def closure():
        opt.clear_grad()
        loss = ((w - paddle.to_tensor(target)) ** 2 * paddle.to_tensor([1.0, 4.0, 9.0])).sum()
        loss.backward()
        return loss
    for _ in range(3):
        opt.step(closure)
    np.testing.assert_allclose(w.numpy(), target, atol=1e-5)
    state = opt.state_dict()["state"]
    assert state["n_iter"] >= 2 and isinstance(state["d"], paddle.Tensor)
    fresh = paddle.optimizer.LBFGS(parameters=[w])
    fresh.set_state_dict(opt.state_dict())
    assert fresh.state["n_iter"] == state["n_iter"]


def test_step_inside_to_static_runs_the_training_step_eagerly():
    def make():
        with paddle.utils.unique_name.guard():
            layer = paddle.nn.Linear(3, 2)
        layer.weight.set_value(np.arange(6, dtype="float32").reshape(3, 2) / 10)
        return layer, paddle.optimizer.Adam(0.1, parameters=layer.parameters())

    def train(layer, opt, x):
        loss = layer(x).sum()
        loss.backward()
        opt.step()
        opt.clear_grad()
        return loss

    static_layer, static_opt = make()
    eager_layer, eager_opt = make()
    step = paddle.jit.to_static(lambda x: train(static_layer, static_opt, x))
    x = paddle.ones([4, 3])
    with pytest.warns(UserWarning, match="dynamic mode"):
        step(x)
    step(x)
    for _ in range(2):
        train(eager_layer, eager_opt, x)
    np.testing.assert_array_equal(static_layer.weight.numpy(), eager_layer.weight.numpy())


def test_static_mode_optimizers_take_the_programs_parameters():
    # static training itself is tested in tests/static/test_training.py
    paddle.enable_static()
    try:
        opt = paddle.optimizer.Adam(0.01)
        assert opt._all_parameters() == []
        with pytest.raises(RuntimeError, match="traced"):
            opt.step()
    finally:
        paddle.disable_static()
