"""`make demo` in short: one epoch of LeNet on scikit-learn's digits must already be far above
chance, the checkpoint must reload to the same accuracy, and the curves must be a valid PNG.
"""
import importlib.util
import os
import sys

from PIL import Image

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples")
sys.path.insert(0, EXAMPLES)


def _load_demo():
    spec = importlib.util.spec_from_file_location("feijiang_demo",
                                                  os.path.join(EXAMPLES, "demo.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_demo_learns_digits(tmp_path, capsys):
    demo = _load_demo()
    result = demo.main(epochs=1, out_dir=str(tmp_path), verbose=0)
    assert result["accuracy"] > 0.8  # chance is 0.1
    assert result["reloaded_accuracy"] == result["accuracy"]
    assert os.path.exists(result["checkpoint"] + ".pdparams")
    with Image.open(result["curves"]) as image:
        assert image.format == "PNG" and image.size == (900, 350)
    out = capsys.readouterr().out
    assert "Total params: 61,610" in out and "label  predicted" in out

