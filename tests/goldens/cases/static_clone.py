"""Program.clone(for_test=True) against real Paddle: the evaluation program leaves out the
backward and optimizer, runs dropout in inference mode and batch norm with its running
statistics, and leaves parameters and statistics as they were.

Real Paddle 3.3.1 builds PIR programs by default, whose clone() takes no for_test (TypeError);
its legacy programs (paddle.pir_utils.OldIrGuard) implement it, and those are the reference."""
import contextlib


def _legacy_programs(paddle):
    guard = getattr(paddle.pir_utils, "OldIrGuard", None)
    return guard() if guard is not None else contextlib.nullcontext()


def _data(np, batch):
    rng = np.random.RandomState(7)
    x = rng.rand(batch, 3, 4, 4).astype("float32") * 2 + 0.5
    y = rng.randint(0, 4, (batch, 1)).astype("int64")
    w = rng.uniform(-0.3, 0.3, (48, 4)).astype("float32")
    return x, y, w


def _evaluate(with_dropout, clone_after_minimize, make_opt):
    def case(paddle, np):
        x_train, y_train, w = _data(np, 8)
        x_test, y_test, _ = _data(np, 5)
        attr = paddle.ParamAttr(initializer=paddle.nn.initializer.Assign(w))
        with _legacy_programs(paddle), paddle.utils.unique_name.guard():
            paddle.enable_static()
            try:
                main, startup = paddle.static.Program(), paddle.static.Program()
                with paddle.static.program_guard(main, startup):
                    x = paddle.static.data("x", [None, 3, 4, 4], "float32")
                    y = paddle.static.data("y", [None, 1], "int64")
                    h = paddle.nn.BatchNorm2D(3)(x)
                    if with_dropout:
                        h = paddle.nn.functional.dropout(h, 0.5)
                        h = paddle.nn.functional.dropout(h, 0.3, mode="downscale_in_infer")
                    logits = paddle.static.nn.fc(paddle.flatten(h, 1), 4, weight_attr=attr)
                    loss = paddle.nn.functional.cross_entropy(logits, y).mean()
                    test = None if clone_after_minimize else main.clone(for_test=True)
                    make_opt(paddle).minimize(loss)
                    test = test or main.clone(for_test=True)
                exe = paddle.static.Executor(paddle.CPUPlace())
                exe.run(startup)
                for _ in range(3):
                    exe.run(main, feed={"x": x_train, "y": y_train}, fetch_list=[loss])
                scope = paddle.static.global_scope()
                names = ["batch_norm2d_0.w_1", "batch_norm2d_0.w_2", "fc_0.w_0"]
                before = [np.array(scope.find_var(n).get_tensor()) for n in names]
                feed = {"x": x_test, "y": y_test}
                first = exe.run(test, feed=feed, fetch_list=[loss, h, logits])
                second = exe.run(test, feed=feed, fetch_list=[loss])
                after = [np.array(scope.find_var(n).get_tensor()) for n in names]
            finally:
                paddle.disable_static()
        return [paddle.to_tensor(a) for a in [*first, *second, *before, *after]]
    case.rtol = 1e-5
    case.atol = 1e-6
    return case


CASES = {
    "dropout_batch_norm_cloned_before_minimize": _evaluate(
        True, False, lambda paddle: paddle.optimizer.SGD(0.0)),
    "batch_norm_cloned_after_minimize_adam": _evaluate(
        False, True, lambda paddle: paddle.optimizer.Adam(0.05)),
    "batch_norm_cloned_before_minimize_momentum": _evaluate(
        False, False, lambda paddle: paddle.optimizer.Momentum(0.1, momentum=0.9)),
}
