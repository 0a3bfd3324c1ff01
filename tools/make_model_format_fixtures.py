"""Write the model-file format fixtures from real Paddle. Run with the reference interpreter:

    .venv-ref/bin/python tools/make_model_format_fixtures.py

One small static conv net (conv2d, batch_norm, relu, pool2d, fc, softmax) with fixed weights is
saved in every form a Paddle inference model comes in, under tests/fixtures/formats/:
  net.pdmodel + net.pdiparams   legacy ProgramDesc, combined parameters (FLAGS_enable_pir_api=0)
  net_dir/__model__ + one file per parameter   the older directory form (params_filename=None)
  net.json + net.pdiparams      PIR program (Paddle 3.3's default)
  net_io.npz                    an input `x` and Paddle's output `y` (the same in every form)
(the legacy files without the ops' Python call stacks, which would be most of their bytes),
and two control-flow programs in both forms, with Paddle's outputs for several inputs in
<name>_<form>_io.npz: cond (legacy conditional_block + select_input, PIR pd_op.if) and loop (a
while whose trip count depends on the input: legacy while over a sub-block, PIR pd_op.while).
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
    """A program whose output is 3 * sigmoid(x) when mean(x) > 0, else relu(x). Paddle 3.3's
    Python API builds most ops only in PIR, so the legacy form appends its ops itself, as
    dy2static writes such a branch: a conditional_block assigning the true value, then
    select_input choosing it or the false value by the condition."""
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [4], "float32")
        flag = paddle.mean(x) > 0
        if not legacy:
            y = paddle.static.nn.cond(flag, lambda: paddle.nn.functional.sigmoid(x) * 3.0,
                                      lambda: paddle.nn.functional.relu(x))
            return main, startup, x, y
        from paddle.static.nn.control_flow import ConditionalBlock
        block = main.global_block()
        when_false = paddle.nn.functional.relu(x)
        when_true = block.create_var(name="when_true", dtype="float32")
        with ConditionalBlock([flag], is_scalar_condition=True).block():
            inner = main.current_block()
            z = raw_op(paddle, inner, "sigmoid", {"X": [x]})
            paddle.assign(raw_op(paddle, inner, "scale", {"X": [z]}, {"scale": 3.0}), when_true)
        mask = raw_op(paddle, block, "cast", {"X": [flag]}, {"in_dtype": 0, "out_dtype": 2},
                      dtype="int32")
        y = raw_op(paddle, block, "select_input", {"X": [when_false, when_true], "Mask": [mask]})
    return main, startup, x, y


def build_loop(paddle, legacy: bool):
    """A loop whose trip count depends on the input: s = x, n = 0, buf = zeros(8); while
    sum(s) < 10: s = 1.5 * s + 1, buf[n] = sum(s), n += 1; outputs s, n and buf[:n] (a shape
    known only at run time). The legacy form is Paddle's `while` op over a sub-block that
    writes s, n, buf and the condition by name, with set_value and slice at run-time bounds."""
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [3], "float32")
        limit = paddle.full([], 10.0, "float32")
        count = paddle.full([], 0, "int64")
        buf = paddle.full([8], 0.0, "float32")
        if not legacy:
            def body(s, n, buf):
                s = s * 1.5 + 1.0
                return [s, n + 1, paddle.static.setitem(buf, n, paddle.sum(s))]
            s, n, buf = paddle.static.nn.while_loop(
                lambda s, n, buf: paddle.sum(s) < limit, body, [x, count, buf])
            return main, startup, x, [s, n, buf[:n]]
        return main, startup, x, _legacy_loop(paddle, main, x, limit, count, buf)


def _legacy_loop(paddle, main, x, limit, count, buf) -> list:
    from paddle.static.nn.control_flow import While
    block = main.global_block()
    s = raw_op(paddle, block, "assign", {"X": [x]})
    flag = raw_op(paddle, block, "less_than", {"X": [paddle.mean(s) * 3.0], "Y": [limit]},
                  dtype="bool")
    with While(flag).block():
        inner = main.current_block()
        grown = raw_op(paddle, inner, "scale", {"X": [s]}, {"scale": 1.5, "bias": 1.0})
        paddle.assign(grown, s)
        total = raw_op(paddle, inner, "reduce_sum", {"X": [grown]},
                       {"dim": [0], "keep_dim": False, "reduce_all": True})
        following = raw_op(paddle, inner, "scale", {"X": [count]}, {"scale": 1.0, "bias": 1.0},
                           dtype="int64")
        written = raw_op(paddle, inner, "set_value",
                         {"Input": [buf], "ValueTensor": [total], "StartsTensorList": [count],
                          "EndsTensorList": [following]},
                         {"axes": [0], "starts": [], "ends": [], "steps": [1],
                          "decrease_axes": [0], "none_axes": [], "shape": [], "dtype": 5})
        paddle.assign(written, buf)
        paddle.assign(following, count)
        paddle.assign(raw_op(paddle, inner, "less_than", {"X": [total], "Y": [limit]},
                             dtype="bool"), flag)
    head = raw_op(paddle, block, "slice", {"Input": [buf], "EndsTensorList": [count]},
                  {"axes": [0], "starts": [0], "ends": [-1], "infer_flags": [-1],
                   "decrease_axis": []})
    return [s, count, head]


def raw_op(paddle, block, op_type, inputs, attrs=None, dtype="float32"):
    """Append a legacy op by its type; its `Out` is a new variable of `dtype`."""
    out = block.create_var(name=paddle.utils.unique_name.generate(op_type), dtype=dtype)
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
    write_control_flow(paddle, exe, mode)


# Inputs of the control-flow programs: one per branch of cond, two trip counts of the loop.
CONTROL_INPUTS = {"cond": {"true": [1.0, 2.0, 3.0, -1.0], "false": [-1.0, -2.0, 3.0, -1.0]},
                  "loop": {"few": [1.0, 2.0, 3.0], "many": [-0.5, 0.1, 0.2],
                           "none": [5.0, 6.0, 7.0]}}


def write_control_flow(paddle, exe, mode: str) -> None:
    """The cond and loop programs, and Paddle's outputs for each of CONTROL_INPUTS (reloaded
    from the saved files) in <name>_<mode>_io.npz."""
    for name, build in (("cond", build_cond), ("loop", build_loop)):
        main, startup, x, outputs = build(paddle, mode == "legacy")
        outputs = outputs if isinstance(outputs, list) else [outputs]
        exe.run(startup)
        prefix = os.path.join(OUT, name)
        paddle.static.save_inference_model(prefix, [x], outputs, exe, program=main)
        if mode == "legacy":
            drop_call_stacks(prefix + ".pdmodel")
        program, feeds, fetches = paddle.static.load_inference_model(prefix, exe)
        record = {}
        for case, values in CONTROL_INPUTS[name].items():
            record[f"x_{case}"] = np.asarray(values, "float32")
            results = exe.run(program, feed={feeds[0]: record[f"x_{case}"]}, fetch_list=fetches)
            record.update({f"y{i}_{case}": r for i, r in enumerate(results)})
        np.savez(f"{prefix}_{mode}_io.npz", **record)
        for suffix in (".pdiparams", ".pdiparams.info"):
            if os.path.exists(prefix + suffix):
                os.remove(prefix + suffix)


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
