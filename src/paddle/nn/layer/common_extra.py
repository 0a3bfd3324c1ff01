"""Layers over the common functionals: Embedding, Bilinear, CosineSimilarity,
PairwiseDistance and the pixel/channel shuffles."""
from __future__ import annotations

from ..._core.autograd.grad_mode import no_grad
from ..._core.dtype import get_default_dtype
from ...tensor._arg_forms import aliases
from .. import functional as F
from ..functional.input import padding_row
from .layers import Layer


def _with_name(text: str, name) -> str:
    return f"{text}, name={name}" if name else text


class Embedding(Layer):
    """A lookup table of num_embeddings vectors of size embedding_dim (the parameter `weight`,
    Xavier-uniform initialised; the padding_idx row starts at zero).

    Example:
        >>> import paddle
        >>> emb = paddle.nn.Embedding(10, 4, padding_idx=0)
        >>> emb(paddle.to_tensor([[0, 3]])).shape
        paddle.Size([1, 2, 4])
    """

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None,
                 norm_type=2.0, *, scale_grad_by_freq=False, sparse=False, _weight=None,
                 _freeze=False, device=None, dtype=None, weight_attr=None, name=None):
        super().__init__()
        if num_embeddings <= 0:
            raise ValueError(f"(Embedding) num_embeddings must be greater than 0, but received "
                             f"{num_embeddings}.")
        if embedding_dim <= 0:
            raise ValueError(f"(Embedding) embedding_dim must be greater than 0, but received "
                             f"{embedding_dim}.")
        self._num_embeddings, self._embedding_dim = num_embeddings, embedding_dim
        self._sparse, self._is_distributed = sparse, False
        self._max_norm, self._norm_type = max_norm, norm_type
        self._padding_idx, self._scale_grad_by_freq = padding_idx, scale_grad_by_freq
        self._device, self._weight_attr, self._name = device, weight_attr, name
        row = padding_row(padding_idx, num_embeddings, "Embedding")
        self._dtype = get_default_dtype() if dtype is None else dtype
        self._size = [num_embeddings, embedding_dim]
        if _weight is not None:
            if list(_weight.shape) != self._size:
                raise AssertionError(f"(Embedding) Shape of weight {list(_weight.shape)} does "
                                     f"not match [num_embeddings, embedding_dim] = {self._size}")
            self.weight = _weight
            self.weight.stop_gradient = _freeze
        else:
            self.weight = self.create_parameter(self._size, attr=weight_attr, dtype=self._dtype,
                                                is_bias=False)
            if weight_attr is None:
                self.weight.stop_gradient = _freeze
        if row != -1:
            with no_grad():
                self.weight._data[row] = 0

    @property
    def padding_idx(self):
        return self._padding_idx

    @padding_idx.setter
    def padding_idx(self, value):
        self._padding_idx = value

    @aliases(x="input")
    def forward(self, x):
        return F.embedding(x, weight=self.weight, padding_idx=self._padding_idx,
                           max_norm=self._max_norm, norm_type=self._norm_type,
                           sparse=self._sparse, scale_grad_by_freq=self._scale_grad_by_freq,
                           name=self._name)

    def extra_repr(self) -> str:
        text = f"{self._num_embeddings}, {self._embedding_dim}"
        if self._padding_idx is not None:
            text += f", padding_idx={self._padding_idx}"
        text += f", sparse={self._sparse}, scale_grad_by_freq={self._scale_grad_by_freq}"
        return text if self._name is None else f"{text}, name={self._name}"


class Bilinear(Layer):
    """out = x1 @ weight[k] @ x2 + bias[0, k] for each of out_features k; weight has shape
    [out_features, in1_features, in2_features] and bias [1, out_features]."""

    def __init__(self, in1_features, in2_features, out_features, weight_attr=None,
                 bias_attr=None, name=None):
        super().__init__()
        self._weight_attr, self._bias_attr, self._name = weight_attr, bias_attr, name
        self._in1_features, self._in2_features = in1_features, in2_features
        self._out_features = out_features
        self._dtype = get_default_dtype()
        self.weight = self.create_parameter([out_features, in1_features, in2_features],
                                            attr=weight_attr, dtype=self._dtype, is_bias=False)
        self.bias = self.create_parameter([1, out_features], attr=bias_attr, dtype=self._dtype,
                                          is_bias=True)

    def forward(self, x1, x2):
        return F.bilinear(x1, x2, self.weight, self.bias, self._name)

    def extra_repr(self) -> str:
        return _with_name(f"in1_features={self._in1_features}, in2_features="
                          f"{self._in2_features}, out_features={self._out_features}, "
                          f"dtype={self._dtype}", self._name)


class CosineSimilarity(Layer):
    """cosine_similarity of its two inputs along `axis`."""

    @aliases(axis="dim")
    def __init__(self, axis=1, eps=1e-8):
        super().__init__()
        self._axis, self._eps = axis, eps

    def forward(self, x1, x2):
        return F.cosine_similarity(x1, x2, axis=self._axis, eps=self._eps)

    @property
    def dim(self):
        return self._axis

    @dim.setter
    def dim(self, value):
        self._axis = value

    def extra_repr(self) -> str:
        return f"axis={self._axis}, eps={self._eps}"


class PairwiseDistance(Layer):
    """The p-norm distance between its two inputs along the last axis."""

    @aliases(epsilon="eps")
    def __init__(self, p=2.0, epsilon=1e-6, keepdim=False, name=None):
        super().__init__()
        self.p, self.epsilon, self.keepdim, self.name = p, epsilon, keepdim, name

    @aliases(x="x1", y="x2")
    def forward(self, x, y):
        return F.pairwise_distance(x, y, self.p, self.epsilon, self.keepdim, self.name)

    def extra_repr(self) -> str:
        text = f"p={self.p}"
        if self.epsilon != 1e-6:
            text += f", epsilon={self.epsilon}"
        if self.keepdim is not False:
            text += f", keepdim={self.keepdim}"
        return text if self.name is None else f"{text}, name={self.name}"

    @property
    def eps(self):
        return self.epsilon

    @eps.setter
    def eps(self, value):
        self.epsilon = value

    @property
    def norm(self):
        return self.p

    @norm.setter
    def norm(self, value):
        self.p = value


__all__ = ["Embedding", "Bilinear", "CosineSimilarity", "PairwiseDistance"]
