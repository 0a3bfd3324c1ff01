"""Write the jit fixture of a model whose shapes come from its dynamic batch dim, from real
Paddle. Run with the reference interpreter from outside the repository's src:

    cd /tmp && .venv-ref/bin/python /path/to/tools/make_dynamic_shape_fixtures.py

It saves tests/jit/_dynamic_model.py's model with paddle.jit.save (InputSpec batch None) as
tests/fixtures/jit/dynamic.json + .pdiparams, and dynamic_io.npz with, for each batch size, the
input and both outputs of the model loaded back by Paddle."""
from __future__ import annotations

import importlib.util
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(ROOT, "tests", "fixtures", "jit")


def main() -> None:
    import paddle
    if hasattr(paddle, "_core"):
        raise SystemExit("run this with real Paddle (the reference interpreter), not Feijiang")
    spec = importlib.util.spec_from_file_location(
        "_dynamic_model", os.path.join(ROOT, "tests", "jit", "_dynamic_model.py"))
    model = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(model)
    paddle.seed(7)
    layer = model.build(paddle)
    layer.eval()
    shape, dtype, name = model.SPEC
    static = paddle.jit.to_static(
        layer, input_spec=[paddle.static.InputSpec(shape, dtype, name)], full_graph=True)
    prefix = os.path.join(OUT, "dynamic")
    paddle.jit.save(static, prefix)
    loaded = paddle.jit.load(prefix)
    arrays = {}
    for batch in model.BATCHES:
        x = model.inputs(np, batch)
        outs = loaded(paddle.to_tensor(x))
        arrays[f"x{batch}"] = x
        for k, out in enumerate(outs):
            arrays[f"y{batch}_{k}"] = out.numpy()
    np.savez(prefix + "_io.npz", **arrays)
    print("wrote", prefix + ".json", prefix + ".pdiparams", prefix + "_io.npz")


if __name__ == "__main__":
    main()
