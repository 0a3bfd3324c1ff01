"""paddle.save / paddle.load round trips: layouts, containers, protocols, buffers, big arrays."""
import io
import pickle

import numpy as np
import pytest

import paddle
from paddle.framework import _checkpoint_layout as layout


def roundtrip(obj, **configs):
    buffer = io.BytesIO()
    paddle.save(obj, buffer, **configs)
    buffer.seek(0)
    return paddle.load(buffer)


@pytest.mark.parametrize("protocol", [2, 3, 4])
def test_state_dict_layout_and_roundtrip(tmp_path, protocol):
    layer = paddle.nn.Linear(3, 2)
    path = str(tmp_path / "sub" / "linear.pdparams")  # missing folders are created
    paddle.save(layer.state_dict(), path, protocol=protocol)
    with open(path, "rb") as handle:
        raw = pickle.load(handle)
    assert raw["StructuredToParameterName@@"] == {"weight": layer.weight.name,
                                                 "bias": layer.bias.name}
    assert isinstance(raw["weight"], np.ndarray) and raw["weight"].shape == (3, 2)
    loaded = paddle.load(path)
    assert set(loaded) == {"weight", "bias"}
    np.testing.assert_array_equal(loaded["weight"].numpy(), layer.weight.numpy())
    assert loaded["weight"].name == layer.weight.name


def test_non_state_dict_objects_keep_structure():
    obj = {"t": paddle.to_tensor([1, 2]), "l": [paddle.to_tensor(1.5), 3, "x"],
           "d": {"k": paddle.ones([2])}, "tup": (paddle.zeros([1]), 2), "n": None}
    loaded = roundtrip(obj)
    assert loaded["t"].dtype == paddle.int64 and loaded["t"].tolist() == [1, 2]
    assert loaded["l"][0].shape == [] and loaded["l"][1:] == [3, "x"]
    assert isinstance(loaded["tup"], tuple) and loaded["tup"][1] == 2
    assert loaded["d"]["k"].tolist() == [1.0, 1.0] and loaded["n"] is None


def test_plain_values_and_arrays():
    assert roundtrip(3) == 3
    array_back = roundtrip(np.arange(3))
    assert isinstance(array_back, paddle.Tensor) and array_back.tolist() == [0, 1, 2]
    tensor = roundtrip(paddle.to_tensor([[1.0, 2.0]], dtype="float64"))
    assert tensor.dtype == paddle.float64 and tensor.shape == [1, 2]


def test_empty_and_zero_dim_tensors():
    loaded = roundtrip({"empty": paddle.zeros([0, 3]), "scalar": paddle.to_tensor(2.5)})
    assert loaded["empty"].shape == [0, 3] and loaded["scalar"].shape == []


def test_optimizer_state_with_scheduler_roundtrip():
    layer = paddle.nn.Linear(2, 2)
    scheduler = paddle.optimizer.lr.StepDecay(0.5, step_size=1)
    opt = paddle.optimizer.Adam(parameters=layer.parameters(), learning_rate=scheduler)
    layer(paddle.ones([1, 2])).sum().backward()
    opt.step()
    scheduler.step()
    state = roundtrip(opt.state_dict())
    fresh = paddle.optimizer.Adam(parameters=layer.parameters(),
                                  learning_rate=paddle.optimizer.lr.StepDecay(0.5, step_size=1))
    fresh.set_state_dict(state)
    assert fresh.get_lr() == opt.get_lr()


def test_big_arrays_split_for_old_protocols(monkeypatch):
    monkeypatch.setattr(layout, "SPLIT_PART_BYTES", 16)
    state = {"w": paddle.arange(10, dtype="float32").reshape([2, 5]), "b": paddle.ones([2])}
    buffer = io.BytesIO()
    paddle.save(state, buffer, protocol=2)
    buffer.seek(0)
    raw = pickle.load(buffer)
    assert raw["UnpackBigParamInfor@@"]["w"]["slices"] == ["w@@.0", "w@@.1", "w@@.2"]
    buffer.seek(0)
    loaded = paddle.load(buffer)
    assert set(loaded) == {"w", "b"}
    assert loaded["w"].reshape([-1]).tolist() == list(range(10))


def test_pickle_protocol_config_is_deprecated_alias():
    with pytest.warns(UserWarning, match="deprecated"):
        loaded = roundtrip({"a": paddle.ones([1])}, pickle_protocol=2)
    assert loaded["a"].tolist() == [1.0]


def test_async_save(tmp_path):
    weights = paddle.ones([3])
    path = str(tmp_path / "async.pdparams")
    paddle.async_save({"w": weights}, path)
    weights.zero_()  # the save works on a snapshot taken at the call
    paddle.clear_async_save_task_queue()
    assert paddle.load(path)["w"].tolist() == [1.0, 1.0, 1.0]
