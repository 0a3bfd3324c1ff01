"""op_db entries for the factorizations and solvers: inverse, determinant, slogdet, cholesky,
lu, qr, svd, eigh, eig, solve, triangular_solve, lstsq, matrix_exp.

Samples are well conditioned (random matrices shifted by a multiple of the identity), so the
numeric gradients are stable. cholesky and eigh read only one triangle of their input, while
their gradients are symmetric (as Paddle's are); the generic check perturbs every entry, so their
gradients are checked through a symmetrizing wrapper in tests/tensor/test_linalg_grad.py."""
from .entry import Sample, entry, np


def _matrix(rng, dtype, *shape, shift=None):
    a = rng.uniform(-1, 1, shape)
    if shift is not None:
        a = a + shift * np.eye(shape[-1])
    return a.astype(dtype)


def _spd(rng, dtype, *shape):
    a = rng.uniform(-1, 1, shape)
    return (a @ np.swapaxes(a, -1, -2) + shape[-1] * np.eye(shape[-1])).astype(dtype)


def _square_samples(rng, dtype):
    return [Sample((_matrix(rng, dtype, 3, 3, shift=3),)),
            Sample((_matrix(rng, dtype, 2, 4, 4, shift=4),), name="batched"),
            Sample((_matrix(rng, dtype, 1, 1, shift=2),), name="1x1"),
            Sample((np.zeros((0, 2, 2), dtype),), name="empty batch")]


entry("inverse", _square_samples, ref=np.linalg.inv, rtol=1e-4, atol=1e-5)
entry("determinant", _square_samples, ref=lambda x: np.asarray(np.linalg.det(x)), rtol=1e-4,
      atol=1e-5)


def _slogdet_ref(x):
    sign, logabs = np.linalg.slogdet(x)
    return np.stack([sign, logabs])


def _slogdet_samples(rng, dtype):
    negative = _matrix(rng, dtype, 3, 3, shift=3)
    negative[0] *= -1
    return _square_samples(rng, dtype) + [Sample((negative,), name="negative determinant")]


entry("slogdet", _slogdet_samples, ref=_slogdet_ref, rtol=1e-4, atol=1e-5)


def _cholesky_ref(x, upper):
    lower = np.linalg.cholesky(x)
    return np.swapaxes(lower, -1, -2) if upper else lower


entry("cholesky", lambda rng, dtype: [Sample((_spd(rng, dtype, 3, 3),), (False,)),
                                      Sample((_spd(rng, dtype, 2, 4, 4),), (True,)),
                                      Sample((np.zeros((0, 2, 2), dtype),), (False,))],
      ref=_cholesky_ref, rtol=1e-4, atol=1e-5, grad=False)


def _lu_ref(x, pivot):
    from paddle._core.ops.linalg_lu import factorize
    return factorize(x)


entry("lu", lambda rng, dtype: [Sample((_matrix(rng, dtype, 3, 3, shift=1),), (True,)),
                                Sample((_matrix(rng, dtype, 2, 3, 5),), (True,), name="wide"),
                                Sample((_matrix(rng, dtype, 5, 3),), (True,), name="tall")],
      ref=_lu_ref, rtol=1e-4, atol=1e-5)


def _qr_samples(rng, dtype):
    return [Sample((_matrix(rng, dtype, 4, 3),), ("reduced",)),
            Sample((_matrix(rng, dtype, 2, 3, 5),), ("reduced",), name="wide"),
            Sample((_matrix(rng, dtype, 3, 4),), ("complete",), name="complete wide")]


def _qr_ref(x, mode):
    return np.linalg.qr(x, mode=mode)


entry("qr", _qr_samples, ref=_qr_ref, rtol=1e-4, atol=1e-5)


def _svd_samples(rng, dtype):
    return [Sample((_matrix(rng, dtype, 4, 3),), (False,)),
            Sample((_matrix(rng, dtype, 2, 3, 4),), (False,), name="wide batch"),
            Sample((_matrix(rng, dtype, 3, 3),), (True,), name="full")]


entry("svd", _svd_samples, ref=lambda x, full: np.linalg.svd(x, full_matrices=full),
      rtol=1e-4, atol=1e-5)
entry("eigh", lambda rng, dtype: [Sample((_spd(rng, dtype, 3, 3),), ("L",)),
                                  Sample((_spd(rng, dtype, 2, 4, 4),), ("U",))],
      ref=lambda x, uplo: np.linalg.eigh(x, UPLO=uplo), rtol=1e-4, atol=1e-5, grad=False)


def _eig_ref(x):
    w, v = np.linalg.eig(x)
    target = np.complex64 if x.dtype == np.float32 else np.complex128
    return w.astype(target), v.astype(target)


# eig's outputs are complex, which the generic numeric check skips; its gradient is checked
# through real views of the outputs in tests/tensor/test_linalg.py.
entry("eig", lambda rng, dtype: [Sample((_spd(rng, dtype, 3, 3),)),
                                 Sample((_matrix(rng, dtype, 2, 3, 3),), name="complex pairs")],
      ref=_eig_ref, rtol=1e-4, atol=1e-5, grad=False)


def _solve_samples(rng, dtype):
    return [Sample((_matrix(rng, dtype, 3, 3, shift=3), _matrix(rng, dtype, 3, 2))),
            Sample((_matrix(rng, dtype, 2, 3, 3, shift=3), _matrix(rng, dtype, 3, 1)),
                   name="broadcast batch"),
            Sample((_matrix(rng, dtype, 3, 3, shift=3), _matrix(rng, dtype, 3)), name="vector")]


entry("solve", _solve_samples, ref=np.linalg.solve, rtol=1e-4, atol=1e-5)


def _triangular_samples(rng, dtype):
    a = _matrix(rng, dtype, 3, 3, shift=3)
    b = _matrix(rng, dtype, 3, 2)
    return [Sample((a, b), (True, False, False)), Sample((a, b), (False, True, False)),
            Sample((a, b), (True, True, True), name="unit"),
            Sample((_matrix(rng, dtype, 2, 3, 3, shift=3), b), (False, False, True),
                   name="broadcast batch")]


def _triangular_ref(x, y, upper, transpose, unit):
    a = np.triu(x) if upper else np.tril(x)
    if unit:
        a = a - a * np.eye(x.shape[-1]) + np.eye(x.shape[-1])
    if transpose:
        a = np.swapaxes(a, -1, -2)
    return np.linalg.solve(a, np.broadcast_to(y, a.shape[:-2] + y.shape[-2:]))


entry("triangular_solve", _triangular_samples, ref=_triangular_ref, rtol=1e-4, atol=1e-5)


def _lstsq_samples(rng, dtype):
    rcond = 1e-7 if dtype == np.float32 else 1e-15
    return [Sample((_matrix(rng, dtype, 5, 3), _matrix(rng, dtype, 5, 2)), (rcond, "gelsd")),
            Sample((_matrix(rng, dtype, 2, 4), _matrix(rng, dtype, 2, 1)), (rcond, "gelsy"),
                   name="wide"),
            Sample((_matrix(rng, dtype, 2, 4, 3), _matrix(rng, dtype, 2, 4, 2)), (rcond, "gels"),
                   name="batch")]


def _lstsq_ref(x, y, rcond, driver):
    solution = np.linalg.pinv(x) @ y
    if driver == "gels":
        rank = np.zeros((0,), np.int64)
    else:
        rank = np.full(x.shape[:-2], min(x.shape[-2:]), np.int32)
    values = np.linalg.svd(x, compute_uv=False) if driver in ("gelsd", "gelss") else \
        np.zeros((0,), x.dtype)
    return solution, rank, values


entry("lstsq", _lstsq_samples, ref=_lstsq_ref, rtol=1e-4, atol=1e-5)


def _expm_ref(x):
    from scipy.linalg import expm
    return np.asarray(expm(x.astype(np.float64)))


entry("matrix_exp", lambda rng, dtype: [Sample((_matrix(rng, dtype, 3, 3) * 0.5,)),
                                        Sample((_matrix(rng, dtype, 2, 3, 3) * 4,),
                                               name="needs squaring"),
                                        Sample((np.zeros((0, 2, 2), dtype),), name="empty")],
      ref=_expm_ref, rtol=1e-5, atol=1e-5)


def _lu_unpack_samples(rng, dtype):
    from paddle._core.ops.linalg_lu import factorize
    samples = []
    for shape, flags in (((3, 3), (True, True)), ((2, 3, 5), (True, True)),
                         ((5, 3), (True, False)), ((3, 3), (False, True))):
        packed, pivots, _ = factorize(_matrix(rng, dtype, *shape))
        samples.append(Sample((packed, pivots), flags, grad_inputs=(0,), name=str(shape)))
    return samples


def _lu_unpack_ref(x, pivots, unpack_ludata, unpack_pivots):
    from paddle._core.ops.linalg_lu import permutation_matrices
    m, n = x.shape[-2:]
    k = min(m, n)
    empty = np.zeros((0,), x.dtype)
    perm = permutation_matrices(pivots, m, x.dtype) if unpack_pivots else empty
    if not unpack_ludata:
        return perm, empty, empty
    return perm, np.tril(x[..., :, :k], -1) + np.eye(m, k), np.triu(x[..., :k, :])


entry("lu_unpack", _lu_unpack_samples, ref=_lu_unpack_ref)
