"""op_db entries for the resampling ops (resample_axis and its transpose) and the block ops
(unfold / fold). References build the dense (out, in) resampling matrix, and loop over blocks."""
import itertools

from .entry import Sample, entry, np


def _dense(index, weight, size):
    m = np.zeros((index.shape[0], size))
    for o, t in itertools.product(range(index.shape[0]), range(index.shape[1])):
        m[o, index[o, t]] += weight[o, t]
    return m


def ref_resample(x, index, weight, axis):
    m = _dense(index, weight.astype(np.float64), x.shape[axis])
    out = np.tensordot(m, np.moveaxis(x.astype(np.float64), axis, 0), axes=(1, 0))
    return np.moveaxis(out, 0, axis).astype(x.dtype)


def ref_resample_transpose(g, index, weight, axis, size):
    m = _dense(index, weight.astype(np.float64), size)
    out = np.tensordot(m.T, np.moveaxis(g.astype(np.float64), axis, 0), axes=(1, 0))
    return np.moveaxis(out, 0, axis).astype(g.dtype)


def _tables(rng, out, size, taps, dtype, sorted_=True):
    index = rng.integers(0, size, (out, taps))
    if sorted_:
        index = np.sort(index, axis=0)
    return index.astype(np.int64), rng.uniform(-1, 1, (out, taps)).astype(dtype)


def _resample_samples(rng, dtype):
    x = rng.uniform(-1, 1, (2, 3, 5, 4)).astype(dtype)
    i1, w1 = _tables(rng, 7, 5, 2, dtype)
    i2, w2 = _tables(rng, 3, 4, 4, dtype, sorted_=False)
    i3, w3 = _tables(rng, 6, 4, 1, dtype)
    return [Sample((x, i1, w1), (2,), grad_inputs=(0,), name="axis2"),
            Sample((x, i2, w2), (-1,), grad_inputs=(0,), name="unsorted"),
            Sample((x, i3, np.ones_like(w3)), (3,), grad_inputs=(0,), name="nearest"),
            Sample((np.zeros((0, 3, 5, 4), dtype), i1, w1), (2,), grad_inputs=(0,),
                   name="empty")]


def _transpose_samples(rng, dtype):
    out = []
    for s in _resample_samples(rng, dtype):
        x, index, weight = s.inputs
        shape = list(x.shape)
        shape[s.attrs[0]] = index.shape[0]
        g = rng.uniform(-1, 1, shape).astype(dtype)
        out.append(Sample((g, index, weight), (s.attrs[0], x.shape[s.attrs[0]]),
                          grad_inputs=(0,), name=s.name))
    return out


entry("resample_axis", _resample_samples, ref=ref_resample)
entry("resample_axis_transpose", _transpose_samples, ref=ref_resample_transpose)


def _blocks(size, k, s, p, d):
    return (size + p[0] + p[1] - d * (k - 1) - 1) // s + 1


def ref_unfold(x, kernel_sizes, strides, paddings, dilations):
    n, c, h, w = x.shape
    xp = np.pad(x, [(0, 0), (0, 0), tuple(paddings[0]), tuple(paddings[1])])
    bh, bw = (_blocks(sz, k, s, p, d) for sz, k, s, p, d in
              zip((h, w), kernel_sizes, strides, paddings, dilations))
    out = np.zeros((n, c, kernel_sizes[0], kernel_sizes[1], bh, bw), x.dtype)
    for i, j, a, b in itertools.product(range(kernel_sizes[0]), range(kernel_sizes[1]),
                                        range(bh), range(bw)):
        out[:, :, i, j, a, b] = xp[:, :, a * strides[0] + i * dilations[0],
                                   b * strides[1] + j * dilations[1]]
    return out.reshape(n, c * kernel_sizes[0] * kernel_sizes[1], bh * bw)


def ref_fold(x, output_sizes, kernel_sizes, strides, paddings, dilations):
    n = x.shape[0]
    kh, kw = kernel_sizes
    c = x.shape[1] // (kh * kw)
    bh, bw = (_blocks(sz, k, s, p, d) for sz, k, s, p, d in
              zip(output_sizes, kernel_sizes, strides, paddings, dilations))
    cols = x.reshape(n, c, kh, kw, bh, bw)
    big = [o + p[0] + p[1] for o, p in zip(output_sizes, paddings)]
    out = np.zeros((n, c, *big), x.dtype)
    for i, j, a, b in itertools.product(range(kh), range(kw), range(bh), range(bw)):
        out[:, :, a * strides[0] + i * dilations[0],
            b * strides[1] + j * dilations[1]] += cols[:, :, i, j, a, b]
    return out[:, :, paddings[0][0]:paddings[0][0] + output_sizes[0],
               paddings[1][0]:paddings[1][0] + output_sizes[1]]


_GEOMETRY = [((2, 2), (1, 1), ((0, 0), (0, 0)), (1, 1)),
             ((3, 2), (2, 1), ((1, 0), (1, 2)), (1, 2))]


def _unfold_samples(rng, dtype):
    x = rng.uniform(-1, 1, (2, 3, 6, 5)).astype(dtype)
    return [Sample((x,), g, name=str(g)) for g in _GEOMETRY]


def _fold_samples(rng, dtype):
    out = []
    for k, s, p, d in _GEOMETRY:
        bh, bw = (_blocks(sz, kk, ss, pp, dd) for sz, kk, ss, pp, dd in
                  zip((6, 5), k, s, p, d))
        x = rng.uniform(-1, 1, (2, 3 * k[0] * k[1], bh * bw)).astype(dtype)
        out.append(Sample((x,), ((6, 5), k, s, p, d), name=str(k)))
    return out


entry("unfold", _unfold_samples, ref=ref_unfold)
entry("fold", _fold_samples, ref=ref_fold)
