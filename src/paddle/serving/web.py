"""The web page at `/`: upload an image and PP-OCR (det → cls → rec, the served models) draws
the boxes and the recognised text on it; beside it a live view of the metrics. `POST /ocr`
takes the image's bytes as the body and answers the lines found; it runs under the same keys,
limits and admission queue as inference requests, and needs the key to be allowed all the OCR
models."""
from __future__ import annotations

import os

from fastapi import Request
from fastapi.responses import FileResponse, JSONResponse

from .errors import ServingError
from .ocr import OcrPipeline

STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")
ASSETS = {"app.js": "text/javascript", "style.css": "text/css"}


def add_web_routes(app, service, settings) -> None:
    repository = service.repository
    pipeline = OcrPipeline(repository, settings.ocr) if settings.ocr.get("dict") else None

    @app.get("/")
    async def page():
        return FileResponse(os.path.join(STATIC, "index.html"), media_type="text/html")

    @app.get("/static/{asset}")
    async def asset(asset: str):
        if asset not in ASSETS:
            raise ServingError(404, f"no asset {asset}")
        return FileResponse(os.path.join(STATIC, asset), media_type=ASSETS[asset])

    @app.get("/page/config")
    async def page_config():
        ready = pipeline is not None and {pipeline.det, pipeline.rec} <= set(repository.models)
        return {"ocr": ready, "development": service.keys.development,
                "models": sorted(repository.models)}

    @app.post("/ocr")
    async def ocr(request: Request):
        if pipeline is None or pipeline.det not in repository.models \
                or pipeline.rec not in repository.models:
            raise ServingError(404, "the OCR page is off: serve ocr_det and ocr_rec (and "
                                    "ocr_cls) and give --ocr-dict")
        result = await service.guarded(request, pipeline.models(), "ocr", pipeline.read)
        return JSONResponse(result)
