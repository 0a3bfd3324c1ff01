"""Write the paddle.amp goldens from real Paddle's CPU build. Run with the reference interpreter:

    .venv-ref/bin/python tools/make_amp_fixtures.py

tests/fixtures/amp/cpu_training.json: per model (the MLP and the 2-layer GPT of
  tests/amp/_train_models.py) the losses of 5 Adam steps under auto_cast + GradScaler, the same
  run without AMP, and the warnings raised (on a CPU place both tools warn and do nothing).
tests/fixtures/amp/cpu_facts.json: what the CPU build answers — scaler state and settings,
  decorate's dtypes, is_*_supported, amp_state, autocast queries, the errors of bad
  arguments (type and message), and the ops (with dtypes) of a static network built under
  auto_cast at each level and dtype.
tests/fixtures/amp/debugging.json: what each paddle.amp.debugging scenario of
  tests/amp/_debug_cases.py prints (operator statistics, tensor-checker reports, dumps,
  check_numerics results and errors).
The script refuses to run against Feijiang: goldens must come from real Paddle."""
from __future__ import annotations

import json
import os
import sys
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(ROOT, "tests", "fixtures", "amp")


def _import_real_paddle():
    sys.path = [p for p in sys.path if os.path.abspath(p or ".") not in
                (ROOT, os.path.join(ROOT, "src"))]
    os.environ.setdefault("GLOG_minloglevel", "3")
    import paddle
    if hasattr(paddle, "_core"):
        raise SystemExit("make_amp_fixtures.py must run under real paddlepaddle, not Feijiang")
    return paddle


def _error(fn):
    try:
        fn()
    except Exception as exc:  # noqa: BLE001 - recording whatever Paddle raises
        return [type(exc).__name__, str(exc)]
    return None


def training(paddle) -> dict:
    sys.path.insert(0, os.path.join(ROOT, "tests", "amp"))
    import _train_models as T
    out = {}
    for name in ("mlp", "gpt"):
        losses, messages = T.train(paddle, name, steps=5)
        plain, _ = T.train(paddle, name, steps=5, amp=False)
        out[name] = {"losses": losses, "plain": plain, "warnings": messages}
    return out


def scaler_facts(paddle) -> dict:
    warnings.simplefilter("ignore")
    scaler = paddle.amp.GradScaler(init_loss_scaling=1024)
    loss = paddle.to_tensor(2.5)
    return {
        "is_enable": scaler.is_enable(),
        "dynamic": scaler.is_use_dynamic_loss_scaling(),
        "init_loss_scaling": scaler.get_init_loss_scaling(),
        "state_dict": scaler.state_dict(),
        "scale_is_identity": scaler.scale(loss) is loss,
        "get_incr_ratio_error": _error(scaler.get_incr_ratio),
        "amp_scaler_enable": paddle.amp.AmpScaler().is_enable(),
        "disabled_state_dict": paddle.amp.GradScaler(enable=False).state_dict(),
    }


def decorate_facts(paddle) -> dict:
    warnings.simplefilter("ignore")
    out = {}
    for level in ("O1", "O2"):
        for dtype in ("float16", "bfloat16"):
            model = paddle.nn.Sequential(paddle.nn.Linear(3, 3), paddle.nn.LayerNorm(3))
            opt = paddle.optimizer.Adam(parameters=model.parameters())
            m, o = paddle.amp.decorate(model, opt, level=level, dtype=dtype)
            out[f"{level}_{dtype}"] = {
                "same_objects": m is model and o is opt,
                "dtypes": [str(p.dtype) for p in model.parameters()],
                "multi_precision": bool(getattr(opt, "_multi_precision", False)),
                "state_dict": sorted(str(v.dtype) for v in model.state_dict().values()),
            }
    layer = paddle.nn.Linear(2, 2)
    out["errors"] = {
        "level": _error(lambda: paddle.amp.decorate(layer, level="O3")),
        "dtype": _error(lambda: paddle.amp.decorate(layer, level="O2", dtype="float32")),
        "models": _error(lambda: paddle.amp.decorate("x", level="O2")),
        "save_dtype": _error(lambda: paddle.amp.decorate(layer, level="O2", save_dtype="int8")),
    }
    return out


def auto_cast_facts(paddle) -> dict:
    warnings.simplefilter("ignore")
    from paddle.amp.auto_cast import amp_state
    facts = {"outside": [paddle.amp.is_autocast_enabled(), paddle.amp.get_autocast_dtype()],
             "amp_state_outside": amp_state()}
    with paddle.amp.auto_cast(level="O2", dtype="bfloat16", custom_white_list={"tanh"}):
        facts["inside"] = [paddle.amp.is_autocast_enabled(), paddle.amp.get_autocast_dtype()]
        state = dict(amp_state())
        state["custom_white_list"] = sorted(state["custom_white_list"])
        facts["amp_state_inside"] = state
        facts["dtype_inside"] = str(paddle.tanh(paddle.ones([2])).dtype)
    facts["is_float16_supported"] = [paddle.amp.is_float16_supported(),
                                     paddle.amp.is_float16_supported("cpu")]
    facts["is_bfloat16_supported"] = [paddle.amp.is_bfloat16_supported(),
                                      paddle.amp.is_bfloat16_supported("cpu")]

    def enter(**kwargs):
        with paddle.amp.auto_cast(**kwargs):
            pass

    facts["errors"] = {
        "level": _error(lambda: enter(level="O3")),
        "dtype": _error(lambda: enter(dtype="float32")),
        "overlap": _error(lambda: enter(custom_white_list=["tanh"], custom_black_list=["tanh"])),
        "device_string": _error(lambda: paddle.amp.is_float16_supported("xxx")),
        "device_number": _error(lambda: paddle.amp.is_float16_supported(111)),
    }
    facts["white_list_O1_float16"] = sorted(paddle.amp.white_list()["float16"]["O1"])
    facts["black_list_O2_bfloat16"] = sorted(paddle.amp.black_list()["bfloat16"]["O2"])
    return facts


def static_program(paddle) -> dict:
    """The forward ops (name, input dtypes, output dtypes) of the static network of
    tests/amp/_static_net.py built under auto_cast in bfloat16 per level: Paddle's CPU build
    records the casts in static programs (float16 ones fail to build there: its CPU matmul
    has no float16 kernel)."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "amp"))
    import _static_net
    out = {}
    for level in ("O1", "O2", "OD"):
        for dtype in ("bfloat16",):
            paddle.enable_static()
            main, startup = paddle.static.Program(), paddle.static.Program()
            with paddle.static.program_guard(main, startup), \
                    paddle.utils.unique_name.guard():
                _static_net.build(paddle, level, dtype)
            out[f"{level}_{dtype}"] = [
                [op.name(), [str(v.dtype) for v in op.operands_source()],
                 [str(v.dtype) for v in op.results()]]
                for op in main.global_block().ops
                if op.name() not in ("builtin.parameter", "pd_op.data")]
            paddle.disable_static()
    return out


DEBUG_CASE = """
import sys
sys.path = [p for p in sys.path if p not in ("", ".")]
sys.path.insert(0, sys.argv[1])
import paddle
import _debug_cases
getattr(_debug_cases, sys.argv[2])(paddle)
"""


def debugging_outputs() -> dict:
    """What each scenario of tests/amp/_debug_cases.py prints under real Paddle, each in a
    fresh process (Paddle prints from C, and its op lists are process-wide)."""
    import subprocess
    sys.path.insert(0, os.path.join(ROOT, "tests", "amp"))
    import _debug_cases
    env = dict(os.environ, GLOG_minloglevel="3")
    env.pop("PYTHONPATH", None)
    out = {}
    for name in _debug_cases.CASES:
        result = subprocess.run([sys.executable, "-c", DEBUG_CASE,
                                 os.path.join(ROOT, "tests", "amp"), name], env=env,
                                cwd=os.path.dirname(ROOT), capture_output=True, text=True,
                                check=True)
        out[name] = result.stdout
    return out


def main() -> None:
    paddle = _import_real_paddle()
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "cpu_training.json"), "w") as f:
        json.dump(training(paddle), f, indent=1)
    facts = {"scaler": scaler_facts(paddle), "decorate": decorate_facts(paddle),
             "auto_cast": auto_cast_facts(paddle), "static_program": static_program(paddle)}
    with open(os.path.join(OUT, "cpu_facts.json"), "w") as f:
        json.dump(facts, f, indent=1, default=lambda v: v.tolist())
    with open(os.path.join(OUT, "debugging.json"), "w") as f:
        json.dump(debugging_outputs(), f, indent=1)


if __name__ == "__main__":
    main()
