"""as_strided, shard_index, cartesian_prod, combinations and vander beyond the goldens:
overlapping windows accumulate their gradients (real Paddle 3.3.1 overwrites them), windows
that would read past the input or misaligned offsets are errors (Paddle reads garbage), numeric
gradients, and the docstring examples."""
import doctest
import importlib

import numpy as np
import pytest
from gradcheck import check_double_vjp, check_vjp

import paddle


def test_overlapping_windows_accumulate_gradient():
    x = paddle.arange(6, dtype="float64")
    x.stop_gradient = False
    paddle.as_strided(x, [2, 3], [1, 1]).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), [1, 2, 2, 1, 0, 0])


@pytest.mark.parametrize("shape, stride, offset, text", [
    ([3, 3], [2, 2], 0, "reach element"),
    ([2], [1], 2, "multiple of the element size"),
    ([2], [1, 1], 0, "same length"),
    ([2], [-1], 0, "non-negative"),
])
def test_as_strided_rejects_windows_outside_the_input(shape, stride, offset, text):
    with pytest.raises(ValueError, match=text):
        paddle.as_strided(paddle.arange(4, dtype="float32"), shape, stride, offset)


def test_shard_index_rejects_negative_ids():
    with pytest.raises(ValueError, match="shard_index"):
        paddle.shard_index(paddle.to_tensor([[-1]]), 20, 2, 0)


@pytest.mark.parametrize("fn", [
    lambda t: paddle.vander(t, 4) ** 2,
    lambda t: paddle.combinations(t, 3).prod(1),
    lambda t: paddle.combinations(t, 2, True).prod(1),
    lambda t: paddle.cartesian_prod([t, t * t]).prod(1),
    lambda t: paddle.as_strided(t, [3, 2], [1, 2]) ** 3,
])
def test_numeric_gradients(fn):
    x = np.random.default_rng(4).uniform(-1, 1, (5,))
    check_vjp(fn, [x])
    check_double_vjp(fn, [x])


@pytest.mark.parametrize("module", ["paddle.tensor.math_combinatorics",
                                    "paddle.tensor.manip_strided", "paddle.tensor.attribute"])
def test_docstring_examples_run(module):
    result = doctest.testmod(importlib.import_module(module),
                             optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 0
