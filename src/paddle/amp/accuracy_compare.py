"""compare_accuracy: two tensor-checker dumps side by side in a spreadsheet, as Paddle's tool
lays it out.

Each dump directory holds `worker_*` logs of `[PRECISION]` lines (see paddle._core.nan_inf).
The lines of the second dump (the low-precision run) are matched to the first (float32) by
op type, tensor name (cast suffixes dropped) and occurrence; every pair becomes a row with
both runs' dtype, max, min, mean and zero count, the low-precision run's NaN/Inf counts and
the max/min/mean ratios, and is flagged abnormal when a value leaves float16's range, a NaN/Inf
appears, or a scaled float32 gradient's extreme differs from the other run's by more than 1%.
"""
from __future__ import annotations

import os
import re

import numpy as np

_FIELD = re.compile(r"(\w+)=([^,\]\s]*)")


def _out_of_float16(value) -> bool:
    with np.errstate(over="ignore", invalid="ignore"):
        narrow = np.float16(value)
    return bool(np.isinf(narrow) or np.isnan(narrow))


def parse_line(line: str) -> dict:
    """The fields of one `[PRECISION]` line (op, tensor, dtype, numel, max, min, ...)."""
    fields = dict(_FIELD.findall(line))
    info = {"op": fields.get("op"), "tensor": fields.get("tensor", ""),
            "dtype": fields.get("dtype"), "numel": int(fields.get("numel", 0)),
            "num_zero": int(fields.get("num_zero", 0)),
            "num_nan": int(fields.get("num_nan", 0)), "num_inf": int(fields.get("num_inf", 0))}
    for key in ("max", "min", "mean"):
        info[key] = np.float32(fields[key]) if key in fields else None
    return info


def parse_log(path: str) -> list | None:
    """Every tensor a log reports, in order; None when the file is missing."""
    if not os.path.exists(path):
        print("the file ", path, "is not found")
        return None
    with open(path) as log:
        return [parse_line(line) for line in log if "[PRECISION]" in line]


def _key(info: dict) -> str:
    name = info["tensor"].replace(".cast_fp16", "").replace(".cast_fp32", "")
    return f"{info['op']}/{name}"


def _ratio(low, high):
    if low is None or high is None:
        return None
    return low / high if high != 0 else 1


def merge(fp32_infos, low_infos, grad_scale: float) -> list:
    """One row per tensor of the low-precision run (or of the float32 run when it is the only
    one), paired with the float32 run's same tensor."""
    if low_infos is None:
        counts: dict = {}
        rows = []
        for info in fp32_infos or []:
            index = counts[_key(info)] = counts.get(_key(info), -1) + 1
            rows.append(_row(info, None, index, grad_scale))
        return rows
    by_key, written = {}, {}
    for info in fp32_infos or []:
        index = written[_key(info)] = written.get(_key(info), -1) + 1
        by_key[f"{_key(info)}#{index}"] = info
    read, rows = {}, []
    for info in low_infos:
        index = read.get(_key(info), 0)
        partner = by_key.get(f"{_key(info)}#{index}")
        if partner is not None:
            read[_key(info)] = index + 1
        rows.append(_row(partner, info, index, grad_scale))
    return rows


def _row(fp32, low, index: int, grad_scale: float) -> dict:
    main = fp32 if fp32 is not None else low
    row = {"op_type": main["op"], "numel": main["numel"], "fp32": fp32, "low": low,
           "index": index, "scaled_max": None, "scaled_min": None}
    if fp32 is not None and "GRAD" in fp32["tensor"]:
        row["scaled_max"], row["scaled_min"] = grad_scale * fp32["max"], grad_scale * fp32["min"]
    if fp32 is not None and low is not None:
        row["ratios"] = [_ratio(low[k], fp32[k]) for k in ("max", "min", "mean")]
    row["normal"] = _is_normal(row)
    return row


def _is_normal(row: dict) -> bool:
    fp32, low = row["fp32"] or {}, row["low"] or {}
    if row["numel"] > np.iinfo(np.int32).max:
        return False
    extremes = [fp32.get("max"), fp32.get("min"), row["scaled_max"], row["scaled_min"],
                low.get("max"), low.get("min")]
    if any(v is not None and _out_of_float16(v) for v in extremes):
        return False
    if low.get("num_inf") or low.get("num_nan"):
        return False
    for scaled, other in ((row["scaled_max"], low.get("max")), (row["scaled_min"], low.get("min"))):
        if scaled is not None and other is not None and \
                not np.allclose([other], [scaled], atol=1e-2, rtol=1e-2):
            return False
    return True


def tensor_name(row: dict) -> str:
    fp32, low = row["fp32"], row["low"]
    if fp32 is None:
        return low["tensor"]
    if low is None:
        return f"{fp32['tensor']}#{row['index']}"
    return f"{low['tensor'].replace('.cast_fp16', '/.cast_fp16/')}#{row['index']}"


def compare_accuracy(dump_path, another_dump_path, output_filename, loss_scale=1,
                     dump_all_tensors=False) -> None:
    """One worksheet per worker log of `dump_path` (paired with the same log of
    `another_dump_path`) in the workbook `output_filename`."""
    from ._accuracy_sheet import Workbook
    names = sorted(n for n in os.listdir(dump_path) if "worker_" in n)
    print(f"-- There are {len(names)} workerlogs under {dump_path}: {names}")
    book = Workbook(dump_path, another_dump_path, output_filename)
    for name in names:
        print(f"-- [Step 1/4] Parsing FP32 logs under {dump_path}/{name}")
        fp32 = parse_log(os.path.join(dump_path, name))
        print(f"-- [Step 2/4] Parsing FP16 logs under {another_dump_path}/{name}")
        low = parse_log(os.path.join(another_dump_path, name)) if another_dump_path else None
        print(f"-- [Step 3/4] Merge FP32 and FP16 tensor info for {name}")
        rows = merge(fp32, low, loss_scale)
        print(f"-- [Step 4/4] Add worksheet for mixed precision tensor info of {name}")
        book.add_sheet(rows, name, loss_scale)
    print(f"-- Write to {output_filename}")
    print()
    book.close()
