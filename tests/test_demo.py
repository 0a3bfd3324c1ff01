"""`make demo` in short: one epoch of LeNet on scikit-learn's digits must already be far above
chance, the checkpoint must reload to the same accuracy, and the curves must be a valid PNG.
The built-in PNG writer (used when matplotlib is absent) is checked on its own."""
import importlib.util
import os
import struct
import sys
import zlib

import numpy as np
import pytest

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples")
sys.path.insert(0, EXAMPLES)


def _load_demo():
    spec = importlib.util.spec_from_file_location("feijiang_demo",
                                                  os.path.join(EXAMPLES, "demo.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _png_chunks(data: bytes):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks = 8, []
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF
        chunks.append((kind, body))
        pos += 12 + length
    return chunks


@pytest.mark.skipif(importlib.util.find_spec("sklearn") is None,
                    reason="the demo's digits come from scikit-learn (pip install '.[demo]')")
def test_demo_learns_digits(tmp_path, capsys):
    demo = _load_demo()
    result = demo.main(epochs=1, out_dir=str(tmp_path), verbose=0)
    assert result["accuracy"] > 0.8  # chance is 0.1
    assert result["reloaded_accuracy"] == result["accuracy"]
    assert os.path.exists(result["checkpoint"] + ".pdparams")
    with open(result["curves"], "rb") as f:
        kinds = [kind for kind, _ in _png_chunks(f.read())]
    assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND"
    out = capsys.readouterr().out
    assert "Total params: 61,610" in out and "label  predicted" in out


def test_builtin_png_writer(tmp_path):
    import demo_plot
    path = str(tmp_path / "curves.png")
    history = {"loss": {"train": [1.0, 0.5, 0.2], "eval": [0.8, 0.4, 0.3]},
               "acc": {"train": [0.5, 0.8, 0.9], "eval": [0.6, 0.85, 0.95]}}
    demo_plot._draw_by_hand(history, path)
    with open(path, "rb") as f:
        chunks = dict(_png_chunks(f.read()))
    width, height, depth, color = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (width, height, depth, color) == (demo_plot.WIDTH, demo_plot.HEIGHT, 8, 2)
    raw = np.frombuffer(zlib.decompress(chunks[b"IDAT"]), np.uint8)
    rows = raw.reshape(height, 1 + width * 3)
    assert (rows[:, 0] == 0).all()
    pixels = rows[:, 1:].reshape(height, width, 3)
    assert (pixels == demo_plot.COLORS[0]).all(axis=2).sum() > 100  # the first series is drawn
