"""Resampling against real Paddle: interpolate / upsample over modes, sizes, scales,
align_corners/align_mode, antialias and data formats; Upsample layers; affine_grid and
grid_sample (2-D and 3-D, every mode and padding mode) with gradients for the input, grid and
theta; unfold / fold; argument errors."""

CASES = {}


def _tensor(paddle, np, rng, shape, low=-1.0, high=1.0):
    t = paddle.to_tensor(rng.uniform(low, high, shape).astype("float32"))
    t.stop_gradient = False
    return t


def _loss_grads(paddle, np, rng, out, tensors):
    weights = paddle.to_tensor(rng.standard_normal(out.shape).astype("float32"))
    (out * weights).sum().backward()
    return [out] + [t.grad for t in tensors]


def _interp(shape, grads=True, **kwargs):
    def case(paddle, np):
        rng = np.random.default_rng(len(shape) + len(kwargs))
        x = _tensor(paddle, np, rng, shape)
        out = paddle.nn.functional.interpolate(x, **kwargs)
        return _loss_grads(paddle, np, rng, out, [x]) if grads else out
    case.atol = 2e-5
    return case


_SHAPES = {"linear": [2, 3, 7], "bilinear": [2, 3, 5, 7], "bicubic": [2, 3, 5, 7],
           "trilinear": [1, 2, 3, 4, 5], "nearest": [2, 3, 5, 7]}
_OPTIONS = {
    "x2": {"scale_factor": 2}, "x0_5": {"scale_factor": 0.5}, "x1_7": {"scale_factor": 1.7},
    "up_size": {"size": 9}, "down_size": {"size": 3}, "one": {"size": 1},
    "align_corners": {"scale_factor": 2, "align_corners": True},
    "align_corners_down": {"size": 4, "align_corners": True},
    "align_mode1": {"scale_factor": 1.5, "align_mode": 1},
    "recompute": {"scale_factor": 1.3, "recompute_scale_factor": True},
}
for _mode, _shape in _SHAPES.items():
    for _key, _kw in _OPTIONS.items():
        if _mode == "nearest" and "align_corners" in _kw:
            continue
        kw = dict(_kw, mode=_mode)
        if "size" in kw:
            kw["size"] = [kw["size"]] * (len(_shape) - 2)
        # Paddle's linear backward for a single output reads x[0] while its forward reads the
        # centre; we keep the gradient consistent with the forward, so compare the forward only.
        grads = not (_mode == "linear" and _key == "one")
        CASES[f"interp_{_mode}_{_key}"] = _interp(_shape, grads, **kw)
CASES["interp_nearest_5d"] = _interp([1, 2, 3, 4, 5], mode="nearest", scale_factor=[2, 1.5, 0.6])
CASES["interp_bilinear_nhwc"] = _interp([2, 5, 7, 3], mode="bilinear", size=[8, 4],
                                        data_format="NHWC")
CASES["interp_nearest_nhwc"] = _interp([2, 5, 7, 3], mode="nearest", scale_factor=2,
                                       data_format="NHWC")
CASES["interp_linear_nwc"] = _interp([2, 7, 3], mode="linear", size=[11], data_format="NWC")
CASES["interp_trilinear_ndhwc"] = _interp([1, 3, 4, 5, 2], mode="trilinear", scale_factor=2,
                                          data_format="NDHWC")
CASES["interp_bicubic_scale_list"] = _interp([2, 3, 5, 7], mode="bicubic",
                                             scale_factor=[1.5, 0.8])
CASES["interp_bilinear_antialias"] = _interp([2, 3, 9, 11], mode="bilinear", size=[4, 5],
                                             antialias=True)
CASES["interp_bicubic_antialias"] = _interp([2, 3, 9, 11], mode="bicubic", scale_factor=0.4,
                                            antialias=True)
CASES["interp_bilinear_antialias_up"] = _interp([2, 3, 4, 5], mode="bilinear", size=[6, 8],
                                                antialias=True)
CASES["interp_area"] = _interp([2, 3, 7, 6], mode="area", size=[3, 4])
CASES["interp_area_1d"] = _interp([2, 3, 7], mode="area", size=3)
CASES["upsample_functional"] = _interp([2, 3, 4, 4], mode="bilinear", scale_factor=2)


def _upsample(shape, **kwargs):
    def case(paddle, np):
        rng = np.random.default_rng(len(shape) + 7)
        x = _tensor(paddle, np, rng, shape)
        out = paddle.nn.functional.upsample(x, **kwargs)
        return _loss_grads(paddle, np, rng, out, [x])
    case.atol = 2e-5
    return case


CASES["upsample_bilinear_align"] = _upsample([2, 3, 4, 5], size=[7, 9], mode="bilinear",
                                             align_corners=True)
CASES["upsample_nearest_nhwc"] = _upsample([1, 4, 5, 2], scale_factor=2, data_format="NHWC")
CASES["upsample_linear_align_mode"] = _upsample([2, 3, 6], scale_factor=1.5, mode="linear",
                                                align_mode=1)


def _layer(cls, shape, **kwargs):
    def case(paddle, np):
        rng = np.random.default_rng(3)
        x = _tensor(paddle, np, rng, shape)
        layer = getattr(paddle.nn, cls)(**kwargs)
        return _loss_grads(paddle, np, rng, layer(x), [x]) + [repr(layer)]
    case.atol = 2e-5
    return case


CASES["layer_upsample"] = _layer("Upsample", [2, 3, 4, 5], scale_factor=2)
CASES["layer_upsample_bicubic"] = _layer("Upsample", [2, 3, 4, 5], size=[7, 3], mode="bicubic",
                                         align_corners=True)
CASES["layer_upsample_trilinear"] = _layer("Upsample", [1, 2, 3, 4, 5], scale_factor=1.5,
                                           mode="trilinear", align_mode=1)
CASES["layer_upsampling_nearest"] = _layer("UpsamplingNearest2D", [2, 3, 4, 5],
                                           scale_factor=2)
CASES["layer_upsampling_bilinear"] = _layer("UpsamplingBilinear2D", [2, 3, 4, 5], size=[7, 3])

# ---- affine_grid / grid_sample ----------------------------------------------------------------


def _affine(shape, align_corners):
    def case(paddle, np):
        rng = np.random.default_rng(5)
        nd = len(shape) - 2
        theta = _tensor(paddle, np, rng, [shape[0], nd, nd + 1])
        grid = paddle.nn.functional.affine_grid(theta, shape, align_corners=align_corners)
        return _loss_grads(paddle, np, rng, grid, [theta])
    case.atol = 1e-5
    return case


CASES["affine_grid_2d"] = _affine([2, 3, 4, 5], True)
CASES["affine_grid_2d_unaligned"] = _affine([2, 3, 4, 5], False)
CASES["affine_grid_3d"] = _affine([2, 1, 3, 4, 2], True)
CASES["affine_grid_3d_unaligned"] = _affine([1, 1, 2, 3, 4], False)
CASES["affine_grid_one_pixel"] = _affine([1, 1, 1, 3], False)


def _sample(x_shape, grid_shape, **kwargs):
    def case(paddle, np):
        rng = np.random.default_rng(len(kwargs))
        x = _tensor(paddle, np, rng, x_shape)
        grid = _tensor(paddle, np, rng, grid_shape, -1.3, 1.3)
        out = paddle.nn.functional.grid_sample(x, grid, **kwargs)
        return _loss_grads(paddle, np, rng, out, [x, grid])
    case.atol = 2e-5
    return case


for _mode in ("bilinear", "nearest"):
    for _pad in ("zeros", "border", "reflection"):
        for _align in (True, False):
            key = f"grid_sample_{_mode}_{_pad}_{'aligned' if _align else 'unaligned'}"
            CASES[key] = _sample([2, 3, 5, 6], [2, 4, 3, 2], mode=_mode, padding_mode=_pad,
                                 align_corners=_align)
            CASES[key + "_3d"] = _sample([1, 2, 3, 4, 5], [1, 2, 3, 2, 3], mode=_mode,
                                         padding_mode=_pad, align_corners=_align)


def _sample_exact(paddle, np):
    # positions exactly on pixels and half-way between them (rounding of 'nearest')
    x = paddle.to_tensor(np.arange(20, dtype="float32").reshape(1, 1, 4, 5))
    g = np.array([[-1, -1], [1, 1], [-0.5, 0.5], [0.25, -0.75], [0, 0], [0.5, 0.5]], "float32")
    grid = paddle.to_tensor(g.reshape(1, 2, 3, 2))
    F = paddle.nn.functional
    return [F.grid_sample(x, grid, mode="nearest", align_corners=a) for a in (True, False)] + \
        [F.grid_sample(x, grid, align_corners=a) for a in (True, False)]


CASES["grid_sample_exact_positions"] = _sample_exact

# ---- unfold / fold ---------------------------------------------------------------------------


def _unfold(shape, *args, **kwargs):
    def case(paddle, np):
        rng = np.random.default_rng(9)
        x = _tensor(paddle, np, rng, shape)
        out = paddle.nn.functional.unfold(x, *args, **kwargs)
        return _loss_grads(paddle, np, rng, out, [x])
    case.atol = 1e-5
    return case


def _fold(shape, *args, **kwargs):
    def case(paddle, np):
        rng = np.random.default_rng(11)
        x = _tensor(paddle, np, rng, shape)
        out = paddle.nn.functional.fold(x, *args, **kwargs)
        return _loss_grads(paddle, np, rng, out, [x])
    case.atol = 1e-5
    return case


CASES["unfold_basic"] = _unfold([2, 3, 5, 6], [2, 3])
CASES["unfold_stride_pad"] = _unfold([2, 3, 5, 6], 3, strides=2, paddings=1)
CASES["unfold_pad2"] = _unfold([1, 2, 5, 6], [2, 2], paddings=[1, 2])
CASES["unfold_pad4"] = _unfold([1, 2, 5, 6], [2, 2], paddings=[1, 0, 2, 1], strides=[1, 2])
CASES["unfold_dilation"] = _unfold([1, 2, 7, 6], 2, dilations=[2, 1])
CASES["fold_basic"] = _fold([2, 12, 12], [4, 5], 2)
CASES["fold_overlap"] = _fold([1, 18, 12], [4, 5], [3, 3], strides=[1, 2], paddings=1)
CASES["fold_pad4"] = _fold([1, 8, 20], [4, 5], 2, paddings=[1, 0, 0, 1])


def _layer_unfold(paddle, np):
    x = paddle.to_tensor(np.arange(50, dtype="float32").reshape(1, 2, 5, 5))
    unfold, fold = paddle.nn.Unfold([2, 2], strides=1), paddle.nn.Fold([5, 5], 2)
    cols = unfold(x)
    return [cols, fold(cols), repr(unfold), repr(fold)]


CASES["layer_unfold_fold"] = _layer_unfold

# ---- errors ---------------------------------------------------------------------------------
_ERRORS = {
    "interp_mode": lambda p, F: F.interpolate(p.ones([1, 1, 4, 4]), scale_factor=2,
                                              mode="cubic"),
    "interp_rank": lambda p, F: F.interpolate(p.ones([1, 1, 4]), scale_factor=2,
                                              mode="bilinear"),
    "interp_both": lambda p, F: F.interpolate(p.ones([1, 1, 4, 4]), size=[2, 2],
                                              scale_factor=2),
    "interp_none": lambda p, F: F.interpolate(p.ones([1, 1, 4, 4])),
    "interp_size_len": lambda p, F: F.interpolate(p.ones([1, 1, 4, 4]), size=[2]),
    "interp_align_nearest": lambda p, F: F.interpolate(p.ones([1, 1, 4, 4]), scale_factor=2,
                                                       align_corners=True),
    "interp_align_mode": lambda p, F: F.interpolate(p.ones([1, 1, 4, 4]), scale_factor=2,
                                                    mode="bilinear", align_mode=2),
    "interp_format": lambda p, F: F.interpolate(p.ones([1, 1, 4, 4]), scale_factor=2,
                                                data_format="NCW"),
    "interp_scale_negative": lambda p, F: F.interpolate(p.ones([1, 1, 4, 4]),
                                                        scale_factor=-1.0),
    "interp_area_scale": lambda p, F: F.interpolate(p.ones([1, 1, 4, 4]), scale_factor=2,
                                                    mode="area"),
    "interp_antialias_nearest": lambda p, F: F.interpolate(p.ones([1, 1, 4, 4]), size=[2, 2],
                                                           antialias=True),
    "grid_sample_mode": lambda p, F: F.grid_sample(p.ones([1, 1, 4, 4]), p.zeros([1, 2, 2, 2]),
                                                   mode="bicubic"),
    "grid_sample_padding": lambda p, F: F.grid_sample(p.ones([1, 1, 4, 4]),
                                                      p.zeros([1, 2, 2, 2]),
                                                      padding_mode="circular"),
    "affine_grid_theta": lambda p, F: F.affine_grid([[1.0]], [1, 1, 2, 2]),
    "unfold_paddings": lambda p, F: F.unfold(p.ones([1, 1, 4, 4]), 2, paddings=[1, 1, 1]),
    "fold_blocks": lambda p, F: F.fold(p.ones([1, 4, 5]), [4, 4], 2),
}


def _error(fn):
    def case(paddle, np):
        return fn(paddle, paddle.nn.functional)
    return case


for _key, _fn in _ERRORS.items():
    CASES[f"error_{_key}"] = _error(_fn)
