"""paddle._C_ops: registry ops in their declared order, and Paddle's own signatures for the
creation ops whose C-op arguments differ (a trailing place, no template tensor)."""
import numpy as np

import paddle
from paddle import _C_ops

CPU = paddle.CPUPlace()


def test_creation_ops_take_paddles_arguments():
    z = _C_ops.zeros([2, 3], paddle.float32, CPU)
    assert z.dtype == paddle.float32 and z.shape == [2, 3] and not z.numpy().any()
    np.testing.assert_array_equal(_C_ops.ones([2], paddle.int32, CPU).numpy(), [1, 1])
    full = _C_ops.full([2], 3.5, paddle.float64, CPU)
    assert full.dtype == paddle.float64 and full.numpy().tolist() == [3.5, 3.5]
    like = _C_ops.full_like(paddle.ones([2, 2]), 2, paddle.int64, CPU)
    assert like.dtype == paddle.int64 and like.numpy().tolist() == [[2, 2], [2, 2]]
    np.testing.assert_array_equal(_C_ops.eye(2, 3, paddle.float32, CPU).numpy(), np.eye(2, 3))


def test_random_ops_take_paddles_arguments():
    u = _C_ops.uniform([500], paddle.float32, -2.0, -1.0, 0, CPU)
    assert u.dtype == paddle.float32 and -2 <= float(u.min()) and float(u.max()) < -1
    g = _C_ops.gaussian([2000], 5.0, 0.5, 0, paddle.float64, CPU)
    assert g.dtype == paddle.float64 and abs(float(g.mean()) - 5) < 0.1
    r = _C_ops.randint(3, 6, [50], paddle.int32, CPU)
    assert r.dtype == paddle.int32 and 3 <= int(r.min()) and int(r.max()) < 6


def test_registry_ops_run_in_declared_order():
    out = _C_ops.matmul(paddle.ones([2, 3]), paddle.ones([2, 3]), False, True)
    np.testing.assert_array_equal(out.numpy(), np.full((2, 2), 3.0))
    assert "matmul" in _C_ops.__all__ and "zeros" in _C_ops.__all__
