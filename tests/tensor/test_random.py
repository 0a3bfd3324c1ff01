"""Random numbers: reproducibility from paddle.seed, resuming a stream from a saved state,
distributions (checked statistically), in-place fills, tracing, and errors."""
from __future__ import annotations

import pickle

import numpy as np
import pytest

import paddle
from paddle._core.tracing import Tracer


def _np(t):
    return t.numpy().astype(np.float64)


# ---- seeding and state ----------------------------------------------------------------------

def test_same_seed_same_numbers_across_ops():
    def draw():
        return [paddle.rand([3]), paddle.randn([2]), paddle.randint(0, 100, [4]),
                paddle.randperm(5), paddle.multinomial(paddle.to_tensor([0.3, 0.7]), 3, True),
                paddle.zeros([3]).uniform_(), paddle.bernoulli(paddle.full([4], 0.5))]

    paddle.seed(2024)
    first = [t.numpy() for t in draw()]
    paddle.seed(2024)
    second = [t.numpy() for t in draw()]
    for a, b in zip(first, second):
        np.testing.assert_array_equal(a, b)
    paddle.seed(2025)
    assert not np.array_equal(first[0], paddle.rand([3]).numpy())


def test_set_rng_state_resumes_the_stream():
    paddle.seed(5)
    paddle.rand([10])
    state = paddle.get_rng_state()
    expected = [paddle.rand([3]).numpy(), paddle.randn([2, 2]).numpy()]
    paddle.rand([100])
    paddle.set_rng_state(state)
    np.testing.assert_array_equal(paddle.rand([3]).numpy(), expected[0])
    np.testing.assert_array_equal(paddle.randn([2, 2]).numpy(), expected[1])


def test_state_survives_pickling_like_a_checkpoint():
    paddle.seed(9)
    blob = pickle.dumps(paddle.get_rng_state())
    expected = paddle.rand([4]).numpy()
    paddle.rand([7])
    paddle.set_rng_state(pickle.loads(blob))
    np.testing.assert_array_equal(paddle.rand([4]).numpy(), expected)


def test_generator_api():
    gen = paddle.seed(123)
    assert gen is paddle.Generator() and gen is paddle.Generator("cpu")
    assert gen.initial_seed() == 123
    state = gen.get_state()
    assert state.current_seed() == 123
    raw = gen.random()
    gen.set_state(state)
    assert gen.random() == raw
    new_seed = gen.seed()
    assert gen.initial_seed() == new_seed and 0 <= new_seed < 2**53
    assert paddle.manual_seed is paddle.seed


def test_registered_state_indices_keep_separate_streams():
    gen = paddle.seed(1)
    other = paddle.seed(2).get_state()
    paddle.seed(1)
    index = gen.register_state_index(other)
    assert index == 1 and gen.get_state_index() == 0
    main_first = paddle.rand([2]).numpy()
    gen.set_state_index(index)
    other_first = paddle.rand([2]).numpy()
    gen.set_state_index(0)
    main_second = paddle.rand([2]).numpy()
    paddle.seed(1)
    np.testing.assert_array_equal(paddle.rand([4]).numpy(), np.r_[main_first, main_second])
    paddle.seed(2)
    np.testing.assert_array_equal(paddle.rand([2]).numpy(), other_first)
    with pytest.raises(IndexError):
        gen.set_state_index(5)


def test_named_generators():
    paddle.framework.random.set_random_seed_generator("dropout", 4)
    gen = paddle.framework.random.get_random_seed_generator("dropout")
    assert gen.initial_seed() == 4 and gen is not paddle.Generator()
    with pytest.raises(ValueError, match="No generator named"):
        paddle.framework.random.get_random_seed_generator("missing")


def test_seed_and_state_errors():
    with pytest.raises(TypeError):
        paddle.seed(-1)
    with pytest.raises(TypeError):
        paddle.seed(2**64)
    with pytest.raises(ValueError):
        paddle.set_rng_state([])
    with pytest.raises(TypeError):
        paddle.set_rng_state(paddle.get_rng_state()[0])
    with pytest.raises(TypeError, match="GeneratorState"):
        paddle.Generator().set_state(5)
    with pytest.raises(ValueError):
        paddle.get_rng_state("tpu")
    assert paddle.get_cuda_rng_state() == []
    paddle.set_cuda_rng_state([])


def test_per_op_seed_repeats_without_touching_the_global_stream():
    paddle.seed(3)
    expected = paddle.rand([3]).numpy()
    paddle.seed(3)
    a = paddle.uniform([3], seed=42)
    b = paddle.uniform([3], seed=42)
    np.testing.assert_array_equal(a.numpy(), b.numpy())
    np.testing.assert_array_equal(paddle.rand([3]).numpy(), expected)


# ---- distributions ---------------------------------------------------------------------------

N = 50000


def test_uniform_family_statistics():
    paddle.seed(0)
    x = _np(paddle.uniform([N], "float64", -2.0, 6.0))
    assert x.min() >= -2 and x.max() < 6
    assert abs(x.mean() - 2.0) < 0.05 and abs(x.var() - 64 / 12) < 0.1
    z = paddle.rand([N], "complex128").numpy()
    assert 0 <= z.real.min() and z.imag.max() < 1 and abs(z.imag.mean() - 0.5) < 0.01
    h = paddle.rand([1000], "float16").numpy()
    assert h.dtype == np.float16 and h.min() >= 0 and h.max() <= 1


def test_normal_family_statistics():
    paddle.seed(0)
    x = _np(paddle.normal(3.0, 2.0, [N]))
    assert abs(x.mean() - 3.0) < 0.05 and abs(x.std() - 2.0) < 0.05
    z = paddle.normal(1 + 1j, 2.0, [N]).numpy()
    assert z.dtype == np.complex64
    assert abs(z.real.mean() - 1) < 0.03 and abs(z.imag.std() - 2 / np.sqrt(2)) < 0.03
    y = _np(paddle.log_normal(0.5, 0.25, [N]))
    assert abs(np.log(y).mean() - 0.5) < 0.01 and abs(np.log(y).std() - 0.25) < 0.01


def test_normal_with_tensor_parameters_broadcasts_and_differentiates():
    paddle.seed(0)
    mean = paddle.to_tensor([[0.0], [100.0]], stop_gradient=False)
    std = paddle.to_tensor([1.0, 2.0, 0.0], stop_gradient=False)
    x = paddle.normal(mean, std)
    assert x.shape == [2, 3]
    np.testing.assert_allclose(x.numpy()[:, 2], [0.0, 100.0])
    x.sum().backward()
    np.testing.assert_allclose(mean.grad.numpy(), [[3.0], [3.0]])
    assert std.grad.shape == [3]
    same_size = paddle.normal(paddle.zeros([2, 2]), paddle.ones([4]))
    assert same_size.shape == [2, 2]
    many = _np(paddle.normal(paddle.full([N], 3.0), paddle.full([N], 0.5)))
    assert abs(many.mean() - 3) < 0.02 and abs(many.std() - 0.5) < 0.02


def test_integer_samplers():
    paddle.seed(0)
    x = paddle.randint(-3, 4, [N]).numpy()
    assert x.dtype == np.int64 and set(np.unique(x)) == set(range(-3, 4))
    counts = np.bincount(x + 3) / N
    np.testing.assert_allclose(counts, 1 / 7, atol=0.01)
    perm = paddle.randperm(1000, "int32").numpy()
    assert perm.dtype == np.int32 and sorted(perm) == list(range(1000))
    like = paddle.randint_like(paddle.zeros([N], "bool"), 0, 2).numpy()
    assert like.dtype == np.bool_ and 0.45 < like.mean() < 0.55


def test_multinomial_frequencies():
    paddle.seed(0)
    probs = paddle.to_tensor([[1.0, 3.0, 6.0], [5.0, 0.0, 5.0]])
    draws = paddle.multinomial(probs, 20000, True).numpy()
    np.testing.assert_allclose(np.bincount(draws[0], minlength=3) / 20000, [0.1, 0.3, 0.6],
                               atol=0.015)
    assert 1 not in draws[1]
    rows = paddle.to_tensor([[1.0, 3.0, 6.0]] * 20000)
    picks = paddle.multinomial(rows, 3).numpy()
    assert (np.sort(picks, axis=1) == [0, 1, 2]).all()
    # successive sampling: P(first = 0) = 0.1; P(second = 0) = 0.3*1/7 + 0.6*1/4
    np.testing.assert_allclose((picks[:, 1] == 0).mean(), 0.3 / 7 + 0.6 / 4, atol=0.015)
    assert paddle.multinomial(paddle.zeros([0, 3]), 2, True).shape == [0, 2]


def test_elementwise_samplers():
    paddle.seed(0)
    p = paddle.full([N], 0.3)
    assert abs(_np(paddle.bernoulli(p)).mean() - 0.3) < 0.01
    rates = paddle.full([N], 4.0, "float64")
    counts = _np(paddle.poisson(rates))
    assert abs(counts.mean() - 4) < 0.05 and abs(counts.var() - 4) < 0.15
    trials = paddle.binomial(paddle.full([N], 10, "int64"), paddle.full([N], 0.3)).numpy()
    assert trials.dtype == np.int64 and abs(trials.mean() - 3) < 0.05
    gamma = _np(paddle.standard_gamma(paddle.full([N], 3.0)))
    assert abs(gamma.mean() - 3) < 0.05 and abs(gamma.var() - 3) < 0.15
    tiny = paddle.standard_gamma(paddle.to_tensor([0.0, -2.0])).numpy()
    np.testing.assert_array_equal(tiny, np.finfo(np.float32).tiny)


def test_in_place_fills_statistics():
    paddle.seed(0)
    x = paddle.zeros([N])
    assert x.exponential_(2.0) is x
    assert abs(_np(x).mean() - 0.5) < 0.01 and _np(x).min() >= 0
    geometric = _np(paddle.zeros([N]).geometric_(0.3))
    np.testing.assert_allclose(np.median(geometric), np.log(0.5) / np.log(0.7), atol=0.05)
    log_normal = _np(paddle.zeros([N], "float64").log_normal_(1.0, 0.5))
    assert abs(np.log(log_normal).mean() - 1.0) < 0.01
    ints = paddle.zeros([N], "int32").random_(5, 9).numpy()
    assert ints.dtype == np.int32 and set(np.unique(ints)) == {5, 6, 7, 8}
    floats = paddle.zeros([1000]).random_().numpy()
    assert floats.max() <= 2**24 and (floats == np.round(floats)).all()
    bern = paddle.zeros([2, N // 2]).bernoulli_(paddle.to_tensor([[0.2], [0.9]])).numpy()
    np.testing.assert_allclose(bern.mean(axis=1), [0.2, 0.9], atol=0.015)
    cauchy = _np(paddle.zeros([N]).cauchy_(1.0, 2.0))
    z = np.random.default_rng(0).standard_normal(N)
    np.testing.assert_allclose(np.median(cauchy), np.median(1 + 2 * np.tan(np.pi * (z - 0.5))),
                               atol=0.15)


def test_random_dtypes_and_defaults():
    assert paddle.rand([2]).dtype == paddle.float32
    assert paddle.randn([2], "float64").dtype == paddle.float64
    assert paddle.randint(0, 5, [2]).dtype == paddle.int64
    assert paddle.randperm(3).dtype == paddle.int64
    assert paddle.rand_like(paddle.zeros([2], "float64")).dtype == paddle.float64
    assert paddle.randn_like(paddle.zeros([2]), dtype="float16").dtype == paddle.float16
    assert paddle.rand([2, 3], "bfloat16").dtype == paddle.bfloat16
    paddle.set_default_dtype("float64")
    try:
        assert paddle.rand([2]).dtype == paddle.float64
        assert paddle.normal(shape=[2]).dtype == paddle.float64
    finally:
        paddle.set_default_dtype("float32")


def test_shape_argument_forms():
    assert paddle.rand(2, 3).shape == [2, 3]
    assert paddle.randn(size=[4]).shape == [4]
    assert paddle.rand(paddle.to_tensor([2, 1])).shape == [2, 1]
    assert paddle.rand([paddle.to_tensor(2), 3]).shape == [2, 3]
    assert paddle.rand([]).shape == [] and paddle.rand([0, 2]).shape == [0, 2]
    with pytest.raises(ValueError, match="no less than 0"):
        paddle.rand([-1, 3])
    with pytest.raises(TypeError, match="int"):
        paddle.rand([2.0])


# ---- autograd and tracing ------------------------------------------------------------------

def test_fill_on_leaf_requiring_grad_raises_but_no_grad_allows_it():
    w = paddle.zeros([3])
    w.stop_gradient = False
    with pytest.raises(ValueError, match="inplace"):
        w.uniform_()
    with paddle.no_grad():
        w.normal_(0.0, 0.02)
    assert not w.stop_gradient and np.abs(w.numpy()).max() > 0


@pytest.mark.parametrize("fill", ["uniform_", "normal_", "exponential_", "log_normal_",
                                  "cauchy_", "geometric_"])
def test_filled_non_leaf_passes_zero_gradient(fill):
    a = paddle.ones([3])
    a.stop_gradient = False
    x = a * 2
    args = (0.5,) if fill == "geometric_" else ()
    assert getattr(x, fill)(*args) is x
    assert not x.stop_gradient
    x.sum().backward()
    np.testing.assert_array_equal(a.grad.numpy(), [0.0, 0.0, 0.0])


def test_random_results_do_not_require_grad():
    x = paddle.to_tensor([0.2, 0.8], stop_gradient=False)
    assert paddle.rand_like(x).stop_gradient
    assert paddle.randn_like(x).stop_gradient
    assert paddle.bernoulli(x).stop_gradient
    assert paddle.multinomial(x, 1).stop_gradient
    assert not paddle.poisson(x).stop_gradient  # Paddle gives poisson a zero gradient
    assert paddle.randn([2], requires_grad=True).stop_gradient is False


def test_tracing_records_random_ops_with_inferred_metas():
    with Tracer() as tracer:
        x = tracer.input([-1, 4], paddle.float32)
        noise = paddle.rand_like(x)
        fixed = paddle.randn([2, 3], "float64")
        picks = paddle.randint(0, 5, [7])
    assert [op.opdef.name for op in tracer.ops if op.opdef is not None] == ["uniform", "gaussian", "randint"]
    assert list(noise._data.shape) == [-1, 4] and noise.dtype == paddle.float32
    assert list(fixed._data.shape) == [2, 3] and fixed.dtype == paddle.float64
    assert picks.dtype == paddle.int64


# ---- errors ----------------------------------------------------------------------------------

@pytest.mark.parametrize("call, error", [
    (lambda: paddle.rand([2], "int32"), TypeError),
    (lambda: paddle.randint(3, 3), ValueError),
    (lambda: paddle.randint(0, 3, [2], "float32"), TypeError),
    (lambda: paddle.randint_like(paddle.zeros([2]), 0), ValueError),
    (lambda: paddle.randperm(-2), ValueError),
    (lambda: paddle.randperm(3, "bool"), TypeError),
    (lambda: paddle.multinomial(paddle.to_tensor([0.2, 0.8]), 3), ValueError),
    (lambda: paddle.multinomial(paddle.to_tensor([0.2, -0.8]), 1), ValueError),
    (lambda: paddle.multinomial(paddle.to_tensor([1, 2]), 1), TypeError),
    (lambda: paddle.multinomial([0.5, 0.5], 1), TypeError),
    (lambda: paddle.bernoulli(paddle.to_tensor([1.5])), IndexError),
    (lambda: paddle.bernoulli(paddle.zeros([2]), p=-0.1), IndexError),
    (lambda: paddle.poisson(paddle.to_tensor([1, 2])), TypeError),
    (lambda: paddle.binomial(paddle.to_tensor([1, 2]), paddle.to_tensor([0.5, 0.5, 0.5])),
     ValueError),
    (lambda: paddle.normal(), ValueError),
    (lambda: paddle.normal(paddle.to_tensor([1, 2])), TypeError),
    (lambda: paddle.zeros([2], "int32").normal_(), TypeError),
    (lambda: paddle.zeros([2], "bool").random_(), TypeError),
    (lambda: paddle.zeros([2]).random_(5, 2), ValueError),
])
def test_errors_name_the_op(call, error):
    with pytest.raises(error, match=r"^\("):
        call()


def test_device_level_state_functions():
    from paddle.framework import random as fr
    fr.device_manual_seed(8)
    state = fr.device_get_rng_state()
    expected = paddle.rand([3]).numpy()
    fr.device_set_rng_state(state)
    np.testing.assert_array_equal(paddle.rand([3]).numpy(), expected)
    assert state.current_seed() == 8
