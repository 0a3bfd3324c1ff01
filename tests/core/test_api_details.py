"""Small API details real Paddle 3.3 has: the backward-graph dump, Paddle's no_grad/enable_grad
call forms, Tensor.cuda on a CPU build, get_device of a tensor, clear_grad vs clear_gradient."""
import os
import re

import numpy as np
import pytest

import paddle


def _graph_file(directory):
    (name,) = os.listdir(directory)
    assert name.endswith("_backward_graph.dot")
    return open(os.path.join(directory, name)).read()


def test_backward_dumps_the_graph_it_runs(tmp_path):
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y = (x * x).tanh().sum()
    y.backward(dump_backward_graph_path=str(tmp_path))
    text = _graph_file(tmp_path)
    labels = re.findall(r'node_(\d+)\[label="(\w+)"', text)
    assert labels == [("0", "SumGradNode"), ("1", "TanhGradNode"), ("2", "MultiplyGradNode"),
                      ("3", "GradNodeAccumulation")]
    edges = re.findall(r"node_(\d)->node_(\d)\[label=\"Place\(cpu\)\\nfloat32\[2\]\"\]", text)
    assert edges == [("0", "1"), ("1", "2"), ("2", "3"), ("2", "3")]  # x*x: two edges to x
    np.testing.assert_allclose(x.grad.numpy(), 2 * np.array([1, 2]) / np.cosh([1, 4]) ** 2,
                               rtol=1e-4)  # 1 - tanh^2 in float32


def test_paddle_grad_dump_leaves_results_unchanged(tmp_path):
    x = paddle.to_tensor(3.0, stop_gradient=False)
    (dx,) = paddle.grad(x * x, x, dump_backward_graph_path=str(tmp_path / "graphs"))
    assert float(dx) == 6.0
    assert "MultiplyGradNode" in _graph_file(tmp_path / "graphs")


def test_no_grad_takes_no_function_as_in_paddle():
    with pytest.raises(TypeError):
        paddle.no_grad(lambda: None)

    @paddle.no_grad()
    def double(t):
        return t * 2

    x = paddle.ones([2])
    x.stop_gradient = False
    assert double(x).stop_gradient
    with paddle.no_grad(), paddle.enable_grad():
        assert not (x * 2).stop_gradient


def test_cuda_on_a_cpu_build_says_no_device():
    if paddle.device.is_compiled_with_cuda():
        pytest.skip("a GPU backend is present")
    with pytest.raises(ValueError, match=r"\(Tensor.cuda\) No available device"):
        paddle.ones([1]).cuda()


def test_get_device_of_a_tensor_is_its_device_id():
    assert paddle.get_device(paddle.ones([1])) == -1
    assert paddle.get_device() == "cpu"


def test_clear_grad_zeroes_and_clear_gradient_can_drop():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    (x * 3).sum().backward()
    x.clear_grad()
    np.testing.assert_array_equal(x.grad.numpy(), [0.0, 0.0])
    x.clear_gradient(set_to_zero=False)
    assert x.grad is None


def test_fill_and_zero_cut_gradients_to_zero_as_paddle():
    t = paddle.to_tensor(np.arange(6.0).reshape(2, 3), dtype="float32", stop_gradient=False)
    y = t * 2
    y.fill_(1)
    (y * 3).sum().backward()
    np.testing.assert_array_equal(y.numpy(), np.ones((2, 3)))
    np.testing.assert_array_equal(t.grad.numpy(), np.zeros((2, 3)))
    z = t * 2
    z.zero_()
    assert not z.stop_gradient and float(z.abs().sum()) == 0.0
    with pytest.raises(ValueError, match=r"\(fill_\) Leaf Tensor .* can't use inplace"):
        t.fill_(2)
    with pytest.raises(TypeError, match=r"\(fill_\) The type of 'value' must be int or float"):
        paddle.to_tensor([2, 3]).fill_([1])


def test_legacy_no_grad_decorates_bare_functions_and_keeps_their_signature():
    import inspect

    from paddle.base import dygraph, framework

    def add(a, b=1):
        return a + b

    wrapped = dygraph.no_grad(add)
    assert inspect.getfullargspec(wrapped) == inspect.getfullargspec(add)
    x = paddle.ones([1])
    x.stop_gradient = False
    assert wrapped(x, x).stop_gradient
    tracer = framework._dygraph_tracer()
    with paddle.no_grad():
        assert tracer._has_grad is False
    assert tracer._has_grad is True


def test_distances_promote_mixed_float_inputs():
    import paddle.nn.functional as F
    a = paddle.to_tensor([[1.0, 2.0, 2.0]], dtype="float32")
    b = paddle.to_tensor([[2.0, 4.0, 4.0]], dtype="float64")
    sim = F.cosine_similarity(a, b)
    assert sim.dtype == paddle.float64 and abs(sim.item() - 1.0) < 1e-12
    assert F.pairwise_distance(a, b, epsilon=0.0).dtype == paddle.float64
    with pytest.raises(TypeError, match="x1 must be a floating-point"):
        F.cosine_similarity(paddle.ones([1, 3], "int32"), a)


def test_astype_to_the_same_dtype_is_the_tensor_itself_but_cast_copies():
    a = paddle.ones([2])
    assert a.astype("float32") is a and a.astype(paddle.float32) is a
    assert a.cast("float32") is not a
    assert a.astype("float16").dtype == paddle.float16


def test_sequential_insert_and_extend_as_paddle():
    nn = paddle.nn
    seq = nn.Sequential(nn.ReLU(), nn.Tanh())
    seq.insert(-1, nn.Sigmoid())
    seq.extend([nn.ELU()])
    assert [type(layer).__name__ for layer in seq] == ["ReLU", "Sigmoid", "Tanh", "ELU"]
    assert list(seq._sub_layers) == ["0", "1", "2", "3"]
    with pytest.raises(IndexError, match="Index out of range: 5"):
        seq.insert(5, nn.ReLU())
    with pytest.raises(AssertionError):
        seq.insert(0, 1)
    np.testing.assert_allclose(seq(paddle.to_tensor([-1.0])).numpy(),
                               [np.tanh(0.5)], rtol=1e-6)


def test_get_tensor_handle_reads_and_writes_the_tensor():
    x = paddle.zeros([2, 2])
    handle = x.value().get_tensor()
    handle.set(np.full((2, 2), 3.0, np.float32), paddle.CPUPlace())
    np.testing.assert_array_equal(x.numpy(), np.full((2, 2), 3.0))
    np.testing.assert_array_equal(np.array(handle), np.full((2, 2), 3.0))
    assert handle.shape() == [2, 2]
    assert isinstance(handle, paddle.base.core.DenseTensor)


def test_run_check_trains_and_reports(capsys):
    paddle.utils.run_check()
    out = capsys.readouterr().out
    assert "PaddlePaddle works well on 1 CPU." in out
    assert paddle.in_dynamic_mode()


def test_paddle_tensor_namespace_reaches_the_functions():
    assert paddle.tensor.randint is paddle.randint
    assert paddle.tensor.add is paddle.add


def test_layer_norm_checks_normalized_shape_first():
    with pytest.raises(ValueError, match="normalized_shape"):
        paddle.nn.functional.layer_norm(x=np.ones((2, 3), "float32"), normalized_shape=1.0)


def test_void_backward_hooks_on_leaves_and_final_hooks():
    calls = []
    x = paddle.to_tensor([5.0], stop_gradient=False)
    x._register_backward_hook(lambda: calls.append(x.grad.item()))
    for _ in range(2):
        paddle.pow(x, 4.0).backward()
    assert calls == [500.0, 1000.0]  # after each accumulation: 4 * 5**3, then twice that
    with pytest.raises(ValueError, match="leaf"):
        (x * 2)._register_backward_hook(lambda: None)
    with pytest.raises(ValueError, match="stop_gradient"):
        paddle.ones([1])._register_backward_hook(lambda: None)
    finals = []
    paddle.base.core.eager._add_backward_final_hook(lambda: finals.append(len(calls)))
    (x * 3).sum().backward()
    (x * 3).sum().backward()
    assert finals == [3]  # once, after the first pass's leaf hooks


def test_legacy_fill_constant_lives_in_paddle_tensor_only():
    out = paddle.zeros([2])
    assert paddle.tensor.fill_constant([2], "float32", 1.5, out=out) is out
    assert out.tolist() == [1.5, 1.5]
    assert paddle.tensor.fill_constant([2, 1], "int32", 5).dtype == paddle.int32
    assert not hasattr(paddle, "fill_constant")


def test_pir_guard_builds_programs_in_static_mode_for_the_block():
    with paddle.pir_utils.IrGuard():
        assert not paddle.in_dynamic_mode()
        x = paddle.static.data("x", [None, 2], "float32")
        assert x.shape == [-1, 2]
    assert paddle.in_dynamic_mode()


def test_flags_paddle_scripts_read_and_set():
    assert paddle.get_flags(["FLAGS_enable_pir_api"]) == {"FLAGS_enable_pir_api": True}
    assert paddle.get_flags("FLAGS_use_accuracy_compatible_kernel") == {
        "FLAGS_use_accuracy_compatible_kernel": False}
    with pytest.raises(ValueError, match="fixed to False"):
        paddle.set_flags({"FLAGS_use_accuracy_compatible_kernel": True})
    paddle.set_flags({"FLAGS_eager_delete_tensor_gb": 1.0})
    try:
        assert paddle.get_flags("FLAGS_eager_delete_tensor_gb")[
            "FLAGS_eager_delete_tensor_gb"] == 1.0
    finally:
        paddle.set_flags({"FLAGS_eager_delete_tensor_gb": 0.0})
    with pytest.raises(ValueError, match="FLAGS_no_such_flag"):
        paddle.get_flags("FLAGS_no_such_flag")


@pytest.mark.parametrize("bad, kind", [([1.0], "list"), (3.0, "float"),
                                       (np.array([1.0]), "numpy.ndarray")])
def test_unary_functions_take_tensors_only_as_paddle(bad, kind):
    with pytest.raises(ValueError, match=rf"tanh\(\): argument 'x' \(position 0\) must be "
                                         rf"Tensor, but got {kind}"):
        paddle.tanh(bad)
    with pytest.raises(ValueError, match=r"trunc\(\): argument 'input'"):
        paddle.trunc(bad)


def test_float_and_int_take_zero_dim_tensors_as_paddle_with_numpy_2():
    assert float(paddle.to_tensor(2.5)) == 2.5 and int(paddle.to_tensor(3)) == 3
    with pytest.raises(TypeError, match=r"float\(Tensor\): only 0-dimensional.*shape \[1\]"):
        float(paddle.to_tensor([1.5]))
    with pytest.raises(TypeError, match=r"int\(Tensor\): only 0-dimensional"):
        int(paddle.to_tensor([[2]]))
    assert paddle.to_tensor([1.5]).item() == 1.5 and bool(paddle.to_tensor([1.0]))


def test_legacy_core_names_are_the_public_ones():
    assert paddle.base.core.Scope is paddle.static.Scope
    assert paddle.ones([1]).type == paddle.base.core.VarDesc.VarType.DENSE_TENSOR


def test_abs_of_complex_has_a_true_second_derivative():
    import sys
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from gradcheck import check_double_vjp, check_vjp

    def modulus_squared(t):
        return paddle.abs(paddle.as_complex(paddle.stack([t, t * t], -1))) ** 2

    values = np.random.default_rng(0).uniform(0.5, 2, (3,))
    check_vjp(modulus_squared, [values])
    check_double_vjp(modulus_squared, [values])  # failed while sign() had zero gradient


def test_operators_refuse_sequences_and_take_arrays_as_paddle():
    t = paddle.ones([2, 2])
    for expression in (lambda: [[1.0, 2.0], [3.0, 4.0]] @ t, lambda: t @ [[1.0], [2.0]],
                       lambda: [1.0, 2.0] // t, lambda: t % (1.0, 2.0)):
        with pytest.raises(TypeError, match=r"__r?(matmul|floordiv|mod)__\(\): argument "
                                            r"\(position 1\) must be int, float, bool or Tensor"):
            expression()
    product = t @ np.full((2, 2), 2.0)  # float64 array: taken at the tensor's dtype
    assert product.dtype == paddle.float32 and product.numpy().tolist() == [[4.0, 4.0]] * 2
    assert (np.ones((2, 2), "int64") @ t).dtype == paddle.float32
