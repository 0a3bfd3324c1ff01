"""Geometry of PP-OCR's text detection post-processing (DB), in NumPy and SciPy: the connected
regions of the binarised probability map, each region's minimum-area rectangle (convex hull,
then rotating calipers), the rectangle's mean probability, and its expansion ("unclip").

DB expands a box by the distance area × unclip_ratio / perimeter; offsetting a rectangle by d
with round joins and taking the minimum-area rectangle of the result gives the rectangle grown
by d on every side, which is what `unclip` returns."""
from __future__ import annotations

import numpy as np


def regions(mask: np.ndarray) -> list:
    """The pixel coordinates (x, y) of each 8-connected region of `mask`."""
    from scipy import ndimage
    labels, _ = ndimage.label(mask, structure=np.ones((3, 3), bool))
    found = ndimage.find_objects(labels)
    out = []
    for index, window in enumerate(found, start=1):
        ys, xs = np.nonzero(labels[window] == index)
        out.append(np.stack([xs + window[1].start, ys + window[0].start], 1).astype(float))
    return out


def convex_hull(points: np.ndarray) -> np.ndarray:
    """Andrew's monotone chain; counter-clockwise, no repeated end point."""
    pts = np.unique(points, axis=0)
    if len(pts) < 3:
        return pts

    def half(sequence):
        chain = []
        for p in sequence:
            while len(chain) >= 2 and _cross(chain[-2], chain[-1], p) <= 0:
                chain.pop()
            chain.append(p)
        return chain

    lower, upper = half(pts), half(pts[::-1])
    return np.array(lower[:-1] + upper[:-1])


def _cross(o, a, b) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def min_area_rect(points: np.ndarray) -> tuple:
    """(centre, (width, height), unit direction of the width) of the smallest rectangle
    around `points`, trying each hull edge's direction."""
    hull = convex_hull(points)
    if len(hull) < 3:
        lo, hi = points.min(0), points.max(0)
        return (lo + hi) / 2, tuple(hi - lo), np.array([1.0, 0.0])
    edges = np.roll(hull, -1, axis=0) - hull
    directions = edges / np.maximum(np.linalg.norm(edges, axis=1, keepdims=True), 1e-12)
    best = None
    for u in directions:
        v = np.array([-u[1], u[0]])
        a, b = hull @ u, hull @ v
        area = (a.max() - a.min()) * (b.max() - b.min())
        if best is None or area < best[0]:
            centre = u * (a.max() + a.min()) / 2 + v * (b.max() + b.min()) / 2
            best = (area, centre, (a.max() - a.min(), b.max() - b.min()), u)
    return best[1], best[2], best[3]


def rect_corners(centre, size, u) -> np.ndarray:
    """The four corners ordered as DB orders them: top-left, top-right, bottom-right,
    bottom-left (by x, then y within each side)."""
    v = np.array([-u[1], u[0]])
    half_w, half_h = np.asarray(u) * size[0] / 2, v * size[1] / 2
    corners = np.array([centre - half_w - half_h, centre + half_w - half_h,
                        centre + half_w + half_h, centre - half_w + half_h])
    by_x = corners[np.argsort(corners[:, 0], kind="stable")]
    left, right = by_x[:2], by_x[2:]
    top_left, bottom_left = left[np.argsort(left[:, 1], kind="stable")]
    top_right, bottom_right = right[np.argsort(right[:, 1], kind="stable")]
    return np.array([top_left, top_right, bottom_right, bottom_left])


def box_score(probability: np.ndarray, corners: np.ndarray) -> float:
    """Mean probability inside the quadrilateral `corners` (DB's "fast" score)."""
    from PIL import Image, ImageDraw
    h, w = probability.shape
    lo = np.clip(np.floor(corners.min(0)).astype(int), 0, [w - 1, h - 1])
    hi = np.clip(np.ceil(corners.max(0)).astype(int), 0, [w - 1, h - 1])
    mask = Image.new("L", (int(hi[0] - lo[0] + 1), int(hi[1] - lo[1] + 1)), 0)
    ImageDraw.Draw(mask).polygon([tuple(p) for p in (corners - lo).round()], fill=1)
    inside = np.asarray(mask, bool)
    window = probability[lo[1]:hi[1] + 1, lo[0]:hi[0] + 1]
    return float(window[inside].mean()) if inside.any() else 0.0


def unclip(size: tuple, ratio: float) -> tuple:
    """The rectangle's size after DB's expansion by area × ratio / perimeter on each side."""
    width, height = size
    distance = width * height * ratio / max(2 * (width + height), 1e-12)
    return width + 2 * distance, height + 2 * distance
