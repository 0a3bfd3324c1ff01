"""Printing a static training program whose backward waits for the feed shapes."""
import numpy as np

import paddle


def test_backward_program_shows_the_gradient_ops_after_a_run():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            x = paddle.static.data("x", [None, 3], "float32")
            loss = paddle.mean(paddle.static.nn.fc(x, 2))
            paddle.optimizer.SGD(0.1).minimize(loss)
        before = str(main)
        assert '"builtin.backward"' in before and "// builtin.backward" not in before
        paddle.static.Executor().run(main, feed={"x": np.ones((4, 3), "float32")},
                                     fetch_list=[loss])
        after = str(main)
    finally:
        paddle.disable_static()
    original, expanded = after.split("// builtin.backward stands for the gradient ops; the "
                                     "last run (x: [4, 3]) ran this program:\n")
    assert original == before
    assert "tensor<4x3xf32>" in expanded and '"builtin.backward"' not in expanded
    assert expanded.count('"pd_op.matmul"') == 2 and '"pd_op.sgd_"' in expanded
