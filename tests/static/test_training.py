"""Legacy static training: optimizer.minimize(loss) in static mode records the backward and one
update op per parameter, and Executor.run trains exactly as the same model does eagerly —
with a dynamic batch dim (the backward is rebuilt per feed shape) and with fixed shapes."""
import numpy as np
import pytest

import paddle

RNG = np.random.RandomState(7)
W1 = RNG.uniform(-0.4, 0.4, (6, 16)).astype("float32")
W2 = RNG.uniform(-0.4, 0.4, (16, 4)).astype("float32")
XS = [RNG.rand(n, 6).astype("float32") for n in (8, 8, 5, 8, 3)]
YS = [RNG.randint(0, 4, (len(x), 1)).astype("int64") for x in XS]


def _attr(w):
    # a copy: the Assign initializer here keeps the array's memory (Paddle copies it)
    return paddle.ParamAttr(initializer=paddle.nn.initializer.Assign(w.copy()))


def _net(x):
    h = paddle.static.nn.fc(x, 16, weight_attr=_attr(W1), activation="relu")
    return paddle.static.nn.fc(h, 4, weight_attr=_attr(W2))


def _loss(logits, y):
    return paddle.nn.functional.cross_entropy(logits, y).mean()


def _static_losses(make_opt, batch=None, steps=5):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [batch, 6], "float32")
        y = paddle.static.data("y", [batch, 1], "int64")
        loss = _loss(_net(x), y)
        opt = make_opt(None)
        ops, params_grads = opt.minimize(loss)
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    losses = []
    for i in range(steps):
        losses.append(exe.run(main, feed={"x": XS[i], "y": YS[i]}, fetch_list=[loss])[0])
        _advance_schedule(opt)
    return np.array(losses), main, ops, params_grads


def _advance_schedule(opt):
    if isinstance(opt._learning_rate, paddle.optimizer.lr.LRScheduler):
        opt._learning_rate.step()


def _eager_losses(make_opt, steps=5):
    paddle.disable_static()
    w1, b1 = paddle.to_tensor(W1, stop_gradient=False), paddle.zeros([16])
    w2, b2 = paddle.to_tensor(W2, stop_gradient=False), paddle.zeros([4])
    params = [w1, b1, w2, b2]
    for p in params:
        p.stop_gradient = False
    opt = make_opt(params)
    losses = []
    for i in range(steps):
        h = paddle.nn.functional.relu(paddle.to_tensor(XS[i]) @ w1 + b1)
        loss = _loss(h @ w2 + b2, paddle.to_tensor(YS[i]))
        loss.backward()
        opt.step()
        opt.clear_grad()
        _advance_schedule(opt)
        losses.append(loss.numpy())
    paddle.enable_static()
    return np.array(losses)


OPTIMIZERS = {
    "sgd": lambda params: paddle.optimizer.SGD(0.5, parameters=params),
    "adam": lambda params: paddle.optimizer.Adam(0.05, parameters=params),
    "momentum_decay_clip": lambda params: paddle.optimizer.Momentum(
        0.2, momentum=0.9, parameters=params, weight_decay=0.01,
        grad_clip=paddle.nn.ClipGradByGlobalNorm(0.5)),
    "adamw_scheduler": lambda params: paddle.optimizer.AdamW(
        paddle.optimizer.lr.PiecewiseDecay([2], [0.05, 0.01]), parameters=params),
}


@pytest.mark.parametrize("name", sorted(OPTIMIZERS))
def test_static_training_with_dynamic_batch_equals_eager(static_mode, name):
    static, _, _, _ = _static_losses(OPTIMIZERS[name])
    np.testing.assert_allclose(static, _eager_losses(OPTIMIZERS[name]), rtol=1e-6)


def test_fixed_shapes_record_the_backward_and_updates_in_the_program(static_mode):
    losses, main, ops, params_grads = _static_losses(
        lambda p: paddle.optimizer.SGD(0.5, parameters=p), batch=8, steps=2)
    text = str(main)
    assert '"pd_op.matmul_grad"' in text or '"pd_op.matmul"' in text.split("sgd_")[0]
    assert text.count('"pd_op.sgd_"') == 4 == len(ops)
    assert "builtin.backward" not in text
    assert [p.name for p, _ in params_grads] == ["fc_0.w_0", "fc_0.b_0", "fc_1.w_0", "fc_1.b_0"]
    assert [g.shape for _, g in params_grads] == [[6, 16], [16], [16, 4], [4]]
    np.testing.assert_allclose(
        losses, _eager_losses(lambda p: paddle.optimizer.SGD(0.5, parameters=p), steps=2),
        rtol=1e-6)


def test_dynamic_batch_defers_the_backward_until_feed_shapes_are_known(static_mode):
    _, main, ops, params_grads = _static_losses(
        lambda p: paddle.optimizer.Adam(0.05, parameters=p), steps=1)
    text = str(main).split("// builtin.backward stands for")[0]  # the program as recorded
    assert text.count('"builtin.backward"') == 1 and text.count('"pd_op.adam_"') == 4
    assert [g.shape for _, g in params_grads] == [[6, 16], [16], [16, 4], [4]]


def test_gradients_of_a_dynamic_batch_program_are_fetchable(static_mode):
    main = paddle.static.Program()
    with paddle.static.program_guard(main, paddle.static.Program()):
        x = paddle.static.data("x", [None, 6], "float32")
        x.stop_gradient = False
        out = _net(x)
        unrelated = paddle.static.data("z", [None, 6], "float32")
        dx, dz = paddle.static.gradients(paddle.sum(out * out), [x, unrelated])
    assert dz is None and dx.shape == [-1, 6]
    exe = paddle.static.Executor()
    for n in (3, 5):
        feed = {"x": XS[0][:n], "z": XS[1][:n]}
        (got,) = exe.run(main, feed=feed, fetch_list=[dx])
        paddle.disable_static()
        xe = paddle.to_tensor(XS[0][:n], stop_gradient=False)
        h = paddle.nn.functional.relu(xe @ paddle.to_tensor(W1))
        oe = h @ paddle.to_tensor(W2)
        (want,) = paddle.grad(paddle.sum(oe * oe), [xe])
        paddle.enable_static()
        np.testing.assert_allclose(got, want.numpy(), rtol=1e-6)


def test_fc_names_shapes_and_several_inputs(static_mode):
    x = paddle.static.data("x", [None, 2, 3], "float32")
    assert paddle.static.nn.fc(x, 4, num_flatten_dims=2).shape == [-1, 2, 4]
    y = paddle.static.nn.fc([x, x], 5, bias_attr=False, activation="tanh")
    assert y.shape == [-1, 5]
    names = list(paddle.static.default_main_program().parameters)
    assert names[-3:] == ["fc_0.b_0", "fc_1.w_0", "fc_1.w_1"]
    with pytest.raises(ValueError, match=r"\(fc\) num_flatten_dims"):
        paddle.static.nn.fc(x, 4, num_flatten_dims=3)
    with pytest.raises(ValueError, match=r"\(fc\) size"):
        paddle.static.nn.fc(x, 0)


def test_create_parameter_trains_in_static_mode(static_mode):
    assert paddle.static.create_parameter is paddle.create_parameter
    main = paddle.static.Program()
    with paddle.static.program_guard(main, paddle.static.Program()):
        w = paddle.static.create_parameter(
            [6, 1], "float32", default_initializer=paddle.nn.initializer.Constant(0.5))
        x = paddle.static.data("x", [None, 6], "float32")
        loss = paddle.mean(x @ w)
        paddle.optimizer.SGD(1.0).minimize(loss)
    paddle.static.Executor().run(main, feed={"x": XS[0]}, fetch_list=[loss])
    np.testing.assert_allclose(w.numpy()[:, 0], 0.5 - XS[0].mean(axis=0), rtol=1e-6)


def test_optimizer_without_parameters_is_refused_in_dynamic_mode():
    with pytest.raises(AttributeError, match="should not be None in dygraph mode"):
        paddle.optimizer.SGD(0.1)


def test_program_cloned_before_minimize_evaluates_without_training(static_mode):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 6], "float32")
        y = paddle.static.data("y", [None, 1], "int64")
        loss = _loss(_net(x), y)
        test_program = main.clone(for_test=True)
        paddle.optimizer.SGD(0.5).minimize(loss)
    assert '"pd_op.sgd_"' not in str(test_program)
    exe = paddle.static.Executor()
    feed = {"x": XS[0], "y": YS[0]}
    evaluations = [exe.run(test_program, feed=feed, fetch_list=[loss])[0] for _ in range(2)]
    assert evaluations[0] == evaluations[1]
    trained = [exe.run(main, feed=feed, fetch_list=[loss])[0] for _ in range(2)]
    assert trained[0] == evaluations[0] and trained[1] < trained[0]


def test_lenet_trains_in_static_mode_like_eager(static_mode):
    images = np.random.default_rng(0).random((3, 2, 1, 28, 28)).astype("float32")
    labels = np.random.default_rng(1).integers(0, 10, (3, 2, 1)).astype("int64")
    paddle.seed(5)
    net = paddle.vision.models.LeNet()
    state = {k: v.numpy().copy() for k, v in net.state_dict().items()}
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 1, 28, 28], "float32")
        y = paddle.static.data("y", [None, 1], "int64")
        loss = _loss(net(x), y)
        paddle.optimizer.Momentum(0.05, momentum=0.9).minimize(loss)
    exe = paddle.static.Executor()
    static = [exe.run(main, feed={"x": images[i], "y": labels[i]}, fetch_list=[loss])[0]
              for i in range(3)]
    paddle.disable_static()
    net.set_state_dict(state)
    opt = paddle.optimizer.Momentum(0.05, momentum=0.9, parameters=net.parameters())
    eager = []
    for i in range(3):
        loss = _loss(net(paddle.to_tensor(images[i])), paddle.to_tensor(labels[i]))
        loss.backward()
        opt.step()
        opt.clear_grad()
        eager.append(loss.numpy())
    paddle.enable_static()
    np.testing.assert_allclose(static, eager, rtol=1e-6)


def test_minimize_a_chosen_parameter_with_clipping_leaves_the_others(static_mode):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 6], "float32")
        loss = paddle.mean(_net(x))
        opt = paddle.optimizer.SGD(0.5, grad_clip=paddle.nn.ClipGradByGlobalNorm(0.1))
        ops, params_grads = opt.minimize(loss, parameters=["fc_1.b_0"])
    assert [p.name for p, _ in params_grads] == ["fc_1.b_0"] and len(ops) == 1
    assert str(main).count('"pd_op.clip_gradients"') == 1
    params = main.parameters
    before = {k: v.numpy().copy() for k, v in params.items()}
    paddle.static.Executor().run(main, feed={"x": XS[0]}, fetch_list=[loss])
    changed = [k for k in params if not np.array_equal(params[k].numpy(), before[k])]
    assert changed == ["fc_1.b_0"]
    # the mean's gradient wrt the bias is 1/4 per entry: norm 0.5, clipped to 0.1
    np.testing.assert_allclose(before["fc_1.b_0"] - params["fc_1.b_0"].numpy(),
                               np.full(4, 0.5 * 0.05, "float32"), rtol=1e-5)


def test_bad_feeds_of_a_training_program_name_the_input(static_mode):
    main = paddle.static.Program()
    with paddle.static.program_guard(main, paddle.static.Program()):
        x = paddle.static.data("x", [None, 6], "float32")
        loss = paddle.mean(_net(x))
        paddle.optimizer.SGD(0.1).minimize(loss)
    exe = paddle.static.Executor()
    with pytest.raises(ValueError, match=r"'x' has shape \[3, 5\].*\[-1, 6\]"):
        exe.run(main, feed={"x": np.ones((3, 5), "float32")}, fetch_list=[loss])
    with pytest.raises(TypeError, match=r"'x' has dtype complex64"):
        exe.run(main, feed={"x": np.ones((3, 6), "complex64")}, fetch_list=[loss])
    with pytest.raises(RuntimeError, match=r"needs the input 'x'"):
        exe.run(main, feed={}, fetch_list=[loss])
    # float64 data is cast to the declared float32, as Paddle's feed does
    (value,) = exe.run(main, feed={"x": XS[0].astype("float64")}, fetch_list=[loss])
    assert value.dtype == np.float32


def test_state_written_back_by_a_program(static_mode):
    """Tracer.write_state: code that updates a buffer in place eagerly (batch-norm running
    statistics) records the copy, and every run of the program performs it."""
    from paddle._core import state
    paddle.disable_static()
    running = paddle.zeros([6])  # a concrete buffer, as a layer holds it
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main, paddle.static.Program()):
        x = paddle.static.data("x", [None, 6], "float32")
        new = running * 0.5 + x.mean(axis=0)
        state.tracer.write_state(running, new)
        with pytest.raises(TypeError, match="assign_out_"):
            state.tracer.write_state(x, new)
    assert '"pd_op.assign_out_"' in str(main)
    exe = paddle.static.Executor()
    exe.run(main, feed={"x": XS[0]}, fetch_list=[new])
    exe.run(main, feed={"x": XS[1]}, fetch_list=[new])
    expected = (XS[0].mean(axis=0) * 0.5 + XS[1].mean(axis=0))
    np.testing.assert_allclose(running.numpy(), expected, rtol=1e-6)


def test_global_scope_reads_and_sets_trained_parameters(static_mode):
    main = paddle.static.Program()
    with paddle.static.program_guard(main, paddle.static.Program()):
        x = paddle.static.data("x", [None, 6], "float32")
        out = _net(x)
    scope = paddle.static.global_scope()
    assert scope.find_var("no_such_parameter") is None
    weight = scope.find_var("fc_0.w_0").get_tensor()
    assert weight.shape() == [6, 16]
    np.testing.assert_array_equal(np.array(weight), W1)
    weight.set(np.zeros((6, 16)), paddle.CPUPlace())
    (value,) = paddle.static.Executor().run(main, feed={"x": XS[0]}, fetch_list=[out])
    np.testing.assert_allclose(value, np.zeros((8, 4)) + main.parameters["fc_1.b_0"].numpy())
