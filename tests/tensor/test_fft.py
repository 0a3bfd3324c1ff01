"""paddle.fft beyond the goldens: first and second gradients through real -> complex -> real
chains (checked numerically), fftshift over explicit axes (real Paddle 3.3.1 fails there),
tracing of the transforms, argument errors and the docstring examples."""
import doctest
import importlib

import numpy as np
import pytest
from gradcheck import check_double_vjp, check_vjp

import paddle

F = paddle.fft


def _power(z):
    return paddle.real(z) ** 2 + paddle.imag(z) ** 2


def _pair(t):
    return paddle.as_complex(paddle.stack([t, t * t], -1))


CHAINS = {
    "fft": lambda t: paddle.real(F.fft(t, n=8)) * paddle.imag(F.fft(t, n=8)),
    "ifft_ortho_axis0": lambda t: _power(F.ifft(t, axis=0, norm="ortho")),
    "rfft": lambda t: paddle.imag(F.rfft(t)) ** 2 + paddle.real(F.rfft(t)),
    "rfft_irfft": lambda t: F.irfft(F.rfft(t) * F.rfft(t), n=5) ** 2,
    "irfft_even": lambda t: F.irfft(_pair(t)) ** 2,
    "irfft_odd_forward": lambda t: F.irfft(_pair(t), n=11, norm="forward") ** 2,
    "hfft_ortho": lambda t: F.hfft(_pair(t), norm="ortho") ** 2,
    "ihfft": lambda t: _power(F.ihfft(t * t)),
    "rfft2_padded": lambda t: _power(F.rfft2(t * t, s=[4, 7])),
    "irfftn_axes": lambda t: F.irfftn(_pair(t), axes=[1, 0]) ** 2,
    "hfftn": lambda t: F.hfftn(_pair(t)) ** 2,
    "ihfftn_trimmed": lambda t: _power(F.ihfftn(t * t, s=[2, 5])),
}


@pytest.mark.parametrize("name", sorted(CHAINS))
def test_gradients_numerically(name):
    x = np.random.default_rng(3).uniform(-1, 1, (3, 6))
    check_vjp(CHAINS[name], [x])
    check_double_vjp(CHAINS[name], [x])


def test_float32_gradient_keeps_dtype():
    values = np.array([1.0, 2.0, 0.5, -1.0])
    x = paddle.to_tensor(values.astype("float32"), stop_gradient=False)
    (g,) = paddle.grad([_power(F.rfft(x)).sum()], [x])
    assert g.dtype == paddle.float32
    rows = np.exp(-2j * np.pi * np.outer(np.arange(3), np.arange(4)) / 4)
    expected = 2 * np.real(rows.conj().T @ (rows @ values))
    np.testing.assert_allclose(g.numpy(), expected, rtol=1e-6)


@pytest.mark.parametrize("axes", [0, 1, -1, [0, 2], (2, 0, 1)])
@pytest.mark.parametrize("name", ["fftshift", "ifftshift"])
def test_shift_axes_follow_numpy(name, axes):
    x = np.arange(30.0).reshape(2, 3, 5)
    got = getattr(F, name)(paddle.to_tensor(x), axes=axes)
    np.testing.assert_array_equal(got.numpy(), getattr(np.fft, name)(x, axes=axes))


def test_transforms_trace_with_inferred_shapes():
    from paddle._core.tracing import Tracer

    x = paddle.ones([3, 8])
    with Tracer() as tracer:
        y = F.irfft2(F.rfft2(x, s=[3, 6]), s=[3, 7])
    assert [op.opdef.name for op in tracer.ops if op.opdef is not None][-2:] == \
        ["fft_r2c", "fft_c2r"]
    assert y._data.value.meta.shape == (3, 7)


@pytest.mark.parametrize("call, kind, text", [
    (lambda: F.fft(paddle.ones([3]), n=-2), ValueError, "should be positive"),
    (lambda: F.fftn(paddle.ones([3, 3]), axes=[1, -1]), ValueError, "repeated"),
    (lambda: F.rfft(paddle.to_tensor([1j])), TypeError, "(rfft) x must be a real tensor"),
    (lambda: F.ifft(paddle.to_tensor([True])), TypeError, "bool"),
    (lambda: F.hfft([1.0, 2.0]), TypeError, "(hfft) x must be a Tensor"),
    (lambda: F.fftshift(paddle.ones([2]), axes="0"), TypeError, "axes"),
])
def test_errors(call, kind, text):
    with pytest.raises(kind, match=None) as info:
        call()
    assert text in str(info.value)


def test_out_argument_receives_result():
    out = paddle.zeros([3], dtype="complex64")
    result = F.rfft(paddle.to_tensor([1.0, 2.0, 3.0, 4.0]), out=out)
    np.testing.assert_allclose(out.numpy(), [10, -2 + 2j, -2])
    assert result is out or np.array_equal(result.numpy(), out.numpy())


@pytest.mark.parametrize("module", ["paddle.fft._one_dim", "paddle.fft._multi_dim",
                                    "paddle.fft._helpers"])
def test_docstring_examples_run(module):
    result = doctest.testmod(importlib.import_module(module),
                             optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 0


def test_paddle_keyword_aliases():
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    np.testing.assert_allclose(F.fft(input=x, dim=0).numpy(), np.fft.fft(x.numpy(), axis=0))
    np.testing.assert_allclose(F.rfftn(input=x, dim=[0]).numpy(),
                               np.fft.rfftn(x.numpy(), axes=[0]))
    np.testing.assert_array_equal(F.ifftshift(input=x, dim=1).numpy(),
                                  np.fft.ifftshift(x.numpy(), axes=1))
