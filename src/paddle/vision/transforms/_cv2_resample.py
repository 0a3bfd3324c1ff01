"""OpenCV's resampling arithmetic in NumPy: cv2.resize (nearest, bilinear with its 11-bit fixed
point for uint8, the exact 2x area shortcut) and cv2.warpAffine / cv2.warpPerspective (inverse
map quantised to 1/32 pixel, 15-bit weights for uint8, constant border). Paddle sends NumPy
images through cv2; reproducing its integer arithmetic gives the same pixels without needing
OpenCV installed."""
from __future__ import annotations

import numpy as np

RESIZE_COEF_BITS = 11
INTER_BITS = 5
INTER_TAB_SIZE = 1 << INTER_BITS
AB_BITS = 10
REMAP_COEF_BITS = 15


def _round(x):
    """cvRound: to nearest, ties to even (lrint)."""
    return np.rint(x).astype(np.int64)


def _linear_taps(dst_len, src_len, clamp_weights):
    """Per output index: the two source indices and the float32 weight of the second.

    cv2 pins the weight to 0 where a column falls off the image, but for rows it only clips the
    row indices and keeps the weight (the rounding of the border rows depends on it)."""
    scale = src_len / dst_len
    pos = ((np.arange(dst_len) + 0.5) * scale - 0.5).astype(np.float32)
    first = np.floor(pos).astype(np.int64)
    frac = (pos - first.astype(np.float32)).astype(np.float32)
    if clamp_weights:
        low = first < 0
        frac[low], first[low] = 0, 0
        high = first >= src_len - 1
        frac[high], first[high] = 0, src_len - 1
    return np.clip(first, 0, src_len - 1), np.clip(first + 1, 0, src_len - 1), frac


def _resize_linear(img, oh, ow):
    h, w = img.shape[:2]
    x0, x1, fx = _linear_taps(ow, w, True)
    y0, y1, fy = _linear_taps(oh, h, False)
    if img.dtype == np.uint8:
        ax1 = _round(fx * np.float32(1 << RESIZE_COEF_BITS))
        ax0 = _round((np.float32(1) - fx) * np.float32(1 << RESIZE_COEF_BITS))
        by1 = _round(fy * np.float32(1 << RESIZE_COEF_BITS))
        by0 = _round((np.float32(1) - fy) * np.float32(1 << RESIZE_COEF_BITS))
        src = img.astype(np.int64)
        rows = _expand(ax0, src.ndim) * src[:, x0] + _expand(ax1, src.ndim) * src[:, x1]
        r0, r1 = rows[y0], rows[y1]
        b0, b1 = _expand(by0, src.ndim, 0), _expand(by1, src.ndim, 0)
        # VResizeLinear's fixed-point combination (two high multiplies, then round)
        out = (((b0 * (r0 >> 4)) >> 16) + ((b1 * (r1 >> 4)) >> 16) + 2) >> 2
        return np.clip(out, 0, 255).astype(np.uint8)
    src = img.astype(np.float32)
    rows = _expand(1 - fx, src.ndim) * src[:, x0] + _expand(fx, src.ndim) * src[:, x1]
    out = _expand(1 - fy, src.ndim, 0) * rows[y0] + _expand(fy, src.ndim, 0) * rows[y1]
    return out.astype(img.dtype)


def _expand(weights, ndim, axis=1):
    shape = [1] * ndim
    shape[axis] = -1
    return weights.reshape(shape)


def _resize_nearest(img, oh, ow):
    h, w = img.shape[:2]
    xs = np.minimum(np.floor(np.arange(ow) * (1.0 / (ow / w))).astype(np.int64), w - 1)
    ys = np.minimum(np.floor(np.arange(oh) * (1.0 / (oh / h))).astype(np.int64), h - 1)
    return img[ys][:, xs]


def _resize_half(img):
    """INTER_LINEAR at exactly half size: cv2 averages 2x2 blocks instead."""
    h, w = img.shape[:2]
    block = img[:h - h % 2, :w - w % 2]
    if img.dtype == np.uint8:
        s = block.astype(np.int64)
        total = s[0::2, 0::2] + s[0::2, 1::2] + s[1::2, 0::2] + s[1::2, 1::2]
        return ((total + 2) >> 2).astype(np.uint8)
    s = block.astype(np.float32)
    total = s[0::2, 0::2] + s[0::2, 1::2] + s[1::2, 0::2] + s[1::2, 1::2]
    return (total * np.float32(0.25)).astype(img.dtype)


def resize(img, oh, ow, interpolation):
    """cv2.resize(img, (ow, oh), interpolation) for 'nearest' and 'bilinear'."""
    h, w = img.shape[:2]
    if (oh, ow) == (h, w):
        return img.copy()
    if interpolation == "nearest":
        return _resize_nearest(img, oh, ow)
    if h == 2 * oh and w == 2 * ow:
        return _resize_half(img)
    return _resize_linear(img, oh, ow)


# ---- warps ----------------------------------------------------------------------------------

def _invert_affine(m):
    m = np.asarray(m, dtype=np.float64).reshape(2, 3)
    det = m[0, 0] * m[1, 1] - m[0, 1] * m[1, 0]
    det = 1.0 / det if det != 0 else 0.0
    a11, a22 = m[1, 1] * det, m[0, 0] * det
    a12, a21 = -m[0, 1] * det, -m[1, 0] * det
    b1 = -a11 * m[0, 2] - a12 * m[1, 2]
    b2 = -a21 * m[0, 2] - a22 * m[1, 2]
    return np.array([[a11, a12, b1], [a21, a22, b2]])


def _affine_coords(inv, oh, ow, nearest):
    """Fixed-point source coordinates (in 1/32 pixel unless nearest) of every output pixel."""
    scale = 1 << AB_BITS
    xs = np.arange(ow)
    ys = np.arange(oh)
    adelta = _round(inv[0, 0] * xs * scale)
    bdelta = _round(inv[1, 0] * xs * scale)
    round_delta = scale // 2 if nearest else scale // INTER_TAB_SIZE // 2
    x0 = _round((inv[0, 1] * ys + inv[0, 2]) * scale) + round_delta
    y0 = _round((inv[1, 1] * ys + inv[1, 2]) * scale) + round_delta
    shift = AB_BITS if nearest else AB_BITS - INTER_BITS
    return (x0[:, None] + adelta[None, :]) >> shift, (y0[:, None] + bdelta[None, :]) >> shift


def _perspective_coords(inv, oh, ow, nearest):
    ys, xs = np.mgrid[0:oh, 0:ow].astype(np.float64)
    x = inv[0, 0] * xs + inv[0, 1] * ys + inv[0, 2]
    y = inv[1, 0] * xs + inv[1, 1] * ys + inv[1, 2]
    w = inv[2, 0] * xs + inv[2, 1] * ys + inv[2, 2]
    with np.errstate(divide="ignore"):
        w = np.where(w != 0, (1.0 if nearest else INTER_TAB_SIZE) / w, 0.0)
    limit = float(np.iinfo(np.int32).max)
    fx = np.clip(x * w, -limit - 1, limit)
    fy = np.clip(y * w, -limit - 1, limit)
    return _round(fx), _round(fy)


def _gather(img, ys, xs, fill):
    """img[ys, xs] with `fill` where the coordinate is outside the image."""
    h, w = img.shape[:2]
    inside = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
    out = img[np.clip(ys, 0, h - 1), np.clip(xs, 0, w - 1)]
    border = _border_value(img, fill)
    return np.where(inside[..., None] if img.ndim == 3 else inside, out, border)


def _border_value(img, fill):
    channels = img.shape[2] if img.ndim == 3 else 1
    values = list(fill) if isinstance(fill, (tuple, list)) else [fill]
    values = (values + [0] * 4)[:channels]
    return np.asarray(values if img.ndim == 3 else values[0]).astype(img.dtype)


def _sample(img, fx, fy, nearest, fill):
    if nearest:
        return _gather(img, fy, fx, fill)
    x0, y0 = fx >> INTER_BITS, fy >> INTER_BITS
    ax = (fx & (INTER_TAB_SIZE - 1)).astype(np.float32) / INTER_TAB_SIZE
    ay = (fy & (INTER_TAB_SIZE - 1)).astype(np.float32) / INTER_TAB_SIZE
    weights = [(1 - ay) * (1 - ax), (1 - ay) * ax, ay * (1 - ax), ay * ax]
    taps = [_gather(img, y0, x0, fill), _gather(img, y0, x0 + 1, fill),
            _gather(img, y0 + 1, x0, fill), _gather(img, y0 + 1, x0 + 1, fill)]
    extra = (slice(None), slice(None), None) if img.ndim == 3 else (slice(None), slice(None))
    if img.dtype == np.uint8:
        total = sum(_round(wt * (1 << REMAP_COEF_BITS))[extra] * t.astype(np.int64)
                    for wt, t in zip(weights, taps))
        return np.clip((total + (1 << (REMAP_COEF_BITS - 1))) >> REMAP_COEF_BITS, 0,
                       255).astype(np.uint8)
    total = sum(wt[extra] * t.astype(np.float32) for wt, t in zip(weights, taps))
    return total.astype(img.dtype)


def warp_affine(img, matrix, out_w, out_h, interpolation, fill):
    """cv2.warpAffine(img, matrix, (out_w, out_h), flags, borderValue=fill)."""
    nearest = interpolation == "nearest"
    fx, fy = _affine_coords(_invert_affine(matrix), out_h, out_w, nearest)
    return _sample(img, fx, fy, nearest, fill)


def warp_perspective(img, matrix, out_w, out_h, interpolation, fill):
    """cv2.warpPerspective(img, matrix, (out_w, out_h), flags, borderValue=fill)."""
    nearest = interpolation == "nearest"
    inv = np.linalg.inv(np.asarray(matrix, dtype=np.float64))
    fx, fy = _perspective_coords(inv, out_h, out_w, nearest)
    return _sample(img, fx, fy, nearest, fill)


def perspective_transform(src, dst):
    """cv2.getPerspectiveTransform: the 3x3 matrix mapping 4 src points onto 4 dst points."""
    src = np.asarray(src, dtype=np.float32).astype(np.float64)
    dst = np.asarray(dst, dtype=np.float32).astype(np.float64)
    a = np.zeros((8, 8))
    b = np.zeros(8)
    for i in range(4):
        (x, y), (u, v) = src[i], dst[i]
        a[i] = [x, y, 1, 0, 0, 0, -x * u, -y * u]
        a[i + 4] = [0, 0, 0, x, y, 1, -x * v, -y * v]
        b[i], b[i + 4] = u, v
    return np.append(np.linalg.solve(a, b), 1.0).reshape(3, 3)


def rotation_matrix(center, angle, scale):
    """cv2.getRotationMatrix2D."""
    rad = np.deg2rad(angle)
    alpha, beta = np.cos(rad) * scale, np.sin(rad) * scale
    cx, cy = center
    return np.array([[alpha, beta, (1 - alpha) * cx - beta * cy],
                     [-beta, alpha, beta * cx + (1 - alpha) * cy]])
