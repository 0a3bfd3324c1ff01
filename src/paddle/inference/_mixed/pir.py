"""A PIR JSON program (Paddle 3.3's `paddle.jit.save` form) as a Graph, and back.

Paddle cannot convert these files (its converter reads ProgramDescs only); Feijiang applies
the same precision rules to them. Operators are known to the rules by the legacy type of the
same operation (`pd_op.add` is elementwise_add); inputs and outputs are positional, except the
normalization operators', which are named as in their legacy form so that their parameters
and statistics stay float32. Values are named `%<id>`, parameters by their names. Vectors
(`builtin.combine` results) are not tensors: the operators that read them stay float32.
Constant folding and identity cleaning do not apply here: PIR keeps shapes and factors as
`full`/`full_int_array` operators, which Feijiang reads while loading."""
from __future__ import annotations

import copy
import json
import os

from ...jit.serialization.pdiparams import CODE_DTYPES, DTYPE_CODES
from ...jit.serialization.pir_codec import DTYPE_TAGS, TAG_DTYPES, array_attr, attr, named
from ...jit.serialization.pir_reader import qualified_name
from .graph import DENSE_TENSOR, SELECTED_ROWS, Graph, GraphOp, GraphVar

VECTOR = -1  # the kind of a builtin vector value (not a tensor)
DTYPE_ATTRS = ("dtype", "in_dtype", "out_dtype")
LEGACY_TYPES = {
    "pd_op.data": "feed", "pd_op.fetch": "fetch", "pd_op.add": "elementwise_add",
    "pd_op.subtract": "elementwise_sub", "pd_op.multiply": "elementwise_mul",
    "pd_op.divide": "elementwise_div", "pd_op.maximum": "elementwise_max",
    "pd_op.minimum": "elementwise_min", "pd_op.matmul": "matmul_v2",
    "pd_op.hardswish": "hard_swish", "pd_op.hardsigmoid": "hard_sigmoid",
    "pd_op.reshape": "reshape2", "pd_op.transpose": "transpose2", "pd_op.squeeze": "squeeze2",
    "pd_op.unsqueeze": "unsqueeze2", "pd_op.flatten": "flatten_contiguous_range",
    "pd_op.full": "fill_constant", "pd_op.full_like": "fill_any_like", "pd_op.argmax": "arg_max",
    "pd_op.argmin": "arg_min", "pd_op.topk": "top_k_v2", "pd_op.embedding": "lookup_table_v2",
    "pd_op.nonzero": "where_index", "pd_op.expand": "expand_v2", "pd_op.expand_as": "expand_as_v2",
    "pd_op.nearest_interp": "nearest_interp_v2", "pd_op.bilinear_interp": "bilinear_interp_v2",
    "pd_op.bicubic_interp": "bicubic_interp_v2", "pd_op.linear_interp": "linear_interp_v2",
    "pd_op.mean": "reduce_mean", "pd_op.sum": "reduce_sum", "pd_op.max": "reduce_max",
    "pd_op.min": "reduce_min", "pd_op.prod": "reduce_prod", "pd_op.arange": "range",
    "pd_op.grid_sample": "grid_sampler", "pd_op.one_hot": "one_hot_v2",
    "pd_op.shape64": "shape", "pd_op.silu": "silu", "pd_op.swish": "swish",
}
# Positional inputs/outputs of the normalization operators, by their legacy slot names.
SLOT_NAMES = {
    "batch_norm": (("X", "Mean", "Variance", "Scale", "Bias"),
                   ("Y", "MeanOut", "VarianceOut", "SavedMean", "SavedVariance",
                    "ReserveSpace")),
    "layer_norm": (("X", "Scale", "Bias"), ("Y", "Mean", "Variance")),
    "instance_norm": (("X", "Scale", "Bias"), ("Y", "SavedMean", "SavedVariance")),
    "group_norm": (("X", "Scale", "Bias"), ("Y", "Mean", "Variance")),
}


def read_pir(path: str):
    """(the JSON document of a PIR program file, the Graph of its top block)."""
    document = read_pir_document(path)
    return document, graph_from_pir(document)


def read_pir_document(path: str) -> dict:
    with open(path, encoding="utf-8") as f:
        try:
            document = json.load(f)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise ValueError(f"(InvalidArgument) {path} is not a PIR JSON program: "
                             f"{exc}") from None
    base = document.get("base_code") if isinstance(document, dict) else None
    if not isinstance(base, dict) or base.get("magic") != "pir":
        raise ValueError(f"(InvalidArgument) {path} is not a PIR JSON program (no 'pir' magic)")
    return document


def _top_ops(document: dict) -> list:
    return document["program"]["regions"][0]["blocks"][0]["ops"]


def legacy_type(pir_name: str) -> str:
    """The legacy op type the precision rules know a PIR operation by."""
    if pir_name in LEGACY_TYPES:
        return LEGACY_TYPES[pir_name]
    dialect, _, name = pir_name.partition(".")
    name = name.removesuffix("_")
    return LEGACY_TYPES.get(f"{dialect}.{name}", name if dialect == "pd_op" else pir_name)


def graph_from_pir(document: dict) -> Graph:
    reader = _Reader()
    for raw in _top_ops(document):
        reader.read(raw)
    return Graph(reader.ops, reader.vars, {}, reader.in_regions & set(reader.vars))


class _Reader:
    def __init__(self):
        self.ops, self.vars, self.in_regions = [], {}, set()
        self.names: dict = {}  # value id -> variable name

    def read(self, raw: dict) -> None:
        if raw["#"] == "p":
            name = raw["A"][3]
            persistable = bool((list(raw.get("OA", [])) + [1])[0])
            self.vars[name] = _typed_var(name, raw["O"]["TT"], persistable)
            self.names[raw["O"]["%"]] = name
            return
        op_type = legacy_type(qualified_name(raw["#"]))
        in_slots, out_slots = SLOT_NAMES.get(op_type, ((), ()))
        inputs = {_slot(in_slots, i): [] if ref["%"] == 0 else [self.name(ref["%"])]
                  for i, ref in enumerate(raw.get("I", []))}
        outputs = {}
        for index, out in enumerate(raw.get("O", [])):
            name = self.names[out["%"]] = f"%{out['%']}"
            self.vars[name] = _typed_var(name, out.get("TT"))
            outputs[_slot(out_slots, index)] = [name]
        attrs = {a["N"]: _dtype_code(a["AT"]) for a in raw.get("A", []) if a["N"] in DTYPE_ATTRS}
        if raw.get("regions"):
            self.in_regions.update(self._region_names(raw["regions"]))
            self.in_regions.update(n for names in (*inputs.values(), *outputs.values())
                                   for n in names)
        self.ops.append(GraphOp(op_type, inputs, outputs, attrs, source=raw,
                                has_sub_block=bool(raw.get("regions"))))

    def name(self, value_id: int) -> str:
        return self.names.get(value_id, f"%{value_id}")

    def _region_names(self, regions: list) -> set:
        """Every value the operators of nested regions read or define."""
        found = set()
        for region in regions:
            for block in region.get("blocks", []):
                for raw in block.get("ops", []):
                    refs = [r["%"] for r in raw.get("I", [])] + [o["%"] for o in raw.get("O", [])]
                    found.update(self.name(r) for r in refs if r)
                    found.update(self._region_names(raw.get("regions", [])))
        return found


def _slot(names: tuple, index: int) -> str:
    return names[index] if index < len(names) else str(index)


def _typed_var(name: str, encoded: dict | None, persistable: bool = False) -> GraphVar:
    kind = (encoded or {}).get("#")
    if kind in ("0.t_dtensor", "0.t_selected_rows"):
        dtype = DTYPE_CODES.get(TAG_DTYPES.get(encoded["D"][0]["#"]))
        return GraphVar(name, DENSE_TENSOR if kind == "0.t_dtensor" else SELECTED_ROWS, dtype,
                        persistable, list(encoded["D"][1]))
    return GraphVar(name, VECTOR if kind == "0.t_vec" else None, None, persistable)


def _dtype_code(encoded: dict):
    """A dtype attribute as a data type code (None when undefined)."""
    return DTYPE_CODES.get(encoded.get("D")) if encoded.get("#") == "1.a_dtype" else None


# ---- writing ---------------------------------------------------------------------------------
def write_pir(document: dict, graph: Graph, path: str) -> None:
    """Put `graph` into `document` (in place) and write the program to `path`."""
    ops = _top_ops(document)
    params = [raw for raw in ops if raw["#"] == "p"]
    ids = {raw["A"][3]: raw["O"]["%"] for raw in params}
    for raw in params:
        _retype(raw["O"], graph.vars[raw["A"][3]])
    writer = _Writer(graph, ids, _largest_id(document) + 1)
    ops[:] = params + [writer.op(op) for op in graph.ops]
    data = json.dumps(document, sort_keys=True, separators=(",", ":"))
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(data)
    os.replace(tmp, path)


class _Writer:
    def __init__(self, graph: Graph, ids: dict, next_id: int):
        self.graph, self.ids, self.next_id = graph, ids, next_id

    def value_id(self, name: str) -> int:
        if name not in self.ids:
            if name.startswith("%") and name[1:].isdigit():
                self.ids[name] = int(name[1:])
            else:  # a variable a pass created
                self.ids[name], self.next_id = self.next_id, self.next_id + 1
        return self.ids[name]

    def op(self, op: GraphOp) -> dict:
        if op.source is None:
            return self._cast(op)
        raw = copy.deepcopy(op.source)
        raw["I"] = [{"%": self.value_id(names[0]) if names else 0}
                    for names in op.inputs.values()]
        for out, names in zip(raw.get("O", []), op.outputs.values()):
            var = self.graph.vars[names[0]]
            if op.type == "fetch":  # a fetch's value has the type of what it fetches
                var = self.graph.var(op.input_names()[0])
            _retype(out, var)
        for name, code in op.changed_attrs.items():
            _set_dtype_attr(raw, "dtype" if op.type == "cast" else name, code)
        return raw

    def _cast(self, op: GraphOp) -> dict:
        (source,), (target,) = op.input_names(), op.output_names()
        var = self.graph.vars[target]
        return {"#": "1.cast", "A": [named("dtype", _dtype_attr(var.dtype))],
                "I": [{"%": self.value_id(source)}],
                "O": [{"%": self.value_id(target), "TT": {
                    "#": "0.t_dtensor", "D": [{"#": _tag(var.dtype)}, var.shape, "NCHW", [], 0]}}],
                "OA": [named("stop_gradient", array_attr("0.a_bool", [False]))]}


def _retype(out: dict, var: GraphVar) -> None:
    encoded = out.get("TT") or {}
    if encoded.get("#") in ("0.t_dtensor", "0.t_selected_rows") and var.dtype is not None:
        encoded["D"][0] = {"#": _tag(var.dtype)}


def _set_dtype_attr(raw: dict, name: str, code: int) -> None:
    """Retype a dtype attribute the operator has (the passes change no other)."""
    entry = next(e for e in raw["A"] if e["N"] == name)
    entry["AT"] = _dtype_attr(code)


def _dtype_attr(code: int) -> dict:
    return attr("1.a_dtype", CODE_DTYPES[code])


def _tag(code: int) -> str:
    return DTYPE_TAGS[CODE_DTYPES[code]]


def _largest_id(node) -> int:
    """The largest value id anywhere in the document (nested regions included)."""
    if isinstance(node, dict):
        own = node["%"] if isinstance(node.get("%"), int) else 0
        return max([own] + [_largest_id(v) for v in node.values()])
    if isinstance(node, list):
        return max([0] + [_largest_id(v) for v in node])
    return 0
