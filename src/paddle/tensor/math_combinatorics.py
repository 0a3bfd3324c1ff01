"""Products and combinations of a tensor's elements: cartesian_prod, combinations and vander
(the Vandermonde matrix). All compose differentiable ops (gathers, cumprod), so gradients
flow to the elements."""
from __future__ import annotations

import itertools

import numpy as np

from .._core.ops.creation import full
from .._core.tensor import Tensor
from ._convert import ensure_tensor
from .manip_gather import index_select
from .manip_join import meshgrid
from .manip_slice import flip, tile
from .manipulation import concat, reshape, stack, unsqueeze
from .scan import cumprod


def _vector(api, x, error=ValueError):
    if not isinstance(x, Tensor):
        raise TypeError(f"({api}) expects Tensors, but received {type(x).__name__}")
    if x.ndim != 1:
        raise error(f"({api}) Expect a 1D vector, but got shape {x.shape}")
    return x


def cartesian_prod(x, name=None):
    """All tuples taking one element from each 1-D tensor in x, as rows of a
    [prod(lengths), len(x)] tensor (a single tensor is returned as it is).

    Example:
        >>> import paddle
        >>> paddle.cartesian_prod([paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4])]).numpy()
        array([[1, 3],
               [1, 4],
               [2, 3],
               [2, 4]])
    """
    vectors = [_vector("cartesian_prod", t) for t in x]
    dtypes = {t.dtype for t in vectors}
    if len(dtypes) > 1:
        raise ValueError(f"(cartesian_prod) The data_type of input tensors must be the same, "
                         f"but received {sorted(d.name for d in dtypes)}")
    if len(vectors) == 1:
        return vectors[0]
    grids = meshgrid(*vectors)
    return stack([reshape(g, [-1]) for g in grids], axis=1)


def combinations(x, r=2, with_replacement=False, name=None):
    """The r-length combinations of x's elements (1-D), in lexicographic order of position,
    as rows of a [count, r] tensor.

    Example:
        >>> import paddle
        >>> paddle.combinations(paddle.to_tensor([1, 2, 3])).numpy()
        array([[1, 2],
               [1, 3],
               [2, 3]])
    """
    _vector("combinations", x, TypeError)
    if isinstance(r, bool) or not isinstance(r, int) or r < 0:
        raise ValueError(f"(combinations) Expect a non-negative int, but got r={r}")
    if r == 0:
        return reshape(index_select(x, Tensor(np.zeros(0, np.int64))), [0])
    pick = itertools.combinations_with_replacement if with_replacement else \
        itertools.combinations
    rows = np.array(list(pick(range(x.shape[0]), r)), np.int64).reshape(-1, r)
    return reshape(index_select(x, Tensor(rows.reshape(-1))), [rows.shape[0], r])


def vander(x, n=None, increasing=False, name=None):
    """The Vandermonde matrix of a 1-D x: columns x^(n-1), ..., x^1, x^0 (reversed when
    `increasing`); n defaults to len(x). Keeps x's dtype.

    Example:
        >>> import paddle
        >>> paddle.vander(paddle.to_tensor([1, 2, 3]), 3).numpy()
        array([[1, 1, 1],
               [4, 2, 1],
               [9, 3, 1]])
    """
    x = ensure_tensor(x)
    if x.ndim != 1:
        raise ValueError(f"(vander) The input of x is expected to be a 1-D Tensor.But now the "
                         f"dims of Input(X) is {x.ndim}.")
    n = x.shape[0] if n is None else n
    if n < 0:
        raise ValueError("(vander) N must be non-negative.")
    columns = [full([x.shape[0], min(n, 1)], 1, x.dtype)]
    if n > 1:
        columns.append(cumprod(tile(unsqueeze(x, 1), [1, n - 1]), dim=1))
    out = concat(columns, axis=1)
    return out if increasing else flip(out, [1])


__all__ = ["cartesian_prod", "combinations", "vander"]
NOT_METHODS = {"cartesian_prod"}
