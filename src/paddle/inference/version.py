"""Version queries of paddle.inference."""
from __future__ import annotations

from .. import __version__


def _feijiang_version() -> str:
    try:
        from importlib.metadata import version
        return version("feijiang")
    except Exception:  # noqa: BLE001 - not installed as a distribution (a source checkout)
        return "source"


def get_version() -> str:
    """The API version and build, in Paddle Inference's three lines.

    Example:
        >>> from paddle import inference
        >>> inference.get_version().splitlines()[0]
        'version: 3.3.1'
    """
    return f"version: {__version__}\ncommit: feijiang-{_feijiang_version()}\nbranch: HEAD\n"


def get_trt_compile_version() -> tuple:
    """TensorRT's version at build time: (0, 0, 0), as in Paddle builds without TensorRT."""
    return (0, 0, 0)


def get_trt_runtime_version() -> tuple:
    """TensorRT's version at run time: (0, 0, 0), as in Paddle builds without TensorRT."""
    return (0, 0, 0)
