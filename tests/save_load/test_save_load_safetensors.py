"""Hugging Face safetensors through paddle.save/load(..., safetensors=True)."""
import io
import os
import subprocess
import sys

import numpy as np
import pytest

import paddle

safetensors = pytest.importorskip("safetensors")


def test_roundtrip_dtypes(tmp_path):
    path = str(tmp_path / "model.safetensors")
    state = {"w": paddle.to_tensor([[1.0, 2.0]]), "bf": paddle.to_tensor([1.5, -2.0]).astype(
        "bfloat16"), "h": paddle.ones([2], dtype="float16"), "i": paddle.arange(3),
        "b": paddle.to_tensor([True, False]), "s": paddle.to_tensor(3.0)}
    paddle.save(state, path, safetensors=True)
    loaded = paddle.load(path, safetensors=True)
    assert set(loaded) == set(state)
    for key, tensor in state.items():
        assert loaded[key].dtype == tensor.dtype and loaded[key].shape == tensor.shape
        np.testing.assert_array_equal(loaded[key].astype("float32").numpy(),
                                      tensor.astype("float32").numpy())
    raw = paddle.load(path, safetensors=True, return_numpy=True)
    assert raw["bf"].dtype == np.uint16 and raw["w"].dtype == np.float32


def test_file_matches_the_reference_numpy_writer(tmp_path):
    from safetensors.numpy import load_file
    path = str(tmp_path / "m.safetensors")
    paddle.save({"a": paddle.arange(6, dtype="float32").reshape([2, 3])}, path, safetensors=True)
    np.testing.assert_array_equal(load_file(path)["a"], np.arange(6, dtype=np.float32).reshape(2, 3))
    with open(path, "rb") as handle:
        buffer = io.BytesIO(handle.read())
    assert paddle.load(buffer, safetensors=True)["a"].shape == [2, 3]


def test_bad_inputs(tmp_path):
    with pytest.raises(NotImplementedError, match="expect dict"):
        paddle.save([paddle.ones([1])], str(tmp_path / "x.safetensors"), safetensors=True)
    with pytest.raises(TypeError, match="only tensors"):
        paddle.save({"a": 1}, str(tmp_path / "x.safetensors"), safetensors=True)
    (tmp_path / "junk.safetensors").write_bytes(b"\x05\x00\x00\x00\x00\x00\x00\x00{oops")
    with pytest.raises(ValueError, match="safetensors"):
        paddle.load(str(tmp_path / "junk.safetensors"), safetensors=True)


def test_missing_package_names_the_extra():
    code = ("import sys; sys.modules['safetensors'] = None\n"
            "import paddle\n"
            "try:\n"
            "    paddle.save({'a': paddle.ones([1])}, '/tmp/_never.safetensors', safetensors=True)\n"
            "except ImportError as e:\n"
            "    print(e)\n")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, PYTHONPATH=os.path.join(root, "src"))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=120, check=False)
    assert "feijiang[safetensors]" in out.stdout, out.stderr[-2000:]
