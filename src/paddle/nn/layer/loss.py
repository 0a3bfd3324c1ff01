"""Loss layers wrapping the functionals of paddle.nn.functional: classification, regression
and CTC losses (the margin/embedding family lives in loss_extra.py)."""
from __future__ import annotations

from .. import functional as F
from ..functional._aliases import keyword_aliases
from ..functional._loss_utils import check_reduction
from .layers import Layer

__all__ = ["CrossEntropyLoss", "NLLLoss", "BCELoss", "BCEWithLogitsLoss", "MSELoss", "L1Loss",
           "SmoothL1Loss", "KLDivLoss", "CTCLoss", "MarginRankingLoss", "PoissonNLLLoss"]


class CrossEntropyLoss(Layer):
    """Layer form of F.cross_entropy.

    Example:
        >>> import paddle
        >>> loss = paddle.nn.CrossEntropyLoss()
        >>> loss(paddle.to_tensor([[2.0, 0.5]]), paddle.to_tensor([0])).shape
        paddle.Size([])
    """

    def __init__(self, weight=None, ignore_index=-100, reduction="mean", soft_label=False,
                 axis=-1, use_softmax=True, label_smoothing=0.0, name=None):
        super().__init__()
        self.weight, self.reduction, self.ignore_index = weight, reduction, ignore_index
        self.soft_label, self.axis, self.use_softmax = soft_label, axis, use_softmax
        self.label_smoothing, self.name = label_smoothing, name

    @keyword_aliases(label="target")
    def forward(self, input, label):  # noqa: A002
        return F.cross_entropy(input, label, weight=self.weight, ignore_index=self.ignore_index,
                               reduction=self.reduction, soft_label=self.soft_label,
                               axis=self.axis, use_softmax=self.use_softmax,
                               label_smoothing=self.label_smoothing, name=self.name)


class NLLLoss(Layer):
    """Layer form of F.nll_loss.

    Example:
        >>> import paddle
        >>> log_probs = paddle.log(paddle.to_tensor([[0.7, 0.3]]))
        >>> paddle.nn.NLLLoss()(log_probs, paddle.to_tensor([0])).shape
        paddle.Size([])
    """

    def __init__(self, weight=None, ignore_index=-100, reduction="mean", name=None):
        check_reduction("NLLLoss", reduction)
        super().__init__()
        self._weight, self._ignore_index = weight, ignore_index
        self._reduction, self._name = reduction, name

    def forward(self, input, label):  # noqa: A002
        return F.nll_loss(input, label, weight=self._weight, ignore_index=self._ignore_index,
                          reduction=self._reduction, name=self._name)


class BCELoss(Layer):
    """Layer form of F.binary_cross_entropy.

    Example:
        >>> import paddle
        >>> paddle.nn.BCELoss()(paddle.to_tensor([0.8]), paddle.to_tensor([1.0])).shape
        paddle.Size([])
    """

    def __init__(self, weight=None, reduction="mean", name=None):
        check_reduction("BCELoss", reduction)
        super().__init__()
        self.weight, self.reduction, self.name = weight, reduction, name

    def forward(self, input, label):  # noqa: A002
        return F.binary_cross_entropy(input, label, self.weight, self.reduction, self.name)


class BCEWithLogitsLoss(Layer):
    """Layer form of F.binary_cross_entropy_with_logits.

    Example:
        >>> import paddle
        >>> loss = paddle.nn.BCEWithLogitsLoss(pos_weight=paddle.to_tensor([2.0]))
        >>> loss(paddle.to_tensor([0.3]), paddle.to_tensor([1.0])).shape
        paddle.Size([])
    """

    def __init__(self, weight=None, reduction="mean", pos_weight=None, name=None):
        check_reduction("BCEWithLogitsLoss", reduction)
        super().__init__()
        self.weight, self.reduction = weight, reduction
        self.pos_weight, self.name = pos_weight, name

    def forward(self, logit, label):
        return F.binary_cross_entropy_with_logits(logit, label, self.weight, self.reduction,
                                                  self.pos_weight, self.name)


class MSELoss(Layer):
    """Layer form of F.mse_loss.

    Example:
        >>> import paddle
        >>> float(paddle.nn.MSELoss()(paddle.to_tensor([1.0]), paddle.to_tensor([3.0])))
        4.0
    """

    def __init__(self, reduction="mean"):
        check_reduction("MSELoss", reduction)
        super().__init__()
        self.reduction = reduction

    def forward(self, input, label):  # noqa: A002
        return F.mse_loss(input, label, self.reduction)


class L1Loss(Layer):
    """Layer form of F.l1_loss.

    Example:
        >>> import paddle
        >>> float(paddle.nn.L1Loss()(paddle.to_tensor([1.0]), paddle.to_tensor([3.0])))
        2.0
    """

    def __init__(self, reduction="mean", name=None):
        check_reduction("L1Loss", reduction)
        super().__init__()
        self.reduction, self.name = reduction, name

    def forward(self, input, label):  # noqa: A002
        return F.l1_loss(input, label, self.reduction, self.name)


class SmoothL1Loss(Layer):
    """Layer form of F.smooth_l1_loss (Huber loss with threshold `delta`).

    Example:
        >>> import paddle
        >>> float(paddle.nn.SmoothL1Loss()(paddle.to_tensor([0.0]), paddle.to_tensor([3.0])))
        2.5
    """

    def __init__(self, reduction="mean", delta=1.0, is_huber=True, name=None):
        super().__init__()
        self.reduction, self.delta, self.is_huber, self.name = reduction, delta, is_huber, name

    @keyword_aliases(label="target")
    def forward(self, input, label):  # noqa: A002
        return F.smooth_l1_loss(input, label, self.reduction, self.delta, self.is_huber,
                                self.name)


class KLDivLoss(Layer):
    """Layer form of F.kl_div.

    Example:
        >>> import paddle
        >>> loss = paddle.nn.KLDivLoss(reduction="batchmean")
        >>> loss(paddle.to_tensor([[-1.0, -0.5]]), paddle.to_tensor([[0.4, 0.6]])).shape
        paddle.Size([])
    """

    def __init__(self, reduction="mean", log_target=False):
        super().__init__()
        self.reduction, self.log_target = reduction, log_target

    def forward(self, input, label):  # noqa: A002
        return F.kl_div(input, label, self.reduction, self.log_target)


class CTCLoss(Layer):
    """Layer form of F.ctc_loss; norm_by_times is a forward argument, as in Paddle.

    Example:
        >>> import paddle
        >>> logits = paddle.rand([4, 1, 3])
        >>> labels = paddle.to_tensor([[1, 2]], dtype="int32")
        >>> n, m = paddle.to_tensor([4], dtype="int64"), paddle.to_tensor([2], dtype="int64")
        >>> paddle.nn.CTCLoss()(logits, labels, n, m).shape
        paddle.Size([])
    """

    def __init__(self, blank=0, reduction="mean", zero_infinity=False):
        super().__init__()
        self.blank, self.reduction, self.zero_infinity = blank, reduction, zero_infinity

    def forward(self, log_probs, labels, input_lengths, label_lengths, norm_by_times=False):
        return F.ctc_loss(log_probs, labels, input_lengths, label_lengths, self.blank,
                          self.reduction, norm_by_times=norm_by_times,
                          zero_infinity=self.zero_infinity)


class MarginRankingLoss(Layer):
    """Layer form of F.margin_ranking_loss.

    Example:
        >>> import paddle
        >>> loss = paddle.nn.MarginRankingLoss(margin=0.1)
        >>> x, y = paddle.to_tensor([1.0]), paddle.to_tensor([2.0])
        >>> loss(x, y, paddle.to_tensor([1.0])).shape
        paddle.Size([])
    """

    def __init__(self, margin=0.0, reduction="mean", name=None):
        check_reduction("MarginRankingLoss", reduction)
        super().__init__()
        self.margin, self.reduction, self.name = margin, reduction, name

    def forward(self, input, other, label):  # noqa: A002
        return F.margin_ranking_loss(input, other, label, self.margin, self.reduction,
                                     self.name)


class PoissonNLLLoss(Layer):
    """Layer form of F.poisson_nll_loss.

    Example:
        >>> import paddle
        >>> loss = paddle.nn.PoissonNLLLoss()
        >>> loss(paddle.to_tensor([0.5]), paddle.to_tensor([1.0])).shape
        paddle.Size([])
    """

    def __init__(self, log_input=True, full=False, epsilon=1e-08, reduction="mean", name=None):
        if epsilon <= 0:
            raise ValueError(f"(PoissonNLLLoss) The value of `epsilon` should be positive, but "
                             f"received {epsilon:f}, which is not allowed")
        check_reduction("PoissonNLLLoss", reduction)
        super().__init__()
        self._log_input, self._full, self._epsilon = log_input, full, epsilon
        self._reduction, self._name = reduction, name

    def forward(self, input, label):  # noqa: A002
        return F.poisson_nll_loss(input, label, log_input=self._log_input, full=self._full,
                                  epsilon=self._epsilon, reduction=self._reduction,
                                  name=self._name)


# `paddle.nn.loss` is this module in Paddle and lists every loss layer.
from .loss_extra import *  # noqa: E402,F401,F403
from .loss_extra import __all__ as _extra_names  # noqa: E402

__all__ += _extra_names
