"""Convolutions and transposed convolutions (functional and layers) against real Paddle: outputs
and the gradients of input, weight and bias for loss = sum(out * fixed random weights), over
padding forms, strides, dilations, groups and data formats; plus argument errors."""


def _tensor(paddle, np, rng, shape, dtype="float32"):
    t = paddle.to_tensor(rng.standard_normal(shape).astype(dtype))
    t.stop_gradient = False
    return t


def _with_grads(paddle, np, rng, out, tensors):
    """out plus the gradients of `tensors` for a loss with fixed random output weights."""
    weights = paddle.to_tensor(rng.standard_normal(out.shape).astype(out.numpy().dtype))
    (out * weights).sum().backward()
    return [out] + [t.grad for t in tensors]


def _functional(name, x_shape, w_shape, bias=True, dtype="float32", **kwargs):
    def case(paddle, np):
        rng = np.random.default_rng(len(name) + len(x_shape))
        x = _tensor(paddle, np, rng, x_shape, dtype)
        w = _tensor(paddle, np, rng, w_shape, dtype)
        params = [x, w]
        b = None
        if bias:
            channels = w_shape[1] * kwargs.get("groups", 1) if "transpose" in name else w_shape[0]
            b = _tensor(paddle, np, rng, [channels], dtype)
            params.append(b)
        out = getattr(paddle.nn.functional, name)(x, w, b, **kwargs)
        return _with_grads(paddle, np, rng, out, params)
    return case


CASES = {}


def _add(key, fn, atol=2e-5):
    # Gradients are sums of many float32 products; summation order differs from Paddle's.
    fn.atol = atol
    CASES[key] = fn


# ---- conv2d -----------------------------------------------------------------------------------
_C2 = {"x_shape": [2, 4, 7, 6], "w_shape": [6, 4, 3, 3]}
for _key, _kw in {
    "default": {}, "stride2": {"stride": 2}, "stride_list": {"stride": [2, 1]},
    "pad1": {"padding": 1}, "pad_list2": {"padding": [1, 2]},
    "pad_list4": {"padding": [1, 0, 2, 1]},
    "pad_pairs": {"padding": [[0, 0], [0, 0], [1, 2], [0, 1]]},
    "same": {"padding": "SAME"}, "same_stride": {"padding": "same", "stride": 2},
    "valid": {"padding": "VALID", "stride": 2}, "dilation": {"dilation": 2, "padding": 2},
    "dilation_list": {"dilation": [1, 2], "stride": [2, 1], "padding": [1, 1]},
    "same_dilation": {"padding": "SAME", "dilation": 2},
}.items():
    _add(f"conv2d_{_key}", _functional("conv2d", **_C2, **_kw))
_add("conv2d_groups", _functional("conv2d", [2, 4, 6, 6], [6, 2, 3, 3], groups=2, padding=1))
_add("conv2d_depthwise", _functional("conv2d", [2, 4, 6, 6], [8, 1, 3, 3], groups=4,
                                     padding=1, stride=2))
_add("conv2d_nobias", _functional("conv2d", [1, 3, 5, 5], [2, 3, 2, 2], bias=False))
_add("conv2d_nhwc", _functional("conv2d", [2, 7, 6, 4], [6, 4, 3, 3], data_format="NHWC",
                                padding=1, stride=2))
_add("conv2d_nhwc_pairs", _functional("conv2d", [2, 7, 6, 4], [6, 4, 3, 2],
                                      data_format="NHWC",
                                      padding=[[0, 0], [1, 0], [2, 1], [0, 0]]))
_add("conv2d_1x1", _functional("conv2d", [3, 8, 4, 4], [5, 8, 1, 1], stride=2))
_add("conv2d_float64", _functional("conv2d", [2, 3, 5, 5], [4, 3, 3, 3], dtype="float64",
                                   padding=1))
_add("conv2d_empty_batch", _functional("conv2d", [0, 3, 5, 5], [4, 3, 3, 3]))
# a dilated window one step past the input still gives an output (it reads zeros there)
_add("conv2d_window_past_input", _functional("conv2d", [1, 3, 4, 4], [6, 1, 3, 3], groups=3,
                                             stride=2, dilation=2, padding=[1, 0, 0, 0]))
_add("conv2d_transpose_empty_output", _functional("conv2d_transpose", [1, 2, 3, 7],
                                                  [2, 1, 1, 3], groups=2, dilation=[2, 1],
                                                  padding=[1, 2, 1, 2]))

# ---- conv1d / conv3d ------------------------------------------------------------------------
_add("conv1d_default", _functional("conv1d", [2, 3, 9], [4, 3, 3]))
_add("conv1d_pad_stride", _functional("conv1d", [2, 3, 9], [4, 3, 3], padding=2, stride=2))
_add("conv1d_pad_list", _functional("conv1d", [2, 3, 9], [4, 3, 3], padding=[1, 2]))
_add("conv1d_same", _functional("conv1d", [2, 3, 9], [4, 3, 4], padding="SAME", stride=2))
_add("conv1d_nlc", _functional("conv1d", [2, 9, 3], [4, 3, 3], data_format="NLC", dilation=2))
_add("conv1d_groups", _functional("conv1d", [2, 4, 9], [6, 2, 3], groups=2, padding=1))
_add("conv3d_default", _functional("conv3d", [1, 2, 5, 4, 6], [3, 2, 3, 2, 3]))
_add("conv3d_stride_pad", _functional("conv3d", [2, 2, 5, 5, 5], [4, 2, 3, 3, 3], stride=2,
                                      padding=[1, 0, 1]))
_add("conv3d_ndhwc_groups", _functional("conv3d", [1, 4, 4, 5, 4], [4, 2, 2, 2, 2],
                                        groups=2, data_format="NDHWC", padding="SAME"))

# ---- transposed ------------------------------------------------------------------------------
_T2 = {"x_shape": [2, 4, 4, 5], "w_shape": [4, 3, 3, 3]}
for _key, _kw in {
    "default": {}, "stride2": {"stride": 2}, "pad1": {"padding": 1, "stride": 2},
    "pad_list4": {"padding": [1, 0, 0, 2], "stride": [2, 1]},
    "output_padding": {"stride": 2, "output_padding": 1},
    "output_size": {"stride": 2, "padding": 1, "output_size": [8, 10]},
    "dilation": {"dilation": 2, "stride": 2},
    "same": {"padding": "SAME", "stride": 2}, "valid": {"padding": "VALID", "stride": 2},
}.items():
    _add(f"conv2d_transpose_{_key}", _functional("conv2d_transpose", **_T2, **_kw))
_add("conv2d_transpose_groups", _functional("conv2d_transpose", [2, 4, 3, 3], [4, 2, 2, 2],
                                            groups=2, stride=2))
_add("conv2d_transpose_depthwise", _functional("conv2d_transpose", [1, 3, 3, 3], [3, 1, 3, 3],
                                               groups=3, stride=2, padding=1))
_add("conv2d_transpose_nhwc", _functional("conv2d_transpose", [2, 4, 5, 4], [4, 3, 3, 3],
                                          data_format="NHWC", stride=2, padding=1))
_add("conv1d_transpose_default", _functional("conv1d_transpose", [2, 3, 5], [3, 2, 3],
                                             stride=2, output_padding=1))
_add("conv1d_transpose_nlc", _functional("conv1d_transpose", [2, 5, 3], [3, 2, 3],
                                         data_format="NLC", padding=1, output_size=[9],
                                         stride=2))
_add("conv3d_transpose_default", _functional("conv3d_transpose", [1, 2, 3, 3, 2],
                                             [2, 3, 2, 2, 2], stride=2, padding=[1, 0, 0]))
_add("conv3d_transpose_ndhwc", _functional("conv3d_transpose", [1, 3, 2, 3, 2],
                                           [2, 2, 2, 3, 2], data_format="NDHWC", groups=1))


# ---- layers -------------------------------------------------------------------------------
def _layer(cls, args, x_shape, forward_kwargs=None, **kwargs):
    def case(paddle, np):
        rng = np.random.default_rng(7)
        layer = getattr(paddle.nn, cls)(*args, **kwargs)
        for p in layer.parameters():
            p.set_value(rng.standard_normal(p.shape).astype("float32"))
        x = _tensor(paddle, np, rng, x_shape)
        out = layer(x, **(forward_kwargs or {}))
        grads = _with_grads(paddle, np, rng, out, [x] + layer.parameters())
        shapes = [str(list(p.shape)) for p in layer.parameters()]
        return grads + [repr(layer)] + shapes
    return case


_add("layer_conv2d", _layer("Conv2D", (3, 4, 3), [2, 3, 6, 6], stride=2, padding=1))
_add("layer_conv2d_reflect", _layer("Conv2D", (2, 4, 3), [2, 2, 5, 6], padding=1,
                                    padding_mode="reflect"))
_add("layer_conv2d_replicate_nhwc", _layer("Conv2D", (2, 4, 3), [2, 5, 6, 2], padding=2,
                                           padding_mode="replicate", data_format="NHWC"))
_add("layer_conv2d_circular", _layer("Conv2D", (2, 2, [3, 2]), [1, 2, 4, 5], padding=1,
                                     padding_mode="circular", groups=2, bias=False))
_add("layer_conv1d_reflect", _layer("Conv1D", (2, 3, 3), [2, 2, 7], padding=2,
                                    padding_mode="reflect", dilation=2))
_add("layer_conv1d_nlc", _layer("Conv1d", (2, 3, 3), [2, 7, 2], data_format="NLC"))
_add("layer_conv3d", _layer("Conv3D", (2, 2, 2), [1, 2, 3, 4, 3], padding=1,
                            padding_mode="circular"))
_add("layer_conv2d_transpose", _layer("Conv2DTranspose", (4, 2, 3), [1, 4, 3, 3], stride=2,
                                      output_padding=1, groups=2))
_add("layer_conv2d_transpose_output_size", _layer("Conv2DTranspose", (2, 3, 3), [1, 2, 3, 3],
                                                  forward_kwargs={"output_size": [10, 11]},
                                                  stride=3))
_add("layer_conv1d_transpose", _layer("Conv1DTranspose", (2, 3, 2), [2, 2, 4], stride=2,
                                      dilation=2))
_add("layer_conv3d_transpose", _layer("Conv3DTranspose", (2, 2, 2), [1, 2, 2, 3, 2],
                                      data_format="NDHWC"))


def _default_init(cls, args):
    def case(paddle, np):
        layer = getattr(paddle.nn, cls)(*args)
        w = layer.weight.numpy()
        # Statistics of the default initializer (the random streams differ between frameworks).
        std = float(w.std())
        bound = float(np.abs(w).max())
        return [paddle.to_tensor(np.round(std, 1)), paddle.to_tensor(bound <= 1.0),
                layer.bias, str(layer.weight.dtype)]
    return case


_add("init_conv2d", _default_init("Conv2D", (16, 32, 3)))
_add("init_conv2d_transpose", _default_init("Conv2DTranspose", (64, 32, 3)))


# ---- errors ---------------------------------------------------------------------------------
def _error(fn):
    def case(paddle, np):
        return fn(paddle, np, paddle.nn.functional)
    return case


_ERRORS = {
    "channels": lambda p, np, F: F.conv2d(p.ones([1, 3, 5, 5]), p.ones([2, 4, 3, 3])),
    "rank": lambda p, np, F: F.conv2d(p.ones([3, 5, 5]), p.ones([2, 3, 3, 3])),
    "weight_rank": lambda p, np, F: F.conv2d(p.ones([1, 3, 5, 5]), p.ones([2, 3, 3])),
    "format": lambda p, np, F: F.conv2d(p.ones([1, 3, 5, 5]), p.ones([2, 3, 3, 3]),
                                        data_format="NCL"),
    "groups": lambda p, np, F: F.conv2d(p.ones([1, 3, 5, 5]), p.ones([2, 1, 3, 3]), groups=2),
    "groups_zero": lambda p, np, F: F.conv2d(p.ones([1, 3, 5, 5]), p.ones([2, 3, 3, 3]),
                                             groups=0),
    "padding_str": lambda p, np, F: F.conv2d(p.ones([1, 3, 5, 5]), p.ones([2, 3, 3, 3]),
                                             padding="FULL"),
    "padding_negative": lambda p, np, F: F.conv2d(p.ones([1, 3, 5, 5]), p.ones([2, 3, 3, 3]),
                                                  padding=-1),
    "padding_batch": lambda p, np, F: F.conv2d(p.ones([1, 3, 5, 5]), p.ones([2, 3, 3, 3]),
                                               padding=[[1, 1], [0, 0], [1, 1], [1, 1]]),
    "kernel_too_big": lambda p, np, F: F.conv2d(p.ones([1, 3, 2, 2]), p.ones([2, 3, 3, 3])),
    "stride_len": lambda p, np, F: F.conv2d(p.ones([1, 3, 5, 5]), p.ones([2, 3, 3, 3]),
                                            stride=[1, 2, 3]),
    "conv1d_rank": lambda p, np, F: F.conv1d(p.ones([1, 3, 5, 5]), p.ones([2, 3, 3])),
    "transpose_channels": lambda p, np, F: F.conv2d_transpose(p.ones([1, 3, 4, 4]),
                                                              p.ones([2, 3, 3, 3])),
    "transpose_output_size": lambda p, np, F: F.conv2d_transpose(
        p.ones([1, 2, 4, 4]), p.ones([2, 3, 3, 3]), stride=2, output_size=[12, 12]),
    "transpose_output_padding": lambda p, np, F: F.conv2d_transpose(
        p.ones([1, 2, 4, 4]), p.ones([2, 3, 3, 3]), stride=2, output_padding=2),
    "transpose_output_padding_dilation": lambda p, np, F: F.conv2d_transpose(
        p.ones([1, 1, 8, 6]), p.ones([1, 1, 3, 3]), stride=[1, 2], dilation=2,
        padding=[1, 2, 0, 0], output_padding=[1, 0]),
    "transpose_both": lambda p, np, F: F.conv2d_transpose(
        p.ones([1, 2, 4, 4]), p.ones([2, 3, 3, 3]), stride=2, output_padding=1,
        output_size=[9, 9]),
    "layer_transpose_output_size": lambda p, np, F: p.nn.Conv2DTranspose(2, 3, 3, stride=3)(
        p.ones([1, 2, 3, 3]), output_size=[8, 7]),
    "dtype_mismatch": lambda p, np, F: F.conv2d(p.ones([1, 3, 5, 5]),
                                                p.ones([2, 3, 3, 3], dtype="float64")),
    "numpy_input": lambda p, np, F: F.conv2d(np.ones([1, 3, 5, 5], "float32"),
                                             p.ones([2, 3, 3, 3])),
    "bias_size": lambda p, np, F: F.conv2d(p.ones([1, 3, 5, 5]), p.ones([2, 3, 3, 3]),
                                           bias=p.ones([3])),
    "layer_padding_mode": lambda p, np, F: p.nn.Conv2D(2, 2, 3, padding_mode="mirror"),
    "layer_padding_mode_list": lambda p, np, F: p.nn.Conv2D(2, 2, 3, padding=[1, 1],
                                                            padding_mode="reflect"),
    "layer_in_channels": lambda p, np, F: p.nn.Conv2D(3, 2, 3, groups=2),
    "layer_format": lambda p, np, F: p.nn.Conv1D(3, 2, 3, data_format="NCHW")(
        p.ones([1, 3, 5])),
    "layer_input_channels": lambda p, np, F: p.nn.Conv2D(3, 2, 3)(p.ones([1, 4, 5, 5])),
}
for _key, _fn in _ERRORS.items():
    _add(f"error_{_key}", _error(_fn))


def _attr_init(paddle, np):
    init = paddle.nn.initializer
    conv = paddle.nn.Conv2D(2, 3, 2, weight_attr=paddle.ParamAttr(initializer=init.Constant(0.5)),
                            bias_attr=init.Assign(np.array([1.0, 2.0, 3.0], "float32")))
    double = paddle.nn.Conv1D(2, 2, 3, dtype="float64")
    up = paddle.nn.Conv2DTranspose(2, 4, 2, weight_attr=init.Constant(-1.0), bias_attr=False)
    x = paddle.ones([1, 2, 3, 3])
    return [conv.weight, conv.bias, conv(x), str(double.weight.dtype), up(x), up.bias]


_add("layer_param_attrs", _attr_init)
