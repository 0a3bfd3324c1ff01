"""paddle.Model checkpoints. The training form is `<path>.pdparams` (the network's state_dict)
plus `<path>.pdopt` (the optimizer's, when it has any state), in paddle.save's format, so
real Paddle reads them and the other way round. The inference form is what paddle.jit.save
writes for the Model's input specs."""
from __future__ import annotations

import os
import warnings

from .. import jit
from ..framework.io import load as _load
from ..framework.io import save as _save

_SUFFIXES = ("", ".pdparams", ".pdopt", ".pdmodel")


def save_training(model, path: str) -> None:
    """Write `<path>.pdparams` and, when the optimizer holds state, `<path>.pdopt`."""
    _save(model.network.state_dict(), path + ".pdparams")
    optimizer = model._optimizer
    if optimizer is not None:
        state = optimizer.state_dict()
        if state:
            _save(state, path + ".pdopt")


def save_inference(model, path: str) -> None:
    """Export the network for inference with paddle.jit.save and the Model's input specs."""
    if os.path.basename(path) == "":
        raise ValueError("The input path MUST be format of dirname/file_prefix "
                         "[dirname\\file_prefix in Windows system], but received file_prefix "
                         "is empty string.")
    if model._input_info is None:
        raise RuntimeError("Saving inference model needs 'inputs' or running before saving. "
                           "Please specify 'inputs' in Model initialization or input training "
                           "data and perform a training for shape derivation.")
    if model._is_shape_inferred:
        warnings.warn("'inputs' was not specified when Model initialization, so the input shape "
                      "to be saved will be the shape derived from the user's actual inputs. The "
                      f"input shape to be saved is {model._input_info[0]}. For saving correct "
                      "input shapes, please provide 'inputs' for Model initialization.",
                      stacklevel=3)
    jit_save = getattr(jit, "save", None)
    if jit_save is None:
        raise NotImplementedError("(Model.save) training=False exports through paddle.jit.save, "
                                  "which this build does not provide yet; save with "
                                  "training=True to write .pdparams/.pdopt instead.")
    jit_save(model.network, path, input_spec=model._inputs)


def _strip_suffix(path: str) -> str:
    stem, ext = os.path.splitext(path)
    if ext not in _SUFFIXES:
        raise ValueError(f"(Model.load) Unknown postfix {ext} from weights: expected one of "
                         f"{list(_SUFFIXES[1:])} or none")
    return stem


def _load_if_exists(path: str):
    return _load(path) if os.path.exists(path) else None


def _matched_states(network, param_state: dict, skip_mismatch: bool):
    """(parameter, saved value) pairs; mismatches raise, or are skipped with a warning."""
    pairs, skipped = [], False
    for key, param in network.state_dict().items():
        state = param_state.get(key)
        if state is None:
            problem = f"{key} is not found in the providing file."
        elif list(state.shape) != list(param.shape):
            problem = (f"{key} receives a shape {list(state.shape)}, but the expected shape is "
                       f"{list(param.shape)}.")
        else:
            pairs.append((param, state))
            continue
        if not skip_mismatch:
            raise ValueError(f"(Model.load) {problem}")
        warnings.warn(f"Skip loading for {key}. {problem}", stacklevel=3)
        skipped = True
    return pairs, skipped


def load(model, path: str, skip_mismatch: bool = False, reset_optimizer: bool = False) -> None:
    """Restore parameters from `<path>.pdparams` and optimizer state from `<path>.pdopt`."""
    stem = _strip_suffix(path)
    param_state = _load_if_exists(stem + ".pdparams")
    if not param_state:
        raise FileNotFoundError(f"(Model.load) Failed to load parameters, please check path: "
                                f"{stem}.pdparams does not exist or is empty")
    pairs, skipped = _matched_states(model.network, param_state, skip_mismatch)
    for param, state in pairs:
        param.set_value(state)
    if model._optimizer is None or reset_optimizer or skipped:
        return
    optim_state = _load_if_exists(stem + ".pdopt")
    if optim_state:
        model._optimizer.set_state_dict(optim_state)
