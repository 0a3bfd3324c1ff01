"""`paddle.optimizer`: the optimizers (SGD, Momentum, the Adam family, …) and, in
`paddle.optimizer.lr`, the learning-rate schedulers."""
from . import lr
from .adadelta import Adadelta
from .adagrad import Adagrad
from .adam import Adam
from .adamax import Adamax
from .adamw import AdamW
from .asgd import ASGD
from .lamb import Lamb
from .lbfgs import LBFGS
from .momentum import Momentum
from .nadam import NAdam
from .optimizer import Optimizer
from .radam import RAdam
from .rmsprop import RMSProp
from .rprop import Rprop
from .sgd import SGD

__all__ = ["Optimizer", "Adagrad", "Adam", "AdamW", "Adamax", "ASGD", "RAdam", "RMSProp",
           "Adadelta", "SGD", "Rprop", "Momentum", "NAdam", "Lamb", "LBFGS"]
