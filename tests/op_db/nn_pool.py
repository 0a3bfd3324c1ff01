"""op_db entries for the pooling ops. References loop over output positions with the window
bounds written out as Paddle's kernels define them."""
import itertools
import math

from .entry import Sample, entry, np

LOWEST = np.finfo(np.float32).min


def _bounds(o, size, k, s, before, adaptive):
    """(start, end) of the valid input range of window o, and its non-exclusive count."""
    if adaptive:
        start, end = (o * size) // k, -((-(o + 1) * size) // k)
        return start, end, end - start
    start = o * s - before
    return max(start, 0), min(start + k, size), min(start + k, size + before) - start


def _out_size(size, k, s, b, a, ceil_mode, adaptive):
    if adaptive:
        return k
    return (size + b + a - k + (s - 1 if ceil_mode else 0)) // s + 1


def ref_pool(x, kernel_size, strides, paddings, ceil_mode=False, exclusive=True,
             pooling_type="avg", adaptive=False):
    sizes = x.shape[2:]
    outs = [_out_size(d, k, s, b, a, ceil_mode, adaptive) for d, k, s, (b, a) in
            zip(sizes, kernel_size, strides, paddings)]
    y = np.zeros(x.shape[:2] + tuple(outs), x.dtype)
    for pos in itertools.product(*map(range, outs)):
        spans = [_bounds(o, d, k, s, b, adaptive) for o, d, k, s, (b, _) in
                 zip(pos, sizes, kernel_size, strides, paddings)]
        region = x[(Ellipsis,) + tuple(slice(lo, hi) for lo, hi, _ in spans)]
        region = region.reshape(x.shape[:2] + (math.prod(region.shape[2:]),))
        if pooling_type == "max":
            y[(Ellipsis,) + pos] = region.max(-1) if region.shape[-1] else LOWEST
            continue
        count = math.prod(hi - lo if exclusive or adaptive else n for lo, hi, n in spans)
        y[(Ellipsis,) + pos] = region.sum(-1) / count
    return y


def ref_max_with_index(x, kernel_size, strides, paddings, ceil_mode=False, adaptive=False):
    out = ref_pool(x, kernel_size, strides, paddings, ceil_mode, True, "max", adaptive)
    sizes = x.shape[2:]
    mask = np.full(out.shape, -1, np.int32)
    for n, c in itertools.product(range(x.shape[0]), range(x.shape[1])):
        for pos in itertools.product(*map(range, out.shape[2:])):
            spans = [_bounds(o, d, k, s, b, adaptive) for o, d, k, s, (b, _) in
                     zip(pos, sizes, kernel_size, strides, paddings)]
            for cell in itertools.product(*(range(lo, hi) for lo, hi, _ in spans)):
                if x[(n, c) + cell] == out[(n, c) + pos]:
                    mask[(n, c) + pos] = np.ravel_multi_index(cell, sizes)
                    break
    return out, mask


def _pool_samples(nd):
    geometries = {
        2: [((2, 3, 6, 5), (2, 2), (2, 2), ((0, 0), (0, 0)), False, True, False),
            ((1, 2, 5, 5), (3, 3), (2, 2), ((1, 1), (1, 1)), False, True, False),
            ((1, 2, 5, 6), (2, 3), (2, 2), ((1, 0), (0, 1)), True, False, False),
            ((2, 2, 7, 5), (3, 2), (1, 1), ((0, 0), (0, 0)), False, True, True),
            ((0, 2, 4, 4), (2, 2), (2, 2), ((0, 0), (0, 0)), False, True, False)],
        3: [((1, 2, 4, 5, 4), (2, 3, 2), (2, 1, 2), ((0, 0), (1, 1), (0, 1)), False, True,
             False),
            ((1, 2, 5, 4, 3), (2, 3, 2), (1, 1, 1), ((0, 0),) * 3, False, True, True)],
    }

    def make(rng, dtype):
        out = []
        for shape, k, s, p, ceil, excl, adaptive in geometries[nd]:
            x = rng.permutation(max(math.prod(shape), 1))[:math.prod(shape)]
            x = (x.reshape(shape) / 7.0 - 1).astype(dtype)
            for kind in ("avg", "max"):
                out.append(Sample((x,), (k, s, p, ceil, excl, kind, adaptive),
                                  name=f"{kind}{shape}k{k}s{s}p{p}"))
        return out
    return make


def _max_index_samples(nd):
    def make(rng, dtype):
        return [Sample(s.inputs, s.attrs[:4] + (s.attrs[6],), name=s.name)
                for s in _pool_samples(nd)(rng, dtype) if s.attrs[5] == "max"]
    return make


def ref_unpool(x, indices, output_size):
    out = np.zeros(x.shape[:2] + tuple(output_size), x.dtype)
    flat = out.reshape(x.shape[0], x.shape[1], -1)
    for n, c in itertools.product(range(x.shape[0]), range(x.shape[1])):
        for value, index in zip(x[n, c].ravel(), indices[n, c].ravel()):
            flat[n, c, index] = value
    return out


def _unpool_samples(nd):
    def make(rng, dtype):
        shape = (2, 3) + (3,) * nd
        x = rng.uniform(-1, 1, shape).astype(dtype)
        out_size = (6,) * nd
        # distinct positions of each 2x..x2 block, as max pooling with kernel 2 gives
        index = np.zeros(shape, np.int64)
        for pos in itertools.product(*map(range, shape[2:])):
            cell = tuple(2 * p + rng.integers(0, 2) for p in pos)
            index[(Ellipsis,) + pos] = np.ravel_multi_index(cell, out_size)
        return [Sample((x, index), (out_size,), grad_inputs=(0,), name=str(shape))]
    return make


def ref_spatial_gather(x, index):
    shape = x.shape[:2] + index.shape[2:]
    rows = np.broadcast_to(index, shape).reshape(shape[0] * shape[1], -1)
    plane = x.reshape(x.shape[0] * x.shape[1], -1)
    out = np.array([[plane[r, i] if i >= 0 else 0 for i in row] for r, row in enumerate(rows)])
    return out.reshape(shape).astype(x.dtype)


def ref_spatial_scatter_add(values, index, sizes):
    n, c = values.shape[:2]
    out = np.zeros((n * c, math.prod(sizes)))
    rows = np.broadcast_to(index, values.shape).reshape(n * c, -1)
    for r, (row, vals) in enumerate(zip(rows, values.reshape(n * c, -1))):
        for i, v in zip(row, vals):
            if i >= 0:
                out[r, i] += v
    return out.reshape((n, c) + tuple(sizes)).astype(values.dtype)


def _index(rng, shape, plane):
    return rng.integers(-1, plane, shape).astype(np.int64)


def _gather_samples(rng, dtype):
    x = rng.uniform(-1, 1, (2, 3, 4, 5)).astype(dtype)
    return [Sample((x, _index(rng, (2, 3, 6), 20)), grad_inputs=(0,), name="full"),
            Sample((x, _index(rng, (1, 1, 3, 2), 20)), grad_inputs=(0,), name="broadcast")]


def _scatter_samples(rng, dtype):
    v = rng.uniform(-1, 1, (2, 3, 6)).astype(dtype)
    w = rng.uniform(-1, 1, (2, 3, 3, 2)).astype(dtype)
    return [Sample((v, _index(rng, (2, 3, 6), 12)), ((3, 4),), grad_inputs=(0,), name="full"),
            Sample((w, _index(rng, (1, 1, 3, 2), 5)), ((5,),), grad_inputs=(0,),
                   name="broadcast")]


def ref_max_pool_grad(x, out, out_grad, kernel_size, strides, paddings):
    mask = ref_max_with_index(x, kernel_size, strides, paddings)[1]
    dx = np.zeros(x.shape, out_grad.dtype)
    for index in np.ndindex(*out.shape):
        if mask[index] >= 0:
            cell = np.unravel_index(mask[index], x.shape[2:])
            dx[index[:2] + cell] += out_grad[index]
    return dx


def _max_grad_samples(rng, dtype):
    """The regular max-pool samples, plus one with ties (the first equal input wins)."""
    out = []
    for nd in (2, 3):
        for s in _pool_samples(nd)(rng, dtype):
            k, st, p, ceil, _, kind, adaptive = s.attrs
            x = s.inputs[0]
            if kind != "max" or adaptive or ceil or x.size == 0:
                continue
            for name, data in ((s.name, x), (s.name + " ties", np.round(x * 2) / 2)):
                y = ref_pool(data, k, st, p, pooling_type="max")
                g = rng.uniform(-1, 1, y.shape).astype(dtype)
                out.append(Sample((data, y, g), (k, st, p), grad_inputs=(2,), name=name))
    return out


for _nd in (2, 3):
    entry(f"pool{_nd}d", _pool_samples(_nd), ref=ref_pool)
    entry(f"max_pool{_nd}d_with_index", _max_index_samples(_nd), ref=ref_max_with_index)
entry("max_pool_grad", _max_grad_samples, ref=ref_max_pool_grad)
entry("unpool", _unpool_samples(2), ref=ref_unpool)
entry("unpool3d", _unpool_samples(3), ref=ref_unpool)
entry("spatial_gather", _gather_samples, ref=ref_spatial_gather)
entry("spatial_scatter_add", _scatter_samples, ref=ref_spatial_scatter_add)


def _fractional_windows(size, out, kernel, u):
    """Graham's sequence written out in float32, as Paddle computes it."""
    f32 = np.float32
    steps = out - (1 if kernel else 0)
    alpha = f32(size - kernel) / f32(steps) if steps else f32(0)
    u = f32(u)
    if not kernel:
        base = size // out
        u = f32(u * min(f32(base + 2) / alpha - 1, f32(size + 1 - base) / alpha - (out - 1)))
    start = [int(np.floor((f32(i) + u) * alpha) - np.floor(u * alpha)) for i in range(out + 1)]
    return [(start[i], min(start[i] + kernel if kernel else start[i + 1], size))
            for i in range(out)]


def ref_fractional(x, output_size, kernel_size, random_u):
    sizes = x.shape[2:]
    spans = [_fractional_windows(d, o, k, random_u) for d, o, k in
             zip(sizes, output_size, kernel_size)]
    out = np.zeros(x.shape[:2] + tuple(output_size), x.dtype)
    mask = np.zeros(out.shape, np.int32)
    for n, c in itertools.product(range(x.shape[0]), range(x.shape[1])):
        for pos in itertools.product(*map(range, output_size)):
            window = tuple(spans[d][p] for d, p in enumerate(pos))
            region = x[(n, c) + tuple(slice(lo, hi) for lo, hi in window)]
            local = np.unravel_index(np.argmax(region), region.shape)
            cell = tuple(lo + i for (lo, _), i in zip(window, local))
            out[(n, c) + pos] = x[(n, c) + cell]
            mask[(n, c) + pos] = np.ravel_multi_index(cell, sizes)
    return out, mask


def _fractional_samples(nd):
    def make(rng, dtype):
        shape = (2, 2) + (7, 9, 6)[:nd]
        x = (rng.permutation(math.prod(shape)).reshape(shape) / 7.0).astype(dtype)
        return [Sample((x,), ((3,) * nd, (0,) * nd, 0.37), name="non-overlapping"),
                Sample((x,), ((4,) * nd, (2,) * nd, 0.8), name="kernel 2")]
    return make


entry("fractional_max_pool2d", _fractional_samples(2), ref=ref_fractional)
entry("fractional_max_pool3d", _fractional_samples(3), ref=ref_fractional)
