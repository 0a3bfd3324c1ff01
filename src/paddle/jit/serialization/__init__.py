"""Paddle's model formats: `paddle.jit.save` / `paddle.jit.load` (PIR JSON program +
`.pdiparams`), the legacy ProgramDesc `.pdmodel`, and TranslatedLayer.

    pdiparams        the combined parameter file (byte-compatible with Paddle)
    pir_codec        PIR JSON types and attributes
    pir_reader       PIR JSON -> ForeignProgram (Paddle's ops, not yet mapped)
    pdmodel          legacy ProgramDesc protobuf -> ForeignProgram (needs `protobuf`)
    op_map           the converter tables; pir_ops_* and legacy_ops hold the converters
    builder          runs a ForeignProgram through the converters (eagerly or traced)
    translated_layer TranslatedLayer
    load / save      the public entry points
"""
from . import (  # noqa: F401 - register the converters
    legacy_ops,
    legacy_ops_manip,
    legacy_ops_nn,
    pir_ops_basic,
    pir_ops_manip,
    pir_ops_nn,
)
from .load import load
from .save import save
from .translated_layer import TranslatedLayer

__all__ = ["TranslatedLayer", "load", "save"]
