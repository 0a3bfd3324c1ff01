"""Sorting and searching: sort/argsort/topk/kthvalue/mode (ties, NaN, stability, gradients),
nonzero/argwhere, unique/unique_consecutive, searchsorted/bucketize, histograms, bincount."""

CASES = {}

TIES = [[3.0, 1.0, 2.0, 1.0, 3.0], [0.5, 0.5, 0.5, -1.0, 2.0], [4.0, -2.0, 4.0, 4.0, -2.0]]
NAN = [[3.0, float("nan"), 1.0, -float("inf")], [float("nan"), 2.0, float("nan"), 0.0]]


def _grad(fn, data, index=0):
    """Output `index` of fn(x) and d(sum(out * weights))/dx."""
    def case(paddle, np):
        x = paddle.to_tensor(np.asarray(data, "float64"), stop_gradient=False)
        result = fn(paddle, x)
        out = result[index] if isinstance(result, (tuple, list)) else result
        weights = paddle.to_tensor(np.arange(1, out.size + 1, dtype="float64").reshape(
            out.shape))
        (gx,) = paddle.grad([(out * weights).sum()], [x])
        return result, gx
    return case


def _on(data, fn, dtype="float32"):
    def case(paddle, np):
        return fn(paddle, paddle.to_tensor(np.asarray(data).astype(dtype)))
    return case


def _rand(shape, seed=0):
    import numpy as np
    return np.random.default_rng(seed).permutation(int(np.prod(shape))).reshape(shape) - 5


# ---- sort / argsort / msort ---------------------------------------------------------------
for _axis in (-1, 0, 1):
    for _desc in (False, True):
        for _stable in (False, True):
            _tag = f"axis{_axis}_desc{int(_desc)}_stable{int(_stable)}"
            CASES[f"sort_{_tag}"] = _on(TIES, lambda p, x, a=_axis, d=_desc, s=_stable: p.sort(
                x, axis=a, descending=d, stable=s))
            CASES[f"argsort_{_tag}"] = _on(TIES, lambda p, x, a=_axis, d=_desc, s=_stable:
                                           p.argsort(x, axis=a, descending=d, stable=s))
for _dt in ["bool", "uint8", "int16", "int32", "int64", "float16", "float32", "float64"]:
    CASES[f"sort_dtype_{_dt}"] = _on(TIES, lambda p, x: p.sort(x), _dt)
    CASES[f"argsort_dtype_{_dt}"] = _on(TIES, lambda p, x: p.argsort(x, descending=True), _dt)
    CASES[f"topk_dtype_{_dt}"] = _on(TIES, lambda p, x: p.topk(x, 2), _dt)
CASES["sort_nan"] = _on(NAN, lambda p, x: p.sort(x))
CASES["sort_nan_desc"] = _on(NAN, lambda p, x: p.sort(x, descending=True))
CASES["argsort_nan"] = _on(NAN, lambda p, x: p.argsort(x))
CASES["argsort_nan_desc"] = _on(NAN, lambda p, x: p.argsort(x, descending=True))
CASES["sort_zero_d"] = _on(2.5, lambda p, x: p.sort(x))
CASES["argsort_zero_d"] = _on(2.5, lambda p, x: p.argsort(x))
CASES["sort_empty"] = _on([[], []], lambda p, x: p.sort(x))
CASES["argsort_empty"] = _on([[], []], lambda p, x: p.argsort(x, axis=0))
CASES["sort_axis_out_of_range"] = _on(TIES, lambda p, x: p.sort(x, axis=2))
CASES["argsort_axis_out_of_range"] = _on(TIES, lambda p, x: p.argsort(x, axis=-3))
CASES["sort_big_stable"] = _on(_rand((4, 30)) % 7, lambda p, x: p.argsort(x, stable=True))
CASES["sort_big_desc_stable"] = _on(_rand((4, 30)) % 7, lambda p, x: p.argsort(
    x, descending=True, stable=True))
CASES["sort_method"] = _on(TIES, lambda p, x: x.sort(0))
CASES["argsort_method"] = _on(TIES, lambda p, x: x.argsort(descending=True))
CASES["msort"] = _on(TIES, lambda p, x: p.msort(x))
CASES["msort_method"] = _on(TIES, lambda p, x: x.msort())
CASES["sort_grad"] = _grad(lambda p, x: p.sort(x, axis=1), TIES)
CASES["sort_grad_desc"] = _grad(lambda p, x: p.sort(x, axis=0, descending=True), TIES)

# ---- topk ----------------------------------------------------------------------------------
for _k in (1, 3, 5):
    for _largest in (True, False):
        CASES[f"topk_k{_k}_largest{int(_largest)}"] = _on(
            TIES, lambda p, x, k=_k, lg=_largest: p.topk(x, k, largest=lg))
CASES["topk_axis0"] = _on(TIES, lambda p, x: p.topk(x, 2, axis=0))
CASES["topk_axis_neg"] = _on(TIES, lambda p, x: p.topk(x, 2, axis=-2, largest=False))
CASES["topk_unsorted"] = _on(_rand((2, 10)), lambda p, x: p.topk(x, 4, sorted=False))
CASES["topk_tensor_k"] = _on(TIES, lambda p, x: p.topk(x, p.to_tensor(2)))
CASES["topk_tensor_k_1d"] = _on(TIES, lambda p, x: p.topk(x, p.to_tensor([2])))
CASES["topk_k_too_big"] = _on(TIES, lambda p, x: p.topk(x, 6))
CASES["topk_k_zero"] = _on(TIES, lambda p, x: p.topk(x, 0))
CASES["topk_k_negative"] = _on(TIES, lambda p, x: p.topk(x, -1))
CASES["topk_zero_d"] = _on(1.5, lambda p, x: p.topk(x, 1))
CASES["topk_1d"] = _on([1.0, 5.0, 3.0], lambda p, x: p.topk(x, 2))
CASES["topk_nan"] = _on(NAN, lambda p, x: p.topk(x, 2))
CASES["topk_nan_smallest"] = _on(NAN, lambda p, x: p.topk(x, 2, largest=False))
CASES["topk_axis_out_of_range"] = _on(TIES, lambda p, x: p.topk(x, 1, axis=2))
CASES["topk_method"] = _on(TIES, lambda p, x: x.topk(2, axis=0))
CASES["topk_grad"] = _grad(lambda p, x: p.topk(x, 2), TIES)
CASES["topk_grad_axis0_smallest"] = _grad(lambda p, x: p.topk(x, 2, axis=0, largest=False),
                                          TIES)

# ---- kthvalue / mode -----------------------------------------------------------------------
for _k in (1, 2, 5):
    CASES[f"kthvalue_k{_k}"] = _on(TIES, lambda p, x, k=_k: p.kthvalue(x, k))
CASES["kthvalue_axis0_keep"] = _on(TIES, lambda p, x: p.kthvalue(x, 2, axis=0, keepdim=True))
CASES["kthvalue_k_too_big"] = _on(TIES, lambda p, x: p.kthvalue(x, 6))
CASES["kthvalue_k_zero"] = _on(TIES, lambda p, x: p.kthvalue(x, 0))
CASES["kthvalue_zero_d"] = _on(1.5, lambda p, x: p.kthvalue(x, 1))
CASES["kthvalue_nan"] = _on(NAN, lambda p, x: p.kthvalue(x, 2))
CASES["kthvalue_int64"] = _on(TIES, lambda p, x: p.kthvalue(x, 3), "int64")
CASES["kthvalue_grad"] = _grad(lambda p, x: p.kthvalue(x, 2, axis=1), TIES)
CASES["kthvalue_method"] = _on(TIES, lambda p, x: x.kthvalue(3, 0))
CASES["mode"] = _on(TIES, lambda p, x: p.mode(x))
CASES["mode_axis0_keep"] = _on(TIES, lambda p, x: p.mode(x, axis=0, keepdim=True))
CASES["mode_int64"] = _on(TIES, lambda p, x: p.mode(x), "int64")
CASES["mode_all_distinct"] = _on([[3.0, 1.0, 2.0], [9.0, 8.0, 7.0]], lambda p, x: p.mode(x))
CASES["mode_multi_ties"] = _on([[2.0, 1.0, 1.0, 2.0, 3.0]], lambda p, x: p.mode(x))
CASES["mode_zero_d"] = _on(1.5, lambda p, x: p.mode(x))
CASES["mode_nan"] = _on([[1.0, float("nan"), float("nan"), 2.0]], lambda p, x: p.mode(x))
CASES["mode_grad"] = _grad(lambda p, x: p.mode(x), TIES)
CASES["mode_method"] = _on(TIES, lambda p, x: x.mode(0))

# ---- nonzero / argwhere --------------------------------------------------------------------
_NZ = [[0.0, 1.5, 0.0], [2.0, 0.0, -1.0]]
CASES["nonzero"] = _on(_NZ, lambda p, x: p.nonzero(x))
CASES["nonzero_tuple"] = _on(_NZ, lambda p, x: p.nonzero(x, as_tuple=True))
CASES["nonzero_bool"] = _on(_NZ, lambda p, x: p.nonzero(x != 0), "float32")
CASES["nonzero_int"] = _on(_NZ, lambda p, x: p.nonzero(x), "int32")
CASES["nonzero_1d_tuple"] = _on([0.0, 3.0, 4.0], lambda p, x: p.nonzero(x, as_tuple=True))
CASES["nonzero_zero_d"] = _on(3.0, lambda p, x: p.nonzero(x))
CASES["nonzero_zero_d_false"] = _on(0.0, lambda p, x: p.nonzero(x))
CASES["nonzero_zero_d_tuple"] = _on(3.0, lambda p, x: p.nonzero(x, as_tuple=True))
CASES["nonzero_none"] = _on([[0.0, 0.0]], lambda p, x: p.nonzero(x))
CASES["nonzero_none_tuple"] = _on([[0.0, 0.0]], lambda p, x: p.nonzero(x, as_tuple=True))
CASES["nonzero_method"] = _on(_NZ, lambda p, x: x.nonzero())
CASES["argwhere"] = _on(_NZ, lambda p, x: p.argwhere(x))
CASES["argwhere_zero_d"] = _on(1.0, lambda p, x: p.argwhere(x))
CASES["argwhere_method"] = _on(_NZ, lambda p, x: x.argwhere())

# ---- unique / unique_consecutive -----------------------------------------------------------
_U = [[2, 1, 2, 0], [1, 1, 3, 0], [2, 1, 2, 0]]
CASES["unique"] = _on(_U, lambda p, x: p.unique(x))
CASES["unique_all"] = _on(_U, lambda p, x: p.unique(x, True, True, True))
CASES["unique_int32"] = _on(_U, lambda p, x: p.unique(x, True, True, True, dtype="int32"))
CASES["unique_float"] = _on(_U, lambda p, x: p.unique(x, return_counts=True), "float32")
CASES["unique_bool"] = _on(_U, lambda p, x: p.unique(x, return_inverse=True), "bool")
CASES["unique_axis0"] = _on(_U, lambda p, x: p.unique(x, True, True, True, axis=0))
CASES["unique_axis1"] = _on(_U, lambda p, x: p.unique(x, True, True, True, axis=1))
CASES["unique_axis_neg"] = _on(_U, lambda p, x: p.unique(x, return_inverse=True, axis=-1))
CASES["unique_zero_d"] = _on(3, lambda p, x: p.unique(x, True, True, True))
CASES["unique_empty"] = _on(_U, lambda p, x: p.unique(x[:0], True, True, True))
CASES["unique_nan"] = _on([1.0, float("nan"), 1.0, float("nan")], lambda p, x: p.unique(
    x, return_counts=True))
CASES["unique_unsorted"] = _on(_U, lambda p, x: p.unique(x, sorted=False))
CASES["unique_method"] = _on(_U, lambda p, x: x.unique(return_counts=True))
CASES["unique_consecutive"] = _on([1, 1, 2, 2, 3, 1, 1, 2], lambda p, x: p.unique_consecutive(x))
CASES["unique_consecutive_all"] = _on([1, 1, 2, 2, 3, 1, 1, 2], lambda p, x:
                                      p.unique_consecutive(x, True, True))
CASES["unique_consecutive_2d"] = _on(_U, lambda p, x: p.unique_consecutive(x, True, True))
CASES["unique_consecutive_axis0"] = _on([[1, 2], [1, 2], [3, 4], [1, 2]], lambda p, x:
                                        p.unique_consecutive(x, True, True, axis=0))
CASES["unique_consecutive_axis1"] = _on([[1, 1, 2], [3, 3, 4]], lambda p, x:
                                        p.unique_consecutive(x, True, True, axis=-1))
CASES["unique_consecutive_int32"] = _on([1, 1, 2], lambda p, x: p.unique_consecutive(
    x, True, True, dtype="int32"))
CASES["unique_consecutive_float"] = _on([1.5, 1.5, 2.0], lambda p, x: p.unique_consecutive(x),
                                        "float64")
CASES["unique_consecutive_zero_d"] = _on(3, lambda p, x: p.unique_consecutive(x, True, True))
CASES["unique_consecutive_empty"] = _on([], lambda p, x: p.unique_consecutive(x, True, True))
CASES["unique_consecutive_method"] = _on([1, 1, 2], lambda p, x: x.unique_consecutive())

# ---- searchsorted / bucketize --------------------------------------------------------------
_SEQ = [1.0, 3.0, 3.0, 5.0, 7.0]
_VALS = [[0.0, 3.0, 4.0], [7.0, 8.0, 5.0]]


def _search(seq, vals, dtype="float32", **kwargs):
    def case(paddle, np):
        s = paddle.to_tensor(np.asarray(seq).astype(dtype))
        v = paddle.to_tensor(np.asarray(vals).astype(dtype))
        return paddle.searchsorted(s, v, **kwargs)
    return case


CASES["searchsorted"] = _search(_SEQ, _VALS)
CASES["searchsorted_right"] = _search(_SEQ, _VALS, right=True)
CASES["searchsorted_int32"] = _search(_SEQ, _VALS, out_int32=True)
CASES["searchsorted_int64"] = _search(_SEQ, _VALS, "int64", right=True)
CASES["searchsorted_side_right"] = _search(_SEQ, _VALS, side="right")
CASES["searchsorted_nd"] = _search([[1.0, 3.0, 5.0], [2.0, 4.0, 6.0]], [[3.0, 0.0], [6.0, 4.0]])
CASES["searchsorted_nd_mismatch"] = _search([[1.0, 3.0, 5.0], [2.0, 4.0, 6.0]], [[3.0, 0.0]])
CASES["searchsorted_zero_d"] = _search(_SEQ, 3.0)
CASES["searchsorted_nan"] = _search([1.0, 2.0, float("nan")], [float("nan"), 1.5])
CASES["searchsorted_sorter"] = lambda paddle, np: paddle.searchsorted(
    paddle.to_tensor([5.0, 1.0, 3.0]), paddle.to_tensor([2.0, 4.0]),
    sorter=paddle.to_tensor([1, 2, 0]))
CASES["searchsorted_dtype_mismatch"] = lambda paddle, np: paddle.searchsorted(
    paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([1, 2]))
CASES["bucketize"] = lambda paddle, np: paddle.bucketize(
    paddle.to_tensor(_VALS), paddle.to_tensor(_SEQ))
CASES["bucketize_right_int32"] = lambda paddle, np: paddle.bucketize(
    paddle.to_tensor(_VALS), paddle.to_tensor(_SEQ), out_int32=True, right=True)
CASES["bucketize_2d_seq"] = lambda paddle, np: paddle.bucketize(
    paddle.to_tensor(_VALS), paddle.to_tensor([_SEQ, _SEQ]))
CASES["bucketize_method"] = lambda paddle, np: paddle.to_tensor(_VALS).bucketize(
    paddle.to_tensor(_SEQ))

# ---- histograms / bincount -----------------------------------------------------------------
_H = [[1.0, 2.0, 1.0], [0.5, 3.0, 4.0], [4.0, 4.0, -1.0]]
CASES["histogram"] = _on(_H, lambda p, x: p.histogram(x, bins=4))
CASES["histogram_range"] = _on(_H, lambda p, x: p.histogram(x, bins=3, min=0, max=3))
CASES["histogram_int"] = _on(_H, lambda p, x: p.histogram(x, bins=5), "int64")
CASES["histogram_weight"] = _on(_H, lambda p, x: p.histogram(
    x, bins=4, weight=p.ones_like(x) * 0.5))
CASES["histogram_density"] = _on(_H, lambda p, x: p.histogram(x, bins=4, density=True))
CASES["histogram_same"] = _on([2.0, 2.0], lambda p, x: p.histogram(x, bins=4))
CASES["histogram_empty"] = _on([], lambda p, x: p.histogram(x, bins=3))
CASES["histogram_bad_range"] = _on(_H, lambda p, x: p.histogram(x, bins=3, min=3, max=1))
CASES["histogram_bad_bins"] = _on(_H, lambda p, x: p.histogram(x, bins=0))
CASES["histogram_method"] = _on(_H, lambda p, x: x.histogram(4))
CASES["histogram_bin_edges"] = _on(_H, lambda p, x: p.histogram_bin_edges(x, bins=4))
CASES["histogram_bin_edges_range"] = _on(_H, lambda p, x: p.histogram_bin_edges(x, 3, 0, 3))
CASES["histogram_bin_edges_same"] = _on([2.0, 2.0], lambda p, x: p.histogram_bin_edges(x, 4))
CASES["histogramdd"] = _on(_H, lambda p, x: p.histogramdd(x, bins=2))
CASES["histogramdd_bins_list"] = _on(_H, lambda p, x: p.histogramdd(x, bins=[2, 3, 1]))
CASES["histogramdd_ranges"] = _on(_H, lambda p, x: p.histogramdd(
    x, bins=2, ranges=[0.0, 4.0, 0.0, 4.0, -1.0, 4.0], density=True))
CASES["histogramdd_weights"] = _on(_H, lambda p, x: p.histogramdd(
    x, bins=2, weights=p.to_tensor([1.0, 2.0, 3.0])))
CASES["histogramdd_edges"] = _on(_H, lambda p, x: p.histogramdd(
    x, bins=[p.to_tensor([0.0, 2.0, 5.0])] * 3))
CASES["bincount"] = _on([1, 2, 1, 4, 0], lambda p, x: p.bincount(x), "int64")
CASES["bincount_int32"] = _on([1, 2, 1, 4, 0], lambda p, x: p.bincount(x), "int32")
CASES["bincount_minlength"] = _on([1, 2, 1], lambda p, x: p.bincount(x, minlength=6), "int64")
CASES["bincount_weights"] = _on([1, 2, 1], lambda p, x: p.bincount(
    x, weights=p.to_tensor([0.5, 1.0, 2.0])), "int64")
CASES["bincount_weights_f64"] = lambda paddle, np: paddle.bincount(
    paddle.to_tensor([1, 2, 1]), weights=paddle.to_tensor(np.array([0.5, 1.0, 2.0])))
CASES["bincount_weights_int"] = _on([1, 2, 1], lambda p, x: p.bincount(
    x, weights=p.to_tensor([3, 1, 2])), "int64")
CASES["bincount_empty"] = _on([], lambda p, x: p.bincount(x), "int64")
CASES["bincount_negative"] = _on([1, -2], lambda p, x: p.bincount(x), "int64")
CASES["bincount_float"] = _on([1, 2], lambda p, x: p.bincount(x), "float32")
CASES["bincount_2d"] = _on([[1, 2]], lambda p, x: p.bincount(x), "int64")
CASES["bincount_method"] = _on([1, 2, 1], lambda p, x: x.bincount(), "int64")

# ---- libstdc++ tie orders on longer rows ---------------------------------------------------
_LONG = (_rand((3, 40)) % 5).astype(float)
CASES["argsort_unstable_long_ties"] = _on(_LONG, lambda p, x: p.argsort(x))
CASES["argsort_unstable_long_ties_desc"] = _on(_LONG, lambda p, x: p.argsort(x, descending=True))
CASES["sort_unstable_long_ties_axis0"] = _on(_LONG.T, lambda p, x: p.argsort(x, axis=0))
CASES["topk_long_ties"] = _on(_LONG, lambda p, x: p.topk(x, 7))
CASES["topk_long_ties_smallest_unsorted"] = _on(_LONG, lambda p, x: p.topk(
    x, 9, largest=False, sorted=False))
CASES["topk_partial_sort_path"] = _on((_rand((2, 300)) % 11).astype(float),
                                      lambda p, x: p.topk(x, 3))
CASES["kthvalue_long_ties"] = _on(_LONG, lambda p, x: p.kthvalue(x, 11))
CASES["kthvalue_partial_sort_path"] = _on((_rand((2, 300)) % 11).astype(float),
                                          lambda p, x: p.kthvalue(x, 2))
CASES["mode_long_ties"] = _on(_LONG, lambda p, x: p.mode(x))
CASES["mode_long_ties_grad"] = _grad(lambda p, x: p.mode(x), _LONG)
CASES["topk_long_ties_grad"] = _grad(lambda p, x: p.topk(x, 5), _LONG)
CASES["sort_long_ties_grad"] = _grad(lambda p, x: p.sort(x), _LONG)

# ---- argument errors -----------------------------------------------------------------------
CASES["sort_list_input"] = lambda paddle, np: paddle.sort([3.0, 1.0])
CASES["topk_list_input"] = lambda paddle, np: paddle.topk([3.0, 1.0], 1)
CASES["unique_consecutive_bad_axis"] = _on(_U, lambda p, x: p.unique_consecutive(x, axis=2))
CASES["kthvalue_axis_out_of_range"] = _on(TIES, lambda p, x: p.kthvalue(x, 1, axis=3))
CASES["mode_axis_out_of_range"] = _on(TIES, lambda p, x: p.mode(x, axis=-3))
CASES["histogramdd_tuple_edges"] = _on(_H, lambda p, x: p.histogramdd(
    x, bins=(p.to_tensor([0.0, 2.0, 5.0]), p.to_tensor([1.0, 3.0, 4.5]),
             p.to_tensor([-1.0, 0.0, 2.0, 4.0]))))
CASES["histogramdd_3d_input"] = _on([[[0.5, 1.0], [2.0, 0.0]], [[1.5, 1.5], [0.2, 0.8]]],
                                    lambda p, x: p.histogramdd(x, bins=[2, 3]))
CASES["histogram_int_range"] = _on(_H, lambda p, x: p.histogram(x, bins=4, min=0, max=4),
                                   "int64")
CASES["bincount_tensor_minlength"] = _on([1, 2], lambda p, x: p.bincount(
    x, minlength=p.to_tensor(4)), "int64")
