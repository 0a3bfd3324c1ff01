"""PyLayer: a user-defined op with a Python forward and backward, joined to the autograd graph
through the same Node/engine machinery as registry ops."""
from __future__ import annotations

from .._core import state
from .._core.autograd.node import Node
from .._core.tensor import Tensor, wrap


class PyLayerContext:
    """The `ctx` handed to PyLayer.forward and PyLayer.backward."""

    def __init__(self):
        self._saved = ()
        self._non_differentiable = set()
        self._materialize_grads = True
        self._not_inplace = set()

    def save_for_backward(self, *tensors):
        """Keep tensors for backward; read them back with `saved_tensor()`."""
        self._saved = tensors

    def saved_tensor(self):
        return self._saved

    def mark_non_differentiable(self, *tensors):
        """Outputs that get no gradient (their stop_gradient stays True)."""
        self._non_differentiable.update(id(t) for t in tensors)

    def mark_not_inplace(self, *tensors):
        self._not_inplace.update(id(t) for t in tensors)

    def set_materialize_grads(self, value: bool):
        """With False, backward receives None (not zeros) for outputs that got no gradient."""
        self._materialize_grads = bool(value)

    def set_grad_in_dtype_consistent(self, flag: bool):
        self._grad_dtype_consistent = bool(flag)


class _PyLayerOp:
    """The Node's `op` for one PyLayer application: the OpDef fields the engine reads."""

    save_inputs = ()
    save_outputs = ()
    list_inputs = frozenset()
    attrs = ("ctx",)

    def __init__(self, layer_cls, n_in: int, n_out: int):
        self.name = f"py_layer<{layer_cls.__name__}>"
        self.layer_cls = layer_cls
        self.inputs = tuple(f"input{i}" for i in range(n_in))
        self.outputs = tuple(f"output{i}" for i in range(n_out))
        self.n_in = n_in

    def grad_rule(self, gctx, *grads):
        ctx = gctx.ctx
        if not ctx._materialize_grads:
            grads = tuple(None if g._node is None and not g._data.any() else g for g in grads)
        result = self.layer_cls.backward(ctx, *grads)
        if not isinstance(result, (tuple, list)):
            result = (result,)
        if len(result) != self.n_in:
            raise ValueError(f"{self.layer_cls.__name__}.backward returned {len(result)} "
                             f"gradients, but forward received {self.n_in} Tensor inputs.")
        return result[0] if self.n_in == 1 else tuple(result)


class PyLayer:
    """Subclass with static `forward(ctx, ...)` and `backward(ctx, *grads)`; call `apply`.

    Example:
        >>> import paddle
        >>> class Cube(paddle.autograd.PyLayer):
        ...     @staticmethod
        ...     def forward(ctx, x):
        ...         ctx.save_for_backward(x)
        ...         return x ** 3
        ...     @staticmethod
        ...     def backward(ctx, g):
        ...         (x,) = ctx.saved_tensor()
        ...         return g * 3 * x ** 2
        >>> x = paddle.to_tensor([2.0], stop_gradient=False)
        >>> Cube.apply(x).backward()
        >>> x.grad.numpy()
        array([12.], dtype=float32)
    """

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError("PyLayer subclasses must implement forward(ctx, ...)")

    @staticmethod
    def backward(ctx, *grads):
        raise NotImplementedError("PyLayer subclasses must implement backward(ctx, *grads)")

    @classmethod
    def apply(cls, *args, **kwargs):
        ctx = PyLayerContext()
        prev = state.grad_enabled
        state.grad_enabled = False
        try:
            outputs = cls.forward(ctx, *args, **kwargs)
        finally:
            state.grad_enabled = prev
        single = not isinstance(outputs, (tuple, list))
        outs = [outputs] if single else list(outputs)
        inputs = [a for a in list(args) + list(kwargs.values()) if isinstance(a, Tensor)]
        if prev and any(not t.stop_gradient for t in inputs):
            outs = _connect(cls, ctx, inputs, outs)
        return outs[0] if single else type(outputs)(outs)


def _connect(cls, ctx, inputs, outs):
    tensor_positions = [i for i, o in enumerate(outs) if isinstance(o, Tensor)]
    op = _PyLayerOp(cls, len(inputs), len(tensor_positions))
    node = Node()
    node.op = op
    node.attrs = (ctx,)
    node.layout = None
    node.hooks = None
    node.released = False
    node.saved_in = ()
    node.saved_versions = ()
    node.saved_out = ()
    node.edges = [None if t.stop_gradient else ((t, 0) if t._node is None
                                                else (t._node, t._out_idx)) for t in inputs]
    node.in_info = [(t._data.shape, t._data.dtype) for t in inputs]
    node.out_info = []
    result = list(outs)
    for k, i in enumerate(tensor_positions):
        original = outs[i]
        out = wrap(original._data)  # a fresh tensor so an input returned as-is keeps its node
        node.out_info.append((out._data.shape, out._data.dtype))
        if id(original) not in ctx._non_differentiable:
            out.stop_gradient = False
            out._node = node
            out._out_idx = k
        result[i] = out
    return result
