"""OpenCV's uint8 colour conversions in NumPy: gray (15-bit fixed-point weights) and the
full-range HSV round trip (12-bit division tables one way, float sectors back)."""
from __future__ import annotations

import numpy as np

GRAY_SHIFT = 15
# R, G, B weights of cv2's RGB→gray (0.299, 0.587, 0.114 in 15-bit fixed point)
GRAY_WEIGHTS = (9798, 19235, 3735)
HSV_SHIFT = 12


def rgb_to_gray(img, bgr=False):
    """cv2.cvtColor(img, COLOR_RGB2GRAY) (or BGR2GRAY) of an HxWx3 image, as HxW."""
    order = (2, 1, 0) if bgr else (0, 1, 2)
    if img.dtype == np.uint8:
        c = img.astype(np.int64)
        total = sum(w * c[..., i] for w, i in zip(GRAY_WEIGHTS, order))
        return ((total + (1 << (GRAY_SHIFT - 1))) >> GRAY_SHIFT).astype(np.uint8)
    c = img.astype(np.float32)
    weights = (np.float32(0.299), np.float32(0.587), np.float32(0.114))
    return (weights[0] * c[..., order[0]] + weights[1] * c[..., order[1]]
            + weights[2] * c[..., order[2]]).astype(img.dtype)


def _div_table(numerator):
    i = np.arange(256, dtype=np.float64)
    with np.errstate(divide="ignore"):
        table = np.where(i > 0, np.rint(numerator / np.where(i > 0, i, 1)), 0)
    return table.astype(np.int64)


def bgr_to_hsv_full(img):
    """cv2.cvtColor(img, COLOR_BGR2HSV_FULL) for uint8: hue over 0..255."""
    b, g, r = (img[..., i].astype(np.int64) for i in range(3))
    v = np.maximum(np.maximum(b, g), r)
    diff = v - np.minimum(np.minimum(b, g), r)
    half = 1 << (HSV_SHIFT - 1)
    s = (diff * _div_table(255 << HSV_SHIFT)[v] + half) >> HSV_SHIFT
    h = np.where(v == r, g - b, np.where(v == g, b - r + 2 * diff, r - g + 4 * diff))
    h = (h * _div_table((256 << HSV_SHIFT) / 6.0)[diff] + half) >> HSV_SHIFT
    h = np.where(h < 0, h + 256, h)
    return np.stack([h, s, v], axis=-1).clip(0, 255).astype(np.uint8)


# which of (v, p, q, t) — tab[0..3] = v, v(1-s), v(1-sf), v(1-s(1-f)) — B, G, R take per sector
_SECTORS = np.array([[1, 3, 0], [1, 0, 2], [3, 0, 1], [0, 2, 1], [0, 1, 3], [2, 1, 0]])


def hsv_full_to_bgr(img):
    """cv2.cvtColor(img, COLOR_HSV2BGR_FULL) for uint8 (its hue range is 255 this way, not the
    256 of the forward conversion)."""
    h = img[..., 0].astype(np.float32) * np.float32(6.0 / 255)
    s = img[..., 1].astype(np.float32) * np.float32(1 / 255.0)
    v = img[..., 2].astype(np.float32) * np.float32(1 / 255.0)
    h = np.where(h >= 6, h - 6, h)
    sector = np.floor(h).astype(np.int64)
    frac = (h - sector).astype(np.float32)
    bad = (sector < 0) | (sector >= 6)
    sector = np.where(bad, 0, sector)
    frac = np.where(bad, np.float32(0), frac)
    one = np.float32(1)
    tab = np.stack([v, v * (one - s), v * (one - s * frac), v * (one - s * (one - frac))], -1)
    picks = _SECTORS[sector]
    bgr = np.take_along_axis(tab, picks, axis=-1)
    bgr = np.where((s == 0)[..., None], v[..., None], bgr)
    return np.clip(np.rint(bgr * np.float32(255)), 0, 255).astype(np.uint8)
