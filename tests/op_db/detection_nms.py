"""op_db entries for the NMS ops. References walk the boxes one pair at a time in Python
floats, as the algorithms are written down (Paddle's goldens cover exact ties and edges)."""
from .entry import Sample, entry, np


def random_boxes(rng, shape, dtype, scale=1.0):
    """Boxes [x1, y1, x2, y2] with x1 < x2 and y1 < y2, clustered so that many overlap."""
    corner = rng.uniform(0, 0.6, shape + (2,))
    size = rng.uniform(0.1, 0.5, shape + (2,))
    return (np.concatenate([corner, corner + size], axis=-1) * scale).astype(dtype)


def _iou(a, b, normalized=True, clip=False):
    pad = 0.0 if normalized else 1.0
    if not clip and (b[0] > a[2] or b[2] < a[0] or b[1] > a[3] or b[3] < a[1]):
        return 0.0
    w = min(a[2], b[2]) - max(a[0], b[0]) + pad
    h = min(a[3], b[3]) - max(a[1], b[1]) + pad
    inter = max(w, 0.0) * max(h, 0.0) if clip else w * h

    def area(box):
        return (box[2] - box[0] + pad) * (box[3] - box[1] + pad)
    return inter / (area(a) + area(b) - inter)


def _nms_ref(boxes, iou_threshold=0.3):
    kept = []
    for i in range(len(boxes)):
        if all(_iou(boxes[j], boxes[i], clip=True) <= iou_threshold for j in kept):
            kept.append(i)
    return np.asarray(kept, np.int64)


def _nms_samples(rng, dtype):
    return [Sample((random_boxes(rng, (12,), dtype),), (0.3,), name="12 boxes"),
            Sample((random_boxes(rng, (6,), dtype, 10.0),), (0.6,), name="pixels"),
            Sample((np.zeros((0, 4), dtype),), (0.5,), name="empty")]


entry("nms", _nms_samples, ref=_nms_ref, grad=False)


def _greedy(boxes, scores, threshold, nms_threshold, top_k, normalized):
    order = sorted((i for i in range(len(scores)) if scores[i] > threshold),
                   key=lambda i: -scores[i])
    order = order[:top_k] if top_k > -1 else order
    kept = []
    for i in order:
        if all(_iou(boxes[i], boxes[j], normalized) <= nms_threshold for j in kept):
            kept.append(i)
    return kept


def _detections(per_image, bboxes, boxes_per_image):
    """Out, Index and per-image counts from each image's (score, class, box) list."""
    rows = [[c, s, *bboxes[n, i]] for n, found in enumerate(per_image) for s, c, i in found]
    index = [n * boxes_per_image + i for n, found in enumerate(per_image) for _, _, i in found]
    return (np.asarray(rows, bboxes.dtype).reshape(-1, 6),
            np.asarray(index, np.int32).reshape(-1, 1),
            np.asarray([len(f) for f in per_image], np.int32))


def _multiclass_ref(bboxes, scores, rois_num, score_threshold, nms_top_k, keep_top_k,
                    nms_threshold, normalized, nms_eta, background_label):
    per_image = []
    for n in range(scores.shape[0]):
        found = []
        for c in range(scores.shape[1]):
            if c != background_label:
                found += [(scores[n, c, i], c, i) for i in
                          _greedy(bboxes[n], scores[n, c], score_threshold, nms_threshold,
                                  nms_top_k, normalized)]
        if -1 < keep_top_k < len(found):
            found = sorted(found, key=lambda f: -f[0])[:keep_top_k]
        found = sorted(found, key=lambda f: (f[1], -f[0]))
        per_image.append(found)
    return _detections(per_image, bboxes, scores.shape[2])


def _multiclass_samples(rng, dtype):
    boxes = random_boxes(rng, (2, 10), dtype)
    scores = rng.uniform(0, 1, (2, 3, 10)).astype(dtype)
    pixels = random_boxes(rng, (1, 8), dtype, 50.0)
    return [Sample((boxes, scores, None), (0.3, 6, 8, 0.5, True, 1.0, 0), name="batch"),
            Sample((boxes, scores, None), (0.1, -1, -1, 0.4, True, 1.0, -1),
                   name="no background, no top-k"),
            Sample((pixels, rng.uniform(0, 1, (1, 2, 8)).astype(dtype), None),
                   (0.2, 5, 3, 0.3, False, 1.0, 1), name="unnormalized"),
            Sample((boxes, scores, None), (0.99, 6, 8, 0.5, True, 1.0, 0), name="none kept")]


entry("multiclass_nms3", _multiclass_samples, ref=_multiclass_ref, grad=False)


def _matrix_ref(bboxes, scores, score_threshold, nms_top_k, keep_top_k, post_threshold,
                use_gaussian, gaussian_sigma, background_label, normalized):
    per_image = []
    for n in range(scores.shape[0]):
        found = []
        for c in range(scores.shape[1]):
            if c == background_label:
                continue
            s = scores[n, c]
            order = sorted((i for i in range(len(s)) if s[i] > score_threshold),
                           key=lambda i: -s[i])
            order = order[:nms_top_k] if nms_top_k > -1 else order
            iou = [[_iou(bboxes[n, a], bboxes[n, b], normalized) for b in order]
                   for a in order]
            max_iou = [max([0.0] + iou[i][:i]) for i in range(len(order))]
            for i, box in enumerate(order):
                decay = 1.0
                for j in range(i):
                    if use_gaussian:
                        d = np.exp((max_iou[j] ** 2 - iou[i][j] ** 2) * gaussian_sigma)
                    else:
                        d = (1 - iou[i][j]) / (1 - max_iou[j])
                    decay = min(decay, d)
                if decay * s[box] > post_threshold:
                    found.append((decay * s[box], c, box))
        found = sorted(found, key=lambda f: -f[0])
        found = found[:keep_top_k] if keep_top_k > -1 else found
        per_image.append(found)
    return _detections(per_image, bboxes, scores.shape[2])


def _matrix_samples(rng, dtype):
    boxes = random_boxes(rng, (2, 10), dtype)
    scores = rng.uniform(0, 1, (2, 3, 10)).astype(dtype)
    return [Sample((boxes, scores), (0.2, 8, 6, 0.1, False, 2.0, 0, True), name="linear"),
            Sample((boxes, scores), (0.2, -1, -1, 0.05, True, 2.0, -1, True), name="gaussian"),
            Sample((boxes * 40, scores), (0.3, 5, 4, 0.2, False, 2.0, 1, False),
                   name="unnormalized")]


entry("matrix_nms", _matrix_samples, ref=_matrix_ref, grad=False, rtol=1e-4, atol=1e-5)
