"""Write the real-Paddle fixtures of test_pdopt.py. Run with the reference interpreter from
outside the repository:

    cd /tmp && env -u PYTHONPATH /work/main/.venv-ref/bin/python \
        /work/main/tests/optimizer/data/make_pdopt.py

For Adam (with a StepDecay scheduler) and Momentum it trains Linear(4, 3) for 3 steps, saves
the optimizer with paddle.save (`<name>.pdopt`) and the parameters, then trains 3 more steps and
records the final parameters, which Feijiang must reproduce after loading the .pdopt."""
import os

import numpy as np

import paddle

HERE = os.path.dirname(os.path.abspath(__file__))


def data(step):
    rng = np.random.default_rng(step)
    return (rng.standard_normal((5, 4)).astype("float32"),
            rng.standard_normal((5, 3)).astype("float32"))


def build(opt_name):
    with paddle.utils.unique_name.guard():
        layer = paddle.nn.Linear(4, 3)
        layer.weight.set_value(np.linspace(-1, 1, 12).reshape(4, 3).astype("float32"))
        layer.bias.set_value(np.array([0.1, -0.2, 0.3], "float32"))
        if opt_name == "adam":
            sched = paddle.optimizer.lr.StepDecay(0.05, step_size=2, gamma=0.5)
            opt = paddle.optimizer.Adam(sched, parameters=layer.parameters())
        else:
            sched = None
            opt = paddle.optimizer.Momentum(0.05, parameters=layer.parameters(),
                                            weight_decay=0.01)
    return layer, opt, sched


def train(layer, opt, sched, steps):
    for step in steps:
        x, y = data(step)
        loss = ((layer(paddle.to_tensor(x)) - paddle.to_tensor(y)) ** 2).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        if sched is not None:
            sched.step()


def main():
    for name in ("adam", "momentum"):
        layer, opt, sched = build(name)
        with paddle.utils.unique_name.guard():
            train(layer, opt, sched, range(3))
        paddle.save(opt.state_dict(), os.path.join(HERE, f"{name}.pdopt"))
        saved = {p.name: p.numpy() for p in layer.parameters()}
        train(layer, opt, sched, range(3, 6))
        final = {p.name: p.numpy() for p in layer.parameters()}
        np.savez(os.path.join(HERE, f"{name}_expected.npz"),
                 **{f"saved::{k}": v for k, v in saved.items()},
                 **{f"final::{k}": v for k, v in final.items()})
        print(name, sorted(opt.state_dict()))


if __name__ == "__main__":
    main()
