"""Random ops against real Paddle: result dtypes, shapes, stop_gradient and error types, plus
distribution statistics (means, spreads, quantiles) on large samples with tolerances — the
values themselves come from a different generator and cannot match."""

CASES = {}


def _meta(t):
    """What a random result must share with Paddle's: dtype, rank, shape, stop_gradient."""
    return str(t.dtype), t.ndim, list(t.shape), t.stop_gradient


def _shape_case(build):
    return lambda paddle, np: _meta(build(paddle, np))


def _stat_case(build, atol):
    def run(paddle, np):
        return build(paddle, np)
    run.atol = atol
    run.rtol = 0.0
    return run


_SHAPES = {
    "rand": lambda p, np: p.rand([2, 3]),
    "rand_float64": lambda p, np: p.rand([2], "float64"),
    "rand_float16": lambda p, np: p.rand([3], "float16"),
    "rand_bfloat16": lambda p, np: p.rand([3], "bfloat16"),
    "rand_complex64": lambda p, np: p.rand([2], "complex64"),
    "rand_0d": lambda p, np: p.rand([]),
    "rand_empty": lambda p, np: p.rand([0, 3]),
    "rand_int_shape": lambda p, np: p.rand(3),
    "rand_varargs": lambda p, np: p.rand(2, 3),
    "rand_tensor_shape": lambda p, np: p.rand(p.to_tensor([2, 3])),
    "rand_tensor_in_shape": lambda p, np: p.rand([p.to_tensor(2), 3]),
    "rand_requires_grad": lambda p, np: p.rand([2], requires_grad=True),
    "randn": lambda p, np: p.randn([2, 2]),
    "randn_size": lambda p, np: p.randn(size=[2]),
    "randn_varargs": lambda p, np: p.randn(2, 3),
    "randn_complex64": lambda p, np: p.randn([3], "complex64"),
    "standard_normal_float64": lambda p, np: p.standard_normal([2, 2], "float64"),
    "uniform": lambda p, np: p.uniform([3], min=-5, max=-4),
    "uniform_float64": lambda p, np: p.uniform([3], "float64"),
    "uniform_complex64": lambda p, np: p.uniform([2], "complex64"),
    "normal": lambda p, np: p.normal(shape=[3]),
    "normal_size": lambda p, np: p.normal(size=[2]),
    "normal_mean_tensor": lambda p, np: p.normal(p.to_tensor([0.0, 100.0]), 1.0),
    "normal_std_tensor": lambda p, np: p.normal(0.0, p.to_tensor([1.0, 0.0])),
    "normal_mean_float64": lambda p, np: p.normal(p.to_tensor([0.0, 1.0], "float64"), 1.0),
    "normal_complex_mean": lambda p, np: p.normal(1 + 1j, 1.0, [3]),
    "normal_shape_ignored": lambda p, np: p.normal(p.to_tensor([0.0, 1.0]), 1.0, [5]),
    "normal_int_scalars": lambda p, np: p.normal(1, 2, [2]),
    "normal_mean_requires_grad": lambda p, np: p.normal(
        p.to_tensor([0.0, 1.0], stop_gradient=False), 1.0),
    "log_normal": lambda p, np: p.log_normal(shape=[3]),
    "log_normal_float64_mean": lambda p, np: p.log_normal(p.to_tensor([0.0, 1.0], "float64")),
    "randint_high_only": lambda p, np: p.randint(5),
    "randint_int32": lambda p, np: p.randint(0, 5, [3], "int32"),
    "randint_tuple_shape": lambda p, np: p.randint(0, 5, (2, 2)),
    "randint_0d": lambda p, np: p.randint(0, 5, []),
    "randint_like_float": lambda p, np: p.randint_like(p.zeros([2, 2]), 0, 5),
    "randint_like_int32": lambda p, np: p.randint_like(p.zeros([2, 2], "int32"), 3),
    "randint_like_dtype": lambda p, np: p.randint_like(p.zeros([2, 2]), 0, 5, "int64"),
    "randint_like_bool": lambda p, np: p.randint_like(p.zeros([2, 2], "bool"), 0, 5),
    "randperm": lambda p, np: p.randperm(5),
    "randperm_zero": lambda p, np: p.randperm(0),
    "randperm_float32": lambda p, np: p.randperm(5, "float32"),
    "randperm_int32": lambda p, np: p.randperm(5, "int32"),
    "multinomial": lambda p, np: p.multinomial(p.to_tensor([0.1, 0.2, 0.7])),
    "multinomial_all_without_replacement": lambda p, np: p.multinomial(
        p.to_tensor([0.1, 0.2, 0.7]), 3),
    "multinomial_replacement": lambda p, np: p.multinomial(p.to_tensor([0.1, 0.2, 0.7]), 4, True),
    "multinomial_2d": lambda p, np: p.multinomial(p.to_tensor([[0.1, 0.9], [1.0, 0.0]]), 2, True),
    "multinomial_float64": lambda p, np: p.multinomial(p.to_tensor([2.0, 6.0], "float64"), 1),
    "multinomial_input_alias": lambda p, np: p.multinomial(input=p.to_tensor([0.0, 1.0])),
    "bernoulli": lambda p, np: p.bernoulli(p.to_tensor([0.0, 1.0, 0.5, 0.5])),
    "bernoulli_float64": lambda p, np: p.bernoulli(p.to_tensor([0.0, 1.0], "float64")),
    "bernoulli_p": lambda p, np: p.bernoulli(p.zeros([4]), p=0.3),
    "bernoulli_0d": lambda p, np: p.bernoulli(p.to_tensor(0.5)),
    "bernoulli_requires_grad": lambda p, np: p.bernoulli(p.to_tensor([0.5], stop_gradient=False)),
    "poisson": lambda p, np: p.poisson(p.to_tensor([1.0, 5.0, 0.0])),
    "poisson_float64": lambda p, np: p.poisson(p.to_tensor([1.0, 5.0], "float64")),
    "poisson_requires_grad": lambda p, np: p.poisson(p.to_tensor([1.0], stop_gradient=False)),
    "binomial": lambda p, np: p.binomial(p.to_tensor([10, 20]), p.to_tensor([0.5, 0.1])),
    "binomial_int32_count": lambda p, np: p.binomial(p.to_tensor([10, 20], "int32"),
                                                     p.to_tensor([0.5, 0.1])),
    "binomial_broadcast": lambda p, np: p.binomial(p.to_tensor([[10], [20]]),
                                                   p.to_tensor([0.5, 0.1, 0.2])),
    "standard_gamma": lambda p, np: p.standard_gamma(p.to_tensor([1.0, 5.0])),
    "standard_gamma_float64": lambda p, np: p.standard_gamma(p.to_tensor([1.0, 5.0], "float64")),
    "rand_like": lambda p, np: p.rand_like(p.zeros([2], "float64")),
    "rand_like_dtype": lambda p, np: p.rand_like(p.zeros([2], "int32"), dtype="float32"),
    "rand_like_of_requires_grad": lambda p, np: p.rand_like(
        p.to_tensor([1.0], stop_gradient=False)),
    "randn_like": lambda p, np: p.randn_like(p.zeros([2], "float64")),
    "randn_like_float16": lambda p, np: p.randn_like(p.zeros([2], "float16")),
    "randn_like_requires_grad": lambda p, np: p.randn_like(p.zeros([2]), requires_grad=True),
    "randn_like_input_alias": lambda p, np: p.randn_like(input=p.to_tensor([1.0])),
    "uniform_": lambda p, np: p.zeros([3]).uniform_(-1, 1),
    "uniform__float64": lambda p, np: p.zeros([3], "float64").uniform_(-1, 1),
    "normal_": lambda p, np: p.zeros([3]).normal_(10, 0.1),
    "exponential_": lambda p, np: p.zeros([3]).exponential_(2.0),
    "exponential_lambd_alias": lambda p, np: p.zeros([2]).exponential_(lambd=2.0),
    "cauchy_": lambda p, np: p.zeros([3]).cauchy_(1, 2),
    "geometric_": lambda p, np: p.zeros([6]).geometric_(0.3),
    "geometric_float64": lambda p, np: p.zeros([6], "float64").geometric_(0.3),
    "geometric_tensor_probs": lambda p, np: p.zeros([3]).geometric_(p.to_tensor([0.1, 0.5, 0.9])),
    "log_normal_": lambda p, np: p.zeros([3]).log_normal_(0, 0.1),
    "bernoulli_": lambda p, np: p.zeros([4]).bernoulli_(0.5),
    "bernoulli_broadcast_tensor": lambda p, np: p.zeros([2, 2]).bernoulli_(p.to_tensor([0.0, 1.0])),
    "random_": lambda p, np: p.zeros([5]).random_(),
    "random_int32": lambda p, np: p.zeros([5], "int32").random_(),
    "random_range": lambda p, np: p.zeros([5]).random_(3, 6),
    "paddle_bernoulli_": lambda p, np: p.bernoulli_(p.zeros([4]), 0.5),
    "paddle_log_normal_": lambda p, np: p.log_normal_(p.zeros([4])),
    "paddle_normal_": lambda p, np: p.normal_(p.zeros([4])),
    "paddle_cauchy_": lambda p, np: p.cauchy_(p.zeros([4])),
    "paddle_geometric_": lambda p, np: p.geometric_(p.zeros([4]), 0.5),
}
for _name, _build in _SHAPES.items():
    CASES[f"meta_{_name}"] = _shape_case(_build)

def _within(t, low, high):
    """Whether every value lies in [low, high)."""
    return bool(((t >= low) & (t < high)).all())


_EXACT = {
    "uniform_seed_repeats": lambda p, np: bool((p.uniform([3], seed=5) == p.uniform(
        [3], seed=5)).all()),
    "uniform_range": lambda p, np: _within(p.uniform([1000], min=-5, max=-4), -5, -4),
    "uniform_min_above_max": lambda p, np: _within(p.uniform([100], min=2, max=1), 1, 2.001),
    "randint_range": lambda p, np: _within(p.randint(-5, -1, [1000]), -5, -1),
    "randperm_is_permutation": lambda p, np: sorted(p.randperm(6).tolist()),
    "multinomial_without_replacement_distinct": lambda p, np: sorted(
        p.multinomial(p.to_tensor([0.1, 0.2, 0.7]), 3).tolist()),
    "multinomial_single_category": lambda p, np: p.multinomial(
        p.to_tensor([[0.0, 1.0], [1.0, 0.0]]), 3, True),
    "multinomial_infinite_weight": lambda p, np: p.multinomial(p.to_tensor([1.0, float("inf")])),
    "bernoulli_certain": lambda p, np: p.bernoulli(p.to_tensor([0.0, 1.0, 1.0, 0.0])),
    "bernoulli_p_one": lambda p, np: p.bernoulli(p.zeros([4]), p=1.0),
    "bernoulli__tensor_certain": lambda p, np: p.zeros([4]).bernoulli_(
        p.to_tensor([0.0, 1.0, 0.0, 1.0])),
    "bernoulli__above_one": lambda p, np: p.zeros([4]).bernoulli_(1.5),
    "poisson_zero_rate": lambda p, np: p.poisson(p.to_tensor([0.0, -1.0])),
    "binomial_certain": lambda p, np: p.binomial(p.to_tensor([10.7, 5.2]), p.to_tensor([1.0, 1.0])),
    "binomial_clamps": lambda p, np: p.binomial(p.to_tensor([-10, 20]), p.to_tensor([0.5, 0.0])),
    "binomial_p_above_one": lambda p, np: p.binomial(p.to_tensor([10, 20]),
                                                     p.to_tensor([1.5, 2.0])),
    "standard_gamma_nonpositive": lambda p, np: p.standard_gamma(p.to_tensor([0.0, -1.0])),
    "normal_zero_std": lambda p, np: p.normal(p.to_tensor([3.0, 4.0]), 0.0),
    "geometric_probs_one": lambda p, np: p.zeros([3]).geometric_(1.0),
    "geometric_probs_zero": lambda p, np: p.zeros([3]).geometric_(0.0),
    "random_range_values": lambda p, np: _within(p.zeros([200]).random_(3, 6), 3, 6),
    "random_to_only": lambda p, np: _within(p.zeros([200]).random_(3), 0, 3),
    "random_int32_range": lambda p, np: bool((p.zeros([200], "int32").random_() >= 0).all()),
    "random_float16_range": lambda p, np: bool((p.zeros([200], "float16").random_() <= 2048).all()),
}
for _name, _build in _EXACT.items():
    CASES[_name] = _build

_ERRORS = {
    "uniform_int_dtype": lambda p, np: p.uniform([3], dtype="int32"),
    "rand_float_shape": lambda p, np: p.rand([2.0, 3]),
    "randn_bool": lambda p, np: p.randn([3], dtype="bool"),
    "randint_empty_range": lambda p, np: p.randint(5, 5),
    "randint_reversed_range": lambda p, np: p.randint(5, 2),
    "randint_float_dtype": lambda p, np: p.randint(0, 5, [3], "float32"),
    "randint_like_zero_low": lambda p, np: p.randint_like(p.zeros([2]), 0),
    "randperm_bool": lambda p, np: p.randperm(5, "bool"),
    "multinomial_too_many": lambda p, np: p.multinomial(p.to_tensor([0.1, 0.2, 0.7]), 4),
    "multinomial_3d": lambda p, np: p.multinomial(p.ones([2, 2, 2]), 1),
    "multinomial_0d": lambda p, np: p.multinomial(p.to_tensor(1.0), 1),
    "multinomial_negative": lambda p, np: p.multinomial(p.to_tensor([0.5, -0.1]), 1),
    "multinomial_zero_sum": lambda p, np: p.multinomial(p.to_tensor([0.0, 0.0]), 1),
    "multinomial_zero_row": lambda p, np: p.multinomial(p.to_tensor([[0.5, 0.5], [0.0, 0.0]]), 1),
    "multinomial_int": lambda p, np: p.multinomial(p.to_tensor([2, 6]), 1),
    "multinomial_zero_samples": lambda p, np: p.multinomial(p.to_tensor([0.5, 0.5]), 0),
    "multinomial_nan": lambda p, np: p.multinomial(p.to_tensor([1.0, float("nan")]), 1),
    "multinomial_too_few_nonzero": lambda p, np: p.multinomial(p.to_tensor([0.0, 1.0, 0.0]), 2),
    "bernoulli_above_one": lambda p, np: p.bernoulli(p.to_tensor([1.5, -0.5])),
    "bernoulli_negative": lambda p, np: p.bernoulli(p.to_tensor([-0.5])),
    "bernoulli_nan": lambda p, np: p.bernoulli(p.to_tensor([float("nan")])),
    "bernoulli_p_above_one": lambda p, np: p.bernoulli(p.zeros([4]), p=1.5),
    "bernoulli_int": lambda p, np: p.bernoulli(p.to_tensor([0, 1])),
    "poisson_int": lambda p, np: p.poisson(p.to_tensor([1, 5])),
    "standard_gamma_int": lambda p, np: p.standard_gamma(p.to_tensor([1, 5])),
    "normal_int_mean_tensor": lambda p, np: p.normal(p.to_tensor([0, 100]), 1.0),
    "uniform__int": lambda p, np: p.zeros([3], "int32").uniform_(-1, 1),
    "normal__int": lambda p, np: p.zeros([3], "int64").normal_(),
    "exponential__int": lambda p, np: p.zeros([3], "int64").exponential_(),
    "bernoulli__int": lambda p, np: p.zeros([4], "int64").bernoulli_(0.5),
    "uniform__leaf_requiring_grad": lambda p, np: p.to_tensor([0.0, 0.0],
                                                              stop_gradient=False).uniform_(),
    "rand_like_int": lambda p, np: p.rand_like(p.zeros([2], "int32")),
    "randn_like_int": lambda p, np: p.randn_like(p.zeros([2], "int64")),
    "seed_negative": lambda p, np: p.seed(-1),
    "seed_too_big": lambda p, np: p.seed(2 ** 64),
    "seed_string": lambda p, np: p.seed("a"),
    "set_rng_state_two_states": lambda p, np: p.set_rng_state(p.get_rng_state() * 2),
    "set_rng_state_not_a_list": lambda p, np: p.set_rng_state(p.get_rng_state()[0]),
}
for _name, _build in _ERRORS.items():
    CASES[f"error_{_name}"] = _build


def _grad_after_fill(method, *args):
    def run(paddle, np):
        a = paddle.ones([3])
        a.stop_gradient = False
        x = a * 2
        getattr(x, method)(*args)
        x.sum().backward()
        return x.stop_gradient, a.grad
    return run


for _method, _args in [("uniform_", ()), ("normal_", ()), ("exponential_", ())]:
    CASES[f"zero_grad_after_{_method}"] = _grad_after_fill(_method, *_args)


def _state_roundtrip(paddle, np):
    state = paddle.get_rng_state()
    first = paddle.rand([4])
    paddle.set_rng_state(state)
    return bool((paddle.rand([4]) == first).all())


def _generator_state_roundtrip(paddle, np):
    gen = paddle.seed(7)
    state = gen.get_state()
    first = paddle.randn([3])
    gen.set_state(state)
    return bool((paddle.randn([3]) == first).all()), state.current_seed()


CASES.update({
    "seed_returns_generator": lambda p, np: p.seed(102).initial_seed(),
    "seed_float_truncates": lambda p, np: p.seed(1.7).initial_seed(),
    "seed_largest": lambda p, np: p.seed(2 ** 63).initial_seed(),
    "manual_seed_is_seed": lambda p, np: p.manual_seed(5).initial_seed(),
    "generator_is_default": lambda p, np: p.Generator() is p.seed(3),
    "seed_repeats_stream": lambda p, np: bool((
        (p.seed(11), p.rand([5]))[1] == (p.seed(11), p.rand([5]))[1]).all()),
    "rng_state_roundtrip": _state_roundtrip,
    "generator_state_roundtrip": _generator_state_roundtrip,
    "rng_state_is_one_state": lambda p, np: len(p.get_rng_state()),
    "cuda_rng_state_empty": lambda p, np: len(p.get_cuda_rng_state()),
    "rng_state_cpu_device": lambda p, np: len(p.get_rng_state("cpu")),
})


def _moments(draw, atol, part=None):
    """Mean and standard deviation (of the real or imaginary part for complex draws)."""
    def build(paddle, np):
        x = draw(paddle, np).numpy().ravel()
        x = (x if part is None else getattr(x, part)).astype("float64")
        return float(x.mean()), float(x.std())
    return _stat_case(build, atol)


def _quantiles(draw, qs, atol):
    def build(paddle, np):
        x = draw(paddle, np).astype("float64").numpy().ravel()
        return [float(np.quantile(x, q)) for q in qs]
    return _stat_case(build, atol)


_N = 40000
CASES.update({
    "stats_rand": _moments(lambda p, np: p.rand([_N]), 0.01),
    "stats_uniform": _moments(lambda p, np: p.uniform([_N], "float64", -3.0, 5.0), 0.05),
    "stats_randn": _moments(lambda p, np: p.randn([_N]), 0.03),
    "stats_randn_complex_real": _moments(lambda p, np: p.randn([_N], "complex64"), 0.02, "real"),
    "stats_rand_complex_imag": _moments(lambda p, np: p.rand([_N], "complex64"), 0.01, "imag"),
    "stats_normal_complex": _moments(lambda p, np: p.normal(1 + 1j, 2.0, [_N]), 0.04, "imag"),
    "stats_normal": _moments(lambda p, np: p.normal(3.0, 2.0, [_N]), 0.05),
    "stats_randint": _moments(lambda p, np: p.randint(0, 10, [_N]), 0.08),
    "stats_uniform_": _moments(lambda p, np: p.zeros([_N]).uniform_(2.0, 4.0), 0.02),
    "stats_normal_": _moments(lambda p, np: p.zeros([_N]).normal_(-1.0, 0.5), 0.02),
    "stats_exponential_": _moments(lambda p, np: p.zeros([_N]).exponential_(2.0), 0.02),
    "stats_log_normal_": _moments(lambda p, np: p.zeros([_N]).log_normal_(0.0, 0.25), 0.02),
    "stats_log_normal": _moments(lambda p, np: p.log_normal(0.0, 0.25, [_N]), 0.02),
    "stats_bernoulli": _moments(lambda p, np: p.bernoulli(p.full([_N], 0.3)), 0.015),
    "stats_bernoulli_": _moments(lambda p, np: p.zeros([_N]).bernoulli_(0.7), 0.015),
    "stats_poisson": _moments(lambda p, np: p.poisson(p.full([_N], 4.0)), 0.06),
    "stats_binomial": _moments(lambda p, np: p.binomial(p.full([_N], 10, "int64"),
                                                        p.full([_N], 0.3)), 0.05),
    "stats_standard_gamma": _moments(lambda p, np: p.standard_gamma(p.full([_N], 3.0)), 0.05),
    "stats_random_": _moments(lambda p, np: p.zeros([_N]).random_(0, 10), 0.08),
    "stats_multinomial": _moments(lambda p, np: p.multinomial(
        p.to_tensor([0.2, 0.3, 0.5]), _N, True), 0.02),
    "quantiles_geometric_": _quantiles(lambda p, np: p.zeros([_N]).geometric_(0.3),
                                       [0.25, 0.5, 0.75], 0.06),
    "quantiles_cauchy_": _quantiles(lambda p, np: p.zeros([_N]).cauchy_(0.0, 1.0),
                                    [0.25, 0.4, 0.6], 0.15),
})


def _multinomial_no_replacement_frequencies(paddle, np):
    """First draws without replacement follow the weights; later draws the leftovers."""
    x = paddle.to_tensor([[0.2, 0.3, 0.5]] * 20000)
    picks = paddle.multinomial(x, 2).numpy()
    first = np.bincount(picks[:, 0], minlength=3) / picks.shape[0]
    return [float(v) for v in first]


CASES["stats_multinomial_without_replacement"] = _stat_case(
    _multinomial_no_replacement_frequencies, 0.02)
