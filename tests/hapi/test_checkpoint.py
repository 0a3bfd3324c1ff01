"""paddle.Model.save/load: the training files in paddle.save's format, optimizer state,
mismatched parameters, and the inference form."""
import os
import warnings

import numpy as np
import pytest
from conftest import make_model, make_net

import paddle
from paddle.static import InputSpec


def named_model():
    """A model whose parameter names (and so optimizer state names) are the same each time,
    as a checkpoint's optimizer state needs."""
    with paddle.utils.unique_name.guard():
        return make_model()


@pytest.fixture
def trained(dataset):
    model = named_model()
    model.fit(dataset, batch_size=5, epochs=1, verbose=0)
    return model


def test_save_writes_paddle_checkpoint_files(trained, tmp_path):
    path = str(tmp_path / "ckpt" / "model")
    trained.save(path)
    params = paddle.load(path + ".pdparams")
    assert sorted(params) == sorted(trained.network.state_dict())
    opt_state = paddle.load(path + ".pdopt")
    assert opt_state.keys() == trained._optimizer.state_dict().keys()


def test_no_pdopt_for_stateless_optimizer(tmp_path):
    model = make_model(optimizer="SGD")
    model.save(str(tmp_path / "m"))
    assert sorted(os.listdir(tmp_path)) == ["m.pdparams"]


def test_load_restores_parameters_and_optimizer(dataset, tmp_path):
    """Save in one naming scope and resume in a fresh one, as a new process would: the
    optimizer state names (parameter name + accumulator + counter) then line up."""
    path = str(tmp_path / "model")
    x, y = dataset.x[:5], dataset.y[:5]
    with paddle.utils.unique_name.guard():
        trained = make_model()
        trained.train_batch([x], [y])
        trained.save(path)
        trained.train_batch([x], [y])
    with paddle.utils.unique_name.guard():
        fresh = make_model()
        fresh.load(path + ".pdparams")
        fresh.train_batch([x], [y])
    for got, want in zip(fresh.parameters(), trained.parameters()):
        np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-6)


def test_load_reset_optimizer_keeps_fresh_state(trained, tmp_path):
    path = str(tmp_path / "model")
    trained.save(path)
    fresh = make_model()
    fresh.load(path, reset_optimizer=True)
    assert fresh._optimizer.state_dict() == {}


def test_load_mismatch_raises_or_skips(trained, tmp_path):
    path = str(tmp_path / "model")
    trained.save(path)
    wider = paddle.Model(paddle.nn.Sequential(paddle.nn.Linear(4, 9), paddle.nn.ReLU(),
                                              paddle.nn.Linear(9, 3)))
    with pytest.raises(ValueError, match="expected shape"):
        wider.load(path)
    before = [p.numpy().copy() for p in wider.parameters()]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        wider.load(path, skip_mismatch=True)
    assert sum("Skip loading" in str(w.message) for w in caught) == 3
    after = [p.numpy() for p in wider.parameters()]
    np.testing.assert_array_equal(after[0], before[0])
    np.testing.assert_array_equal(after[3], trained.parameters()[3].numpy())


def test_load_path_errors(tmp_path):
    model = make_model()
    with pytest.raises(ValueError, match="postfix"):
        model.load(str(tmp_path / "model.bin"))
    with pytest.raises(FileNotFoundError, match="pdparams"):
        model.load(str(tmp_path / "missing"))


def test_inference_save_needs_input_shapes(tmp_path):
    model = paddle.Model(make_net())
    with pytest.raises(RuntimeError, match="inputs"):
        model.save(str(tmp_path / "infer"), training=False)
    with pytest.raises(ValueError, match="file_prefix"):
        model.save(str(tmp_path) + os.sep, training=False)


def test_inference_save_uses_jit_save(tmp_path):
    model = paddle.Model(make_net(), [InputSpec([None, 4], "float32", "x")])
    path = str(tmp_path / "infer")
    if not hasattr(paddle.jit, "save"):
        with pytest.raises(NotImplementedError, match="jit.save"):
            model.save(path, training=False)
        return
    model.save(path, training=False)
    assert any(name.startswith("infer") for name in os.listdir(tmp_path))
