"""Training-curve PNGs for the demo: drawn with matplotlib when it is installed, otherwise
rasterised here onto a NumPy canvas and written with a small PNG encoder (zlib + CRC chunks),
so the demo needs no plotting dependency."""
from __future__ import annotations

import importlib.util
import itertools
import struct
import zlib

import numpy as np

WIDTH, HEIGHT = 720, 290
WHITE, GRID, AXIS, INK = (255, 255, 255), (225, 225, 225), (90, 90, 90), (30, 30, 30)
COLORS = [(31, 119, 180), (255, 127, 14), (44, 160, 44), (214, 39, 40)]

# 3x5 glyphs (rows of 3 bits) for the few characters the labels use.
_FONT = {
    "0": ["111", "101", "101", "101", "111"], "1": ["010", "110", "010", "010", "111"],
    "2": ["111", "001", "111", "100", "111"], "3": ["111", "001", "111", "001", "111"],
    "4": ["101", "101", "111", "001", "001"], "5": ["111", "100", "111", "001", "111"],
    "6": ["111", "100", "111", "101", "111"], "7": ["111", "001", "010", "010", "010"],
    "8": ["111", "101", "111", "101", "111"], "9": ["111", "101", "111", "001", "111"],
    "A": ["010", "101", "111", "101", "101"], "C": ["011", "100", "100", "100", "011"],
    "E": ["111", "100", "110", "100", "111"], "H": ["101", "101", "111", "101", "101"],
    "I": ["111", "010", "010", "010", "111"], "L": ["100", "100", "100", "100", "111"],
    "N": ["111", "101", "101", "101", "101"], "O": ["010", "101", "101", "101", "010"],
    "P": ["110", "101", "110", "100", "100"], "R": ["110", "101", "110", "101", "101"],
    "S": ["011", "100", "010", "001", "110"], "T": ["111", "010", "010", "010", "010"],
    "U": ["101", "101", "101", "101", "111"], "V": ["101", "101", "101", "101", "010"],
    "Y": ["101", "101", "010", "010", "010"], ".": ["000", "000", "000", "000", "010"],
    " ": ["000", "000", "000", "000", "000"], "-": ["000", "000", "111", "000", "000"],
}


def png_bytes(image: np.ndarray) -> bytes:
    """Encode an (H, W, 3) uint8 RGB image as PNG: 8-bit truecolour, no filtering."""
    height, width, _ = image.shape

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    rows = b"".join(b"\x00" + image[y].tobytes() for y in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


class Canvas:
    """An RGB pixel canvas with lines, rectangles and 3x5 bitmap text."""

    def __init__(self, width: int, height: int):
        self.pixels = np.full((height, width, 3), WHITE, dtype=np.uint8)

    def rect(self, x0, y0, x1, y1, color) -> None:
        self.pixels[max(y0, 0):y1, max(x0, 0):x1] = color

    def line(self, x0, y0, x1, y1, color, thickness=2) -> None:
        steps = int(max(abs(x1 - x0), abs(y1 - y0))) + 1
        for t in np.linspace(0.0, 1.0, steps):
            x = round(x0 + (x1 - x0) * t)
            y = round(y0 + (y1 - y0) * t)
            self.rect(x - thickness // 2, y - thickness // 2, x + thickness - thickness // 2,
                      y + thickness - thickness // 2, color)

    def text(self, x, y, message, color=INK, scale=2) -> None:
        for char in message.upper():
            for row, bits in enumerate(_FONT.get(char, _FONT[" "])):
                for col, bit in enumerate(bits):
                    if bit == "1":
                        self.rect(x + col * scale, y + row * scale, x + (col + 1) * scale,
                                  y + (row + 1) * scale, color)
            x += 4 * scale


def _panel(canvas: Canvas, box, title: str, series: dict, y_range, legend_top=True) -> None:
    """A line chart of `series` (name -> values per epoch) inside box = (x0, y0, x1, y1),
    with its legend in the top or bottom right corner."""
    x0, y0, x1, y1 = box
    low, high = y_range
    canvas.text(x0, y0 - 22, title)
    for i in range(5):
        y = y1 - (y1 - y0) * i // 4
        canvas.rect(x0, y, x1, y + 1, GRID)
        canvas.text(x0 - 46, y - 5, f"{low + (high - low) * i / 4:.2f}", AXIS, scale=1)
    canvas.rect(x0, y0, x0 + 1, y1, AXIS)
    canvas.rect(x0, y1, x1, y1 + 1, AXIS)
    length = max(len(values) for values in series.values())
    for i in range(length):
        canvas.text(x0 + (x1 - x0) * i // max(length - 1, 1) - 2, y1 + 6, str(i + 1), AXIS,
                    scale=1)
    legend_y = y0 + 8 if legend_top else y1 - 14 * len(series) - 8
    for k, (name, values) in enumerate(series.items()):
        color = COLORS[k % len(COLORS)]
        points = [(x0 + (x1 - x0) * (i / max(length - 1, 1)),
                   y1 - (y1 - y0) * (min(max(v, low), high) - low) / ((high - low) or 1.0))
                  for i, v in enumerate(values)]
        for (ax, ay), (bx, by) in itertools.pairwise(points):
            canvas.line(ax, ay, bx, by, color)
        canvas.rect(x1 - 100, legend_y + 14 * k, x1 - 88, legend_y + 6 + 14 * k, color)
        canvas.text(x1 - 82, legend_y - 2 + 14 * k, name)
    canvas.text((x0 + x1) // 2 - 20, y1 + 18, "EPOCH", AXIS)


def _draw_by_hand(history: dict, path: str) -> None:
    canvas = Canvas(WIDTH, HEIGHT)
    losses = [v for values in history["loss"].values() for v in values]
    _panel(canvas, (60, 40, 340, 240), "LOSS", history["loss"], (0.0, max(losses)))
    _panel(canvas, (420, 40, 700, 240), "ACCURACY", history["acc"], (0.0, 1.0),
           legend_top=False)
    with open(path, "wb") as f:
        f.write(png_bytes(canvas.pixels))


def _draw_with_matplotlib(history: dict, path: str) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.5))
    for ax, key, title in zip(axes, ("loss", "acc"), ("Loss", "Accuracy")):
        for name, values in history[key].items():
            ax.plot(range(1, len(values) + 1), values, marker="o", label=name)
        ax.set_title(title)
        ax.set_xlabel("epoch")
        ax.grid(alpha=0.3)
        ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def plot_curves(history: dict, path: str) -> str:
    """Write the loss and accuracy curves (history[key][series] = per-epoch values) to `path`;
    returns which renderer drew them."""
    if importlib.util.find_spec("matplotlib") is not None:
        _draw_with_matplotlib(history, path)
        return "matplotlib"
    _draw_by_hand(history, path)
    return "built-in PNG writer"
