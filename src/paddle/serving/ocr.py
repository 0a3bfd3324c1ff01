"""PP-OCR (det → cls → rec) over the served models, for the web page.

The three models are ordinary served models (named by the `ocr` settings, `ocr_det`, `ocr_cls`
and `ocr_rec` by default), so the page's requests go through the same batching, workers and
metrics as any client's. Pre- and post-processing follow PaddleOCR's published settings as
rapidocr-paddle 1.4.5 ships them: det resizes the shorter side up to 736 (sides rounded to
multiples of 32) and normalises with mean = std = 0.5; DB post-processing with threshold 0.3,
box threshold 0.5, unclip ratio 1.6 and a 2×2 dilation; cls at 3×48×192, turning a crop by 180°
when '180' scores over 0.9; rec at height 48, width from the widest crop of a batch of 6 (at
least 320), CTC greedy decoding over the character list with blank first and space last; lines
under 0.5 are dropped. Images are decoded with Pillow and handed to the models as BGR, as
OpenCV loads them."""
from __future__ import annotations

import asyncio
import io
import math

import numpy as np

from . import ocr_geometry as geo
from .errors import bad_request

DET_SIDE, DET_THRESH, BOX_THRESH, UNCLIP_RATIO, MAX_CANDIDATES = 736, 0.3, 0.5, 1.6, 1000
CLS_SHAPE, CLS_THRESH, REC_HEIGHT, REC_WIDTH, BATCH = (48, 192), 0.9, 48, 320, 6
TEXT_SCORE, MAX_IMAGE_SIDE = 0.5, 4096


def decode_image(data: bytes) -> np.ndarray:
    """HxWx3 uint8 BGR of an uploaded PNG/JPEG/…; 400 when it is not an image."""
    from PIL import Image, UnidentifiedImageError
    try:
        image = Image.open(io.BytesIO(data))
        image.load()
    except (UnidentifiedImageError, OSError, ValueError):
        raise bad_request("the body is not an image Pillow can read") from None
    if max(image.size) > MAX_IMAGE_SIDE:
        raise bad_request(f"the image is {image.size[0]}x{image.size[1]}; the page reads images "
                          f"up to {MAX_IMAGE_SIDE} pixels a side")
    return np.ascontiguousarray(np.asarray(image.convert("RGB"))[:, :, ::-1])


def _resize(image: np.ndarray, width: int, height: int) -> np.ndarray:
    from PIL import Image
    return np.asarray(Image.fromarray(image).resize((width, height), Image.BILINEAR))


def _normalised(image: np.ndarray) -> np.ndarray:
    """CHW float32, (x / 255 - 0.5) / 0.5."""
    return ((image.astype(np.float32) / 255.0 - 0.5) / 0.5).transpose(2, 0, 1)


def det_input(image: np.ndarray) -> np.ndarray:
    h, w = image.shape[:2]
    ratio = DET_SIDE / min(h, w) if min(h, w) < DET_SIDE else 1.0
    height = max(32, int(round(int(h * ratio) / 32) * 32))
    width = max(32, int(round(int(w * ratio) / 32) * 32))
    return _normalised(_resize(image, width, height))[None]


def boxes_from_map(probability: np.ndarray, source_shape: tuple) -> list:
    """Text boxes (4x2 int arrays in the source image's pixels) from det's [H, W] map."""
    from scipy import ndimage
    mask = ndimage.binary_dilation(probability > DET_THRESH, np.ones((2, 2), bool))
    height, width = probability.shape
    src_h, src_w = source_shape
    boxes = []
    for points in geo.regions(mask)[:MAX_CANDIDATES]:
        centre, size, u = geo.min_area_rect(points)
        if min(size) < 3:
            continue
        if geo.box_score(probability, geo.rect_corners(centre, size, u)) < BOX_THRESH:
            continue
        grown = geo.unclip(size, UNCLIP_RATIO)
        if min(grown) < 5:
            continue
        corners = geo.rect_corners(centre, grown, u)
        corners[:, 0] = np.clip(np.round(corners[:, 0] / width * src_w), 0, src_w)
        corners[:, 1] = np.clip(np.round(corners[:, 1] / height * src_h), 0, src_h)
        boxes.append(corners.astype(np.int32))
    return reading_order(boxes)


def reading_order(boxes: list) -> list:
    """Top to bottom, and left to right among boxes whose tops are within 10 pixels."""
    ordered = sorted(boxes, key=lambda b: (b[0][1], b[0][0]))
    for end in range(len(ordered) - 1, 0, -1):
        for j in range(end):
            a, b = ordered[j], ordered[j + 1]
            if abs(int(b[0][1]) - int(a[0][1])) < 10 and b[0][0] < a[0][0]:
                ordered[j], ordered[j + 1] = b, a
    return ordered


def crop(image: np.ndarray, box: np.ndarray) -> np.ndarray:
    """The box's quadrilateral straightened into a rectangle (taller-than-wide turned)."""
    from PIL import Image
    p = box.astype(np.float64)
    width = int(max(np.linalg.norm(p[0] - p[1]), np.linalg.norm(p[2] - p[3])))
    height = int(max(np.linalg.norm(p[0] - p[3]), np.linalg.norm(p[1] - p[2])))
    width, height = max(width, 1), max(height, 1)
    quad = (*p[0], *p[3], *p[2], *p[1])
    out = np.asarray(Image.fromarray(image).transform((width, height), Image.QUAD, quad,
                                                      Image.BICUBIC))
    return np.rot90(out) if height / width >= 1.5 else out


def cls_input(crops: list) -> np.ndarray:
    height, width = CLS_SHAPE
    batch = np.zeros((len(crops), 3, height, width), np.float32)
    for row, image in enumerate(crops):
        resized = min(width, math.ceil(height * image.shape[1] / image.shape[0]))
        batch[row, :, :, :resized] = _normalised(_resize(image, resized, height))
    return batch


def rec_input(crops: list) -> np.ndarray:
    ratios = [c.shape[1] / c.shape[0] for c in crops]
    width = int(REC_HEIGHT * max([REC_WIDTH / REC_HEIGHT] + ratios))
    batch = np.zeros((len(crops), 3, REC_HEIGHT, width), np.float32)
    for row, (image, ratio) in enumerate(zip(crops, ratios)):
        resized = min(width, math.ceil(REC_HEIGHT * ratio))
        batch[row, :, :, :resized] = _normalised(_resize(image, resized, REC_HEIGHT))
    return batch


def ctc_decode(probabilities: np.ndarray, characters: list) -> list:
    """(text, score) per row of rec's [N, T, classes] output: repeats merged, blanks dropped,
    the score the mean of the kept steps' probabilities."""
    out = []
    for row in probabilities:
        best, score = row.argmax(1), row.max(1)
        keep = np.ones(len(best), bool)
        keep[1:] = best[1:] != best[:-1]
        keep &= best != 0
        text = "".join(characters[i] for i in best[keep])
        out.append((text, float(score[keep].mean()) if keep.any() else 0.0))
    return out


def read_characters(path: str) -> list:
    with open(path, encoding="utf-8") as f:
        return ["blank"] + [line.rstrip("\r\n") for line in f] + [" "]


class OcrPipeline:
    """det → cls → rec through `repository.infer`; `await read(image_bytes, timeout)`."""

    def __init__(self, repository, settings: dict):
        self.repository = repository
        self.det = settings.get("det", "ocr_det")
        self.cls = settings.get("cls", "ocr_cls")
        self.rec = settings.get("rec", "ocr_rec")
        self.characters = read_characters(settings["dict"])

    def models(self) -> list:
        return [m for m in (self.det, self.cls, self.rec) if m in self.repository.models]

    async def _run(self, model: str, array: np.ndarray, timeout: float) -> np.ndarray:
        name = self.repository.version(model, None).input_names()[0]
        _, outputs = await self.repository.infer(model, None, {name: array}, timeout)
        return outputs[0]

    async def read(self, data: bytes, timeout: float) -> dict:
        image = await asyncio.to_thread(decode_image, data)
        probability = await self._run(self.det, await asyncio.to_thread(det_input, image),
                                      timeout)
        boxes = await asyncio.to_thread(boxes_from_map, probability[0, 0], image.shape[:2])
        crops = [crop(image, box) for box in boxes]
        if self.cls in self.repository.models:
            crops = await self._turned(crops, timeout)
        lines = []
        order = np.argsort([c.shape[1] / c.shape[0] for c in crops], kind="stable")
        results: dict = {}
        for start in range(0, len(order), BATCH):
            chunk = [int(i) for i in order[start:start + BATCH]]
            batch = await asyncio.to_thread(rec_input, [crops[i] for i in chunk])
            decoded = ctc_decode(await self._run(self.rec, batch, timeout), self.characters)
            results.update(zip(chunk, decoded))
        for index, box in enumerate(boxes):
            text, score = results[index]
            if score >= TEXT_SCORE:
                lines.append({"box": box.tolist(), "text": text, "score": round(score, 4)})
        return {"width": image.shape[1], "height": image.shape[0], "lines": lines}

    async def _turned(self, crops: list, timeout: float) -> list:
        turned = list(crops)
        for start in range(0, len(crops), BATCH):
            batch = await asyncio.to_thread(cls_input, crops[start:start + BATCH])
            scores = await self._run(self.cls, batch, timeout)
            for offset, row in enumerate(scores):
                if row.argmax() == 1 and row.max() > CLS_THRESH:
                    turned[start + offset] = np.rot90(crops[start + offset], 2)
        return turned
