"""paddle.static.Scope / scope_guard / Executor.run(scope=...) and paddle.static.Print."""
import numpy as np
import pytest

import paddle


def _program(lr=0.1):
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [None, 3], "float32")
        w = paddle.ParamAttr(initializer=paddle.nn.initializer.Constant(0.5))
        loss = paddle.mean(paddle.static.nn.fc(x, 1, weight_attr=w) ** 2)
        paddle.optimizer.SGD(lr).minimize(loss)
    return main, loss


def test_training_in_a_new_scope_leaves_the_global_parameters(static_mode):
    main, loss = _program()
    exe = paddle.static.Executor()
    feed = {"x": np.ones((2, 3), "float32")}
    scope = paddle.static.Scope()
    first = exe.run(main, feed=feed, fetch_list=[loss], scope=scope)[0]
    with paddle.static.scope_guard(scope):
        second = exe.run(main, feed=feed, fetch_list=[loss])[0]
    assert second < first
    global_w = np.array(paddle.static.global_scope().find_var("fc_0.w_0").get_tensor())
    np.testing.assert_array_equal(global_w, np.full((3, 1), 0.5, "float32"))
    assert not np.array_equal(np.array(scope.find_var("fc_0.w_0").get_tensor()), global_w)
    assert exe.run(main, feed=feed, fetch_list=[loss])[0] == first


def test_scope_values_are_the_parameters_of_the_run(static_mode):
    main, loss = _program(lr=0.0)
    scope = paddle.static.Scope()
    scope.var("fc_0.w_0").get_tensor().set(np.zeros((3, 1), "float32"), paddle.CPUPlace())
    scope.var("fc_0.b_0").get_tensor().set(np.full((1,), 2.0, "float32"), paddle.CPUPlace())
    got = paddle.static.Executor().run(main, feed={"x": np.ones((2, 3), "float32")},
                                       fetch_list=[loss], scope=scope)[0]
    assert got == 4.0
    scope.var("fc_0.w_0").get_tensor().set(np.zeros((2, 2), "float32"))
    with pytest.raises(ValueError, match="fc_0.w_0"):
        paddle.static.Executor().run(main, feed={"x": np.ones((2, 3), "float32")},
                                     fetch_list=[loss], scope=scope)


def test_scope_guard_switches_global_scope():
    scope = paddle.static.Scope()
    assert scope.find_var("v") is None
    with paddle.static.scope_guard(scope):
        assert paddle.static.global_scope() is scope
        paddle.static.global_scope().var("v").get_tensor().set(np.arange(3))
    assert paddle.static.global_scope() is not scope
    assert scope.find_var("v").get_tensor().shape() == [3]
    with pytest.raises(TypeError, match="Scope"):
        with paddle.static.scope_guard("scope"):
            pass


def test_print_writes_paddles_text_each_run(static_mode, capsys):
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [None, 4], "float32")
        out = paddle.static.Print(x * 2, message="doubled", summarize=3,
                                  print_tensor_lod=False)
    exe = paddle.static.Executor()
    value = np.arange(8, dtype="float32").reshape(2, 4)
    for _ in range(2):
        got = exe.run(main, feed={"x": value}, fetch_list=[out])[0]
    np.testing.assert_array_equal(got, value * 2)
    text = ("Variable: var\n  - message: doubled\n  - place: Place(cpu)\n  - shape: [2, 4]\n"
            "  - layout: NCHW\n  - dtype: float32\n  - data: [0.000000 2.000000 4.000000]\n")
    assert capsys.readouterr().out == text * 2


def test_print_phases_in_the_backward_as_paddle_3_3(static_mode, capsys):
    """Real Paddle 3.3.1: 'both' prints the value and its gradient, 'backward' prints nothing
    (its backward op keeps is_forward=true)."""
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [2], "float32")
        x.stop_gradient = False
        shown = paddle.static.Print(x, print_phase="backward", print_tensor_name=False,
                                    print_tensor_type=False, print_tensor_shape=False,
                                    print_tensor_layout=False, print_tensor_lod=False)
        both = paddle.static.Print(x * 2, message="both", print_tensor_lod=False,
                                   print_tensor_layout=False)
        (dx,) = paddle.static.gradients(paddle.sum(shown * 3 + both), [x])
    got = paddle.static.Executor().run(main, feed={"x": np.ones(2, "float32")},
                                       fetch_list=[dx])[0]
    np.testing.assert_array_equal(got, [5, 5])
    text = ("Variable: var\n  - message: both\n  - place: Place(cpu)\n  - shape: [2]\n"
            "  - dtype: float32\n  - data: [{0} {0}]\n")
    assert capsys.readouterr().out == text.format("2.000000") + text.format("1.000000")


def test_print_refuses_bad_arguments(static_mode):
    x = paddle.static.data("x", [2], "int8")
    with pytest.raises(TypeError, match="int8"):
        paddle.static.Print(x)
    with pytest.raises(ValueError, match="print_phase"):
        paddle.static.Print(paddle.static.data("y", [2], "float32"), print_phase="sideways")


def _static_fixture_tool():
    import importlib.util
    import os
    path = os.path.join(os.path.dirname(__file__), "..", "..", "tools", "make_static_fixtures.py")
    spec = importlib.util.spec_from_file_location("make_static_fixtures", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_new_scope_trains_with_its_own_parameters_and_accumulators_as_in_paddle(static_mode):
    """The fixture's code (tools/make_static_fixtures.py) run here gives real Paddle's numbers:
    startup in a new Scope starts training over there, with fresh Adam moments, and the global
    scope's parameters and moments continue where they were."""
    import os
    got = _static_fixture_tool().scope_accumulators(paddle, np)
    want = np.load(os.path.join(os.path.dirname(__file__), "..", "fixtures", "static",
                                "scope_accumulators.npz"))
    assert sorted(got) == sorted(want.files)
    for name in want.files:
        np.testing.assert_allclose(got[name], want[name], rtol=1e-6, atol=1e-7, err_msg=name)
    assert got["losses"][2] == got["losses"][0]  # the new scope started from the beginning


def test_startup_program_resets_the_global_scope(static_mode):
    main, loss = _program()
    exe = paddle.static.Executor()
    feed = {"x": np.ones((2, 3), "float32")}
    first = exe.run(main, feed=feed, fetch_list=[loss])[0]
    assert exe.run(main, feed=feed, fetch_list=[loss])[0] < first
    exe.run(paddle.static.default_startup_program())
    assert exe.run(main, feed=feed, fetch_list=[loss])[0] == first


def test_save_inference_model_writes_paddles_program_file(static_mode, tmp_path):
    """Byte for byte (tools/make_static_fixtures.py): parameters in the program's order, newest
    first; fc, nn.Linear, a number as scale, softmax."""
    import os

    from paddle.static.name_struct import fresh_scopes
    with fresh_scopes():  # layer paths count from zero, as in the fixture's fresh process
        got = _static_fixture_tool().inference_program_json(paddle, str(tmp_path))
    with open(os.path.join(os.path.dirname(__file__), "..", "fixtures", "static",
                           "inference_program.json")) as f:
        assert got == f.read()
