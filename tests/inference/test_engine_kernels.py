"""The kernels under the inference engine: every route of the convolution forward (pointwise
product, shifted taps, im2col; grouped, dilated, strided, batched, float64) against the op
database's tap-by-tap reference, the compiled depthwise kernel against the NumPy one (bit for
bit; skipped without numba), the fused epilogues against the ops they replace, and the
transposed conv's disjoint-tile route."""
from __future__ import annotations

import numpy as np
import pytest
from op_db.nn_conv import ref_conv, ref_conv_transpose

from paddle._core.backend import xp
from paddle._core.compiler import kernel
from paddle._core.ops import _conv_depthwise as D
from paddle._core.ops import _conv_gemm as G
from paddle._core.ops.nn_activation_inplace import apply_epilogue
from paddle._core.ops.nn_conv import conv2d, conv2d_transpose, conv_out_sizes
from paddle._core.ops.nn_conv_fused import fused_conv2d

# (x shape, weight shape, strides, paddings, dilations, groups)
GEOMETRIES = [
    ((1, 8, 5, 7), (6, 8, 1, 1), (1, 1), ((0, 0), (0, 0)), (1, 1), 1),      # pointwise
    ((3, 8, 4, 6), (4, 2, 1, 1), (1, 1), ((0, 0), (0, 0)), (1, 1), 4),      # grouped pointwise
    ((3, 8, 1, 1), (5, 8, 1, 1), (1, 1), ((0, 0), (0, 0)), (1, 1), 1),      # on a 1x1 image
    ((1, 6, 7, 9), (4, 6, 3, 3), (1, 1), ((1, 1), (1, 1)), (1, 1), 1),      # shifted taps
    ((2, 6, 7, 8), (3, 6, 3, 2), (1, 1), ((2, 0), (1, 1)), (2, 1), 1),      # shifted, dilated
    ((1, 8, 6, 6), (4, 4, 3, 3), (1, 1), ((1, 1), (1, 1)), (1, 1), 2),      # shifted, groups
    ((2, 3, 9, 11), (8, 3, 3, 3), (2, 2), ((1, 1), (1, 1)), (1, 1), 1),     # im2col, strided
    ((1, 2, 8, 40), (16, 2, 3, 3), (1, 1), ((1, 1), (1, 1)), (1, 1), 1),    # im2col, Co > C
    ((1, 4, 9, 9), (6, 2, 2, 3), (2, 1), ((0, 1), (1, 0)), (1, 2), 2),      # im2col, grouped
    ((1, 3, 4, 5), (2, 3, 1, 1), (2, 2), ((0, 0), (0, 0)), (1, 1), 1),      # strided 1x1
]
DEPTHWISE = [
    ((2, 5, 9, 11), (5, 1, 3, 3), (1, 1), ((1, 1), (1, 1)), (1, 1)),
    ((1, 4, 10, 12), (4, 1, 5, 5), (2, 2), ((2, 2), (2, 2)), (1, 1)),
    ((1, 3, 8, 13), (3, 1, 5, 5), (1, 2), ((2, 2), (2, 2)), (1, 1)),
    ((2, 3, 7, 9), (3, 1, 3, 2), (2, 1), ((1, 0), (2, 1)), (2, 1)),
    ((1, 2, 6, 6), (2, 1, 3, 3), (1, 3), ((0, 0), (4, 4)), (1, 2)),
    ((1, 3, 7, 9), (3, 1, 3, 3), (1, 1), ((0, 2), (2, 1)), (1, 2)),
    ((1, 2, 300, 40), (2, 1, 3, 3), (1, 1), ((1, 1), (1, 1)), (1, 1)),  # several bands
    ((1, 2, 150, 40), (2, 1, 5, 5), (1, 1), ((2, 2), (2, 2)), (1, 1)),  # 5x5, several bands
    ((2, 3, 9, 12), (3, 1, 3, 3), (2, 2), ((1, 1), (1, 1)), (1, 1)),    # 3x3, column stride 2
    ((1, 4, 6, 11), (4, 1, 3, 3), (1, 2), ((1, 0), (0, 1)), (1, 1)),
    ((1, 2, 140, 31), (2, 1, 5, 5), (2, 2), ((2, 2), (2, 2)), (1, 1)),  # strided, bands
    ((1, 2, 7, 9), (2, 1, 5, 5), (1, 1), ((2, 2), (2, 2)), (2, 1)),     # 5x5, row dilation
]


def _arrays(xs, ws, dtype="float32", seed=0):
    rng = np.random.default_rng(seed)
    return rng.uniform(-1, 1, xs).astype(dtype), rng.uniform(-1, 1, ws).astype(dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("geometry", GEOMETRIES, ids=str)
def test_conv_forward_routes_match_the_reference(geometry, dtype):
    xs, ws, strides, pads, dils, groups = geometry
    x, w = _arrays(xs, ws, dtype)
    got = conv2d.kernel(xp, x, w, strides, pads, dils, groups)
    expected = ref_conv(x.astype(np.float64), w.astype(np.float64), strides, pads, dils, groups)
    assert got.dtype == x.dtype and got.flags.c_contiguous
    np.testing.assert_allclose(got, expected, rtol=1e-5 if dtype == "float32" else 1e-12,
                               atol=1e-5 if dtype == "float32" else 1e-12)


def test_shallow_products_run_in_column_blocks_with_the_same_result():
    rng = np.random.default_rng(1)
    a = rng.standard_normal((16, 27)).astype("float32")
    b = rng.standard_normal((2, 27, 5 * G.BLOCK_COLUMNS + 3)).astype("float32")
    out = np.empty((2, 16, b.shape[2]), "float32")
    G.matmul_into(a, b, out)
    np.testing.assert_allclose(out, a @ b, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("geometry", DEPTHWISE, ids=str)
def test_depthwise_matches_the_reference(geometry):
    xs, ws, strides, pads, dils = geometry
    x, w = _arrays(xs, ws)
    got = conv2d.kernel(xp, x, w, strides, pads, dils, xs[1])
    expected = ref_conv(x.astype(np.float64), w.astype(np.float64), strides, pads, dils, xs[1])
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("geometry", DEPTHWISE, ids=str)
def test_compiled_depthwise_gives_the_numpy_kernels_numbers(geometry):
    compiled = kernel("depthwise_correlate")
    if compiled is None:
        pytest.skip("numba (the compiler extra) is not installed")
    xs, ws, strides, pads, dils = geometry
    x, w = _arrays(xs, ws)
    sizes = conv_out_sizes("conv2d", xs[2:], ws[2:], strides, pads, dils)
    np.testing.assert_array_equal(compiled(x, w, strides, pads, dils, sizes),
                                  D._correlate_taps(x, w, strides, pads, dils, sizes))


@pytest.mark.parametrize("activation, alpha, beta", [
    ("", 0.0, 0.0), ("relu", 0.0, 0.0), ("relu6", 6.0, 0.0), ("leaky_relu", 0.1, 0.0),
    ("hardswish", 0.0, 0.0), ("hardsigmoid", 0.2, 0.5)])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_compiled_epilogue_gives_the_numpy_numbers(activation, alpha, beta, dtype):
    compiled = kernel("conv_epilogue")
    if compiled is None:
        pytest.skip("numba (the compiler extra) is not installed")
    rng = np.random.default_rng(4)
    out = rng.uniform(-5, 5, (2, 3, 4, 5)).astype(dtype)
    bias, residual = rng.uniform(-1, 1, 3).astype(dtype), rng.uniform(-1, 1, out.shape)
    expected = out + bias.reshape(1, 3, 1, 1)
    expected += residual.astype(dtype)
    apply_epilogue(expected, activation, alpha, beta, 0.75, -0.5)
    assert compiled(out, bias, residual.astype(dtype), activation, alpha, beta, 0.75, -0.5)
    np.testing.assert_array_equal(out, expected)


def test_fused_conv_equals_the_chain_it_replaces():
    x, w = _arrays((2, 6, 7, 9), (4, 6, 3, 3))
    rng = np.random.default_rng(3)
    bias = rng.uniform(-1, 1, 4).astype("float32")
    residual = rng.uniform(-1, 1, (2, 4, 7, 9)).astype("float32")
    geometry = ((1, 1), ((1, 1), (1, 1)), (1, 1), 1)
    out = fused_conv2d.kernel(xp, x, w, bias, residual, *geometry, "hardswish", 0.0, 0.0,
                              2.0, -1.0)
    y = conv2d.kernel(xp, x, w, *geometry) + bias.reshape(1, 4, 1, 1) + residual
    expected = np.clip(y + 3, 0, 6) * y / 6 * 2.0 - 1.0
    np.testing.assert_allclose(out, expected, rtol=1e-5, atol=1e-5)


def test_fused_conv_rejects_a_bias_of_the_wrong_size():
    x, w = _arrays((1, 3, 4, 4), (2, 3, 1, 1))
    with pytest.raises(ValueError, match=r"\(fused_conv2d\) The bias must be a 1-D tensor of 2"):
        fused_conv2d.kernel(xp, x, w, np.ones(3, "float32"), None, (1, 1), ((0, 0), (0, 0)),
                            (1, 1), 1)


@pytest.mark.parametrize("xs, ws, strides, groups", [
    ((1, 4, 3, 5), (4, 3, 2, 2), (2, 2), 1),
    ((2, 4, 3, 4), (4, 1, 2, 2), (2, 2), 2),
    ((1, 3, 4, 4), (3, 2, 3, 3), (3, 3), 1),
])
def test_transposed_conv_with_disjoint_tiles(xs, ws, strides, groups):
    x, w = _arrays(xs, ws)
    size = tuple(s * k for s, k in zip(xs[2:], ws[2:]))
    pads = ((0, 0), (0, 0))
    got = conv2d_transpose.kernel(xp, x, w, strides, pads, size, (1, 1), groups)
    expected = ref_conv_transpose(x.astype(np.float64), w.astype(np.float64), strides, pads,
                                  size, (1, 1), groups)
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("geometry", [g for g in GEOMETRIES if g[2] == (1, 1) and g[0][0] *
                                      g[5] <= 4 and g[1][1] >= g[1][0] // g[5]], ids=str)
def test_compiled_tap_sum_gives_the_numpy_numbers(geometry, monkeypatch):
    if kernel("shifted_sum") is None:
        pytest.skip("numba (the compiler extra) is not installed")
    xs, ws, strides, pads, dils, groups = geometry
    x, w = _arrays(xs, ws)
    compiled = conv2d.kernel(xp, x, w, strides, pads, dils, groups)
    monkeypatch.setattr(G, "compiled_kernel", lambda name: None)
    np.testing.assert_array_equal(compiled, conv2d.kernel(xp, x, w, strides, pads, dils, groups))
