"""Paddle's model formats: `paddle.jit.save` / `paddle.jit.load` (PIR JSON program +
`.pdiparams`), the legacy ProgramDesc `.pdmodel`, and TranslatedLayer.

    pdiparams        the combined parameter file (byte-compatible with Paddle)
    pir_codec        PIR JSON types and attributes
    pir_reader       PIR JSON -> ForeignProgram (Paddle's ops, not yet mapped)
    pdmodel          legacy ProgramDesc protobuf -> ForeignProgram (needs `protobuf`)
    op_map           the converter tables; pir_ops_* and legacy_ops* hold the converters
    builder          runs a ForeignProgram through the converters (eagerly or traced)
    export           Feijiang IR program -> PIR JSON; export_* hold the per-op exporters
    pir_writer       builds the PIR JSON document
    translated_layer TranslatedLayer
    load / save      paddle.jit.load / paddle.jit.save
    static_io        paddle.static save/load_inference_model and save/load
"""
from . import (  # noqa: F401 - register the converters and exporters
    export_index,
    export_more,
    export_nn,
    export_ops,
    export_reduce,
    legacy_ops,
    legacy_ops_control,
    legacy_ops_detection,
    legacy_ops_extra,
    legacy_ops_index,
    legacy_ops_manip,
    legacy_ops_nn,
    legacy_ops_vision,
    pir_ops_basic,
    pir_ops_control,
    pir_ops_detection,
    pir_ops_extra,
    pir_ops_manip,
    pir_ops_nn,
    pir_ops_vision,
)
from .load import load
from .save import save
from .translated_layer import TranslatedLayer

__all__ = ["TranslatedLayer", "load", "save"]
