"""Elementwise math of the `paddle` namespace, gathered from its modules: arithmetic with each
op's promotion policy (math_arith), unary functions (math_unary), special functions
(math_special), complex numbers (math_complex), other one- and two-operand functions
(math_elementwise, math_pairwise) and in-place forms (math_inplace).

Everything in `__all__` becomes `paddle.<name>` and a Tensor method; METHOD_ONLY names exist
only as Tensor methods and NOT_METHODS only as functions, as in Paddle 3.3."""
from __future__ import annotations

from .._core.ops import binary as B  # noqa: F401 - methods.py builds the operators from it
from . import (math_arith, math_combinatorics, math_complex, math_elementwise, math_inplace,
               math_pairwise, math_series, math_special, math_unary)
from .math_arith import *  # noqa: F401,F403
from .math_arith import _binary, _true_divide  # noqa: F401 - the operator paths
from .math_common import write_out as _write_out  # noqa: F401 - used by other families
from .math_combinatorics import *  # noqa: F401,F403
from .math_complex import *  # noqa: F401,F403
from .math_elementwise import *  # noqa: F401,F403
from .math_inplace import *  # noqa: F401,F403
from .math_pairwise import *  # noqa: F401,F403
from .math_series import *  # noqa: F401,F403
from .math_special import *  # noqa: F401,F403
from .math_unary import *  # noqa: F401,F403

_MODULES = (math_arith, math_unary, math_special, math_complex, math_elementwise,
            math_pairwise, math_series, math_inplace, math_combinatorics)

sub = math_arith.subtract
mul = math_arith.multiply
div = math_arith.divide

# Paddle's numeric constants (paddle.pi, …) and paddle.newaxis, an alias of None for indexing.
pi = 3.141592653589793
e = 2.718281828459045
inf = float("inf")
nan = float("nan")
newaxis = None
_CONSTANTS = ["pi", "e", "inf", "nan", "newaxis"]

__all__ = [name for module in _MODULES for name in module.__all__] + ["sub", "mul", "div",
                                                                      *_CONSTANTS]

NOT_METHODS = set(_CONSTANTS).union(*(getattr(module, "NOT_METHODS", ()) for module in _MODULES))

EXTRA_METHODS = {name: getattr(module, name) for module in _MODULES
                 for name in getattr(module, "METHOD_ONLY", ())}
