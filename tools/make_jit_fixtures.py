"""Write the jit.save / jit.load fixtures from real Paddle. Run with the reference interpreter:

    .venv-ref/bin/python tools/make_jit_fixtures.py

For each model (an MLP, a LeNet-like conv net with batch norm, a small TransformerEncoder) it
writes tests/fixtures/jit/<name>.json + .pdiparams (PIR, Paddle 3.3's default),
legacy/<name>.pdmodel + .pdiparams (ProgramDesc, written by a second process with
FLAGS_enable_pir_api=0; not for the transformer, whose legacy conversion fails inside Paddle
3.3.1 itself), and <name>_io.npz: an input, the eval-mode output, and the losses of a
few SGD steps taken by the loaded model in train mode (so fine-tuning can be compared too).
It also writes zoo.json/.pdiparams + zoo_io.npz (and zoo2) for the models of
tests/jit/ops_zoo.py, which touch many ops, with the outputs of the model loaded back by Paddle.
The script refuses to run against Feijiang: fixtures must come from real Paddle."""
from __future__ import annotations

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(ROOT, "tests", "fixtures", "jit")
LEGACY_UNSUPPORTED = ("transformer",)  # Paddle 3.3.1 cannot convert it with the old IR
TRAIN_STEPS = 3
LEARNING_RATE = 0.01


def models(paddle):
    """(name, layer, input spec shape, example input shape) for each fixture model."""
    nn = paddle.nn

    class MLP(nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Linear(4, 8)
            self.fc2 = nn.Linear(8, 3)

        def forward(self, x):
            return nn.functional.softmax(self.fc2(nn.functional.relu(self.fc1(x))))

    class LeNet(nn.Layer):
        def __init__(self):
            super().__init__()
            self.features = nn.Sequential(
                nn.Conv2D(1, 4, 3, stride=1, padding=1), nn.ReLU(), nn.MaxPool2D(2, 2),
                nn.Conv2D(4, 8, 5, stride=1, padding=0), nn.BatchNorm2D(8), nn.ReLU(),
                nn.AvgPool2D(2, 2))
            self.fc = nn.Sequential(nn.Linear(8 * 5 * 5, 32), nn.Hardswish(), nn.Linear(32, 10))

        def forward(self, x):
            return self.fc(paddle.flatten(self.features(x), 1))

    class Encoder(nn.Layer):
        def __init__(self):
            super().__init__()
            layer = nn.TransformerEncoderLayer(16, 2, 32, dropout=0.1)
            self.encoder = nn.TransformerEncoder(layer, 2)

        def forward(self, src):
            return self.encoder(src)

    return [("mlp", MLP(), [None, 4], (3, 4), "x"),
            ("lenet", LeNet(), [None, 1, 28, 28], (2, 1, 28, 28), "x"),
            ("transformer", Encoder(), [None, 5, 16], (2, 5, 16), "src")]


def write(paddle, np, directory: str, record_io: bool) -> None:
    os.makedirs(directory, exist_ok=True)
    rng = np.random.default_rng(0)
    for name, layer, spec_shape, shape, arg in models(paddle):
        if not record_io and name in LEGACY_UNSUPPORTED:
            continue
        layer.eval()
        prefix = os.path.join(directory, name)
        spec = paddle.static.InputSpec(spec_shape, "float32", arg)
        paddle.jit.save(layer, prefix, input_spec=[spec])
        x = rng.standard_normal(shape).astype("float32")
        if record_io:
            np.savez(os.path.join(OUT, f"{name}_io.npz"), x=x, y=_run_loaded(paddle, prefix, x),
                     losses=_fine_tune(paddle, np, prefix, x))


def write_zoos(paddle, np) -> None:
    sys.path.insert(0, os.path.join(ROOT, "tests", "jit"))
    import ops_zoo
    for name, build, spec_list, make_inputs in (
            ("zoo", ops_zoo.build, ops_zoo.SPECS, ops_zoo.inputs),
            ("zoo2", ops_zoo.build2, ops_zoo.SPECS2, ops_zoo.inputs2)):
        layer = build(paddle)
        layer.eval()
        prefix = os.path.join(OUT, name)
        specs = [paddle.static.InputSpec(shape, dtype, arg) for arg, shape, dtype in spec_list]
        paddle.jit.save(layer, prefix, input_spec=specs)
        inputs = make_inputs(np)
        outputs = paddle.jit.load(prefix)(*[paddle.to_tensor(a) for a in inputs])
        np.savez(os.path.join(OUT, f"{name}_io.npz"), *inputs, *[o.numpy() for o in outputs])


def _run_loaded(paddle, prefix, x):
    loaded = paddle.jit.load(prefix)
    return loaded(paddle.to_tensor(x)).numpy()


def _fine_tune(paddle, np, prefix, x):
    loaded = paddle.jit.load(prefix)
    loaded.train()
    opt = paddle.optimizer.SGD(LEARNING_RATE, parameters=loaded.parameters())
    losses = []
    for _ in range(TRAIN_STEPS):
        loss = loaded(paddle.to_tensor(x)).square().mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))
    return np.asarray(losses, dtype="float64")


def main(argv) -> None:
    sys.path = [p for p in sys.path if os.path.abspath(p or ".") not in
                (ROOT, os.path.join(ROOT, "src"))]
    os.environ.setdefault("GLOG_minloglevel", "3")
    import numpy as np

    import paddle
    if hasattr(paddle, "_core"):
        raise SystemExit("make_jit_fixtures.py must run under real paddlepaddle, not Feijiang")
    paddle.seed(2024)
    if "--legacy" in argv:
        write(paddle, np, os.path.join(OUT, "legacy"), record_io=False)
        return
    write(paddle, np, OUT, record_io=True)
    write_zoos(paddle, np)
    env = dict(os.environ, FLAGS_enable_pir_api="0")
    subprocess.run([sys.executable, os.path.abspath(__file__), "--legacy"], env=env,
                   check=True)


if __name__ == "__main__":
    main(sys.argv[1:])
