"""The compiled kernels' machinery (paddle._core.compiler): the pooling and gating kernels give
the NumPy kernels' numbers, the row reductions (global pooling, layer_norm, softmax) theirs
within the rounding of a reassociated sum; compiled code is cached in Feijiang's own folder under the user's
cache directory, so a copy of the package that no process writes into (an installed,
read-only site-packages) loads its kernels from the cache in the next process; and numba
starts without importing SciPy, while numba code that needs SciPy still compiles (those two
start fresh processes: slow). Skipped without numba."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from paddle._core.backend import xp
from paddle._core.compiler import kernel
from paddle._core.ops import nn_batch_norm_act as BN
from paddle._core.ops import nn_norm as N
from paddle._core.ops import nn_pool as P
from paddle._core.ops import nn_softmax as S
from paddle._core.ops import nn_squeeze_excitation as SE

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
pytestmark = pytest.mark.skipif(kernel("pool_windows") is None,
                                reason="numba (the compiler extra) is not installed")

# (x shape, kernel, strides, paddings, ceil_mode, exclusive, pooling_type)
POOLS = [
    ((2, 3, 9, 11), (3, 3), (2, 2), ((1, 1), (1, 1)), False, True, "avg"),
    ((2, 3, 9, 11), (3, 3), (2, 2), ((1, 1), (1, 1)), True, False, "avg"),
    ((1, 4, 3, 80), (3, 2), (3, 2), ((0, 0), (0, 0)), False, True, "avg"),
    ((1, 2, 7, 6), (2, 3), (1, 2), ((1, 0), (0, 2)), True, True, "avg"),
    ((3, 5, 2, 96), (2, 2), (2, 2), ((0, 0), (0, 0)), False, True, "max"),
    ((1, 3, 8, 9), (3, 3), (2, 1), ((1, 1), (1, 1)), True, True, "max"),
]


def _numpy_pool(monkeypatch, x, attrs):
    with monkeypatch.context() as patch:
        patch.setattr(P, "compiled_kernel", lambda name: None)
        return P.pool2d.kernel(xp, x, *attrs, False)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("geometry", POOLS, ids=str)
def test_compiled_pooling_gives_the_numpy_numbers(geometry, dtype, monkeypatch):
    shape, *attrs = geometry
    x = np.random.default_rng(0).uniform(-3, 3, shape).astype(dtype)
    x.reshape(-1)[::7] = -np.inf if attrs[-1] == "max" else x.reshape(-1)[::7]
    got = P.pool2d.kernel(xp, x, *attrs, False)
    np.testing.assert_array_equal(got, _numpy_pool(monkeypatch, x, attrs))
    assert got.dtype == x.dtype


def test_compiled_max_pooling_scans_nan_as_paddle_does(monkeypatch):
    """y = y if y > v else v from -FLT_MAX: a NaN is taken, then replaced by the next input."""
    x = np.arange(16, dtype="float32").reshape(1, 1, 4, 4)
    x[0, 0, 0, 0] = x[0, 0, 3, 3] = x[0, 0, 1, 2] = np.nan
    attrs = ((2, 2), (2, 2), ((0, 0), (0, 0)), False, True, "max")
    got = P.pool2d.kernel(xp, x, *attrs, False)
    np.testing.assert_array_equal(got, _numpy_pool(monkeypatch, x, attrs))
    np.testing.assert_array_equal(got[0, 0], [[5, 7], [13, np.nan]])


def test_compiled_plane_scaling_is_the_broadcast_multiply():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((2, 5, 3, 4)).astype("float32")
    gate = rng.uniform(0, 1, (2, 5, 1, 1)).astype("float32")
    scale = kernel("scale_planes")
    np.testing.assert_array_equal(scale(x, gate), x * gate)
    assert scale(x, gate[:1]) is None and scale(x, gate.astype("float64")) is None


def _without_compiler(monkeypatch, module, run):
    with monkeypatch.context() as patch:
        patch.setattr(module, "compiled_kernel", lambda name: None)
        return run()


@pytest.mark.parametrize("shape", [(2, 5, 3, 4), (1, 3, 40, 160), (2, 4, 1, 1)], ids=str)
def test_compiled_global_average_pooling(shape, monkeypatch):
    x = np.random.default_rng(2).uniform(-3, 3, shape).astype("float32")
    attrs = ((1, 1), (1, 1), ((0, 0), (0, 0)), False, True, "avg", True)
    got = P.pool2d.kernel(xp, x, *attrs)
    expected = _without_compiler(monkeypatch, P, lambda: P.pool2d.kernel(xp, x, *attrs))
    assert got.shape == expected.shape == shape[:2] + (1, 1) and got.dtype == x.dtype
    np.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(got, x.astype("float64").mean(axis=(2, 3), keepdims=True),
                               rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16"])
@pytest.mark.parametrize("shape, axis", [((2, 40, 120), 2), ((3, 4, 5, 6), 2), ((5, 300), 1)],
                         ids=str)
def test_compiled_layer_norm(shape, axis, dtype, monkeypatch):
    rng = np.random.default_rng(3)
    x = (rng.standard_normal(shape) * 3 + 1).astype(dtype)
    width = int(np.prod(shape[axis:]))
    scale, bias = rng.standard_normal(width).astype(dtype), rng.standard_normal(width).astype(dtype)
    got = N.layer_norm.kernel(xp, x, scale, bias, 1e-5, axis)
    expected = _without_compiler(monkeypatch, N, lambda: N.layer_norm.kernel(
        xp, x, scale, bias, 1e-5, axis))
    tolerance = 1e-3 if dtype == "float16" else 1e-5
    for g, e in zip(got, expected):
        assert g.dtype == e.dtype and g.shape == e.shape
        np.testing.assert_allclose(g, e, rtol=tolerance, atol=tolerance)
    no_affine = N.layer_norm.kernel(xp, x, None, None, 1e-5, axis)[0]
    np.testing.assert_allclose(no_affine * scale.reshape(shape[axis:]) +
                               bias.reshape(shape[axis:]), got[0], rtol=tolerance,
                               atol=tolerance)


@pytest.mark.parametrize("shape, axis", [((2, 40, 6625), 2), ((2, 8, 40, 40), -1), ((3, 2), 1),
                                         ((4, 5), 0)], ids=str)
def test_compiled_softmax(shape, axis, monkeypatch):
    x = (np.random.default_rng(4).standard_normal(shape) * 30).astype("float32")  # clips too
    got = S.softmax.kernel(xp, x, axis)
    expected = _without_compiler(monkeypatch, S, lambda: S.softmax.kernel(xp, x, axis))
    np.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-9)
    np.testing.assert_allclose(got.sum(axis=axis), 1, rtol=1e-5)


def test_compiled_softmax_rows_with_nan_or_infinities(monkeypatch):
    x = np.array([[1, np.nan, 2], [np.nan, 0, 1], [-np.inf, 0, 1], [5, 5, 5]], "float32")
    got = S.softmax.kernel(xp, x, -1)
    expected = _without_compiler(monkeypatch, S, lambda: S.softmax.kernel(xp, x, -1))
    np.testing.assert_allclose(got, expected, rtol=1e-6)
    assert np.isnan(got[:2]).all() and got[2, 0] == np.float32(np.exp(-64) / (
        np.exp(-64) + np.exp(-1) + 1))


def test_compiled_batch_norm_relu_gives_the_numpy_numbers(monkeypatch):
    rng = np.random.default_rng(5)
    x = rng.uniform(-3, 3, (2, 4, 5, 6)).astype("float32")
    x[0, 0, 0, :2] = np.nan, -np.inf
    args = [rng.uniform(0.5, 2, 4).astype("float32") for _ in range(4)]
    got = BN.fused_batch_norm_act.kernel(xp, x, *args, 0.9, 1e-5, "relu")
    expected = _without_compiler(monkeypatch, BN, lambda: BN.fused_batch_norm_act.kernel(
        xp, x, *args, 0.9, 1e-5, "relu"))
    np.testing.assert_array_equal(got, expected)
    assert got[0, 0, 0, 0] == 0 and got[0, 0, 0, 1] == 0  # relu of NaN and -inf


def test_squeeze_excitation_without_the_compiler(monkeypatch):
    rng = np.random.default_rng(6)
    x = rng.uniform(-2, 2, (2, 6, 3, 5)).astype("float32")
    weights = (rng.uniform(-1, 1, (3, 6, 1, 1)).astype("float32"),
               rng.uniform(-1, 1, 3).astype("float32"),
               rng.uniform(-1, 1, (6, 3, 1, 1)).astype("float32"),
               rng.uniform(-1, 1, 6).astype("float32"))
    attrs = ("relu", 0.0, 0.0, "hardsigmoid", 0.2, 0.5)
    got = SE.squeeze_excitation.kernel(xp, x, *weights, *attrs)
    with monkeypatch.context() as patch:
        patch.setattr(P, "compiled_kernel", lambda name: None)
        expected = _without_compiler(monkeypatch, SE, lambda: SE.squeeze_excitation.kernel(
            xp, x, *weights, *attrs))
    np.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-7)


PROBE = textwrap.dedent("""
    import sys
    import numpy as np
    from paddle._core.compiler import kernel
    out = kernel("scale_planes")(np.ones((1, 2, 3), "float32"), np.ones((1, 2, 1), "float32"))
    from paddle._core.compiler import excitation
    stats = excitation._scale.stats
    print(int(out.sum()), sum(stats.cache_hits.values()), sum(stats.cache_misses.values()),
          "scipy.linalg" in sys.modules)
""")


def _probe(site: str, home: str, code: str = PROBE) -> list:
    env = {k: v for k, v in os.environ.items()
           if k not in ("FEIJIANG_CACHE_DIR", "NUMBA_CACHE_DIR", "XDG_CACHE_HOME")}
    env.update(HOME=home, PYTHONPATH=site)
    done = subprocess.run([sys.executable, "-c", code], check=False, env=env, cwd=home,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


@pytest.mark.slow
def test_an_installed_copy_caches_kernels_under_the_users_cache_dir(tmp_path):
    site, home = tmp_path / "site", tmp_path / "home"
    shutil.copytree(os.path.join(ROOT, "src", "paddle"), site / "paddle",
                    ignore=shutil.ignore_patterns("__pycache__"))
    home.mkdir()
    for folder, _, files in os.walk(site):  # what a read-only site-packages looks like
        for name in files:
            os.chmod(os.path.join(folder, name), 0o444)
    first = _probe(str(site), str(home))
    second = _probe(str(site), str(home))
    assert first[:3] == ["6", "0", "1"]  # compiled: a cache miss
    assert second[:3] == ["6", "1", "0"]  # loaded from the cache, nothing compiled
    assert first[3] == second[3] == "False"  # numba started without SciPy's linear algebra
    cached = list((home / ".cache" / "feijiang" / "numba").rglob("excitation._scale*.nbi"))
    assert cached
    assert not list(site.rglob("*.nbi"))  # nothing written into the package


@pytest.mark.slow
def test_numba_code_that_needs_scipy_still_compiles_after_our_start(tmp_path):
    pytest.importorskip("scipy")
    code = PROBE + textwrap.dedent("""
        import numba
        @numba.njit
        def product(a, b):
            return np.dot(a, b)
        print(float(product(np.ones((2, 2)), np.ones((2, 2)))[0, 0]))
    """)
    out = _probe(os.path.join(ROOT, "src"), str(tmp_path))
    assert out[-1] == "False"
    assert _probe(os.path.join(ROOT, "src"), str(tmp_path), code)[-1] == "2.0"
