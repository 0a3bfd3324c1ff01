"""Learning-rate scheduler behaviour beyond the golden trajectories: printing, custom
schedulers, state-dict helpers and the interplay with optimizers."""
import numpy as np
import pytest

import paddle
from paddle.optimizer import lr


def test_verbose_prints_each_step(capsys):
    sched = lr.StepDecay(0.5, step_size=1, gamma=0.5, verbose=True)
    sched.step()
    out = capsys.readouterr().out.splitlines()
    assert out == ["Epoch 0: StepDecay set learning rate to 0.5.",
                   "Epoch 1: StepDecay set learning rate to 0.25."]


def test_custom_scheduler_subclass_and_state_keys():
    class Halving(lr.LRScheduler):
        def get_lr(self):
            return self.base_lr * 0.5 ** self.last_epoch

    sched = Halving(learning_rate=2.0)
    for _ in range(3):
        sched.step()
    assert sched() == 0.25
    assert sched.state_dict() == {"last_epoch": 3, "last_lr": 0.25}
    other = Halving(learning_rate=2.0)
    other.set_dict(sched.state_dict())
    assert other.last_epoch == 3 and other() == 0.25
    with pytest.raises(NotImplementedError):
        lr.LRScheduler(0.1)


def test_extra_state_keys_warn():
    sched = lr.ExponentialDecay(0.5, gamma=0.5)
    with pytest.warns(UserWarning, match="unused values"):
        sched.set_state_dict({"last_epoch": 2, "last_lr": 0.125, "extra": 1})
    assert sched() == 0.125


def test_plateau_accepts_tensors_and_arrays_and_saves_tensor_best_as_float():
    sched = lr.ReduceOnPlateau(1.0, patience=0, factor=0.5)
    sched.step(paddle.to_tensor(2.0))
    sched.step(np.array([3.0]))
    assert sched() == 0.5
    assert sched.state_dict()["best"] == 2.0


def test_linear_warmup_steps_the_wrapped_scheduler_from_zero():
    inner = lr.StepDecay(1.0, step_size=2, gamma=0.5)
    sched = lr.LinearWarmup(inner, warmup_steps=2, start_lr=0.0, end_lr=1.0)
    values = []
    for _ in range(6):
        values.append(sched())
        sched.step()
    assert values == [0.0, 0.5, 1.0, 1.0, 0.5, 0.5]
    restored = lr.LinearWarmup(lr.StepDecay(1.0, step_size=2, gamma=0.5), warmup_steps=2,
                               start_lr=0.0, end_lr=1.0)
    with pytest.warns(UserWarning, match="unused values"):  # as in Paddle: the nested state
        restored.set_state_dict(sched.state_dict())
    assert restored.learning_rate.last_epoch == inner.last_epoch


def test_cosine_jump_uses_the_closed_form():
    sched = lr.CosineAnnealingDecay(1.0, T_max=4)
    sched.step(2)
    assert sched() == pytest.approx(0.5)


def test_optimizer_reads_the_scheduler_each_step():
    p = paddle.create_parameter([1], "float32")
    p.set_value(np.zeros(1, "float32"))
    sched = lr.PiecewiseDecay([1], [1.0, 0.1])
    opt = paddle.optimizer.SGD(sched, parameters=[p])
    for _ in range(2):
        p.sum().backward()
        opt.step()
        opt.clear_grad()
        sched.step()
    np.testing.assert_allclose(p.numpy(), [-1.1], rtol=1e-6)
