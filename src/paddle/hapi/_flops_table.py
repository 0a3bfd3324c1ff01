"""The boxed text table paddle.flops prints: '+----+' rules and '|' cells, each cell centred
with one space of margin, columns as wide as their widest cell."""
from __future__ import annotations


class Table:
    """Rows of cells under `table_heads`, printed with print_table()."""

    def __init__(self, table_heads):
        self.table_heads = table_heads
        self.table_len = [len(head) for head in table_heads]
        self.data = []
        self.col_num = len(table_heads)

    def add_row(self, row_str) -> None:
        if not isinstance(row_str, list) or len(row_str) != self.col_num:
            raise ValueError(f"(flops table) a row must be a list of {self.col_num} cells, "
                             f"but received {row_str!r}")
        self.table_len = [max(width, len(str(cell)))
                          for width, cell in zip(self.table_len, row_str)]
        self.data.append(row_str)

    def _row_text(self, row) -> str:
        return "".join("|" + str(cell).center(width + 2)
                       for cell, width in zip(row, self.table_len)) + "|"

    def _shelf_text(self) -> str:
        return "".join("+" + "-" * (width + 2) for width in self.table_len) + "+"

    def print_row(self, row) -> None:
        print(self._row_text(row))

    def print_shelf(self) -> None:
        print(self._shelf_text())

    def print_table(self) -> None:
        self.print_shelf()
        self.print_row(self.table_heads)
        self.print_shelf()
        for row in self.data:
            self.print_row(row)
        self.print_shelf()
