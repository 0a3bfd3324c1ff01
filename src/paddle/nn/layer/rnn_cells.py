"""Recurrent cells: one time step of a SimpleRNN, LSTM or GRU (Paddle's gate orders and
parameter names), and RNNCellBase, whose get_initial_states builds zero states."""
from __future__ import annotations

import math

from ..._core import dtype as _dt
from ..._core import state as _state
from ..._core.ops.nn_rnn_cell import gru_cell, lstm_cell, simple_rnn_cell
from ..._core.tensor import Tensor
from ...tensor.creation import full, zeros_like
from ...tensor.linalg import matmul
from ...tensor.manipulation import cast, reshape, split
from ...tensor.math_unary import tanh
from ...tensor.reduction import sum as sum_over
from .. import functional as F
from ..initializer import Constant, Uniform
from ._input_checks import check_last_dim
from .layers import Layer

_FUSED_DTYPES = (_dt.float32, _dt.float64)


def _is_shape(value) -> bool:
    """A shape is a list/tuple of ints; anything else list-like is a structure of shapes."""
    return isinstance(value, (list, tuple)) and all(isinstance(d, int) for d in value)


def _map_shapes(fn, shapes):
    if _is_shape(shapes):
        return fn(shapes)
    if isinstance(shapes, dict):
        return {k: _map_shapes(fn, v) for k, v in shapes.items()}
    return type(shapes)(_map_shapes(fn, s) for s in shapes)


def first_tensor(nest):
    """The first tensor of a (possibly nested) list/tuple/dict of tensors."""
    while isinstance(nest, (list, tuple, dict)):
        nest = next(iter(nest.values())) if isinstance(nest, dict) else nest[0]
    return nest


def filled(batch_ref, batch_dim, dims, value, dtype):
    """full([batch] + dims) where batch is batch_ref.shape[batch_dim]; while tracing with an
    unknown batch size the batch dimension comes from broadcasting against batch_ref."""
    batch = batch_ref.shape[batch_dim]
    if batch != -1:
        return full([batch] + list(dims), value, dtype)
    zeros = zeros_like(batch_ref)
    others = [axis for axis in range(zeros.ndim) if axis != batch_dim]
    if others:
        zeros = sum_over(zeros, axis=others)
    zeros = cast(reshape(zeros, [-1] + [1] * len(dims)), dtype)
    return full([1] + list(dims), value, dtype) + zeros


class RNNCellBase(Layer):
    """Base class of recurrent cells: subclasses compute one step in `forward(inputs, states)`
    and describe their states with `state_shape` (and optionally `state_dtype`)."""

    def get_initial_states(self, batch_ref, shape=None, dtype=None, init_value=0.0,
                           batch_dim_idx=0):
        """States filled with `init_value`, batch size taken from
        `batch_ref.shape[batch_dim_idx]`, shaped like `shape` (default: state_shape).

        Example:
            >>> import paddle
            >>> cell = paddle.nn.GRUCell(4, 6)
            >>> cell.get_initial_states(paddle.ones([3, 4])).shape
            paddle.Size([3, 6])
        """
        ref = first_tensor(batch_ref)
        shapes = self.state_shape if shape is None else shape
        if dtype is None:
            try:
                dtype = self.state_dtype
            except NotImplementedError:
                dtype = _dt.get_default_dtype()

        def make(one_shape, one_dtype):
            dims = list(one_shape)
            dims = dims[1:] if dims and dims[0] == -1 else dims
            return filled(ref, batch_dim_idx, dims, init_value, one_dtype)

        if isinstance(dtype, (list, tuple)) and not _is_shape(shapes):
            dtypes = iter(_flat_dtypes(dtype))
            return _map_shapes(lambda s: make(s, next(dtypes)), shapes)
        return _map_shapes(lambda s: make(s, dtype), shapes)

    @property
    def state_shape(self):
        """The shape(s) of the state, without the batch dimension."""
        raise NotImplementedError("Please add implementation for `state_shape` in the used cell.")

    @property
    def state_dtype(self):
        """The dtype(s) of the state (default: Paddle's default float dtype)."""
        raise NotImplementedError("Please add implementation for `state_dtype` in the used cell.")


def _flat_dtypes(dtypes):
    if isinstance(dtypes, (list, tuple)):
        return [d for item in dtypes for d in _flat_dtypes(item)]
    return [dtypes]


class _GatedCell(RNNCellBase):
    """Creates weight_ih [G*H, input], weight_hh [G*H, H], bias_ih and bias_hh [G*H], each
    Uniform(-1/sqrt(H), 1/sqrt(H)); an attr of False gives a frozen constant (1 for weights,
    0 for biases) instead, as in Paddle."""

    def _create_gates(self, gates, input_size, hidden_size, hh_width, attrs):
        if hidden_size <= 0:
            raise ValueError(f"hidden_size of {type(self).__name__} must be greater than 0, but "
                             f"now equals to {hidden_size}")
        std = 1.0 / math.sqrt(hidden_size)
        weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr = attrs
        rows = gates * hidden_size
        self.weight_ih = self._gate_param((rows, input_size), weight_ih_attr, False, std)
        self.weight_hh = self._gate_param((rows, hh_width), weight_hh_attr, False, std)
        self.bias_ih = self._gate_param((rows,), bias_ih_attr, True, std)
        self.bias_hh = self._gate_param((rows,), bias_hh_attr, True, std)
        self.input_size, self.hidden_size = input_size, hidden_size

    def _gate_param(self, shape, attr, is_bias, std):
        dtype = _dt.get_default_dtype()
        if attr is not False:
            return self.create_parameter(shape, attr, dtype, is_bias, Uniform(-std, std))
        frozen = self.create_parameter(shape, None, dtype, is_bias,
                                       Constant(0.0 if is_bias else 1.0))
        frozen.stop_gradient = True
        return frozen

    def _projections(self, inputs, hidden):
        """(inputs @ weight_ih^T + bias_ih, hidden @ weight_hh^T + bias_hh)."""
        check_last_dim(type(self).__name__, inputs, self.input_size, "input_size")
        x_part = matmul(inputs, self.weight_ih, transpose_y=True)
        if self.bias_ih is not None:
            x_part = x_part + self.bias_ih
        h_part = matmul(hidden, self.weight_hh, transpose_y=True)
        if self.bias_hh is not None:
            h_part = h_part + self.bias_hh
        return x_part, h_part

    def _fusable(self, inputs, *states) -> bool:
        """Whether the one-kernel cell op computes this step with the composite's numbers:
        eager (a traced program keeps the composite ops, which Paddle's program format has),
        2-D float32/float64 inputs of the weights' dtype (low precision rounds after every
        op of the composite), states [batch, hidden_size], biases present, no projection."""
        dtype = self.weight_ih.dtype
        if _state.tracer is not None or getattr(self, "proj_size", 0) \
                or dtype not in _FUSED_DTYPES or self.bias_ih is None or self.bias_hh is None:
            return False
        for t in (inputs, *states):
            if not isinstance(t, Tensor) or t.ndim != 2 or t.dtype != dtype:
                return False
        expected = [inputs.shape[0], self.hidden_size]
        return all(s.shape == expected for s in states)

    def _weights(self):
        return self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh

    def extra_repr(self) -> str:
        return f"{self.input_size}, {self.hidden_size}"


class SimpleRNNCell(_GatedCell):
    """Elman cell: h_t = act(x W_ih^T + b_ih + h_{t-1} W_hh^T + b_hh), act tanh or relu.

    Example:
        >>> import paddle
        >>> cell = paddle.nn.SimpleRNNCell(4, 6)
        >>> y, h = cell(paddle.ones([2, 4]))
        >>> y.shape, h.shape
        (paddle.Size([2, 6]), paddle.Size([2, 6]))
    """

    def __init__(self, input_size, hidden_size, activation="tanh", weight_ih_attr=None,
                 weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None, name=None):
        super().__init__()
        self._create_gates(1, input_size, hidden_size, hidden_size,
                           (weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr))
        if activation not in ("tanh", "relu"):
            raise ValueError(f"activation for SimpleRNNCell should be tanh or relu, but get "
                             f"{activation}")
        self.activation = activation
        self._activation_fn = tanh if activation == "tanh" else F.relu

    def forward(self, inputs, states=None):
        if states is None:
            states = self.get_initial_states(inputs, self.state_shape)
        if self._fusable(inputs, states):
            check_last_dim("SimpleRNNCell", inputs, self.input_size, "input_size")
            h, _ = simple_rnn_cell(inputs, states, *self._weights(), self.activation)
            return h, h
        x_part, h_part = self._projections(inputs, states)
        h = self._activation_fn(x_part + h_part)
        return h, h

    @property
    def state_shape(self):
        return (self.hidden_size,)

    def extra_repr(self) -> str:
        text = super().extra_repr()
        return text if self.activation == "tanh" else f"{text}, activation={self.activation}"


class LSTMCell(_GatedCell):
    """LSTM cell with gates i, f, g, o (in that order in the weights); with proj_size > 0 the
    hidden state is projected by weight_ho [hidden_size, proj_size].

    Example:
        >>> import paddle
        >>> cell = paddle.nn.LSTMCell(4, 6)
        >>> y, (h, c) = cell(paddle.ones([2, 4]))
        >>> y.shape, c.shape
        (paddle.Size([2, 6]), paddle.Size([2, 6]))
    """

    def __init__(self, input_size, hidden_size, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, proj_size=0, name=None):
        super().__init__()
        if hidden_size <= 0:
            raise ValueError(f"hidden_size of LSTMCell must be greater than 0, but now equals "
                             f"to {hidden_size}")
        if proj_size < 0:
            raise ValueError(f"proj_size of LSTMCell must be greater than 0, but now equals to "
                             f"{proj_size}")
        if proj_size >= hidden_size:
            raise ValueError("proj_size must be smaller than hidden_size")
        self._create_gates(4, input_size, hidden_size, proj_size or hidden_size,
                           (weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr))
        self.proj_size = proj_size
        if proj_size > 0:
            std = 1.0 / math.sqrt(hidden_size)
            self.weight_ho = self.create_parameter((hidden_size, proj_size), weight_hh_attr,
                                                   _dt.get_default_dtype(), False,
                                                   Uniform(-std, std))

    def forward(self, inputs, states=None):
        if states is None:
            states = self.get_initial_states(inputs, self.state_shape)
        pre_hidden, pre_cell = states
        if self._fusable(inputs, pre_hidden, pre_cell):
            check_last_dim("LSTMCell", inputs, self.input_size, "input_size")
            h, c, _ = lstm_cell(inputs, pre_hidden, pre_cell, *self._weights())
            return h, (h, c)
        x_part, h_part = self._projections(inputs, pre_hidden)
        i, f, g, o = split(x_part + h_part, 4, axis=-1)
        c = F.sigmoid(f) * pre_cell + F.sigmoid(i) * tanh(g)
        h = F.sigmoid(o) * tanh(c)
        if self.proj_size > 0:
            h = matmul(h, self.weight_ho)
        return h, (h, c)

    @property
    def state_shape(self):
        return ((self.proj_size or self.hidden_size,), (self.hidden_size,))


class GRUCell(_GatedCell):
    """GRU cell with gates r, z, c; the reset gate multiplies the hidden projection after its
    matmul: c = tanh(x_c + r * (h W_hc^T + b_hc)), h' = (h - c) * z + c.

    Example:
        >>> import paddle
        >>> cell = paddle.nn.GRUCell(4, 6)
        >>> y, h = cell(paddle.ones([2, 4]))
        >>> h.shape
        paddle.Size([2, 6])
    """

    def __init__(self, input_size, hidden_size, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, name=None):
        super().__init__()
        self._create_gates(3, input_size, hidden_size, hidden_size,
                           (weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr))

    def forward(self, inputs, states=None):
        if states is None:
            states = self.get_initial_states(inputs, self.state_shape)
        if self._fusable(inputs, states):
            check_last_dim("GRUCell", inputs, self.input_size, "input_size")
            h, _ = gru_cell(inputs, states, *self._weights())
            return h, h
        x_part, h_part = self._projections(inputs, states)
        x_r, x_z, x_c = split(x_part, 3, axis=1)
        h_r, h_z, h_c = split(h_part, 3, axis=1)
        r = F.sigmoid(x_r + h_r)
        z = F.sigmoid(x_z + h_z)
        c = tanh(x_c + r * h_c)
        h = (states - c) * z + c
        return h, h

    @property
    def state_shape(self):
        return (self.hidden_size,)


__all__ = ["RNNCellBase", "SimpleRNNCell", "LSTMCell", "GRUCell"]
