"""Cold start stays cheap: `import paddle` loads only what every program needs, and what it leaves
for later (ml_dtypes, SciPy, the optional subsystems) still resolves, to the same objects, on
first use. Each check runs in a fresh interpreter: the test process has long imported it all.
(The timings themselves are benchmarks/import_time.py's, not a test's.)"""
from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import textwrap

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TSV = os.path.join(os.path.dirname(ROOT), "shared", "api", "paddle-3.3-api.tsv")
FIXTURE = os.path.join(ROOT, "tests", "fixtures", "api", "resolution.json.gz")

# Modules `import paddle` must not load: each is a second or a fraction of one that most
# programs never need (or, for the formats and subsystems, pay for on first use).
NOT_AT_IMPORT = (
    "ml_dtypes", "scipy", "google.protobuf", "PIL", "numpy.testing", "unittest",
    "paddle.jit.serialization", "paddle.vision", "paddle.hapi", "paddle.inference",
    "paddle.static", "paddle.base", "paddle.io", "paddle.optimizer", "paddle.metric",
    "paddle.callbacks", "paddle._core.passes",
)
# Third-party packages allowed at import (cython_runtime comes with numpy.random's extensions);
# the standard library is allowed as a whole.
THIRD_PARTY_AT_IMPORT = {"numpy", "paddle", "cython_runtime"}


@pytest.fixture(scope="module")
def run_fresh(tmp_path_factory):
    """run_fresh(code): the stdout of `code` run by a new interpreter that imports our paddle.
    The interpreters share a bytecode cache of their own, so only the first compiles paddle."""
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "src"), OPENBLAS_NUM_THREADS="1",
               PYTHONPYCACHEPREFIX=str(tmp_path_factory.mktemp("pycache")))
    env.pop("PYTHONDONTWRITEBYTECODE", None)

    def run(code: str) -> str:
        done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env, cwd=ROOT,
                              capture_output=True, text=True, timeout=300, check=False)
        assert done.returncode == 0, done.stderr
        return done.stdout
    return run


def modules_after(run_fresh, statement: str) -> set[str]:
    out = run_fresh(f"""
        import json, sys
        before = set(sys.modules)
        {statement}
        print(json.dumps(sorted(set(sys.modules) - before)))
    """)
    return set(json.loads(out))


def test_import_paddle_loads_no_optional_module(run_fresh):
    loaded = modules_after(run_fresh, "import paddle")
    assert "paddle.nn" in loaded and "paddle._core.ops.unary" in loaded  # the check can see
    heavy = sorted(m for m in loaded if any(m == name or m.startswith(name + ".")
                                            for name in NOT_AT_IMPORT))
    assert not heavy, f"import paddle loaded {heavy}"
    outside = sorted({m.split(".")[0] for m in loaded if not m.startswith("_")}
                     - THIRD_PARTY_AT_IMPORT - set(sys.stdlib_module_names))
    assert not outside, f"import paddle loaded third-party packages {outside}"


def test_linear_call_loads_no_optional_module(run_fresh):
    loaded = modules_after(run_fresh, "import paddle; paddle.nn.Linear(4, 4)(paddle.rand([2, 4]))")
    assert not {"ml_dtypes", "scipy", "paddle.static", "paddle.jit.serialization"} & loaded


def test_first_use_loads_what_was_left_out(run_fresh):
    loaded = modules_after(run_fresh, "import paddle; paddle.vision; paddle.erf(paddle.ones([2]))")
    assert {"paddle.vision", "scipy.special"} <= loaded
    assert "ml_dtypes" not in loaded


def _lazy_names(run_fresh) -> dict[str, list[str]]:
    """Every public package's names that resolve only on first access ([] for a package without
    any), from a fresh interpreter."""
    out = run_fresh("""
        import importlib, json, pkgutil, paddle
        packages = ["paddle"] + [f"paddle.{m.name}" for m in pkgutil.iter_modules(paddle.__path__)
                                 if m.ispkg and not m.name.startswith("_")]
        lazy = {}
        for name in packages:
            module = importlib.import_module(name)
            lazy[name] = sorted(set(dir(module)) - set(vars(module)))
        print(json.dumps(lazy))
    """)
    return json.loads(out)


def test_each_lazy_name_resolves_first_in_a_fresh_process(run_fresh):
    """Resolving any one lazy name first (no other import order helping it) works: laziness
    hides no import cycle. One interpreter forks a child per name right after `import paddle`."""
    lazy = _lazy_names(run_fresh)
    assert {"vision", "Model", "static", "inference"} <= set(lazy["paddle"])
    assert {"load_inference_model"} <= set(lazy["paddle.static"])
    # each lazy name, and each public package imported directly ("paddle.vision.")
    targets = [f"{package}.{name}" for package, names in lazy.items() for name in names]
    targets += [f"{package}." for package in lazy]
    out = run_fresh(f"""
        import importlib, os, paddle
        def first_touch(target):
            package, _, name = target.rpartition(".")
            module = importlib.import_module(package)
            return getattr(module, name) if name else module
        failed = []
        for target in {targets!r}:
            pid = os.fork()
            if pid == 0:
                try:
                    first_touch(target)
                except BaseException:
                    os._exit(1)
                os._exit(0)
            if os.waitpid(pid, 0)[1] != 0:
                failed.append(target)
        print(failed)
    """)
    assert out.strip() == "[]", out


def test_dir_all_and_completion_see_the_lazy_names(run_fresh):
    out = run_fresh("""
        import rlcompleter, sys, paddle
        completer = rlcompleter.Completer({"paddle": paddle})
        print("vision" in dir(paddle), "Model" in paddle.__all__,
              "paddle.vision" in sys.modules, completer.complete("paddle.visi", 0),
              "load_inference_model" in paddle.static.__all__)
    """)
    assert out.split() == ["True", "True", "False", "paddle.vision", "True"]
    out = run_fresh("""
        import pydoc, paddle
        text = pydoc.render_doc(paddle, renderer=pydoc.plaintext)
        print("class Model(" in text, "summary(net, input_size" in text, "vision (package)" in text)
    """)
    assert out.split() == ["True", "True", "True"]


def test_star_import_gives_the_lazy_names_too(run_fresh):
    out = run_fresh("from paddle import *; print(Model.__module__, summary.__name__, vision)")
    assert out.startswith("paddle.hapi.model summary <module 'paddle.vision'")


@pytest.mark.skipif(not os.path.exists(TSV), reason="shared/api is not next to this checkout")
def test_every_public_name_that_resolved_still_resolves_to_the_same_object(run_fresh):
    """The names of Paddle 3.3's API that resolved before imports became lazy (the fixture, made
    at b126f2d) resolve now to objects of the same identity, aliases to the same object."""
    with gzip.open(FIXTURE, "rt") as handle:
        before = json.load(handle)
    now = json.loads(run_fresh(f"""
        import sys
        sys.path.insert(0, {os.path.join(ROOT, "tests")!r})
        import api_names
        print(__import__("json").dumps(api_names.resolve_all({TSV!r})))
    """))
    lost = sorted(set(before) - set(now))
    assert not lost, f"{len(lost)} names no longer resolve: {lost[:20]}"
    changed = {name: (before[name], now[name]) for name in before if now[name] != before[name]}
    assert not changed, f"{len(changed)} names changed: {list(changed.items())[:10]}"
    assert len(before) > 1900


def test_bfloat16_handle_is_cheap_and_loads_ml_dtypes_on_first_real_use(run_fresh):
    out = run_fresh("""
        import sys, numpy as np, paddle
        bf = paddle.bfloat16
        print(str(bf), bf.itemsize, bf.is_floating_point, paddle.to_tensor([1.5]).dtype == bf,
              "ml_dtypes" in sys.modules)
        x = paddle.to_tensor([1.0, 3.0], dtype="bfloat16")
        import ml_dtypes
        print("ml_dtypes" in sys.modules, bf.np_dtype == ml_dtypes.bfloat16,
              paddle.float8_e4m3fn.np_dtype == ml_dtypes.float8_e4m3fn)
        # bfloat16 math runs in float32 and rounds back (the low-precision list now has it)
        print(paddle.exp(x).numpy().astype(np.float32).tolist())
    """)
    first, second, third = out.splitlines()
    assert first.split() == ["paddle.bfloat16", "2", "True", "False", "False"]
    assert second.split() == ["True", "True", "True"]
    assert json.loads(third) == [2.71875, 20.125]  # exp(1), exp(3) in bfloat16


def test_arrays_of_an_ml_dtypes_loaded_elsewhere_are_accepted(run_fresh):
    out = run_fresh("""
        import ml_dtypes, numpy as np, paddle
        t = paddle.to_tensor(np.array([0.5, 2.0], dtype=ml_dtypes.bfloat16))
        print(t.dtype, paddle.finfo(paddle.bfloat16).bits, paddle.finfo("float32").eps)
    """)
    assert out.split() == ["paddle.bfloat16", "16", "1.1920928955078125e-07"]


def test_bfloat16_checkpoint_loads_in_a_process_that_never_loaded_ml_dtypes(run_fresh, tmp_path):
    path = tmp_path / "bf16.pdparams"
    run_fresh(f"""
        import paddle
        paddle.save({{"w": paddle.to_tensor([1.0, -2.5], dtype="bfloat16"),
                      "b": paddle.to_tensor([7], dtype="int32")}}, {str(path)!r})
    """)
    out = run_fresh(f"""
        import sys, paddle
        print("ml_dtypes" in sys.modules)
        state = paddle.load({str(path)!r})
        print(state["b"].dtype, state["w"].dtype, state["w"].astype("float32").tolist())
    """)
    assert out.split() == ["False", "paddle.int32", "paddle.bfloat16", "[1.0,", "-2.5]"]
