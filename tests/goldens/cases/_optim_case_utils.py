"""Helpers shared by the optimizer golden cases (not a family itself): a small MLP built from
fixed NumPy weights and a deterministic training loop, so real Paddle and Feijiang start from
identical parameters and see identical data."""

IN, HIDDEN, OUT, BATCH = 6, 8, 3, 16


def weights(np, shape, seed, scale=0.5):
    return (np.random.default_rng(seed).standard_normal(shape) * scale).astype("float32")


def mlp(paddle, np, weight_attr=None, bias_attr=None):
    """Linear(6, 8) -> tanh -> Linear(8, 3) with fixed weights; parameter names linear_0.w_0 …
    (built under a fresh unique-name scope so the names do not depend on earlier cases)."""
    with paddle.utils.unique_name.guard():
        model = paddle.nn.Sequential(
            paddle.nn.Linear(IN, HIDDEN, weight_attr=weight_attr, bias_attr=bias_attr),
            paddle.nn.Tanh(),
            paddle.nn.Linear(HIDDEN, OUT))
    for i, p in enumerate(model.parameters()):
        p.set_value(weights(np, p.shape, 10 + i))
    return model


def batch(paddle, np, step):
    rng = np.random.default_rng(100 + step)
    x = rng.standard_normal((BATCH, IN)).astype("float32")
    y = rng.standard_normal((BATCH, OUT)).astype("float32")
    return paddle.to_tensor(x), paddle.to_tensor(y)


def train(paddle, np, model, opt, steps=20, scheduler=None):
    """`steps` updates of the mean squared error; returns the final parameters and the losses."""
    losses = []
    for step in range(steps):
        x, y = batch(paddle, np, step)
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        if scheduler is not None:
            scheduler.step()
        losses.append(loss.detach())
    return [list(model.parameters()), losses]


def make_optimizer(paddle, name, kwargs, parameters):
    return getattr(paddle.optimizer, name)(parameters=parameters, **kwargs)
