"""Acceptance: every model of the coverage list exported by paddle.onnx.export runs in
onnxruntime with eager's outputs (relative error <= 1e-5), through one file with a dynamic
batch checked at two batch sizes, and passes onnx.checker (full check)."""
import pytest
from onnx_check import worst_error
from onnx_models import MODELS, SLOW, make

TOLERANCE = 1e-5


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n in SLOW else n
                                  for n in MODELS])
def test_exported_model_matches_eager_at_two_batch_sizes(name, tmp_path):
    _, specs, inputs = MODELS[name]
    net = make(name)
    batches = [inputs(1, 0), inputs(3, 1)]
    assert worst_error(net, specs, tmp_path / name, batches) <= TOLERANCE
