"""op_db entries for the box, anchor, proposal and RoI ops. roi_gather / roi_scatter and
roi_bilinear / roi_bilinear_adjoint get loop or einsum references and numeric gradients; the
table, box and proposal ops follow Paddle's kernels step by step, so their references are real
Paddle's goldens (tests/vision/test_ops_goldens.py) and here they are checked for infer_meta
and shapes."""
from .detection_nms import random_boxes
from .entry import Sample, entry, np

GOLDENS = "compared with real Paddle's goldens in tests/vision/test_ops_goldens.py"


def _gather_ref(x, index, weights):
    n, c = x.shape[:2]
    plane = x.reshape(n, c, -1)
    rois, shared, bins, taps = index.shape
    out = np.zeros((rois, c, bins))
    for r, ch, b, k in np.ndindex(rois, c, bins, taps):
        i = index[r, 0 if shared == 1 else ch, b, k]
        if i >= 0:
            out[r, ch, b] += weights[r, 0 if shared == 1 else ch, b, k] * \
                plane[i // plane.shape[2], ch, i % plane.shape[2]]
    return out.astype(x.dtype)


def _scatter_ref(values, index, weights, shape):
    n, c = shape[:2]
    out = np.zeros((n, c, int(np.prod(shape[2:]))))
    rois, shared, bins, taps = index.shape
    for r, ch, b, k in np.ndindex(rois, c, bins, taps):
        i = index[r, 0 if shared == 1 else ch, b, k]
        if i >= 0:
            out[i // out.shape[2], ch, i % out.shape[2]] += \
                weights[r, 0 if shared == 1 else ch, b, k] * values[r, ch, b]
    return out.reshape(shape).astype(values.dtype)


def _tables(rng, dtype, shared):
    index = rng.integers(-1, 2 * 12, (3, shared, 4, 5)).astype(np.int64)
    return index, rng.uniform(-1, 1, index.shape).astype(dtype)


def _gather_samples(rng, dtype):
    x = rng.uniform(-1, 1, (2, 3, 3, 4)).astype(dtype)
    return [Sample((x, *_tables(rng, dtype, 1)), grad_inputs=(0, 2), name="shared"),
            Sample((x, *_tables(rng, dtype, 3)), grad_inputs=(0, 2), name="per channel")]


def _scatter_samples(rng, dtype):
    g = rng.uniform(-1, 1, (3, 3, 4)).astype(dtype)
    return [Sample((g, *_tables(rng, dtype, 1)), ((2, 3, 3, 4),), grad_inputs=(0, 2),
                   name="shared"),
            Sample((g, *_tables(rng, dtype, 3)), ((2, 3, 12),), grad_inputs=(0, 2),
                   name="per channel")]


def _products_ref(x, values, index):
    n, c = x.shape[:2]
    plane = x.reshape(n, c, -1)
    out = np.zeros(index.shape)
    rois, shared, bins, taps = index.shape
    for r, ch, b, k in np.ndindex(rois, c, bins, taps):
        i = index[r, 0 if shared == 1 else ch, b, k]
        if i >= 0:
            out[r, 0 if shared == 1 else ch, b, k] += \
                values[r, ch, b] * plane[i // plane.shape[2], ch, i % plane.shape[2]]
    return out.astype(x.dtype)


def _products_samples(rng, dtype):
    x = rng.uniform(-1, 1, (2, 3, 3, 4)).astype(dtype)
    values = rng.uniform(-1, 1, (3, 3, 4)).astype(dtype)
    return [Sample((x, values, _tables(rng, dtype, shared)[0]), grad_inputs=(0, 1), name=name)
            for shared, name in ((1, "shared"), (3, "per channel"))]


entry("roi_gather", _gather_samples, ref=_gather_ref)
entry("roi_scatter", _scatter_samples, ref=_scatter_ref)
entry("roi_tap_products", _products_samples, ref=_products_ref)


def _bilinear_ref(x, ay, ax, image):
    return np.einsum("rpy,rcyx,rqx->rcpq", ay, x[image], ax)


def _adjoint_ref(values, ay, ax, image, shape):
    out = np.zeros(shape)
    for r, i in enumerate(image):
        out[i] += np.einsum("py,cpq,qx->cyx", ay[r], values[r], ax[r])
    return out.astype(values.dtype)


def _factors(rng, dtype, rois=4):
    """Sparse row and column weights like RoIAlign's (most cells untouched)."""
    ay = rng.uniform(0, 1, (rois, 2, 5)) * (rng.uniform(0, 1, (rois, 1, 5)) < 0.6)
    ax = rng.uniform(0, 1, (rois, 3, 6)) * (rng.uniform(0, 1, (rois, 1, 6)) < 0.6)
    return ay.astype(dtype), ax.astype(dtype), np.array([0, 1, 1, 0][:rois], np.int64)


def _bilinear_samples(rng, dtype):
    x = rng.uniform(-1, 1, (2, 3, 5, 6)).astype(dtype)
    return [Sample((x, *_factors(rng, dtype)), grad_inputs=(0,))]


def _adjoint_samples(rng, dtype):
    values = rng.uniform(-1, 1, (4, 3, 2, 3)).astype(dtype)
    return [Sample((values, *_factors(rng, dtype)), ((2, 3, 5, 6),), grad_inputs=(0,))]


entry("roi_bilinear", _bilinear_samples, ref=_bilinear_ref)
entry("roi_bilinear_adjoint", _adjoint_samples, ref=_adjoint_ref)


def _roi_inputs(rng, dtype):
    rois = np.concatenate([random_boxes(rng, (3,), dtype, 8.0), random_boxes(rng, (2,), dtype,
                                                                              16.0)])
    return rois, np.array([3, 2], np.int32)


def _align_samples(rng, dtype):
    rois, num = _roi_inputs(rng, dtype)
    return [Sample((rois, num), ((2, 3, 8, 9), 2, 3, 1.0, -1, True), name="aligned"),
            Sample((rois, num), ((2, 3, 8, 9), 3, 3, 0.5, 2, False), name="ratio 2")]


def _roi_align_samples(rng, dtype):
    # rois at least a cell wide: there Paddle's backward samples where its forward does
    rois = random_boxes(rng, (5,), dtype, 12.0) + np.array([0, 0, 1, 1], dtype)
    x = rng.uniform(-1, 1, (2, 3, 8, 9)).astype(dtype)
    num = np.array([3, 2], np.int32)
    return [Sample((x, rois, num), (2, 3, 1.0, -1, True), grad_inputs=(0,), name="aligned"),
            Sample((x, rois, num), (3, 2, 0.5, 2, False), grad_inputs=(0,), name="ratio 2")]


def _pool_samples(rng, dtype):
    rois, num = _roi_inputs(rng, dtype)
    x = rng.uniform(-1, 1, (2, 3, 8, 9)).astype(dtype)
    return [Sample((x, rois, num), (2, 3, 1.0)), Sample((x, rois, num), (3, 2, 0.5))]


def _ps_samples(rng, dtype):
    rois, num = _roi_inputs(rng, dtype)
    return [Sample((rois, num), ((2, 8, 6, 6), 2, 2, 1.0))]


entry("roi_align_factors", _align_samples, skip_ref=GOLDENS, grad=False)
entry("roi_align", _roi_align_samples, skip_ref=GOLDENS)
entry("roi_pool_table", _pool_samples, skip_ref=GOLDENS, grad=False)
entry("psroi_pool_table", _ps_samples, skip_ref=GOLDENS, grad=False)


def _coder_samples(rng, dtype):
    prior = random_boxes(rng, (5,), dtype, 10.0)
    var = rng.uniform(0.1, 0.3, (5, 4)).astype(dtype)
    return [Sample((prior, var, random_boxes(rng, (3,), dtype, 10.0)), ("encode_center_size",
                                                                       True, 0, ())),
            Sample((prior, None, rng.uniform(-0.5, 0.5, (3, 5, 4)).astype(dtype)),
                   ("decode_center_size", False, 0, (0.1, 0.1, 0.2, 0.2)))]


def _prior_samples(rng, dtype):
    feat, image = np.zeros((1, 2, 3, 4), dtype), np.zeros((1, 3, 12, 16), dtype)
    return [Sample((feat, image), ((2.0, 5.0), (4.0, 8.0), (2.0,), (0.1, 0.1, 0.2, 0.2), True,
                                   True))]


def _yolo_samples(rng, dtype):
    x = rng.uniform(-3, 3, (2, 14, 3, 4)).astype(dtype)
    size = np.array([[48, 64], [30, 40]], np.int32)
    return [Sample((x, size), ((10, 13, 16, 30), 2, 0.3, 16))]


def _proposal_samples(rng, dtype):
    anchors = np.concatenate([rng.uniform(0, 20, (4, 5, 3, 2)),
                              rng.uniform(6, 26, (4, 5, 3, 2))], -1).astype(dtype)
    return [Sample((rng.uniform(0, 1, (2, 3, 4, 5)).astype(dtype),
                    rng.uniform(-0.3, 0.3, (2, 12, 4, 5)).astype(dtype),
                    np.array([[30, 32], [24, 28]], dtype), anchors,
                    np.ones((4, 5, 3, 4), dtype)), (40, 10, 0.5, 0.1, 1.0, False))]


def _fpn_samples(rng, dtype):
    rois = np.concatenate([random_boxes(rng, (5,), dtype, 300.0),
                           random_boxes(rng, (4,), dtype, 40.0)])
    return [Sample((rois, np.array([5, 4], np.int32)), (2, 5, 4, 56, True))]


entry("box_coder", _coder_samples, skip_ref=GOLDENS, grad=False)
entry("prior_box", _prior_samples, skip_ref=GOLDENS, grad=False)
entry("yolo_box", _yolo_samples, skip_ref=GOLDENS, grad=False)
entry("generate_proposals", _proposal_samples, skip_ref=GOLDENS, grad=False)
entry("distribute_fpn_proposals", _fpn_samples, skip_ref=GOLDENS, grad=False)
