"""Linear algebra behaviour beyond the op database and the goldens: gradients of the
symmetric-input factorizations, features real Paddle lacks (einsum double grad, integer einsum),
error types where Feijiang is deliberately stricter or clearer, and the randomized low-rank SVD."""
from __future__ import annotations

import numpy as np
import pytest
from gradcheck import check_double_vjp, check_vjp

import paddle


def _spd(n, batch=(), seed=0):
    a = np.random.default_rng(seed).uniform(-1, 1, batch + (n, n))
    return a @ np.swapaxes(a, -1, -2) + n * np.eye(n)


def _sym(t):
    return (t + t.mT) * 0.5


@pytest.mark.parametrize("fn", [
    lambda x: paddle.linalg.cholesky(_sym(x)),
    lambda x: paddle.linalg.cholesky(_sym(x), upper=True),
    lambda x: paddle.linalg.eigh(_sym(x)),
    lambda x: paddle.linalg.eigh(_sym(x), "U"),
    lambda x: paddle.linalg.eigvalsh(_sym(x)),
], ids=["cholesky", "cholesky_upper", "eigh", "eigh_upper", "eigvalsh"])
def test_symmetric_factorization_gradients(fn):
    # these read one triangle of a symmetric input; perturb symmetrically
    check_vjp(fn, [_spd(3, (2,))])
    check_double_vjp(fn, [_spd(3, (2,))])


def test_eigh_gradient_is_symmetric():
    x = paddle.to_tensor(_spd(3))
    x.stop_gradient = False
    v = paddle.linalg.eigh(x)[1]
    (g,) = paddle.grad((v * v * paddle.to_tensor(np.arange(9.0).reshape(3, 3))).sum(), [x])
    np.testing.assert_allclose(g.numpy(), g.numpy().T, atol=1e-12)


@pytest.mark.parametrize("name, fn, arrays", [
    ("cholesky_solve", lambda b, f: paddle.linalg.cholesky_solve(b, f),
     [np.ones((3, 2)), np.linalg.cholesky(_spd(3))]),
    ("cholesky_inverse", lambda f: paddle.linalg.cholesky_inverse(f, upper=True),
     [np.linalg.cholesky(_spd(3)).T.copy()]),
    ("lu_unpack", lambda x: paddle.linalg.lu_unpack(*paddle.linalg.lu(x))[1:],
     [_spd(3) - 2 * np.eye(3)]),
    ("lu_solve", lambda b, x: paddle.linalg.lu_solve(b, *paddle.linalg.lu(x)),
     [np.ones((3, 1)), _spd(3)]),
    ("pinv", lambda x: paddle.linalg.pinv(x), [np.random.default_rng(1).uniform(-1, 1, (3, 4))]),
    ("pinv_hermitian", lambda x: paddle.linalg.pinv(_sym(x), hermitian=True),
     [_spd(3) - 2 * np.eye(3)]),
    ("matrix_power", lambda x: paddle.linalg.matrix_power(x, -3), [_spd(3) / 3]),
    ("householder_product", lambda x, t: paddle.linalg.householder_product(x, t),
     [np.random.default_rng(2).uniform(-1, 1, (4, 3)), np.array([1.2, 0.7])]),
    ("cov", lambda x: paddle.linalg.cov(x), [np.random.default_rng(3).uniform(-1, 1, (3, 5))]),
    ("corrcoef", lambda x: paddle.linalg.corrcoef(x),
     [np.random.default_rng(4).uniform(-1, 1, (3, 5))]),
    ("cdist", lambda x, y: paddle.cdist(x, y, 3.0),
     [np.random.default_rng(5).uniform(-1, 1, (2, 3)), np.random.default_rng(6).uniform(size=(4, 3))]),
    ("nuclear_norm", lambda x: paddle.linalg.norm(x, "nuc", [0, 1]),
     [np.random.default_rng(7).uniform(-1, 1, (3, 4))]),
    ("tensordot", lambda x, y: paddle.tensordot(x, y, [[0, 2], [1, 0]]),
     [np.random.default_rng(8).uniform(size=(2, 3, 4)), np.random.default_rng(9).uniform(size=(4, 2))]),
    ("kron", lambda x, y: paddle.kron(x, y),
     [np.random.default_rng(10).uniform(size=(2, 3)), np.random.default_rng(11).uniform(size=(2,))]),
])
def test_composite_gradients(name, fn, arrays):
    check_vjp(fn, arrays)
    check_double_vjp(fn, arrays)


def test_cholesky_solve_gradient_stays_in_the_read_triangle():
    factor = paddle.to_tensor(np.linalg.cholesky(_spd(3)))
    factor.stop_gradient = False
    out = paddle.linalg.cholesky_solve(paddle.ones([3, 1], dtype="float64"), factor)
    (g,) = paddle.grad(out.sum(), [factor])
    assert np.all(np.triu(g.numpy(), 1) == 0)


def test_einsum_double_gradient_and_integers():
    a = paddle.to_tensor(np.arange(6.0).reshape(2, 3))
    b = paddle.to_tensor(np.arange(9.0).reshape(3, 3))
    a.stop_gradient = b.stop_gradient = False
    out = paddle.einsum("ij,jk->ik", a, b)
    (ga,) = paddle.grad((out * out).sum(), [a], create_graph=True)
    (gb,) = paddle.grad((ga * ga).sum(), [b])
    assert gb.shape == [3, 3] and np.isfinite(gb.numpy()).all()
    ints = paddle.einsum("i,i->", paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4]))
    assert ints.dtype == paddle.int64 and int(ints) == 11


@pytest.mark.parametrize("equation, shapes", [
    ("ij,jk->ik", [(2, 3)]),                 # operand count
    ("ij->j->i", [(2, 3)]),                  # two arrows
    ("i1", [(2, 3)]),                        # not a letter
    ("...ij->ij", [(2, 3, 4)]),              # ellipsis dropped from the output
    ("ijk", [(2, 3)]),                       # too many labels
    ("ij->ii", [(2, 3)]),                    # repeated output label
    ("ij->k", [(2, 3)]),                     # output label not in the inputs
])
def test_einsum_invalid_equations_raise_value_error(equation, shapes):
    with pytest.raises(ValueError, match=r"^\(einsum\)"):
        paddle.einsum(equation, *[paddle.ones(list(s)) for s in shapes])


def test_einsum_repeated_labels_inside_an_operand():
    x = paddle.to_tensor(np.arange(12.0).reshape(2, 2, 3))
    np.testing.assert_allclose(paddle.einsum("iij->ij", x).numpy(),
                               np.einsum("iij->ij", x.numpy()))


@pytest.mark.parametrize("call", [
    lambda: paddle.dot(paddle.ones([3]), paddle.ones([4])),
    lambda: paddle.dot(paddle.ones([2, 2, 3]), paddle.ones([2, 2, 3])),
    lambda: paddle.cdist(paddle.ones([3, 2]), paddle.ones([4, 3])),
    lambda: paddle.cdist(paddle.ones([3]), paddle.ones([4, 3])),
    lambda: paddle.cdist(paddle.ones([3, 2]), paddle.ones([4, 2]), -1.0),
    lambda: paddle.linalg.cholesky(paddle.ones([2, 3])),
    lambda: paddle.linalg.householder_product(paddle.ones([2, 3]), paddle.ones([2])),
    lambda: paddle.linalg.matrix_norm(paddle.ones([2, 2]), "fro", 1),
    lambda: paddle.linalg.det(paddle.ones([3])),
    lambda: paddle.linalg.lu(paddle.eye(2), pivot=False),
], ids=["dot_len", "dot_rank", "cdist_dim", "cdist_rank", "cdist_p", "cholesky_rect",
        "householder_wide", "matrix_norm_int_axis", "det_1d", "lu_no_pivot"])
def test_shape_and_value_errors(call):
    with pytest.raises(ValueError, match=r"^\("):
        call()


@pytest.mark.parametrize("call", [
    lambda: paddle.linalg.inv(paddle.to_tensor([[1, 0], [0, 1]])),
    lambda: paddle.linalg.svd(paddle.to_tensor([[1, 0], [0, 1]])),
    lambda: paddle.norm(paddle.to_tensor([3, 4])),
    lambda: paddle.trace(paddle.to_tensor([[True]])),
])
def test_integer_inputs_are_type_errors(call):
    with pytest.raises(TypeError):
        call()


def test_matmul_dtype_rules():
    f32 = paddle.ones([2, 2])
    assert paddle.matmul(f32, paddle.ones([2, 2], dtype="int64")).dtype == paddle.float32
    with pytest.raises(ValueError, match="matmul"):
        paddle.matmul(f32, paddle.ones([2, 2], dtype="float64"))
    with pytest.raises(ValueError, match="matmul"):
        paddle.ones([2, 2], dtype="int64") @ f32


def test_in_place_variants():
    x = paddle.to_tensor(np.arange(6.0).reshape(2, 3))
    assert x.t_() is x and x.shape == [3, 2]
    acc = paddle.ones([2, 2])
    acc.addmm_(paddle.ones([2, 3]), paddle.ones([3, 2]), beta=0.5, alpha=2.0)
    np.testing.assert_allclose(acc.numpy(), np.full((2, 2), 6.5))
    leaf = paddle.ones([2, 2])
    leaf.stop_gradient = False
    with pytest.raises(ValueError, match="inplace"):
        leaf.addmm_(paddle.ones([2, 3]), paddle.ones([3, 2]))


def test_lstsq_residuals_follow_the_driver():
    a = paddle.to_tensor(np.random.default_rng(0).uniform(-1, 1, (5, 3)))
    b = paddle.to_tensor(np.random.default_rng(1).uniform(-1, 1, (5, 2)))
    solution, residuals, rank, values = paddle.linalg.lstsq(a, b, driver="gelsd")
    expected = np.linalg.lstsq(a.numpy(), b.numpy(), rcond=None)
    np.testing.assert_allclose(solution.numpy(), expected[0], rtol=1e-10)
    np.testing.assert_allclose(residuals.numpy(), expected[1], rtol=1e-10)
    assert int(rank) == 3 and values.shape == [3]
    assert paddle.linalg.lstsq(a, b)[1].shape == [0]  # gelsy reports no residuals


def test_svd_lowrank_recovers_an_exactly_low_rank_matrix():
    # exact whatever the random probe is, since the matrix has rank q
    rng = np.random.default_rng(0)
    x = paddle.to_tensor(rng.uniform(-1, 1, (2, 8, 2)) @ rng.uniform(-1, 1, (2, 2, 6)))
    u, s, v = paddle.linalg.svd_lowrank(x, q=2)
    np.testing.assert_allclose((u * s.unsqueeze(-2)) @ v.mT, x.numpy(), atol=1e-10)
    np.testing.assert_allclose(s.numpy(), np.linalg.svd(x.numpy())[1][..., :2], rtol=1e-10)
    centered = x - x.mean(axis=-2, keepdim=True)
    u, s, v = paddle.linalg.pca_lowrank(x, q=2)
    np.testing.assert_allclose((u * s.unsqueeze(-2)) @ v.mT, centered.numpy(), atol=1e-10)
    with pytest.raises(ValueError, match="q"):
        paddle.linalg.svd_lowrank(x, q=7)


def test_linalg_namespace_and_methods():
    for name in ("inv", "det", "svd", "eigh", "lstsq", "matrix_exp", "vector_norm", "lu_solve",
                 "svd_lowrank", "householder_product", "cholesky_inverse", "vecdot"):
        assert callable(getattr(paddle.linalg, name)), name
    assert paddle.linalg.norm is paddle.norm and paddle.linalg.inv is paddle.inverse
    x = paddle.to_tensor([[2.0, 1.0], [1.0, 3.0]])
    assert float(x.inverse().matmul(x).trace()) == pytest.approx(2.0)
    assert not hasattr(x, "svd") and not hasattr(x, "einsum")


def test_composites_trace_with_metas():
    from paddle._core.tracing import Tracer
    with Tracer() as tracer:
        x = tracer.input([-1, 3, 3], "float32", "x")
        y = paddle.linalg.solve(x, paddle.linalg.inv(x) @ x)
        z = paddle.einsum("bij,bjk->bik", y, x)
    assert list(z.shape) == [-1, 3, 3]
    recorded = [op.name for op in tracer.ops if op.name != "pd_op.data"]
    assert recorded == ["pd_op.inverse", "pd_op.matmul", "pd_op.solve", "pd_op.einsum"]


def _complex(re, im):
    return paddle.complex(re, im)


def _parts(t):
    return [paddle.real(t), paddle.imag(t)]


_RNG = np.random.default_rng(20)
_SQ = [_RNG.standard_normal((2, 3, 3)) + 3 * np.eye(3), _RNG.standard_normal((2, 3, 3))]
_RHS = [_RNG.standard_normal((3, 2))]


@pytest.mark.parametrize("fn, arrays", [
    (lambda a, b: _parts(paddle.matmul(_complex(a, b), _complex(b, a))), _SQ),
    (lambda a, b: _parts(paddle.linalg.inv(_complex(a, b))), _SQ),
    (lambda a, b: _parts(paddle.linalg.det(_complex(a, b))), _SQ),
    (lambda a, b: [paddle.real(paddle.linalg.slogdet(_complex(a, b))[1])], _SQ),
    (lambda a, b, y: _parts(paddle.linalg.solve(_complex(a, b), _complex(y, y * 0.5))),
     _SQ + _RHS),
    (lambda a, b, y: _parts(paddle.linalg.triangular_solve(_complex(a, b), _complex(y, -y),
                                                           False, True)), _SQ + _RHS),
    (lambda a, b: _parts(paddle.einsum("bij,bjk->bik", _complex(a, b), _complex(b, a))), _SQ),
    (lambda a, b: _parts(paddle.cross(_complex(a, b), _complex(b, a), 1)), _SQ),
    (lambda a, b: paddle.linalg.eigh(_sym(_complex(a, b).mT.conj() + _complex(a, b)))[0], _SQ),
    (lambda a, b: [paddle.linalg.vector_norm(_complex(a, b), 3.0, axis=1)], _SQ),
], ids=["matmul", "inv", "det", "slogdet", "solve", "triangular_solve", "einsum", "cross",
        "eigh", "vector_norm"])
def test_complex_gradients_follow_the_conjugate_convention(fn, arrays):
    # real and imaginary parts perturbed separately: grad = dL/dRe + i dL/dIm
    check_vjp(fn, arrays)


@pytest.mark.parametrize("x", [_RNG.standard_normal((2, 3, 3)), _spd(3)], ids=["general",
                                                                             "symmetric"])
def test_eig_gradient(x):
    def fn(a):
        w, v = paddle.linalg.eig(a)
        return [paddle.real(w), paddle.imag(w), v.abs() ** 2]
    check_vjp(fn, [x])


def test_complex_gradients_of_svd_and_qr_are_refused():
    x = paddle.to_tensor(np.eye(2) + 1j * np.ones((2, 2)))
    x.stop_gradient = False
    with pytest.raises(NotImplementedError, match="svd"):
        paddle.grad(paddle.linalg.svd(x)[1].sum(), [x])
