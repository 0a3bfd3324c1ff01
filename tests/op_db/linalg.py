"""op_db entries for the linear-algebra products and norms: matmul, cross, trace, p_norm,
einsum."""
from .entry import Sample, entry, np


def _matmul_ref(x, y, tx=False, ty=False):
    if tx and x.ndim >= 2:
        x = np.swapaxes(x, -1, -2)
    if ty and y.ndim >= 2:
        y = np.swapaxes(y, -1, -2)
    return np.matmul(x, y)


def _matmul_samples(rng, dtype):
    def r(*shape):
        return rng.uniform(-1, 1, shape).astype(dtype)
    return [Sample((r(3, 4), r(4, 5)), (False, False)),
            Sample((r(2, 3, 4), r(4, 5)), (False, False)),
            Sample((r(4, 3), r(2, 5, 4)), (True, True)),
            Sample((r(4,), r(4, 5)), (False, False)),
            Sample((r(3, 4), r(4,)), (False, False)),
            Sample((r(4,), r(4,)), (False, False)),
            Sample((r(2, 1, 3, 4), r(5, 4, 2)), (False, False)),
            Sample((r(0, 4), r(4, 2)), (False, False), name="empty")]


entry("matmul", _matmul_samples, ref=_matmul_ref, rtol=1e-5, atol=1e-5)


def _cross_samples(rng, dtype):
    def r(*shape):
        return rng.uniform(-1, 1, shape).astype(dtype)
    return [Sample((r(3), r(3)), (0,)), Sample((r(2, 3), r(2, 3)), (1,)),
            Sample((r(3, 4, 2), r(3, 4, 2)), (0,)), Sample((r(0, 3), r(0, 3)), (1,))]


entry("cross", _cross_samples, ref=lambda x, y, axis: np.cross(x, y, axis=axis))


def _trace_samples(rng, dtype):
    def r(*shape):
        return rng.uniform(-1, 1, shape).astype(dtype)
    return [Sample((r(3, 3),), (0, 0, 1)), Sample((r(3, 4),), (1, 0, 1)),
            Sample((r(2, 3, 4),), (-1, -1, 0), name="negative axes"),
            Sample((r(4, 3),), (5, 0, 1), name="offset past the end"),
            Sample((r(0, 3),), (0, 0, 1), name="empty")]


entry("trace", _trace_samples,
      ref=lambda x, offset, a1, a2: np.asarray(np.trace(x, offset, a1, a2)))


def _p_norm_samples(rng, dtype):
    x = rng.uniform(0.5, 2, (3, 4)) * rng.choice([-1, 1], (3, 4))
    x = x.astype(dtype)
    return [Sample((x,), (2.0, None, False)), Sample((x,), (2.0, (1,), True)),
            Sample((x,), (1.0, (0,), False)), Sample((x,), (3.0, (-1,), False)),
            Sample((x,), (0.5, (0, 1), False)), Sample((x,), (float("inf"), (1,), False)),
            Sample((x,), (float("-inf"), None, True)), Sample((x,), (0.0, (1,), False)),
            Sample((np.asarray(x[0, 0]),), (2.0, None, False), name="0-d"),
            Sample((np.zeros((0, 3), dtype),), (2.0, (0,), False), name="empty")]


def _p_norm_ref(x, p, axis, keepdim):
    a = np.abs(x.astype(np.float64))
    if p == 0:
        out = np.sum(a != 0, axis=axis, keepdims=keepdim)
    elif p == float("inf"):
        out = np.max(a, axis=axis, keepdims=keepdim, initial=0)
    elif p == float("-inf"):
        out = np.min(a, axis=axis, keepdims=keepdim, initial=np.inf)
    else:
        out = np.sum(a ** p, axis=axis, keepdims=keepdim) ** (1 / p)
    return np.asarray(out)


entry("p_norm", _p_norm_samples, ref=_p_norm_ref, rtol=1e-5, atol=1e-6)


def _einsum_samples(rng, dtype):
    def r(*shape):
        return rng.uniform(-1, 1, shape).astype(dtype)
    return [Sample(([r(2, 3), r(3, 4)],), ("ij,jk->ik",), name="matmul"),
            Sample(([r(3, 3)],), ("ii->i",), name="diagonal"),
            Sample(([r(3, 3)],), ("ii->",), name="trace"),
            Sample(([r(2, 3, 4)],), ("ijk->kji",), name="transpose"),
            Sample(([r(2, 3), r(4)],), ("ij,k->ik",), name="outer"),
            Sample(([r(1, 3), r(2, 3)],), ("ij,ij->ij",), name="size-1 broadcast"),
            Sample(([r(2, 3), r(3, 4), r(4, 2)],), ("ij,jk,kl->il",), name="chain"),
            Sample(([np.asarray(r(1)[0]), r(3)],), (",i->i",), name="0-d"),
            Sample(([r(0, 3), r(3, 2)],), ("ij,jk->ik",), name="empty")]


entry("einsum", _einsum_samples, ref=lambda ops, eq: np.einsum(eq, *ops), rtol=1e-5,
      atol=1e-6)
