"""`paddle.nn`: layers, containers, initializers and functional ops for building models."""
from ..framework.param_attr import ParamAttr  # noqa: F401
from ..framework.parameter import EagerParamBase as Parameter  # noqa: F401
from . import functional, initializer  # noqa: F401
from .layer.common import Flatten, Identity, Linear  # noqa: F401
from .layer.container import (LayerDict, LayerList, ParameterDict, ParameterList,  # noqa: F401
                              Sequential)
from .layer.layers import Layer  # noqa: F401

Module = Layer
ModuleList = LayerList
ModuleDict = LayerDict
from .layer.conv import *  # noqa: F401,F403
from .layer.norm import *  # noqa: F401,F403
from .layer.norm_extra import *  # noqa: F401,F403
from .layer.loss import *  # noqa: F401,F403
from .layer.loss_extra import *  # noqa: F401,F403
from .clip import ClipGradByGlobalNorm, ClipGradByNorm, ClipGradByValue  # noqa: F401
from . import utils  # noqa: F401
from .layer.activation import *  # noqa: F401,F403
from .layer.activation_axis import *  # noqa: F401,F403
from .layer.dropout import *  # noqa: F401,F403
from .layer.common_extra import *  # noqa: F401,F403
from .layer.shuffle import *  # noqa: F401,F403
from .layer.common import Unflatten  # noqa: F401
from .layer.pooling import *  # noqa: F401,F403
from .layer.padding import *  # noqa: F401,F403
from .layer import loss  # noqa: F401
from .layer.vision import *  # noqa: F401,F403
from .layer.rnn_cells import *  # noqa: F401,F403
from .layer.rnn import *  # noqa: F401,F403
from .layer.rnn_base import *  # noqa: F401,F403
from .layer.attention import *  # noqa: F401,F403
from .layer.transformer import *  # noqa: F401,F403
from .layer.pooling_extra import *  # noqa: F401,F403
from .decode import *  # noqa: F401,F403

# As in Paddle, paddle.nn.layer also holds every layer class, under its Paddle name (the
# torch-style aliases such as AdaptiveAvgPool1d stay in paddle.nn only).
from . import layer as _layer_package  # noqa: E402

for _name, _value in list(globals().items()):
    if isinstance(_value, type) and issubclass(_value, Layer) and _value.__name__ == _name:
        setattr(_layer_package, _name, _value)
del _name, _value
