"""paddle.static.save / load of a trained program against real Paddle: the `.pdopt` holds the
optimizer accumulators under Paddle's names, and loading the checkpoint resumes training with
the same losses. (A freshly built program is tested in tests/static/test_checkpoint.py: real
Paddle names its layers fc_<k> with a counter that unique_name guards do not reset, so its
fresh program cannot find the saved names.)"""


def _build(paddle, np, make_opt):
    rng = np.random.RandomState(0)
    ws = [rng.uniform(-0.4, 0.4, (6, 5)).astype("float32"),
          rng.uniform(-0.4, 0.4, (5, 4)).astype("float32")]
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 6], "float32")
        y = paddle.static.data("y", [None, 1], "int64")
        attrs = [paddle.ParamAttr(initializer=paddle.nn.initializer.Assign(w)) for w in ws]
        h = paddle.static.nn.fc(x, 5, activation="relu", weight_attr=attrs[0])
        h = paddle.static.nn.fc(h, 4, weight_attr=attrs[1])
        loss = paddle.nn.functional.cross_entropy(h, y).mean()
        make_opt(paddle).minimize(loss)
    return main, startup, loss


def _relabel(names):
    """fc_<k> numbered from 0 in order: real Paddle's static.nn.fc counter runs on across
    unique_name guards in PIR programs, so earlier cases shift the numbers."""
    import re
    layers = sorted({m for n in names for m in re.findall(r"fc_\d+", n)},
                    key=lambda m: int(m[3:]))
    rename = {m: f"fc_{i}" for i, m in enumerate(layers)}
    return [re.sub(r"fc_\d+", lambda m: rename[m.group(0)], n) for n in names]


def _resume(make_opt):
    def case(paddle, np):
        import os
        import pickle
        import tempfile
        rng = np.random.RandomState(1)
        feed = {"x": rng.rand(8, 6).astype("float32"),
                "y": rng.randint(0, 4, (8, 1)).astype("int64")}
        paddle.enable_static()
        try:
            with tempfile.TemporaryDirectory() as tmp, paddle.utils.unique_name.guard():
                prefix = os.path.join(tmp, "ckpt")
                main, startup, loss = _build(paddle, np, make_opt)
                exe = paddle.static.Executor(paddle.CPUPlace())
                exe.run(startup)
                losses = [exe.run(main, feed=feed, fetch_list=[loss])[0] for _ in range(2)]
                paddle.static.save(main, prefix)
                losses += [exe.run(main, feed=feed, fetch_list=[loss])[0] for _ in range(2)]
                paddle.static.load(main, prefix)
                losses += [exe.run(main, feed=feed, fetch_list=[loss])[0] for _ in range(2)]
                with open(prefix + ".pdopt", "rb") as f:
                    saved = pickle.load(f)
                names = sorted(saved)
                values = [np.asarray(saved[n]) for n in names]
                names = _relabel(names)
        finally:
            paddle.disable_static()
        return [paddle.to_tensor(np.stack(losses)), " ".join(names),
                [paddle.to_tensor(v) for v in values]]
    case.rtol = 1e-5
    case.atol = 1e-6
    return case


CASES = {
    "adam_same_program": _resume(lambda paddle: paddle.optimizer.Adam(0.05)),
    "momentum_same_program": _resume(
        lambda paddle: paddle.optimizer.Momentum(0.1, momentum=0.9)),
    "sgd_same_program": _resume(lambda paddle: paddle.optimizer.SGD(0.1)),
}
