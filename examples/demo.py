"""Feijiang demo: fit a two-layer network to synthetic data with Paddle's tensor API and
autograd, printing the loss as it falls. (Later issues replace this with LeNet on real digits.)"""
import numpy as np

import paddle


def main() -> None:
    rng = np.random.default_rng(0)
    x = paddle.to_tensor(rng.uniform(-1, 1, (256, 4)).astype("float32"))
    true_w = paddle.to_tensor([[1.5], [-2.0], [0.5], [3.0]])
    y = paddle.tanh(x @ true_w) + 0.05 * paddle.to_tensor(
        rng.standard_normal((256, 1)).astype("float32"))

    w1 = paddle.to_tensor(rng.normal(0, 0.5, (4, 16)).astype("float32"), stop_gradient=False)
    b1 = paddle.zeros([16])
    b1.stop_gradient = False
    w2 = paddle.to_tensor(rng.normal(0, 0.5, (16, 1)).astype("float32"), stop_gradient=False)
    params = [w1, b1, w2]
    lr = 0.1
    for step in range(201):
        pred = paddle.tanh(x @ w1 + b1) @ w2
        loss = ((pred - y) ** 2).mean()
        loss.backward()
        with paddle.no_grad():
            for p in params:
                p.subtract_(p.grad * lr)
                p.clear_grad()
        if step % 25 == 0:
            print(f"step {step:3d}  loss {loss.item():.5f}")


if __name__ == "__main__":
    main()
