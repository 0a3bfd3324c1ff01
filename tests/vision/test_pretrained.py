"""pretrained=True never downloads: it loads a local file or says which file it needs."""
from __future__ import annotations

import numpy as np
import pytest

import paddle
from paddle.vision.models import _utils


def test_missing_weights_name_the_file(tmp_path, monkeypatch):
    monkeypatch.setattr(_utils, "WEIGHTS_HOME", str(tmp_path))
    with pytest.raises(FileNotFoundError, match=r"resnet18\.pdparams"):
        paddle.vision.models.resnet18(pretrained=True)


def test_arch_without_weights_is_refused():
    with pytest.raises(AssertionError, match="do not have a pretrained model"):
        paddle.vision.models.vgg11(pretrained=True)


def test_pretrained_accepts_a_local_path(tmp_path):
    source = paddle.vision.models.LeNet()
    path = str(tmp_path / "lenet.pdparams")
    paddle.save(source.state_dict(), path)
    from paddle.vision.models.lenet import LeNet
    model = _utils.load_pretrained(LeNet(), "lenet", {}, path)
    for key, value in source.state_dict().items():
        np.testing.assert_array_equal(model.state_dict()[key].numpy(), value.numpy())


def test_weights_home_file_with_bad_md5_is_reported(tmp_path, monkeypatch):
    monkeypatch.setattr(_utils, "WEIGHTS_HOME", str(tmp_path))
    (tmp_path / "SqueezeNet1_1_pretrained.pdparams").write_bytes(b"not weights")
    with pytest.raises(ValueError, match="corrupt"):
        _utils.weights_path("squeezenet1_1",
                            paddle.vision.models.squeezenet.model_urls, True)


def test_intermediate_layer_getter():
    model = paddle.vision.models.resnet18(num_classes=10)
    getter = _utils.IntermediateLayerGetter(model, {"layer1": "feat1", "layer3": "feat3"})
    out = getter(paddle.rand([1, 3, 32, 32]))
    assert list(out) == ["feat1", "feat3"]
    assert out["feat3"].shape == [1, 256, 2, 2]
    with pytest.raises(ValueError):
        _utils.IntermediateLayerGetter(model, {"nope": "x"})
