"""The RAG service: named pipelines over HTTP with the Ragnarök / TREC RAG 2024 I/O
(`/v1/search`, `/v1/rerank`, `/v1/generate`, `/v1/rag`), plus `/v1/pipelines` and `/healthz`."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from fastapi import FastAPI, Request
from fastapi import Query as QueryParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from starlette.exceptions import HTTPException as StarletteHTTPException

from dragon_bench.errors import BadInputError
from dragon_bench.rag.candidate import Candidate
from dragon_bench.rag.registry import (
    LocalPipeline,
    PipelineBusyError,
    PipelineRegistry,
    ServedPipeline,
)
from dragon_bench.rag.remote import RagReply, RemotePipelineError
from dragon_bench.serving import AppServer, free_port

__all__ = [
    "CandidatesRequest",
    "RagRequest",
    "RagServer",
    "SearchRequest",
    "ServiceError",
    "TrecAnswer",
    "create_app",
    "free_port",
]

T = TypeVar("T")
MAX_CANDIDATES = 1000


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
    score: float = 0.0
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


# ---- the app -----------------------------------------------------------------------------------


def create_app(
    registry: PipelineRegistry,
    *,
    version: str | None = None,
    texts: int | None = None,
    timeout: float = 120.0,
    workers: int = 16,
) -> FastAPI:
    """The service over `registry`; a pipeline call longer than `timeout` seconds answers 504
    (the call itself is left to finish in its worker thread)."""

    def new_executor() -> ThreadPoolExecutor:
        return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="dragon-rag")

    pool = [new_executor()]  # replaced after a shutdown, so the app can be started again

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        old, pool[0] = pool[0], new_executor()
        old.shutdown(wait=False, cancel_futures=True)

    for served in registry.pipelines.values():
        if isinstance(served, LocalPipeline):  # a request waiting for a busy pipeline gives up too
            served.busy_timeout = min(served.busy_timeout, timeout)

    app = FastAPI(
        lifespan=lifespan,
        title="dragon-bench RAG service",
        version="1",
        description="Named RAG pipelines with the Ragnarök / TREC RAG 2024 request and answer "
        "format. Pick a pipeline with `?pipeline=NAME` or a `pipeline` field.",
    )
    app.state.registry = registry

    @app.exception_handler(ServiceError)
    async def _service_error(request: Request, exc: ServiceError) -> JSONResponse:
        return _error(exc.status, exc.message, exc.pipeline)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for e in exc.errors():
            loc = ".".join(str(p) for p in e.get("loc", ()) if p != "body")
            problems.append(f"{loc or 'body'}: {e.get('msg', 'invalid')}")
        return _error(422, "bad request: " + "; ".join(problems[:5]), problems=problems)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _error(exc.status_code, str(exc.detail))

    def pick(query_param: str | None, body_field: str | None) -> tuple[str, ServedPipeline]:
        try:
            return registry.get(query_param or body_field)
        except BadInputError as exc:
            raise ServiceError(404, str(exc), query_param or body_field) from exc

    async def call(name: str, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(pool[0], lambda: fn(*args, **kwargs))
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError as exc:
            raise ServiceError(
                504, f"pipeline {name} did not answer within {timeout:g} s", name
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

    def answer_json(reply: RagReply, name: str, extended: bool) -> JSONResponse:
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

    def candidates_json(qid: str, text: str, found: list[Candidate], name: str) -> JSONResponse:
        body = {"query": {"qid": qid, "text": text}, "candidates": [c.to_trec() for c in found]}
        return JSONResponse(body, headers={"X-Dragon-Pipeline": name})

    errors: dict[int | str, dict[str, Any]] = {
        code: {"model": ErrorAnswer} for code in (404, 422, 500, 502, 504)
    }
    pipeline_param = QueryParam(None, description="served pipeline (default: the first)")
    extended_param = QueryParam(
        False, description="add a `dragon` object: found texts, short answer, cited candidates"
    )

    @app.get("/healthz")
    def healthz() -> dict[str, Any]:
        return {
            "status": "ok",
            "version": version,
            "texts": texts,
            "pipelines": registry.names(),
            "default": registry.default,
        }

    @app.get("/v1/pipelines")
    def pipelines() -> dict[str, Any]:
        """The served pipelines: name, kind (local or remote), config or URL."""
        return {"default": registry.default, "pipelines": registry.describe()}

    @app.post("/v1/search", response_model=CandidatesAnswer, responses=errors)
    async def search(body: SearchRequest, pipeline: str | None = pipeline_param) -> JSONResponse:
        """Retrieve candidates: the answer is a TREC RAG request ready for `/v1/rerank` or `/v1/rag`."""
        name, p = pick(pipeline, body.pipeline)
        qid, text = _query(body.query)
        found = await call(name, p.search, text, body.k, qid=qid)
        return candidates_json(qid, text, found, name)

    @app.post("/v1/rerank", response_model=CandidatesAnswer, responses=errors)
    async def rerank(
        body: CandidatesRequest, pipeline: str | None = pipeline_param
    ) -> JSONResponse:
        """Rerank the head of the candidates (the pipeline's `rerank_k`), best first."""
        name, p = pick(pipeline, body.pipeline)
        qid, text = _query(body.query)
        given = [c.to_candidate() for c in body.candidates]
        ranked = await call(name, p.rerank, text, given, qid=qid)
        return candidates_json(qid, text, ranked, name)

    @app.post("/v1/generate", response_model=TrecAnswer, responses=errors)
    async def generate(
        body: CandidatesRequest,
        pipeline: str | None = pipeline_param,
        extended: bool = extended_param,
    ) -> JSONResponse:
        """Answer from the candidates as given (the first `top_k`), citing them."""
        name, p = pick(pipeline, body.pipeline)
        qid, text = _query(body.query)
        given = [c.to_candidate() for c in body.candidates]
        reply = await call(name, p.generate, text, given, qid=qid)
        return answer_json(reply, name, extended)

    @app.post("/v1/rag", response_model=TrecAnswer, responses=errors)
    async def rag(
        body: RagRequest,
        pipeline: str | None = pipeline_param,
        extended: bool = extended_param,
    ) -> JSONResponse:
        """Rerank the given candidates (or retrieve them) and answer with citations."""
        name, p = pick(pipeline, body.pipeline)
        qid, text = _query(body.query)
        given = [c.to_candidate() for c in body.candidates] or None
        reply = await call(name, p.rag, text, qid=qid, candidates=given)
        return answer_json(reply, name, extended)

    return app


# ---- running it --------------------------------------------------------------------------------


class RagServer(AppServer):
    """`with RagServer(app) as server: server.url` serves an app under uvicorn in a thread."""

    label = "the RAG service"
    thread_name = "dragon-rag"

    def __init__(self, app: FastAPI, *, host: str = "127.0.0.1", port: int | None = None) -> None:
        super().__init__(app, host=host, port=port)
