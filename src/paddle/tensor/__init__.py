"""The tensor functions of the `paddle` namespace, grouped by family; also bound as Tensor
methods by `methods.install()`. As in Paddle, `paddle.tensor.<name>` reaches them too, and
`paddle` itself re-exports `__all__`."""
from . import attribute, creation, linalg, logic, manipulation, math, methods, random, reduction
from . import search, stat
from .attribute import *  # noqa: F401,F403
from .creation import *  # noqa: F401,F403
from .creation import fill_constant  # noqa: F401 - paddle.tensor only, as in Paddle
from .linalg import *  # noqa: F401,F403
from .logic import *  # noqa: F401,F403
from .manipulation import *  # noqa: F401,F403
from .math import *  # noqa: F401,F403
from .random import *  # noqa: F401,F403
from .reduction import *  # noqa: F401,F403
from .search import *  # noqa: F401,F403
from .stat import *  # noqa: F401,F403

__all__ = [name for family in (attribute, creation, linalg, logic, manipulation, math, random,
                               reduction, search, stat) for name in family.__all__]

methods.install()
