"""Write the model-file format fixtures from real Paddle. Run with the reference interpreter:

    .venv-ref/bin/python tools/make_model_format_fixtures.py

One small static conv net (conv2d, batch_norm, relu, pool2d, fc, softmax) with fixed weights is
saved in every form a Paddle inference model comes in, under tests/fixtures/formats/:
  net.pdmodel + net.pdiparams   legacy ProgramDesc, combined parameters (FLAGS_enable_pir_api=0)
  net_dir/__model__ + one file per parameter   the older directory form (params_filename=None)
  net.json + net.pdiparams      PIR program (Paddle 3.3's default)
  net_io.npz                    an input `x` and Paddle's output `y` (the same in every form)
(the legacy files without the ops' Python call stacks, which would be most of their bytes)
and a program whose output is chosen by `paddle.static.nn.cond`, whose branches live in
sub-blocks (legacy: cond.pdmodel) or regions (PIR: cond.json), for the unsupported-op check.
Each form is written by its own process, because the IR mode is fixed when paddle is imported.
The script refuses to run against Feijiang: fixtures must come from real Paddle."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(ROOT, "tests", "fixtures", "formats")
INPUT_SHAPE = [2, 3, 8, 8]


def build_net(paddle):
    """(main program, startup program, input var, output var) of the conv net."""
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [-1, 3, 8, 8], "float32")
        nn, F = paddle.nn, paddle.nn.functional
        layers = nn.Sequential(nn.Conv2D(3, 4, 3, padding=1), nn.BatchNorm2D(4), nn.ReLU(),
                               nn.MaxPool2D(2, 2), nn.Flatten(), nn.Linear(64, 3))
        layers.eval()
        y = F.softmax(layers(x))
    return main, startup, x, y


def build_cond(paddle, legacy: bool):
    """A program that overwrites relu(x) with 3 * sigmoid(x) when mean(x) > 0. Paddle 3.3's
    Python API builds most ops only in PIR, so the legacy branch appends its ops itself."""
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [4], "float32")
        flag = paddle.mean(x) > 0
        if not legacy:
            y = paddle.static.nn.cond(flag, lambda: paddle.nn.functional.sigmoid(x) * 3.0,
                                      lambda: paddle.nn.functional.relu(x))
            return main, startup, x, y
        from paddle.static.nn.control_flow import ConditionalBlock
        y = paddle.nn.functional.relu(x)
        with ConditionalBlock([flag], is_scalar_condition=True).block():
            block = main.current_block()
            z = raw_op(paddle, block, "sigmoid", {"X": [x]})
            paddle.assign(raw_op(paddle, block, "scale", {"X": [z]}, {"scale": 3.0}), y)
    return main, startup, x, y


def raw_op(paddle, block, op_type, inputs, attrs=None):
    """Append a legacy op by its type; its `Out` is a new float32 variable."""
    out = block.create_var(name=paddle.utils.unique_name.generate(op_type), dtype="float32")
    block.append_op(type=op_type, inputs=inputs, outputs={"Out": [out]}, attrs=attrs or {})
    return out


def set_weights(paddle, main) -> None:
    """Every persistable tensor from one seeded stream, in sorted-name order (so every process
    writes the same weights); all positive, which keeps batch norm's variance valid."""
    scope = paddle.static.global_scope()
    names = sorted(v.name for v in main.list_vars() if v.persistable and v.name not in
                   ("feed", "fetch"))
    rng = np.random.default_rng(7)
    for name in names:
        tensor = scope.find_var(name).get_tensor()
        shape = np.asarray(tensor).shape
        tensor.set(rng.uniform(0.2, 1.0, shape).astype("float32"), paddle.CPUPlace())


def write_form(mode: str) -> None:
    import paddle
    paddle.enable_static()
    exe = paddle.static.Executor(paddle.CPUPlace())
    main, startup, x, y = build_net(paddle)
    exe.run(startup)
    set_weights(paddle, main)
    inputs = np.random.default_rng(0).uniform(-1, 1, INPUT_SHAPE).astype("float32")
    (out,) = exe.run(main, feed={"x": inputs}, fetch_list=[y])
    paddle.static.save_inference_model(os.path.join(OUT, "net"), [x], [y], exe, program=main)
    if mode == "legacy":
        drop_call_stacks(os.path.join(OUT, "net.pdmodel"))
        write_directory_form(paddle, exe, main, x, y, inputs, out)
        np.savez(os.path.join(OUT, "net_io.npz"), x=inputs, y=out)
    else:
        expected = np.load(os.path.join(OUT, "net_io.npz"))["y"]
        np.testing.assert_allclose(out, expected, rtol=1e-6)
    main, startup, x, y = build_cond(paddle, mode == "legacy")
    exe.run(startup)
    paddle.static.save_inference_model(os.path.join(OUT, "cond"), [x], [y], exe, program=main)
    if mode == "legacy":
        drop_call_stacks(os.path.join(OUT, "cond.pdmodel"))
    for suffix in (".pdiparams", ".pdiparams.info"):
        if os.path.exists(os.path.join(OUT, "cond" + suffix)):
            os.remove(os.path.join(OUT, "cond" + suffix))


def write_directory_form(paddle, exe, main, x, y, inputs, out) -> None:
    """`__model__` plus one file per persistable variable, named after it, as Paddle's
    save_inference_model wrote models before the `.pdmodel` prefix form."""
    folder = os.path.join(OUT, "net_dir")
    os.makedirs(folder, exist_ok=True)
    io = paddle.static.io
    io.save_to_file(os.path.join(folder, "__model__"), io.serialize_program([x], [y],
                                                                            program=main))
    drop_call_stacks(os.path.join(folder, "__model__"))
    program = paddle.static.normalize_program(main, [x], [y])
    io.save_vars(exe, folder, main_program=program, predicate=io.is_persistable)
    # Paddle reads the form back and computes the same output: the fixture is one it accepts.
    program, feeds, fetches = paddle.static.load_inference_model(folder, exe,
                                                                 model_filename=None)
    (again,) = exe.run(program, feed={feeds[0]: inputs}, fetch_list=fetches)
    np.testing.assert_allclose(again, out, rtol=1e-6)


def drop_call_stacks(path: str) -> None:
    """Rewrite a saved ProgramDesc without the ops' Python call stacks (op_callstack), which
    would be most of each file; nothing else changes."""
    from paddle.base.proto import framework_pb2
    desc = framework_pb2.ProgramDesc()
    with open(path, "rb") as f:
        desc.MergeFromString(f.read())
    for block in desc.blocks:
        for op in block.ops:
            kept = [a for a in op.attrs if a.name != "op_callstack"]
            del op.attrs[:]
            op.attrs.extend(kept)
    with open(path, "wb") as f:
        f.write(desc.SerializePartialToString())


def run_in_each_ir_mode(script: str, out: str) -> None:
    """Empty `out`, then run `script --mode legacy` and `script --mode pir` under this real
    Paddle, each in its own process with FLAGS_enable_pir_api set to match."""
    import paddle
    if not hasattr(paddle, "__git_commit__"):
        raise SystemExit("run this with real Paddle (.venv-ref/bin/python), not Feijiang")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["GLOG_minloglevel"] = "3"
    for mode, flag in (("legacy", "0"), ("pir", "1")):
        subprocess.run([sys.executable, script, "--mode", mode], check=True, cwd=HERE,
                       env={**env, "FLAGS_enable_pir_api": flag})


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--mode":
        write_form(sys.argv[2])
        return
    run_in_each_ir_mode(__file__, OUT)
    for name in sorted(os.listdir(OUT)):
        print(name)


if __name__ == "__main__":
    main()
