"""paddle.Model: batches, loops, data forms, input inference, static mode, AMP settings and
argument errors."""
import numpy as np
import pytest
from conftest import PairDataset, make_model, make_net

import paddle
from paddle.hapi.model import prepare_distributed_context, to_list
from paddle.static import InputSpec


def test_to_list_and_single_process_context():
    assert to_list(None) is None
    assert to_list((1, 2)) == [1, 2]
    assert to_list(3) == [3]
    assert prepare_distributed_context() is None


def test_train_batch_needs_prepare_and_loss(dataset):
    model = paddle.Model(make_net())
    x, y = dataset.x[:4], dataset.y[:4]
    with pytest.raises(RuntimeError, match="prepare"):
        model.train_batch([x], [y])
    model.prepare(paddle.optimizer.SGD(0.1, parameters=model.parameters()))
    with pytest.raises(RuntimeError, match="loss"):
        model.train_batch([x], [y])


def test_train_batch_update_false_accumulates_gradients(dataset):
    model = make_model(optimizer="SGD", metrics=False)
    x, y = dataset.x[:4], dataset.y[:4]
    grads = []
    for update in (False, False, True):
        model.train_batch([x], [y], update=update)
        grads.append([p.grad.numpy().copy() for p in model.parameters()])
    for once, twice, after in zip(*grads):
        np.testing.assert_allclose(once * 2, twice, rtol=1e-5)
        np.testing.assert_array_equal(after, np.zeros_like(after))


def test_batches_accept_bare_arrays_and_tensors(dataset):
    model = make_model()
    loss, acc = model.eval_batch(dataset.x[:5], dataset.y[:5])
    assert loss[0].shape == () and isinstance(acc[0], float)
    out = model.predict_batch(paddle.to_tensor(dataset.x[:3]))
    assert out[0].shape == (3, 3)


def test_inputs_inferred_from_first_batch(dataset):
    model = paddle.Model(make_net())
    assert [s.shape for s in model._inputs] == [(-1,)]
    model.prepare()
    model.predict_batch([dataset.x[:2]])
    assert model._inputs[0].shape == (2, 4) and model._inputs[0].name == "input"
    assert model._is_shape_inferred


def test_input_specs_are_checked():
    with pytest.raises(ValueError, match="name"):
        paddle.Model(make_net(), [InputSpec([None, 4], "float32")])
    with pytest.raises(TypeError, match="InputSpec"):
        paddle.Model(make_net(), [np.zeros(3)])
    with pytest.raises(TypeError, match="Layer"):
        paddle.Model(lambda x: x)
    model = paddle.Model(make_net(), {"input": InputSpec([None, 4], "float32", "x")})
    assert model._inputs[0].name == "x"


def test_prepare_argument_errors():
    model = paddle.Model(make_net())
    with pytest.raises(TypeError, match="loss"):
        model.prepare(loss=3)
    with pytest.raises(TypeError, match="Metric"):
        model.prepare(metrics=[3])
    with pytest.raises(ValueError, match="use_fp16_guard"):
        model.prepare(amp_configs={"level": "O1", "use_fp16_guard": True})
    clip = paddle.nn.ClipGradByValue(1.0)
    opt = paddle.optimizer.SGD(0.1, parameters=model.parameters(), grad_clip=clip)
    with pytest.raises(ValueError, match="ClipGradByNorm"):
        model.prepare(opt, amp_configs="O2")


def test_amp_makes_no_effect_on_cpu(dataset):
    model = paddle.Model(make_net())
    with pytest.warns(UserWarning, match="makes no effect"):
        model.prepare(paddle.optimizer.SGD(0.1, parameters=model.parameters()),
                      paddle.nn.CrossEntropyLoss(),
                      amp_configs={"level": "O1", "init_loss_scaling": 128.0,
                                   "custom_white_list": ["matmul"]})
    assert model._amp.scaler_configs == {"init_loss_scaling": 128.0}
    assert model._amp.custom_lists == {"custom_white_list": ["matmul"]}
    plain = make_model(optimizer="SGD", lr=0.1, metrics=False)
    expected = plain.train_batch([dataset.x[:4]], [dataset.y[:4]])
    got = model.train_batch([dataset.x[:4]], [dataset.y[:4]])
    np.testing.assert_allclose(got[0], expected[0], rtol=1e-6)


def test_fit_evaluate_predict_results(dataset, capsys):
    model = make_model()
    model.fit(dataset, PairDataset(12, seed=2), batch_size=4, epochs=3, verbose=0)
    assert capsys.readouterr().out == ""
    result = model.evaluate(PairDataset(12, seed=2), batch_size=5, verbose=0)
    assert set(result) == {"loss", "acc"} and isinstance(result["loss"], list)
    out = model.predict(PairDataset(6, seed=3), batch_size=4, verbose=0)
    assert len(out) == 1 and [o.shape for o in out[0]] == [(4, 3), (2, 3)]
    stacked = model.predict(PairDataset(6, seed=3), batch_size=4, stack_outputs=True,
                            verbose=0)
    np.testing.assert_allclose(stacked[0], np.vstack(out[0]))


def test_fit_learns_and_matches_manual_loop(dataset):
    model = make_model(optimizer="SGD", lr=0.1, metrics=False)
    model.fit(dataset, batch_size=5, epochs=2, shuffle=False, verbose=0)
    net = make_net()
    opt = paddle.optimizer.SGD(0.1, parameters=net.parameters())
    for _ in range(2):
        for i in range(0, 20, 5):
            loss = paddle.nn.CrossEntropyLoss()(net(paddle.to_tensor(dataset.x[i:i + 5])),
                                                paddle.to_tensor(dataset.y[i:i + 5]))
            loss.backward()
            opt.step()
            opt.clear_grad()
    for got, want in zip(model.parameters(), net.parameters()):
        np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-5, atol=1e-6)


def test_fit_takes_dataloaders_and_iterables(dataset):
    model = make_model()
    loader = paddle.io.DataLoader(dataset, batch_size=8)
    model.fit(loader, loader, epochs=1, verbose=0)

    class Stream(paddle.io.IterableDataset):
        def __iter__(self):
            for i in range(len(dataset)):
                yield dataset.x[i], dataset.y[i]

    model.fit(Stream(), batch_size=6, epochs=1, verbose=0)
    batches = [[paddle.to_tensor(dataset.x[:4]), paddle.to_tensor(dataset.y[:4])]] * 3
    result = model.evaluate(batches, verbose=0)
    assert 0.0 <= result["acc"] <= 1.0


def test_fit_num_iters_and_batch_size_errors(dataset):
    model = make_model()
    seen = []

    class Steps(paddle.callbacks.Callback):
        def on_train_batch_end(self, step, logs=None):
            seen.append(step)

    model.fit(dataset, batch_size=4, epochs=5, num_iters=7, verbose=0, callbacks=Steps())
    assert seen == [0, 1, 2, 3, 4, 0, 1]
    with pytest.raises(ValueError, match="num_iters"):
        model.fit(dataset, num_iters=0)
    with pytest.raises(ValueError, match="train_data"):
        model.fit()
    with pytest.raises(ValueError, match="eval_batch_size"):
        model.fit(dataset, batch_size=(1, 2, 3))
    with pytest.raises(TypeError, match="batch_size"):
        model.fit(dataset, batch_size="8")


def test_fit_saves_checkpoints(dataset, tmp_path, capsys):
    model = make_model()
    model.fit(dataset, batch_size=10, epochs=3, save_dir=str(tmp_path), save_freq=2,
              verbose=0)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["0.pdopt", "0.pdparams", "2.pdopt", "2.pdparams", "final.pdopt",
                     "final.pdparams"]
    assert "save checkpoint at" in capsys.readouterr().out


def test_model_in_static_mode_runs_eagerly(dataset):
    expected = make_model(optimizer="SGD", lr=0.1)
    expected.fit(dataset, batch_size=5, epochs=1, shuffle=False, verbose=0)
    want = expected.evaluate(dataset, batch_size=5, verbose=0)
    paddle.enable_static()
    try:
        with pytest.raises(TypeError, match="inputs"):
            paddle.Model(make_net())
        model = paddle.Model(expected.network, [InputSpec([None, 4], "float32", "x")])
        model.prepare(loss=paddle.nn.CrossEntropyLoss(), metrics=paddle.metric.Accuracy())
        result = model.evaluate(dataset, batch_size=5, verbose=0)
        out = model.predict_batch([dataset.x[:3]])
        assert not paddle.in_dynamic_mode()
    finally:
        paddle.disable_static()
    assert result == want
    np.testing.assert_allclose(out[0], expected.predict_batch([dataset.x[:3]])[0])


def test_parameters_and_summary(capsys):
    model = make_model()
    assert [p.shape for p in model.parameters()] == [[4, 8], [8], [8, 3], [3]]
    info = model.summary()
    assert int(info["total_params"]) == 67
    assert "Total params: 67" in capsys.readouterr().out
    bare = paddle.Model(make_net())
    bare._inputs = None
    with pytest.raises(ValueError, match="input_size"):
        bare.summary()
