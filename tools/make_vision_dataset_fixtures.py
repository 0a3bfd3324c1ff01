"""Record what real Paddle's paddle.vision.datasets return on tiny synthetic files. Run with the
reference interpreter, from outside the repository so that `import paddle` is real Paddle:

    cd /tmp && env -u PYTHONPATH .venv-ref/bin/python /path/to/tools/make_vision_dataset_fixtures.py

It writes the files of tests/vision/dataset_files.py into a temporary folder, runs every case
of tests/vision/dataset_cases.py and stores the described results in
tests/fixtures/vision_datasets/ (datasets.json + datasets.npz), which
tests/vision/test_datasets.py compares ours against.

Real Paddle's Flowers reads .mat files with scipy.io.loadmat. Where the reference environment
has no SciPy, a stand-in scipy.io that reads the MATLAB level-4 files dataset_files.py writes is
installed for this run only (our side reads the same files with the real SciPy)."""
from __future__ import annotations

import json
import os
import struct
import sys
import tempfile
import types

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(ROOT, "tests", "fixtures", "vision_datasets")
sys.path.insert(0, os.path.join(ROOT, "tests", "vision"))

import dataset_cases
import dataset_files

MAT4_TYPES = {40: np.uint16, 50: np.uint8}


def _loadmat_v4(path):
    """The variables of a little-endian MATLAB level-4 file of uint8/uint16 matrices."""
    variables = {}
    with open(path, "rb") as f:
        raw = f.read()
    offset = 0
    while offset < len(raw):
        code, rows, cols, _, name_len = struct.unpack_from("<5i", raw, offset)
        offset += 20
        name = raw[offset:offset + name_len - 1].decode()
        offset += name_len
        dtype = np.dtype(MAT4_TYPES[code])
        count = rows * cols
        data = np.frombuffer(raw, dtype, count, offset).reshape((rows, cols), order="F")
        variables[name] = data
        offset += count * dtype.itemsize
    return variables


def _compact(array: np.ndarray) -> np.ndarray:
    """Float arrays holding whole numbers 0..255 (decoded images) stored as uint8; the JSON
    keeps the real dtype, and the test casts back."""
    if array.dtype.kind == "f" and np.all((array >= 0) & (array <= 255) & (array == np.round(array))):
        return array.astype(np.uint8)
    return array


def _ensure_scipy_io():
    try:
        import scipy.io
    except ImportError:
        scipy = types.ModuleType("scipy")
        scipy_io = types.ModuleType("scipy.io")
        scipy_io.loadmat = _loadmat_v4
        scipy.io = scipy_io
        sys.modules.update({"scipy": scipy, "scipy.io": scipy_io})


def main() -> None:
    import paddle
    if hasattr(paddle, "_core"):
        sys.exit("run this under real Paddle (the reference interpreter), from outside the repo")
    _ensure_scipy_io()
    paddle.vision.set_image_backend("pil")
    results, arrays = {}, []
    with tempfile.TemporaryDirectory() as tmp:
        files = dataset_files.write_all(tmp)
        for case in dataset_cases.CASES:
            results[case.__name__] = dataset_cases.describe(case(paddle, files), arrays)
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "datasets.json"), "w") as f:
        json.dump({"paddle": paddle.__version__, "cases": results}, f, sort_keys=True)
        f.write("\n")
    np.savez_compressed(os.path.join(OUT, "datasets.npz"),
                        **{f"a{i}": _compact(a) for i, a in enumerate(arrays)})
    print(f"wrote {len(results)} cases, {len(arrays)} arrays to {OUT}")


if __name__ == "__main__":
    main()
