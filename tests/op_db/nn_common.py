"""op_db entries for the random masking ops (dropout, rrelu) and the lookup-table ops
(embedding, embedding_grad, one_hot).

dropout and rrelu samples use a fixed per-op seed or evaluation mode, so the mask is the same on
every call and gradients can be checked numerically."""
from .entry import Sample, entry, np


def _dropout_samples(rng, dtype):
    x = rng.uniform(-2, 2, size=(4, 5)).astype(dtype)
    return [Sample((x,), (0.5, False, "upscale_in_train", 7, True), name="upscale train"),
            Sample((x,), (0.3, False, "downgrade_in_infer", 7, True), name="downgrade train"),
            Sample((x,), (0.3, True, "upscale_in_train", 0, False), name="upscale eval"),
            Sample((x,), (0.3, True, "downgrade_in_infer", 0, False), name="downgrade eval"),
            Sample((x,), (1.0, False, "upscale_in_train", 7, True), name="p=1"),
            Sample((rng.uniform(-2, 2, size=()).astype(dtype),),
                   (0.5, False, "upscale_in_train", 3, True), name="0-d"),
            Sample((np.zeros((0, 3), dtype),), (0.5, False, "upscale_in_train", 3, True),
                   name="empty")]


def _dropout_ref(x, p, is_test, mode, seed, fix_seed):
    if is_test:
        out = x if mode == "upscale_in_train" else x * (1 - p)
        return out.astype(x.dtype), np.ones(x.shape, np.uint8)
    keep = np.random.Generator(np.random.PCG64(seed)).random(x.shape, dtype=np.float32) >= p
    scale = 1 / (1 - p) if mode == "upscale_in_train" and p < 1 else 1.0
    return (x * keep * scale).astype(x.dtype), keep.astype(np.uint8)


entry("dropout", _dropout_samples, ref=_dropout_ref)


def _rrelu_samples(rng, dtype):
    x = rng.uniform(-2, 2, size=(3, 4))
    x = np.where(np.abs(x) < 0.05, 0.5, x).astype(dtype)
    return [Sample((x,), (0.1, 0.3, True), name="eval"),
            Sample((np.zeros((0, 2), dtype),), (0.1, 0.3, True), name="empty")]


def _rrelu_ref(x, lower, upper, is_test):
    mid = (np.float32(lower) + np.float32(upper)) / 2
    noise = np.where(x >= 0, 1, mid).astype(x.dtype)
    return (x * noise).astype(x.dtype), noise


entry("rrelu", _rrelu_samples, ref=_rrelu_ref)


def _table(rng, dtype, rows=5, dim=3):
    return rng.uniform(-1, 1, size=(rows, dim)).astype(dtype)


def _embedding_samples(rng, dtype):
    ids = rng.integers(0, 5, size=(2, 4))
    return [Sample((ids, _table(rng, dtype)), (-1, False), grad_inputs=(1,), name="plain"),
            Sample((ids.astype("int32"), _table(rng, dtype)), (2, False), grad_inputs=(1,),
                   name="padding"),
            Sample((np.array(3), _table(rng, dtype)), (-1, False), grad_inputs=(1,), name="0-d"),
            Sample((np.zeros((0, 2), np.int64), _table(rng, dtype)), (-1, True),
                   grad_inputs=(1,), name="empty")]


def _embedding_ref(ids, weight, padding_idx, *rest):
    out = weight[ids]
    if padding_idx != -1:
        out[ids == padding_idx] = 0
    return out


entry("embedding", _embedding_samples, ref=_embedding_ref)
entry("embedding_with_scaled_gradient",
      lambda rng, dtype: [Sample(s.inputs, s.attrs[:1], grad_inputs=(1,), name=s.name)
                          for s in _embedding_samples(rng, dtype)],
      ref=_embedding_ref, grad=False,
      extra={"note": "its weight gradient is scaled by id frequency on purpose, so it is not the "
                     "numeric derivative; checked against real Paddle in the nn_common goldens"})


def _embedding_grad_samples(rng, dtype):
    ids = rng.integers(0, 5, size=(2, 4))
    g = rng.uniform(-1, 1, size=(2, 4, 3)).astype(dtype)
    return [Sample((ids, g), (5, -1, False), grad_inputs=(1,), name="plain"),
            Sample((ids, g), (5, 1, False), grad_inputs=(1,), name="padding"),
            Sample((ids, g), (6, 2, True), grad_inputs=(1,), name="scaled")]


def _embedding_grad_ref(ids, g, rows, padding_idx, scale_by_freq):
    flat = ids.reshape(-1)
    table = np.zeros((rows, g.shape[-1]), g.dtype)
    for i, row in zip(flat, g.reshape(flat.size, -1)):
        table[i] += row
    if scale_by_freq:
        table /= np.maximum(np.bincount(flat, minlength=rows), 1)[:, None]
    if padding_idx != -1:
        table[padding_idx] = 0
    return table


entry("embedding_grad", _embedding_grad_samples, ref=_embedding_grad_ref)


def _one_hot_samples(rng, dtype):
    return [Sample((rng.integers(0, 4, size=(3,)),), (4,), name="1-D"),
            Sample((rng.integers(0, 6, size=(2, 3)).astype("int32"),), (6,), name="2-D"),
            Sample((np.array(2),), (3,), name="0-d"),
            Sample((np.zeros((0,), np.int64),), (3,), name="empty")]


entry("one_hot", _one_hot_samples,
      ref=lambda x, n: (np.arange(n) == x[..., None]).astype(np.float32), dtypes=("int64",))


def _gather_tree_samples(rng, dtype):
    ids = rng.integers(0, 10, size=(4, 2, 3))
    parents = rng.integers(0, 3, size=(4, 2, 3))
    return [Sample((ids, parents), name="int64"),
            Sample((ids.astype("int32"), parents.astype("int32")), name="int32"),
            Sample((np.zeros((0, 2, 3), np.int64), np.zeros((0, 2, 3), np.int64)),
                   name="empty")]


def _gather_tree_ref(ids, parents):
    out = np.empty_like(ids)
    steps, batch, beam = ids.shape
    for b in range(batch):
        for k in range(beam):
            parent = k
            for t in range(steps - 1, -1, -1):
                out[t, b, k] = ids[t, b, parent]
                parent = parents[t, b, parent]
    return out


entry("gather_tree", _gather_tree_samples, ref=_gather_tree_ref, dtypes=("int64",))
