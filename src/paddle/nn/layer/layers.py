"""nn.Layer: the base class of every model and layer — parameters, sublayers, buffers,
state_dict, train/eval, hooks, dtype conversion and Paddle's naming and printing."""
from __future__ import annotations

import collections
import re
import warnings
import weakref

import numpy as np

from ..._core import dtype as _dt
from ..._core import state
from ..._core.autograd.grad_mode import no_grad
from ..._core.tensor import Tensor, wrap
from ...framework.param_attr import ParamAttr
from ...framework.parameter import EagerParamBase
from ...utils import unique_name
from .forward_hooks import ForwardHooks, HookRemoveHelper


def camel_to_snake(name: str) -> str:
    """Paddle's layer-name rule: Conv2DTranspose → conv2d_transpose, ReLU → re_lu."""
    s1 = re.sub("(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub("([a-z])([A-Z])", r"\1_\2", s1).lower()


class Layer(ForwardHooks):
    """Base class for neural network layers: subclass it, create parameters and sublayers in
    `__init__`, compute in `forward`.

    Example:
        >>> import paddle
        >>> class Net(paddle.nn.Layer):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.fc = paddle.nn.Linear(3, 2)
        ...     def forward(self, x):
        ...         return self.fc(x)
        >>> Net()(paddle.ones([4, 3])).shape
        paddle.Size([4, 2])
    """

    def __init__(self, name_scope=None, dtype="float32"):
        d = self.__dict__
        d["training"] = True
        d["_full_name"] = unique_name.generate(name_scope or camel_to_snake(type(self).__name__))
        d["_dtype"] = dtype if isinstance(dtype, str) else _dt.to_dtype(dtype).name
        d["_parameters"] = collections.OrderedDict()
        d["_sub_layers"] = collections.OrderedDict()
        d["_buffers"] = collections.OrderedDict()
        d["_non_persistable_buffer_names_set"] = set()
        d["_forward_pre_hooks"] = collections.OrderedDict()
        d["_forward_post_hooks"] = collections.OrderedDict()
        # ids of hooks registered with_kwargs / always_call (Paddle keeps these as flag tables)
        d["_pre_hooks_with_kwargs"] = set()
        d["_post_hooks_with_kwargs"] = set()
        d["_post_hooks_always_called"] = set()

    # ---- attribute routing -------------------------------------------------------------------
    def __getattr__(self, name: str):
        d = self.__dict__
        for store in ("_parameters", "_sub_layers", "_buffers"):
            table = d.get(store)
            if table is not None and name in table:
                return table[name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __setattr__(self, name: str, value) -> None:
        d = self.__dict__
        if "_parameters" not in d:
            raise RuntimeError(f"{type(self).__name__}: super().__init__() must be called before "
                               f"assigning attributes such as '{name}'")
        if isinstance(value, EagerParamBase):
            self._drop(name)
            d["_parameters"][name] = value
        elif isinstance(value, Layer):
            self._drop(name)
            d["_sub_layers"][name] = value
        elif name in d["_parameters"]:
            if value is not None:
                raise TypeError(f"{type(self).__name__}: cannot assign a "
                                f"{type(value).__name__} to parameter '{name}' (expected a "
                                "Parameter or None)")
            d["_parameters"][name] = None
        elif name in d["_buffers"] and (value is None or isinstance(value, Tensor)):
            d["_buffers"][name] = value
        elif name in d["_sub_layers"]:
            if value is not None:
                raise TypeError(f"{type(self).__name__}: cannot assign a "
                                f"{type(value).__name__} to sublayer '{name}'")
            d["_sub_layers"][name] = None
        else:
            object.__setattr__(self, name, value)

    def _drop(self, name: str) -> None:
        d = self.__dict__
        d.pop(name, None)
        for store in ("_parameters", "_sub_layers", "_buffers"):
            d[store].pop(name, None)

    def __delattr__(self, name: str) -> None:
        d = self.__dict__
        for store in ("_parameters", "_sub_layers", "_buffers"):
            if name in d[store]:
                del d[store][name]
                d["_non_persistable_buffer_names_set"].discard(name)
                return
        object.__delattr__(self, name)

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self._parameters) | set(self._sub_layers)
                      | set(self._buffers))

    # ---- calling -----------------------------------------------------------------------------
    def forward(self, *inputs, **kwargs):
        raise NotImplementedError(f"{type(self).__name__} must implement forward()")

    def __call__(self, *inputs, **kwargs):
        if state.tracer is not None:  # recording a program: its ops get this layer's path
            from ...static.name_struct import traced_call
            return traced_call(self, inputs, kwargs)
        if not self._forward_pre_hooks and not self._forward_post_hooks:
            return self.forward(*inputs, **kwargs)
        return self._call_with_hooks(inputs, kwargs)

    def _call_with_hooks(self, inputs, kwargs):
        called = set()
        outputs = None
        try:
            inputs, kwargs = self._run_pre_hooks(inputs, kwargs)
            outputs = self.forward(*inputs, **kwargs)
            return self._run_post_hooks(inputs, kwargs, outputs, called)
        except Exception:
            # always_call hooks still see the call when forward (or an earlier hook) failed
            self._run_always_called_hooks(inputs, kwargs, outputs, called)
            raise

    # ---- naming ------------------------------------------------------------------------------
    def full_name(self) -> str:
        """The unique name of this layer instance, e.g. `linear_0`."""
        return self._full_name

    def _param_name(self, is_bias: bool) -> str:
        kind = "b" if is_bias else "w"
        return unique_name.generate(f"{self._full_name}.{kind}")

    # ---- creating parameters and buffers -----------------------------------------------------
    def create_parameter(self, shape, attr=None, dtype=None, is_bias=False,
                         default_initializer=None, device=None):
        """Create a parameter of `shape` (None when attr is False), initialised by attr's
        initializer, else `default_initializer`, else Xavier-uniform (weights) / zeros (bias).
        `device` must name a place this build can use (parameters live in host memory)."""
        from ..initializer import Constant, XavierUniform, global_initializer
        if device is not None:
            from ..._core.place import to_place
            to_place(device)
        attr = ParamAttr._to_attr(attr)
        if attr is False:
            return None
        dtype = _dt.to_dtype(dtype or self._dtype)
        shape = [int(s) for s in shape]
        if any(s < 0 for s in shape):
            raise ValueError(f"{type(self).__name__}.create_parameter: every dimension of shape "
                             f"must be non-negative, but received {shape}")
        if attr.name is not None:
            _claim_parameter_name(attr.name)
        # as Paddle: a global initializer overrides the layer's default, not the ParamAttr's
        init = attr.initializer or global_initializer(is_bias) or default_initializer or (
            Constant(0.0) if is_bias else XavierUniform())
        param = EagerParamBase(shape, dtype, name=attr.name or self._param_name(is_bias),
                               trainable=attr.trainable,
                               optimize_attr={"learning_rate": attr.learning_rate},
                               regularizer=attr.regularizer,
                               do_model_average=attr.do_model_average, need_clip=attr.need_clip)
        with no_grad():
            init(param)
        if attr.name is not None:
            _register_parameter_name(param)
        return param

    def create_variable(self, name=None, persistable=None, dtype=None):
        """An empty tensor owned by this layer (Paddle's legacy helper)."""
        t = wrap(np.zeros((0,), _dt.to_dtype(dtype or self._dtype).np_dtype))
        t.name = name or unique_name.generate(f"{self._full_name}.var")
        t.persistable = bool(persistable)
        return t

    create_tensor = create_variable

    def add_parameter(self, name: str, parameter):
        """Register `parameter` (or None) under `name`."""
        if not isinstance(name, str) or "." in name or not name:
            raise KeyError(f"add_parameter: invalid parameter name {name!r}")
        if parameter is not None and not isinstance(parameter, EagerParamBase):
            raise TypeError(f"add_parameter: '{name}' must be a Parameter (created with "
                            f"create_parameter), but received {type(parameter).__name__}")
        if hasattr(self, name) and name not in self._parameters:
            raise KeyError(f"add_parameter: attribute '{name}' already exists")
        self._parameters[name] = parameter
        return parameter

    register_parameter = add_parameter

    def add_sublayer(self, name: str, sublayer):
        """Register `sublayer` under `name` and return it."""
        if sublayer is not None and not isinstance(sublayer, Layer):
            raise TypeError(f"add_sublayer: '{name}' must be a Layer, but received "
                            f"{type(sublayer).__name__}")
        self._sub_layers[str(name)] = sublayer
        return sublayer

    add_module = add_sublayer
    register_module = add_sublayer

    def register_buffer(self, name: str, tensor, persistable: bool = True) -> None:
        """Register a tensor that is state but not a parameter; persistable buffers are saved
        in state_dict."""
        if not isinstance(name, str) or "." in name or not name:
            raise KeyError(f"register_buffer: invalid buffer name {name!r}")
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(f"register_buffer: '{name}' must be a Tensor, but received "
                            f"{type(tensor).__name__}")
        if name in self._parameters or name in self._sub_layers:
            raise KeyError(f"register_buffer: '{name}' is already a parameter or sublayer")
        self.__dict__.pop(name, None)
        self._buffers[name] = tensor
        if persistable:
            self._non_persistable_buffer_names_set.discard(name)
        else:
            self._non_persistable_buffer_names_set.add(name)
        if tensor is not None:
            tensor.persistable = bool(persistable)

    # ---- traversal ---------------------------------------------------------------------------
    def named_sublayers(self, prefix="", include_self=False, layers_set=None,
                        remove_duplicate=True):
        """(name, layer) for every descendant, depth first; a layer reachable along several
        paths is yielded once unless remove_duplicate is False."""
        layers_set = set() if layers_set is None else layers_set
        if include_self and id(self) not in layers_set:
            if remove_duplicate:
                layers_set.add(id(self))
            yield prefix, self
        for key, layer in self._sub_layers.items():
            if layer is None:
                continue
            path = f"{prefix}.{key}" if prefix else key
            yield from layer.named_sublayers(path, True, layers_set, remove_duplicate)

    def sublayers(self, include_self=False) -> list:
        return [layer for _, layer in self.named_sublayers(include_self=include_self)]

    def named_modules(self, memo=None, prefix="", remove_duplicate=True):
        return self.named_sublayers(prefix, True, memo, remove_duplicate)

    def modules(self):
        return self.sublayers(include_self=True)

    def named_children(self):
        seen = set()
        for name, layer in self._sub_layers.items():
            if layer is not None and id(layer) not in seen:
                seen.add(id(layer))
                yield name, layer

    def children(self):
        for _, layer in self.named_children():
            yield layer

    def named_parameters(self, prefix="", include_sublayers=True, remove_duplicate=True):
        """(structured name, parameter) pairs, own parameters first, then sublayers'."""
        return self._named_members("_parameters", prefix, include_sublayers, remove_duplicate)

    def _named_members(self, table: str, prefix, include_sublayers, remove_duplicate):
        """(structured name, member) pairs of one member table (_parameters or _buffers); a
        member registered under several names is listed once unless remove_duplicate=False."""
        seen = set()
        layers = self.named_sublayers(prefix, include_self=True) if include_sublayers else \
            [(prefix, self)]
        for layer_prefix, layer in layers:
            for name, member in getattr(layer, table).items():
                if member is None or (remove_duplicate and id(member) in seen):
                    continue
                seen.add(id(member))
                yield (f"{layer_prefix}.{name}" if layer_prefix else name), member

    def parameters(self, include_sublayers=True) -> list:
        return [p for _, p in self.named_parameters(include_sublayers=include_sublayers)]

    def named_buffers(self, prefix="", include_sublayers=True, remove_duplicate=True):
        """(structured name, buffer) pairs, own buffers first, then sublayers'."""
        return self._named_members("_buffers", prefix, include_sublayers, remove_duplicate)

    def buffers(self, include_sublayers=True) -> list:
        return [b for _, b in self.named_buffers(include_sublayers=include_sublayers)]

    def get_parameter(self, target: str):
        return self._resolve(target, "_parameters")

    def get_buffer(self, target: str):
        return self._resolve(target, "_buffers")

    def get_sublayer(self, target: str):
        if not target:
            return self
        return self._resolve(target, "_sub_layers")

    get_submodule = get_sublayer

    def _resolve(self, target: str, store: str):
        *path, leaf = target.split(".")
        layer = self
        for part in path:
            layer = layer._sub_layers.get(part)
            if layer is None:
                raise AttributeError(f"{type(self).__name__} has no sublayer '{part}' "
                                     f"(looking up '{target}')")
        table = getattr(layer, store)
        if leaf not in table:
            raise AttributeError(f"{type(layer).__name__} has no '{leaf}' in {store[1:]}")
        return table[leaf]

    def set_sublayer(self, target: str, layer) -> None:
        *path, leaf = target.split(".")
        parent = self.get_sublayer(".".join(path)) if path else self
        parent.add_sublayer(leaf, layer)

    set_submodule = set_sublayer

    # ---- modes and conversion ----------------------------------------------------------------
    def train(self, mode: bool = True):
        """Switch this layer and its sublayers to training mode."""
        for layer in self.sublayers(include_self=True):
            layer.__dict__["training"] = bool(mode)
        return self

    def eval(self):
        """Switch this layer and its sublayers to evaluation mode."""
        return self.train(False)

    def apply(self, fn):
        """Call fn(layer) on every sublayer, then on self."""
        for layer in self.children():
            layer.apply(fn)
        fn(self)
        return self

    def requires_grad_(self, requires_grad: bool = True):
        for p in self.parameters():
            p.stop_gradient = not requires_grad
        return self

    def clear_gradients(self, set_to_zero: bool = True) -> None:
        """Clear the gradients of all parameters (zeros by default)."""
        for p in self.parameters():
            if not p.stop_gradient:
                p.clear_gradient(set_to_zero)

    def zero_grad(self, set_to_zero: bool = True) -> None:
        self.clear_gradients(set_to_zero)

    def to(self, device=None, dtype=None, blocking=None, non_blocking=None):
        """Convert floating parameters and buffers to `dtype` (devices other than the current
        backend's are rejected by paddle.set_device's rules). `blocking`/`non_blocking` only
        matter for pinned-memory copies, which host arrays never need."""
        for flag_name, flag in (("blocking", blocking), ("non_blocking", non_blocking)):
            if flag is not None and not isinstance(flag, bool):
                raise TypeError(f"(Layer.to) {flag_name} must be True, False or None, but "
                                f"received {flag!r}")
        if device is not None and not isinstance(device, (str, type(None))):
            from ..._core.place import to_place
            to_place(device)
        if isinstance(device, str) and device.split(":")[0] not in ("cpu", "gpu", "cuda"):
            dtype, device = device, None
        if dtype is not None:
            self._cast_floating(_dt.to_dtype(dtype))
        return self

    def astype(self, dtype=None):
        """Convert floating parameters and buffers to `dtype`."""
        return self.to(dtype=dtype)

    def float(self, excluded_layers=None):
        return self._cast_floating(_dt.float32, excluded_layers)

    def double(self, excluded_layers=None):
        return self._cast_floating(_dt.float64, excluded_layers)

    def half(self, excluded_layers=None):
        return self._cast_floating(_dt.float16, excluded_layers)

    float16 = half

    def bfloat16(self, excluded_layers=None):
        return self._cast_floating(_dt.bfloat16, excluded_layers)

    def cpu(self):
        return self

    def cuda(self, device=None):
        from ..._core.place import to_place
        to_place(f"gpu:{device or 0}")
        return self

    def _cast_floating(self, dtype: _dt.DType, excluded_layers=None):
        excluded = tuple(excluded_layers or ())
        for layer in self.sublayers(include_self=True):
            if excluded and isinstance(layer, excluded):
                continue
            tensors = list(layer._parameters.values()) + list(layer._buffers.values())
            for t in tensors:
                if t is not None and t._data.dtype.kind in "fV":
                    t._data = t._data.astype(dtype.np_dtype)
                    if t._grad is not None:
                        t._grad._data = t._grad._data.astype(dtype.np_dtype)
            layer.__dict__["_dtype"] = dtype.name
        return self

    # ---- state_dict --------------------------------------------------------------------------
    def state_dict(self, destination=None, include_sublayers=True, structured_name_prefix="",
                   use_hook=True, keep_vars=True):
        """OrderedDict of structured name → parameter / persistable buffer (own entries first,
        then each sublayer's)."""
        out = self._collect_state(destination, include_sublayers, structured_name_prefix)
        if not keep_vars:
            for key, value in out.items():
                out[key] = value.detach()
        if use_hook:
            out = self._run_state_dict_hooks(out, include_sublayers)
        return out

    def register_state_dict_hook(self, hook) -> HookRemoveHelper:
        """hook(state_dict) runs on the whole state dict this layer (or a layer holding it)
        returns; a returned dict replaces it."""
        hooks = self.__dict__.setdefault("_state_dict_hooks", collections.OrderedDict())
        ForwardHooks._hook_counter += 1
        hooks[ForwardHooks._hook_counter] = hook
        return HookRemoveHelper(hooks, ForwardHooks._hook_counter)

    def _run_state_dict_hooks(self, state, include_sublayers: bool):
        """Every sublayer's hooks, then this layer's (Paddle's post-order)."""
        if include_sublayers:
            for child in self._sub_layers.values():
                if child is not None:
                    state = child._run_state_dict_hooks(state, True)
        for hook in self.__dict__.get("_state_dict_hooks", {}).values():
            result = hook(state)
            state = state if result is None else result
        return state

    def _collect_state(self, destination=None, include_sublayers=True,
                       structured_name_prefix=""):
        """The tensors behind state_dict (not overridable, so set_state_dict can rely on it)."""
        out = collections.OrderedDict() if destination is None else destination
        layers = self.named_sublayers(include_self=True) if include_sublayers else [("", self)]
        for layer_prefix, layer in layers:
            base = structured_name_prefix + (f"{layer_prefix}." if layer_prefix else "")
            for name, param in layer._parameters.items():
                if param is not None:
                    out[base + name] = param
            for name, buf in layer._buffers.items():
                if buf is not None and name not in layer._non_persistable_buffer_names_set:
                    out[base + name] = buf
        return out

    to_static_state_dict = state_dict

    def set_state_dict(self, state_dict, use_structured_name=True):
        """Copy values from `state_dict` into this layer's parameters and buffers (matched by
        structured name, or by the parameters' internal names when use_structured_name is
        False). Returns (missing_keys, unexpected_keys)."""
        own = self._collect_state()
        if not use_structured_name:
            own = collections.OrderedDict((t.name, t) for t in own.values())
        missing, unexpected = [], []
        for key, target in own.items():
            if key not in state_dict:
                missing.append(key)
                warnings.warn(f"{key} is not found in the provided dict.", stacklevel=2)
                continue
            value = state_dict[key]
            array = _as_array(value, key)
            if list(array.shape) != list(target._data.shape):
                warnings.warn(f"{key} receives a shape {list(array.shape)}, but the expected "
                              f"shape is {list(target._data.shape)}.", stacklevel=2)
                missing.append(key)
                continue
            target._data = array.astype(target._data.dtype, copy=True)
            target._version += 1
        for key in state_dict:
            if key not in own and key != "StructuredToParameterName@@":
                unexpected.append(key)
        return missing, unexpected

    set_dict = set_state_dict
    load_dict = set_state_dict

    def load_state_dict(self, state_dict, strict=True, use_structured_name=True):
        return self.set_state_dict(state_dict, use_structured_name)

    # ---- printing ----------------------------------------------------------------------------
    def extra_repr(self) -> str:
        """Layer-specific text shown inside the parentheses of repr()."""
        return ""

    def __repr__(self) -> str:
        lines = []
        extra = self.extra_repr()
        if extra:
            lines.extend(extra.split("\n"))
        for name, layer in self._sub_layers.items():
            if layer is None:
                continue
            child = repr(layer).replace("\n", "\n  ")
            lines.append(f"({name}): {child}")
        head = type(self).__name__ + "("
        if not lines:
            return head + ")"
        if len(lines) == 1 and not self._sub_layers:
            return head + lines[0] + ")"
        return head + "\n  " + "\n  ".join(lines) + "\n)"

    def __getstate__(self):
        return self.__dict__

    def __setstate__(self, state):
        self.__dict__.update(state)


_NAMED_PARAMETERS: "weakref.WeakValueDictionary" = weakref.WeakValueDictionary()


def _claim_parameter_name(name: str) -> None:
    """Paddle refuses a second live parameter with the same explicit name in dygraph mode."""
    if name in _NAMED_PARAMETERS:
        raise ValueError(f"parameter name [{name}] have been been used. In dygraph mode, the "
                         "name of parameter can't be same. Please check the parameter attr "
                         "value passed to create_parameter.")


def _register_parameter_name(param) -> None:
    _NAMED_PARAMETERS[param.name] = param


def _as_array(value, key: str) -> np.ndarray:
    if isinstance(value, Tensor):
        return value._data
    if isinstance(value, np.ndarray):
        return value
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], np.ndarray):
        return value[1]  # (name, ndarray) as paddle.save stores tensors
    raise TypeError(f"set_state_dict: the value for '{key}' must be a Tensor or numpy.ndarray, "
                    f"but received {type(value).__name__}")

