"""CTC loss (Paddle's `warpctc`): the forward (alpha) recursion in log space, vectorised over the
batch and the extended label sequence, with a loop over time only. The gradient op runs the
backward (beta) recursion too and returns softmax(logits) minus the label occupancy, which is
d(loss)/d(logits) — as in warp-ctc the logits are normalised with a softmax internally, so raw
scores and log-probabilities give the same loss.

Like Paddle: an impossible alignment gives loss 0 (and no gradient), `norm_by_times` divides the
gradient (not the loss) by each sequence's length, steps past a sequence's length get zero
gradient.
"""
from __future__ import annotations

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta, meta_of
from .registry import OPAQUE, defop

_NEG_INF = -np.inf


def _check_inputs(logits, label, logits_length, labels_length):
    op = "warpctc"
    if logits.dtype not in (_dt.float32, _dt.float64):
        raise TypeError(f"({op}) log_probs must be float32 or float64, but received "
                        f"{logits.dtype.name}.")
    if logits.ndim != 3:
        raise ValueError(f"({op}) log_probs must be 3-D [max_logit_length, batch_size, "
                         f"num_classes + 1], but received shape {list(logits.shape)}.")
    if label.ndim != 2 or label.dtype is not _dt.int32:
        raise ValueError(f"({op}) labels must be a 2-D int32 tensor [batch_size, "
                         f"max_label_length], but received {label.dtype.name} tensor of shape "
                         f"{list(label.shape)}.")
    batch = logits.shape[1]
    for name, t in (("input_lengths", logits_length), ("label_lengths", labels_length)):
        if t.dtype is not _dt.int64 or t.ndim != 1:
            raise ValueError(f"({op}) {name} must be a 1-D int64 tensor, but received "
                             f"{t.dtype.name} tensor of shape {list(t.shape)}.")
        if -1 not in (t.shape[0], batch) and t.shape[0] != batch:
            raise ValueError(f"({op}) {name} must have batch_size ({batch}) entries, but "
                             f"received shape {list(t.shape)}.")
    if -1 not in (label.shape[0], batch) and label.shape[0] != batch:
        raise ValueError(f"({op}) labels must have batch_size ({batch}) rows, but received "
                         f"shape {list(label.shape)}.")


def _ctc_meta(logits, label, logits_length, labels_length, blank=0, norm_by_times=False):
    _check_inputs(logits, label, logits_length, labels_length)
    return TensorMeta((logits.shape[1], 1), logits.dtype)


def _log_softmax(x):
    m = x.max(axis=-1, keepdims=True)
    return x - m - np.log(np.exp(x - m).sum(axis=-1, keepdims=True))


def _logaddexp(*terms):
    with np.errstate(invalid="ignore"):
        out = terms[0]
        for t in terms[1:]:
            out = np.logaddexp(out, t)
    return out


def _logsumexp3(a, b, c, out=None):
    """log(exp(a) + exp(b) + exp(c)) elementwise (-inf where all are -inf)."""
    with np.errstate(invalid="ignore"):
        out = np.logaddexp(a, b, out=out)
        return np.logaddexp(out, c, out=out)


class _Lattice:
    """The extended label sequences (blanks interleaved) and per-step emission log-probs."""

    def __init__(self, logits, label, logits_length, labels_length, blank):
        self.lp = _log_softmax(logits.astype(np.float64))
        steps, batch, classes = logits.shape
        self.lengths = logits_length.astype(np.int64)
        self.label_lengths = labels_length.astype(np.int64)
        self._check_values(label, classes, blank, steps)
        width = 2 * label.shape[1] + 1
        ext = np.full((batch, width), blank, np.int64)
        ext[:, 1::2] = label
        self.ext = ext
        in_label = np.arange(width)[None, :] < 2 * self.label_lengths[:, None] + 1
        self.in_label = in_label
        # s may come from s-2 when it holds a label different from the one two places back
        skip = np.zeros((batch, width), bool)
        skip[:, 2:] = (ext[:, 2:] != blank) & (ext[:, 2:] != ext[:, :-2])
        self.skip = skip
        self.emit = np.take_along_axis(self.lp, np.broadcast_to(ext, (steps, batch, width)), 2)
        self.emit = np.where(in_label[None], self.emit, _NEG_INF)

    def _check_values(self, label, classes, blank, steps):
        if not 0 <= blank < classes:
            raise ValueError(f"(warpctc) blank must be in [0, {classes}), but received {blank}.")
        if (self.lengths > steps).any() or (self.lengths < 0).any():
            raise ValueError(f"(warpctc) input_lengths must be in [0, {steps}], but received "
                             f"{self.lengths.tolist()}.")
        if (self.label_lengths > label.shape[1]).any() or (self.label_lengths < 0).any():
            raise ValueError(f"(warpctc) label_lengths must be in [0, {label.shape[1]}], but "
                             f"received {self.label_lengths.tolist()}.")
        used = np.arange(label.shape[1])[None, :] < self.label_lengths[:, None]
        if ((label < 0) | (label >= classes))[used].any():
            raise ValueError(f"(warpctc) label values must be in [0, {classes}), but received "
                             f"{label[used].tolist()}.")

    def alpha(self):
        """Forward log-probabilities; two leading -inf columns stand for s-1 and s-2 < 0."""
        steps, batch, width = self.emit.shape
        padded = np.full((steps, batch, width + 2), _NEG_INF)
        if steps == 0:
            return padded[:, :, 2:]
        padded[0, :, 2:4] = self.emit[0, :, :2]
        skip_add = np.where(self.skip, 0.0, _NEG_INF)
        for t in range(1, steps):
            prev = padded[t - 1]
            row = padded[t, :, 2:]
            _logsumexp3(prev[:, 2:], prev[:, 1:-1], prev[:, :-2] + skip_add, out=row)
            row += self.emit[t]
        return padded[:, :, 2:]

    def beta(self):
        """Backward log-probabilities (including step t's emission); two trailing -inf
        columns stand for s+1 and s+2 past the end."""
        steps, batch, width = self.emit.shape
        padded = np.full((steps + 1, batch, width + 2), _NEG_INF)
        last = 2 * self.label_lengths
        rows = np.arange(batch)
        ends = np.zeros((batch, width), bool)
        ends[rows, last] = True
        ends[rows, np.maximum(last - 1, 0)] = True
        skip_next_add = np.full((batch, width), _NEG_INF)
        skip_next_add[:, :-2] = np.where(self.skip[:, 2:], 0.0, _NEG_INF)
        for t in range(steps - 1, -1, -1):
            nxt = padded[t + 1]
            carried = _logsumexp3(nxt[:, :width], nxt[:, 1:width + 1],
                                  nxt[:, 2:] + skip_next_add)
            start = (t == self.lengths - 1)[:, None] & ends
            valid = np.where(t < self.lengths, 0.0, _NEG_INF)[:, None]
            padded[t, :, :width] = np.where(start, 0.0, carried) + self.emit[t] + valid
        return padded[:steps, :, :width]

    def log_likelihood(self, alpha):
        batch = alpha.shape[1]
        rows = np.arange(batch)
        t_last = np.maximum(self.lengths - 1, 0)
        final = alpha[t_last, rows]
        last = 2 * self.label_lengths
        ll = _logaddexp(final[rows, last], np.where(last > 0, final[rows, np.maximum(last - 1, 0)],
                                                    _NEG_INF))
        return np.where(self.lengths > 0, ll, np.where(self.label_lengths == 0, 0.0, _NEG_INF))


def _ctc_losses(logits, label, logits_length, labels_length, blank):
    _check_inputs(*(meta_of(a) for a in (logits, label, logits_length, labels_length)))
    lattice = _Lattice(logits, label, logits_length, labels_length, blank)
    alpha = lattice.alpha()
    ll = lattice.log_likelihood(alpha)
    return lattice, alpha, ll


def _ctc_ref(logits, label, logits_length, labels_length, blank=0, norm_by_times=False):
    _, _, ll = _ctc_losses(logits, label, logits_length, labels_length, blank)
    return np.where(np.isfinite(ll), -ll, 0).reshape(-1, 1)


@defop("warpctc", "logits label logits_length labels_length", infer_meta=_ctc_meta,
       pattern=OPAQUE, ref=_ctc_ref)
def warpctc(xp, logits, label, logits_length, labels_length, blank=0, norm_by_times=False):
    _, _, ll = _ctc_losses(logits, label, logits_length, labels_length, blank)
    loss = np.where(np.isfinite(ll), -ll, 0.0)
    return loss.reshape(-1, 1).astype(logits.dtype)


def _ctc_grad_meta(logits, label, logits_length, labels_length, blank=0, norm_by_times=False):
    _check_inputs(logits, label, logits_length, labels_length)
    return TensorMeta(logits.shape, logits.dtype)


def _ctc_grad_ref(logits, label, logits_length, labels_length, blank=0, norm_by_times=False):
    return warpctc_grad.kernel(np, logits, label, logits_length, labels_length, blank,
                               norm_by_times)


@defop("warpctc_grad", "logits label logits_length labels_length", infer_meta=_ctc_grad_meta,
       pattern=OPAQUE, ref=_ctc_grad_ref)
def warpctc_grad(xp, logits, label, logits_length, labels_length, blank=0, norm_by_times=False):
    lattice, alpha, ll = _ctc_losses(logits, label, logits_length, labels_length, blank)
    beta = lattice.beta()
    with np.errstate(invalid="ignore", over="ignore"):
        occupancy = np.exp(alpha + beta - lattice.emit - ll[None, :, None])
    occupancy = np.nan_to_num(occupancy, nan=0.0, posinf=0.0)
    classes = logits.shape[2]
    onehot = (lattice.ext[:, :, None] == np.arange(classes)).astype(np.float64)
    grad = np.exp(lattice.lp) - np.einsum("tbs,bsc->tbc", occupancy, onehot)
    steps = np.arange(logits.shape[0])[:, None]
    keep = (steps < lattice.lengths[None, :]) & np.isfinite(ll)[None, :]
    grad = np.where(keep[:, :, None], grad, 0.0)
    if norm_by_times:
        grad = grad / np.maximum(lattice.lengths, 1)[None, :, None]
    return grad.astype(logits.dtype)


warpctc_grad.no_grad("the gradient of CTC is not differentiated again")


@warpctc.grad(save="logits label logits_length labels_length")
def _(ctx, g):
    from .manipulation import reshape
    grad = warpctc_grad(ctx.logits, ctx.label, ctx.logits_length, ctx.labels_length,
                        ctx.blank, ctx.norm_by_times)
    return grad * reshape(g, [1, -1, 1]), None, None, None
