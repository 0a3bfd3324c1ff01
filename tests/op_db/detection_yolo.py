"""op_db entries for yolo_loss and its gradient kernel. The reference walks images, gts and
grid cells one at a time in Python floats, as the loss is written down; real Paddle's goldens
(tests/vision/test_ops_goldens.py) cover its rounding."""
import math

from .entry import Sample, entry, np

ANCHORS = (10, 13, 16, 30, 33, 23)


def _sce(x, label):
    return max(x, 0.0) - x * label + math.log1p(math.exp(-abs(x)))


def _sigmoid(x):
    return 1.0 / (1.0 + math.exp(-x))


def _iou(a, b):
    def overlap(c1, w1, c2, w2):
        return min(c1 + w1 / 2, c2 + w2 / 2) - max(c1 - w1 / 2, c2 - w2 / 2)
    w, h = overlap(a[0], a[2], b[0], b[2]), overlap(a[1], a[3], b[1], b[3])
    inter = 0.0 if w < 0 or h < 0 else w * h
    return inter / (a[2] * a[3] + b[2] * b[3] - inter)


class _Image:
    """One image's predictions and gts, read element by element."""

    def __init__(self, x, boxes, labels, scores, attrs):
        anchors, mask, classes, thresh, ratio, smooth, scale = attrs
        self.x, self.size = x.reshape(len(mask), 5 + classes, *x.shape[1:]), x.shape[1]
        self.anchors, self.mask, self.classes = anchors, mask, classes
        self.input_size = ratio * self.size
        self.thresh, self.scale = thresh, scale
        weight = min(1.0 / classes, 1.0 / 40) if smooth else 0.0
        self.pos, self.neg = 1.0 - weight, weight
        self.gts = [(b, int(lab), float(s)) for b, lab, s in zip(boxes.tolist(), labels, scores)
                    if b[2] >= 1e-6 and b[3] >= 1e-6]

    def prediction(self, a, k, j):
        p = self.x[a, :4, k, j]
        bias = -0.5 * (self.scale - 1)
        anchor = self.anchors[2 * self.mask[a]:2 * self.mask[a] + 2]
        return ((j + _sigmoid(p[0]) * self.scale + bias) / self.size,
                (k + _sigmoid(p[1]) * self.scale + bias) / self.size,
                math.exp(p[2]) * anchor[0] / self.input_size,
                math.exp(p[3]) * anchor[1] / self.input_size)

    def best_anchor(self, box):
        ious = [_iou((0, 0, self.anchors[2 * a] / self.input_size,
                      self.anchors[2 * a + 1] / self.input_size), (0, 0, box[2], box[3]))
                for a in range(len(self.anchors) // 2)]
        return int(np.argmax(ious))

    def matches(self):
        """(gt, anchor slot, cell row, cell column) of each gt whose anchor is in the mask."""
        found = []
        for gt in self.gts:
            best = self.best_anchor(gt[0])
            if best in self.mask:
                box = gt[0]
                found.append((gt, self.mask.index(best), int(box[1] * self.size),
                              int(box[0] * self.size)))
        return found

    def objectness_mask(self):
        cells = np.zeros(self.x.shape[:1] + self.x.shape[2:])
        for a, k, j in np.ndindex(cells.shape):
            pred = self.prediction(a, k, j)
            if max([_iou(pred, b) for b, _, _ in self.gts] + [0.0]) > self.thresh:
                cells[a, k, j] = -1
        for (_, _, score), a, k, j in self.matches():
            cells[a, k, j] = score
        return cells

    def targets(self, gt, a, k, j):
        box, label, score = gt
        anchor = self.anchors[2 * self.mask[a]:2 * self.mask[a] + 2]
        location = [box[0] * self.size - j, box[1] * self.size - k,
                    math.log(box[2] * self.input_size / anchor[0]),
                    math.log(box[3] * self.input_size / anchor[1])]
        classes = [self.pos if c == label else self.neg for c in range(self.classes)]
        return location, classes, (2.0 - box[2] * box[3]) * score, score

    def loss(self):
        total = 0.0
        for gt, a, k, j in self.matches():
            location, classes, scale, score = self.targets(gt, a, k, j)
            logits = self.x[a, :, k, j]
            total += scale * (_sce(logits[0], location[0]) + _sce(logits[1], location[1]) +
                              abs(location[2] - logits[2]) + abs(location[3] - logits[3]))
            total += score * sum(_sce(logits[5 + c], t) for c, t in enumerate(classes))
        for (a, k, j), obj in np.ndenumerate(self.objectness_mask()):
            if obj > 1e-5:
                total += _sce(self.x[a, 4, k, j], 1.0) * obj
            elif obj > -0.5:
                total += _sce(self.x[a, 4, k, j], 0.0)
        return total

    def grad(self):
        """d loss / d x, with the gradient of a later gt replacing an earlier one's."""
        grad = np.zeros(self.x.shape)
        for gt, a, k, j in self.matches():
            location, classes, scale, score = self.targets(gt, a, k, j)
            logits = self.x[a, :, k, j]
            grad[a, :2, k, j] = [(_sigmoid(logits[i]) - location[i]) * scale for i in (0, 1)]
            grad[a, 2:4, k, j] = [(1.0 if logits[i] > location[i] else -1.0) * scale
                                  for i in (2, 3)]
            grad[a, 5:, k, j] = [(_sigmoid(logits[5 + c]) - t) * score
                                 for c, t in enumerate(classes)]
        for (a, k, j), obj in np.ndenumerate(self.objectness_mask()):
            if obj > 1e-5:
                grad[a, 4, k, j] = (_sigmoid(self.x[a, 4, k, j]) - 1.0) * obj
            elif obj > -0.5:
                grad[a, 4, k, j] = _sigmoid(self.x[a, 4, k, j])
        return grad.reshape(-1, self.size, self.size)


def _images(x, gt_box, gt_label, gt_score, attrs):
    scores = np.ones(gt_box.shape[:2]) if gt_score is None else gt_score
    return [_Image(x[i].astype(np.float64), gt_box[i].astype(np.float64), gt_label[i],
                   scores[i], attrs) for i in range(x.shape[0])]


def _loss_ref(x, gt_box, gt_label, gt_score, *attrs):
    images = _images(x, gt_box, gt_label, gt_score, attrs)
    return np.array([image.loss() for image in images]).astype(x.dtype)


def _grad_ref(x, gt_box, gt_label, gt_score, *attrs):
    images = _images(x, gt_box, gt_label, gt_score, attrs)
    return np.stack([image.grad() for image in images]).astype(x.dtype)


def _inputs(rng, dtype, images=2, count=4, size=4):
    x = rng.uniform(-2, 2, (images, 3 * 7, size, size)).astype(dtype)
    # centers away from cell edges and IoUs away from the thresholds: the loss is smooth there
    cells = rng.permutation(size * size)[:count]
    centers = np.stack([(cells % size + 0.5) / size, (cells // size + 0.5) / size], -1)
    sizes = rng.uniform(0.2, 0.7, (images, count, 2))
    gt = np.concatenate([np.broadcast_to(centers, sizes.shape), sizes], -1).astype(dtype)
    gt[0, -1] = 0
    return x, gt, rng.integers(0, 2, (images, count)).astype(np.int32)


ATTRS = (ANCHORS, (0, 1, 2), 2, 0.7, 8, True, 1.0)


def _loss_samples(rng, dtype):
    x, gt, labels = _inputs(rng, dtype)
    scores = rng.uniform(0.2, 1, gt.shape[:2]).astype(dtype)
    return [Sample((x, gt, labels, None), ATTRS, grad_inputs=(0,), name="smoothed"),
            Sample((x[:, :14], gt, labels, scores), (ANCHORS, (0, 2), 2, 0.99, 16, False, 1.1),
                   grad_inputs=(0,), name="mixup scores, two anchors"),
            Sample((x[:, :14], gt, labels, None), (ANCHORS, (1, 2), 2, 0.0, 8, True, 1.0),
                   grad_inputs=(0,), name="overlapping predictions ignored")]


entry("yolo_loss", _loss_samples, ref=_loss_ref, double_grad=False, rtol=1e-4, atol=1e-4)
entry("yolo_loss_grad", _loss_samples, ref=_grad_ref, grad=False, rtol=1e-4, atol=1e-5)
