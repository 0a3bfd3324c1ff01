"""Recurrent cells and networks against real Paddle: each layer is built under both frameworks,
its parameters are overwritten with the same NumPy values (in named_parameters order, which both
share), and the case returns the outputs, final states and the gradients of inputs, initial
states and every parameter for loss = sum of each result times fixed random weights. Also the
state_dict names and shapes, default initialisation bounds and argument errors."""

import importlib.util
import os

_spec = importlib.util.spec_from_file_location(
    "_layer_values", os.path.join(os.path.dirname(os.path.abspath(__file__)), "_layer_values.py"))
V = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(V)
_arr, _leaf, _flat = V.arr, V.leaf, V.flat

_SEQ = [3, 5, 4]  # batch, time, input size


def _set_params(np, layer, seed=7):
    return V.set_params(np, layer, seed, 0.6)


def _results_and_grads(paddle, np, result, leaves):
    outs = _flat(result)
    loss = None
    for k, out in enumerate(outs):
        term = (out * paddle.to_tensor(_arr(np, list(out.shape), 100 + k,
                                            dtype=str(out.numpy().dtype)))).sum()
        loss = term if loss is None else loss + term
    loss.backward()
    return outs + [t.grad for t in leaves]


def _run(make_layer, x_shape=None, states=None, lengths=None, dtype="float32", call_kw=None,
         eval_mode=False):
    """states: list of shapes for initial states (a tuple of them for LSTM), or None. eval_mode
    compares the forward only (Paddle's fused kernel keeps nothing for a backward in eval)."""
    def case(paddle, np):
        paddle.set_default_dtype(dtype)
        try:
            layer = make_layer(paddle)
        finally:
            paddle.set_default_dtype("float32")
        if eval_mode:
            layer.eval()
        params = _set_params(np, layer)
        x = _leaf(paddle, np, x_shape or _SEQ, 1, dtype)
        leaves = [x]
        args = [x]
        if states is not None:
            init = [_leaf(paddle, np, s, 2 + k, dtype) for k, s in enumerate(states)]
            leaves += init
            args.append(init[0] if len(init) == 1 else tuple(init))
        kwargs = dict(call_kw or {})
        if lengths is not None:
            kwargs["sequence_length"] = paddle.to_tensor(np.array(lengths, "int64"))
        result = layer(*args, **kwargs)
        if eval_mode:
            return result
        return _results_and_grads(paddle, np, result, leaves + params)
    case.atol = 2e-5
    case.rtol = 1e-4
    return case


CASES = {}

# ---- cells: one step --------------------------------------------------------------------------
CASES["simple_cell_tanh"] = _run(lambda p: p.nn.SimpleRNNCell(4, 3), [2, 4], [[2, 3]])
CASES["simple_cell_relu"] = _run(lambda p: p.nn.SimpleRNNCell(4, 3, activation="relu"),
                                 [2, 4], [[2, 3]])
CASES["simple_cell_zero_state"] = _run(lambda p: p.nn.SimpleRNNCell(4, 3), [2, 4])
CASES["lstm_cell"] = _run(lambda p: p.nn.LSTMCell(4, 3), [2, 4], ([2, 3], [2, 3]))
CASES["lstm_cell_zero_state"] = _run(lambda p: p.nn.LSTMCell(4, 5), [3, 4])
CASES["lstm_cell_proj"] = _run(lambda p: p.nn.LSTMCell(4, 5, proj_size=2), [3, 4],
                               ([3, 2], [3, 5]))
CASES["gru_cell"] = _run(lambda p: p.nn.GRUCell(4, 3), [2, 4], [[2, 3]])
CASES["gru_cell_zero_state"] = _run(lambda p: p.nn.GRUCell(4, 3), [2, 4])
CASES["gru_cell_float64"] = _run(lambda p: p.nn.GRUCell(4, 3), [2, 4],
                                 [[2, 3]], dtype="float64")

# ---- RNN / BiRNN wrappers ---------------------------------------------------------------------
CASES["rnn_lstm_cell"] = _run(lambda p: p.nn.RNN(p.nn.LSTMCell(4, 3)))
CASES["rnn_lstm_cell_states"] = _run(lambda p: p.nn.RNN(p.nn.LSTMCell(4, 3)), _SEQ,
                                     ([3, 3], [3, 3]))
CASES["rnn_gru_cell_reverse"] = _run(lambda p: p.nn.RNN(p.nn.GRUCell(4, 3), is_reverse=True))
CASES["rnn_simple_cell_time_major"] = _run(
    lambda p: p.nn.RNN(p.nn.SimpleRNNCell(4, 3), time_major=True), [5, 3, 4])
CASES["rnn_lstm_cell_lengths"] = _run(lambda p: p.nn.RNN(p.nn.LSTMCell(4, 3)), _SEQ,
                                      lengths=[5, 2, 3])
CASES["rnn_gru_cell_lengths_reverse"] = _run(
    lambda p: p.nn.RNN(p.nn.GRUCell(4, 3), is_reverse=True), _SEQ, lengths=[1, 5, 3])
CASES["birnn_lstm"] = _run(lambda p: p.nn.BiRNN(p.nn.LSTMCell(4, 3), p.nn.LSTMCell(4, 3)))
CASES["birnn_gru_lengths"] = _run(lambda p: p.nn.BiRNN(p.nn.GRUCell(4, 3), p.nn.GRUCell(4, 3)),
                                  _SEQ, lengths=[4, 5, 2])
CASES["birnn_simple_time_major_states"] = _run(
    lambda p: p.nn.BiRNN(p.nn.SimpleRNNCell(4, 3), p.nn.SimpleRNNCell(4, 3), time_major=True),
    [5, 3, 4], [[3, 3], [3, 3]])

# ---- SimpleRNN / LSTM / GRU networks ----------------------------------------------------------
CASES["lstm"] = _run(lambda p: p.nn.LSTM(4, 3))
CASES["lstm_states"] = _run(lambda p: p.nn.LSTM(4, 3), _SEQ, ([1, 3, 3], [1, 3, 3]))
CASES["lstm_two_layers_bidirect"] = _run(lambda p: p.nn.LSTM(4, 3, 2, "bidirect"), _SEQ,
                                         ([4, 3, 3], [4, 3, 3]))
# Paddle's CPU backward is wrong for a reverse direction over padded sequences that start
# from nonzero states (its gradients disagree with its own finite differences; ours are
# checked numerically in tests/nn/test_rnn.py), so those runs compare the forward only.
CASES["lstm_two_layers_bidirect_lengths"] = _run(
    lambda p: p.nn.LSTM(4, 3, 2, "bidirectional"), _SEQ, lengths=[5, 2, 4])
CASES["lstm_bidirect_lengths_states_forward"] = _run(
    lambda p: p.nn.LSTM(4, 3, 2, "bidirectional"), _SEQ, ([4, 3, 3], [4, 3, 3]),
    lengths=[5, 2, 4], eval_mode=True)
CASES["lstm_time_major_lengths"] = _run(lambda p: p.nn.LSTM(4, 3, time_major=True),
                                        [5, 3, 4], lengths=[3, 5, 1])
CASES["lstm_dropout_eval"] = _run(lambda p: p.nn.LSTM(4, 3, 3, dropout=0.5), eval_mode=True)
CASES["gru_bidirect_eval"] = _run(lambda p: p.nn.GRU(4, 3, 2, "bidirect"), lengths=[5, 1, 3],
                                  eval_mode=True)
CASES["lstm_proj"] = _run(lambda p: p.nn.LSTM(4, 5, 2, proj_size=2), _SEQ,
                          ([2, 3, 2], [2, 3, 5]))
CASES["lstm_proj_bidirect"] = _run(lambda p: p.nn.LSTM(4, 5, 1, "bidirect", proj_size=3))
CASES["lstm_float64"] = _run(lambda p: p.nn.LSTM(4, 3, 2), dtype="float64")
CASES["gru"] = _run(lambda p: p.nn.GRU(4, 3))
CASES["gru_bidirect_lengths"] = _run(lambda p: p.nn.GRU(4, 3, 2, "bidirect"), _SEQ,
                                     lengths=[2, 5, 3])
CASES["gru_bidirect_lengths_states_forward"] = _run(
    lambda p: p.nn.GRU(4, 3, 2, "bidirect"), _SEQ, [[4, 3, 3]], lengths=[2, 5, 3],
    eval_mode=True)
CASES["gru_no_bias_ih_cells"] = _run(lambda p: p.nn.RNN(p.nn.GRUCell(4, 3, bias_ih_attr=False)),
                                     _SEQ, [[3, 3]])
CASES["simple_rnn_tanh"] = _run(lambda p: p.nn.SimpleRNN(4, 3, 2), _SEQ, [[2, 3, 3]])
CASES["simple_rnn_relu_bidirect_lengths"] = _run(
    lambda p: p.nn.SimpleRNN(4, 3, 2, "bidirect", activation="relu"), _SEQ, lengths=[5, 3, 1])
CASES["simple_rnn_time_major"] = _run(lambda p: p.nn.SimpleRNN(4, 3, time_major=True),
                                      [5, 3, 4], [[1, 3, 3]])
CASES["lstm_zero_length"] = _run(lambda p: p.nn.LSTM(4, 3), _SEQ, ([1, 3, 3], [1, 3, 3]),
                                 lengths=[0, 5, 2])


# ---- parameters: names, shapes, default initialisation ---------------------------------------
def _state_names(make):
    def case(paddle, np):
        layer = make(paddle)
        return " ".join(f"{k}:{list(v.shape)}:{v.stop_gradient}"
                        for k, v in layer.state_dict().items())
    return case


CASES["names_lstm_bidirect"] = _state_names(lambda p: p.nn.LSTM(3, 4, 2, "bidirect"))
CASES["names_gru_no_bias_ih"] = _state_names(lambda p: p.nn.GRU(3, 4, bias_ih_attr=False))
CASES["names_lstm_proj"] = _state_names(lambda p: p.nn.LSTM(3, 4, 2, "bidirect", proj_size=2))
CASES["names_simple_rnn"] = _state_names(lambda p: p.nn.SimpleRNN(3, 4, time_major=True))
CASES["names_lstm_cell_proj"] = _state_names(lambda p: p.nn.LSTMCell(3, 4, proj_size=2))
CASES["names_rnn_wrapper"] = _state_names(lambda p: p.nn.RNN(p.nn.GRUCell(3, 4)))
CASES["names_birnn"] = _state_names(lambda p: p.nn.BiRNN(p.nn.GRUCell(3, 4),
                                                          p.nn.GRUCell(3, 4)))


def _init_bounds(paddle, np):
    """Every parameter is Uniform(-1/sqrt(hidden), 1/sqrt(hidden)) and actually spread out."""
    layer = paddle.nn.LSTM(8, 16, 2)
    bound = 1 / np.sqrt(16)
    values = np.concatenate([p.numpy().ravel() for p in layer.parameters()])
    return [bool(np.abs(values).max() <= bound), bool(np.abs(values).max() > 0.9 * bound),
            bool(abs(values.mean()) < 0.02)]


CASES["default_init_bounds"] = _init_bounds


def _frozen_attrs(paddle, np):
    cell = paddle.nn.GRUCell(3, 2, weight_ih_attr=False, bias_hh_attr=False)
    return [cell.weight_ih, cell.bias_hh, cell.weight_ih.stop_gradient,
            cell.bias_hh.stop_gradient, cell.weight_hh.stop_gradient]


CASES["frozen_attrs"] = _frozen_attrs


def _initial_states(paddle, np):
    cell = paddle.nn.LSTMCell(3, 4)
    h, c = cell.get_initial_states(paddle.ones([5, 2, 3]), batch_dim_idx=1, init_value=1.5)
    other = cell.get_initial_states(paddle.ones([2, 3]), shape=((7,),), dtype="float64")
    return [h, c, other[0]]


CASES["get_initial_states"] = _initial_states


# ---- errors -----------------------------------------------------------------------------------
def _error(fn):
    def case(paddle, np):
        return fn(paddle)
    return case


CASES["error_direction"] = _error(lambda p: p.nn.LSTM(3, 4, direction="backward"))
CASES["error_activation"] = _error(lambda p: p.nn.SimpleRNN(3, 4, activation="gelu"))
CASES["error_cell_activation"] = _error(lambda p: p.nn.SimpleRNNCell(3, 4, activation="gelu"))
CASES["error_hidden_size"] = _error(lambda p: p.nn.GRUCell(3, 0))
CASES["error_proj_size"] = _error(lambda p: p.nn.LSTMCell(3, 4, proj_size=4))
CASES["error_input_size"] = _error(lambda p: p.nn.LSTM(3, 4)(p.ones([2, 5, 7])))
CASES["error_input_rank"] = _error(lambda p: p.nn.GRU(3, 4)(p.ones([5, 3])))
CASES["error_state_batch"] = _error(
    lambda p: p.nn.LSTM(3, 4)(p.ones([2, 5, 3]), (p.zeros([1, 3, 4]), p.zeros([1, 3, 4]))))
CASES["error_state_count"] = _error(lambda p: p.nn.LSTM(3, 4)(p.ones([2, 5, 3]),
                                                              p.zeros([1, 2, 4])))
CASES["error_cell_input_size"] = _error(lambda p: p.nn.LSTMCell(3, 4)(p.ones([2, 5])))
CASES["error_birnn_sizes"] = _error(lambda p: p.nn.BiRNN(p.nn.GRUCell(3, 4),
                                                         p.nn.GRUCell(2, 4)))


# ---- decoding ----------------------------------------------------------------------------------
def _beam_parts(paddle, np, vocab=6, hidden=4):
    cell = paddle.nn.GRUCell(hidden, hidden)
    embedding, project = paddle.nn.Embedding(vocab, hidden), paddle.nn.Linear(hidden, vocab)
    for k, layer in enumerate((cell, embedding, project)):
        _set_params(np, layer, seed=20 + 5 * k)
    # sharper logits, so that tokens vary and some sequences end early
    project.weight.set_value(project.weight.numpy() * 6)
    embedding.weight.set_value(embedding.weight.numpy() * 4)
    return cell, embedding, project


def _beam_search(time_major=False, max_step_num=6):
    def case(paddle, np):
        cell, embedding, project = _beam_parts(paddle, np)
        decoder = paddle.nn.BeamSearchDecoder(cell, start_token=0, end_token=2, beam_size=3,
                                              embedding_fn=embedding, output_fn=project)
        states = paddle.to_tensor(_arr(np, [2, 4], 3))
        ids, final, lengths = paddle.nn.dynamic_decode(
            decoder, states, max_step_num=max_step_num, output_time_major=time_major,
            return_length=True)
        return [ids, final.cell_states, final.log_probs, final.finished, final.lengths, lengths]
    case.rtol, case.atol = 1e-4, 2e-5
    return case


CASES["beam_search_decode"] = _beam_search()
CASES["beam_search_decode_time_major"] = _beam_search(True, 3)


def _tile_beams(paddle, np):
    x = paddle.to_tensor(_arr(np, [2, 3, 2], 4))
    return paddle.nn.BeamSearchDecoder.tile_beam_merge_with_batch(x, 3)


CASES["tile_beam_merge_with_batch"] = _tile_beams


def _greedy_decode(impute_finished):
    """A user Decoder that does not track finished sequences itself."""
    def case(paddle, np):
        cell, embedding, project = _beam_parts(paddle, np, vocab=4)

        class Greedy(paddle.nn.decode.Decoder):
            def initialize(self, inits):
                start = paddle.zeros([inits.shape[0]], "int64")
                return embedding(start), inits, paddle.zeros([inits.shape[0]], "bool")

            def step(self, time, inputs, states):
                out, new_states = cell(inputs, states)
                token = paddle.argmax(project(out), axis=-1)
                return out, new_states, embedding(token), token == 1

        states = paddle.to_tensor(_arr(np, [3, 4], 5))
        outs, final, lengths = paddle.nn.dynamic_decode(
            Greedy(), states, max_step_num=5, impute_finished=impute_finished,
            return_length=True)
        return [outs, final, lengths]
    case.rtol, case.atol = 1e-4, 2e-5
    return case


CASES["greedy_decode"] = _greedy_decode(False)
CASES["greedy_decode_impute_finished"] = _greedy_decode(True)
