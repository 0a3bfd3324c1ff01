"""Step-by-step decoding: the Decoder interface, BeamSearchDecoder over an RNN cell, and
dynamic_decode, which runs a decoder until every sequence has finished."""
from __future__ import annotations

import warnings
from functools import partial
from typing import NamedTuple

import numpy as np

from .._core import dtype as _dt
from ..tensor._ranges import arange
from ..tensor._to_tensor import to_tensor
from ..tensor.creation import full, zeros_like
from ..tensor.logic import equal, logical_not, logical_or
from ..tensor.manip_gather import gather_nd
from ..tensor.manip_slice import tile
from ..tensor.manipulation import cast, reshape, stack, transpose, unsqueeze
from ..tensor.math_arith import floor_divide, remainder
from ..tensor.math_unary import log
from ..tensor.reduction import all as all_true
from ..tensor.search import topk
from . import functional as F
from .layer.rnn import map_nest
from .layer.rnn_cells import first_tensor

_KINF = 1e9  # log-probability given to beams and tokens that must never be chosen


class Decoder:
    """Interface of decoders run by dynamic_decode: initialize(inits) → (inputs, states,
    finished); step(time, inputs, states, **kwargs) → (outputs, next_states, next_inputs,
    finished); finalize(outputs, final_states, sequence_lengths) → (outputs, states)."""

    def initialize(self, inits):
        raise NotImplementedError

    def step(self, time, inputs, states, **kwargs):
        raise NotImplementedError

    def finalize(self, outputs, final_states, sequence_lengths):
        raise NotImplementedError

    @property
    def tracks_own_finished(self):
        """True when the decoder keeps finished beams finished itself."""
        return False


class BeamSearchDecoder(Decoder):
    """Beam search over a cell: each step scores beam_size * vocab continuations per example
    by accumulated log-probability and keeps the best beam_size; finished beams only extend
    with end_token. embedding_fn maps token ids to cell inputs, output_fn cell outputs to
    logits.

    Example:
        >>> import paddle
        >>> cell = paddle.nn.GRUCell(4, 4)
        >>> decoder = paddle.nn.BeamSearchDecoder(cell, 0, 1, beam_size=2,
        ...                                       embedding_fn=paddle.nn.Embedding(5, 4),
        ...                                       output_fn=paddle.nn.Linear(4, 5))
        >>> ids, _ = paddle.nn.dynamic_decode(decoder, paddle.zeros([3, 4]), max_step_num=3)
        >>> ids.shape[0], ids.shape[2]
        (3, 2)
    """

    class OutputWrapper(NamedTuple):
        scores: object
        predicted_ids: object
        parent_ids: object

    class StateWrapper(NamedTuple):
        cell_states: object
        log_probs: object
        finished: object
        lengths: object

    def __init__(self, cell, start_token, end_token, beam_size, embedding_fn=None,
                 output_fn=None):
        self.cell, self.embedding_fn, self.output_fn = cell, embedding_fn, output_fn
        self.start_token, self.end_token, self.beam_size = start_token, end_token, beam_size

    @staticmethod
    def tile_beam_merge_with_batch(x, beam_size):
        """[batch, ...] → [batch * beam_size, ...], each example repeated beam_size times."""
        tiled = tile(unsqueeze(x, [1]), [1, beam_size] + [1] * (x.ndim - 1))
        return reshape(tiled, [-1] + list(x.shape[1:]))

    def _split_batch_beams(self, x):
        return reshape(x, [-1, self.beam_size] + list(x.shape[1:]))

    def _merge_batch_beams(self, x):
        return reshape(x, [-1] + list(x.shape[2:]))

    def _expand_to_beam_size(self, x):
        return tile(unsqueeze(x, [1]), [1, self.beam_size] + [1] * (x.ndim - 1))

    def _float_dtype(self):
        return "float64" if _dt.get_default_dtype() == "float64" else "float32"

    def initialize(self, initial_cell_states):
        """Beam 0 of each example starts alive (log-prob 0), the others at -1e9."""
        self.batch_size = first_tensor(initial_cell_states).shape[0]
        cell_states = map_nest(self._expand_to_beam_size, initial_cell_states)
        inputs = full([self.batch_size, self.beam_size], self.start_token, "int64")
        first = np.array([[0.0] + [-_KINF] * (self.beam_size - 1)], np.float32)
        log_probs = cast(tile(to_tensor(first), [self.batch_size, 1]), self._float_dtype())
        finished = full([self.batch_size, self.beam_size], False, "bool")
        lengths = zeros_like(inputs)
        if self.embedding_fn:
            inputs = self.embedding_fn(inputs)
        return inputs, self.StateWrapper(cell_states, log_probs, finished, lengths), finished

    def _gather(self, x, indices):
        """x[b, indices[b, k]] for every example b and beam k."""
        batch_pos = tile(unsqueeze(arange(0, self.batch_size, 1, indices.dtype), [1]),
                         [1, self.beam_size])
        coordinates = stack([batch_pos, indices], axis=2)
        coordinates.stop_gradient = True
        return gather_nd(x, coordinates)

    def _mask_probs(self, probs, finished):
        """Finished beams can only continue with end_token (at no cost)."""
        vocab = probs.shape[-1]
        no_end = np.full([vocab], -_KINF, np.float32)
        no_end[self.end_token] = 0
        no_end = cast(to_tensor(no_end), probs.dtype)
        done = unsqueeze(cast(finished, probs.dtype), [2])
        return tile(done, [1, 1, vocab]) * no_end - probs * (done - 1)

    def _beam_search_step(self, time, logits, next_cell_states, beam_state):
        vocab = logits.shape[-1]
        step_log_probs = self._mask_probs(log(F.softmax(logits)), beam_state.finished)
        log_probs = step_log_probs + unsqueeze(beam_state.log_probs, [2])
        flat = reshape(log_probs, [-1, self.beam_size * vocab])
        top_scores, top_indices = topk(flat, k=self.beam_size)
        vocab_t = full([1], vocab, "int64")
        beam_indices = floor_divide(top_indices, vocab_t)
        token_indices = remainder(top_indices, vocab_t)
        next_log_probs = self._gather(flat, top_indices)
        next_cell_states = map_nest(lambda x: self._gather(x, beam_indices), next_cell_states)
        next_finished = self._gather(beam_state.finished, beam_indices)
        next_lengths = self._gather(beam_state.lengths, beam_indices)
        next_lengths = next_lengths + cast(logical_not(next_finished), beam_state.lengths.dtype)
        next_finished = logical_or(next_finished,
                                   equal(token_indices, full([1], self.end_token, "int64")))
        return (self.OutputWrapper(top_scores, token_indices, beam_indices),
                self.StateWrapper(next_cell_states, next_log_probs, next_finished, next_lengths))

    def step(self, time, inputs, states, **kwargs):
        """Run the cell on every beam, then keep the best beam_size continuations."""
        inputs = map_nest(self._merge_batch_beams, inputs)
        cell_states = map_nest(self._merge_batch_beams, states.cell_states)
        cell_outputs, next_cell_states = self.cell(inputs, cell_states, **kwargs)
        cell_outputs = map_nest(self._split_batch_beams, cell_outputs)
        next_cell_states = map_nest(self._split_batch_beams, next_cell_states)
        if self.output_fn is not None:
            cell_outputs = self.output_fn(cell_outputs)
        output, state = self._beam_search_step(time, cell_outputs, next_cell_states, states)
        sample_ids = output.predicted_ids
        sample_ids.stop_gradient = True
        next_inputs = self.embedding_fn(sample_ids) if self.embedding_fn else sample_ids
        return output, state, next_inputs, state.finished

    def finalize(self, outputs, final_states, sequence_lengths):
        """Follow the parent pointers back to whole token sequences [time, batch, beam]."""
        ids = F.gather_tree(outputs.predicted_ids, outputs.parent_ids)
        return cast(ids, outputs.predicted_ids.dtype), final_states

    @property
    def tracks_own_finished(self):
        return True


def _hold_finished(state, new_state, finished):
    """Keep the previous state of finished sequences (impute_finished)."""
    was_bool = state.dtype == _dt.bool_
    if was_bool:
        state, new_state = cast(state, "float32"), cast(new_state, "float32")
    mask = unsqueeze(cast(finished, state.dtype), [1])
    mask.stop_gradient = True
    merged = state * mask - new_state * (mask - 1)
    return cast(merged, "bool") if was_bool else merged


def dynamic_decode(decoder, inits=None, max_step_num=None, output_time_major=False,
                   impute_finished=False, is_test=False, return_length=False, **kwargs):
    """Call decoder.step until every sequence is finished (or after max_step_num + 1 steps);
    returns (outputs, final_states[, sequence_lengths]), outputs batch-major unless
    output_time_major.

    Example:
        >>> import paddle
        >>> cell = paddle.nn.GRUCell(4, 4)
        >>> decoder = paddle.nn.BeamSearchDecoder(cell, 0, 1, 2, paddle.nn.Embedding(5, 4),
        ...                                       paddle.nn.Linear(4, 5))
        >>> ids, _, lengths = paddle.nn.dynamic_decode(decoder, paddle.zeros([3, 4]),
        ...                                            max_step_num=2, return_length=True)
        >>> lengths.shape
        paddle.Size([3, 2])
    """
    inputs, states, finished = decoder.initialize(inits)
    sequence_lengths = cast(zeros_like(finished), "int64")
    steps, time = [], full([1], 0, "int64")
    while not bool(all_true(finished)):
        outputs, next_states, next_inputs, next_finished = decoder.step(time, inputs, states,
                                                                        **kwargs)
        if not decoder.tracks_own_finished:
            # As in Paddle, a sequence that finishes at this step neither counts the step in
            # its length nor (with impute_finished) takes this step's state.
            next_finished = logical_or(next_finished, finished)
            next_lengths = sequence_lengths + cast(logical_not(next_finished), "int64")
            if impute_finished:
                next_states = map_nest(partial(_hold_finished, finished=next_finished),
                                       states, next_states)
        else:
            if not hasattr(next_states, "lengths"):
                warnings.warn("`next_states` has no `lengths` attribute, the returned "
                              "`sequence_lengths` would be all zeros.", stacklevel=2)
            next_lengths = getattr(next_states, "lengths", sequence_lengths)
        steps.append(outputs)
        inputs, states, finished, sequence_lengths = (next_inputs, next_states, next_finished,
                                                      next_lengths)
        time = time + 1
        if max_step_num is not None and len(steps) > max_step_num:
            break
    final_outputs = map_nest(lambda *per_step: stack(list(per_step), 0), *steps)
    try:
        final_outputs, states = decoder.finalize(final_outputs, states, sequence_lengths)
    except NotImplementedError:
        pass
    if not output_time_major:
        final_outputs = map_nest(lambda x: transpose(x, [1, 0] + list(range(2, x.ndim))),
                                 final_outputs)
    return (final_outputs, states, sequence_lengths) if return_length else (final_outputs,
                                                                          states)


__all__ = ["BeamSearchDecoder", "dynamic_decode"]
