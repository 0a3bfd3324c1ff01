"""Autograd graph nodes and the context a gradient rule sees.

A Node is created by dispatch for each differentiable op call whose inputs need gradients. It keeps
only what the op's rule declared it reads (`save=`), plus each input's shape and dtype. Saved
outputs are kept as arrays and re-wrapped at backward time, so a forward pass builds no reference
cycles between tensors and their nodes.
"""
from __future__ import annotations

from .. import dtype as _dt
from ..tensor import Tensor, wrap


class Node:
    """One recorded op application in the backward graph."""

    __slots__ = ("op", "attrs", "edges", "in_info", "layout", "saved_in", "saved_versions",
                 "saved_out", "out_info", "hooks", "released", "__weakref__")
    # edges: per flat input, (target, output index) where target is the producing Node or the
    #   leaf Tensor that accumulates the gradient; None where no gradient is needed.
    # layout: None when every input is a single tensor, else per declared input the length of
    #   its tensor list (-1 for a single tensor); flat inputs follow this layout.

    def __repr__(self) -> str:
        return f"<{self.op.name} backward node>"

    def name(self) -> str:
        return f"{self.op.name}_grad"

    def register_output_hook(self, index: int, hook) -> "HookHandle":
        if self.hooks is None:
            self.hooks = {}
        hooks = self.hooks.setdefault(index, [])
        hooks.append(hook)
        return HookHandle(hooks, hook)


class Packed:
    """A saved tensor passed through saved_tensors_hooks' pack hook; unpacked at backward."""

    __slots__ = ("value", "unpack")

    def __init__(self, value, unpack):
        self.value = value
        self.unpack = unpack

    def restore(self):
        return self.unpack(self.value)


def pack_saved(saved, hooks):
    pack, unpack = hooks
    if isinstance(saved, (list, tuple)):
        return [Packed(pack(t), unpack) for t in saved]
    return None if saved is None else Packed(pack(saved), unpack)


def _restore(saved):
    if type(saved) is Packed:
        return saved.restore()
    if isinstance(saved, list) and saved and type(saved[0]) is Packed:
        return [p.restore() for p in saved]
    return saved


class HookHandle:
    """Returned by `Tensor.register_hook`; `remove()` unregisters the hook."""

    __slots__ = ("_hooks", "_hook")

    def __init__(self, hooks: list, hook):
        self._hooks = hooks
        self._hook = hook

    def remove(self) -> bool:
        try:
            self._hooks.remove(self._hook)
            return True
        except ValueError:
            return False


class InputInfo:
    """Shape and dtype of an input the rule did not save by value (shape is a tuple)."""

    __slots__ = ("shape", "_np_dtype")

    def __init__(self, shape, np_dtype):
        self.shape = shape
        self._np_dtype = np_dtype

    @property
    def dtype(self):
        return _dt.from_numpy_dtype(self._np_dtype)

    @property
    def ndim(self) -> int:
        return len(self.shape)

    def __repr__(self) -> str:
        return f"InputInfo(shape={list(self.shape)}, dtype={self.dtype.name})"


class GradContext:
    """What a gradient rule reads: `ctx.<input>` / `ctx.<output>` (Tensor if saved, else shape and
    dtype only), `ctx.<attr>`, and `ctx.needs_grad[i]` for each declared input.

    Building it also verifies that no saved tensor was changed in place since it was saved.
    The shape-and-dtype view of an unsaved output is built only if the rule reads it."""

    def __init__(self, node: Node, flat_needs: list):
        op = node.op
        d = self.__dict__
        d["_node"] = node
        if op.attrs:
            d.update(zip(op.attrs, node.attrs))
        if node.saved_in:
            names = op.inputs
            for i, saved, version in zip(op.save_inputs, node.saved_in, node.saved_versions):
                if not isinstance(saved, Tensor) or saved._version != version:
                    check_saved_versions(node)
                    saved = _restore(saved)
                d[names[i]] = saved
        if node.saved_out:
            self._restore_outputs(node)
        if node.layout is None:
            d["needs_grad"] = flat_needs
            for name, info in zip(op.inputs, node.in_info):
                if name not in d:  # not saved: its shape and dtype (a plain op has no None)
                    view = _new_info(InputInfo)
                    view.shape, view._np_dtype = info
                    d[name] = view
        else:
            self._unflatten_inputs(node, flat_needs)

    def _restore_outputs(self, node: Node) -> None:
        """Saved outputs come back as tensors that are still the op's outputs in the graph."""
        d = self.__dict__
        names = node.op.outputs
        for i, (array, ref, version) in zip(node.op.save_outputs, node.saved_out):
            if type(array) is Packed:
                d[names[i]] = array.restore()
                continue
            if version is not None:
                current = ref()
                if current is not None and current._version != version:
                    check_saved_versions(node)
            t = wrap(array)
            t._node = node
            t._out_idx = i
            t.stop_gradient = False
            d[names[i]] = t

    def __getattr__(self, name: str):
        # Reached only for names not set in __init__: unsaved outputs.
        node = self.__dict__.get("_node")
        if node is None:  # not initialised (e.g. copy.copy probing for __setstate__)
            raise AttributeError(name)
        op = node.op
        if name in op.outputs and op.outputs.index(name) < len(node.out_info):
            value = _info_or_none(node.out_info[op.outputs.index(name)])
        else:
            raise AttributeError(f"the gradient context of op '{op.name}' has no value '{name}'")
        self.__dict__[name] = value
        return value

    def _unflatten_inputs(self, node: Node, flat_needs: list):
        d = self.__dict__
        info = iter(node.in_info)
        needs = iter(flat_needs)
        per_input = []
        for name, length in zip(node.op.inputs, node.layout):
            if length >= 0:
                views = [_info_or_none(next(info)) for _ in range(length)]
                per_input.append([next(needs) for _ in range(length)])
            else:
                views = _info_or_none(next(info))
                per_input.append(next(needs))
            d.setdefault(name, views)  # saved inputs are already there, by value
        self.needs_grad = per_input


def _info_or_none(info):
    if info is None:
        return None
    view = _new_info(InputInfo)  # no __init__ call: this runs once per input per backward
    view.shape, view._np_dtype = info
    return view


_new_info = object.__new__


def check_saved_versions(node: Node) -> None:
    """Raise if an in-place op changed a tensor this node saved for its gradient rule."""
    op = node.op
    for i, saved, version in zip(op.save_inputs, node.saved_in, node.saved_versions):
        if type(version) is int:  # one saved tensor (the common case)
            if saved._version == version:
                continue
            tensors, versions = (saved,), (version,)
        elif version is None:  # nothing saved, or kept by a saved_tensors_hooks pack hook
            continue
        else:
            tensors, versions = saved, version
        for t, v in zip(tensors, versions):
            if t is not None and v is not None and t._version != v:
                raise RuntimeError(
                    f"A tensor needed to compute the gradient of op '{op.name}' (input "
                    f"'{op.inputs[i]}') was modified by an inplace operation after it was used: "
                    f"its version is {t._version}, expected {v}. Use the out-of-place form or "
                    "clone() the tensor before modifying it.")
    for i, (_, ref, version) in zip(op.save_outputs, node.saved_out):
        if version is None:
            continue
        t = ref()
        if t is not None and t._version != version:
            raise RuntimeError(
                f"The output '{op.outputs[i]}' of op '{op.name}' is needed for its gradient but "
                f"was modified by an inplace operation (version {t._version}, expected "
                f"{version}). Use the out-of-place form or clone() it first.")
