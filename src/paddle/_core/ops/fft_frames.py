"""Framing of signals for short-time transforms: frame (overlapping windows of a sequence, as
[..., frame_length, num_frames] for axis -1 or [num_frames, frame_length, ...] for axis 0) and
overlap_add, its adjoint, which sums frames back into a sequence. Each is the other's
gradient."""
from __future__ import annotations

import numpy as np

from ..meta import TensorMeta
from .pad import pad
from .registry import INJECTIVE, defop


def _check_axis(op, axis):
    if axis not in (0, -1):
        raise ValueError(f"({op}) Unexpected axis: {axis}. It should be 0 or -1.")


def _check_hop(op, hop_length):
    if not isinstance(hop_length, int) or hop_length <= 0:
        raise ValueError(f"({op}) Unexpected hop_length: {hop_length}. It should be an "
                         f"positive integer.")


def _frame_meta(x, frame_length, hop_length, axis=-1):
    _check_axis("frame", axis)
    _check_hop("frame", hop_length)
    shape = list(x.shape)
    if not shape:
        raise ValueError("(frame) x must have at least 1 dimension, but received a 0-d tensor")
    seq = shape[axis]
    if seq != -1 and not 0 < frame_length <= seq:
        raise ValueError(f"(frame) Attribute frame_length should be less equal than sequence "
                         f"length, but got ({frame_length}) > ({seq}).")
    frames = -1 if seq == -1 else 1 + (seq - frame_length) // hop_length
    if axis == 0:
        return TensorMeta(tuple([frames, frame_length] + shape[1:]), x.dtype)
    return TensorMeta(tuple(shape[:-1] + [frame_length, frames]), x.dtype)


def _frames_last(x, frame_length, hop_length):
    """[..., seq] -> [..., frame_length, num_frames], a strided view copied once."""
    windows = np.lib.stride_tricks.sliding_window_view(x, frame_length, axis=-1)
    return np.swapaxes(windows[..., ::hop_length, :], -1, -2)


def _frame_ref(x, frame_length, hop_length, axis=-1):
    if axis == 0:
        out = _frames_last(np.moveaxis(x, 0, -1), frame_length, hop_length)
        return np.moveaxis(out, (-1, -2), (0, 1))
    return _frames_last(x, frame_length, hop_length)


@defop("frame", infer_meta=_frame_meta, pattern=INJECTIVE, ref=_frame_ref)
def frame(xp, x, frame_length, hop_length, axis=-1):
    _frame_meta(TensorMeta(x.shape, None), frame_length, hop_length, axis)
    return xp.ascontiguousarray(_frame_ref(x, frame_length, hop_length, axis))


@frame.grad()
def _(ctx, g):
    summed = overlap_add(g, ctx.hop_length, ctx.axis)
    # samples past the last whole frame belong to no frame: their gradient is zero
    axis = ctx.axis % len(ctx.x.shape)
    missing = ctx.x.shape[axis] - summed.shape[axis]
    if missing == 0:
        return summed
    pairs = [(0, 0)] * len(ctx.x.shape)
    pairs[axis] = (0, missing)
    return pad(summed, pairs, "constant", 0.0)


def _overlap_add_meta(x, hop_length, axis=-1):
    _check_axis("overlap_add", axis)
    _check_hop("overlap_add", hop_length)
    shape = list(x.shape)
    if len(shape) < 2:
        raise ValueError(f"(overlap_add) x must have at least 2 dimensions, but received "
                         f"shape {shape}")
    length, frames = (shape[1], shape[0]) if axis == 0 else (shape[-2], shape[-1])
    seq = -1 if -1 in (length, frames) else (frames - 1) * hop_length + length
    rest = shape[2:] if axis == 0 else shape[:-2]
    return TensorMeta(tuple([seq] + rest if axis == 0 else rest + [seq]), x.dtype)


def _add_frames_last(x, hop_length):
    """[..., frame_length, num_frames] -> [..., seq]: each frame added at its hop offset."""
    length, frames = x.shape[-2], x.shape[-1]
    out = np.zeros(x.shape[:-2] + ((frames - 1) * hop_length + length,), x.dtype)
    for j in range(frames):
        out[..., j * hop_length: j * hop_length + length] += x[..., j]
    return out


def _overlap_add_ref(x, hop_length, axis=-1):
    if axis == 0:
        return np.moveaxis(_add_frames_last(np.moveaxis(x, (0, 1), (-1, -2)), hop_length), -1, 0)
    return _add_frames_last(x, hop_length)


@defop("overlap_add", infer_meta=_overlap_add_meta, pattern=INJECTIVE, ref=_overlap_add_ref)
def overlap_add(xp, x, hop_length, axis=-1):
    _overlap_add_meta(TensorMeta(x.shape, None), hop_length, axis)
    return _overlap_add_ref(x, hop_length, axis)


@overlap_add.grad()
def _(ctx, g):
    shape = ctx.x.shape
    length = shape[1] if ctx.axis == 0 else shape[-2]
    return frame(g, length, ctx.hop_length, ctx.axis)
