"""`paddle.utils.run_check`: prove the installation works — a small linear model takes one
optimizer step eagerly and runs forward through a static program; both must give finite
numbers."""
from __future__ import annotations

import numpy as np


def run_check() -> None:
    """Run a tiny training step eagerly and a static program, and print whether both worked.

    Example:
        >>> import paddle
        >>> paddle.utils.run_check()  # doctest: +ELLIPSIS
        Running verify PaddlePaddle program ...
        PaddlePaddle works well on 1 CPU.
        PaddlePaddle is installed successfully! Let's start deep learning with PaddlePaddle now.
    """
    import paddle
    print("Running verify PaddlePaddle program ... ")
    losses = [_dynamic_step(paddle), _static_step(paddle)]
    if not all(np.isfinite(loss) for loss in losses):
        raise RuntimeError(f"run_check: a training step gave non-finite losses {losses}; the "
                           "installation is broken.")
    print("PaddlePaddle works well on 1 CPU.")
    print("PaddlePaddle is installed successfully! Let's start deep learning with PaddlePaddle "
          "now.")


def _batch():
    rng = np.random.default_rng(0)
    return rng.standard_normal((4, 2)).astype("float32")


def _dynamic_step(paddle) -> float:
    layer = paddle.nn.Linear(2, 4)
    opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=layer.parameters())
    loss = layer(paddle.to_tensor(_batch())).mean()
    loss.backward()
    opt.step()
    return float(loss)


def _static_step(paddle) -> float:
    was_static = not paddle.in_dynamic_mode()
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 2], "float32")
            out = paddle.nn.Linear(2, 4)(x).mean()
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        (value,) = exe.run(main, feed={"x": _batch()}, fetch_list=[out])
        return float(value)
    finally:
        if not was_static:
            paddle.disable_static()
