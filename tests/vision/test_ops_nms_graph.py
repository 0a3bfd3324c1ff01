"""The pair-graph NMS (detection_nms_greedy) keeps exactly what box-by-box greedy NMS keeps:
random crowds, chains of suppression longer than its level-at-a-time rounds, pixel and
normalized overlaps, against the op_db loop references."""
import numpy as np
import pytest
from op_db.detection_nms import _multiclass_ref, _nms_ref, random_boxes

import paddle
from paddle._core.ops import REGISTRY
from paddle._core.ops.detection_nms_greedy import LEVELS, greedy_keep, overlapping_pairs

RNG = np.random.default_rng(11)


def _chain(count):
    """Boxes sliding right by a tenth: each overlaps its neighbour by IoU 0.82 and the next
    but one by 0.67, so at 0.7 every decision waits for the one before."""
    shift = np.arange(count, dtype=np.float64)[:, None] * 0.1
    return np.concatenate([shift, np.zeros((count, 1)), shift + 1, np.ones((count, 1))], 1)


@pytest.mark.parametrize("threshold", [0.0, 0.3, 0.7])
def test_nms_matches_box_by_box(threshold):
    for boxes in (random_boxes(RNG, (200,), np.float64, 30.0), _chain(3 * LEVELS)):
        got = REGISTRY["nms"](paddle.to_tensor(boxes), threshold).numpy()
        np.testing.assert_array_equal(got, _nms_ref(boxes, threshold))


def test_chain_outlasts_the_rounds():
    kept = REGISTRY["nms"](paddle.to_tensor(_chain(3 * LEVELS)), 0.7).numpy()
    np.testing.assert_array_equal(kept, np.arange(0, 3 * LEVELS, 2))


@pytest.mark.parametrize("normalized", [True, False])
def test_multiclass_nms3_matches_box_by_box(normalized):
    scale = 1.0 if normalized else 40.0
    boxes = random_boxes(RNG, (2, 150), np.float64, scale)
    scores = RNG.uniform(0, 1, (2, 3, 150))
    attrs = (0.1, 120, -1, 0.4, normalized, 1.0, 0)
    got = REGISTRY["multiclass_nms3"](paddle.to_tensor(boxes), paddle.to_tensor(scores), None,
                                     *attrs)
    for g, e in zip(got, _multiclass_ref(boxes, scores, None, *attrs)):
        np.testing.assert_allclose(g.numpy(), e)


def test_overlapping_pairs_miss_no_suppressing_pair():
    boxes = random_boxes(RNG, (300,), np.float32, 50.0)
    for threshold, pad in ((0.0, 0), (0.5, 0), (0.5, 1), (0.9, 1)):
        i, j = overlapping_pairs(boxes, threshold, pad)
        found = set(zip(i.tolist(), j.tolist()))
        a, b = np.triu_indices(300, 1)
        w = np.minimum(boxes[a, 2], boxes[b, 2]) - np.maximum(boxes[a, 0], boxes[b, 0]) + pad
        h = np.minimum(boxes[a, 3], boxes[b, 3]) - np.maximum(boxes[a, 1], boxes[b, 1]) + pad
        area = (boxes[:, 2] - boxes[:, 0] + pad) * (boxes[:, 3] - boxes[:, 1] + pad)
        inter = np.clip(w, 0, None) * np.clip(h, 0, None)
        over = inter > threshold * (area[a] + area[b] - inter)
        assert set(zip(a[over].tolist(), b[over].tolist())) <= found


def test_greedy_keep_on_a_small_graph():
    # 0 suppresses 1, 1 would suppress 2 (but is gone), 2 suppresses 3
    keep = greedy_keep(5, np.array([0, 1, 2]), np.array([1, 2, 3]))
    np.testing.assert_array_equal(keep, [True, False, True, False, True])
