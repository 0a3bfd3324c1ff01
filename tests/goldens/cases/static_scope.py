"""paddle.static.Scope / scope_guard / Executor.run(scope=...) against real Paddle: training in
a new scope changes that scope's parameters and batch-norm statistics, not the global ones."""


def _train_in_scope(pass_scope):
    def case(paddle, np):
        rng = np.random.RandomState(0)
        w = rng.uniform(-0.3, 0.3, (6, 4)).astype("float32")
        x_np = rng.rand(8, 6).astype("float32")
        y_np = rng.randint(0, 4, (8, 1)).astype("int64")
        feed = {"x": x_np, "y": y_np}
        with paddle.utils.unique_name.guard():
            paddle.enable_static()
            try:
                main, startup = paddle.static.Program(), paddle.static.Program()
                with paddle.static.program_guard(main, startup):
                    x = paddle.static.data("x", [None, 6], "float32")
                    y = paddle.static.data("y", [None, 1], "int64")
                    h = paddle.nn.BatchNorm1D(6)(x)
                    attr = paddle.ParamAttr(initializer=paddle.nn.initializer.Assign(w))
                    logits = paddle.static.nn.fc(h, 4, weight_attr=attr)
                    loss = paddle.nn.functional.cross_entropy(logits, y).mean()
                    paddle.optimizer.SGD(0.1).minimize(loss)
                exe = paddle.static.Executor(paddle.CPUPlace())
                exe.run(startup)
                scope = paddle.static.Scope()
                losses = []
                if pass_scope:
                    exe.run(startup, scope=scope)
                    for _ in range(2):
                        losses += exe.run(main, feed=feed, fetch_list=[loss], scope=scope)
                else:
                    with paddle.static.scope_guard(scope):
                        exe.run(startup)
                        for _ in range(2):
                            losses += exe.run(main, feed=feed, fetch_list=[loss])
                losses += exe.run(main, feed=feed, fetch_list=[loss])
                names = ["fc_0.w_0", "batch_norm1d_0.w_1", "batch_norm1d_0.w_2"]
                # real Paddle's global scope no longer finds the parameters once a run
                # was given scope=, so only the scope's own values are compared then
                scopes = (scope,) if pass_scope else (scope, paddle.static.global_scope())
                values = [np.array(s.find_var(n).get_tensor()) for s in scopes
                          for n in names]
            finally:
                paddle.disable_static()
        return [paddle.to_tensor(v) for v in [*losses, *values]]
    case.rtol = 1e-5
    case.atol = 1e-6
    return case


# Real Paddle leaks scope state from one such case into the next (a scope= case after a
# scope_guard case finds no variables, and the other way round), so the scope= case is its own
# family (static_scope_arg.py), generated in a process of its own.
CASES = {
    "train_in_scope_guard": _train_in_scope(False),
}
