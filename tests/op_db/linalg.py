"""op_db entries for linear algebra ops."""
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
            Sample((r(2, 1, 3, 4), r(5, 4, 2)), (False, False))]


entry("matmul", _matmul_samples, ref=_matmul_ref, rtol=1e-5, atol=1e-5)
