"""The inference passes (paddle._core.passes.inference): for every pass a program where it
fires and one where it must not, the optimised program's outputs equal to the unoptimised
one's within float32 rounding, and the pass list without the pass's name leaving the pattern
alone (Config.delete_pass). The PP-OCR models with all passes on stay within real Paddle's
own on/off difference (slow)."""
from __future__ import annotations

import collections

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from paddle._core import dtype as _dt
from paddle._core.ir.interpreter import Interpreter
from paddle._core.passes.inference import INFERENCE_PASSES, LOWERING_PASSES, optimize
from paddle._core.passes.inference.memory import memory_optimize
from paddle._core.tracing import Tracer
from paddle.inference.pass_builder import default_passes

ALL = default_passes(onednn=True)  # what a CPU Config runs by default


def _run(build, shapes, passes, seed=0):
    """Trace build(*inputs), optimise with `passes`, run on fixed random inputs: (outputs,
    Counter of op names)."""
    tracer = Tracer()
    with tracer:
        inputs = [tracer.input(list(s), _dt.float32, f"x{i}") for i, s in enumerate(shapes)]
        outs = build(*inputs)
    outs = outs if isinstance(outs, (list, tuple)) else [outs]
    program = tracer.program
    values = optimize(program, [o._data.value for o in outs], passes)
    rng = np.random.default_rng(seed)
    feeds = [rng.uniform(-2, 2, s).astype("float32") for s in shapes]
    result = Interpreter(program, values).run_checked(feeds)
    return result, collections.Counter(op.name.split(".", 1)[1] for op in
                                       program.global_block().ops)


def _check(build, shapes, passes, present=(), absent=()):
    """Outputs with `passes` equal the unoptimised ones; the op counts are returned."""
    expected, _ = _run(build, shapes, [])
    got, ops = _run(build, shapes, passes)
    for g, e in zip(got, expected):
        np.testing.assert_allclose(g, e, rtol=2e-5, atol=2e-5)
    for name in present:
        assert ops[name], f"expected {name} in {dict(ops)}"
    for name in absent:
        assert not ops[name], f"expected no {name} in {dict(ops)}"
    return ops


def _without(name):
    return [p for p in ALL if p != name]


@pytest.fixture(autouse=True)
def _seeded():
    paddle.seed(7)


def _eval(*layers):
    for layer in layers:
        layer.eval()
    return layers


def _bn(channels):
    bn = paddle.nn.BatchNorm2D(channels)
    bn.eval()
    rng = np.random.default_rng(1)
    bn._mean.set_value(rng.uniform(-1, 1, channels).astype("float32"))
    bn._variance.set_value(rng.uniform(0.5, 2, channels).astype("float32"))
    bn.weight.set_value(rng.uniform(0.5, 2, channels).astype("float32"))
    bn.bias.set_value(rng.uniform(-1, 1, channels).astype("float32"))
    return bn


SHAPE = (2, 3, 6, 7)


def _with_input(fn, value):
    """fn(value) and value itself, both fetched (value then has a second reader)."""
    return [fn(value), value]


# ---- conv + batch_norm -----------------------------------------------------------------------

@pytest.mark.parametrize("name, transposed, bias", [
    ("conv_bn_fuse_pass", False, False), ("conv_eltwiseadd_bn_fuse_pass", False, True),
    ("conv_transpose_bn_fuse_pass", True, False),
    ("conv_transpose_eltwiseadd_bn_fuse_pass", True, True)])
def test_batch_norm_folds_into_the_conv(name, transposed, bias):
    layer = paddle.nn.Conv2DTranspose if transposed else paddle.nn.Conv2D
    conv = layer(3, 4, 3, padding=1, bias_attr=None if bias else False)
    bn = _bn(4)
    fused = "fused_conv2d_transpose" if transposed else "fused_conv2d"
    _check(lambda x: bn(conv(x)), [SHAPE], [name], present=[fused], absent=["batch_norm"])
    _check(lambda x: bn(conv(x)), [SHAPE], ALL, absent=["batch_norm"])
    _check(lambda x: bn(conv(x)), [SHAPE], _without(name), present=["batch_norm"])
    # the conv's result is fetched too: folding would change it
    _check(lambda x: _with_input(bn, conv(x)), [SHAPE], [name], present=["batch_norm"])


def test_batch_norm_in_training_mode_is_not_folded():
    conv, bn = paddle.nn.Conv2D(3, 4, 3, bias_attr=False), paddle.nn.BatchNorm2D(4)
    _check(lambda x: bn(conv(x)), [SHAPE], ["conv_bn_fuse_pass"], present=["batch_norm"])


# ---- conv epilogues ------------------------------------------------------------------------

def test_conv_bias_add_becomes_the_fused_bias():
    conv = paddle.nn.Conv2D(3, 4, 3, bias_attr=False)
    bias = paddle.to_tensor(np.arange(4, dtype="float32").reshape(1, 4, 1, 1))
    ops = _check(lambda x: conv(x) + bias, [SHAPE], ["conv_bias_onednn_fuse_pass"],
                 present=["fused_conv2d"], absent=["add", "conv2d"])
    assert ops["fused_conv2d"] == 1
    _check(lambda x: conv(x) + bias, [SHAPE], _without("conv_bias_onednn_fuse_pass"),
           present=["add"])
    # a per-column constant is no channel bias
    column = paddle.to_tensor(np.arange(5, dtype="float32"))
    _check(lambda x: conv(x) + column, [SHAPE], ALL, present=["add"])


def test_conv_transpose_bias():
    conv = paddle.nn.Conv2DTranspose(3, 4, 2, stride=2)
    _check(conv, [SHAPE], ["conv_transpose_bias_onednn_fuse_pass"],
           present=["fused_conv2d_transpose"], absent=["add"])
    _check(conv, [SHAPE], _without("conv_transpose_bias_onednn_fuse_pass"), present=["add"])
    bias = paddle.to_tensor(np.arange(4, dtype="float32").reshape(1, 4, 1, 1))
    plain = paddle.nn.Conv2DTranspose(3, 4, 2, stride=2, bias_attr=False)
    # the product is fetched as well: its bias stays a separate add
    _check(lambda x: _with_input(lambda v: v + bias, plain(x)), [SHAPE], ALL, present=["add"])


def test_affine_channel_multiply_folds_into_weights():
    conv = paddle.nn.Conv2D(3, 4, 1)
    scale = paddle.to_tensor(np.array([0.5, -1.0, 2.0, 3.0], "float32").reshape(1, 4, 1, 1))
    shift = paddle.to_tensor(np.array([1.0], "float32"))
    build = lambda x: conv(x) * scale + shift
    _check(build, [SHAPE], ALL, present=["fused_conv2d"], absent=["multiply", "add"])
    _check(build, [SHAPE], _without("conv_affine_channel_onednn_fuse_pass"),
           present=["multiply"])
    # a multiplier computed at run time is no constant
    _check(lambda x, s: conv(x) * s, [SHAPE, (1, 4, 1, 1)], ALL, present=["multiply"])


def test_residual_add():
    conv = paddle.nn.Conv2D(3, 4, 3, padding=1)
    _check(lambda x, r: conv(x) + r, [SHAPE, (2, 4, 6, 7)],
           ["conv_bias_onednn_fuse_pass", "conv_elementwise_add_onednn_fuse_pass"],
           present=["fused_conv2d"], absent=["add"])
    _check(lambda x, r: conv(x) + r, [SHAPE, (2, 4, 6, 7)],
           _without("conv_elementwise_add_onednn_fuse_pass"), present=["add"])
    # broadcasting residual: left as an add
    _check(lambda x, r: conv(x) + r, [SHAPE, (2, 4, 1, 7)], ALL, present=["add"])


ACTIVATIONS = {"relu": F.relu, "relu6": F.relu6, "leaky_relu": lambda v: F.leaky_relu(v, 0.2),
               "hardswish": F.hardswish, "hardsigmoid": F.hardsigmoid, "sigmoid": F.sigmoid,
               "silu": F.silu, "tanh": paddle.tanh}


@pytest.mark.parametrize("act", sorted(ACTIVATIONS))
def test_conv_activation(act):
    conv = paddle.nn.Conv2D(3, 4, 3, padding=1)
    fn = ACTIVATIONS[act]
    _check(lambda x: fn(conv(x)), [SHAPE], ALL, present=["fused_conv2d"], absent=[act])
    _check(lambda x: fn(conv(x)), [SHAPE], _without("conv_activation_onednn_fuse_pass"),
           present=[act])
    # the pre-activation value is fetched as well: the activation stays separate
    _check(lambda x: _with_input(fn, conv(x)), [SHAPE], ALL, present=[act])


def test_conv_transpose_activation():
    conv = paddle.nn.Conv2DTranspose(3, 4, 2, stride=2)
    _check(lambda x: F.relu(conv(x)), [SHAPE], ALL, present=["fused_conv2d_transpose"],
           absent=["relu"])


def test_output_scale_after_activation():
    conv = paddle.nn.Conv2D(3, 4, 3, padding=1)
    build = lambda x: paddle.scale(F.hardswish(conv(x)), 2.0, 0.5) * 3.0
    _check(build, [SHAPE], ALL, present=["fused_conv2d"], absent=["scale", "multiply"])
    _check(build, [SHAPE], _without("operator_scale_onednn_fuse_pass"), present=["scale"])
    per_channel = paddle.to_tensor(np.arange(1, 5, dtype="float32").reshape(1, 4, 1, 1))
    _check(lambda x: F.relu(conv(x)) * per_channel, [SHAPE], ALL, present=["multiply"])


def test_activation_then_residual_is_not_reordered():
    conv = paddle.nn.Conv2D(3, 4, 3, padding=1)
    _check(lambda x, r: F.relu(conv(x)) + r, [SHAPE, (2, 4, 6, 7)], ALL, present=["add"])


# ---- fc ----------------------------------------------------------------------------------------

def test_fc_fuse_and_activation():
    linear = paddle.nn.Linear(7, 5)
    _check(lambda x: linear(x), [(2, 3, 7)], ["fc_fuse_pass"], present=["fc"],
           absent=["matmul", "add"])
    _check(lambda x: F.relu(linear(x)), [(2, 3, 7)], ALL, present=["fc"], absent=["relu"])
    _check(lambda x: F.relu(linear(x)), [(2, 3, 7)], _without("fc_act_onednn_fuse_pass"),
           present=["fc", "relu"])
    _check(lambda x: linear(x), [(2, 3, 7)], _without("fc_fuse_pass"), present=["matmul"])
    # the fc result is fetched as well: the activation stays separate
    _check(lambda x: _with_input(F.relu, linear(x)), [(2, 3, 7)], ALL, present=["fc", "relu"])
    # a weight fed at run time is no fc
    _check(lambda x, w: paddle.matmul(x, w) + linear.bias, [(2, 7), (7, 5)], ALL,
           present=["matmul"])


# ---- simplifications ---------------------------------------------------------------------------

def test_inference_dropout_and_unit_scale_disappear():
    def build(x):
        return paddle.scale(F.dropout(x * 2.0, 0.3, training=False), 1.0, 0.0) + 1.0

    kept = _check(build, [SHAPE], ["simplify_with_basic_ops_pass"], absent=["dropout"])
    assert kept["multiply"] == 1 and kept["scale"] == 0  # x * 2 is no identity; scale(1) was
    _check(build, [SHAPE], _without("simplify_with_basic_ops_pass"), present=["dropout"])
    scaled = _check(lambda x: F.dropout(x, 0.3, training=False, mode="downscale_in_infer"),
                    [SHAPE], ["simplify_with_basic_ops_pass"], absent=["dropout"])
    assert scaled["scale"] == 1


def test_is_test_pass_puts_batch_norm_in_inference_mode():
    bn = paddle.nn.BatchNorm2D(3)
    tracer = Tracer()
    with tracer:
        bn(tracer.input(list(SHAPE), _dt.float32, "x"))
    (op,) = [op for op in tracer.program.global_block().ops if op.name == "pd_op.batch_norm"]
    assert op.attrs["is_test"] is False
    INFERENCE_PASSES["is_test_pass"](tracer.program, [])
    assert op.attrs["is_test"] is True


def test_constant_folding_of_parameters_and_shapes():
    conv = paddle.nn.Conv2D(4, 3, 1)
    build = lambda x: x * paddle.reshape(conv.bias, [1, 3, 1, 1])
    ops = _check(build, [SHAPE], ["constant_folding_pass"], absent=["reshape"])
    assert ops["constant"] >= 1
    _check(build, [SHAPE], _without("constant_folding_pass"), present=["reshape"])
    folded = _check(lambda x: paddle.shape(x).astype("float32") + x.sum(), [SHAPE],
                    ["constant_folding_pass"], absent=["shape"])
    assert folded["sum"] == 1


def test_ir_debug_prints_the_fused_program(capsys):
    conv = paddle.nn.Conv2D(3, 4, 3)
    _run(lambda x: F.relu(conv(x)), [SHAPE], ["conv_activation_onednn_fuse_pass"])
    assert capsys.readouterr().out == ""
    tracer = Tracer()
    with tracer:
        out = F.relu(conv(tracer.input(list(SHAPE), _dt.float32, "x")))
    optimize(tracer.program, [out._data.value], ["conv_bias_onednn_fuse_pass",
                                                  "conv_activation_onednn_fuse_pass"], True)
    printed = capsys.readouterr().out
    assert "--- IR after conv_activation_onednn_fuse_pass ---" in printed
    assert '"pd_op.fused_conv2d"' in printed and 'activation:"relu"' in printed


def test_every_registered_pass_is_in_paddles_cpu_list_or_a_lowering():
    assert set(INFERENCE_PASSES) <= set(ALL) | set(LOWERING_PASSES)
    assert not set(LOWERING_PASSES) & set(ALL)


# ---- squeeze-and-excitation ------------------------------------------------------------------

SE = "squeeze_excitation_fuse_pass"


def _se_block(channels=6, hidden=3, excite=F.hardsigmoid, pool=None):
    pool = pool or paddle.nn.AdaptiveAvgPool2D(1)
    squeeze = paddle.nn.Conv2D(channels, hidden, 1)
    expand = paddle.nn.Conv2D(hidden, channels, 1)
    return lambda x: x * excite(expand(F.relu(squeeze(pool(x)))))


SE_SHAPE = (2, 6, 5, 7)


def test_squeeze_excitation_becomes_one_op_with_the_chains_numbers():
    block = _se_block()
    ops = _check(block, [SE_SHAPE], [*ALL, SE], present=["squeeze_excitation"],
                 absent=["pool2d", "fused_conv2d", "multiply"])
    assert ops["squeeze_excitation"] == 1
    fused, _ = _run(block, [SE_SHAPE], [*ALL, SE])
    chain, chain_ops = _run(block, [SE_SHAPE], ALL)
    assert chain_ops["multiply"] == 1 and chain_ops["fused_conv2d"] == 2
    np.testing.assert_array_equal(fused[0], chain[0])
    # a global pool written as a kernel of the whole plane counts too
    _check(_se_block(pool=paddle.nn.AvgPool2D((5, 7))), [SE_SHAPE], [*ALL, SE],
           present=["squeeze_excitation"], absent=["pool2d"])


def test_squeeze_excitation_is_left_alone_where_it_must_be():
    block = _se_block()
    _check(block, [SE_SHAPE], ALL, present=["multiply"], absent=["squeeze_excitation"])
    # the pooled value is fetched too; the gate is fetched too
    pool = paddle.nn.AdaptiveAvgPool2D(1)
    squeeze, expand = paddle.nn.Conv2D(6, 3, 1), paddle.nn.Conv2D(3, 6, 1)
    _check(lambda x: _with_input(lambda p: x * F.hardsigmoid(expand(F.relu(squeeze(p)))),
                                 pool(x)),
           [SE_SHAPE], [*ALL, SE], present=["multiply"], absent=["squeeze_excitation"])
    _check(lambda x: _with_input(lambda g: x * g, F.hardsigmoid(expand(F.relu(squeeze(
        pool(x)))))), [SE_SHAPE], [*ALL, SE], present=["multiply"])
    # a pool that is not global, a gate of another tensor, a 3x3 excitation conv
    _check(_se_block(pool=paddle.nn.AvgPool2D(2)), [(2, 6, 2, 3)], [*ALL, SE],
           present=["multiply"])
    _check(lambda x, y: y * F.hardsigmoid(expand(F.relu(squeeze(pool(x))))),
           [SE_SHAPE, SE_SHAPE], [*ALL, SE], present=["multiply"])
    wide = paddle.nn.Conv2D(3, 6, 3, padding=1)
    _check(lambda x: x * F.hardsigmoid(wide(F.relu(squeeze(pool(x))))), [SE_SHAPE],
           [*ALL, SE], present=["multiply"])


class _SqueezeExcitation(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.block = _se_block()

    def forward(self, x):
        return self.block(x)


def test_predictor_runs_the_lowering_unless_the_config_deletes_it(tmp_path):
    from paddle import inference
    layer = _SqueezeExcitation()
    layer.eval()
    prefix = str(tmp_path / "se")
    paddle.jit.save(layer, prefix, input_spec=[paddle.static.InputSpec(SE_SHAPE, "float32")])
    x = np.random.default_rng(0).random(SE_SHAPE).astype("float32")
    results = {}
    for deleted in (False, True):
        config = inference.Config(prefix + ".json", prefix + ".pdiparams")
        if deleted:
            config.delete_pass(SE)
        predictor = inference.create_predictor(config)
        predictor.get_input_handle(predictor.get_input_names()[0]).copy_from_cpu(x)
        predictor.run()
        program = next(iter(predictor._engine._compiled.values())).program
        ops = {op.name.split(".", 1)[1] for op in program.global_block().ops}
        assert ("squeeze_excitation" in ops) is not deleted and ("multiply" in ops) is deleted
        handle = predictor.get_output_handle(predictor.get_output_names()[0])
        results[deleted] = handle.copy_to_cpu()
    np.testing.assert_array_equal(results[False], results[True])
    np.testing.assert_allclose(results[False], layer(paddle.to_tensor(x)).numpy(), rtol=1e-6)


# ---- batch_norm + relu ------------------------------------------------------------------------

def test_inference_batch_norm_and_relu_become_one_op_with_their_numbers():
    bn = _bn(3)
    ops = _check(lambda x: F.relu(bn(x)), [SHAPE], ALL, present=["fused_batch_norm_act"],
                 absent=["batch_norm", "relu"])
    assert ops["fused_batch_norm_act"] == 1
    fused, _ = _run(lambda x: F.relu(bn(x)), [SHAPE], ALL)
    chain, _ = _run(lambda x: F.relu(bn(x)), [SHAPE], _without("batch_norm_act_fuse_pass"))
    np.testing.assert_array_equal(fused[0], chain[0])


def test_batch_norm_and_relu_are_left_alone_where_they_must_be():
    bn = _bn(3)
    _check(lambda x: F.relu(bn(x)), [SHAPE], _without("batch_norm_act_fuse_pass"),
           present=["batch_norm", "relu"])
    _check(lambda x: _with_input(F.relu, bn(x)), [SHAPE], ALL, present=["batch_norm", "relu"])
    training = paddle.nn.BatchNorm2D(3)  # batch statistics: no fusion
    _check(lambda x: F.relu(training(x)), [SHAPE], ["batch_norm_act_fuse_pass"],
           present=["batch_norm", "relu"])


# ---- self-attention ----------------------------------------------------------------------------

ATTENTION = (2, 5, 3, 2, 4)  # (batch, sequence, q/k/v, heads, head size)


def _attention(scaled=lambda q: paddle.scale(q, 0.5), keys_fetched=False):
    def build(x):
        packed = paddle.transpose(x, [2, 0, 3, 1, 4])
        q, k, v = (paddle.squeeze(packed[i:i + 1], [0]) for i in range(3))
        keys = paddle.transpose(k, [0, 1, 3, 2])
        weights = F.softmax(paddle.matmul(scaled(q), keys), -1)
        out = paddle.transpose(paddle.matmul(weights, v), [0, 2, 1, 3])
        return [out, keys] if keys_fetched else out
    return build


def test_self_attention_becomes_one_op_with_the_chains_numbers():
    for scaled in (lambda q: paddle.scale(q, 0.5), lambda q: q * 0.25):
        build = _attention(scaled)
        ops = _check(build, [ATTENTION], ALL, present=["self_dp_attention"],
                     absent=["matmul", "softmax", "transpose", "squeeze", "getitem_basic"])
        assert ops["self_dp_attention"] == 1
        fused, _ = _run(build, [ATTENTION], ALL)
        chain, _ = _run(build, [ATTENTION], _without("self_attention_fuse_pass"))
        np.testing.assert_array_equal(fused[0], chain[0])


def test_self_attention_is_left_alone_where_it_must_be():
    _check(_attention(), [ATTENTION], _without("self_attention_fuse_pass"),
           present=["softmax"], absent=["self_dp_attention"])
    # an intermediate fetched too; a bias after the scale; a softmax over another axis
    _check(_attention(keys_fetched=True), [ATTENTION], ALL, present=["softmax"],
           absent=["self_dp_attention"])
    _check(_attention(lambda q: paddle.scale(q, 0.5, 1.0)), [ATTENTION], ALL,
           present=["softmax"], absent=["self_dp_attention"])

    def other_axis(x):
        packed = paddle.transpose(x, [2, 0, 3, 1, 4])
        q, k, v = (paddle.squeeze(packed[i:i + 1], [0]) for i in range(3))
        weights = F.softmax(paddle.matmul(paddle.scale(q, 0.5),
                                          paddle.transpose(k, [0, 1, 3, 2])), 2)
        return paddle.transpose(paddle.matmul(weights, v), [0, 2, 1, 3])

    _check(other_axis, [ATTENTION], ALL, present=["softmax"], absent=["self_dp_attention"])


# ---- memory reuse ------------------------------------------------------------------------------

def _memory_optimized(build, shapes):
    tracer = Tracer()
    with tracer:
        inputs = [tracer.input(list(s), _dt.float32, f"x{i}") for i, s in enumerate(shapes)]
        outs = build(*inputs)
    outs = outs if isinstance(outs, (list, tuple)) else [outs]
    program = tracer.program
    values = optimize(program, [o._data.value for o in outs], ALL)
    memory_optimize(program, values)
    return program, values


def test_memory_optimize_adds_into_a_dead_conv_result():
    conv = paddle.nn.Conv2D(3, 4, 3, padding=1)
    build = lambda x, r: F.relu(conv(x)) + r
    program, values = _memory_optimized(build, [SHAPE, (2, 4, 6, 7)])
    (add,) = [op for op in program.global_block().ops if op.name == "pd_op.add"]
    assert id(add) in program.kernel_overrides
    rng = np.random.default_rng(0)
    feeds = [rng.uniform(-2, 2, s).astype("float32") for s in (SHAPE, (2, 4, 6, 7))]
    residual = feeds[1].copy()
    got = Interpreter(program, values).run_checked(feeds)[0]
    expected, _ = _run(build, [SHAPE, (2, 4, 6, 7)], [])
    np.testing.assert_allclose(got, expected[0], rtol=2e-5, atol=2e-5)
    np.testing.assert_array_equal(feeds[1], residual)  # the fed input is never written


def test_memory_optimize_leaves_shared_or_fed_buffers_alone():
    conv = paddle.nn.Conv2D(3, 4, 3, padding=1)
    # the relu's result is fetched too; the other operand is the caller's input array
    program, _ = _memory_optimized(lambda x, r: _with_input(lambda v: v + r, F.relu(conv(x))),
                                   [SHAPE, (2, 4, 6, 7)])
    assert program.kernel_overrides == {}
