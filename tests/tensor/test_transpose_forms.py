"""transpose (and its aliases swapaxes/swapdims, and the Tensor methods) accept Paddle 3.3's
PyTorch-style form transpose(x, dim0, dim1) besides the perm list; numbers checked against real
Paddle 3.3.1."""
from __future__ import annotations

import numpy as np
import pytest

import paddle


def _x():
    return paddle.to_tensor(np.arange(24, dtype="float32").reshape(2, 3, 4))


@pytest.mark.parametrize("call", [
    lambda x: paddle.transpose(x, 0, 2),
    lambda x: paddle.transpose(x, dim0=0, dim1=2),
    lambda x: paddle.transpose(x, axis0=0, axis1=-1),
    lambda x: paddle.transpose(input=x, dim0=2, dim1=0),
    lambda x: paddle.swapaxes(x, 0, 2),
    lambda x: paddle.swapdims(x, -1, 0),
    lambda x: x.transpose(0, 2),
    lambda x: x.swapaxes(0, 2),
], ids=["positional", "dim_kw", "axis_kw", "input_kw", "swapaxes", "swapdims", "method",
        "method_swapaxes"])
def test_two_axes_are_swapped(call):
    expected = np.swapaxes(_x().numpy(), 0, 2)
    np.testing.assert_array_equal(call(_x()).numpy(), expected)


def test_perm_forms_unchanged():
    x = _x()
    assert paddle.transpose(x, [1, 0, 2]).shape == [3, 2, 4]
    assert paddle.transpose(x, perm=[2, 1, 0]).shape == [4, 3, 2]
    assert paddle.transpose(input=x, perm=[1, 0, 2]).shape == [3, 2, 4]
    assert x.transpose([0, 2, 1]).shape == [2, 4, 3]


def test_swap_of_a_non_tensor_is_the_bindings_value_error():
    with pytest.raises(ValueError, match=r"^transpose\(\): argument 'x' \(position 0\) must be "
                                         r"Tensor, but got list$"):
        paddle.transpose([[1.0]], 0, 1)
