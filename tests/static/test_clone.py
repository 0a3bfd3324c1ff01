"""Program.clone(for_test=True): the backward, the optimizer and the running-statistics writes
are left out, dropout and batch norm run in inference mode (parity with Paddle's legacy
programs is in tests/goldens/cases/static_clone.py)."""
import numpy as np
import pytest

import paddle


def _names(program):
    return [op.name for op in program.global_block().ops]


def test_dropout_runs_as_identity_or_scale(static_mode):
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [None, 5], "float32")
        up = paddle.nn.functional.dropout(x, 0.5)
        down = paddle.nn.functional.dropout(x, 0.25, mode="downscale_in_infer")
    test = main.clone(for_test=True)
    value = np.arange(10, dtype="float32").reshape(2, 5) + 1
    got_up, got_down = paddle.static.Executor().run(test, feed={"x": value},
                                                    fetch_list=[up, down])
    np.testing.assert_array_equal(got_up, value)
    np.testing.assert_allclose(got_down, value * 0.75, rtol=1e-6)
    trained = paddle.static.Executor().run(main, feed={"x": value}, fetch_list=[up])[0]
    assert set(np.unique(trained / value)) <= {0.0, 2.0}


def test_dropout_along_axes_evaluates_in_the_clone(static_mode):
    """Dropout along `axis` is several ops (uniform draw, compare, multiply); the clone reads
    its evaluation form instead. (Paddle 3.3 cannot compare here: its PIR Program.clone takes
    no for_test, and its legacy static dropout with axis fails to build.)"""
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [None, 4], "float32")
        up = paddle.nn.functional.dropout(x, 0.5, axis=1)
        down = paddle.nn.functional.dropout(x, 0.25, axis=1, mode="downscale_in_infer")
        total = (up + down).sum()
    test = main.clone(for_test=True)
    value = np.arange(8, dtype="float32").reshape(2, 4) + 1
    got_up, got_down, got_total = paddle.static.Executor().run(
        test, feed={"x": value}, fetch_list=[up, down, total])
    np.testing.assert_array_equal(got_up, value)
    np.testing.assert_allclose(got_down, value * 0.75, rtol=1e-6)
    np.testing.assert_allclose(got_total, (value * 1.75).sum(), rtol=1e-6)
    assert "pd_op.uniform" not in _names(test)
    trained = paddle.static.Executor().run(main, feed={"x": value}, fetch_list=[up])[0]
    ratios = trained / value
    assert set(np.unique(ratios)) <= {0.0, 2.0}
    assert (ratios == ratios[:1]).all()  # one decision per column, shared by the rows


def test_clone_after_minimize_prunes_training_and_keeps_statistics(static_mode):
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [4, 2, 3], "float32")
        bn = paddle.nn.BatchNorm1D(2)
        out = bn(x)
        loss = paddle.mean(paddle.static.nn.fc(paddle.flatten(out, 1), 1))
        paddle.optimizer.Adam(0.1).minimize(loss)
    test = main.clone(for_test=True)
    names = _names(test)
    assert "pd_op.adam_" not in names and "pd_op.assign_out_" not in names
    assert not any(name.endswith("_grad") for name in names)
    exe = paddle.static.Executor()
    feed = {"x": np.random.RandomState(0).rand(4, 2, 3).astype("float32") * 3}
    exe.run(main, feed=feed, fetch_list=[loss])
    params = {k: v.numpy().copy() for k, v in main.parameters.items()}
    got = exe.run(test, feed=feed, fetch_list=[out])[0]
    for name, tensor in main.parameters.items():
        np.testing.assert_array_equal(tensor.numpy(), params[name])
    mean = params[bn._mean.name].reshape(1, 2, 1)
    var = params[bn._variance.name].reshape(1, 2, 1)
    expected = (feed["x"] - mean) / np.sqrt(var + 1e-5) * params[bn.weight.name].reshape(
        1, 2, 1) + params[bn.bias.name].reshape(1, 2, 1)
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-6)


def test_clone_for_test_is_independent_of_later_ops(static_mode):
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [None, 2], "float32")
        y = x * 2
        test = main.clone(for_test=True)
        z = y + 1
    assert "pd_op.add" not in _names(test) and "pd_op.add" in _names(main)
    with pytest.raises(ValueError):
        paddle.static.Executor().run(test, feed={"x": np.ones((1, 2), "float32")},
                                     fetch_list=[z])


def test_clone_for_test_copies_control_flow_branches(static_mode):
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [None, 3], "float32")
        out = paddle.static.nn.cond(paddle.sum(x) > 0,
                                    lambda: paddle.nn.functional.dropout(x, 0.5) * 2,
                                    lambda: x - 1)
    test = main.clone(for_test=True)
    exe = paddle.static.Executor()
    ones = np.ones((2, 3), "float32")
    np.testing.assert_array_equal(exe.run(test, feed={"x": ones}, fetch_list=[out])[0],
                                  ones * 2)
    np.testing.assert_array_equal(exe.run(test, feed={"x": -ones}, fetch_list=[out])[0],
                                  -ones * 2)
