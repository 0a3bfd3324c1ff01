"""Write the paddle.vision model fixtures from real Paddle. Run with the reference interpreter,
from outside the repository so that `import paddle` is real Paddle:

    cd /tmp && .venv-ref/bin/python /path/to/tools/make_vision_fixtures.py [config ids...]

For every config in tests/vision/model_zoo.py it records the state_dict structure (names,
shapes, dtypes in order), the parameter counts paddle.summary reports, and — for configs with an
input — the outputs for the deterministic weights and input. For the PDPARAMS models it also
saves real Paddle's own random initialisation as .pdparams with the outputs it gives.
Results go to tests/vision/data/ (models.json.gz, models.npz, <name>.pdparams, pdparams.npz)."""
from __future__ import annotations

import contextlib
import gzip
import io
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DATA = os.path.join(ROOT, "tests", "vision", "data")


def _summary_counts(paddle, model, shape):
    """paddle.summary's (total, trainable) counts for an input of `shape`."""
    with contextlib.redirect_stdout(io.StringIO()):
        info = paddle.summary(model, tuple(shape))
    return int(info["total_params"]), int(info["trainable_params"])


def _record(paddle, np, zoo, cid, config):
    ctor, kwargs, shape, slow = config
    paddle.seed(0)
    model = zoo.build(paddle, ctor, kwargs)
    entry = {"ctor": ctor, "kwargs": kwargs, "input": shape, "slow": slow,
             "structure": zoo.structure(model), "params": list(zoo.param_counts(model))}
    arrays = {}
    if shape is None:
        side = 299 if ctor == "inception_v3" else 224
        channels = 1 if ctor == "LeNet" else 3
        size = [1, channels, 28, 28] if ctor == "LeNet" else [1, channels, side, side]
        entry["summary"] = list(_summary_counts(paddle, model, size))
    else:
        model.set_state_dict(zoo.deterministic_state(np, model))
        for i, out in enumerate(zoo.outputs(paddle, np, model, shape)):
            arrays[f"{cid}::{i}"] = out
    return entry, arrays


def _write_pdparams(paddle, np, zoo):
    arrays = {}
    for name, (ctor, kwargs, shape) in zoo.PDPARAMS.items():
        paddle.seed(7)
        model = zoo.build(paddle, ctor, kwargs)
        paddle.save(model.state_dict(), os.path.join(DATA, f"{name}.pdparams"))
        for i, out in enumerate(zoo.outputs(paddle, np, model, shape)):
            arrays[f"{name}::{i}"] = out
    np.savez_compressed(os.path.join(DATA, "pdparams.npz"), **arrays)


def main(argv) -> None:
    sys.path = [p for p in sys.path if os.path.abspath(p or ".") not in
                (ROOT, os.path.join(ROOT, "src"))]
    os.environ.setdefault("GLOG_minloglevel", "3")
    import numpy as np

    import paddle
    if hasattr(paddle, "_core"):
        raise SystemExit("make_vision_fixtures.py must run under real paddlepaddle")
    sys.path.insert(0, os.path.join(ROOT, "tests", "vision"))
    import model_zoo as zoo

    meta_path = os.path.join(DATA, "models.json.gz")
    npz_path = os.path.join(DATA, "models.npz")
    meta, arrays = {}, {}
    if argv and os.path.exists(meta_path):  # refresh only the named configs
        with gzip.open(meta_path, "rt") as f:
            meta = json.load(f)["configs"]
        arrays = dict(np.load(npz_path))
    for cid in argv or list(zoo.CONFIGS):
        entry, outs = _record(paddle, np, zoo, cid, zoo.CONFIGS[cid])
        meta[cid] = entry
        arrays = {k: v for k, v in arrays.items() if not k.startswith(f"{cid}::")}
        arrays.update(outs)
        print(cid, entry["params"], entry.get("summary", ""), flush=True)
    with gzip.open(meta_path, "wt") as f:
        json.dump({"paddle": paddle.__version__, "configs": meta}, f, sort_keys=True)
    np.savez_compressed(npz_path, **arrays)
    if not argv:
        _write_pdparams(paddle, np, zoo)


if __name__ == "__main__":
    main(sys.argv[1:])
