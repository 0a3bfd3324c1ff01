"""Layer containers: Sequential, LayerList, LayerDict, ParameterList, ParameterDict."""
from __future__ import annotations

import collections

from ...framework.parameter import EagerParamBase
from .layers import Layer


class Sequential(Layer):
    """Layers applied in order; built from layers or (name, layer) pairs.

    Example:
        >>> import paddle
        >>> model = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU())
        >>> model(paddle.ones([2, 4])).shape
        paddle.Size([2, 8])
    """

    def __init__(self, *layers):
        super().__init__()
        if len(layers) == 1 and isinstance(layers[0], (dict, collections.OrderedDict)):
            layers = tuple(layers[0].items())
        for i, item in enumerate(layers):
            if isinstance(item, (list, tuple)) and len(item) == 2:
                self.add_sublayer(str(item[0]), item[1])
            else:
                self.add_sublayer(str(i), item)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return Sequential(*list(self._sub_layers.values())[index])
        if isinstance(index, str):
            return self._sub_layers[index]
        layers = list(self._sub_layers.values())
        if not -len(layers) <= index < len(layers):
            raise IndexError(f"Sequential index {index} is out of range for {len(layers)} "
                             "layers")
        return layers[index]

    def __setitem__(self, index, layer):
        key = list(self._sub_layers)[index] if isinstance(index, int) else str(index)
        self.add_sublayer(key, layer)

    def __delitem__(self, index):
        key = list(self._sub_layers)[index] if isinstance(index, int) else str(index)
        del self._sub_layers[key]

    def __len__(self):
        return len(self._sub_layers)

    def __iter__(self):
        return iter(self._sub_layers.values())

    def append(self, layer):
        self.add_sublayer(str(len(self._sub_layers)), layer)
        return self

    def insert(self, index: int, module):
        """Put module before position index (-len <= index <= len); layers keyed by their
        position are renumbered, named ones keep their names."""
        assert isinstance(module, Layer), f"module should be of type: {Layer}"
        n = len(self._sub_layers)
        if not -n <= index <= n:
            raise IndexError(f"Index out of range: {index}")
        items = list(self._sub_layers.items())
        items.insert(index + n if index < 0 else index, (None, module))
        self._sub_layers.clear()
        for position, (key, layer) in enumerate(items):
            numbered = key is None or key.isdigit()
            self._sub_layers[str(position) if numbered else key] = layer
        return self

    def extend(self, sequential):
        """Append every layer of an iterable of layers."""
        for layer in sequential:
            self.append(layer)
        return self

    def forward(self, input):  # noqa: A002 - Paddle's parameter name
        for layer in self._sub_layers.values():
            input = layer(input)
        return input


class LayerList(Layer):
    """A list of sublayers, indexable like a Python list."""

    def __init__(self, sublayers=None):
        super().__init__()
        for i, layer in enumerate(sublayers or []):
            self.add_sublayer(str(i), layer)

    def _key(self, index: int) -> str:
        n = len(self._sub_layers)
        if not -n <= index < n:
            raise IndexError(f"LayerList index {index} is out of range for {n} layers")
        return str(index % n)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self.__class__(list(self._sub_layers.values())[index])
        return self._sub_layers[self._key(index)]

    def __setitem__(self, index, layer):
        self._sub_layers[self._key(index)] = layer

    def __delitem__(self, index):
        layers = list(self._sub_layers.values())
        del layers[index]
        self._sub_layers.clear()
        for i, layer in enumerate(layers):
            self._sub_layers[str(i)] = layer

    def __len__(self):
        return len(self._sub_layers)

    def __iter__(self):
        return iter(self._sub_layers.values())

    def append(self, sublayer):
        self.add_sublayer(str(len(self)), sublayer)
        return self

    def insert(self, index, sublayer):
        layers = list(self._sub_layers.values())
        layers.insert(index, sublayer)
        self._sub_layers.clear()
        for i, layer in enumerate(layers):
            self._sub_layers[str(i)] = layer

    def extend(self, sublayers):
        for layer in sublayers:
            self.append(layer)
        return self


class LayerDict(Layer):
    """An ordered dict of sublayers."""

    def __init__(self, sublayers=None):
        super().__init__()
        if sublayers is not None:
            self.update(sublayers)

    def __getitem__(self, key):
        return self._sub_layers[key]

    def __setitem__(self, key, sublayer):
        self.add_sublayer(key, sublayer)

    def __delitem__(self, key):
        del self._sub_layers[key]

    def __len__(self):
        return len(self._sub_layers)

    def __iter__(self):
        return iter(self._sub_layers)

    def __contains__(self, key):
        return key in self._sub_layers

    def clear(self):
        self._sub_layers.clear()

    def pop(self, key):
        return self._sub_layers.pop(key)

    def keys(self):
        return self._sub_layers.keys()

    def items(self):
        return self._sub_layers.items()

    def values(self):
        return self._sub_layers.values()

    def update(self, sublayers):
        items = sublayers.items() if hasattr(sublayers, "items") else sublayers
        for key, layer in items:
            self.add_sublayer(key, layer)


class ParameterList(Layer):
    """A list of parameters registered on the layer."""

    def __init__(self, parameters=None):
        super().__init__()
        for i, p in enumerate(parameters or []):
            self.add_parameter(str(i), p)

    def __getitem__(self, index):
        params = list(self._parameters.values())
        if isinstance(index, slice):
            return params[index]
        return params[index]

    def __setitem__(self, index, param):
        self._parameters[str(index % len(self))] = param

    def __len__(self):
        return len(self._parameters)

    def __iter__(self):
        return iter(self._parameters.values())

    def append(self, parameter):
        self.add_parameter(str(len(self)), parameter)
        return self

    def extra_repr(self) -> str:
        return "\n".join(f"({i}): Parameter containing: [{p.dtype.name} of size "
                         f"{list(p.shape)}]" for i, p in enumerate(self._parameters.values()))


class ParameterDict(Layer):
    """An ordered dict of parameters registered on the layer."""

    def __init__(self, parameters=None):
        super().__init__()
        if parameters is not None:
            self.update(parameters)

    def __getitem__(self, key):
        return self._parameters[key]

    def __setitem__(self, key, param):
        self.add_parameter(key, param)

    def __len__(self):
        return len(self._parameters)

    def __iter__(self):
        return iter(self._parameters)

    def __contains__(self, key):
        return key in self._parameters

    def keys(self):
        return self._parameters.keys()

    def items(self):
        return self._parameters.items()

    def values(self):
        return self._parameters.values()

    def update(self, parameters):
        items = parameters.items() if hasattr(parameters, "items") else parameters
        for key, p in items:
            if not isinstance(p, EagerParamBase):
                raise TypeError(f"ParameterDict: '{key}' must be a Parameter")
            self.add_parameter(key, p)
