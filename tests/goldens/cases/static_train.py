"""Legacy static-graph training (paddle.enable_static, static.nn.fc / nn layers,
optimizer.minimize, Executor.run) against real Paddle: the fetched loss of every step, with a
dynamic batch dim whose size changes between steps, for several optimizers."""


def _data(np):
    rng = np.random.RandomState(3)
    weights = [rng.uniform(-0.4, 0.4, (6, 12)).astype("float32"),
               rng.uniform(-0.4, 0.4, (12, 4)).astype("float32")]
    xs = [rng.rand(n, 6).astype("float32") for n in (8, 8, 5, 8)]
    ys = [rng.randint(0, 4, (len(x), 1)).astype("int64") for x in xs]
    return weights, xs, ys


def _train(make_opt, use_layers=False, batch=None):
    def case(paddle, np):
        weights, xs, ys = _data(np)
        attrs = [paddle.ParamAttr(initializer=paddle.nn.initializer.Assign(w.copy()))
                 for w in weights]
        paddle.enable_static()
        try:
            main, startup = paddle.static.Program(), paddle.static.Program()
            with paddle.static.program_guard(main, startup):
                x = paddle.static.data("x", [batch, 6], "float32")
                y = paddle.static.data("y", [batch, 1], "int64")
                if use_layers:
                    first = paddle.nn.Linear(6, 12, weight_attr=attrs[0])
                    second = paddle.nn.Linear(12, 4, weight_attr=attrs[1])
                    logits = second(paddle.nn.functional.tanh(first(x)))
                else:
                    hidden = paddle.static.nn.fc(x, 12, weight_attr=attrs[0], activation="relu")
                    logits = paddle.static.nn.fc(hidden, 4, weight_attr=attrs[1])
                loss = paddle.nn.functional.cross_entropy(logits, y).mean()
                make_opt(paddle).minimize(loss)
            exe = paddle.static.Executor(paddle.CPUPlace())
            exe.run(startup)
            steps = range(len(xs)) if batch is None else [0, 1, 3]
            losses = [exe.run(main, feed={"x": xs[i], "y": ys[i]}, fetch_list=[loss])[0]
                      for i in steps]
        finally:
            paddle.disable_static()
        return paddle.to_tensor(np.stack(losses))
    case.rtol = 1e-5
    return case


CASES = {
    "sgd_fc": _train(lambda paddle: paddle.optimizer.SGD(0.5)),
    "sgd_fc_fixed_batch": _train(lambda paddle: paddle.optimizer.SGD(0.5), batch=8),
    "adam_fc": _train(lambda paddle: paddle.optimizer.Adam(0.05)),
    "adam_layers": _train(lambda paddle: paddle.optimizer.Adam(0.05), use_layers=True),
    "momentum_weight_decay": _train(lambda paddle: paddle.optimizer.Momentum(
        0.2, momentum=0.9, weight_decay=0.01)),
    "adamw_clip": _train(lambda paddle: paddle.optimizer.AdamW(
        0.05, weight_decay=0.02, grad_clip=paddle.nn.ClipGradByGlobalNorm(0.3))),
}
