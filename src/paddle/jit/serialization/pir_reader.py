"""Read a PIR JSON program (what `paddle.jit.save` writes in Paddle 3.3) into a ForeignProgram.

Feeds are the `pd_op.data` ops, fetches the `pd_op.fetch` ops (in `col` order), parameters the
compressed `p` ops; every other op is kept, with its attributes decoded, for the op mapping.
"""
from __future__ import annotations

import json

from .foreign import ForeignFeed, ForeignOp, ForeignParameter, ForeignProgram
from .pir_codec import PirFormatError, decode_attr, decode_type

DIALECTS = {"0": "builtin", "1": "pd_op", "2": "cf", "3": "custom_op", "4": "dist_op"}


def read_pir_program(path: str) -> ForeignProgram:
    with open(path, encoding="utf-8") as f:
        try:
            document = json.load(f)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise PirFormatError(f"(jit.load) {path} is not a PIR JSON program: {exc}") from None
    return parse_pir_program(document, path)


def parse_pir_program(document: dict, where: str = "<json>") -> ForeignProgram:
    base = document.get("base_code") if isinstance(document, dict) else None
    magic = base.get("magic") if isinstance(base, dict) else None
    if magic != "pir":
        raise PirFormatError(f"(jit.load) {where} is not a PIR program (magic {magic!r}, "
                             "expected 'pir')")
    program = ForeignProgram(ops=[], metas={}, parameters=[], feeds=[], fetches=[],
                             trainable=bool(base.get("trainable", True)))
    fetches = []
    for index, raw in enumerate(_top_level_ops(document, where)):
        try:
            op = _parse_op(raw, program.metas)
            if op is None:
                program.parameters.append(_parse_parameter(raw, program.metas))
        except (KeyError, IndexError, TypeError, AttributeError) as exc:
            raise PirFormatError(f"(jit.load) {where} is not a PIR program: operation "
                                 f"#{index} is malformed ({type(exc).__name__}: {exc})") from None
        if op is None:
            continue
        if op.name == "pd_op.data":
            key = op.outputs[0]
            program.feeds.append(ForeignFeed(op.attrs["name"], key, program.metas[key]))
        elif op.name == "pd_op.fetch":
            fetches.append((op.attrs.get("col", len(fetches)), op.inputs[0],
                            op.attrs.get("name", f"fetch_name_{len(fetches)}")))
        else:
            program.ops.append(op)
    fetches.sort(key=lambda item: item[0])
    program.fetches = [key for _, key, _ in fetches]
    program.fetch_names = [name for _, _, name in fetches]
    return program


def _top_level_ops(document: dict, where: str) -> list:
    """The op list of the program's first block."""
    try:
        ops = document["program"]["regions"][0]["blocks"][0]["ops"]
    except (KeyError, IndexError, TypeError):
        ops = None
    if not isinstance(ops, list):
        raise PirFormatError(f"(jit.load) {where} is not a PIR program: it has no op list at "
                             "program.regions[0].blocks[0].ops")
    return ops


def qualified_name(short: str) -> str:
    dialect, _, name = short.partition(".")
    if dialect not in DIALECTS or not name:
        raise PirFormatError(f"(jit.load) unknown operation name {short!r}")
    return f"{DIALECTS[dialect]}.{name}"


def _parse_op(raw: dict, metas: dict):
    if raw["#"] == "p":
        return None
    name = qualified_name(raw["#"])
    inputs = [_input_key(i) for i in raw.get("I", [])]
    outputs = []
    for out in raw.get("O", []):
        key = out["%"]
        metas[key] = decode_type(out["TT"]) if "TT" in out else None
        outputs.append(key)
    attrs = {a["N"]: decode_attr(a["AT"]) for a in raw.get("A", [])}
    regions = [_parse_region(r, metas) for r in raw.get("regions", [])]
    return ForeignOp(name, inputs, attrs, outputs, regions)


def _parse_region(region: dict, metas: dict) -> list:
    blocks = []
    for block in region.get("blocks", []):
        args = []
        for arg in block.get("args", []):
            key = arg["%"] if "%" in arg else arg["#"]  # block arguments have negative ids
            metas[key] = decode_type(arg["TT"])
            args.append(key)
        blocks.append((args, [_parse_op(op, metas) for op in block.get("ops", [])]))
    return blocks


def _input_key(raw):
    key = raw["%"] if isinstance(raw, dict) else raw
    return None if key == 0 else key


def _parse_parameter(raw: dict, metas: dict) -> ForeignParameter:
    out = raw["O"]
    key = out["%"]
    metas[key] = decode_type(out["TT"])
    name = raw["A"][3]
    persistable, stop_gradient, trainable = (list(raw.get("OA", [])) + [1, 0, 1])[:3]
    return ForeignParameter(name, key, metas[key], bool(trainable), bool(stop_gradient),
                            bool(persistable))
