"""Polygon boxes in multiclass_nms3: the IoU of polygon pairs read off real Paddle (by
bisecting nms_threshold, tools/make_vision_ops_fixtures.py) for rotated rectangles,
self-intersecting and degenerate quads and simple 8/12/16-point polygons; the shoelace areas;
and which ops refuse polygons, as Paddle's do."""
import os

import numpy as np
import pytest

import paddle
from paddle._core.ops.detection_polygon import polygon_areas, polygon_iou

FIXTURE = os.path.join(os.path.dirname(__file__), "..", "fixtures", "vision_ops",
                       "polygon_iou.npz")
GOLDENS = np.load(FIXTURE)
GROUPS = sorted(k for k in GOLDENS.files if not k.endswith("_iou"))


@pytest.mark.parametrize("group", GROUPS)
def test_polygon_iou_matches_paddle(group):
    pairs, expected = GOLDENS[group], GOLDENS[f"{group}_iou"]
    # Paddle measures the later box (current) against the kept one
    got = polygon_iou(pairs[:, 1], pairs[:, 0]).astype(np.float64)
    # Paddle's overlap is a float32 shoelace over its clipper's vertices: ~1e-8 absolute
    np.testing.assert_allclose(got, expected, rtol=2e-4, atol=1e-7, equal_nan=True)
    assert np.isnan(expected).sum() == np.isnan(got).sum()


def test_shoelace_areas_follow_the_vertex_order():
    square = np.array([[0, 0, 2, 0, 2, 2, 0, 2]], np.float32)
    bowtie = np.array([[0, 0, 2, 2, 2, 0, 0, 2]], np.float32)  # its two loops cancel
    np.testing.assert_array_equal(polygon_areas(square), [4])
    np.testing.assert_array_equal(polygon_areas(square[:, ::-1]), [4])
    np.testing.assert_array_equal(polygon_areas(bowtie), [0])


def test_even_odd_overlap_of_a_self_crossing_quad():
    # an uneven bow-tie overlaps itself by both of its triangles (the even-odd area), while
    # its shoelace area is their difference: IoU 5, as in Paddle (see the goldens)
    bowtie = np.array([[0.2, 0.2, 0.7, 0.6, 0.7, 0.2, 0.2, 0.4]], np.float32)
    np.testing.assert_allclose(polygon_iou(bowtie, bowtie), [5.0], rtol=1e-5)


def test_polygons_rejected_where_paddle_rejects_them():
    boxes = paddle.rand([1, 5, 8])
    scores = paddle.rand([1, 2, 5])
    with pytest.raises(ValueError, match="matrix_nms.*last dimension is 4"):
        paddle.vision.ops.matrix_nms(boxes, scores, 0.1, 0.0, 10, 10)
    with pytest.raises(ValueError, match="multiclass_nms3.*4 or 8 or 16 or 24 or 32"):
        paddle._C_ops.multiclass_nms3(paddle.rand([1, 5, 6]), scores, None, 0.1, 10, 10, 0.3,
                                      True, 1.0, -1)
    with pytest.raises(ValueError, match="multiclass_nms3.*last dimension is 4"):
        paddle._C_ops.multiclass_nms3(paddle.rand([5, 2, 8]), paddle.rand([5, 2]),
                                      paddle.to_tensor([5], "int32"), 0.1, 10, 10, 0.3, True,
                                      1.0, -1)
