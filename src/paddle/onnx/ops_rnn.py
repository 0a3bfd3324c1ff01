"""Lowering rule for rnn_layer (_core/ops/nn_rnn.py): one direction of one layer of an LSTM,
GRU or simple RNN becomes ONNX's LSTM / GRU / RNN node, its weights regrouped from Paddle's gate
order into ONNX's while exporting."""
from __future__ import annotations

import numpy as np

from . import forms
from .lowering import lowers

# Paddle's gate blocks, listed in ONNX's order: LSTM i f c o -> i o f c, GRU r z c -> z r h
GATE_ORDER = {"LSTM": [0, 3, 1, 2], "GRU": [1, 0, 2], "RNN_TANH": [0], "RNN_RELU": [0]}
NODE = {"LSTM": "LSTM", "GRU": "GRU", "RNN_TANH": "RNN", "RNN_RELU": "RNN"}
INPUTS = ("x", "state0", "w_ih", "w_hh", "b_ih", "b_hh")


def _regrouped(array: np.ndarray, order: list) -> np.ndarray:
    blocks = np.split(array, len(order), axis=0)
    return np.concatenate([blocks[k] for k in order], axis=0)[None]


@lowers("rnn_layer")
def _rnn_layer(c):
    mode = c.attrs["mode"]
    order = GATE_ORDER[mode]
    weights = [c.const(i) for i in range(2, 6)]
    if any(w is None for w in weights):
        c.fail("the weights must be known when exporting (they are regrouped into ONNX's "
               "gate order)")
    w_ih, w_hh, b_ih, b_hh = (_regrouped(w, order) for w in weights)
    hidden = w_hh.shape[-1]
    lengths = None
    if c.has(6):  # valid steps per sequence: the mask's count along time
        valid = c.node("Cast", [c.name(6)], to=forms.tensor_type(np.int32))
        lengths = forms.reduce(c, "ReduceSum", valid, [0], False)
    states = forms.split(c, c.name(1), [1] * c.meta(1).shape[0], 0)
    attrs = {"hidden_size": int(hidden),
             "direction": "reverse" if c.attrs["is_reverse"] else "forward"}
    if mode == "GRU":
        attrs["linear_before_reset"] = 1  # Paddle applies the reset gate after the matmul
    if mode == "RNN_RELU":
        attrs["activations"] = ["Relu"]
    g = c.g
    inputs = [c.name(0), g.constant(w_ih), g.constant(w_hh),
              g.constant(np.concatenate([b_ih, b_hh], axis=1)), lengths, *states]
    results = c.node(NODE[mode], inputs, 3 if mode == "LSTM" else 2, **attrs)
    out = forms.squeeze(c, results[0], [1])
    final = c.node("Concat", results[1:], axis=0) if mode == "LSTM" else results[1]
    return [out, final, None]
