"""Functions whose Paddle 3.3 forms take Tensors only: a list, a NumPy array or a number as the
Tensor argument is refused with Paddle's error (the bindings' ValueError naming the API, the
argument and its position; a TypeError where Paddle's own Python check raises one), while the
Tensor and Tensor-method forms keep working."""
from __future__ import annotations

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F

MATRIX = [[1.0, 2.0], [3.0, 4.0]]
BAD = [(MATRIX, "list"), (np.array(MATRIX), "numpy.ndarray"), (1.5, "float")]


def _t():
    return paddle.to_tensor(MATRIX)


# (label, call with the bad value, API named in the message, argument name, position)
SINGLE = [
    ("angle", paddle.angle, "angle", "x", 0),
    ("as_complex", paddle.as_complex, "as_complex", "x", 0),
    ("as_real", paddle.as_real, "as_real", "x", 0),
    ("clamp", paddle.clamp, "clip", "x", 0),
    ("clip", paddle.clip, "clip", "x", 0),
    ("clone", paddle.clone, "clone", "x", 0),
    ("conj", paddle.conj, "conj", "x", 0),
    ("crop", paddle.crop, "crop", "x", 0),
    ("deg2rad", paddle.deg2rad, "deg2rad", "x", 0),
    ("diag", paddle.diag, "diag", "x", 0),
    ("diagflat", paddle.diagflat, "diagflat", "x", 0),
    ("diagonal", paddle.diagonal, "diagonal", "x", 0),
    ("eigvalsh", paddle.linalg.eigvalsh, "eigvalsh", "x", 0),
    ("empty_like", paddle.empty_like, "empty_like", "x", 0),
    ("flatten", paddle.flatten, "flatten", "x", 0),
    ("frac", paddle.frac, "frac", "x", 0),
    ("frexp", paddle.frexp, "frexp", "x", 0),
    ("gammaln", paddle.gammaln, "gammaln", "x", 0),
    ("imag", paddle.imag, "imag", "x", 0),
    ("inverse", paddle.inverse, "inverse", "x", 0),
    ("linalg.inv", paddle.linalg.inv, "inverse", "x", 0),
    ("logit", paddle.logit, "logit", "x", 0),
    ("nan_to_num", paddle.nan_to_num, "nan_to_num", "x", 0),
    ("ones_like", paddle.ones_like, "ones_like", "x", 0),
    ("rad2deg", paddle.rad2deg, "rad2deg", "x", 0),
    ("ravel", paddle.ravel, "ravel", "input", 0),
    ("real", paddle.real, "real", "x", 0),
    ("rot90", paddle.rot90, "rot90", "x", 0),
    ("round", paddle.round, "round", "x", 0),
    ("scale", paddle.scale, "scale", "x", 0),
    ("sgn", paddle.sgn, "sgn", "x", 0),
    ("shape", paddle.shape, "shape64", "input", 0),
    ("sigmoid", paddle.sigmoid, "sigmoid", "x", 0),
    ("squeeze", paddle.squeeze, "squeeze", "x", 0),
    ("stanh", paddle.stanh, "stanh", "x", 0),
    ("t", paddle.t, "t", "input", 0),
    ("trace", paddle.trace, "trace", "x", 0),
    ("tril", paddle.tril, "tril", "x", 0),
    ("triu", paddle.triu, "triu", "x", 0),
    ("unbind", paddle.unbind, "unbind", "input", 0),
    ("unstack", paddle.unstack, "unstack", "x", 0),
    ("view_as_complex", paddle.view_as_complex, "as_complex", "x", 0),
    ("where", paddle.where, "nonzero", "condition", 0),
    ("zeros_like", paddle.zeros_like, "zeros_like", "x", 0),
] + [(f"linalg.{name}", getattr(paddle.linalg, name), name, "x", 0) for name in (
    "cholesky_inverse", "cond", "corrcoef", "cov", "det", "eig", "eigh", "eigvals", "lu",
    "matrix_norm", "matrix_rank", "pca_lowrank", "pinv", "qr", "slogdet", "svd", "svd_lowrank",
    "svdvals")] + [
    ("addmm", lambda b: paddle.addmm(b, _t(), _t()), "addmm", "input", 0),
    ("dist", lambda b: paddle.dist(b, _t()), "dist", "x", 0),
    ("dist_y", lambda b: paddle.dist(_t(), b), "dist", "y", 1),
    ("dot", lambda b: paddle.dot(b, _t()), "dot", "x", 0),
    ("dot_y", lambda b: paddle.dot(_t(), b), "dot", "y", 1),
    ("expand_as", lambda b: paddle.expand_as(b, _t()), "expand_as", "x", 0),
    ("flip", lambda b: paddle.flip(b, 0), "flip", "x", 0),
    ("floor_divide", lambda b: paddle.floor_divide(b, 2), "floor_divide", "x", 0),
    ("floor_mod", lambda b: paddle.floor_mod(b, 2), "remainder", "x", 0),
    ("full_like", lambda b: paddle.full_like(b, 0.0), "full_like", "x", 0),
    ("hsplit", lambda b: paddle.hsplit(b, [1]), "hsplit", "x", 0),
    ("inner", lambda b: paddle.inner(b, _t()), "inner", "x", 0),
    ("kron", lambda b: paddle.kron(b, _t()), "kron", "x", 0),
    ("kron_y", lambda b: paddle.kron(_t(), b), "kron", "y", 1),
    ("matmul", lambda b: paddle.matmul(b, _t()), "matmul", "x", 0),
    ("matmul_y", lambda b: paddle.matmul(_t(), b), "matmul", "y", 1),
    ("mm", lambda b: paddle.mm(b, _t()), "matmul", "x", 0),
    ("mod", lambda b: paddle.mod(b, 2), "remainder", "x", 0),
    ("outer", lambda b: paddle.outer(b, _t()), "outer", "x", 0),
    ("permute", lambda b: paddle.permute(b, [1, 0]), "transpose", "x", 0),
    ("polygamma", lambda b: paddle.polygamma(b, 1), "polygamma", "x", 0),
    ("remainder", lambda b: paddle.remainder(b, _t()), "remainder", "x", 0),
    ("reverse", lambda b: paddle.reverse(b, 0), "flip", "x", 0),
    ("roll", lambda b: paddle.roll(b, 1), "roll", "x", 0),
    ("tensor_split", lambda b: paddle.tensor_split(b, [1]), "tensor_split", "x", 0),
    ("tensordot", lambda b: paddle.tensordot(b, _t()), "tensordot", "x", 0),
    ("tile", lambda b: paddle.tile(b, [1]), "tile", "x", 0),
    ("transpose", lambda b: paddle.transpose(b, [1, 0]), "transpose", "x", 0),
    ("unsqueeze", lambda b: paddle.unsqueeze(b, 0), "unsqueeze", "x", 0),
    ("view_as", lambda b: paddle.view_as(b, _t()), "view_shape", "input", 0),
    ("vsplit", lambda b: paddle.vsplit(b, [1]), "vsplit", "x", 0),
    ("chunk", lambda b: paddle.chunk(b, 1), "chunk", "x", 0),
    ("split", lambda b: paddle.split(b, 1), "split", "x", 0),
    ("masked_select", lambda b: paddle.masked_select(b, _t() > 2), "masked_select", "x", 0),
    ("masked_select_mask", lambda b: paddle.masked_select(_t(), b), "masked_select", "mask", 1),
    ("masked_scatter", lambda b: paddle.masked_scatter(b, _t() > 2, _t()), "masked_scatter",
     "x", 0),
    ("randint_like", lambda b: paddle.randint_like(b, 3), "randint_like", "x", 0),
    ("multigammaln", lambda b: paddle.multigammaln(b, 1), "multigammaln", "x", 0),
    ("repeat_interleave", lambda b: paddle.repeat_interleave(b, 1), "repeat_interleave", "x", 0),
    ("linalg.cholesky_solve", lambda b: paddle.linalg.cholesky_solve(b, _t()), "cholesky_solve",
     "x", 0),
    ("linalg.lstsq", lambda b: paddle.linalg.lstsq(b, _t()), "lstsq", "x", 0),
    ("linalg.matrix_power", lambda b: paddle.linalg.matrix_power(b, 1), "matrix_power", "x", 0),
    ("linalg.solve", lambda b: paddle.linalg.solve(b, _t()), "solve", "x", 0),
    ("linalg.solve_y", lambda b: paddle.linalg.solve(_t(), b), "solve", "y", 1),
    ("linalg.triangular_solve", lambda b: paddle.linalg.triangular_solve(b, _t()),
     "triangular_solve", "x", 0),
    ("F.linear", lambda b: F.linear(b, _t()), "linear", "X", 0),
    ("F.linear_weight", lambda b: F.linear(_t(), b), "linear", "weight", 1),
    ("F.pad", lambda b: F.pad(b, [0, 0]), "pad", "x", 0),
    ("F.zeropad2d", lambda b: F.zeropad2d(b, [0, 0, 0, 0]), "pad", "x", 0),
]


@pytest.mark.parametrize("bad, kind", BAD, ids=["list", "ndarray", "float"])
@pytest.mark.parametrize("label, call, api, arg, pos", SINGLE, ids=[s[0] for s in SINGLE])
def test_non_tensor_argument_is_a_value_error(label, call, api, arg, pos, bad, kind):
    with pytest.raises(ValueError, match=rf"^{api}\(\): argument '{arg}' \(position {pos}\) "
                                         rf"must be Tensor, but got {kind}$"):
        call(bad)


# Functions taking a list of Tensors: the list itself, a non-list, or a non-Tensor element.
LISTS = [
    ("broadcast_tensors", paddle.broadcast_tensors, "broadcast_tensors", "input"),
    ("column_stack", paddle.column_stack, "column_stack", "x"),
    ("block_diag", paddle.block_diag, "block_diag", "inputs"),
    ("meshgrid", paddle.meshgrid, "meshgrid", "inputs"),
]


@pytest.mark.parametrize("bad, kind", BAD, ids=["list", "ndarray", "float"])
@pytest.mark.parametrize("label, call, api, arg", LISTS, ids=[s[0] for s in LISTS])
def test_non_tensor_in_tensor_list_is_a_value_error(label, call, api, arg, bad, kind):
    head = rf"^{api}\(\): argument '{arg}' \(position 0\) must be list of Tensors, but "
    # as the whole argument: a list of lists names its first element, the others their type
    whole = "element 0 is list" if kind == "list" else f"got {kind}"
    if label == "meshgrid" and kind != "list":
        whole = f"element 0 is {kind}"  # meshgrid(*args) gathers a lone argument into a list
    with pytest.raises(ValueError, match=head + whole + "$"):
        call(bad)
    with pytest.raises(ValueError, match=head + f"element 1 is {kind}$"):
        call([paddle.ones([2]), bad])


@pytest.mark.parametrize("bad, kind", BAD, ids=["list", "ndarray", "float"])
@pytest.mark.parametrize("fn", [paddle.norm, paddle.linalg.norm, paddle.pdist,
                                paddle.linalg.vector_norm],
                         ids=["norm", "linalg.norm", "pdist", "linalg.vector_norm"])
def test_norms_refuse_non_tensors_with_paddles_type_error(fn, bad, kind):
    with pytest.raises(TypeError, match=r"Expected Tensor, but received type of x: <class"):
        fn(bad)


@pytest.mark.parametrize("fn, api, arg", [
    (paddle.matrix_transpose, "matrix_transpose", "x"),
    (paddle.linalg.matrix_transpose, "matrix_transpose", "x"),
    (paddle.rank, "rank", "input"),
    (lambda b: paddle.cdist(b, paddle.ones([2, 2], "float64")), "cdist", "x"),
    (lambda b: paddle.linalg.vecdot(b, paddle.ones([2], "float64")), "vecdot", "x"),
], ids=["matrix_transpose", "linalg.matrix_transpose", "rank", "cdist", "vecdot"])
def test_array_tolerant_functions_take_arrays_but_not_lists_or_numbers(fn, api, arg):
    # Paddle's Python code for these only reads attributes NumPy arrays share
    assert fn(np.array(MATRIX)) is not None
    for bad, kind in BAD[0::2]:
        with pytest.raises(ValueError, match=rf"^{api}\(\): argument '{arg}' \(position 0\) "
                                             rf"must be Tensor, but got {kind}$"):
            fn(bad)


def test_array_tolerant_functions_compute_on_arrays():
    np.testing.assert_array_equal(paddle.matrix_transpose(np.array(MATRIX)).numpy(),
                                  np.array(MATRIX).T)
    assert paddle.rank(np.zeros([2, 3, 4])).item() == 3
    assert paddle.rank(np.zeros([2, 3, 4])).dtype == paddle.int32


def test_tensor_forms_still_work():
    x = _t()
    assert x.flatten().shape == [4]
    assert x.t().numpy().tolist() == [[1.0, 3.0], [2.0, 4.0]]
    assert x.clip(2.0, 3.0).numpy().tolist() == [[2.0, 2.0], [3.0, 3.0]]
    assert x.matmul(x).numpy().tolist() == [[7.0, 10.0], [15.0, 22.0]]
    assert (x // 2).numpy().tolist() == [[0.0, 1.0], [1.0, 2.0]]
    assert (7 % x).numpy().tolist() == [[0.0, 1.0], [1.0, 3.0]]
    assert paddle.floor_divide(x, 2.0).numpy().tolist() == [[0.0, 1.0], [1.0, 2.0]]
    assert [t.shape for t in paddle.broadcast_tensors((x, paddle.ones([2])))] == [[2, 2]] * 2
    assert paddle.column_stack([paddle.ones([2]), paddle.zeros([2])]).shape == [2, 2]
    assert paddle.where(paddle.to_tensor([True, False]))[0].numpy().tolist() == [0]
