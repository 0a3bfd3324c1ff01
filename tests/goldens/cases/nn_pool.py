"""Pooling (avg / max / adaptive / LP / unpool) functionals and layers against real Paddle:
outputs, masks and input gradients for loss = sum(out * fixed random weights), over kernel,
stride and padding forms, ceil_mode, exclusive, divisor_override and data formats; errors."""

CASES = {}


def _input(paddle, np, shape, seed=0):
    # distinct values, so that max pooling has no ties
    rng = np.random.default_rng(seed)
    values = rng.permutation(int(np.prod(shape))).reshape(shape) / 10.0 - 3
    t = paddle.to_tensor(values.astype("float32"))
    t.stop_gradient = False
    return t, rng


def _run(fn_name, shape, *args, **kwargs):
    def case(paddle, np):
        x, rng = _input(paddle, np, shape)
        result = getattr(paddle.nn.functional, fn_name)(x, *args, **kwargs)
        out = result[0] if isinstance(result, (list, tuple)) else result
        weights = paddle.to_tensor(rng.standard_normal(out.shape).astype("float32"))
        (out * weights).sum().backward()
        return [result, x.grad]
    return case


def _add(key, fn, atol=1e-5):
    fn.atol = atol
    CASES[key] = fn


_X2 = [2, 3, 7, 6]
for _key, (_args, _kw) in {
    "k2": ((2,), {}), "k3s2p1": ((3, 2, 1), {}), "k2s1": ((2, 1), {}),
    "k_list": (([3, 2], [2, 1], [1, 0]), {}), "pad4": ((3, 2, [1, 0, 0, 1]), {}),
    "pad_pairs": ((2, 2, [[0, 0], [0, 0], [1, 1], [0, 1]]), {}),
    "same": ((3, 2, "SAME"), {}), "valid": ((3, 2, "VALID"), {}),
    "ceil": ((3, 2, 1), {"ceil_mode": True}), "ceil_nopad": ((2, 2), {"ceil_mode": True}),
    "big_pad": ((2, 2, 2), {}),
}.items():
    _add(f"max_pool2d_{_key}", _run("max_pool2d", _X2, *_args, **_kw))
    if _key != "big_pad":  # real Paddle corrupts its heap there (padding >= kernel with mask)
        _add(f"max_pool2d_mask_{_key}", _run("max_pool2d", _X2, *_args, return_mask=True,
                                             **_kw))
    _add(f"avg_pool2d_{_key}", _run("avg_pool2d", _X2, *_args, **_kw))
    _add(f"avg_pool2d_inclusive_{_key}", _run("avg_pool2d", _X2, *_args, exclusive=False,
                                              **_kw))
_add("avg_pool2d_divisor", _run("avg_pool2d", _X2, 2, 2, 1, divisor_override=3))
_add("avg_pool2d_divisor_float", _run("avg_pool2d", _X2, 3, 1, 0, divisor_override=2.5,
                                      ceil_mode=True))
_add("avg_pool2d_nhwc", _run("avg_pool2d", [2, 7, 6, 3], 3, 2, 1, data_format="NHWC"))
_add("max_pool2d_nhwc", _run("max_pool2d", [2, 7, 6, 3], 3, 2, 1, data_format="NHWC"))
_add("avg_pool2d_kernel_gt_input", _run("avg_pool2d", [1, 2, 5, 5], 6))
_add("max_pool1d", _run("max_pool1d", [2, 3, 9], 3, 2, 1))
_add("max_pool1d_mask_ceil", _run("max_pool1d", [2, 3, 9], 2, 2, 0, return_mask=True,
                                  ceil_mode=True))
_add("max_pool1d_pad_list", _run("max_pool1d", [2, 3, 9], 3, 2, [1, 2], return_mask=True))
_add("avg_pool1d", _run("avg_pool1d", [2, 3, 9], 3, 2, 1))
_add("avg_pool1d_inclusive_ceil", _run("avg_pool1d", [2, 3, 9], 2, 2, 1, exclusive=False,
                                       ceil_mode=True))
_add("avg_pool1d_same", _run("avg_pool1d", [2, 3, 9], 4, 3, "SAME"))
_add("max_pool3d", _run("max_pool3d", [1, 2, 5, 4, 6], 2, 2, 1, return_mask=True))
_add("max_pool3d_ndhwc", _run("max_pool3d", [1, 5, 4, 6, 2], [2, 2, 3], 1, 0,
                              data_format="NDHWC"))
_add("avg_pool3d", _run("avg_pool3d", [1, 2, 5, 4, 6], 3, 2, 1, ceil_mode=True))
_add("avg_pool3d_inclusive", _run("avg_pool3d", [1, 2, 5, 4, 6], 2, 2, [1, 0, 1],
                                  exclusive=False))
_add("avg_pool3d_divisor_ndhwc", _run("avg_pool3d", [1, 5, 4, 6, 2], 2, 2, 0,
                                      divisor_override=5, data_format="NDHWC"))

# ---- adaptive ---------------------------------------------------------------------------------
for _o in (1, 3, 4, 7):
    _add(f"adaptive_avg_pool2d_{_o}", _run("adaptive_avg_pool2d", [2, 3, 7, 6], _o))
    _add(f"adaptive_max_pool2d_{_o}", _run("adaptive_max_pool2d", [2, 3, 7, 6], _o,
                                           return_mask=True))
_add("adaptive_avg_pool2d_list_none", _run("adaptive_avg_pool2d", [2, 3, 7, 6], [3, None]))
_add("adaptive_avg_pool2d_nhwc", _run("adaptive_avg_pool2d", [2, 7, 6, 3], [2, 4],
                                      data_format="NHWC"))
_add("adaptive_max_pool2d_list", _run("adaptive_max_pool2d", [2, 3, 7, 6], [2, 5]))
_add("adaptive_avg_pool1d", _run("adaptive_avg_pool1d", [2, 3, 10], 4))
_add("adaptive_max_pool1d", _run("adaptive_max_pool1d", [2, 3, 10], 4, return_mask=True))
_add("adaptive_avg_pool3d", _run("adaptive_avg_pool3d", [1, 2, 5, 4, 6], [2, 3, 4]))
_add("adaptive_avg_pool3d_ndhwc", _run("adaptive_avg_pool3d", [1, 5, 4, 6, 2], 2,
                                       data_format="NDHWC"))
_add("adaptive_max_pool3d", _run("adaptive_max_pool3d", [1, 2, 5, 4, 6], [3, 2, 4],
                                 return_mask=True))

# ---- LP pooling ----------------------------------------------------------------------------


def _lp(fn_name, shape, *args, positive=True, **kwargs):
    def case(paddle, np):
        x, rng = _input(paddle, np, shape)
        if positive:
            x = paddle.to_tensor(np.abs(x.numpy()) + 0.1)
            x.stop_gradient = False
        out = getattr(paddle.nn.functional, fn_name)(x, *args, **kwargs)
        weights = paddle.to_tensor(rng.standard_normal(out.shape).astype("float32"))
        (out * weights).sum().backward()
        return [out, x.grad]
    case.atol = 1e-5
    case.rtol = 1e-4
    return case


CASES["lp_pool2d_p2"] = _lp("lp_pool2d", [2, 3, 6, 6], 2, 2)
CASES["lp_pool2d_p3_stride"] = _lp("lp_pool2d", [2, 3, 7, 6], 3, 3, 2)
CASES["lp_pool2d_p1_5_ceil"] = _lp("lp_pool2d", [2, 3, 7, 6], 1.5, 2, ceil_mode=True)
CASES["lp_pool2d_pad"] = _lp("lp_pool2d", [2, 3, 7, 6], 2, 3, 2, 1)
CASES["lp_pool2d_p2_negative"] = _lp("lp_pool2d", [1, 2, 4, 4], 2, 2, positive=False)
CASES["lp_pool2d_nhwc"] = _lp("lp_pool2d", [2, 6, 6, 3], 2, 2, data_format="NHWC")
CASES["lp_pool1d"] = _lp("lp_pool1d", [2, 3, 9], 2, 3, 2)
CASES["lp_pool1d_p4_ceil"] = _lp("lp_pool1d", [2, 3, 9], 4, 2, ceil_mode=True)

# ---- unpool --------------------------------------------------------------------------------


def _unpool(nd, shape, kernel, stride=None, padding=0, output_size=None):
    def case(paddle, np):
        F = paddle.nn.functional
        x, rng = _input(paddle, np, shape)
        pool = {1: F.max_pool1d, 2: F.max_pool2d, 3: F.max_pool3d}[nd]
        unpool = {1: F.max_unpool1d, 2: F.max_unpool2d, 3: F.max_unpool3d}[nd]
        pooled, mask = pool(x, kernel, stride, padding, return_mask=True)
        out = unpool(pooled, mask, kernel, stride, padding, output_size=output_size)
        weights = paddle.to_tensor(rng.standard_normal(out.shape).astype("float32"))
        (out * weights).sum().backward()
        return [out, x.grad]
    return case


CASES["max_unpool2d"] = _unpool(2, [2, 3, 6, 6], 2)
CASES["max_unpool2d_overlap"] = _unpool(2, [1, 2, 7, 6], 3, 2, 1)
CASES["max_unpool2d_output_size"] = _unpool(2, [1, 2, 7, 7], 2, output_size=[7, 7])
CASES["max_unpool1d"] = _unpool(1, [2, 3, 8], 2)
CASES["max_unpool1d_stride"] = _unpool(1, [2, 3, 9], 3, 2, 1)
CASES["max_unpool3d"] = _unpool(3, [1, 2, 4, 4, 6], 2)


def _unpool_layer(nd, shape, kernel, stride=None, padding=0, output_size=None):
    def case(paddle, np):
        x, rng = _input(paddle, np, shape)
        pool = getattr(paddle.nn, f"MaxPool{nd}D")(kernel, stride, padding, return_mask=True)
        unpool = getattr(paddle.nn, f"MaxUnPool{nd}D")(kernel, stride, padding,
                                                       output_size=output_size)
        pooled, mask = pool(x)
        out = unpool(pooled, mask)
        weights = paddle.to_tensor(rng.standard_normal(out.shape).astype("float32"))
        (out * weights).sum().backward()
        return [out, x.grad, repr(unpool)]
    return case


CASES["layer_max_unpool1d"] = _unpool_layer(1, [2, 3, 9], 3, 2, 1)
CASES["layer_max_unpool2d"] = _unpool_layer(2, [1, 2, 7, 7], 2, output_size=[7, 7])
CASES["layer_max_unpool3d"] = _unpool_layer(3, [1, 2, 4, 4, 6], 2, 2)

# ---- layers --------------------------------------------------------------------------------


def _layer(cls, shape, *args, **kwargs):
    def case(paddle, np):
        x, rng = _input(paddle, np, shape)
        layer = getattr(paddle.nn, cls)(*args, **kwargs)
        result = layer(x)
        out = result[0] if isinstance(result, (list, tuple)) else result
        weights = paddle.to_tensor(rng.standard_normal(out.shape).astype("float32"))
        (out * weights).sum().backward()
        return [result, x.grad, repr(layer)]
    case.atol = 1e-5
    return case


for _key, (_cls, _shape, _args, _kw) in {
    "max_pool1d": ("MaxPool1D", [2, 3, 8], (2,), {}),
    "max_pool2d": ("MaxPool2D", [2, 3, 8, 8], (3, 2, 1), {"return_mask": True}),
    "max_pool3d": ("MaxPool3D", [1, 2, 4, 4, 4], (2,), {"ceil_mode": True}),
    "avg_pool1d": ("AvgPool1D", [2, 3, 8], (3, 2, 1), {"exclusive": False}),
    "avg_pool2d": ("AvgPool2D", [2, 3, 8, 8], (2,), {"divisor_override": 3}),
    "avg_pool3d": ("AvgPool3D", [1, 2, 4, 4, 4], (2, 1, 1), {}),
    "adaptive_avg_pool1d": ("AdaptiveAvgPool1D", [2, 3, 8], (3,), {}),
    "adaptive_avg_pool2d": ("AdaptiveAvgPool2D", [2, 3, 8, 8], ((2, 3),), {}),
    "adaptive_avg_pool3d": ("AdaptiveAvgPool3D", [1, 2, 4, 4, 4], (2,), {}),
    "adaptive_max_pool1d": ("AdaptiveMaxPool1D", [2, 3, 8], (3,), {}),
    "adaptive_max_pool2d": ("AdaptiveMaxPool2D", [2, 3, 8, 8], (3,), {"return_mask": True}),
    "adaptive_max_pool3d": ("AdaptiveMaxPool3D", [1, 2, 4, 4, 4], (2,), {}),
    "lp_pool1d": ("LPPool1D", [2, 3, 8], (2, 3), {}),
    "lp_pool2d": ("LPPool2D", [2, 3, 8, 8], (1, 2), {}),
}.items():
    CASES[f"layer_{_key}"] = _layer(_cls, _shape, *_args, **_kw)


def _layer_unpool(paddle, np):
    x, _ = _input(paddle, np, [1, 2, 4, 4])
    pooled, mask = paddle.nn.MaxPool2D(2, return_mask=True)(x)
    layer = paddle.nn.MaxUnPool2D(2, output_size=[4, 4])
    return [layer(pooled, mask), repr(layer)]


CASES["layer_max_unpool2d"] = _layer_unpool

# ---- errors ---------------------------------------------------------------------------------
_ERRORS = {
    "rank": lambda p, F: F.max_pool2d(p.ones([3, 4, 4]), 2),
    "format": lambda p, F: F.avg_pool2d(p.ones([1, 3, 4, 4]), 2, data_format="NCL"),
    "nhwc_mask": lambda p, F: F.max_pool2d(p.ones([1, 4, 4, 3]), 2, return_mask=True,
                                           data_format="NHWC"),
    "valid_ceil": lambda p, F: F.avg_pool2d(p.ones([1, 3, 4, 4]), 2, padding="VALID",
                                            ceil_mode=True),
    "padding_str": lambda p, F: F.max_pool2d(p.ones([1, 3, 4, 4]), 2, padding="FULL"),
    "padding_len": lambda p, F: F.max_pool2d(p.ones([1, 3, 4, 4]), 2, padding=[1, 1, 1]),
    "kernel_len": lambda p, F: F.max_pool2d(p.ones([1, 3, 4, 4]), [2, 2, 2]),
    "divisor_type": lambda p, F: F.avg_pool2d(p.ones([1, 3, 4, 4]), 2, divisor_override="2"),
    "adaptive_rank": lambda p, F: F.adaptive_avg_pool2d(p.ones([3, 4, 4]), 2),
    "unpool_format": lambda p, F: F.max_unpool2d(p.ones([1, 1, 2, 2]),
                                                 p.zeros([1, 1, 2, 2], dtype="int32"), 2,
                                                 data_format="NHWC"),
    "unpool_output_size": lambda p, F: F.max_unpool2d(p.ones([1, 1, 2, 2]),
                                                      p.zeros([1, 1, 2, 2], dtype="int32"),
                                                      2, output_size=[7, 7]),
    "unpool_rank": lambda p, F: F.max_unpool2d(p.ones([1, 2, 2]),
                                               p.zeros([1, 2, 2], dtype="int32"), 2),
}
def _error(fn):
    def case(paddle, np):
        return fn(paddle, paddle.nn.functional)
    return case


for _key, _fn in _ERRORS.items():
    CASES[f"error_{_key}"] = _error(_fn)

# ---- fractional max pooling ------------------------------------------------------------------
for _key, (_fn, _shape, _args, _kw) in {
    "2d": ("fractional_max_pool2d", [2, 3, 9, 11], (4,), {"random_u": 0.3}),
    "2d_list": ("fractional_max_pool2d", [2, 3, 9, 11], ([3, 5],), {"random_u": 0.7}),
    "2d_none": ("fractional_max_pool2d", [2, 3, 9, 11], ([None, 5],), {"random_u": 0.5}),
    "2d_kernel": ("fractional_max_pool2d", [2, 3, 9, 11], (4,), {"kernel_size": 3,
                                                                 "random_u": 0.4}),
    "2d_mask": ("fractional_max_pool2d", [2, 3, 9, 11], ([5, 4],),
                {"kernel_size": [2, 3], "random_u": 0.9, "return_mask": True}),
    "3d": ("fractional_max_pool3d", [1, 2, 5, 7, 6], (3,), {"random_u": 0.6}),
    "3d_mask": ("fractional_max_pool3d", [1, 2, 5, 7, 6], ([2, 3, 4],),
                {"kernel_size": 2, "random_u": 0.2, "return_mask": True}),
}.items():
    CASES[f"fractional_max_pool_{_key}"] = _run(_fn, _shape, *_args, **_kw)


def _fractional_layer(paddle, np):
    x, _ = _input(paddle, np, [1, 2, 7, 8])
    layer = paddle.nn.FractionalMaxPool2D([3, 4], kernel_size=2, random_u=0.45,
                                          return_mask=True)
    return [layer(x), repr(layer)]


CASES["layer_fractional_max_pool2d"] = _fractional_layer
CASES["error_fractional_random_u"] = _error(
    lambda p, F: F.fractional_max_pool2d(p.ones([1, 1, 4, 4]), 2, random_u=1.5))
CASES["error_fractional_rank"] = _error(
    lambda p, F: F.fractional_max_pool2d(p.ones([1, 4, 4]), 2, random_u=0.5))


def _special_values(nd, kernel, stride, padding, ceil_mode=False):
    """max pooling (no mask) over ties, NaN, ±inf and -FLT_MAX: which value a window keeps and
    which input its gradient reaches depend on Paddle's scan order."""
    def case(paddle, np):
        rng = np.random.default_rng(5)
        shape = [2, 3] + [7] * nd
        values = np.round(rng.standard_normal(shape) * 2) / 2  # many ties
        flat = values.reshape(-1)
        picks = rng.choice(flat.size, flat.size // 6, replace=False)
        flat[picks] = rng.choice([np.nan, np.inf, -np.inf, np.finfo(np.float32).min], picks.size)
        x = paddle.to_tensor(values.astype("float32"), stop_gradient=False)
        fn = getattr(paddle.nn.functional, f"max_pool{nd}d")
        out = fn(x, kernel, stride, padding, ceil_mode=ceil_mode)
        weights = paddle.to_tensor(rng.standard_normal(out.shape).astype("float32"))
        (out * weights).sum().backward()
        return [out, x.grad]
    return case


def _ties(nd, kernel, stride, padding):
    def case(paddle, np):
        rng = np.random.default_rng(6)
        values = rng.integers(0, 3, [2, 3] + [8] * nd).astype("float32")
        x = paddle.to_tensor(values, stop_gradient=False)
        out = getattr(paddle.nn.functional, f"max_pool{nd}d")(x, kernel, stride, padding)
        out.backward(paddle.to_tensor(rng.standard_normal(out.shape).astype("float32")))
        return [out, x.grad]
    return case


_add("max_pool2d_special_k3s2p1", _special_values(2, 3, 2, 1))
_add("max_pool2d_special_k2s1_ceil", _special_values(2, 2, 1, 0, ceil_mode=True))
_add("max_pool3d_special_k2s2", _special_values(3, 2, 2, 1))
_add("max_pool1d_special_k3s2", _special_values(1, 3, 2, 1))
_add("max_pool2d_ties_k3s2p1", _ties(2, 3, 2, 1))
_add("max_pool2d_ties_k3s1p1", _ties(2, 3, 1, 1))
_add("max_pool3d_ties_k3s2", _ties(3, 3, 2, 0))
