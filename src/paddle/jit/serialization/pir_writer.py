"""Build a PIR JSON program (Paddle 3.3's `paddle.jit.save` layout) op by op.

Values are numbered from 1 in definition order (0 stands for an absent optional input), the
parameters come first as compressed `p` ops, and keys are written sorted and without spaces,
as Paddle's own writer does.
"""
from __future__ import annotations

import json

from ..._core import dtype as _dt
from ..._core.meta import TensorMeta
from .pir_codec import CPU_PLACE, UNDEFINED_PLACE, array_attr, attr, encode_type, named


class PirWriter:
    """Collects ops; `emit` returns the ids of the new op's outputs."""

    def __init__(self):
        self.ops: list[dict] = []
        self._next_id = 1

    def _new_id(self) -> int:
        value = self._next_id
        self._next_id += 1
        return value

    def parameter(self, name: str, meta, trainable: bool, stop_gradient: bool) -> int:
        """A persistable parameter (`p` op): [is_distributed, is_parameter, need_clip, name];
        output attributes [persistable, stop_gradient, trainable]."""
        value = self._new_id()
        self.ops.append({"#": "p", "A": [0, 1, 1, name], "DA": [],
                         "O": {"%": value, "TT": encode_type(meta)},
                         "OA": [1, int(stop_gradient), int(trainable)], "QA": []})
        return value

    def emit(self, name: str, inputs: list, attrs: list, out_metas: list,
             stop_gradient=None) -> list:
        """Append op `name` (e.g. `1.matmul`); attrs are (name, encoded attribute) pairs."""
        outs = [self._new_id() for _ in out_metas]
        flags = stop_gradient if stop_gradient is not None else [False] * len(outs)
        op = {"#": name, "A": [named(k, v) for k, v in attrs],
              "I": [{"%": 0 if i is None else i} for i in inputs],
              "O": [{"%": o, "TT": encode_type(m)} for o, m in zip(outs, out_metas)],
              "OA": [named("stop_gradient", array_attr("0.a_bool", flags))]}
        self.ops.append(op)
        return outs

    def data(self, name: str, meta, stop_gradient: bool) -> int:
        attrs = [("name", attr("0.a_str", name)), ("shape", attr("1.a_intarray", meta.shape)),
                 ("dtype", attr("1.a_dtype", meta.dtype)),
                 ("place", attr("1.a_place", UNDEFINED_PLACE))]
        return self.emit("1.data", [], attrs, [meta], [stop_gradient])[0]

    def fetch(self, value: int, meta, col: int, stop_gradient: bool = False) -> None:
        out = self._new_id()
        self.ops.append({"#": "1.fetch",
                         "A": [named("name", attr("0.a_str", f"fetch_name_{col}")),
                               named("col", attr("0.a_i32", col))],
                         "I": [{"%": value}], "O": [{"%": out, "TT": encode_type(meta)}],
                         "OA": [named("persistable", array_attr("0.a_bool", [True])),
                                named("stop_gradient", array_attr("0.a_bool",
                                                                  [stop_gradient]))]})

    # ---- helpers for the inputs Paddle takes as tensors ----------------------------------------
    def int_array(self, values) -> int:
        """A `full_int_array` holding `values` (Paddle's IntArray inputs: shapes, axes)."""
        values = [int(v) for v in values]
        attrs = [("value", array_attr("0.a_i64", values)), ("dtype", attr("1.a_dtype", "int64")),
                 ("place", attr("1.a_place", CPU_PLACE))]
        return self.emit("1.full_int_array", [], attrs, [TensorMeta([len(values)], _dt.int64)],
                         [True])[0]

    def stack(self, parts: list, part_meta, axis: int, out_meta, stop_gradient=None) -> int:
        """`stack(combine(parts), axis)`: how Paddle builds one tensor from several values of
        the same type (`part_meta`)."""
        flags = stop_gradient or [False]
        vector = self.emit("0.combine", parts, [], [[part_meta] * len(parts)], flags)[0]
        return self.emit("1.stack", [vector], [("axis", attr("0.a_i32", axis))], [out_meta],
                         flags)[0]

    def full(self, shape, value, dtype, place=CPU_PLACE) -> int:
        """A `full` op (Paddle's Scalar inputs: axes, factors, probabilities, on the CPU;
        paddle.full itself leaves the place undefined)."""
        dtype = _dt.to_dtype(dtype)
        attrs = [("shape", attr("1.a_intarray", shape)), ("value", attr("0.a_f64", value)),
                 ("dtype", attr("1.a_dtype", dtype)), ("place", attr("1.a_place", place))]
        return self.emit("1.full", [], attrs, [TensorMeta(list(shape), dtype)], [True])[0]

    def to_json(self, trainable: bool = True) -> str:
        document = {"base_code": {"magic": "pir", "trainable": trainable, "version": 4},
                    "program": {"regions": [{"#": "region_0", "blocks": [
                        {"#": "block_0", "args": [], "ops": self.ops}]}]}}
        return json.dumps(document, sort_keys=True, separators=(",", ":"))
