"""Order statistics: median / nanmedian (avg and min modes, ties, NaN, indices, gradients) and
quantile / nanquantile (q forms, axes, interpolation modes, gradients)."""

CASES = {}

ODD = [[3.0, 1.0, 2.0, 1.0, 3.0], [0.5, 0.5, 0.5, -1.0, 2.0], [4.0, -2.0, 4.0, 4.0, -2.0]]
EVEN = [[3.0, 1.0, 2.0, 1.0], [0.5, 0.5, -1.0, 2.0], [4.0, -2.0, 4.0, 4.0]]
NAN = [[3.0, float("nan"), 1.0, 2.0], [float("nan"), float("nan"), float("nan"), 0.0],
       [1.0, 4.0, 2.0, 3.0]]
ALL_NAN = [[float("nan"), float("nan")], [1.0, float("nan")]]


def _on(data, fn, dtype="float32"):
    def case(paddle, np):
        return fn(paddle, paddle.to_tensor(np.asarray(data).astype(dtype)))
    return case


def _grad(fn, data, index=None):
    def case(paddle, np):
        x = paddle.to_tensor(np.asarray(data, "float64"), stop_gradient=False)
        result = fn(paddle, x)
        out = result if index is None else result[index]
        weights = paddle.to_tensor(np.arange(1, out.size + 1, dtype="float64").reshape(
            out.shape))
        (gx,) = paddle.grad([(out * weights).sum()], [x])
        return result, gx
    return case


for _api in ["median", "nanmedian"]:
    for _mode in ["avg", "min"]:
        for _name, _data in [("odd", ODD), ("even", EVEN), ("nan", NAN)]:
            for _axis in [None, 1, 0, -1]:
                for _keep in (False, True):
                    CASES[f"{_api}_{_mode}_{_name}_axis{_axis}_keep{int(_keep)}"] = _on(
                        _data, lambda p, x, a=_api, m=_mode, ax=_axis, k=_keep: getattr(p, a)(
                            x, axis=ax, keepdim=k, mode=m))
        for _dt in ["int32", "int64", "float64", "float16"]:
            CASES[f"{_api}_{_mode}_dtype_{_dt}"] = _on(
                ODD, lambda p, x, a=_api, m=_mode: getattr(p, a)(x, axis=1, mode=m), _dt)
            CASES[f"{_api}_{_mode}_dtype_{_dt}_even"] = _on(
                EVEN, lambda p, x, a=_api, m=_mode: getattr(p, a)(x, mode=m), _dt)
        CASES[f"{_api}_{_mode}_zero_d"] = _on(2.5, lambda p, x, a=_api, m=_mode: getattr(p, a)(
            x, mode=m))
        CASES[f"{_api}_{_mode}_zero_d_axis0"] = _on(2.5, lambda p, x, a=_api, m=_mode: getattr(
            p, a)(x, axis=0, mode=m))
        CASES[f"{_api}_{_mode}_empty"] = _on([[], []], lambda p, x, a=_api, m=_mode: getattr(
            p, a)(x, axis=0, mode=m))
        CASES[f"{_api}_{_mode}_all_nan"] = _on(ALL_NAN, lambda p, x, a=_api, m=_mode: getattr(
            p, a)(x, axis=1, mode=m))
        CASES[f"{_api}_{_mode}_grad_odd"] = _grad(
            lambda p, x, a=_api, m=_mode: getattr(p, a)(x, axis=1, mode=m), ODD,
            0 if _mode == "min" else None)
        CASES[f"{_api}_{_mode}_grad_even"] = _grad(
            lambda p, x, a=_api, m=_mode: getattr(p, a)(x, axis=1, mode=m), EVEN,
            0 if _mode == "min" else None)
        CASES[f"{_api}_{_mode}_grad_all"] = _grad(
            lambda p, x, a=_api, m=_mode: getattr(p, a)(x, mode=m), EVEN)
        CASES[f"{_api}_{_mode}_grad_nan"] = _grad(
            lambda p, x, a=_api, m=_mode: getattr(p, a)(x, axis=1, mode=m), NAN,
            0 if _mode == "min" else None)
    CASES[f"{_api}_axis_list"] = _on(ODD, lambda p, x, a=_api: getattr(p, a)(x, axis=[0, 1]))
    CASES[f"{_api}_axis_list_keep"] = _on(EVEN, lambda p, x, a=_api: getattr(p, a)(
        x, axis=[1], keepdim=True))
    CASES[f"{_api}_axis_empty_list"] = _on(ODD, lambda p, x, a=_api: getattr(p, a)(x, axis=[]))
    CASES[f"{_api}_axis_out_of_range"] = _on(ODD, lambda p, x, a=_api: getattr(p, a)(x, axis=2))
    CASES[f"{_api}_bad_mode"] = _on(ODD, lambda p, x, a=_api: getattr(p, a)(x, mode="max"))
    CASES[f"{_api}_method"] = _on(ODD, lambda p, x, a=_api: getattr(x, a)(1))
    CASES[f"{_api}_min_method_idx"] = _on(ODD, lambda p, x, a=_api: getattr(x, a)(0, mode="min"))

CASES["median_long_ties"] = _on([[1.0, 2.0] * 20 + [0.0] * 9, [5.0] * 49],
                                lambda p, x: p.median(x, axis=1, mode="min"))
CASES["median_long_ties_even"] = _on([[1.0, 2.0] * 20 + [0.0] * 8, [5.0] * 48],
                                     lambda p, x: p.median(x, axis=1, mode="min"))
CASES["nanmedian_long"] = _on([[1.0, float("nan")] * 20 + [0.0] * 9],
                              lambda p, x: p.nanmedian(x, axis=1, mode="min"))

# ---- quantile / nanquantile ----------------------------------------------------------------
_Q = [[3.0, 1.0, 2.0, 1.0, 3.0, 7.0], [0.5, 0.5, 0.5, -1.0, 2.0, 9.0],
      [4.0, -2.0, 4.0, 4.0, -2.0, 0.0]]
_QNAN = [[3.0, float("nan"), 1.0, 2.0], [float("nan")] * 4, [1.0, 4.0, 2.0, 3.0]]
for _api in ["quantile", "nanquantile"]:
    for _interp in ["linear", "lower", "higher", "nearest", "midpoint"]:
        for _q in [0.0, 0.3, 0.5, 1.0]:
            CASES[f"{_api}_{_interp}_q{_q}"] = _on(
                _Q, lambda p, x, a=_api, i=_interp, q=_q: getattr(p, a)(
                    x, q, axis=1, interpolation=i))
        CASES[f"{_api}_{_interp}_nan"] = _on(_QNAN, lambda p, x, a=_api, i=_interp: getattr(p, a)(
            x, 0.4, axis=1, interpolation=i))
    CASES[f"{_api}_q_list"] = _on(_Q, lambda p, x, a=_api: getattr(p, a)(x, [0.1, 0.5, 0.9]))
    CASES[f"{_api}_q_list_axis"] = _on(_Q, lambda p, x, a=_api: getattr(p, a)(
        x, [0.25, 0.75], axis=0, keepdim=True))
    CASES[f"{_api}_q_tensor"] = _on(_Q, lambda p, x, a=_api: getattr(p, a)(
        x, p.to_tensor([0.25, 0.75]), axis=1))
    CASES[f"{_api}_q_tensor_0d"] = _on(_Q, lambda p, x, a=_api: getattr(p, a)(
        x, p.to_tensor(0.25), axis=1))
    CASES[f"{_api}_axis_list"] = _on(_Q, lambda p, x, a=_api: getattr(p, a)(x, 0.5, axis=[0, 1]))
    CASES[f"{_api}_axis_list_keep"] = _on(_Q, lambda p, x, a=_api: getattr(p, a)(
        x, 0.5, axis=[-1], keepdim=True))
    CASES[f"{_api}_axis_none_keep"] = _on(_Q, lambda p, x, a=_api: getattr(p, a)(
        x, 0.5, keepdim=True))
    CASES[f"{_api}_float64"] = _on(_Q, lambda p, x, a=_api: getattr(p, a)(x, 0.3, axis=0),
                                   "float64")
    CASES[f"{_api}_int64"] = _on(_Q, lambda p, x, a=_api: getattr(p, a)(x, 0.3, axis=0),
                                 "int64")
    CASES[f"{_api}_q_out_of_range"] = _on(_Q, lambda p, x, a=_api: getattr(p, a)(x, 1.5))
    CASES[f"{_api}_q_empty"] = _on(_Q, lambda p, x, a=_api: getattr(p, a)(x, []))
    CASES[f"{_api}_bad_interp"] = _on(_Q, lambda p, x, a=_api: getattr(p, a)(
        x, 0.5, interpolation="cubic"))
    CASES[f"{_api}_axis_out_of_range"] = _on(_Q, lambda p, x, a=_api: getattr(p, a)(
        x, 0.5, axis=2))
    CASES[f"{_api}_zero_d"] = _on(2.5, lambda p, x, a=_api: getattr(p, a)(x, 0.5))
    CASES[f"{_api}_grad"] = _grad(lambda p, x, a=_api: getattr(p, a)(x, [0.3, 0.5], axis=1), _Q)
    CASES[f"{_api}_grad_nan"] = _grad(lambda p, x, a=_api: getattr(p, a)(x, 0.4, axis=1), _QNAN)
    CASES[f"{_api}_method"] = _on(_Q, lambda p, x, a=_api: getattr(x, a)(0.5, 1))

# ---- argument errors -----------------------------------------------------------------------
CASES["median_list_input"] = lambda paddle, np: paddle.median([1.0, 2.0])
CASES["quantile_list_input"] = lambda paddle, np: paddle.quantile([1.0, 2.0], 0.5)
CASES["quantile_q_tensor_2d"] = _on(_Q, lambda p, x: p.quantile(x, p.to_tensor([[0.5]])))
CASES["numel_list_input"] = lambda paddle, np: paddle.numel([1.0, 2.0])
