"""Opt-in mode: mixed-precision training of the 2-layer GPT bench model follows the float32 loss
curve. The curves are compared after a 10-step moving average (single steps of different
precisions drift apart like any two runs; a precision bias would show in the average)."""
import warnings

import numpy as np
import pytest

import paddle

from . import _train_models as T

pytestmark = pytest.mark.usefixtures("amp_on_cpu")

RUNS = [("O1", "float16"), ("O1", "bfloat16"), ("O2", "float16"), ("O2", "bfloat16")]


def _smoothed(losses, window=10):
    return np.convolve(losses, np.ones(window) / window, "valid")


def _curves(steps):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the bfloat16 runs disable the loss scaler, warning
        base, _ = T.train(paddle, "gpt", steps=steps, amp=False)
        return np.array(base), {run: np.array(T.train(paddle, "gpt", steps=steps, level=run[0],
                                                      dtype=run[1])[0]) for run in RUNS}


def _assert_follows(base, curves, tolerance):
    for run, losses in curves.items():
        gap = np.abs(_smoothed(losses) - _smoothed(base)) / _smoothed(base)
        assert gap.max() <= tolerance, f"{run}: the loss curve leaves float32's by {gap.max()}"


@pytest.mark.slow
def test_200_steps_stay_within_2_percent_of_float32():
    base, curves = _curves(200)
    assert base[-20:].mean() < 0.4 * base[0]  # the model does learn
    _assert_follows(base, curves, 0.02)


def test_first_steps_follow_float32():
    base, curves = _curves(20)
    _assert_follows(base, curves, 0.005)
    # the low-precision runs really computed in low precision: not the float32 numbers
    assert all(not np.array_equal(losses, base) for losses in curves.values())
