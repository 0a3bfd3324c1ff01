"""paddle.amp.debugging scenarios shared by the tests and tools/make_amp_fixtures.py: each
`case_*` takes the paddle module and prints what it observes, so the same scenario runs under
real Paddle (its output becomes the golden) and under Feijiang."""
from __future__ import annotations

import os
import tempfile

import numpy as np


def case_stats_linear(paddle):
    paddle.seed(0)
    layer = paddle.nn.Linear(3, 4)
    with paddle.amp.debugging.collect_operator_stats():
        layer(paddle.rand([2, 3]))


def case_stats_ops(paddle):
    F = paddle.nn.functional
    table = paddle.rand([10, 4])
    ids = paddle.to_tensor([[1, 2, 3]])
    with paddle.amp.debugging.collect_operator_stats():
        h = F.embedding(ids, table)
        h = F.layer_norm(h, [4])
        h = F.gelu(paddle.matmul(h, table, transpose_y=True))
        h = F.softmax(paddle.transpose(h, [0, 2, 1]), axis=-1)
        paddle.unsqueeze(paddle.arange(3), 0)
        paddle.triu(paddle.ones([3, 3]))
        low = paddle.cast(h, "bfloat16")
        paddle.cast(low * low, "float32")


def case_checker_all(paddle):
    checker = paddle.amp.debugging
    paddle.seed(2**33)  # not a 32-bit seed: the config warns and reseeds with 123
    checker.enable_tensor_checker(checker.TensorCheckerConfig(
        enable=True, debug_mode=checker.DebugMode.CHECK_ALL))
    a = paddle.to_tensor([0.5, 0.25, -1.5])
    a.stop_gradient = False
    paddle.exp(paddle.tanh(a)).sum().backward()
    w = paddle.to_tensor(np.arange(6, dtype="float32").reshape(3, 2))
    w.stop_gradient = False
    paddle.matmul(paddle.ones([2, 3]), w).sum().backward()
    checker.disable_tensor_checker()


def case_checker_overflow(paddle):
    checker = paddle.amp.debugging
    paddle.seed(2**33)
    checker.enable_tensor_checker(checker.TensorCheckerConfig(
        enable=True, debug_mode=checker.DebugMode.CHECK_ALL_FOR_OVERFLOW))
    paddle.exp(paddle.to_tensor([12.0, 1.0]))
    paddle.exp(paddle.to_tensor([2.0, 1.0]))
    paddle.log(paddle.to_tensor([0.0, 1.0]))
    paddle.exp(paddle.to_tensor([12.0, 1.0], dtype="float64"))
    checker.disable_tensor_checker()


def case_numerics(paddle):
    check = paddle.amp.debugging.check_numerics
    mode = paddle.amp.debugging.DebugMode
    cases = [([1.0, float("nan"), 0.0, float("inf")], "float32", mode.CHECK_NAN_INF),
             ([1.0, 2.0, 0.0], "float32", mode.CHECK_NAN_INF_AND_ABORT),
             ([1.0, 2.0, 0.0], "float32", mode.CHECK_ALL),
             ([3.0, -7.5], "float64", mode.CHECK_ALL),
             ([1.0, 2.0], "bfloat16", mode.CHECK_ALL),
             ([float("nan"), 2.0], "float16", mode.CHECK_NAN_INF),
             ([], "float32", mode.CHECK_ALL)]
    for values, dtype, debug_mode in cases:
        tensor = paddle.to_tensor(np.array(values, "float32")).astype(dtype)
        stats, found = check(tensor, "my_op", "my_var", debug_mode)
        print(stats.dtype, stats.numpy().tolist(), found.dtype, found.numpy().tolist())
    try:
        check(paddle.to_tensor([float("inf")]), "my_op", "my_var")
    except RuntimeError as exc:
        print("RuntimeError", str(exc).split(" (at ")[0])


def case_flag_raises(paddle):
    paddle.set_flags({"FLAGS_check_nan_inf": True})
    try:
        paddle.log(paddle.to_tensor([1.0, 0.0, -1.0]))
    except RuntimeError as exc:
        print("RuntimeError", str(exc).split(" (at ")[0])
    finally:
        paddle.set_flags({"FLAGS_check_nan_inf": False})
    print(paddle.get_flags(["FLAGS_check_nan_inf", "FLAGS_check_nan_inf_level"]))


def case_dump_dir(paddle):
    checker = paddle.amp.debugging
    with tempfile.TemporaryDirectory() as folder:
        paddle.seed(3)
        checker.enable_tensor_checker(checker.TensorCheckerConfig(enable=True,
                                                                  output_dir=folder))
        paddle.log(paddle.to_tensor([1.0, -1.0]))  # no exception: the line goes to the file
        paddle.sqrt(paddle.to_tensor([4.0, -4.0]))
        checker.disable_tensor_checker()
        for name in sorted(os.listdir(folder)):
            print(name)
            with open(os.path.join(folder, name)) as f:
                print(f.read(), end="")


def case_config(paddle):
    debugging = paddle.amp.debugging
    paddle.seed(2024)
    config = debugging.TensorCheckerConfig(enable=True, debug_step=[0, 2])
    print(config.seed, config.start_step, config.end_step)
    for step in range(3):
        debugging.enable_tensor_checker(config)
        print(step, paddle.get_flags(["FLAGS_check_nan_inf"])["FLAGS_check_nan_inf"])
        debugging.disable_tensor_checker()
    for kwargs in ({"debug_step": 5}, {"checked_op_list": "exp"}, {"skipped_op_list": 1}):
        try:
            debugging.TensorCheckerConfig(enable=False, **kwargs)
        except ValueError as exc:
            print("ValueError", exc)
    print([m.name for m in debugging.DebugMode], [m.value for m in debugging.DebugMode])


CASES = [name for name in dir() if name.startswith("case_")]
