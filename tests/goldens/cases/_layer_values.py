"""Shared by the layer golden families (nn_rnn, nn_transformer), run under both frameworks:
deterministic NumPy values for inputs and parameters, and flattening of nested results."""


def arr(np, shape, seed, scale=1.0, dtype="float32"):
    return np.random.default_rng(seed).uniform(-scale, scale, shape).astype(dtype)


def leaf(paddle, np, shape, seed, dtype="float32"):
    """An input tensor that takes gradients."""
    t = paddle.to_tensor(arr(np, shape, seed, dtype=dtype))
    t.stop_gradient = False
    return t


def set_params(np, layer, seed, scale):
    """Overwrite every parameter (in named_parameters order, which both frameworks share)."""
    params = [p for _, p in layer.named_parameters()]
    for k, p in enumerate(params):
        p.set_value(arr(np, list(p.shape), seed + k, scale, str(p.numpy().dtype)))
    return params


def flat(result):
    if isinstance(result, (list, tuple)):
        return [t for item in result for t in flat(item)]
    return [result]
