"""Multi-layer, optionally bidirectional SimpleRNN, LSTM and GRU networks.

The layer holds one RNN (or BiRNN) per layer, each around its cells, and exposes the cells'
parameters under Paddle's flat names (weight_ih_l0, bias_hh_l1_reverse, ...) as well, so
state_dicts carry both spellings as Paddle's do. The forward runs one fused `rnn_layer` kernel
per layer and direction, as Paddle's `rnn` op does: outputs at padded steps are zero and each
sequence's final state is taken at its last valid step. An LSTM with a projection runs the
per-step cell loop instead (as in Paddle, whose fused kernel has no projection either).
"""
from __future__ import annotations

from ..._core.ops import nn_rnn
from ...tensor.manipulation import concat, stack, transpose, unstack
from .. import functional as F
from .container import LayerList
from .rnn import RNN, BiRNN
from .rnn_cells import GRUCell, LSTMCell, SimpleRNNCell, filled

_BIDIRECTIONAL = ("bidirectional", "bidirect")
_CELLS = {"LSTM": LSTMCell, "GRU": GRUCell, "RNN_TANH": SimpleRNNCell,
          "RNN_RELU": SimpleRNNCell}


class RNNBase(LayerList):
    """Shared construction and forward of SimpleRNN, LSTM and GRU."""

    def __init__(self, mode, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, proj_size=0):
        super().__init__()
        if direction not in ("forward",) + _BIDIRECTIONAL:
            raise ValueError("direction should be forward or bidirect (or bidirectional), "
                             f"received direction = {direction}")
        if proj_size > 0 and mode != "LSTM":
            raise ValueError(f"proj_size is only supported by LSTM, but mode is {mode}")
        self.mode, self.input_size, self.hidden_size = mode, input_size, hidden_size
        self.dropout, self.time_major, self.num_layers = dropout, time_major, num_layers
        self.num_directions = 2 if direction in _BIDIRECTIONAL else 1
        self.state_components = 2 if mode == "LSTM" else 1
        self.proj_size = proj_size
        self._build_layers(input_size, hidden_size, {
            "weight_ih_attr": weight_ih_attr, "weight_hh_attr": weight_hh_attr,
            "bias_ih_attr": bias_ih_attr, "bias_hh_attr": bias_hh_attr})
        self.could_use_cudnn = len(self.parameters()) == num_layers * 4 * self.num_directions
        self._expose_flat_names(bias_ih_attr is not False, bias_hh_attr is not False)

    def _build_layers(self, input_size, hidden_size, attrs):
        if self.mode == "LSTM":
            attrs["proj_size"] = self.proj_size
        elif self.mode != "GRU":
            attrs["activation"] = "relu" if self.mode == "RNN_RELU" else "tanh"
        cell_cls = _CELLS[self.mode]
        inner = self.proj_size or hidden_size
        for layer in range(self.num_layers):
            size = input_size if layer == 0 else inner * self.num_directions
            if self.num_directions == 1:
                self.append(RNN(cell_cls(size, hidden_size, **attrs), False, self.time_major))
            else:
                self.append(BiRNN(cell_cls(size, hidden_size, **attrs),
                                  cell_cls(size, hidden_size, **attrs), self.time_major))

    def _expose_flat_names(self, has_bias_ih, has_bias_hh):
        """Register the cells' parameters under Paddle's flat names. Like Paddle, the names
        are paired with parameters in order, so a bias attr of False (which still creates a
        frozen bias) or a projection shifts the pairing exactly as it does there."""
        names = []
        for layer in range(self.num_layers):
            for direction in range(self.num_directions):
                suffix = "_reverse" if direction else ""
                kinds = ["weight_ih", "weight_hh"] + (["bias_ih"] if has_bias_ih else []) \
                    + (["bias_hh"] if has_bias_hh else [])
                names.extend(f"{kind}_l{layer}{suffix}" for kind in kinds)
        for name, param in zip(names, self.parameters()):
            setattr(self, name, param)

    def flatten_parameters(self):
        """Paddle packs the weights into one buffer for cuDNN; the NumPy kernels read the
        cells' parameters directly, so there is nothing to pack."""

    def _cells(self):
        for sub in self:
            yield from ((sub.cell,) if isinstance(sub, RNN) else (sub.cell_fw, sub.cell_bw))

    def forward(self, inputs, initial_states=None, sequence_length=None):
        if inputs.ndim != 3:
            raise ValueError(f"({type(self).__name__}) inputs must be 3-D ([batch_size, "
                             f"time_steps, input_size], or time-major), but received shape "
                             f"{list(inputs.shape)}.")
        if initial_states is None:
            initial_states = self._zero_states(inputs)
        elif not isinstance(initial_states, (list, tuple)):
            initial_states = [initial_states]
        self._check_states(inputs, initial_states)
        if self.could_use_cudnn:
            return self._fused_forward(inputs, initial_states, sequence_length)
        return self._cell_forward(inputs, initial_states, sequence_length)

    def _zero_states(self, inputs):
        rows = self.num_layers * self.num_directions
        widths = [self.proj_size or self.hidden_size, self.hidden_size]
        batch_dim = 1 if self.time_major else 0
        return tuple(transpose(filled(inputs, batch_dim, [rows, widths[k]], 0, inputs.dtype),
                               [1, 0, 2]) for k in range(self.state_components))

    def _check_states(self, inputs, states):
        name = type(self).__name__
        if inputs.shape[-1] != self.input_size:
            raise ValueError(f"({name}) The last dimension of inputs must equal input_size "
                             f"({self.input_size}), but received inputs of shape "
                             f"{list(inputs.shape)}.")
        if len(states) != self.state_components:
            raise ValueError(f"({name}) initial_states must hold {self.state_components} "
                             f"tensor(s) for mode {self.mode}, but received {len(states)}.")
        batch = inputs.shape[1 if self.time_major else 0]
        widths = [self.proj_size or self.hidden_size, self.hidden_size]
        for k, state in enumerate(states):
            expected = [self.num_layers * self.num_directions, batch, widths[k]]
            if any(e != g and -1 not in (e, g) for e, g in zip(expected, state.shape)) \
                    or state.ndim != 3:
                raise ValueError(f"({name}) initial_states[{k}] must have shape {expected} "
                                 f"([num_layers * num_directions, batch_size, hidden_size]), "
                                 f"but received {list(state.shape)}.")

    def _fused_forward(self, inputs, initial_states, sequence_length):
        x = inputs if self.time_major else transpose(inputs, [1, 0, 2])
        mask = None
        if sequence_length is not None:
            mask = transpose(F.sequence_mask(sequence_length, maxlen=x.shape[0], dtype="bool"),
                             [1, 0])
        per_cell = unstack(stack(list(initial_states), 1), 0)  # [S, B, H] for each cell
        cells = list(self._cells())
        finals = []
        for layer in range(self.num_layers):
            if layer and self.dropout and self.training:
                x = F.dropout(x, self.dropout, training=True, mode="upscale_in_train")
            outs = []
            for direction in range(self.num_directions):
                k = layer * self.num_directions + direction
                cell = cells[k]
                weights = (cell.weight_ih, cell.weight_hh, cell.bias_ih, cell.bias_hh)
                is_test = nn_rnn.inference_only(x, per_cell[k], *weights)
                out, final, _ = nn_rnn.rnn_layer(x, per_cell[k], *weights, mask, self.mode,
                                                 direction == 1, is_test)
                outs.append(out)
                finals.append(final)
            x = outs[0] if len(outs) == 1 else concat(outs, -1)
        out = x if self.time_major else transpose(x, [1, 0, 2])
        states = unstack(stack(finals, 1), 0)
        return out, (tuple(states) if self.state_components > 1 else states[0])

    def _cell_forward(self, inputs, initial_states, sequence_length):
        states = _split_states(initial_states, self.num_directions == 2, self.state_components)
        finals = []
        for layer, rnn_layer in enumerate(self):
            if layer:
                inputs = F.dropout(inputs, self.dropout, training=self.training,
                                   mode="upscale_in_train")
            inputs, final = rnn_layer(inputs, states[layer], sequence_length)
            finals.append(final)
        return inputs, _concat_states(finals, self.num_directions == 2, self.state_components)

    def extra_repr(self) -> str:
        text = f"{self.input_size}, {self.hidden_size}"
        if self.num_layers != 1:
            text += f", num_layers={self.num_layers}"
        if self.time_major is not False:
            text += f", time_major={self.time_major}"
        if self.dropout != 0:
            text += f", dropout={self.dropout}"
        return text


def _split_states(states, bidirectional, components):
    """[L*D, B, H] tensors → per layer: the state (or (fw, bw) pair) of its cell(s)."""
    per_cell = list(zip(*(unstack(s, 0) for s in states)))
    per_cell = [c if components > 1 else c[0] for c in per_cell]
    if not bidirectional:
        return per_cell
    return list(zip(per_cell[::2], per_cell[1::2]))


def _concat_states(finals, bidirectional, components):
    """Inverse of _split_states for the final states."""
    cells = [state for pair in finals for state in pair] if bidirectional else finals
    if components == 1:
        return stack(cells, 0)
    return tuple(stack([cell[k] for cell in cells], 0) for k in range(components))


class SimpleRNN(RNNBase):
    """Multi-layer Elman network: h_t = act(x_t W_ih^T + b_ih + h_{t-1} W_hh^T + b_hh).
    forward(inputs, initial_states=None, sequence_length=None) → (outputs, final_states) with
    final_states of shape [num_layers * num_directions, batch_size, hidden_size].

    Example:
        >>> import paddle
        >>> rnn = paddle.nn.SimpleRNN(16, 32, 2)
        >>> y, h = rnn(paddle.randn((4, 23, 16)), paddle.randn((2, 4, 32)))
        >>> y.shape, h.shape
        (paddle.Size([4, 23, 32]), paddle.Size([2, 4, 32]))
    """

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, activation="tanh", weight_ih_attr=None,
                 weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None, name=None):
        if activation not in ("tanh", "relu"):
            raise ValueError(f"Unknown activation '{activation}'")
        mode = "RNN_TANH" if activation == "tanh" else "RNN_RELU"
        super().__init__(mode, input_size, hidden_size, num_layers, direction, time_major,
                         dropout, weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr, 0)
        self.activation = activation


class LSTM(RNNBase):
    """Multi-layer LSTM; final_states is (h, c), each [num_layers * num_directions,
    batch_size, hidden_size] (h has proj_size columns when proj_size > 0).

    Example:
        >>> import paddle
        >>> rnn = paddle.nn.LSTM(16, 32, 2)
        >>> y, (h, c) = rnn(paddle.randn((4, 23, 16)))
        >>> y.shape, h.shape, c.shape
        (paddle.Size([4, 23, 32]), paddle.Size([2, 4, 32]), paddle.Size([2, 4, 32]))
    """

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, proj_size=0, name=None):
        super().__init__("LSTM", input_size, hidden_size, num_layers, direction, time_major,
                         dropout, weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr,
                         proj_size)


class GRU(RNNBase):
    """Multi-layer GRU; final_states is [num_layers * num_directions, batch_size, hidden_size].

    Example:
        >>> import paddle
        >>> rnn = paddle.nn.GRU(16, 32, 2, direction="bidirect")
        >>> y, h = rnn(paddle.randn((4, 23, 16)))
        >>> y.shape, h.shape
        (paddle.Size([4, 23, 64]), paddle.Size([4, 4, 32]))
    """

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, name=None):
        super().__init__("GRU", input_size, hidden_size, num_layers, direction, time_major,
                         dropout, weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr, 0)


__all__ = ["SimpleRNN", "LSTM", "GRU"]
