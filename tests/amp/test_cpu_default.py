"""Default CPU behaviour of paddle.amp against real Paddle's CPU build (goldens from
tools/make_amp_fixtures.py): auto_cast and GradScaler warn and do nothing, decorate leaves
float32 weights, training under them gives the float32 run's losses."""
import json
import os
import warnings

import numpy as np
import pytest

import paddle
from paddle.amp.auto_cast import amp_state

from . import _train_models as T

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "fixtures", "amp")


def _load(name):
    with open(os.path.join(FIXTURES, name)) as f:
        return json.load(f)


TRAINING = _load("cpu_training.json")
FACTS = _load("cpu_facts.json")


def _error(fn):
    try:
        fn()
    except Exception as exc:  # noqa: BLE001 - compared with what Paddle raised
        return [type(exc).__name__, str(exc)]
    return None


@pytest.mark.parametrize("name", ["mlp", "gpt"])
def test_training_under_auto_cast_and_grad_scaler_is_the_float32_run(name):
    losses, messages = T.train(paddle, name, steps=5)
    plain, _ = T.train(paddle, name, steps=5, amp=False)
    want = TRAINING[name]
    assert messages == want["warnings"]
    # the AMP tools add nothing on a CPU place: bit for bit our own float32 run
    assert losses == plain
    # and real Paddle's float32 losses, up to the last bits: NumPy's BLAS sums matmul products
    # in another order than Paddle's MKL (1-2 ulp per product)
    np.testing.assert_allclose(losses, want["losses"], rtol=1e-6)
    np.testing.assert_allclose(plain, want["plain"], rtol=1e-6)


def test_auto_cast_warns_once_per_context_and_computes_in_float32():
    x = paddle.rand([4, 3])
    layer = paddle.nn.Linear(3, 2)
    context = paddle.amp.auto_cast(dtype="bfloat16")
    with pytest.warns(UserWarning, match=r"amp_guard can only be enabled on CUDAPlace, XPUPlace, "
                      r"and CustomPlace, current place is Place\(cpu\), so it makes no effect\."):
        context.__enter__()
    y = layer(x)
    assert not paddle.amp.is_autocast_enabled()
    context.__exit__(None, None, None)
    assert y.dtype == paddle.float32
    np.testing.assert_array_equal(y.numpy(), layer(x).numpy())


def test_auto_cast_queries_match_paddle():
    want = FACTS["auto_cast"]
    assert [paddle.amp.is_autocast_enabled(), paddle.amp.get_autocast_dtype()] == want["outside"]
    assert amp_state() is None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with paddle.amp.auto_cast(level="O2", dtype="bfloat16", custom_white_list={"tanh"}):
            assert [paddle.amp.is_autocast_enabled(),
                    paddle.amp.get_autocast_dtype()] == want["inside"]
            state = dict(amp_state())
            state["custom_white_list"] = sorted(state["custom_white_list"])
            assert state == want["amp_state_inside"]
            assert str(paddle.tanh(paddle.ones([2])).dtype) == want["dtype_inside"]
    assert amp_state() is None
    assert [paddle.amp.is_float16_supported(), paddle.amp.is_float16_supported("cpu")] == \
        want["is_float16_supported"]
    assert [paddle.amp.is_bfloat16_supported(), paddle.amp.is_bfloat16_supported("cpu")] == \
        want["is_bfloat16_supported"]
    assert sorted(paddle.amp.white_list()["float16"]["O1"]) == want["white_list_O1_float16"]
    assert sorted(paddle.amp.black_list()["bfloat16"]["O2"]) == want["black_list_O2_bfloat16"]


def test_bad_arguments_raise_paddles_errors():
    want = FACTS["auto_cast"]["errors"]

    def enter(**kwargs):
        with paddle.amp.auto_cast(**kwargs):
            pass

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert _error(lambda: enter(level="O3")) == want["level"]
        assert _error(lambda: enter(dtype="float32")) == want["dtype"]
        assert _error(lambda: enter(custom_white_list=["tanh"],
                                    custom_black_list=["tanh"])) == want["overlap"]
    assert _error(lambda: paddle.amp.is_float16_supported("xxx")) == want["device_string"]
    assert _error(lambda: paddle.amp.is_float16_supported(111)) == want["device_number"]
    with pytest.raises(ValueError, match="not compiled with CUDA"):
        paddle.amp.is_float16_supported("gpu:0")


def test_grad_scaler_is_disabled_and_passes_through():
    want = FACTS["scaler"]
    with pytest.warns(UserWarning, match=r"AmpScaler can only be enabled on CUDAPlace, XPUPlace "
                      r"and CustomPlace, current place is Place\(cpu\), so it makes no effect\."):
        scaler = paddle.amp.GradScaler(init_loss_scaling=1024)
    loss = paddle.to_tensor(2.5)
    assert scaler.is_enable() is want["is_enable"]
    assert scaler.is_use_dynamic_loss_scaling() is want["dynamic"]
    assert scaler.get_init_loss_scaling() == want["init_loss_scaling"]
    assert scaler.state_dict() == want["state_dict"]
    assert (scaler.scale(loss) is loss) is want["scale_is_identity"]
    assert _error(scaler.get_incr_ratio) == want["get_incr_ratio_error"]
    scaler.load_state_dict({"scale": np.array([8.0])})  # a disabled scaler ignores it
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert paddle.amp.AmpScaler().is_enable() is want["amp_scaler_enable"]
    assert paddle.amp.GradScaler(enable=False).state_dict() == want["disabled_state_dict"]


def test_disabled_scaler_minimize_and_step_are_the_optimizers():
    layer = paddle.nn.Linear(3, 1)
    opt = paddle.optimizer.SGD(learning_rate=0.5, parameters=layer.parameters())
    scaler = paddle.amp.GradScaler(enable=False)
    before = layer.weight.numpy().copy()
    loss = layer(paddle.ones([2, 3])).sum()
    loss.backward()
    grad = layer.weight.grad.numpy().copy()
    ops, pairs = scaler.minimize(opt, loss)
    assert ops == [] and len(pairs) == 2
    np.testing.assert_allclose(layer.weight.numpy(), before - 0.5 * grad, rtol=1e-6)
    assert scaler.step(opt) is None
    scaler.update()


@pytest.mark.parametrize("level", ["O1", "O2"])
@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_decorate_leaves_float32_weights(level, dtype):
    want = FACTS["decorate"][f"{level}_{dtype}"]
    model = paddle.nn.Sequential(paddle.nn.Linear(3, 3), paddle.nn.LayerNorm(3))
    opt = paddle.optimizer.Adam(parameters=model.parameters())
    m, o = paddle.amp.decorate(model, opt, level=level, dtype=dtype)
    assert (m is model and o is opt) is want["same_objects"]
    assert [str(p.dtype) for p in model.parameters()] == want["dtypes"]
    assert bool(opt._multi_precision) is want["multi_precision"]
    assert sorted(str(v.dtype) for v in model.state_dict().values()) == want["state_dict"]


def test_decorate_argument_errors():
    want = FACTS["decorate"]["errors"]
    layer = paddle.nn.Linear(2, 2)
    assert _error(lambda: paddle.amp.decorate(layer, level="O3")) == want["level"]
    assert _error(lambda: paddle.amp.decorate(layer, level="O2", dtype="float32")) == \
        want["dtype"]
    # on a CPU place Paddle returns before looking at the models or save_dtype
    assert _error(lambda: paddle.amp.decorate("x", level="O2")) == want["models"]
    assert _error(lambda: paddle.amp.decorate(layer, level="O2", save_dtype="int8")) == \
        want["save_dtype"]


def test_paddle_level_aliases():
    assert paddle.autocast is paddle.amp.autocast
    assert paddle.is_autocast_enabled is paddle.amp.is_autocast_enabled
    assert paddle.get_autocast_dtype is paddle.amp.get_autocast_dtype
    assert paddle.get_autocast_cpu_dtype is paddle.amp.get_autocast_dtype
    assert paddle.amp.get_autocast_gpu_dtype is paddle.amp.get_autocast_dtype
    with paddle.autocast("cpu", enabled=False):
        assert not paddle.is_autocast_enabled()
