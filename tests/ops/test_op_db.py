"""Generic checks run for every registered op from the op database (tests/op_db):
kernel vs NumPy reference, infer_meta vs actual output, float64 numeric gradient and double
gradient, and that each op declares everything the registry requires."""
from __future__ import annotations

import numpy as np
import pytest

import paddle
from paddle._core.meta import meta_of
from paddle._core.ops import REGISTRY
from paddle._core.tensor import Tensor
from paddle._core.tracing import Tracer

from gradcheck import check_double_vjp, check_vjp
from op_db import ENTRIES

OPS = sorted(REGISTRY)
DB = sorted(ENTRIES)


def _tensorize(value):
    if isinstance(value, (np.ndarray, np.generic)):
        return paddle.to_tensor(value)
    if isinstance(value, list):
        return [_tensorize(v) for v in value]
    return value


def _outputs(result):
    return list(result) if isinstance(result, (list, tuple)) else [result]


def _samples(entry, dtype):
    return entry.samples(np.random.default_rng(0), np.dtype(dtype))


@pytest.mark.parametrize("name", OPS)
def test_registry_fields(name):
    op = REGISTRY[name]
    assert op.infer_meta is not None, f"{name} lacks infer_meta"
    assert op.kernel is not None, f"{name} lacks a kernel"
    assert op.grad_rule is not None or op.no_grad_reason, \
        f"{name} has neither a grad rule nor an explicit no_grad mark"
    assert name in ENTRIES, f"{name} has no op_db entry (tests/op_db)"
    entry = ENTRIES[name]
    assert entry.ref is not None or op.ref is not None or entry.skip_ref, \
        f"{name} has no NumPy reference"
    assert _samples(entry, entry.dtypes[0]), f"{name} has no samples"


@pytest.mark.parametrize("name", DB)
def test_forward_matches_reference(name):
    entry = ENTRIES[name]
    op = REGISTRY[name]
    if entry.skip_ref:
        pytest.skip(entry.skip_ref)
    ref = entry.ref or op.ref
    for dtype in entry.dtypes:
        for sample in _samples(entry, dtype):
            got = _outputs(op(*[_tensorize(v) for v in sample.inputs], *sample.attrs))
            expected = ref(*sample.inputs, *sample.attrs)
            expected = list(expected) if isinstance(expected, (list, tuple)) else [expected]
            assert len(got) == len(expected), f"{name}: output count"
            for g, e in zip(got, expected):
                e = np.asarray(e)
                assert list(g.shape) == list(e.shape), f"{name}[{sample.name}] shape"
                np.testing.assert_allclose(g.numpy().astype(np.float64) if g.numpy().dtype.kind
                                           not in "bc" else g.numpy(),
                                           e.astype(np.float64) if e.dtype.kind not in "bc"
                                           else e, rtol=entry.rtol, atol=entry.atol,
                                           err_msg=f"{name}[{sample.name}] dtype={dtype}")


@pytest.mark.parametrize("name", DB)
def test_infer_meta_matches_kernel(name):
    entry = ENTRIES[name]
    op = REGISTRY[name]
    for dtype in entry.dtypes:
        for sample in _samples(entry, dtype):
            inputs = [_tensorize(v) for v in sample.inputs]
            eager = _outputs(op(*inputs, *sample.attrs))
            with Tracer() as tracer:
                traced = _outputs(op(*inputs, *sample.attrs))
            recorded = [op for op in tracer.ops if op.opdef is not None]
            assert len(recorded) == 1, f"{name}: tracing must record exactly one op"
            for e, t in zip(eager, traced):
                actual, inferred = meta_of(e._data), t._data.value.meta
                dims_match = len(actual.shape) == len(inferred.shape) and all(
                    i in (a, -1) for a, i in zip(actual.shape, inferred.shape))
                assert dims_match and actual.dtype is inferred.dtype, \
                    f"{name}[{sample.name}]: infer_meta {inferred} but kernel gave {actual}"


def _grad_cases(entry):
    for sample in _samples(entry, "float64"):
        arrays = list(sample.inputs)
        if any(isinstance(a, list) for a in arrays):
            yield sample, _list_fn(entry.op, arrays, sample.attrs)
        else:
            op = REGISTRY[entry.op]
            yield sample, (arrays, lambda *ts, op=op, s=sample: op(*ts, *s.attrs))


def _list_fn(name, arrays, attrs):
    """Flatten list inputs so the checker sees plain arrays, then rebuild them for the op."""
    op = REGISTRY[name]
    layout, flat = [], []
    for a in arrays:
        if isinstance(a, list):
            layout.append(len(a))
            flat.extend(a)
        else:
            layout.append(-1)
            flat.append(a)

    def fn(*ts):
        it = iter(ts)
        rebuilt = [[next(it) for _ in range(n)] if n >= 0 else next(it) for n in layout]
        return op(*rebuilt, *attrs)
    return flat, fn


def _differentiable(name):
    return REGISTRY[name].grad_rule is not None and ENTRIES[name].grad


@pytest.mark.parametrize("name", [n for n in DB if _differentiable(n)])
def test_numeric_gradient(name):
    entry = ENTRIES[name]
    for sample, (arrays, fn) in _grad_cases(entry):
        try:
            check_vjp(fn, arrays, list(sample.grad_inputs) if sample.grad_inputs else None,
                      rtol=entry.grad_rtol, atol=entry.grad_atol)
        except AssertionError as exc:
            raise AssertionError(f"{name}[{sample.name}]: {exc}") from None


@pytest.mark.parametrize("name", [n for n in DB if _differentiable(n)
                                  and ENTRIES[n].double_grad])
def test_numeric_double_gradient(name):
    entry = ENTRIES[name]
    for sample, (arrays, fn) in _grad_cases(entry):
        try:
            check_double_vjp(fn, arrays,
                             list(sample.grad_inputs) if sample.grad_inputs else None)
        except AssertionError as exc:
            raise AssertionError(f"{name}[{sample.name}]: {exc}") from None


def test_every_entry_names_a_registered_op():
    assert not set(ENTRIES) - set(REGISTRY), sorted(set(ENTRIES) - set(REGISTRY))


def test_tensor_class_is_used():
    assert issubclass(type(paddle.ones([1])), Tensor)
