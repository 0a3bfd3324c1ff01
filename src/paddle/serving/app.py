"""The FastAPI application: the Open Inference Protocol's endpoints (health, server and model
metadata, model readiness, infer, the model repository's load/unload), Paddle Serving's
`/{model}/prediction`, `/metrics`, and the web page with its OCR endpoint.

`create_app(settings)` builds the app; its lifespan starts the worker processes, loads every
configured version into them, and stops them when the server stops."""
from __future__ import annotations

import asyncio
import contextlib
import json

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

from .codecs import KServeCodec, PipelineCodec
from .errors import ServingError, bad_request
from .keys import KeyStore, require_admin
from .metrics import ServingMetrics
from .pool import WorkerPool
from .service import InferenceService
from .settings import ServingSettings
from .versions import ModelRepository
from .web import add_web_routes

SERVER_NAME = "paddle.serving (Feijiang)"
EXTENSIONS = ["binary_tensor_data", "model_repository"]


def _error(error: ServingError) -> JSONResponse:
    return JSONResponse({"error": error.message}, status_code=error.status,
                        headers=error.headers())


def create_app(settings: ServingSettings, keys: KeyStore | None = None) -> FastAPI:
    keys = keys if keys is not None else KeyStore.from_file(settings.api_keys)
    metrics = ServingMetrics()
    pool = WorkerPool(settings.workers)
    repository = ModelRepository(pool, metrics, settings.models)
    service = InferenceService(settings, keys, repository, metrics)
    state = {"ready": False}

    @contextlib.asynccontextmanager
    async def lifespan(app):
        await asyncio.to_thread(pool.start)
        try:
            await repository.start()
            _watch_queues(metrics, service, repository, pool)
            state["ready"] = True
            yield
        finally:
            state["ready"] = False
            await asyncio.to_thread(pool.stop)

    app = FastAPI(title=SERVER_NAME, lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None)
    app.state.service, app.state.repository, app.state.pool = service, repository, pool

    @app.exception_handler(ServingError)
    async def serving_error(request: Request, error: ServingError):
        return _error(error)

    _add_health_routes(app, state, repository)
    _add_model_routes(app, service, repository)
    _add_repository_routes(app, service, repository)

    @app.get("/metrics")
    async def metrics_endpoint(request: Request):
        require_admin(keys.authenticate(request.headers), "read the metrics")
        metrics.worker_restarts.set(pool.restarts)
        return Response(metrics.exposition(), media_type="text/plain; version=0.0.4")

    add_web_routes(app, service, settings)
    return app


def _watch_queues(metrics, service, repository, pool) -> None:
    metrics.queue_depth.labels("admission").set_function(lambda: service.admission.queued)
    metrics.queue_depth.labels("workers").set_function(lambda: pool.queued)
    metrics.queue_depth.labels("batching").set_function(lambda: sum(
        v.batcher.waiting for m in repository.models.values() for v in m.versions.values()))


def _add_health_routes(app: FastAPI, state: dict, repository: ModelRepository) -> None:
    @app.get("/v2/health/live")
    async def live():
        return {"live": True}

    @app.get("/v2/health/ready")
    async def ready():
        return JSONResponse({"ready": state["ready"]}, status_code=200 if state["ready"]
                            else 503)

    @app.get("/v2")
    async def server_metadata():
        import paddle
        return {"name": SERVER_NAME, "version": paddle.__version__, "extensions": EXTENSIONS}


def _add_model_routes(app: FastAPI, service: InferenceService,
                      repository: ModelRepository) -> None:
    kserve, pipeline = KServeCodec(), PipelineCodec()

    model_path = "/v2/models/{name}"
    version_path = model_path + "/versions/{version}"

    async def metadata(request: Request, name: str):
        service.authenticate(request, [name])
        return repository.metadata(name, request.path_params.get("version"))

    async def ready(request: Request, name: str):
        service.authenticate(request, [name])
        repository.version(name, request.path_params.get("version"))
        return {"name": name, "ready": True}

    async def infer(request: Request, name: str):
        return await service.handle(request, name, request.path_params.get("version"), kserve)

    for path in (model_path, version_path):
        app.add_api_route(path, metadata, methods=["GET"])
        app.add_api_route(path + "/ready", ready, methods=["GET"])
        app.add_api_route(path + "/infer", infer, methods=["POST"])

    @app.post("/{name}/prediction")
    async def prediction(request: Request, name: str):
        return await service.handle(request, name, None, pipeline)


def _add_repository_routes(app: FastAPI, service: InferenceService,
                           repository: ModelRepository) -> None:
    """Triton's model repository extension: hot reload is `load` with
    `{"parameters": {"version": "3", "path": "/models/lenet/3", "default": true}}`."""

    async def admin_parameters(request: Request) -> dict:
        require_admin(service.keys.authenticate(request.headers), "manage the model repository")
        body = await service.read_body(request)
        try:
            data = json.loads(body) if body else {}
        except json.JSONDecodeError as error:
            raise bad_request(f"malformed JSON in the request body: {error}") from None
        parameters = data.get("parameters") if isinstance(data, dict) else None
        return parameters if isinstance(parameters, dict) else {}

    @app.post("/v2/repository/index")
    async def index(request: Request):
        require_admin(service.keys.authenticate(request.headers), "list the model repository")
        return [{"name": m.name, "version": v, "state": "READY"}
                for m in repository.models.values() for v in sorted(m.versions)]

    @app.post("/v2/repository/models/{name}/load")
    async def load(request: Request, name: str):
        parameters = await admin_parameters(request)
        version, path = parameters.get("version"), parameters.get("path")
        if not version or not path:
            raise bad_request("load needs parameters 'version' and 'path'")
        await repository.load(name, str(version), str(path),
                              bool(parameters.get("default", True)))
        return repository.metadata(name, None)

    @app.post("/v2/repository/models/{name}/unload")
    async def unload(request: Request, name: str):
        parameters = await admin_parameters(request)
        if not parameters.get("version"):
            raise bad_request("unload needs parameter 'version'")
        await repository.unload(name, str(parameters["version"]))
        return repository.metadata(name, None)
