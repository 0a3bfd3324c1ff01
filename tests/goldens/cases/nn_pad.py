"""Padding layers and zeropad2d against real Paddle: every mode and dimensionality, int and
list paddings, channel-last layouts, gradients, reprs and errors (F.pad's own argument rules are
covered by the manipulation goldens)."""

CASES = {}


def _layer(cls, shape, *args, **kwargs):
    def case(paddle, np):
        rng = np.random.default_rng(len(shape))
        x = paddle.to_tensor(rng.uniform(-1, 1, shape).astype("float32"))
        x.stop_gradient = False
        layer = getattr(paddle.nn, cls)(*args, **kwargs)
        out = layer(x)
        weights = paddle.to_tensor(rng.standard_normal(out.shape).astype("float32"))
        (out * weights).sum().backward()
        return [out, x.grad, repr(layer)]
    case.atol = 1e-5
    return case


_SHAPES = {1: [2, 3, 5], 2: [2, 3, 4, 5], 3: [1, 2, 3, 4, 5]}
_LAST = {1: "NLC", 2: "NHWC", 3: "NDHWC"}
for _nd, _shape in _SHAPES.items():
    _list = [1, 2, 0, 1, 2, 1][:2 * _nd]
    for _mode in ("constant", "reflect", "replicate", "circular"):
        CASES[f"pad{_nd}d_{_mode}_int"] = _layer(f"Pad{_nd}D", _shape, 1, mode=_mode)
        CASES[f"pad{_nd}d_{_mode}_list"] = _layer(f"Pad{_nd}D", _shape, _list, mode=_mode,
                                                  value=0.5)
        CASES[f"pad{_nd}d_{_mode}_last"] = _layer(
            f"Pad{_nd}D", _shape[:1] + _shape[2:] + _shape[1:2], _list, mode=_mode,
            data_format=_LAST[_nd])
    for _kind in ("Zero", "Reflection", "Replication", "Circular"):
        CASES[f"{_kind.lower()}_pad{_nd}d"] = _layer(f"{_kind}Pad{_nd}D", _shape, _list)
    CASES[f"constant_pad{_nd}d"] = _layer(f"ConstantPad{_nd}D", _shape, 2, 3.0)
    CASES[f"constant_pad{_nd}d_alias"] = _layer(f"ConstantPad{_nd}d", _shape, _list, -1.0)
CASES["zero_pad2d_nhwc"] = _layer("ZeroPad2D", [2, 4, 5, 3], [1, 0, 2, 1], data_format="NHWC")


def _zeropad2d(paddle, np):
    x = paddle.to_tensor(np.arange(12, dtype="float32").reshape(1, 1, 3, 4))
    F = paddle.nn.functional
    return [F.zeropad2d(x, [1, 0, 2, 1]), F.zeropad2d(x.transpose([0, 2, 3, 1]), [0, 1, 1, 0],
                                                      data_format="NHWC")]


CASES["zeropad2d"] = _zeropad2d


def _error(fn):
    def case(paddle, np):
        return fn(paddle)
    return case


for _key, _fn in {
    "reflect_too_big": lambda p: p.nn.Pad2D(4, mode="reflect")(p.ones([1, 1, 3, 3])),
    "bad_mode": lambda p: p.nn.Pad2D(1, mode="edge")(p.ones([1, 1, 3, 3])),
    "list_length": lambda p: p.nn.Pad2D([1, 1, 1])(p.ones([1, 1, 3, 3])),
    "format": lambda p: p.nn.Pad1D(1, data_format="NCHW")(p.ones([1, 1, 3])),
    "rank": lambda p: p.nn.Pad2D(1)(p.ones([1, 3, 3])),
}.items():
    CASES[f"error_{_key}"] = _error(_fn)
