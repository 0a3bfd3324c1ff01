"""Recomputation (activation checkpointing): run a block without keeping its activations and
run it again in backward to get them.

`recompute(function, *args)` runs `function` under no_grad and keeps only its inputs. When the
backward reaches its outputs, the block runs again — with the random state (so dropout draws
the same mask), the auto_cast policy and grad mode of the first run — and the backward goes
through that second run into the inputs and the parameters. Gradients are those of the
plain run; memory drops to the block's inputs and outputs; the cost is one more forward.

use_reentrant=True (Paddle's default) is a PyLayer around the block (the block's inputs are
passed positionally); use_reentrant=False leaves the block in the graph but keeps its saved
tensors as placeholders (saved_tensors_hooks) that the first one unpacked fills by re-running
the block. Inside a traced program (to_static, paddle.static) the block is recorded as it is.
"""
from __future__ import annotations

import contextlib
import inspect
import logging
import random
import weakref

import numpy as np

from .... import _static_mode
from ...._core import state
from ...._core.tensor import Tensor
from ....autograd import PyLayer, saved_tensors_hooks
from ....framework.random import get_rng_state, set_rng_state

logger = logging.getLogger("paddle.distributed.fleet.recompute")


def detach_variable(inputs) -> tuple:
    """Each tensor (and each tensor of a tuple) detached, keeping its stop_gradient."""
    out = []
    for value in inputs:
        if isinstance(value, Tensor):
            out.append(_detached(value))
        elif type(value) is tuple and value and all(isinstance(v, Tensor) for v in value):
            out.append(tuple(_detached(v) for v in value))
        else:
            out.append(value)
    return tuple(out)


def _detached(t: Tensor) -> Tensor:
    copy = t.detach()
    copy.stop_gradient = t.stop_gradient
    return copy


def check_recompute_necessary(inputs) -> None:
    """Warn when no tensor input needs a gradient: recomputing such a block is pointless."""
    flags = []
    for value in inputs:
        if isinstance(value, Tensor):
            flags.append(value.stop_gradient)
        elif type(value) is tuple:
            flags.extend(v.stop_gradient for v in value if isinstance(v, Tensor))
    if all(flags):
        logger.warning("[Recompute]: None of the inputs to current recompute block need grad, "
                       "therefore there is NO need to recompute this block in backward !")


class CustomStatesManager:
    """A user state (beside paddle's, NumPy's and Python's random states) that recompute
    saves in forward and restores while recomputing: set its getter and setter once."""

    def __init__(self):
        self.custom_get_state_func = None
        self.custom_set_state_func = None

    def set_custom_get_state_func(self, custom_get_state_func) -> None:
        assert self.custom_get_state_func is None, \
            "The custom_state_manager does not support duplicate settings."
        self.custom_get_state_func = custom_get_state_func

    def set_custom_set_state_func(self, custom_set_state_func) -> None:
        assert self.custom_set_state_func is None, \
            "The custom_state_manager does not support duplicate settings."
        self.custom_set_state_func = custom_set_state_func


custom_state_manager = CustomStatesManager()


class _ForwardState:
    """What the first run ran under: random states, auto_cast policy."""

    def __init__(self, preserve_rng_state: bool):
        self.preserve = preserve_rng_state
        self.amp = state.amp
        if preserve_rng_state:
            self.rng = (get_rng_state(), np.random.get_state(), random.getstate())
            getter = custom_state_manager.custom_get_state_func
            self.custom = getter() if getter is not None else None

    @contextlib.contextmanager
    def restored(self):
        """Run again as the first run did: its random states and auto_cast, with grad on."""
        saved_amp, saved_grad = state.amp, state.grad_enabled
        state.amp, state.grad_enabled = self.amp, True
        try:
            if self.preserve:
                with switch_rng_state_tracker(*self.rng, self.custom,
                                              custom_state_manager.custom_get_state_func,
                                              custom_state_manager.custom_set_state_func):
                    yield
            else:
                yield
        finally:
            state.amp, state.grad_enabled = saved_amp, saved_grad


@contextlib.contextmanager
def switch_rng_state_tracker(rng_state, numpy_state, random_state, custom_state=None,
                             custom_get_state_func=None, custom_set_state_func=None):
    """Run with the given paddle/NumPy/Python random states (and custom state), then restore
    the current ones."""
    originals = (get_rng_state(), np.random.get_state(), random.getstate())
    set_rng_state(rng_state)
    np.random.set_state(numpy_state)
    random.setstate(random_state)
    if custom_state is not None:
        original_custom = custom_get_state_func()
        custom_set_state_func(custom_state)
    try:
        yield
    finally:
        set_rng_state(originals[0])
        np.random.set_state(originals[1])
        random.setstate(originals[2])
        if custom_state is not None:
            custom_set_state_func(original_custom)


class RecomputeFunction(PyLayer):
    """The reentrant recompute: forward without a graph, backward by running again. The
    block's arguments come flat (a tuple of tensors spread out, `layout` giving each
    argument's tuple length or -1), so every tensor is an input of the PyLayer."""

    @staticmethod
    def forward(ctx, run_function, preserve_rng_state, layout, *flat):
        ctx.run_function = run_function
        ctx.layout = layout
        ctx.forward_state = _ForwardState(preserve_rng_state)
        outputs = run_function(*_unflatten(layout, flat))
        ctx.values = [None if isinstance(v, Tensor) else v for v in flat]
        ctx.save_for_backward(*[v for v in flat if isinstance(v, Tensor)])
        return outputs

    @staticmethod
    def backward(ctx, *grads):
        from ....autograd import backward
        saved = iter(ctx.saved_tensor())
        flat = [next(saved) if v is None else v for v in ctx.values]
        with ctx.forward_state.restored():
            detached = detach_variable(tuple(flat))
            outputs = ctx.run_function(*_unflatten(ctx.layout, detached))
        outputs = (outputs,) if isinstance(outputs, Tensor) else tuple(outputs)
        pairs = [(o, g) for o, g in zip(outputs, grads)
                 if isinstance(o, Tensor) and not o.stop_gradient]
        if not pairs:
            raise RuntimeError("none of output has requires_grad=True, this recompute() is not "
                               "necessary")
        backward([o for o, _ in pairs], [g for _, g in pairs])
        return tuple(v.grad for v in detached if isinstance(v, Tensor))


def _flatten(args) -> tuple[tuple, list]:
    """(layout, flat values): tuples of tensors spread into their elements."""
    layout, flat = [], []
    for value in args:
        if type(value) is tuple and value and all(isinstance(v, Tensor) for v in value):
            if len({v.stop_gradient for v in value}) > 1:
                raise ValueError("Recompute receive a tuple containing tensor holds different "
                                 "stop gradient.")
            layout.append(len(value))
            flat.extend(value)
        elif type(value) is tuple and any(isinstance(v, Tensor) for v in value):
            raise ValueError("Recompute receive a tuple containing tensor and non-tensor at "
                             "same time.")
        else:
            layout.append(-1)
            flat.append(value)
    return tuple(layout), flat


def _unflatten(layout, flat) -> list:
    args, position = [], 0
    for length in layout:
        if length < 0:
            args.append(flat[position])
            position += 1
        else:
            args.append(tuple(flat[position:position + length]))
            position += length
    return args


class _Placeholder:
    """Stands for a tensor the block saved for backward, until the block runs again."""


def _recompute_without_reentrant(function, preserve_rng_state, *args, **kwargs):
    forward_state = _ForwardState(preserve_rng_state)
    placeholders: list = []
    recomputed = weakref.WeakKeyDictionary()

    def pack(_tensor):
        holder = _Placeholder()
        placeholders.append(weakref.ref(holder))
        return holder

    def unpack(holder):
        if not recomputed:
            _run_again(function, args, kwargs, forward_state, placeholders, recomputed)
        if holder not in recomputed:
            raise RuntimeError("Not supported to retrieve a tensor saved by autograd multiple "
                               "times that is no need to recompute.")
        return recomputed.pop(holder)

    with saved_tensors_hooks(pack, unpack):
        return function(*args, **kwargs)


def _run_again(function, args, kwargs, forward_state, placeholders, recomputed) -> None:
    """Run the block again; the n-th tensor it saves fills the n-th placeholder."""
    count = 0

    def keep(tensor):
        nonlocal count
        holder = placeholders[count]()
        count += 1
        if holder is not None:
            recomputed[holder] = tensor

    def refuse(_):
        raise RuntimeError("An unexpected backward called on a tensor!")

    with forward_state.restored(), saved_tensors_hooks(keep, refuse):
        function(*args, **kwargs)


def recompute(function, *args, **kwargs):
    """Run `function(*args, **kwargs)` without keeping its activations; they are recomputed
    in backward. Keyword arguments `preserve_rng_state` (default True: the recomputation draws
    the same random numbers) and `use_reentrant` (default True) configure it; the rest go to
    `function`.

    Example:
        >>> import paddle
        >>> from paddle.distributed.fleet.utils import recompute
        >>> block = paddle.nn.Sequential(paddle.nn.Linear(4, 4), paddle.nn.Dropout(0.5))
        >>> x = paddle.rand([2, 4])
        >>> x.stop_gradient = False
        >>> y = recompute(block, x)
        >>> y.sum().backward()
        >>> x.grad.shape
        paddle.Size([2, 4])
    """
    preserve = kwargs.pop("preserve_rng_state", True)
    use_reentrant = kwargs.pop("use_reentrant", True)
    if state.tracer is not None or _static_mode.enabled:
        return function(*args, **kwargs)  # a traced program records the block as it is
    if state.grad_enabled:
        check_recompute_necessary(list(args) + list(kwargs.values()))
    if not use_reentrant:
        return _recompute_without_reentrant(function, preserve, *args, **kwargs)
    kwargs.pop("offload_indices", None)
    layout, flat = _flatten(_positional(function, args, kwargs))
    return RecomputeFunction.apply(function, preserve, layout, *flat)


def _positional(function, args, kwargs) -> list:
    """The block's arguments as positional ones (PyLayer passes positional inputs)."""
    from ....nn import Layer
    signature = inspect.signature(function.forward if isinstance(function, Layer) else function)
    bound = signature.bind(*args, **kwargs)
    bound.apply_defaults()
    values = []
    for value, param in zip(bound.arguments.values(), signature.parameters.values()):
        if param.kind == param.VAR_POSITIONAL:
            values.extend(value)
        elif param.kind == param.VAR_KEYWORD:
            values.extend(value.values())
        elif param.kind == param.KEYWORD_ONLY:
            raise ValueError("Currently, keyword-only arguments are not supported when you want "
                             "to send kwargs(dict parameter) to function with use_reentrant=True.")
        else:
            values.append(value)
    return values


def recompute_sequential(ctx, functions, *args, **kwargs):
    """Recompute a Sequential (or list of callables) in ctx['segments'] chunks (default 1),
    the last chunk run normally; ctx['preserve_rng_state'] defaults to True.

    Example:
        >>> import paddle
        >>> from paddle.distributed.fleet.recompute import recompute_sequential
        >>> model = paddle.nn.Sequential(*[paddle.nn.Linear(4, 4) for _ in range(4)])
        >>> x = paddle.rand([2, 4])
        >>> x.stop_gradient = False
        >>> recompute_sequential({"segments": 2}, model, x).shape
        paddle.Size([2, 4])
    """
    from ....nn import Sequential
    segments = ctx.get("segments", 1)
    preserve = ctx.get("preserve_rng_state", True)

    def chunk(begin, end, funcs):
        def run(value):
            for i in range(begin, end + 1):
                value = funcs[i](value)
            return value
        return run

    if isinstance(functions, Sequential):
        functions = list(functions.children())
    size = len(functions) // segments
    end = -1
    for begin in range(0, size * (segments - 1), size):
        end = begin + size - 1
        args = (recompute(chunk(begin, end, functions), *args, preserve_rng_state=preserve,
                          **kwargs),)
    return chunk(end + 1, len(functions) - 1, functions)(*args)
