"""RNN and BiRNN: run a recurrent cell over the time steps of a sequence.

Any cell works through the step loop (the cell's forward once per step, states held through
padded steps when `sequence_length` is given). The built-in SimpleRNN/LSTM/GRU cells take one
fused `rnn_layer` kernel for the whole sequence instead when nothing needs the loop (no
sequence_length, no extra arguments for the cell, no LSTM projection); the numbers are the same.
"""
from __future__ import annotations

from ..._core.ops import nn_rnn
from ...tensor.manip_slice import flip
from ...tensor.manipulation import concat, stack, transpose, unsqueeze, unstack
from .. import functional as F
from .layers import Layer
from .rnn_cells import GRUCell, LSTMCell, SimpleRNNCell, first_tensor

_FUSED_MODES = {GRUCell: "GRU", LSTMCell: "LSTM"}


def _is_nest(value) -> bool:
    return isinstance(value, (list, tuple, dict))


def map_nest(fn, *nests):
    """Apply fn leaf-wise over nests of the same structure (lists, tuples, dicts)."""
    first = nests[0]
    if isinstance(first, dict):
        return {k: map_nest(fn, *(n[k] for n in nests)) for k in first}
    if isinstance(first, (list, tuple)):
        items = [map_nest(fn, *parts) for parts in zip(*nests)]
        return type(first)(*items) if hasattr(first, "_fields") else type(first)(items)
    return fn(*nests)


def _time_first(x):
    return transpose(x, [1, 0] + list(range(2, x.ndim)))


def _hold_padded(step_mask):
    """Keep the old state where the step is padding: new * m + old * (1 - m), m per row."""
    def select(old, new):
        m = step_mask
        while m.ndim < new.ndim:
            m = unsqueeze(m, [-1])
        return new * m + old * (1 - m)
    return select


def fused_mode(cell):
    """The rnn_layer mode of a built-in cell that the fused kernel computes exactly, else None."""
    if type(cell) is SimpleRNNCell:
        return "RNN_TANH" if cell.activation == "tanh" else "RNN_RELU"
    mode = _FUSED_MODES.get(type(cell))
    if mode is None or getattr(cell, "proj_size", 0) or cell.bias_ih is None \
            or cell.bias_hh is None:
        return None
    return mode


def run_fused(cell, mode, x, states, mask, is_reverse):
    """One rnn_layer call over time-major x; states in the cell's own structure."""
    state0 = stack(list(states), 0) if mode == "LSTM" else unsqueeze(states, [0])
    weights = (cell.weight_ih, cell.weight_hh, cell.bias_ih, cell.bias_hh)
    out, final, _ = nn_rnn.rnn_layer(x, state0, *weights, mask, mode, is_reverse,
                                     nn_rnn.inference_only(x, state0, *weights))
    parts = unstack(final, 0)
    return out, (tuple(parts) if mode == "LSTM" else parts[0])


def rnn(cell, inputs, initial_states=None, sequence_length=None, time_major=False,
        is_reverse=False, **kwargs):
    """Run `cell` over the time steps of `inputs`; returns (outputs, final_states)."""
    time_axis = 0 if time_major else 1
    if initial_states is None:
        initial_states = cell.get_initial_states(batch_ref=inputs,
                                                 batch_dim_idx=1 if time_major else 0)
    mode = fused_mode(cell)
    if mode is not None and not kwargs and sequence_length is None and not _is_nest(inputs):
        x = inputs if time_major else _time_first(inputs)
        out, final = run_fused(cell, mode, x, initial_states, None, is_reverse)
        return (out if time_major else _time_first(out)), final
    return _step_loop(cell, inputs, initial_states, sequence_length, time_axis, is_reverse,
                      kwargs)


def _leaves(nest) -> list:
    if isinstance(nest, dict):
        return [leaf for v in nest.values() for leaf in _leaves(v)]
    if isinstance(nest, (list, tuple)):
        return [leaf for v in nest for leaf in _leaves(v)]
    return [nest]


def _pack(nest, leaves):
    """Rebuild nest's structure from an iterator of leaves."""
    return map_nest(lambda _: next(leaves), nest)


def _step_loop(cell, inputs, states, sequence_length, time_axis, is_reverse, kwargs):
    steps = first_tensor(inputs).shape[time_axis]
    if steps == 0:
        raise ValueError("(RNN) inputs must have at least one time step, but the time "
                         f"dimension (axis {time_axis}) is empty.")
    if time_axis:
        inputs = map_nest(_time_first, inputs)
    mask = None
    if sequence_length is not None:
        mask = _time_first(F.sequence_mask(sequence_length, maxlen=steps,
                                           dtype=first_tensor(inputs).dtype))
    if is_reverse:
        inputs = map_nest(lambda x: flip(x, [0]), inputs)
        mask = None if mask is None else flip(mask, [0])
    # unstack (not indexing) so the backward stacks the step gradients once
    per_leaf = [unstack(x, 0) for x in _leaves(inputs)]
    step_masks = None if mask is None else unstack(mask, 0)
    outputs = []
    for t in range(steps):
        step_inputs = _pack(inputs, iter([pieces[t] for pieces in per_leaf]))
        step_out, new_states = cell(step_inputs, states, **kwargs)
        if step_masks is not None:
            new_states = map_nest(_hold_padded(step_masks[t]), states, new_states)
        states = new_states
        outputs.append(step_out)
    final = map_nest(lambda *steps_out: stack(list(steps_out), time_axis), *outputs)
    if is_reverse:
        final = map_nest(lambda x: flip(x, [time_axis]), final)
    return final, states


def birnn(cell_fw, cell_bw, inputs, initial_states=None, sequence_length=None,
          time_major=False, **kwargs):
    """Forward and reversed runs of two cells, outputs concatenated on the last axis."""
    if initial_states is None:
        # Paddle builds both default states from the forward cell.
        batch_dim = 1 if time_major else 0
        states_fw = cell_fw.get_initial_states(batch_ref=inputs, batch_dim_idx=batch_dim)
        states_bw = cell_fw.get_initial_states(batch_ref=inputs, batch_dim_idx=batch_dim)
    else:
        states_fw, states_bw = initial_states
    out_fw, states_fw = rnn(cell_fw, inputs, states_fw, sequence_length, time_major, **kwargs)
    out_bw, states_bw = rnn(cell_bw, inputs, states_bw, sequence_length, time_major,
                            is_reverse=True, **kwargs)
    outputs = map_nest(lambda a, b: concat([a, b], -1), out_fw, out_bw)
    return outputs, (states_fw, states_bw)


class RNN(Layer):
    """Wrap a cell into a recurrent network over [batch, time, ...] inputs ([time, batch, ...]
    with time_major); `forward(inputs, initial_states=None, sequence_length=None, **kwargs)`
    returns (outputs, final_states).

    Example:
        >>> import paddle
        >>> rnn = paddle.nn.RNN(paddle.nn.SimpleRNNCell(16, 32))
        >>> outputs, final_states = rnn(paddle.rand((4, 23, 16)), paddle.randn((4, 32)))
        >>> outputs.shape, final_states.shape
        (paddle.Size([4, 23, 32]), paddle.Size([4, 32]))
    """

    def __init__(self, cell, is_reverse=False, time_major=False):
        super().__init__()
        self.cell = cell
        if not hasattr(cell, "call"):
            cell.call = cell.forward
        self.is_reverse = is_reverse
        self.time_major = time_major

    def forward(self, inputs, initial_states=None, sequence_length=None, **kwargs):
        return rnn(self.cell, inputs, initial_states=initial_states,
                   sequence_length=sequence_length, time_major=self.time_major,
                   is_reverse=self.is_reverse, **kwargs)


class BiRNN(Layer):
    """Run cell_fw forwards and cell_bw backwards over the sequence and concatenate their
    outputs; final states are (states_fw, states_bw).

    Example:
        >>> import paddle
        >>> rnn = paddle.nn.BiRNN(paddle.nn.LSTMCell(16, 32), paddle.nn.LSTMCell(16, 32))
        >>> outputs, final_states = rnn(paddle.rand((2, 23, 16)))
        >>> outputs.shape, final_states[0][0].shape
        (paddle.Size([2, 23, 64]), paddle.Size([2, 32]))
    """

    def __init__(self, cell_fw, cell_bw, time_major=False):
        super().__init__()
        self.cell_fw = cell_fw
        self.cell_bw = cell_bw
        if cell_fw.input_size != cell_bw.input_size:
            raise ValueError(f"input size of forward cell({cell_fw.input_size}) does not equals"
                             f"that of backward cell({cell_bw.input_size})")
        for cell in (cell_fw, cell_bw):
            if not hasattr(cell, "call"):
                cell.call = cell.forward
        self.time_major = time_major

    def forward(self, inputs, initial_states=None, sequence_length=None, **kwargs):
        if isinstance(initial_states, (list, tuple)) and len(initial_states) != 2:
            raise ValueError(f"(BiRNN) initial_states must hold 2 entries (forward and "
                             f"backward states), but received {len(initial_states)}.")
        return birnn(self.cell_fw, self.cell_bw, inputs, initial_states, sequence_length,
                     self.time_major, **kwargs)


__all__ = ["RNN", "BiRNN"]
