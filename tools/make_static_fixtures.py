"""Write the paddle.static fixtures from real Paddle. Run with the reference interpreter:

    .venv-ref/bin/python tools/make_static_fixtures.py

scope_accumulators.npz: an Adam-trained fc program (Constant-initialised, so every run starts
alike) runs two steps in the global scope, then startup + two steps in a new Scope, then one more
step in the global scope; it records the five losses, both scopes' weights and first moments,
and the new scope's beta1 power. A run in its own scope starts from fresh parameters and
accumulators and leaves the global ones alone.

inference_program.json: the program file paddle.static.save_inference_model writes for a static
program of fc, nn.Linear, a Python number and softmax. The script refuses to run against
Feijiang."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(ROOT, "tests", "fixtures", "static")


def scope_accumulators(paddle, np) -> dict:
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 3], "float32")
        weight = paddle.ParamAttr(initializer=paddle.nn.initializer.Constant(0.5))
        bias = paddle.ParamAttr(initializer=paddle.nn.initializer.Constant(0.1))
        loss = paddle.mean(paddle.static.nn.fc(x, 2, weight_attr=weight, bias_attr=bias) ** 2)
        paddle.optimizer.Adam(0.1).minimize(loss)
    exe = paddle.static.Executor()
    exe.run(startup)
    feed = {"x": np.arange(6, dtype="float32").reshape(2, 3) / 6}
    losses = [exe.run(main, feed=feed, fetch_list=[loss])[0] for _ in range(2)]
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        losses += [exe.run(main, feed=feed, fetch_list=[loss])[0] for _ in range(2)]
    losses.append(exe.run(main, feed=feed, fetch_list=[loss])[0])

    def read(where, name):
        return np.array(where.find_var(name).get_tensor())

    here = paddle.static.global_scope()
    return {"losses": np.array(losses, dtype="float32"),
            "scope_w": read(scope, "fc_0.w_0"), "global_w": read(here, "fc_0.w_0"),
            "scope_moment1": read(scope, "fc_0.w_0_moment1_0"),
            "global_moment1": read(here, "fc_0.w_0_moment1_0"),
            "scope_beta1_pow": read(scope, "fc_0.w_0_beta1_pow_acc_0")}


def inference_program_json(paddle, directory: str) -> str:
    """The .json save_inference_model writes under `directory` (static mode, inside a
    unique_name guard)."""
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 3], "float32")
        hidden = paddle.static.nn.fc(x, 4, activation="relu")
        y = paddle.nn.functional.softmax(paddle.nn.Linear(4, 2)(hidden) * 3.0)
    exe = paddle.static.Executor()
    exe.run(startup)
    prefix = os.path.join(directory, "model")
    paddle.static.save_inference_model(prefix, [x], [y], exe, program=main)
    with open(prefix + ".json") as f:
        return f.read()


def write(name: str) -> None:
    sys.path = [p for p in sys.path if os.path.abspath(p or ".") not in
                (ROOT, os.path.join(ROOT, "src"))]
    os.environ.setdefault("GLOG_minloglevel", "3")
    import numpy as np

    import paddle
    if hasattr(paddle, "_core"):
        raise SystemExit("make_static_fixtures.py must run under real paddlepaddle, not "
                         "Feijiang")
    paddle.enable_static()
    os.makedirs(OUT, exist_ok=True)
    with paddle.utils.unique_name.guard(), tempfile.TemporaryDirectory() as tmp:
        if name == "scope_accumulators":
            np.savez(os.path.join(OUT, "scope_accumulators.npz"),
                     **scope_accumulators(paddle, np))
            return
        text = inference_program_json(paddle, tmp)
    with open(os.path.join(OUT, "inference_program.json"), "w") as f:
        f.write(text)


def main(argv) -> None:
    """Each fixture in a fresh process (Paddle's static layer names count per process)."""
    if len(argv) == 2:
        write(argv[1])
        return
    for name in ("scope_accumulators", "inference_program"):
        subprocess.run([sys.executable, os.path.abspath(__file__), name], check=True,
                       cwd="/tmp")
        print("wrote", name)


if __name__ == "__main__":
    main(sys.argv)
