"""Batch normalization layers: BatchNorm1D/2D/3D, the legacy BatchNorm and SyncBatchNorm.

Running statistics are parameters (`_mean`, `_variance`, stop_gradient=True) as in Paddle, so
they appear in parameters() and state_dict after weight and bias."""
from __future__ import annotations

from ...framework.param_attr import ParamAttr
from .. import functional as F
from ..functional import norm as _norm
from ..initializer import Constant
from ._input_checks import check_channels
from .layers import Layer

__all__ = ["BatchNorm", "BatchNorm1D", "BatchNorm2D", "BatchNorm3D", "SyncBatchNorm"]


def _param_dtype(dtype) -> str:
    """Batch-norm parameters of a float16 model are kept in float32."""
    from ..._core.dtype import get_default_dtype
    name = get_default_dtype() if dtype is None else str(dtype).replace("paddle.", "")
    return "float32" if name == "float16" else name


def _create_statistics(layer, shape, dtype, mean_name, variance_name, model_average=True):
    for attr, name, value in (("_mean", mean_name, 0.0), ("_variance", variance_name, 1.0)):
        stat = layer.create_parameter(shape, attr=ParamAttr(
            name=name, initializer=Constant(value), trainable=False,
            do_model_average=model_average), dtype=dtype)
        stat.stop_gradient = True
        setattr(layer, attr, stat)


class _BatchNormBase(Layer):
    """Shared construction and forward of BatchNorm1D/2D/3D and SyncBatchNorm."""

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
                 bias_attr=None, data_format="NCHW", use_global_stats=None, name=None):
        super().__init__()
        self._num_features = num_features
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        self._use_global_stats = use_global_stats
        self._dtype = _param_dtype(None)
        shape = [num_features]
        self.weight = None if weight_attr is False else self.create_parameter(
            shape, attr=weight_attr, dtype=self._dtype, default_initializer=Constant(1.0))
        self.bias = None if bias_attr is False else self.create_parameter(
            shape, attr=bias_attr, dtype=self._dtype, is_bias=True)
        _create_statistics(self, shape, self._dtype, name and name + "_mean",
                           name and name + "_variance")
        self._data_format = data_format
        self._momentum = momentum
        self._epsilon = epsilon
        self._name = name

    def _check_data_format(self, data_format) -> None:
        raise NotImplementedError

    def _check_input_dim(self, input) -> None:  # noqa: A002
        raise NotImplementedError

    def forward(self, input):  # noqa: A002
        # Like Paddle, the layout is normalised on the first call (extra_repr shows it after).
        self._check_data_format(self._data_format)
        self._check_input_dim(input)
        check_channels(type(self).__name__, input, self._num_features, self._data_format,
                       "num_features")
        return F.batch_norm(input, self._mean, self._variance, weight=self.weight,
                            bias=self.bias, training=self.training, momentum=self._momentum,
                            epsilon=self._epsilon, data_format=self._data_format,
                            use_global_stats=self._use_global_stats)

    def extra_repr(self) -> str:
        text = (f"num_features={self._num_features}, momentum={self._momentum}, "
                f"epsilon={self._epsilon}")
        if self._data_format != "NCHW":
            text += f", data_format={self._data_format}"
        if self._name is not None:
            text += f", name={self._name}"
        return text


def _rank_error(layer, expected, input):  # noqa: A002
    return ValueError(f"({layer}) expected {expected} input (got {input.ndim}D input with shape "
                      f"{list(input.shape)})")


class BatchNorm1D(_BatchNormBase):
    """Batch normalization of [N, C] or [N, C, L] inputs (data_format NC/NCL or NLC).

    Example:
        >>> import paddle
        >>> bn = paddle.nn.BatchNorm1D(3)
        >>> bn(paddle.rand([4, 3, 5])).shape
        paddle.Size([4, 3, 5])
    """

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
                 bias_attr=None, data_format="NCL", use_global_stats=None, name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format,
                         use_global_stats, name)

    def _check_data_format(self, data_format) -> None:
        if data_format in ("NCHW", "NC", "NCL"):
            self._data_format = "NCHW"
        elif data_format in ("NHWC", "NLC"):
            self._data_format = "NHWC"
        else:
            raise ValueError("(BatchNorm1D) expected NC , NCL, NLC or None for data_format "
                             f"input, but received {data_format!r}")

    def _check_input_dim(self, input) -> None:  # noqa: A002
        if input.ndim not in (2, 3):
            raise _rank_error("BatchNorm1D", "2D or 3D", input)


class BatchNorm2D(_BatchNormBase):
    """Batch normalization of [N, C, H, W] (or NHWC) inputs.

    Example:
        >>> import paddle
        >>> bn = paddle.nn.BatchNorm2D(3)
        >>> [name for name, _ in bn.named_parameters()]
        ['weight', 'bias', '_mean', '_variance']
    """

    def _check_data_format(self, data_format) -> None:
        if data_format not in ("NCHW", "NHWC"):
            raise ValueError("(BatchNorm2D) expected NCHW or NHWC for data_format input, but "
                             f"received {data_format!r}")
        self._data_format = data_format

    def _check_input_dim(self, input) -> None:  # noqa: A002
        if input.ndim != 4:
            raise _rank_error("BatchNorm2D", "4D", input)


class BatchNorm3D(_BatchNormBase):
    """Batch normalization of [N, C, D, H, W] (or NDHWC) inputs.

    Example:
        >>> import paddle
        >>> paddle.nn.BatchNorm3D(2)(paddle.rand([2, 2, 3, 3, 3])).shape
        paddle.Size([2, 2, 3, 3, 3])
    """

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
                 bias_attr=None, data_format="NCDHW", use_global_stats=None, name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format,
                         use_global_stats, name)

    def _check_data_format(self, data_format) -> None:
        if data_format in ("NCHW", "NCDHW"):
            self._data_format = "NCHW"
        elif data_format in ("NHWC", "NDHWC"):
            self._data_format = "NHWC"
        else:
            raise ValueError("(BatchNorm3D) expected NCDHW, NDHWC or None for data_format "
                             f"input, but received {data_format!r}")

    def _check_input_dim(self, input) -> None:  # noqa: A002
        if input.ndim != 5:
            raise _rank_error("BatchNorm3D", "5D", input)


class SyncBatchNorm(_BatchNormBase):
    """Batch normalization whose statistics span all processes of a data-parallel job; in a
    single process it is BatchNorm over the local batch. Any layout (NC … NDHWC) is accepted.
    With weight_attr/bias_attr False the affine parameters still exist but are frozen at 1/0.

    Example:
        >>> import paddle
        >>> model = paddle.nn.Sequential(paddle.nn.Conv2D(3, 4, 3), paddle.nn.BatchNorm2D(4))
        >>> model = paddle.nn.SyncBatchNorm.convert_sync_batchnorm(model)
        >>> type(model[1]).__name__
        'SyncBatchNorm'
    """

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
                 bias_attr=None, data_format="NCHW", name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format,
                         None, name)
        shape = [num_features]
        if weight_attr is False:
            self.weight = self.create_parameter(shape, dtype=self._dtype,
                                                default_initializer=Constant(1.0))
            self.weight.stop_gradient = True
        if bias_attr is False:
            self.bias = self.create_parameter(shape, dtype=self._dtype,
                                              default_initializer=Constant(0.0), is_bias=True)
            self.bias.stop_gradient = True

    def _check_data_format(self, data_format) -> None:
        if data_format in ("NCHW", "NCDHW", "NC", "NCL"):
            self._data_format = "NCHW"
        elif data_format in ("NHWC", "NDHWC", "NLC"):
            self._data_format = "NHWC"
        else:
            raise ValueError("(SyncBatchNorm) expected 'NCDHW', 'NDHWC', 'NCL', 'NLC', 'NC', "
                             f"'NCHW', 'NHWC' for data_format, but received {data_format!r}")

    def _check_input_dim(self, input) -> None:  # noqa: A002
        if not 2 <= input.ndim <= 5:
            raise _rank_error("SyncBatchNorm", "2D to 5D", input)

    def forward(self, x):
        self._check_data_format(self._data_format)
        self._check_input_dim(x)
        check_channels("SyncBatchNorm", x, self._num_features, self._data_format,
                       "num_features")
        return F.batch_norm(x, self._mean, self._variance, weight=self.weight, bias=self.bias,
                            training=self.training, momentum=self._momentum,
                            epsilon=self._epsilon, data_format=self._data_format)

    @classmethod
    def convert_sync_batchnorm(cls, layer):
        """Replace every BatchNorm1D/2D/3D in `layer` (recursively) by a SyncBatchNorm sharing
        its parameters and statistics; returns the converted layer."""
        converted = layer
        if isinstance(layer, _BatchNormBase):
            for attr in (layer._weight_attr, layer._bias_attr):
                if isinstance(attr, ParamAttr) and attr.name is not None:
                    attr.name = attr.name + "_sync"
            converted = SyncBatchNorm(layer._num_features, layer._momentum, layer._epsilon,
                                      layer._weight_attr, layer._bias_attr, layer._data_format,
                                      layer._name)
            if layer._weight_attr is not False and layer._bias_attr is not False:
                converted.weight = layer.weight
                converted.bias = layer.bias
            converted._mean = layer._mean
            converted._variance = layer._variance
        for name, sublayer in list(layer.named_children()):
            converted.add_sublayer(name, cls.convert_sync_batchnorm(sublayer))
        return converted


class BatchNorm(Layer):
    """The legacy batch normalization layer (paddle.nn.BatchNorm): `is_test`, an optional
    activation `act` applied to the output, `data_layout`, and explicit names for the running
    statistics.

    Example:
        >>> import paddle
        >>> bn = paddle.nn.BatchNorm(3, act="relu")
        >>> bool((bn(paddle.randn([4, 3])) >= 0).all())
        True
    """

    def __init__(self, num_channels, act=None, is_test=False, momentum=0.9, epsilon=1e-05,
                 param_attr=None, bias_attr=None, dtype="float32", data_layout="NCHW",
                 in_place=False, moving_mean_name=None, moving_variance_name=None,
                 do_model_average_for_mean_and_var=True, use_global_stats=False,
                 trainable_statistics=False):
        super().__init__()
        self._param_attr, self._bias_attr, self._act = param_attr, bias_attr, act
        self._dtype = _param_dtype(dtype)
        shape = [num_channels]
        self.weight = None if param_attr is False else self.create_parameter(
            shape, attr=param_attr, dtype=self._dtype, default_initializer=Constant(1.0))
        self.bias = None if bias_attr is False else self.create_parameter(
            shape, attr=bias_attr, dtype=self._dtype, is_bias=True)
        _create_statistics(self, shape, self._dtype, moving_mean_name, moving_variance_name,
                           do_model_average_for_mean_and_var)
        self._in_place = in_place
        self._data_layout = data_layout
        self._momentum, self._epsilon, self._is_test = momentum, epsilon, is_test
        self._use_global_stats = use_global_stats
        self._trainable_statistics = trainable_statistics
        self.training = not is_test

    def forward(self, input):  # noqa: A002
        from ..._core.ops import nn_batch_norm as N
        x = _norm._tensor("BatchNorm", "input", input)
        check_channels("BatchNorm", x, self._mean.shape[0], self._data_layout, "num_channels")
        out, mean_out, var_out, _, _ = N.batch_norm(
            x, self._mean, self._variance, self.weight, self.bias, not self.training,
            float(self._momentum), float(self._epsilon), self._data_layout,
            bool(self._use_global_stats), bool(self._trainable_statistics))
        if N.uses_batch_stats(not self.training, self._use_global_stats,
                              self._trainable_statistics):
            _norm._write_running(self._mean, mean_out)
            _norm._write_running(self._variance, var_out)
        return out if self._act is None else _activation(self._act)(out)


def _activation(act: str):
    from ..._core.ops import REGISTRY
    fn = getattr(F, act, None) or REGISTRY.get(act)
    if not callable(fn):
        raise ValueError(f"(BatchNorm) act must name a function of paddle.nn.functional (such as "
                         f"'relu', 'sigmoid' or 'tanh'), but received {act!r}")
    return fn
