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
    with paddle.no_grad():
        with paddle.enable_grad():
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
