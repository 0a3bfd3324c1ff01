"""Margin, embedding and likelihood loss layers, and AdaptiveLogSoftmaxWithLoss."""
from __future__ import annotations

from .. import functional as F
from ..functional._loss_utils import check_reduction
from .layers import Layer

__all__ = ["HingeEmbeddingLoss", "CosineEmbeddingLoss", "TripletMarginLoss",
           "TripletMarginWithDistanceLoss", "MultiLabelSoftMarginLoss", "MultiLabelMarginLoss",
           "SoftMarginLoss", "MultiMarginLoss", "GaussianNLLLoss", "AdaptiveLogSoftmaxWithLoss"]


class HingeEmbeddingLoss(Layer):
    """Layer form of F.hinge_embedding_loss.

    Example:
        >>> import paddle
        >>> loss = paddle.nn.HingeEmbeddingLoss(margin=1.0)
        >>> loss(paddle.to_tensor([0.3]), paddle.to_tensor([-1.0])).shape
        paddle.Size([])
    """

    def __init__(self, margin=1.0, reduction="mean", name=None):
        super().__init__()
        self.margin, self.reduction, self.name = margin, reduction, name

    def forward(self, input, label):  # noqa: A002
        return F.hinge_embedding_loss(input, label, self.margin, self.reduction, self.name)


class CosineEmbeddingLoss(Layer):
    """Layer form of F.cosine_embedding_loss; margin must lie in [-1, 1].

    Example:
        >>> import paddle
        >>> a, b = paddle.to_tensor([[1.0, 0.0]]), paddle.to_tensor([[0.0, 1.0]])
        >>> paddle.nn.CosineEmbeddingLoss()(a, b, paddle.to_tensor([1])).shape
        paddle.Size([])
    """

    def __init__(self, margin=0, reduction="mean", name=None):
        if margin > 1 or margin < -1:
            raise ValueError("(CosineEmbeddingLoss) The value of 'margin' should be in the "
                             f"interval of [-1, 1], but received {margin:f}, which is not "
                             "allowed.")
        check_reduction("CosineEmbeddingLoss", reduction)
        super().__init__()
        self.margin, self.reduction, self.name = margin, reduction, name

    def forward(self, input1, input2, label):
        return F.cosine_embedding_loss(input1, input2, label, self.margin, self.reduction,
                                       self.name)


class TripletMarginLoss(Layer):
    """Layer form of F.triplet_margin_loss.

    Example:
        >>> import paddle
        >>> a = paddle.to_tensor([[1.0, 2.0]])
        >>> paddle.nn.TripletMarginLoss()(a, a * 0.9, -a).shape
        paddle.Size([])
    """

    def __init__(self, margin=1.0, p=2.0, epsilon=1e-06, swap=False, reduction="mean",
                 name=None):
        check_reduction("TripletMarginLoss", reduction)
        super().__init__()
        self.margin, self.p, self.epsilon, self.swap = margin, p, epsilon, swap
        self.reduction, self.name = reduction, name

    def forward(self, input, positive, negative):  # noqa: A002
        return F.triplet_margin_loss(input, positive, negative, self.margin, self.p,
                                     self.epsilon, self.swap, self.reduction, self.name)


class TripletMarginWithDistanceLoss(Layer):
    """Layer form of F.triplet_margin_with_distance_loss.

    Example:
        >>> import paddle
        >>> a = paddle.to_tensor([[1.0, 2.0]])
        >>> paddle.nn.TripletMarginWithDistanceLoss()(a, a * 0.9, -a).shape
        paddle.Size([])
    """

    def __init__(self, distance_function=None, margin=1.0, swap=False, reduction="mean",
                 name=None):
        check_reduction("TripletMarginWithDistanceLoss", reduction)
        super().__init__()
        self.margin, self.swap, self.reduction = margin, swap, reduction
        self.distance_function, self.name = distance_function, name

    def forward(self, input, positive, negative):  # noqa: A002
        return F.triplet_margin_with_distance_loss(input, positive, negative,
                                                   margin=self.margin, swap=self.swap,
                                                   reduction=self.reduction,
                                                   distance_function=self.distance_function,
                                                   name=self.name)


class MultiLabelSoftMarginLoss(Layer):
    """Layer form of F.multi_label_soft_margin_loss.

    Example:
        >>> import paddle
        >>> x, y = paddle.to_tensor([[0.5, -1.0]]), paddle.to_tensor([[1.0, 0.0]])
        >>> paddle.nn.MultiLabelSoftMarginLoss()(x, y).shape
        paddle.Size([])
    """

    def __init__(self, weight=None, reduction="mean", name=None):
        check_reduction("MultiLabelSoftMarginLoss", reduction)
        super().__init__()
        self.weight, self.reduction, self.name = weight, reduction, name

    def forward(self, input, label):  # noqa: A002
        return F.multi_label_soft_margin_loss(input, label, weight=self.weight,
                                              reduction=self.reduction, name=self.name)


class MultiLabelMarginLoss(Layer):
    """Layer form of F.multi_label_margin_loss.

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.1, 0.2, 0.4, 0.8]])
        >>> paddle.nn.MultiLabelMarginLoss()(x, paddle.to_tensor([[3, 0, -1, 1]])).shape
        paddle.Size([])
    """

    def __init__(self, reduction="mean", name=None):
        check_reduction("MultiLabelMarginLoss", reduction)
        super().__init__()
        self.reduction, self.name = reduction, name

    def forward(self, input, label):  # noqa: A002
        return F.multi_label_margin_loss(input, label, reduction=self.reduction, name=self.name)


class SoftMarginLoss(Layer):
    """Layer form of F.soft_margin_loss.

    Example:
        >>> import paddle
        >>> paddle.nn.SoftMarginLoss()(paddle.to_tensor([0.5]), paddle.to_tensor([1])).shape
        paddle.Size([])
    """

    def __init__(self, reduction="mean", name=None):
        check_reduction("SoftMarginLoss", reduction)
        super().__init__()
        self.reduction, self.name = reduction, name

    def forward(self, input, label):  # noqa: A002
        return F.soft_margin_loss(input, label, self.reduction, self.name)


class MultiMarginLoss(Layer):
    """Layer form of F.multi_margin_loss.

    Example:
        >>> import paddle
        >>> x = paddle.to_tensor([[0.1, 0.8, 0.3]])
        >>> paddle.nn.MultiMarginLoss()(x, paddle.to_tensor([1])).shape
        paddle.Size([])
    """

    def __init__(self, p=1, margin=1.0, weight=None, reduction="mean", name=None):
        check_reduction("MultiMarginLoss", reduction)
        super().__init__()
        self.p, self.margin, self.weight = p, margin, weight
        self.reduction, self.name = reduction, name

    def forward(self, input, label):  # noqa: A002
        return F.multi_margin_loss(input, label, p=self.p, margin=self.margin,
                                   weight=self.weight, reduction=self.reduction, name=self.name)


class GaussianNLLLoss(Layer):
    """Layer form of F.gaussian_nll_loss.

    Example:
        >>> import paddle
        >>> x, y, var = paddle.ones([2]), paddle.zeros([2]), paddle.ones([2])
        >>> float(paddle.nn.GaussianNLLLoss()(x, y, var))
        0.5
    """

    def __init__(self, full=False, epsilon=1e-06, reduction="mean", name=None):
        check_reduction("GaussianNLLLoss", reduction)
        super().__init__()
        self.full, self.epsilon, self.reduction, self.name = full, epsilon, reduction, name

    def forward(self, input, label, variance):  # noqa: A002
        return F.gaussian_nll_loss(input, label, variance, self.full, self.epsilon,
                                   self.reduction, self.name)


class AdaptiveLogSoftmaxWithLoss(Layer):
    """Adaptive softmax over `n_classes`: a head over classes [0, cutoffs[0]) plus one entry
    per tail cluster; cluster i projects to in_features // div_value**(i+1) features. forward
    returns (output log-probabilities of the labels, mean loss).

    Example:
        >>> import paddle
        >>> asm = paddle.nn.AdaptiveLogSoftmaxWithLoss(8, 10, cutoffs=[4])
        >>> out, loss = asm(paddle.rand([3, 8]), paddle.to_tensor([1, 5, 9]))
        >>> out.shape, loss.shape
        (paddle.Size([3]), paddle.Size([]))
    """

    def __init__(self, in_features, n_classes, cutoffs, weight_attr=None, bias_attr=None,
                 div_value=4.0, head_bias=False, name=None):
        super().__init__()
        cutoffs = list(cutoffs)
        if (cutoffs != sorted(cutoffs) or min(cutoffs) <= 0 or max(cutoffs) > n_classes - 1
                or len(set(cutoffs)) != len(cutoffs) or any(int(c) != c for c in cutoffs)):
            raise ValueError("(AdaptiveLogSoftmaxWithLoss) cutoffs should be a sequence of "
                             "unique, positive integers sorted in an increasing order, where "
                             f"each value is between 1 and n_classes-1, but received {cutoffs}")
        self.in_features, self.n_classes = in_features, n_classes
        self.cutoffs = [*cutoffs, n_classes]
        self.div_value, self.is_head_bias = div_value, head_bias
        self._weight_attr, self._bias_attr = weight_attr, bias_attr
        self.shortlist_size = self.cutoffs[0]
        self.n_clusters = len(self.cutoffs) - 1
        self.head_size = self.shortlist_size + self.n_clusters
        self.head_weight = self.create_parameter([in_features, self.head_size], attr=weight_attr)
        self.head_bias = self.create_parameter([self.head_size], attr=bias_attr,
                                               is_bias=True) if head_bias else None
        # A plain list, as in Paddle: the tail projections are not registered sublayer state.
        self.tail_weights = []
        for i in range(self.n_clusters):
            hidden = int(in_features // (div_value ** (i + 1)))
            size = self.cutoffs[i + 1] - self.cutoffs[i]
            self.tail_weights.append([
                self.create_parameter([in_features, hidden], attr=weight_attr),
                self.create_parameter([hidden, size], attr=weight_attr)])

    def forward(self, input, label):  # noqa: A002
        return F.adaptive_log_softmax_with_loss(input, label, self.head_weight,
                                                self.tail_weights, self.cutoffs,
                                                self.head_bias)

    def log_prob(self, input):  # noqa: A002
        """Log-probabilities of every class, [N, n_classes]."""
        from ..functional._loss_utils import log_softmax, ops
        head = ops.matmul(input, self.head_weight, False, False)
        if self.head_bias is not None:
            head = head + self.head_bias
        head_logprob = log_softmax(head, 1)
        parts = [head_logprob[:, :self.shortlist_size]]
        for i, (proj, out_w) in enumerate(self.tail_weights):
            cluster = ops.matmul(ops.matmul(input, proj, False, False), out_w, False, False)
            parts.append(log_softmax(cluster, 1) +
                         head_logprob[:, self.shortlist_size + i:self.shortlist_size + i + 1])
        return ops.concat(parts, 1)

    def predict(self, input):  # noqa: A002
        """The most likely class of each row: float32, or int64 when no row's best head entry
        is a shortlist class (Paddle's dtypes)."""
        best = self.log_prob(input).argmax(axis=1)
        head = input.matmul(self.head_weight)
        if self.head_bias is not None:
            head = head + self.head_bias
        in_shortlist = head.argmax(axis=1) < self.shortlist_size
        return best if not bool(in_shortlist.any()) else best.astype("float32")
