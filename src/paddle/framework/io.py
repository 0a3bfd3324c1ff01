"""`paddle.save` / `paddle.load`: checkpoints in Paddle 3.3's pickle layout, read safely.

Files written here load in real Paddle and the other way round (see _checkpoint_layout for the
layout). Two things go beyond Paddle:

- Loading is safe by default: the unpickler resolves only the NumPy/builtin globals that
  checkpoints use, so a file crafted to run code is refused before anything runs. Pass
  `safe=False` to `paddle.load` to unpickle a trusted file that holds other objects.
- Saving to a path is atomic: a crash mid-write leaves the previous file intact.
"""
from __future__ import annotations

import functools
import io as _io
import os
import pickle
import threading
import warnings

from .._core.tensor import Tensor
from . import _checkpoint_layout as layout
from . import _dense_tensor_format as dense_format
from ._atomic_file import atomic_write
from ._pickle_safety import UnsafeGlobalError, full_unpickle, safe_unpickle
from .safetensors import load_safetensors, save_safetensors

__all__ = ["UnsafeGlobalError", "async_save", "clear_async_save_task_queue", "load", "save"]

_SAVE_CONFIGS = ("use_binary_format", "pickle_protocol", "safetensors")
_LOAD_CONFIGS = ("model_filename", "params_filename", "keep_name_table", "return_numpy",
                 "safetensors", "safe")


# ---- paths and buffers ------------------------------------------------------------------------
def _is_buffer(target) -> bool:
    return isinstance(target, _io.IOBase) or (hasattr(target, "write") and hasattr(target, "read"))


def _checked_save_path(path):
    if _is_buffer(path):
        return path
    if not isinstance(path, (str, os.PathLike)):
        raise ValueError("(paddle.save) only supports saving objects to a file path or a "  # noqa: TRY004 - Paddle's type
                         f"file-like object such as BytesIO, but got {type(path)}")
    path = os.fspath(path)
    if os.path.basename(path) == "":
        raise ValueError("(paddle.save) The input path MUST be format of dirname/filename "
                         "[dirname\\filename in Windows system], but received filename is "
                         "empty string.")
    directory = os.path.dirname(path)
    if directory:
        os.makedirs(directory, exist_ok=True)
    return path


def _write(path, write_content) -> None:
    """Run `write_content(file)` against a buffer, or atomically against a file path."""
    if _is_buffer(path):
        write_content(path)
        return
    with atomic_write(path) as handle:
        write_content(handle)


def _check_configs(configs: dict, supported: tuple, api: str) -> None:
    for key in configs:
        if key not in supported:
            raise ValueError(f"The additional config ({key}) of `{api}` is not supported.")


def _check_protocol(protocol) -> None:
    if not isinstance(protocol, int) or isinstance(protocol, bool):
        raise ValueError(f"(paddle.save) The 'protocol' MUST be `int`, but received "  # noqa: TRY004
                         f"{type(protocol)}")
    if not 1 < protocol < 5:
        raise ValueError(f"(paddle.save) Expected 1<'protocol'<5, but received "
                         f"protocol={protocol}")


# ---- save -------------------------------------------------------------------------------------
@functools.cache
def _refused_types() -> tuple[type, type]:
    """Layer and static Program, resolved on first use (they import much of paddle)."""
    from ..nn import Layer
    from ..static.program import Program
    return Layer, Program


class _CheckpointPickler(pickle.Pickler):
    """Pickles Tensors as Paddle does, as (name, ndarray) tuples; refuses Layers (as Paddle)
    and static Programs (whose serialized form Feijiang does not write)."""

    def reducer_override(self, obj):
        if isinstance(obj, Tensor):
            return tuple, ((obj.name, layout.tensor_to_storage(obj)),)
        layer_type, program_type = _refused_types()
        if isinstance(obj, layer_type):
            raise ValueError("paddle do not support saving `paddle.nn.Layer` object. Save its "  # noqa: TRY004
                             "state_dict() instead.")
        if isinstance(obj, program_type):
            raise NotImplementedError("(paddle.save) Feijiang cannot save a static Program; "
                                      "save the parameters' state_dict, or export the model "
                                      "with paddle.jit.save.")
        return NotImplemented


def _pickle_object(obj, protocol: int):
    if isinstance(obj, dict) and layout.is_state_dict(obj):
        if not obj:
            warnings.warn("The input state dict is empty, no need to save.", stacklevel=3)
        saved = layout.split_big_arrays(layout.build_saved_state_dict(obj), protocol)
        return lambda handle: pickle.Pickler(handle, protocol).dump(saved)
    return lambda handle: _CheckpointPickler(handle, protocol).dump(obj)


def save(obj, path, protocol=4, **configs) -> None:
    """Save a Tensor, a Layer/Optimizer state_dict or a nested container of Tensors to `path`
    (a file path or a writable buffer such as io.BytesIO) in Paddle's pickle format. Writes
    to a path are atomic. Use `.pdparams` for Layer and `.pdopt` for optimizer state.

    `configs`: `use_binary_format=True` writes a single Tensor in Paddle's binary DenseTensor
    format; `safetensors=True` writes a state_dict as a Hugging Face .safetensors file (needs
    the optional `safetensors` package); `pickle_protocol` is the deprecated name of `protocol`.

    Example:
        >>> import paddle, tempfile, os
        >>> layer = paddle.nn.Linear(2, 3)
        >>> path = os.path.join(tempfile.mkdtemp(), "linear.pdparams")
        >>> paddle.save(layer.state_dict(), path)
        >>> sorted(paddle.load(path))
        ['bias', 'weight']
    """
    path = _checked_save_path(path)
    _check_configs(configs, _SAVE_CONFIGS, "paddle.save")
    use_binary = configs.get("use_binary_format", False)
    if not isinstance(use_binary, bool):
        raise TypeError("(paddle.save) Type of `use_binary_format` should be bool, but "
                        f"received {type(use_binary)}.")
    if configs.get("pickle_protocol") is not None:
        protocol = configs["pickle_protocol"]
        warnings.warn("'pickle_protocol' is a deprecated argument. Please use 'protocol' "
                      "instead.", stacklevel=2)
    if use_binary:
        if not isinstance(obj, Tensor):
            raise NotImplementedError("When use_binary_format = True, `paddle.save` expected "
                                      f"Tensor, but received {type(obj)}.")
        record = dense_format.encode(obj._data)
        _write(path, lambda handle: handle.write(record))
        return
    if configs.get("safetensors", False):
        save_safetensors(obj, path, _write)
        return
    _check_protocol(protocol)
    _write(path, _pickle_object(obj, protocol))


# ---- load -------------------------------------------------------------------------------------
def _source_name(path) -> str:
    return f"'{path}'" if isinstance(path, (str, os.PathLike)) else "the given buffer"


def _read_bytes(path) -> bytes:
    if _is_buffer(path):
        return path.read()
    with open(path, "rb") as handle:
        return handle.read()


def _unpickle(path, safe: bool):
    source = _source_name(path)
    if _is_buffer(path):
        return safe_unpickle(path, source) if safe else full_unpickle(path)
    with open(path, "rb") as handle:
        return safe_unpickle(handle, source) if safe else full_unpickle(handle)


def _load_binary_tensor(path, start: int | None, return_numpy: bool, cause: Exception):
    """Paddle's fallback for files that are not pickles: a binary DenseTensor record."""
    if start is not None:
        path.seek(start)
    try:
        array = dense_format.decode(_read_bytes(path))
    except dense_format.TensorFormatError:
        raise ValueError(f"(paddle.load) can not parse the file {_source_name(path)}: it is "
                         f"neither a complete pickle ({type(cause).__name__}: {cause}) nor a "
                         "binary tensor; it may be truncated or corrupt.") from cause
    return array if return_numpy else layout.array_to_tensor(array)


def _restore(loaded, return_numpy: bool, keep_name_table: bool):
    if isinstance(loaded, dict):
        loaded = layout.join_split_arrays(loaded)
        if layout.NAME_TABLE_KEY in loaded:
            return layout.restore_state_dict(loaded, return_numpy, keep_name_table)
    return layout.restore_tensors(loaded, return_numpy)


def _check_load_path(path) -> None:
    if _is_buffer(path) or os.path.isfile(path):
        return
    if os.path.exists(path) or os.path.exists(os.fspath(path) + ".pdiparams"):
        raise ValueError(f"(paddle.load) {_source_name(path)} is a directory or an inference "
                         "model prefix; paddle.load reads files written by paddle.save. Load "
                         "inference models with paddle.jit.load.")
    raise ValueError(f"The ``path`` ({path}) to load model not exists.")


def load(path, **configs):
    """Load what `paddle.save` wrote (here or in real Paddle) from a file path or a readable
    buffer. Tensors come back as Tensors (stop_gradient=True) unless `return_numpy=True`;
    `keep_name_table=True` keeps a state_dict's "StructuredToParameterName@@" entry;
    `safetensors=True` reads a .safetensors file.

    Loading is safe by default: only NumPy arrays, dtypes and plain Python containers may be
    unpickled, and a file that references any other global is refused with an error naming it.
    `safe=False` unpickles with full pickle — only for files from a source you trust, since
    unpickling can run arbitrary code.

    Example:
        >>> import paddle, io
        >>> buffer = io.BytesIO()
        >>> paddle.save({"w": paddle.to_tensor([1.0, 2.0])}, buffer)
        >>> _ = buffer.seek(0)
        >>> paddle.load(buffer)["w"].tolist()
        [1.0, 2.0]
    """
    _check_configs(configs, _LOAD_CONFIGS, "paddle.load")
    if not _is_buffer(path):
        path = os.fspath(path)
    _check_load_path(path)
    return_numpy = bool(configs.get("return_numpy", False))
    if configs.get("safetensors", False):
        return load_safetensors(path, return_numpy)
    start = path.tell() if _is_buffer(path) else None
    try:
        loaded = _unpickle(path, bool(configs.get("safe", True)))
    except UnsafeGlobalError:
        raise
    except (pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError,
            IndexError, KeyError, UnicodeDecodeError) as exc:
        return _load_binary_tensor(path, start, return_numpy, exc)
    return _restore(loaded, return_numpy, bool(configs.get("keep_name_table", False)))


# ---- background saves -------------------------------------------------------------------------
_pending_saves: list[threading.Thread] = []


def clear_async_save_task_queue() -> None:
    """Wait until every `async_save` started so far has finished writing."""
    while _pending_saves:
        _pending_saves.pop().join()


def async_save(obj, path, protocol=4, sync_other_task=False, **configs) -> None:
    """`paddle.save` on a background thread. The Tensors are copied first, so training may
    update them meanwhile; call `clear_async_save_task_queue()` to wait for the writes.

    Example:
        >>> import paddle, tempfile, os
        >>> path = os.path.join(tempfile.mkdtemp(), "emb.pdparams")
        >>> paddle.async_save(paddle.nn.Embedding(4, 2).state_dict(), path)
        >>> paddle.clear_async_save_task_queue()
        >>> os.path.exists(path)
        True
    """
    if configs:
        warnings.warn("configs are not supported in async mode, will be overridden by "
                      "default settings.", stacklevel=2)
    if sync_other_task:
        clear_async_save_task_queue()
    snapshot = layout.snapshot_tensors(obj)
    worker = threading.Thread(target=save, args=(snapshot, path, protocol), daemon=False)
    worker.start()
    _pending_saves.append(worker)
