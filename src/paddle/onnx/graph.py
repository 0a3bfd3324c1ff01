"""An ONNX graph being written: nodes in order, initializers, and fresh value names.

Rules add nodes through `OnnxGraph.node` and read constants through `OnnxGraph.constant`; the
graph becomes a ModelProto (with the IR version the opset needs) in `to_model`."""
from __future__ import annotations

import numpy as np
from onnx import checker, helper, numpy_helper

PRODUCER = "feijiang"
# opsets whose rules the exporter knows; Paddle's default (9) and 10 are raised to the first
MIN_OPSET, MAX_OPSET = 11, 20
SHARED_CONSTANT_LIMIT = 4096  # elements


def tensor_type(np_dtype) -> int:
    """The ONNX element type of a NumPy dtype (TypeError for types ONNX has no name for)."""
    try:
        return helper.np_dtype_to_tensor_dtype(np.dtype(np_dtype))
    except (KeyError, TypeError) as exc:
        raise TypeError(f"(paddle.onnx.export) ONNX has no element type for {np_dtype}") from exc


class OnnxGraph:
    """Nodes, initializers, inputs and outputs of one ONNX graph at one opset."""

    def __init__(self, opset: int, name: str = "feijiang"):
        self.opset = opset
        self.name = name
        self.nodes: list = []
        self.initializers: dict[str, np.ndarray] = {}
        self.inputs: list = []
        self.outputs: list = []
        self._taken: set[str] = set()
        self._by_content: dict = {}
        self.producer: dict = {}  # value name -> the node that computes it

    def fresh(self, hint: str) -> str:
        """A value name not used yet, derived from `hint`."""
        name, k = hint, 0
        while name in self._taken:
            k += 1
            name = f"{hint}_{k}"
        self._taken.add(name)
        return name

    def node(self, op_type: str, inputs: list, outputs: int = 1, **attrs):
        """Append node `op_type` reading `inputs` (names; None or "" for an absent optional
        input); returns its output name, or the list of them when `outputs` > 1."""
        names = [self.fresh(f"{op_type.lower()}_{len(self.nodes)}") for _ in range(outputs)]
        ins = ["" if i is None else i for i in inputs]
        while ins and ins[-1] == "":
            ins.pop()
        node = helper.make_node(op_type, ins, names, **attrs)
        self.nodes.append(node)
        self.producer.update(dict.fromkeys(names, node))
        return names[0] if outputs == 1 else names

    def constant(self, array, hint: str = "const") -> str:
        """The name of an initializer holding `array`; small ones are shared by content (the
        many `1`s and `[0]`s rules ask for), large ones (weights) are stored as they come."""
        array = np.ascontiguousarray(array)
        if array.size > SHARED_CONSTANT_LIMIT:
            name = self.fresh(hint)
            self.initializers[name] = array
            return name
        key = (array.dtype.str, array.shape, array.tobytes())
        name = self._by_content.get(key)
        if name is None:
            name = self.fresh(hint)
            self.initializers[name] = array
            self._by_content[key] = name
        return name

    def ints(self, values) -> str:
        """A 1-D int64 constant (shapes, axes, pads)."""
        return self.constant(np.asarray(list(values), np.int64).reshape(-1), "ints")

    def scalar(self, value, np_dtype) -> str:
        """A 0-d constant of `np_dtype` (operands of elementwise nodes)."""
        return self.constant(np.asarray(value, np_dtype), "scalar")

    def add_input(self, name: str, np_dtype, dims: list) -> None:
        """A graph input; a dim that is a string is symbolic (dynamic)."""
        self._taken.add(name)
        self.inputs.append(helper.make_tensor_value_info(name, tensor_type(np_dtype), dims))

    def add_output(self, source: str, name: str, np_dtype, dims: list) -> None:
        """Graph output `name` carrying value `source` (through an Identity node, so outputs
        keep their names whatever produced them)."""
        self._taken.add(name)
        self.nodes.append(helper.make_node("Identity", [source], [name]))
        self.outputs.append(helper.make_tensor_value_info(name, tensor_type(np_dtype), dims))

    def to_model(self, check: bool = True):
        """The ModelProto of this graph, checked by onnx.checker unless `check` is False."""
        nodes = self._needed_nodes()
        read = {name for node in nodes for name in node.input}
        initializers = [numpy_helper.from_array(a, n) for n, a in self.initializers.items()
                        if n in read]
        graph = helper.make_graph(nodes, self.name, self.inputs, self.outputs, initializers)
        opset = helper.make_opsetid("", self.opset)
        model = helper.make_model(graph, opset_imports=[opset], producer_name=PRODUCER,
                                  ir_version=helper.find_min_ir_version_for([opset]))
        if check:
            checker.check_model(model, full_check=True)
        return model

    def _needed_nodes(self) -> list:
        """The nodes the outputs depend on (a rule may leave one unread: a Resize merged
        into the next), in order."""
        wanted = {info.name for info in self.outputs}
        kept = []
        for node in reversed(self.nodes):
            if any(name in wanted for name in node.output):
                kept.append(node)
                wanted.update(node.input)
        return kept[::-1]

