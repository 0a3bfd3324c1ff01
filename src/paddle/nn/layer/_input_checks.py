"""Input checks layers run before their functional: they name the layer and the constructor
argument the input disagrees with, which the op-level messages cannot."""
from __future__ import annotations

from ..._core.tensor import Tensor


def channel_axis(ndim: int, data_format: str) -> int:
    """Channels sit right after the batch in channel-first layouts ('NC…'), last otherwise."""
    return 1 if data_format is None or data_format[:2] == "NC" else ndim - 1


def check_channels(layer: str, x, expected: int, data_format: str, argument: str,
                   rank: int | None = None) -> None:
    """ValueError when x's channel count differs from what the layer was built for (inputs of
    the wrong rank are left to the functional's rank error)."""
    if not isinstance(x, Tensor) or x.ndim < 2 or rank not in (None, x.ndim):
        return
    axis = channel_axis(x.ndim, data_format)
    got = x.shape[axis]
    if got not in (expected, -1):
        raise ValueError(
            f"({layer}) The input has {got} channels (axis {axis} of shape {list(x.shape)}, "
            f"data_format {data_format}), but the layer was created with "
            f"{argument}={expected}.")


def check_last_dim(layer: str, x, expected: int, argument: str, name: str = "inputs") -> None:
    """ValueError when x's last dimension (features) differs from the layer's `argument`."""
    if not isinstance(x, Tensor) or x.ndim < 1:
        return
    if x.shape[-1] not in (expected, -1):
        raise ValueError(
            f"({layer}) The last dimension of {name} must equal {argument} ({expected}), but "
            f"received {name} of shape {list(x.shape)}.")
