"""python -m paddle.onnx MODEL_PREFIX OUT.onnx [--opset N] [--input-shape NAME:D0,D1,...]

Converts Paddle inference model files (MODEL_PREFIX.json or .pdmodel, with .pdiparams) to ONNX;
-1 (or ?) in a shape keeps that dim dynamic."""
from __future__ import annotations

import argparse
import sys

from .model_files import convert


def _shape(text: str) -> tuple:
    name, sep, dims = text.rpartition(":")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected NAME:D0,D1,..., got {text!r}")
    try:
        return name, [-1 if d.strip() in ("?", "-1") else int(d) for d in dims.split(",")]
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"dims of {name!r} must be ints, -1 or ?: "
                                         f"{dims!r}") from exc


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m paddle.onnx", description=__doc__.split(
        "\n\n")[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model_prefix", help="path prefix of the Paddle model files")
    parser.add_argument("save_file", help="the ONNX file to write")
    parser.add_argument("--opset", type=int, default=13, help="ONNX opset, 11-20 (default 13)")
    parser.add_argument("--input-shape", type=_shape, action="append", default=[],
                        metavar="NAME:D0,D1,...", help="replace an input's declared shape")
    args = parser.parse_args(argv)
    convert(args.model_prefix, args.save_file, dict(args.input_shape), args.opset)
    print(f"wrote {args.save_file} (opset {args.opset})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
