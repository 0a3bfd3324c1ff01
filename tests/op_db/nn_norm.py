"""op_db entries for the normalization kernels (batch_norm, layer_norm, group_norm)."""
from paddle._core.ops.nn_batch_norm import _bn_ref
from paddle._core.ops.nn_norm import _gn_ref, _ln_ref

from .entry import Sample, entry, np


def _bn_samples(rng, dtype):
    # Test mode with trainable statistics normalises by batch statistics but (like Paddle)
    # differentiates as if the updated statistics were constants, so it is left to the goldens.
    def stats(c):
        return (rng.uniform(-0.5, 0.5, c).astype(dtype), rng.uniform(0.5, 2, c).astype(dtype))

    def affine(c):
        return rng.uniform(0.5, 2, c).astype(dtype), rng.uniform(-1, 1, c).astype(dtype)

    x4 = rng.uniform(-2, 2, (3, 4, 2, 3)).astype(dtype)
    x2 = rng.uniform(-2, 2, (5, 3)).astype(dtype)
    x3 = rng.uniform(-2, 2, (2, 3, 4)).astype(dtype)
    train = (False, 0.9, 1e-5, "NCHW", False, False)
    return [
        Sample((x4, *stats(4), *affine(4)), train, name="train NCHW"),
        Sample((x2, *stats(3), *affine(3)), (False, 0.8, 1e-3, "NCHW", False, False),
               name="train 2-D"),
        Sample((x3, *stats(4), *affine(4)), (False, 0.9, 1e-5, "NHWC", False, False),
               name="train NHWC"),
        Sample((x4, *stats(4), None, None), train, name="no affine"),
        Sample((x4, *stats(4), *affine(4)), (True, 0.9, 1e-5, "NCHW", False, False),
               name="test mode"),
        Sample((x4, *stats(4), *affine(4)), (False, 0.9, 1e-5, "NCHW", True, False),
               name="global stats"),
    ]


entry("batch_norm", _bn_samples, ref=_bn_ref, rtol=1e-4, atol=1e-5)


def _ln_samples(rng, dtype):
    x = rng.uniform(-2, 2, (2, 3, 4)).astype(dtype)
    w12 = rng.uniform(0.5, 2, 12).astype(dtype)
    b12 = rng.uniform(-1, 1, 12).astype(dtype)
    w4 = rng.uniform(0.5, 2, 4).astype(dtype)
    return [Sample((x, w12, b12), (1e-5, 1), name="last two"),
            Sample((x, w4, None), (1e-3, 2), name="last, scale only"),
            Sample((x, None, None), (1e-5, 2), name="no affine"),
            Sample((np.zeros((0, 4), dtype), w4, w4), (1e-5, 1), name="empty")]


entry("layer_norm", _ln_samples, ref=_ln_ref, rtol=1e-4, atol=1e-5)


def _gn_samples(rng, dtype):
    x = rng.uniform(-2, 2, (2, 6, 3, 2)).astype(dtype)
    w = rng.uniform(0.5, 2, 6).astype(dtype)
    b = rng.uniform(-1, 1, 6).astype(dtype)
    xl = rng.uniform(-2, 2, (2, 3, 4)).astype(dtype)
    return [Sample((x, w, b), (1e-5, 3, "NCHW"), name="NCHW"),
            Sample((x[:, :, :, :1].transpose(0, 2, 3, 1).copy(), w, b), (1e-5, 2, "NHWC"),
                   name="NHWC"),
            Sample((xl, None, None), (1e-5, 3, "NCHW"), name="instance norm, no affine"),
            Sample((rng.uniform(-2, 2, (3, 6)).astype(dtype), w, None), (1e-5, 2, "NCHW"),
                   name="2-D")]


entry("group_norm", _gn_samples, ref=_gn_ref, rtol=1e-4, atol=1e-5)
