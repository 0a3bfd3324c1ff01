"""Where a dataset's files come from, and the errors when they are not there.

Real Paddle downloads a missing file into ~/.cache/paddle/dataset/<name>/<file>. There is no
network here, so a dataset given no path looks in that same cache and otherwise raises a
DatasetNotFoundError that names the file it needs and the format it expects: put the file
there (or pass its path) and the dataset reads it. Nothing is ever downloaded."""
from __future__ import annotations

import os

import paddle


class DatasetNotFoundError(FileNotFoundError, RuntimeError):
    """A dataset file is missing. A FileNotFoundError, and a RuntimeError like the one real
    Paddle raises when its download fails."""


def data_home() -> str:
    """Paddle's dataset cache, ~/.cache/paddle/dataset (checked at call time, so a changed
    HOME is honoured)."""
    return os.path.join(os.path.expanduser("~"), ".cache", "paddle", "dataset")


def cached_path(module: str, file_name: str) -> str:
    """The path real Paddle would download `file_name` of dataset `module` to."""
    return os.path.join(data_home(), module, file_name)


def check_backend(backend: str | None) -> str:
    """The image backend a dataset uses: the argument, or paddle.vision's current one."""
    if backend is None:
        backend = paddle.vision.get_image_backend()
    if backend not in ("pil", "cv2"):
        raise ValueError(f"Expected backend are one of ['pil', 'cv2'], but got {backend}")
    return backend


def check_mode(dataset: str, mode: str, modes: tuple) -> str:
    """The lower-cased mode, which must be one of `modes` (Paddle asserts it)."""
    if not isinstance(mode, str) or mode.lower() not in modes:
        raise AssertionError(f"({dataset}) mode should be one of {list(modes)}, but got {mode!r}")
    return mode.lower()


def resolve(dataset: str, argument: str, path, module: str, file_name: str, download: bool,
            file_format: str) -> str:
    """The file a dataset reads: `path` when given, else the copy in Paddle's cache. Raises a
    DatasetNotFoundError naming the missing file and `file_format` (a description of what it
    must contain) when there is none; with download=False and no path, Paddle's
    AssertionError."""
    if path:
        require_file(dataset, argument, path, file_format)
        return path
    if not download:
        raise AssertionError(f"({dataset}) {argument} is not set and downloading "
                             "automatically is disabled")
    cached = cached_path(module, file_name)
    if os.path.isfile(cached):
        return cached
    raise DatasetNotFoundError(
        f"({dataset}) {argument} was not given and {cached} does not exist. This build cannot "
        f"download datasets: place {file_format} at that path, or pass its location as "
        f"{argument}=...")


def require_file(dataset: str, argument: str, path: str, file_format: str) -> None:
    """Raise a DatasetNotFoundError naming `path` unless it is an existing file."""
    if not os.path.isfile(path):
        raise DatasetNotFoundError(
            f"({dataset}) {argument}={path!r} does not exist or is not a file; expected "
            f"{file_format}.")


def default_dtype() -> str:
    return paddle.get_default_dtype()
