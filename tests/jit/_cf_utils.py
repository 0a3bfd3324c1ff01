"""Shared by the control-flow tests: run a function eagerly and converted, compare."""
import warnings

import numpy as np

import paddle
from paddle._core.ir.verifier import verify


def branchy(x):
    """if / elif / else on tensor values (converted to nested cond ops)."""
    if x.sum() > 2:
        y = x * 2
    elif x.sum() > 0:
        y = paddle.exp(x)
    else:
        y = x - 1
    return y


def t(values, dtype="float32", grad=False):
    return paddle.to_tensor(np.asarray(values, dtype), stop_gradient=not grad)


def program(static):
    """The verified program of a converted function or layer."""
    main = static.concrete_program.main_program if hasattr(static, "concrete_program") \
        else static.forward.concrete_program.main_program
    verify(main)
    return main


def op_names(program):
    return [op.name for op in program.all_ops()]


def assert_same(fn, *args, **kwargs):
    """Run fn eagerly and converted (full_graph, so no fallback is possible); compare outputs
    and, for float inputs that need grad, the gradients of the outputs' sum."""
    def prepare():
        return [t(a.numpy(), a.dtype.name, grad=a.dtype.name.startswith("float"))
                if isinstance(a, paddle.Tensor) else a for a in args]

    eager_args, static_args = prepare(), prepare()
    expected = fn(*eager_args, **kwargs)
    static = paddle.jit.to_static(fn, full_graph=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = static(*static_args, **kwargs)
    flat_e = expected if isinstance(expected, (tuple, list)) else [expected]
    flat_g = got if isinstance(got, (tuple, list)) else [got]
    assert len(flat_e) == len(flat_g)
    for e, g in zip(flat_e, flat_g):
        if isinstance(e, str):
            assert g == e
            continue
        np.testing.assert_allclose(np.asarray(g.numpy() if hasattr(g, "numpy") else g),
                                   np.asarray(e.numpy() if hasattr(e, "numpy") else e),
                                   rtol=1e-6)
    floats_e = [e for e in flat_e if isinstance(e, paddle.Tensor) and not e.stop_gradient]
    floats_g = [g for g in flat_g if isinstance(g, paddle.Tensor) and not g.stop_gradient]
    if floats_e:
        paddle.add_n([e.sum() for e in floats_e]).backward()
        paddle.add_n([g.sum() for g in floats_g]).backward()
        for a, b in zip(eager_args, static_args):
            if isinstance(a, paddle.Tensor) and a.grad is not None:
                np.testing.assert_allclose(b.grad.numpy(), a.grad.numpy(), rtol=1e-6)
    return static


POS, NEG = [1.0, 2.0], [-1.0, -2.0]
