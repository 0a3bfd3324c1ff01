"""Shared by the ONNX tests: export a layer, run the file in onnxruntime, compare with eager."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")

import paddle


def session(path: str):
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    return ort.InferenceSession(path, options, providers=["CPUExecutionProvider"])


def relative_error(got, want) -> float:
    """Largest difference, relative to the output's scale (absolute below 1)."""
    want = np.asarray(want)
    scale = max(1.0, float(np.max(np.abs(want)))) if want.size else 1.0
    return float(np.max(np.abs(np.asarray(got, np.float64) - want))) / scale if want.size \
        else 0.0


def eager(net, arrays: list) -> list:
    with paddle.no_grad():
        out = net(*[paddle.to_tensor(a) for a in arrays])
    outs = out if isinstance(out, (list, tuple)) else [out]
    return [o.numpy() for o in outs]


def export(net, specs, path, opset: int = 13, **configs) -> str:
    """paddle.onnx.export to `path`.onnx (upgrade warnings silenced); returns the file."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        paddle.onnx.export(net, str(path), specs, opset_version=opset, **configs)
    return f"{path}.onnx"


def run(path: str, arrays: list) -> list:
    s = session(path)
    return s.run(None, {i.name: a for i, a in zip(s.get_inputs(), arrays)})


def worst_error(net, specs, path, batches: list, opset: int = 13) -> float:
    """Export `net`, then the largest relative error of onnxruntime against eager over the
    input lists in `batches` (several batch sizes through the one dynamic file)."""
    net.eval()
    file = export(net, specs, path, opset)
    onnx.checker.check_model(onnx.load(file), full_check=True)
    worst = 0.0
    for arrays in batches:
        for got, want in zip(run(file, arrays), eager(net, arrays), strict=True):
            assert got.shape == want.shape, (got.shape, want.shape)
            worst = max(worst, relative_error(got, want))
    return worst


def floats(shape, seed: int = 0):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)
