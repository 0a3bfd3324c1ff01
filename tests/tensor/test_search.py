"""Sorting and searching beyond the goldens: libstdc++ tie orders, errors, gradients and speed
of the tie replay."""
import time

import numpy as np
import pytest

import paddle
from paddle._core.ops import search_rows, stl_order


def t(data, dtype=None, grad=False):
    x = paddle.to_tensor(np.asarray(data, dtype))
    x.stop_gradient = not grad
    return x


def _replayed(keys, algorithm, *args):
    return search_rows.replay(np.asarray(keys), algorithm, *args).tolist()


def test_stl_sort_is_stable_for_short_rows_and_not_for_long_ones():
    assert _replayed([1, 0, 1, 0], stl_order.sort) == [1, 3, 0, 2]
    keys = np.arange(40) % 3
    order = _replayed(keys, stl_order.sort)
    assert sorted(keys[order].tolist()) == keys[order].tolist()
    assert order != np.argsort(keys, kind="stable").tolist()


def test_stl_nth_element_and_partial_sort():
    keys = [3, 1, 2, 1, 3]
    v = list(zip(keys, range(5)))
    stl_order.nth_element(v, 1)
    assert v[1] == (1, 3)  # Paddle's kthvalue(k=2) of [3, 1, 2, 1, 3] reports index 3
    v = list(zip([-3, -1, -2, -1, -3], range(5)))
    stl_order.partial_sort(v, 3)
    assert [i for _, i in v[:3]] == [4, 0, 2]


def test_topk_ties_follow_paddle():
    values, indices = paddle.topk(t([[3.0, 1.0, 2.0, 1.0, 3.0]]), 3)
    assert indices.numpy().tolist() == [[4, 0, 2]]
    _, indices = paddle.topk(t([[4.0, -2.0, 4.0, 4.0, -2.0]]), 1)
    assert indices.numpy().tolist() == [[2]]


def test_topk_errors_and_tensor_k():
    x = t([[1.0, 2.0, 3.0]])
    with pytest.raises(ValueError, match="k"):
        paddle.topk(x, 0)
    with pytest.raises(ValueError, match="topk"):
        paddle.topk(x, 4)
    with pytest.raises(ValueError, match="axis"):
        paddle.topk(x, 1, axis=2)
    assert paddle.topk(x, paddle.to_tensor(2))[0].numpy().tolist() == [[3.0, 2.0]]


def test_topk_gradient_goes_to_selected_positions():
    x = t([1.0, 5.0, 3.0, 4.0], "float64", grad=True)
    values, _ = paddle.topk(x, 2)
    (values * t([1.0, 10.0], "float64")).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [0, 1, 0, 10])


def test_sort_descending_keeps_order_of_ties_and_puts_nan_first():
    x = t([2.0, float("nan"), 1.0, 2.0])
    assert paddle.argsort(x, descending=True, stable=True).numpy().tolist() == [1, 0, 3, 2]
    assert paddle.argsort(x).numpy().tolist() == [2, 0, 3, 1]


def test_sort_gradient_and_msort():
    x = t([[3.0, 1.0], [0.0, 2.0]], "float64", grad=True)
    (paddle.sort(x, axis=1) * t([[1.0, 2.0], [3.0, 4.0]], "float64")).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [[2, 1], [3, 4]])
    np.testing.assert_allclose(paddle.msort(t([[3.0, 1.0], [2.0, 4.0]])).numpy(),
                               [[2, 1], [3, 4]])


def test_tie_replay_is_fast_enough_on_long_rows():
    x = paddle.to_tensor((np.arange(20000) % 7).astype("float32"))
    start = time.perf_counter()
    paddle.argsort(x)
    paddle.topk(x, 5)
    assert time.perf_counter() - start < 5.0


def test_kthvalue_and_mode():
    values, indices = paddle.kthvalue(t([[3.0, 1.0, 2.0, 1.0, 3.0]]), 2)
    assert (values.item(), indices.item()) == (1.0, 3)
    values, indices = paddle.mode(t([[2.0, 1.0, 1.0, 2.0, 3.0]]))
    assert (values.item(), indices.item()) == (1.0, 2)
    with pytest.raises(ValueError, match="kthvalue"):
        paddle.kthvalue(t([1.0, 2.0]), 3)


def test_nonzero_forms():
    x = t([[0.0, 1.5], [2.0, 0.0]])
    assert paddle.nonzero(x).numpy().tolist() == [[0, 1], [1, 0]]
    rows, cols = paddle.nonzero(x, as_tuple=True)
    assert rows.numpy().tolist() == [0, 1] and cols.numpy().tolist() == [1, 0]
    assert paddle.argwhere(x).shape == [2, 2]
    with pytest.raises(ValueError, match="dimension"):
        paddle.nonzero(paddle.to_tensor(1.0))


def test_unique_forms_and_errors():
    x = t([2, 1, 2, 0], "int64")
    out, index, inverse, counts = paddle.unique(x, True, True, True, dtype="int32")
    assert out.numpy().tolist() == [0, 1, 2] and index.dtype == paddle.int32
    assert inverse.numpy().tolist() == [2, 1, 2, 0] and counts.numpy().tolist() == [1, 1, 2]
    with pytest.raises(TypeError, match="int32 or int64"):
        paddle.unique(x, return_index=True, dtype="float32")
    out, counts = paddle.unique_consecutive(t([1, 1, 2, 1], "int64"), return_counts=True)
    assert out.numpy().tolist() == [1, 2, 1] and counts.numpy().tolist() == [2, 1, 1]


def test_searchsorted_and_bucketize():
    seq = t([1.0, 3.0, 3.0, 5.0])
    assert paddle.searchsorted(seq, t([3.0, 6.0])).numpy().tolist() == [1, 4]
    assert paddle.searchsorted(seq, t([3.0]), side="right").numpy().tolist() == [3]
    assert paddle.searchsorted(seq, t([float("nan")])).numpy().tolist() == [4]
    out = paddle.searchsorted(t([5.0, 1.0, 3.0]), t([2.0]), sorter=t([1, 2, 0], "int64"))
    assert out.numpy().tolist() == [1]
    with pytest.raises(ValueError, match="side"):
        paddle.searchsorted(seq, t([1.0]), side="middle")
    assert paddle.bucketize(t([0.0, 4.0]), seq, out_int32=True).dtype == paddle.int32
    with pytest.raises(ValueError, match="1 dimension"):
        paddle.bucketize(t([0.0]), t([[1.0, 2.0]]))
    assert not hasattr(paddle.Tensor, "searchsorted")
