"""Mixed precision in traced programs: paddle.static records auto_cast's casts as ops, as real
Paddle's CPU build does (golden: tests/fixtures/amp/cpu_facts.json); static training with
paddle.static.amp.decorate (and GradScaler) gives eager AMP's numbers; to_static under an
effective auto_cast records the casts too."""
import json
import os
import warnings

import numpy as np
import pytest

import paddle

from . import _static_net

FACTS = os.path.join(os.path.dirname(__file__), "..", "fixtures", "amp", "cpu_facts.json")
COMPUTE_OPS = {"pd_op.cast", "pd_op.matmul", "pd_op.add", "pd_op.relu", "pd_op.softmax",
               "pd_op.cross_entropy_with_softmax", "pd_op.mean", "pd_op.tanh", "pd_op.exp",
               "pd_op.sum"}


@pytest.fixture
def static_mode():
    paddle.enable_static()
    yield
    paddle.disable_static()


def _network(level, dtype):
    return _static_net.build(paddle, level, dtype)


def _compute_ops(ops):
    """(name, floating input dtypes, output dtypes) of the ops that compute (Paddle passes
    axes as int64 tensor operands where our ops hold them as attributes)."""
    floats = ("paddle.float32", "paddle.bfloat16", "paddle.float16")
    return [[name, [d for d in ins if d in floats], outs] for name, ins, outs in ops
            if name in COMPUTE_OPS]


@pytest.mark.parametrize("level", ["O1", "O2", "OD"])
def test_static_program_records_paddles_casts(static_mode, level):
    with open(FACTS) as f:
        want = json.load(f)["static_program"][f"{level}_bfloat16"]
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        _network(level, "bfloat16")
    ours = []
    for op in main.global_block().ops:
        inputs = [v for v in op.inputs if not isinstance(v, list)]
        ours.append([op.name, [str(v.meta.dtype) for v in inputs],
                     [str(v.meta.dtype) for v in op.outputs]])
    assert _compute_ops(ours) == _compute_ops(want)


def _train_static(steps, dtype, scaler_scale=None, poison_step=None):
    """Losses of `steps` SGD steps of the network, in a static program trained with
    static amp's decorate (and a GradScaler when scaler_scale is given)."""
    paddle.seed(1)
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        loss, _ = _network("O1", dtype)
        poison = paddle.static.data("poison", [1], "float32")
        loss = loss * poison
        opt = paddle.optimizer.SGD(learning_rate=0.05)
        if scaler_scale is None:
            opt = paddle.static.amp.decorate(opt, level="O1", dtype=dtype,
                                             init_loss_scaling=1.0)
            opt.minimize(loss)
            scaler = None
        else:
            opt = paddle.static.amp.decorate(opt, level="O1", dtype=dtype)
            scaler = paddle.amp.GradScaler(init_loss_scaling=scaler_scale)
            scaler.minimize(opt, scaler.scale(loss))
    exe = paddle.static.Executor()
    exe.run(startup)
    losses, scales = [], []
    for step, (x, y) in enumerate(_batches(steps)):
        value = np.array([np.inf if step == poison_step else 1.0], "float32")
        (out,) = exe.run(main, feed={"x": x, "y": y, "poison": value}, fetch_list=[loss])
        losses.append(float(out.reshape(-1)[0]))
        if scaler is not None:
            scales.append(float(scaler._scale.numpy()[0]))
    return losses, scales


def _batches(steps):
    rng = np.random.default_rng(0)
    for _ in range(steps):
        yield rng.standard_normal((8, 4)).astype("float32"), rng.integers(0, 3, (8, 1))


def _train_eager(steps, dtype):
    paddle.seed(1)
    first, second = paddle.nn.Linear(4, 8), paddle.nn.Linear(8, 3)
    opt = paddle.optimizer.SGD(learning_rate=0.05,
                               parameters=first.parameters() + second.parameters())
    losses = []
    for xs, ys in _batches(steps):
        xt, yt = paddle.to_tensor(xs), paddle.to_tensor(ys)
        with paddle.amp.auto_cast(level="O1", dtype=dtype):
            logits = second(paddle.nn.functional.relu(first(xt)))
            prob = paddle.nn.functional.softmax(logits)
            loss = paddle.nn.functional.cross_entropy(logits, yt) + prob.mean()
            act = paddle.tanh(paddle.matmul(xt, first.weight))
            loss = loss + paddle.sum(paddle.exp(act)) + (act * 2.0).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))
    return losses


@pytest.mark.usefixtures("amp_on_cpu")
def test_static_amp_training_gives_eager_amps_losses():
    paddle.enable_static()
    try:
        static, _ = _train_static(4, "bfloat16")
    finally:
        paddle.disable_static()
    eager = _train_eager(4, "bfloat16")
    assert static == eager


@pytest.mark.filterwarnings("ignore:invalid value:RuntimeWarning")
def test_grad_scaler_in_a_program_skips_the_bad_step_and_halves_the_scale(static_mode):
    losses, scales = _train_static(4, "float16", scaler_scale=1024.0, poison_step=1)
    assert np.isinf(losses[1]) or np.isnan(losses[1])
    assert scales == [1024.0, 512.0, 512.0, 512.0]
    clean, _ = _train_static(4, "float16", scaler_scale=1024.0, poison_step=None)
    # the skipped step changed no weight: step 2 sees step 1's weights again
    assert losses[0] == clean[0]
    assert not np.isclose(losses[2], clean[2])


def test_decorate_signatures_and_lists(static_mode):
    sgd = paddle.optimizer.SGD(learning_rate=0.1)
    with pytest.warns(UserWarning, match="Dynamic loss scaling for bfloat16 amp training is "
                      "disabled"):
        opt = paddle.static.amp.decorate(sgd, level="O2", dtype="bfloat16",
                                         use_dynamic_loss_scaling=True)
    assert opt._init_loss_scaling == 1.0 and not opt._use_dynamic_loss_scaling
    legacy = paddle.static.amp.decorate(sgd, None, 128.0, use_pure_fp16=True)
    assert legacy._amp_level == "O2" and legacy._init_loss_scaling == 128.0
    assert legacy.get_lr() == 0.1
    with pytest.raises(ValueError, match="level should be O0, OD, O1 or O2."):
        paddle.static.amp.decorate(sgd, level="O5")
    lists = paddle.static.amp.CustomOpLists(custom_white_list={"softmax"},
                                           custom_black_list={"matmul_v2"})
    assert "softmax" in lists.white_list and "softmax" not in lists.black_list
    assert "matmul_v2" in lists.black_list and "matmul_v2" in lists.unsupported_list
    with pytest.raises(ValueError, match="overlaps custom_black_list with < tanh >"):
        paddle.static.amp.AutoMixedPrecisionLists({"tanh"}, {"tanh"})
    bf16 = paddle.static.amp.bf16.AutoMixedPrecisionListsBF16(custom_fp32_list={"matmul_v2"})
    assert "matmul_v2" in bf16.fp32_list and "matmul_v2" not in bf16.bf16_list
    _, decorated = paddle.amp.decorate(paddle.nn.Linear(2, 2), sgd, level="O1")
    assert type(decorated).__name__ == "OptimizerWithMixedPrecision"


def test_convert_float_to_uint16_is_bfloat16_truncation():
    values = np.array([1.0, -2.5, 3.14159, 1e-3], "float32")
    bits = paddle.static.amp.bf16.convert_float_to_uint16(values)
    assert bits.dtype == np.uint16
    back = (bits.astype(np.uint32) << 16).view(np.float32)
    np.testing.assert_array_equal(back, [1.0, -2.5, 3.140625, 0.00099945068359375])


@pytest.mark.usefixtures("amp_on_cpu")
def test_to_static_records_the_casts_and_computes_as_eager():
    layer = paddle.nn.Linear(3, 4)

    def forward(x):
        with paddle.amp.auto_cast(dtype="bfloat16"):
            return paddle.nn.functional.softmax(layer(x)) + layer(x)

    static = paddle.jit.to_static(forward, full_graph=True)
    x = paddle.rand([2, 3])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no fallback to dynamic mode
        out = static(x)
    program = static.concrete_program.main_program
    casts = [op for op in program.global_block().ops if op.name == "pd_op.cast"]
    assert len(casts) >= 3
    assert out.dtype == paddle.float32
    np.testing.assert_array_equal(out.numpy(), forward(x).numpy())


@pytest.mark.usefixtures("amp_on_cpu")
def test_to_static_traces_once_per_auto_cast():
    layer = paddle.nn.Linear(3, 4)

    def forward(x):
        return paddle.nn.functional.softmax(layer(x)) + layer(x)

    static = paddle.jit.to_static(forward, full_graph=True)
    x = paddle.rand([2, 3])
    with paddle.no_grad():
        with paddle.amp.auto_cast(dtype="bfloat16"):
            low = static(x)
        plain = static(x)  # no auto_cast: not the program with the casts
        with paddle.amp.auto_cast(dtype="bfloat16"):
            again = static(x)
    assert plain.dtype == paddle.float32
    np.testing.assert_array_equal(plain.numpy(), forward(x).numpy())
    np.testing.assert_array_equal(low.numpy(), again.numpy())
    assert not np.array_equal(low.numpy(), plain.numpy())
