"""Numeric gradients (float64 directional derivatives, first and second order) of the
differentiable vision ops: roi_align, roi_pool, psroi_pool and deform_conv2d with respect to
every tensor that Paddle differentiates."""
import numpy as np
from gradcheck import check_double_vjp, check_vjp

import paddle

RNG = np.random.default_rng(7)
BOXES = np.array([[0.5, 1.0, 6.5, 5.0], [2.0, 0.0, 7.0, 6.5], [1.0, 1.5, 4.0, 4.5]])
NUM = np.array([2, 1], np.int32)


def _roi(fn, **kwargs):
    def call(x):
        return fn(x, paddle.to_tensor(BOXES), paddle.to_tensor(NUM), **kwargs)
    return call


def test_roi_align_gradients():
    x = RNG.uniform(-1, 1, (2, 3, 7, 8))
    for kwargs in ({"output_size": 2}, {"output_size": (3, 2), "sampling_ratio": 2,
                                        "aligned": False, "spatial_scale": 0.8}):
        fn = _roi(paddle.vision.ops.roi_align, **kwargs)
        check_vjp(fn, [x])
        check_double_vjp(fn, [x])


def test_roi_pool_and_psroi_pool_gradients():
    # distinct values keep every bin's maximum away from ties, where max is not smooth
    x = RNG.permutation(2 * 4 * 7 * 8).reshape(2, 4, 7, 8) / 50.0
    check_vjp(_roi(paddle.vision.ops.roi_pool, output_size=2), [x])
    check_vjp(_roi(paddle.vision.ops.psroi_pool, output_size=2), [x])
    check_double_vjp(_roi(paddle.vision.ops.psroi_pool, output_size=2), [x])


def test_deform_conv2d_gradients():
    x = RNG.uniform(-1, 1, (1, 4, 5, 6))
    weight = RNG.uniform(-0.5, 0.5, (4, 2, 3, 3))
    bias = RNG.uniform(-1, 1, (4,))
    # fractional offsets away from integers: the bilinear weights are smooth there
    offset = RNG.uniform(0.1, 0.4, (1, 2 * 2 * 9, 5, 3)) * RNG.choice([-1, 1], (1, 36, 5, 3))
    mask = RNG.uniform(0.2, 1.0, (1, 2 * 9, 5, 3))

    def fn(x, offset, weight, bias, mask):
        return paddle.vision.ops.deform_conv2d(x, offset, weight, bias, padding=1, stride=(1, 2),
                                               deformable_groups=2, groups=2, mask=mask)
    arrays = [x, offset, weight, bias, mask]
    check_vjp(fn, arrays, eps=1e-7)
    check_double_vjp(fn, arrays)
