"""op_db entries for frame and overlap_add (the framing ops behind paddle.signal.stft/istft):
both axes, hops shorter than, equal to and longer than the frame, a tail that fits no frame,
batches and a single frame."""
from .entry import Sample, entry


def _x(rng, dtype, shape):
    return rng.uniform(-2, 2, shape).astype(dtype)


def _frame_samples(rng, dtype):
    return [Sample((_x(rng, dtype, (10,)),), (4, 3, -1), name="overlapping"),
            Sample((_x(rng, dtype, (2, 11)),), (4, 3, -1), name="tail outside frames"),
            Sample((_x(rng, dtype, (9, 2)),), (3, 3, 0), name="axis 0"),
            Sample((_x(rng, dtype, (3, 7)),), (2, 4, -1), name="gaps"),
            Sample((_x(rng, dtype, (5,)),), (5, 1, -1), name="one frame")]


def _overlap_add_samples(rng, dtype):
    return [Sample((_x(rng, dtype, (4, 3)),), (3, -1), name="overlapping"),
            Sample((_x(rng, dtype, (2, 4, 5)),), (2, -1), name="batched"),
            Sample((_x(rng, dtype, (3, 4, 2)),), (4, 0), name="axis 0"),
            Sample((_x(rng, dtype, (2, 3, 1)),), (1, -1), name="one frame")]


entry("frame", _frame_samples)
entry("overlap_add", _overlap_add_samples)
