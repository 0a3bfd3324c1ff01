"""Helpers shared by the loss, clipping and nn.utils golden cases (not a family itself)."""


def arr(np, shape, seed, low=-2.0, high=2.0, dtype="float32"):
    return np.random.default_rng(seed).uniform(low, high, shape).astype(dtype)


def leaf(paddle, value):
    t = paddle.to_tensor(value)
    t.stop_gradient = False
    return t


def ints(np, shape, seed, low, high, dtype="int64"):
    return np.random.default_rng(seed).integers(low, high, shape).astype(dtype)


def with_grads(paddle, np, out, leaves):
    """[out, grads of leaves] for loss = sum(out * fixed weights)."""
    if out.stop_gradient:
        return [out]
    weights = paddle.to_tensor(arr(np, list(out.shape), 99).astype(str(out.numpy().dtype)))
    (out * weights).sum().backward()
    return [out] + [t.grad for t in leaves]


def call(fn_name, make_args, **kwargs):
    """make_args(paddle, np) -> (args, differentiable leaves)."""
    def case(paddle, np):
        args, leaves = make_args(paddle, np)
        out = getattr(paddle.nn.functional, fn_name)(*args, **kwargs)
        return with_grads(paddle, np, out, leaves)
    return case


def layer(layer_name, make_args, *ctor_args, **ctor_kwargs):
    def case(paddle, np):
        args, leaves = make_args(paddle, np)
        out = getattr(paddle.nn, layer_name)(*ctor_args, **ctor_kwargs)(*args)
        return with_grads(paddle, np, out, leaves)
    return case


def raises(fn):
    def case(paddle, np):
        return fn(paddle, np)
    return case
