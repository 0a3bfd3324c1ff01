"""`paddle.autograd`: backward, grad, PyLayer, and functional jacobian/hessian."""
from .._core.autograd.engine import GraphFreedError, run_backward
from .._core.autograd.graph_dump import dump_backward_graph
from .._core.autograd.grad_mode import enable_grad, is_grad_enabled, no_grad, set_grad_enabled
from .functional import hessian, jacobian
from .py_layer import PyLayer, PyLayerContext
from .saved_tensors_hooks import saved_tensors_hooks


def backward(tensors, grad_tensors=None, retain_graph=False, dump_backward_graph_path=None):
    """Compute gradients of `tensors` and accumulate them into the leaves' `.grad`.

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([1., 2.], stop_gradient=False)
        >>> paddle.autograd.backward([(x * x).sum()])
        >>> x.grad
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=False,
               [2., 4.])
    """
    if dump_backward_graph_path is not None:
        dump_backward_graph(tensors, dump_backward_graph_path)
    run_backward(tensors, grad_tensors, retain_graph=retain_graph)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         only_inputs=True, allow_unused=False, no_grad_vars=None, dump_backward_graph_path=None):
    """Gradients of `outputs` with respect to `inputs` (returned, not accumulated into `.grad`).

    With create_graph=True the result is itself differentiable (higher-order gradients).

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor(3.0, stop_gradient=False)
        >>> (dx,) = paddle.grad(x * x, x)
        >>> dx
        Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
               6.)
    """
    if retain_graph is None:
        retain_graph = create_graph
    single = not isinstance(inputs, (list, tuple))
    inputs = [inputs] if single else list(inputs)
    for i, t in enumerate(inputs):
        if t.stop_gradient:
            raise ValueError(f"paddle.grad: inputs[{i}] has stop_gradient=True, so no gradient "
                             "can be computed for it; set stop_gradient=False before using it.")
    if isinstance(grad_outputs, (list, tuple)):
        grad_outputs = list(grad_outputs)
    if dump_backward_graph_path is not None:
        dump_backward_graph(outputs if isinstance(outputs, (list, tuple)) else [outputs],
                            dump_backward_graph_path)
    return run_backward(outputs, grad_outputs, retain_graph=retain_graph,
                        create_graph=create_graph, inputs=inputs, allow_unused=allow_unused,
                        no_grad_vars=no_grad_vars)


__all__ = ["backward", "grad", "PyLayer", "PyLayerContext", "jacobian", "hessian", "no_grad",
           "enable_grad", "set_grad_enabled", "is_grad_enabled", "GraphFreedError",
           "saved_tensors_hooks"]
