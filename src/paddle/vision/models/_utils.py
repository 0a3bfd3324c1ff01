"""Helpers shared by the model families: channel rounding, pretrained-weight loading and the
IntermediateLayerGetter wrapper."""
from __future__ import annotations

import collections
import hashlib
import os

from ... import nn

# Where Paddle's own downloader keeps weight files; a file put here by hand is found offline.
WEIGHTS_HOME = os.path.expanduser(os.path.join("~", ".cache", "paddle", "hapi", "weights"))


def _make_divisible(v, divisor=8, min_value=None):
    """Round a channel count to the nearest multiple of `divisor`, never going more than 10%
    below `v` (the MobileNet rule)."""
    if min_value is None:
        min_value = divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    if new_v < 0.9 * v:
        new_v += divisor
    return new_v


def _md5(path: str) -> str:
    digest = hashlib.md5()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def weights_path(arch: str, model_urls: dict, pretrained) -> str:
    """The local file holding `arch`'s pretrained weights.

    `pretrained` may be a path (str or os.PathLike) to a .pdparams file; True looks for the file
    Paddle would have downloaded, under ~/.cache/paddle/hapi/weights. Nothing is downloaded:
    a missing file raises FileNotFoundError naming the file and where to put it."""
    if isinstance(pretrained, (str, os.PathLike)):
        path = os.fspath(pretrained)
        if not os.path.isfile(path):
            raise FileNotFoundError(f"pretrained weights file '{path}' for {arch} does not exist")
        return path
    if arch not in model_urls:
        raise AssertionError(f"{arch} model do not have a pretrained model now, you should set "
                             "pretrained=False")
    url, md5 = model_urls[arch]
    filename = url.rsplit("/", 1)[-1]
    path = os.path.join(WEIGHTS_HOME, filename)
    if not os.path.isfile(path):
        raise FileNotFoundError(
            f"pretrained weights for {arch} need the file {filename} (md5 {md5}), which this "
            f"offline build cannot download: fetch it from {url} and put it at {path}, or pass "
            f"its path as pretrained='/path/to/{filename}'")
    if md5 and _md5(path) != md5:
        raise ValueError(f"pretrained weights file {path} for {arch} is corrupt: its md5 is "
                         f"{_md5(path)}, expected {md5}")
    return path


def load_pretrained(model, arch: str, model_urls: dict, pretrained):
    """Load `arch`'s pretrained weights into `model` when `pretrained` asks for them."""
    if pretrained is False or pretrained is None:
        return model
    from ...framework.io import load
    model.set_dict(load(weights_path(arch, model_urls, pretrained)))
    return model


class IntermediateLayerGetter(nn.LayerDict):
    """Runs a model's direct children in registration order and returns the outputs of the
    ones named in `return_layers` (an ordered dict {child name: output name}).

    Example:
        >>> import paddle
        >>> from paddle.vision.models._utils import IntermediateLayerGetter
        >>> model = paddle.vision.models.LeNet()
        >>> getter = IntermediateLayerGetter(model, {'features': 'feat'})
        >>> getter(paddle.ones([1, 1, 28, 28]))['feat'].shape
        paddle.Size([1, 16, 5, 5])
    """

    def __init__(self, model, return_layers: dict):
        children = [name for name, _ in model.named_children()]
        if not set(return_layers).issubset(children):
            raise ValueError("return_layers are not present in model")
        pending = {str(k): str(v) for k, v in return_layers.items()}
        layers = collections.OrderedDict()
        for name, child in model.named_children():
            layers[name] = child
            pending.pop(name, None)
            if not pending:
                break
        super().__init__(layers)
        self.return_layers = return_layers

    def forward(self, x):
        from ... import flatten
        out = collections.OrderedDict()
        for name, child in self.items():
            if x.ndim == 4 and _starts_with_linear(child):
                x = flatten(x, 1)
            x = child(x)
            if name in self.return_layers:
                out[self.return_layers[name]] = x
        return out


def _starts_with_linear(layer) -> bool:
    if isinstance(layer, nn.Linear):
        return True
    subs = layer.sublayers()
    return bool(subs) and isinstance(subs[0], nn.Linear)
