"""Write the training-checkpoint fixtures of tests/save_load/test_save_load_checkpoint.py with
REAL Paddle (run with .venv-ref from outside the repository):

    cd /tmp && env -u PYTHONPATH /work/main/.venv-ref/bin/python \
        /work/main/tools/make_checkpoint_fixtures.py

A user's training script in miniature: an MLP, AdamW with a warm-up wrapped cosine schedule,
gradient clipping and two parameter groups, trained 4 steps and checkpointed the usual way
(`model.pdparams` + `opt.pdopt`); then 3 more steps whose losses and final parameters go to
expected.npz, which a resumed run must reproduce."""
import os

import numpy as np

import paddle

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "save_load", "data")
SAVED_STEPS, RESUMED_STEPS = 4, 3


def build(paddle_module):
    """The model, optimizer and scheduler; the same code runs under real Paddle and Feijiang."""
    pd = paddle_module
    with pd.utils.unique_name.guard():
        model = pd.nn.Sequential(pd.nn.Linear(5, 8), pd.nn.Tanh(), pd.nn.Linear(8, 3))
    for i, p in enumerate(model.parameters()):
        rng = np.random.default_rng(40 + i)
        p.set_value((rng.standard_normal(p.shape) * 0.5).astype("float32"))
    scheduler = pd.optimizer.lr.LinearWarmup(
        pd.optimizer.lr.CosineAnnealingDecay(0.02, T_max=10), warmup_steps=3,
        start_lr=0.001, end_lr=0.02)
    groups = [{"params": model[0].parameters(), "weight_decay": 0.1},
              {"params": model[2].parameters(), "learning_rate": 0.5}]
    opt = pd.optimizer.AdamW(scheduler, parameters=groups, weight_decay=0.01,
                             grad_clip=pd.nn.ClipGradByGlobalNorm(1.0))
    return model, opt, scheduler


def data(step):
    rng = np.random.default_rng(500 + step)
    return (rng.standard_normal((6, 5)).astype("float32"),
            rng.standard_normal((6, 3)).astype("float32"))


def train(paddle_module, model, opt, scheduler, steps, first_step):
    losses = []
    for step in range(first_step, first_step + steps):
        x, y = data(step)
        loss = ((model(paddle_module.to_tensor(x)) - paddle_module.to_tensor(y)) ** 2).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        scheduler.step()
        losses.append(float(loss))
    return losses


def main():
    os.makedirs(OUT, exist_ok=True)
    model, opt, scheduler = build(paddle)
    train(paddle, model, opt, scheduler, SAVED_STEPS, 0)
    paddle.save(model.state_dict(), os.path.join(OUT, "model.pdparams"))
    paddle.save(opt.state_dict(), os.path.join(OUT, "opt.pdopt"))
    losses = train(paddle, model, opt, scheduler, RESUMED_STEPS, SAVED_STEPS)
    expected = {"losses": np.array(losses, "float64"), "lr": np.array(opt.get_lr())}
    for key, value in model.state_dict().items():
        expected[f"final/{key}"] = value.numpy()
    np.savez(os.path.join(OUT, "checkpoint_expected.npz"), **expected)
    print("losses after resuming:", losses)


if __name__ == "__main__":
    main()
