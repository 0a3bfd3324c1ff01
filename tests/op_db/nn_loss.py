"""op_db entries for the loss kernels (cross_entropy_with_softmax, nll_loss, warpctc)."""
from paddle._core.ops.nn_loss import _ce_ref, _nll_ref

from .entry import Sample, entry, np


def _soft(rng, shape, axis, dtype):
    p = rng.uniform(0.1, 1, shape)
    return (p / p.sum(axis=axis, keepdims=True)).astype(dtype)


def _ce_samples(rng, dtype):
    x = rng.uniform(-3, 3, (4, 5)).astype(dtype)
    hard = rng.integers(0, 5, (4, 1))
    ignored = hard.copy()
    ignored[1, 0] = -100
    x3 = rng.uniform(-3, 3, (2, 3, 4)).astype(dtype)
    hard3 = rng.integers(0, 3, (2, 1, 4))
    probs = _soft(rng, (4, 5), 1, dtype)
    return [
        Sample((x, hard), (False, True, True, -100, -1), grad_inputs=(0,), name="hard"),
        Sample((x, ignored), (False, True, True, -100, -1), grad_inputs=(0,), name="ignored"),
        Sample((x, hard), (False, True, True, 2, 1), grad_inputs=(0,), name="ignore class 2"),
        Sample((x3, hard3), (False, True, True, -100, 1), grad_inputs=(0,), name="axis 1"),
        Sample((x, _soft(rng, (4, 5), 1, dtype)), (True, True, True, -100, -1),
               grad_inputs=(0,), name="soft"),
        Sample((probs, hard.astype(np.int32)), (False, False, True, -100, -1),
               grad_inputs=(0,), name="probabilities, int32 labels"),
        Sample((probs, _soft(rng, (4, 5), 1, dtype)), (True, False, True, -100, -1),
               name="soft probabilities"),
        Sample((np.zeros((0, 5), dtype), np.zeros((0, 1), np.int64)),
               (False, True, True, -100, -1), name="empty"),
    ]


entry("cross_entropy_with_softmax", _ce_samples, ref=_ce_ref, rtol=1e-5, atol=1e-6)


def _nll_samples(rng, dtype):
    x = rng.uniform(-3, 0, (5, 4)).astype(dtype)
    label = rng.integers(0, 4, (5,))
    label_ign = label.copy()
    label_ign[2] = -100
    w = rng.uniform(0.5, 2, 4).astype(dtype)
    x4 = rng.uniform(-3, 0, (2, 3, 2, 2)).astype(dtype)
    l4 = rng.integers(0, 3, (2, 2, 2))
    return [Sample((x, label, None), (-100, "mean"), grad_inputs=(0,), name="mean"),
            Sample((x, label_ign, w), (-100, "mean"), grad_inputs=(0,), name="weighted mean"),
            Sample((x, label_ign, w), (-100, "sum"), grad_inputs=(0,), name="sum"),
            Sample((x, label, w), (1, "none"), grad_inputs=(0,), name="none, ignore 1"),
            Sample((x4, l4, None), (-100, "none"), grad_inputs=(0,), name="4-D"),
            Sample((x[:2], np.array([-100, -100]), None), (-100, "mean"), grad_inputs=(0,),
                   name="all ignored")]


entry("nll_loss", _nll_samples, ref=_nll_ref)


def _ctc_brute_losses(logits, label, lengths, label_lengths, blank=0):
    """-log p(label | logits) by summing over every alignment path (tiny inputs only)."""
    import itertools
    probs = np.exp(logits - logits.max(-1, keepdims=True))
    probs /= probs.sum(-1, keepdims=True)
    losses = []
    for b in range(logits.shape[1]):
        target = tuple(label[b, :label_lengths[b]])
        total = 0.0
        for path in itertools.product(range(logits.shape[2]), repeat=int(lengths[b])):
            collapsed = [c for i, c in enumerate(path) if c != blank and
                         (i == 0 or c != path[i - 1])]
            if tuple(collapsed) == target:
                total += np.prod([probs[t, b, c] for t, c in enumerate(path)])
        losses.append(-np.log(total) if total > 0 else 0.0)
    return np.array(losses).reshape(-1, 1)


def _ctc_samples(rng, dtype):
    logits = rng.uniform(-2, 2, (4, 3, 3)).astype(dtype)
    label = np.array([[1, 2], [1, 1], [2, 0]], np.int32)
    lengths = np.array([4, 3, 4], np.int64)
    label_lengths = np.array([2, 2, 1], np.int64)
    return [Sample((logits, label, lengths, label_lengths), (0, False), grad_inputs=(0,),
                   name="blank 0"),
            Sample((logits, label, lengths, np.array([1, 1, 0], np.int64)), (2, False),
                   grad_inputs=(0,), name="blank 2, empty label")]


def _ctc_ref(logits, label, lengths, label_lengths, blank=0, norm_by_times=False):
    return _ctc_brute_losses(logits.astype(np.float64), label, lengths, label_lengths,
                             blank).astype(logits.dtype)


entry("warpctc", _ctc_samples, ref=_ctc_ref, double_grad=False)


def _ctc_grad_ref(logits, label, lengths, label_lengths, blank=0, norm_by_times=False):
    base = logits.astype(np.float64)
    grad = np.zeros_like(base)
    eps = 1e-6
    for idx in np.ndindex(base.shape):
        up, down = base.copy(), base.copy()
        up[idx] += eps
        down[idx] -= eps
        diff = (_ctc_brute_losses(up, label, lengths, label_lengths, blank) -
                _ctc_brute_losses(down, label, lengths, label_lengths, blank)).sum()
        grad[idx] = diff / (2 * eps)
    return grad


entry("warpctc_grad", _ctc_samples, ref=_ctc_grad_ref, dtypes=("float64",), atol=1e-6)
