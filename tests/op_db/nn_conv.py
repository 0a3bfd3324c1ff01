"""op_db entries for the convolution ops. The references loop over kernel taps with einsum (an
independent route from the kernels' im2col + matmul)."""
from .entry import Sample, entry, np


def _tap_slices(tap, strides, dilations, out_sizes):
    return tuple(slice(t * d, t * d + (o - 1) * s + 1, s)
                 for t, d, o, s in zip(tap, dilations, out_sizes, strides))


def _out_sizes(big, kernel, strides, pads, dilations):
    return tuple((b + p0 + p1 - d * (k - 1) - 1) // s + 1
                 for b, k, s, (p0, p1), d in zip(big, kernel, strides, pads, dilations))


def _grouped(a, groups):
    return a.reshape((a.shape[0], groups, a.shape[1] // groups) + a.shape[2:])


def ref_conv(x, w, strides, pads, dilations, groups=1):
    kernel = w.shape[2:]
    out = _out_sizes(x.shape[2:], kernel, strides, pads, dilations)
    xp = np.pad(x, [(0, 0), (0, 0)] + [tuple(p) for p in pads])
    wg = w.reshape((groups, w.shape[0] // groups) + w.shape[1:])
    y = np.zeros((x.shape[0], groups, w.shape[0] // groups) + out)
    for tap in np.ndindex(*kernel):
        xs = _grouped(xp[(slice(None),) * 2 + _tap_slices(tap, strides, dilations, out)], groups)
        y += np.einsum("ngc...,goc->ngo...", xs, wg[(Ellipsis,) + tap])
    return y.reshape((x.shape[0], w.shape[0]) + out).astype(x.dtype)


def ref_conv_transpose(y, w, strides, pads, output_size, dilations, groups=1):
    kernel = w.shape[2:]
    out = y.shape[2:]
    big = [s + p0 + p1 for s, (p0, p1) in zip(output_size, pads)]
    cg = w.shape[1]
    x = np.zeros((y.shape[0], groups, cg) + tuple(big))
    wg = w.reshape((groups, w.shape[0] // groups) + w.shape[1:])
    yg = _grouped(y, groups)
    for tap in np.ndindex(*kernel):
        index = (slice(None),) * 3 + _tap_slices(tap, strides, dilations, out)
        x[index] += np.einsum("ngo...,goc->ngc...", yg, wg[(Ellipsis,) + tap])
    crop = (slice(None),) * 3 + tuple(slice(p0, p0 + s) for s, (p0, _) in
                                      zip(output_size, pads))
    return x[crop].reshape((y.shape[0], groups * cg) + tuple(output_size)).astype(y.dtype)


def ref_backward_filter(x, g, kernel, strides, pads, dilations, groups=1):
    out = g.shape[2:]
    xp = np.pad(x, [(0, 0), (0, 0)] + [tuple(p) for p in pads])
    positions = int(np.prod(g.shape[2:]))
    gg = _grouped(g, groups).reshape(g.shape[0], groups, g.shape[1] // groups, positions)
    w = np.zeros((groups, g.shape[1] // groups, x.shape[1] // groups) + tuple(kernel))
    for tap in np.ndindex(*kernel):
        xs = _grouped(xp[(slice(None),) * 2 + _tap_slices(tap, strides, dilations, out)], groups)
        xs = xs.reshape(xs.shape[:3] + (positions,))
        w[(Ellipsis,) + tap] = np.einsum("ngcp,ngop->goc", xs, gg)
    return w.reshape((g.shape[1], x.shape[1] // groups) + tuple(kernel)).astype(x.dtype)


# (x shape, weight shape, strides, paddings, dilations, groups) per spatial rank
_GEOMETRIES = {
    2: [((2, 3, 5, 4), (4, 3, 3, 2), (1, 1), ((0, 0), (0, 0)), (1, 1), 1),
        ((1, 4, 6, 5), (6, 2, 3, 3), (2, 1), ((1, 2), (0, 1)), (1, 2), 2),
        ((2, 3, 4, 4), (3, 1, 2, 2), (2, 2), ((1, 1), (1, 1)), (1, 1), 3),
        ((0, 2, 4, 4), (2, 2, 3, 3), (1, 1), ((1, 1), (1, 1)), (1, 1), 1),
        # depthwise with dilation and a stride (the tap-by-tap kernels)
        ((2, 3, 6, 5), (3, 1, 3, 2), (1, 2), ((1, 0), (2, 1)), (2, 1), 3)],
    3: [((1, 2, 4, 3, 4), (3, 2, 2, 2, 3), (1, 2, 1), ((0, 1), (1, 0), (1, 1)), (1, 1, 1), 1),
        ((2, 4, 3, 4, 3), (2, 2, 2, 2, 2), (2, 1, 1), ((0, 0),) * 3, (1, 2, 1), 2),
        ((1, 3, 4, 4, 3), (3, 1, 2, 3, 2), (1, 1, 1), ((1, 1), (0, 1), (1, 0)), (1, 1, 2), 3)],
}


def _conv_samples(nd):
    def make(rng, dtype):
        out = []
        for xs, ws, strides, pads, dils, groups in _GEOMETRIES[nd]:
            x = rng.uniform(-1, 1, xs).astype(dtype)
            w = rng.uniform(-1, 1, ws).astype(dtype)
            out.append(Sample((x, w), (strides, pads, dils, groups), name=f"{xs}x{ws}"))
        return out
    return make


def _transpose_samples(nd):
    def make(rng, dtype):
        out = []
        for xs, ws, strides, pads, dils, groups in _GEOMETRIES[nd]:
            small = _out_sizes(xs[2:], ws[2:], strides, pads, dils)
            y = rng.uniform(-1, 1, (xs[0], ws[0]) + small).astype(dtype)
            w = rng.uniform(-1, 1, ws).astype(dtype)
            out.append(Sample((y, w), (strides, pads, tuple(xs[2:]), dils, groups),
                              name=f"{y.shape}->{xs}"))
        return out
    return make


def _filter_samples(nd):
    def make(rng, dtype):
        out = []
        for xs, ws, strides, pads, dils, groups in _GEOMETRIES[nd]:
            small = _out_sizes(xs[2:], ws[2:], strides, pads, dils)
            x = rng.uniform(-1, 1, xs).astype(dtype)
            g = rng.uniform(-1, 1, (xs[0], ws[0]) + small).astype(dtype)
            out.append(Sample((x, g), (tuple(ws[2:]), strides, pads, dils, groups),
                              name=f"{xs}->{ws}"))
        return out
    return make


for _nd in (2, 3):
    entry(f"conv{_nd}d", _conv_samples(_nd), ref=ref_conv, rtol=1e-4, atol=1e-5)
    entry(f"conv{_nd}d_transpose", _transpose_samples(_nd), ref=ref_conv_transpose, rtol=1e-4,
          atol=1e-5)
    entry(f"conv{_nd}d_backward_filter", _filter_samples(_nd), ref=ref_backward_filter,
          rtol=1e-4, atol=1e-5)
