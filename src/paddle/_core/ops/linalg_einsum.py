"""Einstein summation. The public layer turns Paddle's equation syntax (spaces, ellipsis,
implicit output) into a canonical explicit equation over letters only, e.g. "ab,bc->ac"; the op
takes that canonical form. Its gradient for each operand is again an einsum, so it differentiates
any number of times."""
from __future__ import annotations

import functools
import string

import numpy as np

from .. import dtype as _dt
from ..meta import TensorMeta
from . import _kernel_utils as K
from .registry import OPAQUE, defop

LETTERS = string.ascii_letters
_PLAN_ABOVE = 4096  # elements of the largest operand


def _invalid(message: str) -> ValueError:
    return ValueError(f"(einsum) Invalid equation: {message}")


def _split(equation: str, count: int):
    eq = equation.replace(" ", "")
    if eq.count("->") > 1:
        raise _invalid("multiple `->` were found.")
    lhs, arrow, rhs = eq.partition("->")
    terms = lhs.split(",")
    if len(terms) != count:
        raise _invalid(f"the number of operands is {count}, but found {len(terms)} segments in "
                       f"the label equation '{equation}'.")
    for part in terms + [rhs]:
        if part.replace("...", "").count(".") or part.count("...") > 1:
            raise _invalid("`.` is found outside of an ellipsis.")
        for ch in part.replace("...", ""):
            if ch not in LETTERS:
                raise _invalid(f"{ch} is not a valid label, which should be letters.")
    return terms, (rhs if arrow else None)


@functools.lru_cache(maxsize=256)
def canonical_equation(equation: str, ndims: tuple) -> str:
    """Explicit equation with each ellipsis spelled out in unused letters (broadcast dims are
    right-aligned, as in NumPy) and the implicit output made explicit."""
    terms, rhs = _split(equation, len(ndims))
    used = set(equation)
    spare = [c for c in LETTERS if c not in used]
    extra = []
    for term, ndim in zip(terms, ndims):
        named = len(term.replace("...", ""))
        if ("..." in term and named > ndim) or ("..." not in term and named != ndim):
            raise _invalid(f"the label string '{term}' misses dimensions (the operand has "
                           f"{ndim}).")
        extra.append(ndim - named if "..." in term else 0)
    width = max(extra, default=0)
    ellipsis = "".join(spare[:width])
    expanded = [t.replace("...", ellipsis[width - e:]) for t, e in zip(terms, extra)]
    if rhs is None:
        once = [c for c in sorted(set("".join(terms))) if c != "." and
                "".join(terms).count(c) == 1]
        out = ellipsis + "".join(once)
    else:
        if width and "..." not in rhs and any("..." in t for t in terms):
            raise _invalid("missing ellipsis in output labels.")
        out = rhs.replace("...", ellipsis)
        for ch in out:
            if ch not in "".join(expanded):
                raise _invalid(f"output label '{ch}' must appear in the inputs.")
        if len(set(out)) != len(out):
            raise _invalid(f"output labels '{rhs}' repeat a label.")
    return ",".join(expanded) + "->" + out


def label_sizes(equation: str, shapes) -> dict:
    """Size of each label; size-1 dims broadcast against the others."""
    lhs = equation.split("->")[0].split(",")
    sizes = {}
    for term, shape in zip(lhs, shapes):
        for label, dim in zip(term, shape):
            known = sizes.get(label, 1)
            if dim != 1 and known != 1 and dim != known and -1 not in (dim, known):
                raise ValueError(f"(einsum) Same label have different shapes for label: "
                                 f"`{label}` ({known} vs {dim}); equation '{equation}'.")
            sizes[label] = dim if known == 1 else known
    return sizes


def _einsum_meta(operands, equation):
    dtypes = {o.dtype for o in operands}
    if len(dtypes) > 1:
        raise ValueError(f"(einsum) All operands must have the same dtype, but received "
                         f"{[o.dtype.name for o in operands]}.")
    sizes = label_sizes(equation, [o.shape for o in operands])
    out = equation.split("->")[1]
    return TensorMeta([sizes[c] for c in out], operands[0].dtype)


def _einsum_ref(operands, equation):
    return np.einsum(equation, *operands)


@defop("einsum", "operands", infer_meta=_einsum_meta, pattern=OPAQUE, ref=_einsum_ref,
       list_inputs=("operands",))
def einsum(xp, operands, equation):
    _einsum_meta([TensorMeta(o.shape, _dt.from_numpy_dtype(o.dtype)) for o in operands],
                 equation)
    # planning the contraction order (and routing through BLAS) only pays off for chains or
    # large operands; for small ones the planner costs more than it saves
    optimize = len(operands) > 2 or max(o.size for o in operands) > _PLAN_ABOVE
    if operands[0].dtype in K.LOW_PRECISION:
        wide = [o.astype(np.float32) for o in operands]
        return xp.asarray(xp.einsum(equation, *wide, optimize=optimize)).astype(operands[0].dtype)
    return xp.asarray(xp.einsum(equation, *operands, optimize=optimize))


@einsum.grad(save="operands")
def _(ctx, g):
    operands = ctx.operands
    lhs, out = ctx.equation.split("->")
    terms = lhs.split(",")
    sizes = label_sizes(ctx.equation, [o.shape for o in operands])
    grads = []
    for i, (term, need) in enumerate(zip(terms, ctx.needs_grad[0])):
        others = [(t, o) for j, (t, o) in enumerate(zip(terms, operands)) if j != i]
        grads.append(_operand_grad(g, out, others, term, operands[i].shape, sizes)
                     if need else None)
    return (grads,)


def _operand_grad(g, out, others, term, shape, sizes):
    """d<g, einsum(...)>/d operand: contract g with the other operands onto this operand's
    labels; labels summed only within this operand are broadcast back, repeated labels
    (diagonals) are re-embedded with identity matrices, broadcast dims are summed."""
    from ..tensor import wrap
    from ._grad_utils import sum_to_shape
    unique = "".join(dict.fromkeys(term))
    elsewhere = set(out).union(*[set(t) for t, _ in others])
    kept = "".join(c for c in unique if c in elsewhere)
    from .linalg_checks import conj
    grad = einsum([g] + [conj(o) for _, o in others],
                  f"{','.join([out] + [t for t, _ in others])}->{kept}")
    extra_terms, extra_ops = [], []
    lone = "".join(c for c in unique if c not in elsewhere)
    if lone:
        extra_terms.append(lone)
        extra_ops.append(wrap(np.ones([sizes[c] for c in lone], grad._data.dtype)))
    target, spare = [], iter(c for c in LETTERS if c not in term and c not in out
                             and all(c not in t for t, _ in others))
    for pos, c in enumerate(term):
        if c in term[:pos]:
            fresh = next(spare)
            extra_terms.append(c + fresh)
            extra_ops.append(wrap(np.eye(sizes[c], dtype=grad._data.dtype)))
            target.append(fresh)
        else:
            target.append(c)
    if extra_terms or kept != "".join(target):
        grad = einsum([grad] + extra_ops, ",".join([kept] + extra_terms) + "->" + "".join(target))
    return _match_shape(grad, tuple(shape), sum_to_shape)


def _match_shape(grad, shape, sum_to_shape):
    from .manipulation import expand
    if tuple(grad.shape) == shape:
        return grad
    squeezed = [1 if s == 1 else d for s, d in zip(shape, grad.shape)]
    grad = sum_to_shape(grad, squeezed)
    return grad if tuple(grad.shape) == shape else expand(grad, list(shape))
