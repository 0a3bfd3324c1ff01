"""The compare_accuracy workbook (xlsxwriter): Paddle's columns, widths and highlights.

Columns: op_type, tensor_name, numel, infinite, then per run dtype/max/min/mean/num_zero (the
low-precision run adds num_inf/num_nan), then the low/float32 ratios of max, min and mean.
Red marks values outside float16's range and NaN/Inf flags, yellow float16 dtypes, orange
ratios away from 1 and from the loss scale.
"""
from __future__ import annotations

import numpy as np

from .accuracy_compare import _out_of_float16, tensor_name

_WIDTHS = {"op_type": 24, "tensor_name": 60, "numel": 10, "num_zero": 10, "infinite": 8,
           "dtype": 8, "max_value": 16, "min_value": 16, "mean_value": 16, "num_inf": 8,
           "num_nan": 8}
_RUN = ["dtype", "max_value", "min_value", "mean_value", "num_zero"]


def _xlsxwriter():
    try:
        import xlsxwriter
    except ImportError as exc:
        raise ImportError("paddle.amp.debugging.compare_accuracy writes an Excel workbook with "
                          "the xlsxwriter package: pip install xlsxwriter (or the "
                          "'debug' extra of this package)") from exc
    return xlsxwriter


class Workbook:
    def __init__(self, fp32_dir, low_dir, path):
        self.fp32_dir, self.low_dir = fp32_dir, low_dir
        self.book = _xlsxwriter().Workbook(path)
        fmt = self.book.add_format
        self.title = fmt({"bold": True, "border": 1, "font_color": "black",
                          "bg_color": "#6495ED", "align": "center"})
        self.name_format = fmt({"bold": True, "bg_color": "#F5F5F5"})
        self.red = fmt({"bold": True, "bg_color": "red"})
        self.yellow = fmt({"bold": True, "bg_color": "yellow"})
        self.orange = fmt({"bold": True, "bg_color": "orange"})

    def close(self) -> None:
        self.book.close()

    def _titles(self, sheet, loss_scale) -> None:
        names = ["op_type", "tensor_name", "numel", "infinite"]
        if self.low_dir is None:
            sheet.merge_range("E1:H1", "fp32", self.title)
            sheet.merge_range("I1:J1", f"fp32 (scale={loss_scale})", self.title)
            names += _RUN[:4] + ["max_value", "min_value"]
        elif self.fp32_dir is None:
            sheet.merge_range("E1:J1", f"fp16 (scale={loss_scale})", self.title)
            names += _RUN + ["num_inf", "num_nan"]
        else:
            sheet.merge_range("E1:H1", "fp32", self.title)
            sheet.merge_range("I1:N1", f"fp16 (scale={loss_scale})", self.title)
            sheet.merge_range("O1:Q1", "fp16 / fp32", self.title)
            names += _RUN + _RUN + ["num_inf", "num_nan", "max_value", "min_value",
                                    "mean_value"]
        for col, name in enumerate(names):
            letter = chr(ord("A") + col)
            sheet.set_column(f"{letter}:{letter}", _WIDTHS[name])
            sheet.write(1, col, name, self.title)

    def _value(self, sheet, row, col, value, check=True) -> None:
        if value is None:
            sheet.write(row, col, "--")
            return
        text = f"{value:.6E}" if abs(value) < 1e-5 else f"{value:.6f}"
        if check and _out_of_float16(value):
            sheet.write(row, col, text, self.red)
        else:
            sheet.write(row, col, text)

    def _run(self, sheet, row, col, info, zeros) -> int:
        """dtype, max, min, mean, zero count of one run; the next column."""
        if info is None:
            for i in range(5):
                sheet.write(row, col + i, "--")
            return col + 5
        if info["dtype"] == "fp16":
            sheet.write(row, col, info["dtype"], self.yellow)
        else:
            sheet.write(row, col, info["dtype"])
        for i, key in enumerate(("max", "min", "mean")):
            self._value(sheet, row, col + 1 + i, info[key])
        sheet.write(row, col + 4, "--" if zeros is None else f"{zeros:>10d}")
        return col + 5

    def _ratio(self, sheet, row, col, value, loss_scale) -> None:
        if value is None:
            sheet.write(row, col, "--")
            return
        near = any(scale * 0.95 < value < scale * 1.05 for scale in (1, loss_scale))
        sheet.write(row, col, f"{value:.6f}", None if near else self.orange)

    def add_sheet(self, rows, name, loss_scale) -> None:
        sheet = self.book.add_worksheet(name)
        self._titles(sheet, loss_scale)
        abnormal_ops = []
        for r, row in enumerate(rows, start=2):
            if not row["normal"] and row["op_type"] not in abnormal_ops:
                abnormal_ops.append(row["op_type"])
            sheet.write(r, 0, row["op_type"])
            both = row["fp32"] is not None and row["low"] is not None
            sheet.write(r, 1, tensor_name(row), self.name_format if both else None)
            sheet.write(r, 2, row["numel"], None if row["numel"] <= np.iinfo(np.int32).max
                        else self.red)
            sheet.write(r, 3, "0" if row["normal"] else "1", None if row["normal"] else self.red)
            col = 4
            fp32_zeros = row["fp32"]["num_zero"] if row["fp32"] else None
            if self.fp32_dir is not None:
                col = self._run(sheet, r, col, row["fp32"], fp32_zeros)
                if self.low_dir is None:
                    self._value(sheet, r, col, row["scaled_max"])
                    self._value(sheet, r, col + 1, row["scaled_min"])
                    col += 2
            if self.low_dir is not None:
                # Paddle's sheet shows the float32 run's zero count in this column too
                col = self._run(sheet, r, col, row["low"], fp32_zeros)
                for i, key in enumerate(("num_inf", "num_nan")):
                    value = row["low"][key] if row["low"] else None
                    sheet.write(r, col + i, "--" if value is None else value,
                                self.red if value == 1 else None)
                col += 2
            if self.fp32_dir is not None and self.low_dir is not None:
                for i, value in enumerate(row.get("ratios") or [None] * 3):
                    self._ratio(sheet, r, col + i, value, loss_scale)
        print(f"-- OP Types produce infinite outputs: {abnormal_ops}")
