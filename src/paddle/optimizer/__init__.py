"""`paddle.optimizer`: the optimizers (SGD, Momentum, the Adam family, …) and, in
`paddle.optimizer.lr`, the learning-rate schedulers."""
from . import lr  # noqa: F401 - paddle.optimizer.lr
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

__all__ = ["ASGD", "LBFGS", "SGD", "Adadelta", "Adagrad", "Adam", "AdamW", "Adamax", "Lamb",
           "Momentum", "NAdam", "Optimizer", "RAdam", "RMSProp", "Rprop"]
