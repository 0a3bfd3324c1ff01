"""Reductions and scans: result dtypes for every input dtype, axis forms, keepdim, 0-d and empty
inputs, errors, and gradients (ties, zeros)."""

INT_DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64"]
FLOAT_DTYPES = ["float16", "float32", "float64"]
DTYPES = INT_DTYPES + FLOAT_DTYPES


def _data(np, dtype, shape=(2, 3)):
    values = (np.arange(int(np.prod(shape))) % 5 + 1).reshape(shape)
    if dtype == "bool":
        return (values % 2 == 1)
    return values.astype(dtype)


def _float_data(np, shape=(2, 3, 4), seed=0):
    return np.random.default_rng(seed).uniform(-2, 2, shape).astype("float32")


def _call(api, input_dtype, shape=(2, 3), **kwargs):
    def case(paddle, np):
        return getattr(paddle, api)(paddle.to_tensor(_data(np, input_dtype, shape)), **kwargs)
    return case


CASES = {}

# ---- result dtypes by input dtype ----------------------------------------------------------
for _api in ["sum", "mean", "prod", "max", "min", "amax", "amin", "all", "any", "logsumexp",
             "argmax", "argmin", "cumsum", "cumprod", "std", "var", "nansum", "nanmean",
             "count_nonzero", "logcumsumexp", "cummax", "cummin"]:
    for _dt in DTYPES:
        CASES[f"{_api}_dtype_{_dt}"] = _call(_api, _dt)
        CASES[f"{_api}_axis_{_dt}"] = _call(_api, _dt, **{"dim" if _api == "cumprod" else
                                                          "axis": 1})

for _api in ["sum", "nansum"]:
    for _dt in DTYPES:
        for _target in ["int32", "int64", "float32", "float64"]:
            CASES[f"{_api}_{_dt}_to_{_target}"] = _call(_api, _dt, dtype=_target)
for _api in ["cumsum", "prod", "cumprod", "logcumsumexp"]:
    for _dt in ["int32", "int64", "float32", "bool"]:
        for _target in ["int64", "float32", "float64"]:
            CASES[f"{_api}_{_dt}_to_{_target}"] = _call(_api, _dt, dtype=_target)

CASES["argmax_int32_index"] = _call("argmax", "float32", axis=1, dtype="int32")
CASES["argmin_int32_index"] = _call("argmin", "float32", dtype="int32")
CASES["argmax_float_index_rejected"] = _call("argmax", "float32", dtype="float32")
CASES["cummax_int32_index"] = _call("cummax", "float32", axis=1, dtype="int32")


# ---- axis forms, keepdim, 0-d and empty ----------------------------------------------------
def _axis_case(api, axis, keepdim, shape=(2, 3, 4)):
    def case(paddle, np):
        x = paddle.to_tensor(_float_data(np, shape))
        return getattr(paddle, api)(x, axis=axis, keepdim=keepdim)
    return case


_AXES = {"none": None, "int": 1, "neg": -1, "list": [0, 2], "tuple": (0, -1),
         "empty_list": [], "all": [0, 1, 2], "dup": [1, -2]}
for _api in ["sum", "mean", "prod", "max", "min", "amax", "amin", "all", "any", "logsumexp",
             "nansum", "nanmean", "count_nonzero", "std", "var"]:
    for _name, _axis in _AXES.items():
        for _keep in (False, True):
            CASES[f"{_api}_axis_{_name}_keep{int(_keep)}"] = _axis_case(_api, _axis, _keep)
    CASES[f"{_api}_axis_out_of_range"] = _axis_case(_api, 3, False)
    CASES[f"{_api}_axis_neg_out_of_range"] = _axis_case(_api, [-4], False)
    CASES[f"{_api}_zero_d"] = _axis_case(_api, None, False, ())
    CASES[f"{_api}_zero_d_axis0"] = _axis_case(_api, 0, False, ())
    CASES[f"{_api}_zero_d_axis_neg1_keep"] = _axis_case(_api, -1, True, ())
    if _api not in ("amax", "amin"):  # Paddle returns uninitialised memory there
        CASES[f"{_api}_empty_all"] = _axis_case(_api, None, False, (0, 3))
        CASES[f"{_api}_empty_axis0"] = _axis_case(_api, 0, False, (0, 3))
    CASES[f"{_api}_empty_axis1"] = _axis_case(_api, 1, True, (0, 3))


def _tensor_axis(api):
    def case(paddle, np):
        x = paddle.to_tensor(_float_data(np))
        return getattr(paddle, api)(x, axis=paddle.to_tensor([0, 2]))
    return case


def _tensor_axis_scalar(api):
    def case(paddle, np):
        x = paddle.to_tensor(_float_data(np))
        return getattr(paddle, api)(x, axis=paddle.to_tensor(1))
    return case


for _api in ["sum", "mean", "max", "min", "prod", "amax", "all", "logsumexp"]:
    CASES[f"{_api}_tensor_axis"] = _tensor_axis(_api)
    CASES[f"{_api}_tensor_axis_0d"] = _tensor_axis_scalar(_api)


def _arg_case(api, axis, keepdim, shape=(2, 3, 4)):
    def case(paddle, np):
        x = paddle.to_tensor(_float_data(np, shape))
        return getattr(paddle, api)(x, axis=axis, keepdim=keepdim)
    return case


for _api in ["argmax", "argmin"]:
    for _name, _axis in [("none", None), ("int", 1), ("neg", -1)]:
        for _keep in (False, True):
            CASES[f"{_api}_{_name}_keep{int(_keep)}"] = _arg_case(_api, _axis, _keep)
    CASES[f"{_api}_zero_d"] = _arg_case(_api, None, False, ())
    CASES[f"{_api}_zero_d_axis0"] = _arg_case(_api, 0, False, ())
    CASES[f"{_api}_empty_axis1"] = _arg_case(_api, 1, False, (0, 3))
    CASES[f"{_api}_out_of_range"] = _arg_case(_api, 3, False)
    CASES[f"{_api}_list_axis"] = _arg_case(_api, [1], False)
    CASES[f"{_api}_ties"] = (lambda api: lambda paddle, np: getattr(paddle, api)(
        paddle.to_tensor([[1.0, 3.0, 3.0, 1.0], [2.0, 2.0, 2.0, 2.0]]), axis=1))(_api)
    CASES[f"{_api}_nan"] = (lambda api: lambda paddle, np: getattr(paddle, api)(
        paddle.to_tensor([1.0, float("nan"), 3.0, float("nan")])))(_api)


def _scan_case(api, axis, shape=(2, 3, 4)):
    def case(paddle, np):
        return getattr(paddle, api)(paddle.to_tensor(_float_data(np, shape)), axis)
    return case


for _api in ["cumsum", "cumprod", "logcumsumexp", "cummax", "cummin"]:
    for _name, _axis in [("none", None), ("int", 1), ("neg", -1), ("zero", 0)]:
        CASES[f"{_api}_scan_{_name}"] = _scan_case(_api, _axis)
    CASES[f"{_api}_scan_zero_d"] = _scan_case(_api, None, ())
    CASES[f"{_api}_scan_zero_d_axis0"] = _scan_case(_api, 0, ())
    CASES[f"{_api}_scan_empty"] = _scan_case(_api, 0, (0, 3))
    CASES[f"{_api}_scan_empty_none"] = _scan_case(_api, None, (0, 3))
    CASES[f"{_api}_scan_out_of_range"] = _scan_case(_api, 3)


def _var_case(api, unbiased, shape, axis=None, dtype="float32", **kw):
    def case(paddle, np):
        x = paddle.to_tensor(_data(np, dtype, shape))
        return getattr(paddle, api)(x, axis=axis, unbiased=unbiased, **kw)
    return case


for _api in ["std", "var"]:
    for _unb in (True, False):
        CASES[f"{_api}_unbiased{int(_unb)}"] = _var_case(_api, _unb, (3, 4), 1)
        CASES[f"{_api}_single_unbiased{int(_unb)}"] = _var_case(_api, _unb, (1, 4), 0)
        CASES[f"{_api}_zero_d_unbiased{int(_unb)}"] = _var_case(_api, _unb, ())
    CASES[f"{_api}_int64"] = _var_case(_api, True, (3, 4), None, "int64")
CASES["var_correction0"] = _var_case("var", None, (3, 4), 1, correction=0)
CASES["var_correction2"] = _var_case("var", None, (3, 4), 1, correction=2)


def _mean_dtype(dtype, target):
    def case(paddle, np):
        return paddle.mean(paddle.to_tensor(_data(np, dtype)), dtype=target)
    return case


for _dt in ["int32", "int64", "float32"]:
    for _target in ["float32", "float64"]:
        CASES[f"mean_{_dt}_dtype_{_target}"] = _mean_dtype(_dt, _target)
CASES["mean_int_rounding"] = lambda paddle, np: paddle.mean(
    paddle.to_tensor(np.array([1, 2, 2, -7], "int64")))
CASES["mean_int_rounding_axis"] = lambda paddle, np: paddle.mean(
    paddle.to_tensor(np.array([[1, 2], [-2, -5]], "int32")), axis=1)


# ---- gradients ------------------------------------------------------------------------------
def _grad_case(api, array, **kwargs):
    def case(paddle, np):
        x = paddle.to_tensor(np.asarray(array, "float64"), stop_gradient=False)
        out = getattr(paddle, api)(x, **kwargs)
        if isinstance(out, (tuple, list)):
            out = out[0]
        weights = paddle.to_tensor(np.arange(1, out.size + 1, dtype="float64").reshape(
            out.shape))
        (gx,) = paddle.grad([(out * weights).sum()], [x])
        return out, gx
    return case


_TIES = [[1.0, 3.0, 3.0, 2.0], [5.0, 5.0, 5.0, 5.0], [0.0, -1.0, 4.0, 4.0]]
for _api in ["max", "min", "amax", "amin"]:
    CASES[f"{_api}_grad_ties_all"] = _grad_case(_api, _TIES)
    CASES[f"{_api}_grad_ties_axis1"] = _grad_case(_api, _TIES, axis=1)
    CASES[f"{_api}_grad_ties_axis0_keep"] = _grad_case(_api, _TIES, axis=0, keepdim=True)
    CASES[f"{_api}_grad_ties_axes"] = _grad_case(_api, _TIES, axis=[0, 1])

_ZEROS = [[1.0, 2.0, 3.0], [0.0, 2.0, 3.0], [0.0, 0.0, 4.0], [5.0, 0.5, 0.0]]
CASES["prod_grad_zeros_axis1"] = _grad_case("prod", _ZEROS, axis=1)
CASES["prod_grad_zeros_axis0"] = _grad_case("prod", _ZEROS, axis=0)
CASES["prod_grad_zeros_all"] = _grad_case("prod", [[1.0, 2.0], [0.0, 3.0]])
CASES["prod_grad_two_zeros_all"] = _grad_case("prod", [[1.0, 0.0], [0.0, 3.0]])
CASES["prod_grad_keepdim"] = _grad_case("prod", [[1.0, 2.0], [3.0, 4.0]], axis=0, keepdim=True)
CASES["cumprod_grad_zeros"] = _grad_case("cumprod", _ZEROS, dim=1)
CASES["cumprod_grad_zeros_dim0"] = _grad_case("cumprod", _ZEROS, dim=0)
CASES["cumprod_grad_flat"] = _grad_case("cumprod", [[1.0, 2.0], [0.0, 3.0]])
CASES["cumprod_grad_no_zeros"] = _grad_case("cumprod", [[1.0, 2.0, -3.0], [0.5, 3.0, 2.0]],
                                            dim=1)
CASES["cumsum_grad"] = _grad_case("cumsum", _ZEROS, axis=0)
CASES["cumsum_grad_flat"] = _grad_case("cumsum", _ZEROS)
CASES["sum_grad_keepdim"] = _grad_case("sum", _ZEROS, axis=1, keepdim=True)
CASES["mean_grad"] = _grad_case("mean", _ZEROS, axis=[0, 1])
CASES["logsumexp_grad"] = _grad_case("logsumexp", _ZEROS, axis=1)
CASES["logsumexp_grad_inf"] = _grad_case("logsumexp", [[-float("inf"), 0.0],
                                                       [-float("inf"), -float("inf")]], axis=1)
CASES["logsumexp_inf"] = lambda paddle, np: paddle.logsumexp(
    paddle.to_tensor([[float("inf"), 1.0], [-float("inf"), -float("inf")]]), axis=1)
CASES["std_grad"] = _grad_case("std", _ZEROS, axis=1)
CASES["var_grad"] = _grad_case("var", _ZEROS, axis=0, unbiased=False)
CASES["nansum_grad"] = _grad_case("nansum", [[1.0, float("nan")], [2.0, 3.0]], axis=1)
CASES["nanmean_grad"] = _grad_case("nanmean", [[1.0, float("nan")], [2.0, 3.0]], axis=1)
CASES["logcumsumexp_grad"] = _grad_case("logcumsumexp", _ZEROS, axis=1)
CASES["cummax_grad"] = _grad_case("cummax", _TIES, axis=1)
CASES["cummin_grad"] = _grad_case("cummin", _TIES, axis=0)


# ---- NaN handling --------------------------------------------------------------------------
_NAN = [[1.0, float("nan"), 3.0], [float("nan"), float("nan"), float("nan")]]
for _api in ["sum", "mean", "max", "min", "amax", "amin", "nansum", "nanmean", "logsumexp",
             "cummax", "cummin"]:
    CASES[f"{_api}_nan_axis1"] = (lambda api: lambda paddle, np: getattr(paddle, api)(
        paddle.to_tensor(_NAN), axis=1))(_api)


# ---- Tensor methods, numel, in-place scans -------------------------------------------------
CASES["method_sum"] = lambda paddle, np: paddle.to_tensor(_float_data(np)).sum(1, keepdim=True)
CASES["method_argmax"] = lambda paddle, np: paddle.to_tensor(_float_data(np)).argmax(-1)
CASES["method_cumsum"] = lambda paddle, np: paddle.to_tensor(_float_data(np)).cumsum(0)
CASES["numel"] = lambda paddle, np: paddle.numel(paddle.to_tensor(_float_data(np)))
CASES["numel_zero_d"] = lambda paddle, np: paddle.numel(paddle.to_tensor(1.0))
CASES["numel_empty"] = lambda paddle, np: paddle.numel(paddle.zeros([0, 3]))
CASES["method_numel"] = lambda paddle, np: paddle.to_tensor(_float_data(np)).numel()


def _inplace_scan(api, arg):
    def case(paddle, np):
        x = paddle.to_tensor(_float_data(np, (2, 3)))
        out = getattr(paddle, api)(x, arg)
        return out, x
    return case


CASES["cumsum_inplace"] = _inplace_scan("cumsum_", 1)
CASES["cumprod_inplace"] = _inplace_scan("cumprod_", 0)
CASES["cumsum_inplace_method"] = lambda paddle, np: paddle.to_tensor(
    _float_data(np, (2, 3))).cumsum_(0)

# ---- argument errors -----------------------------------------------------------------------
CASES["sum_list_input"] = lambda paddle, np: paddle.sum([1.0, 2.0])
CASES["sum_float_axis"] = lambda paddle, np: paddle.sum(paddle.ones([2, 2]), axis=1.5)
CASES["sum_str_axis"] = lambda paddle, np: paddle.sum(paddle.ones([2, 2]), axis="0")
CASES["cumsum_list_axis"] = lambda paddle, np: paddle.cumsum(paddle.ones([2, 2]), axis=[1])
CASES["argmax_list_axis"] = lambda paddle, np: paddle.argmax(paddle.ones([2, 2]), axis=[1])
CASES["argmax_float_axis"] = lambda paddle, np: paddle.argmax(paddle.ones([2, 3]), axis=1.0)
CASES["cummax_float_index"] = lambda paddle, np: paddle.cummax(paddle.ones([2, 3]), 1,
                                                               dtype="float32")
CASES["var_unbiased_and_correction"] = lambda paddle, np: paddle.var(
    paddle.ones([3]), unbiased=True, correction=0)
CASES["mean_list_input"] = lambda paddle, np: paddle.mean([1.0, 2.0])
CASES["max_list_input"] = lambda paddle, np: paddle.max([1.0, 2.0])
CASES["prod_tuple_axis_keep"] = lambda paddle, np: paddle.prod(
    paddle.to_tensor(_float_data(np)), axis=(0, 2), keepdim=True)
