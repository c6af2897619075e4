"""The RAG service: named pipelines over HTTP with the Ragnarök / TREC RAG 2024 I/O
(`/v1/search`, `/v1/rerank`, `/v1/generate`, `/v1/rag`), plus `/v1/pipelines` and `/healthz`."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi import Query as QueryParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from starlette.exceptions import HTTPException as StarletteHTTPException

from dragon_bench.errors import BadInputError
from dragon_bench.rag.batching import RequestBatcher
from dragon_bench.rag.candidate import Candidate
from dragon_bench.rag.registry import (
    LocalPipeline,
    PipelineBusyError,
    PipelineRegistry,
    ServedPipeline,
)
from dragon_bench.rag.remote import RagReply, RemotePipelineError
from dragon_bench.serving import AppServer, free_port, request_problems

__all__ = [
    "MAX_REQUEST_BYTES",
    "CandidatesRequest",
    "RagRequest",
    "RagServer",
    "SearchRequest",
    "ServiceError",
    "TrecAnswer",
    "create_app",
    "free_port",
    "router",
]

T = TypeVar("T")
MAX_CANDIDATES = 1000
MAX_REQUEST_BYTES = 1024 * 1024


# ---- request and answer models (the OpenAPI document shows them) ------------------------------


class TrecQuery(BaseModel):
    """`{"qid", "text"}`; the text must not be blank."""

    qid: str | int = ""
    text: str

    @field_validator("text")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("query text is empty")
        return value


class TrecDoc(BaseModel):
    model_config = ConfigDict(extra="allow")
    segment: str = ""


class TrecCandidate(BaseModel):
    """`{"docid", "score", "doc": {"segment"}}`."""

    model_config = ConfigDict(extra="allow")
    docid: str | int
    # NaN and infinities (1e999 parses as one) cannot be ranked or written back as JSON.
    score: float = Field(0.0, allow_inf_nan=False)
    doc: TrecDoc = Field(default_factory=TrecDoc)

    def to_candidate(self) -> Candidate:
        """The pipeline's candidate; a bare `segment` or `text` stands in for `doc.segment`."""
        text = self.doc.segment
        if not text:
            extra = {**(self.doc.model_extra or {}), **(self.model_extra or {})}
            text = str(extra.get("segment") or extra.get("text") or "")
        return Candidate(str(self.docid), float(self.score), text)


class _QueryRequest(BaseModel):
    """A request whose `query` is `{"qid", "text"}` or, for short, the text alone."""

    query: TrecQuery = Field(description="{'qid', 'text'} or the text alone")

    @model_validator(mode="before")
    @classmethod
    def _bare_text(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("query"), str):
            return {**data, "query": {"qid": "", "text": data["query"]}}
        return data


class SearchRequest(_QueryRequest):
    k: int | None = Field(
        None, ge=1, le=1000, description="how many candidates (default: retrieve_k)"
    )
    pipeline: str | None = Field(None, description="a served pipeline (default: the first)")


class CandidatesRequest(_QueryRequest):
    candidates: list[TrecCandidate] = Field(max_length=MAX_CANDIDATES)
    pipeline: str | None = None


class RagRequest(_QueryRequest):
    """A TREC RAG 2024 request; without candidates the pipeline retrieves them itself."""

    candidates: list[TrecCandidate] = Field(default_factory=list, max_length=MAX_CANDIDATES)
    pipeline: str | None = None


class CandidatesAnswer(BaseModel):
    query: TrecQuery
    candidates: list[TrecCandidate]


class TrecSentence(BaseModel):
    text: str
    citations: list[int]


class TrecAnswer(BaseModel):
    """A TREC RAG 2024 answer; `dragon` (pipeline, found, model_answer, candidates given to the
    generator) is added only when asked for with `?extended=true`."""

    run_id: str
    topic_id: str
    topic: str
    references: list[str]
    response_length: int
    answer: list[TrecSentence]
    dragon: dict[str, Any] | None = None


class ErrorAnswer(BaseModel):
    error: str
    status: int
    pipeline: str | None = None
    problems: list[str] | None = None


class ServiceError(Exception):
    """An error answer: HTTP `status`, a one-line message and the pipeline concerned."""

    def __init__(self, status: int, message: str, pipeline: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.pipeline = pipeline


def _error(status: int, message: str, pipeline: str | None = None, **extra: Any) -> JSONResponse:
    body: dict[str, Any] = {"error": message, "status": status}
    if pipeline:
        body["pipeline"] = pipeline
    body.update(extra)
    return JSONResponse(body, status_code=status)


def _query(q: TrecQuery) -> tuple[str, str]:
    return str(q.qid), q.text


# ---- the routes -------------------------------------------------------------------------------


class RagService:
    """What the routes share: the registry, the worker threads and the per-call timeout."""

    def __init__(
        self,
        registry: PipelineRegistry,
        *,
        version: str | None,
        texts: int | None,
        timeout: float,
        workers: int,
        batch: int = 1,
    ) -> None:
        self.registry = registry
        self.batch = batch
        self.version = version
        self.texts = texts
        self.timeout = timeout
        self.workers = workers
        self.pool = self._executor()
        self.batchers: dict[str, RequestBatcher[tuple[str, str], RagReply]] = {}
        for served in registry.pipelines.values():
            if isinstance(served, LocalPipeline):  # a request waiting for a busy one gives up too
                served.busy_timeout = min(served.busy_timeout, timeout)

    def _executor(self) -> ThreadPoolExecutor:
        return ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="dragon-rag")

    def restart_pool(self) -> None:
        """Replace the worker threads after a shutdown, so the app can be started again."""
        old, self.pool = self.pool, self._executor()
        self.batchers = {}  # theirs ran in the old pool and event loop
        old.shutdown(wait=False, cancel_futures=True)

    def pick(self, query_param: str | None, body_field: str | None) -> tuple[str, ServedPipeline]:
        try:
            return self.registry.get(query_param or body_field)
        except BadInputError as exc:
            raise ServiceError(404, str(exc), query_param or body_field) from exc

    async def call(self, name: str, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a pipeline call in a worker thread; its failures become error answers."""
        loop = asyncio.get_running_loop()
        return await self._guard(name, loop.run_in_executor(self.pool, lambda: fn(*args, **kwargs)))

    async def rag(self, name: str, served: ServedPipeline, qid: str, text: str) -> RagReply:
        """A `/v1/rag` call that retrieves: queued with the other requests to the same pipeline
        and answered in one batched call when the pipeline can (see rag/batching.py)."""
        rag_many = getattr(served, "rag_many", None)
        if rag_many is None or self.batch <= 1:
            return await self.call(name, served.rag, text, qid=qid)
        batcher = self.batchers.get(name)
        if batcher is None:
            batcher = RequestBatcher(rag_many, self.pool, size=self.batch)
            self.batchers[name] = batcher
        return await self._guard(name, batcher.submit((qid, text)))

    async def _guard(self, name: str, future: Awaitable[T]) -> T:
        try:
            return await asyncio.wait_for(future, self.timeout)
        except TimeoutError as exc:
            raise ServiceError(
                504, f"pipeline {name} did not answer within {self.timeout:g} s", name
            ) from exc
        except RemotePipelineError as exc:
            if exc.timeout:
                status = 504
            elif exc.status is not None and 400 <= exc.status < 500:
                status = exc.status
            else:
                status = 502
            raise ServiceError(status, f"pipeline {name}: {exc}", name) from exc
        except PipelineBusyError as exc:
            raise ServiceError(503, str(exc), name) from exc
        except BadInputError as exc:
            raise ServiceError(400, f"pipeline {name}: {exc}", name) from exc
        except Exception as exc:  # any failure inside a pipeline is that pipeline's 500
            raise ServiceError(
                500, f"pipeline {name} failed: {type(exc).__name__}: {exc}", name
            ) from exc


def get_service(request: Request) -> RagService:
    service: RagService = request.app.state.rag
    return service


ServiceDep = Annotated[RagService, Depends(get_service)]


def _answer_json(reply: RagReply, name: str, extended: bool) -> JSONResponse:
    body = dict(reply.trec)
    if extended:
        body["dragon"] = {
            "pipeline": name,
            "found": list(reply.answer.found),
            "model_answer": reply.answer.model_answer,
            "candidates": [c.to_trec() for c in reply.candidates],
            "elapsed": round(reply.elapsed, 4),
        }
    return JSONResponse(body, headers={"X-Dragon-Pipeline": name})


def _candidates_json(qid: str, text: str, found: list[Candidate], name: str) -> JSONResponse:
    body = {"query": {"qid": qid, "text": text}, "candidates": [c.to_trec() for c in found]}
    return JSONResponse(body, headers={"X-Dragon-Pipeline": name})


_ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorAnswer} for code in (404, 413, 422, 500, 502, 504)
}
PipelineParam = Annotated[
    str | None, QueryParam(description="served pipeline (default: the first)")
]
ExtendedParam = Annotated[
    bool,
    QueryParam(description="add a `dragon` object: found texts, short answer, cited candidates"),
]

router = APIRouter()


@router.get("/healthz")
def healthz(service: ServiceDep) -> dict[str, Any]:
    registry = service.registry
    return {
        "status": "ok",
        "version": service.version,
        "texts": service.texts,
        "pipelines": registry.names(),
        "default": registry.default,
    }


@router.get("/v1/pipelines")
def pipelines(service: ServiceDep) -> dict[str, Any]:
    """The served pipelines: name, kind (local or remote), config or URL."""
    return {"default": service.registry.default, "pipelines": service.registry.describe()}


@router.post("/v1/search", response_model=CandidatesAnswer, responses=_ERRORS)
async def search(
    service: ServiceDep, body: SearchRequest, pipeline: PipelineParam = None
) -> JSONResponse:
    """Retrieve candidates: the answer is a TREC RAG request ready for `/v1/rerank` or `/v1/rag`."""
    name, p = service.pick(pipeline, body.pipeline)
    qid, text = _query(body.query)
    found = await service.call(name, p.search, text, body.k, qid=qid)
    return _candidates_json(qid, text, found, name)


@router.post("/v1/rerank", response_model=CandidatesAnswer, responses=_ERRORS)
async def rerank(
    service: ServiceDep, body: CandidatesRequest, pipeline: PipelineParam = None
) -> JSONResponse:
    """Rerank the head of the candidates (the pipeline's `rerank_k`), best first."""
    name, p = service.pick(pipeline, body.pipeline)
    qid, text = _query(body.query)
    given = [c.to_candidate() for c in body.candidates]
    ranked = await service.call(name, p.rerank, text, given, qid=qid)
    return _candidates_json(qid, text, ranked, name)


@router.post("/v1/generate", response_model=TrecAnswer, responses=_ERRORS)
async def generate(
    service: ServiceDep,
    body: CandidatesRequest,
    pipeline: PipelineParam = None,
    extended: ExtendedParam = False,
) -> JSONResponse:
    """Answer from the candidates as given (the first `top_k`), citing them."""
    name, p = service.pick(pipeline, body.pipeline)
    qid, text = _query(body.query)
    given = [c.to_candidate() for c in body.candidates]
    reply = await service.call(name, p.generate, text, given, qid=qid)
    return _answer_json(reply, name, extended)


@router.post("/v1/rag", response_model=TrecAnswer, responses=_ERRORS)
async def rag(
    service: ServiceDep,
    body: RagRequest,
    pipeline: PipelineParam = None,
    extended: ExtendedParam = False,
) -> JSONResponse:
    """Rerank the given candidates (or retrieve them) and answer with citations."""
    name, p = service.pick(pipeline, body.pipeline)
    qid, text = _query(body.query)
    given = [c.to_candidate() for c in body.candidates] or None
    if given is None:
        reply = await service.rag(name, p, qid, text)
    else:
        reply = await service.call(name, p.rag, text, qid=qid, candidates=given)
    return _answer_json(reply, name, extended)


# ---- the app -----------------------------------------------------------------------------------


class BodyLimit:
    """ASGI middleware: a request body over `limit` bytes answers 413 before any route reads it."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or self.limit <= 0:
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or []).get(b"content-length", b"")
        if length.isdigit() and int(length) > self.limit:
            await self._refuse(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            size += len(message.get("body", b""))
            if size > self.limit:
                await self._refuse(scope, receive, send)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Any:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Any, receive: Any, send: Any) -> None:
        message = f"request body exceeds the limit of {self.limit} bytes"
        await _error(413, message)(scope, receive, send)


def create_app(
    registry: PipelineRegistry,
    *,
    version: str | None = None,
    texts: int | None = None,
    timeout: float = 120.0,
    workers: int = 16,
    max_request_bytes: int = MAX_REQUEST_BYTES,
    batch: int = 1,
) -> FastAPI:
    """The service over `registry`; a pipeline call longer than `timeout` seconds answers 504
    (the call itself is left to finish in its worker thread), a request body over
    `max_request_bytes` answers 413 (0: no limit), and up to `batch` concurrent retrieving
    `/v1/rag` requests to one local pipeline are answered in one batched call (1: none)."""
    service = RagService(
        registry, version=version, texts=texts, timeout=timeout, workers=workers, batch=batch
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        service.restart_pool()

    app = FastAPI(
        lifespan=lifespan,
        title="dragon-bench RAG service",
        version="1",
        description="Named RAG pipelines with the Ragnarök / TREC RAG 2024 request and answer "
        "format. Pick a pipeline with `?pipeline=NAME` or a `pipeline` field.",
    )
    app.state.registry = registry
    app.state.rag = service
    app.add_exception_handler(ServiceError, _service_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _bad_request)  # type: ignore[arg-type]
    app.add_exception_handler(StarletteHTTPException, _http_error)  # type: ignore[arg-type]
    app.include_router(router)
    app.add_middleware(BodyLimit, limit=max_request_bytes)
    return app


async def _service_error(request: Request, exc: ServiceError) -> JSONResponse:
    return _error(exc.status, exc.message, exc.pipeline)


async def _bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
    problems = request_problems(exc, limit=20)
    return _error(422, "bad request: " + "; ".join(problems[:5]), problems=problems)


async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
    return _error(exc.status_code, str(exc.detail))


# ---- running it --------------------------------------------------------------------------------


class RagServer(AppServer):
    """`with RagServer(app) as server: server.url` serves an app under uvicorn in a thread."""

    label = "the RAG service"
    thread_name = "dragon-rag"

    def __init__(self, app: FastAPI, *, host: str = "127.0.0.1", port: int | None = None) -> None:
        super().__init__(app, host=host, port=port)
