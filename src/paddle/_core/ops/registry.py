"""The op registry: every primitive op is declared exactly once, with everything about it.

    @defop("sigmoid", inputs="x", infer_meta=same_as("x"), pattern=ELEMENTWISE,
           ref=lambda x: 1 / (1 + np.exp(-x)))
    def sigmoid(xp, x):
        return xp.tanh(x * 0.5) * 0.5 + 0.5

    @sigmoid.grad(save="out")
    def _(ctx, gout):
        return gout * ctx.out * (1 - ctx.out)

The kernel's parameters after `xp` are the tensor inputs (named by `inputs`) followed by the
attributes, in call order. Calling the op (`sigmoid(x)`) goes through dispatch, which either runs
the kernel (eager) or records the op (tracing); `paddle._C_ops` lists the same objects.
"""
from __future__ import annotations

import inspect
from typing import Callable

from .. import dispatch

ELEMENTWISE = "elementwise"
BROADCAST = "broadcast"
INJECTIVE = "injective"
REDUCTION = "reduction"
OPAQUE = "opaque"

REGISTRY: dict[str, "OpDef"] = {}
_dispatch_call = dispatch.call


class OpDef:
    """One primitive op: signature, shape rule, kernel, gradient rule and test metadata."""

    __slots__ = ("name", "inputs", "attrs", "defaults", "outputs", "kernel", "infer_meta",
                 "grad_rule", "save_inputs", "save_outputs", "no_grad_reason", "pattern", "ref",
                 "samples", "list_inputs", "optional_inputs", "n_in", "n_args", "simple",
                 "grad_dtypes", "inplace_of", "tags", "list_output", "single_output")

    def __init__(self, name, kernel, inputs, outputs, infer_meta, pattern, ref, samples,
                 list_inputs, optional_inputs, grad_dtypes, tags, list_output):
        self.name = name
        self.kernel = kernel
        self.inputs = tuple(inputs)
        params = list(inspect.signature(kernel).parameters.values())[1:]
        names = [p.name for p in params]
        if names[: len(self.inputs)] != list(self.inputs):
            raise TypeError(f"op {name}: kernel parameters {names} must start with the inputs "
                            f"{list(self.inputs)}")
        attr_params = params[len(self.inputs):]
        self.attrs = tuple(p.name for p in attr_params)
        self.defaults = tuple(p.default for p in attr_params)
        self.outputs = tuple(outputs)
        self.infer_meta = infer_meta
        self.grad_rule = None
        self.save_inputs = ()
        self.save_outputs = ()
        self.no_grad_reason = None
        self.pattern = pattern
        self.ref = ref
        self.samples = samples
        self.list_inputs = frozenset(self.inputs.index(n) for n in list_inputs)
        self.optional_inputs = frozenset(self.inputs.index(n) for n in optional_inputs)
        self.n_in = len(self.inputs)
        self.n_args = self.n_in + len(self.attrs)
        # The fast dispatch path handles ops whose inputs are all plain Tensors.
        self.simple = not self.list_inputs and not self.optional_inputs
        self.grad_dtypes = grad_dtypes
        self.inplace_of = None
        self.tags = frozenset(tags)
        # list_output: the kernel returns a variable number of outputs (split, unbind, …)
        self.list_output = list_output
        self.single_output = len(self.outputs) == 1 and not list_output

    def __repr__(self) -> str:
        return f"<op {self.name}({', '.join(self.inputs + self.attrs)})>"

    def __call__(self, *args, **kwargs):
        if kwargs:
            args = self.bind(args, kwargs)
        elif len(args) != self.n_args:
            args = self.fill_defaults(args)
        n = self.n_in
        return _dispatch_call(self, args[:n], args[n:])

    def fill_defaults(self, args: tuple) -> tuple:
        missing = self.n_args - len(args)
        if missing < 0 or missing > len(self.defaults):
            raise TypeError(f"op {self.name} takes {self.n_in} inputs and attributes "
                            f"{list(self.attrs)}; got {len(args)} positional arguments")
        tail = self.defaults[len(self.defaults) - missing:]
        if any(v is inspect.Parameter.empty for v in tail):
            raise TypeError(f"op {self.name}: missing required attribute(s) "
                            f"{list(self.attrs[len(self.attrs) - missing:])}")
        return args + tail

    def bind(self, args: tuple, kwargs: dict) -> tuple:
        names = self.inputs + self.attrs
        values = list(args) + [inspect.Parameter.empty] * (self.n_args - len(args))
        defaults = (inspect.Parameter.empty,) * self.n_in + self.defaults
        for key, value in kwargs.items():
            if key not in names:
                raise TypeError(f"op {self.name} got an unexpected argument '{key}'")
            values[names.index(key)] = value
        for i, value in enumerate(values):
            if value is inspect.Parameter.empty:
                if defaults[i] is inspect.Parameter.empty:
                    raise TypeError(f"op {self.name}: missing argument '{names[i]}'")
                values[i] = defaults[i]
        return tuple(values)

    def grad(self, save: str | tuple = ()) -> Callable:
        """Decorator declaring the vector-Jacobian product, written with paddle ops.

        `save` names the inputs/outputs the rule reads by value; everything else is available to
        the rule only through its shape and dtype (`ctx.x.shape`), so it is not kept alive."""
        names = tuple(save.split()) if isinstance(save, str) else tuple(save)

        def register(rule):
            for n in names:
                if n not in self.inputs and n not in self.outputs:
                    raise TypeError(f"op {self.name}: cannot save unknown value '{n}'")
            self.save_inputs = tuple(i for i, n in enumerate(self.inputs) if n in names)
            self.save_outputs = tuple(i for i, n in enumerate(self.outputs) if n in names)
            self.grad_rule = rule
            return rule

        return register

    def no_grad(self, reason: str) -> "OpDef":
        """Mark the op as having no gradient (comparisons, integer results, random sampling)."""
        self.no_grad_reason = reason
        return self


def defop(name: str, inputs: str | tuple = "x", outputs: str | tuple = "out", *,
          infer_meta: Callable, pattern: str = OPAQUE, ref: Callable | None = None,
          samples: Callable | None = None, list_inputs: tuple = (), optional_inputs: tuple = (),
          grad_dtypes: str = "float", tags: tuple = (), list_output: bool = False):
    """Declare a primitive op around its default kernel; returns the callable OpDef."""
    ins = tuple(inputs.split()) if isinstance(inputs, str) else tuple(inputs)
    outs = tuple(outputs.split()) if isinstance(outputs, str) else tuple(outputs)

    def register(kernel) -> OpDef:
        if name in REGISTRY:
            raise ValueError(f"op {name} is declared twice")
        op = OpDef(name, kernel, ins, outs, infer_meta, pattern, ref, samples, list_inputs,
                   optional_inputs, grad_dtypes, tags, list_output)
        REGISTRY[name] = op
        return op

    return register
