"""A pipeline served elsewhere: the Python client of a `/v1/rag` service (`dragon rag-serve` or any
Ragnarök-compatible server), usable wherever a local Pipeline is."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit, urlunsplit

import httpx

from dragon_bench.errors import BadInputError, DragonError
from dragon_bench.rag.answer import AnswerSentence, RagAnswer
from dragon_bench.rag.candidate import Candidate

__all__ = ["RagReply", "RemotePipeline", "RemotePipelineError", "reply_from_json"]


class RemotePipelineError(DragonError):
    """A remote pipeline failed: unreachable, too slow (`timeout`), or answered an error (`status`)."""

    def __init__(
        self, message: str, *, url: str, status: int | None = None, timeout: bool = False
    ) -> None:
        super().__init__(message)
        self.url = url
        self.status = status
        self.timeout = timeout


@dataclass(frozen=True)
class RagReply:
    """One answer of a served pipeline: the TREC RAG 2024 JSON, the same as a RagAnswer, the
    candidates given to the generator (their segments are the cited evidence) and the time taken."""

    pipeline: str
    trec: dict[str, Any]
    answer: RagAnswer
    candidates: tuple[Candidate, ...] = ()
    elapsed: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    def cited_segments(self) -> dict[str, str]:
        """Text of each reference that the service sent back, by docid."""
        texts = {c.docid: c.text for c in self.candidates}
        return {d: texts[d] for d in self.answer.references if d in texts}


def reply_from_json(body: Any, *, pipeline: str = "", elapsed: float = 0.0) -> RagReply:
    """Read a `/v1/rag` answer (with or without the service's `dragon` extension)."""
    body = _unwrap(body)
    if not isinstance(body, Mapping):
        raise ValueError("the answer is not a JSON object")
    trec = {k: v for k, v in body.items() if k != "dragon"}
    raw_ext = body.get("dragon")
    ext: Mapping[str, Any] = raw_ext if isinstance(raw_ext, Mapping) else {}
    refs = tuple(str(r) for r in trec["references"])
    sentences = tuple(
        AnswerSentence(str(s["text"]), tuple(int(c) for c in s.get("citations") or ()))
        for s in trec["answer"]
    )
    model_answer = ext.get("model_answer")
    if not isinstance(model_answer, str):
        model_answer = " ".join(s.text for s in sentences)
    found = ext.get("found")
    answer = RagAnswer(
        str(trec.get("topic_id", "")),
        str(trec.get("topic", "")),
        tuple(str(d) for d in found) if isinstance(found, list) else refs,
        refs,
        sentences,
        model_answer,
        str(trec.get("run_id", "")),
    )
    candidates = tuple(Candidate.from_trec(c) for c in ext.get("candidates") or ())
    name = str(ext.get("pipeline") or pipeline)
    return RagReply(name, trec, answer, candidates, elapsed)


def _unwrap(body: Any) -> Any:
    """The answer inside a Ragnarök server envelope (`{"artifacts": [{"data": [...]}]}`)."""
    if isinstance(body, Mapping) and isinstance(body.get("artifacts"), list):
        for artifact in body["artifacts"]:
            data = artifact.get("data") if isinstance(artifact, Mapping) else None
            if isinstance(data, list) and data:
                return data[0]
            if isinstance(data, Mapping):
                return data
    return body


def _query(qid: str, text: str) -> dict[str, str]:
    return {"qid": str(qid), "text": text}


class RemotePipeline:
    """`RemotePipeline("http://127.0.0.1:8400").answer(qid, question)` asks a served pipeline.

    `pipeline` names one of the service's pipelines (also read from a `?pipeline=` in the URL);
    every call gives up after `timeout` seconds with a RemotePipelineError, never hangs.
    """

    def __init__(
        self,
        url: str,
        *,
        pipeline: str | None = None,
        timeout: float = 60.0,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        parts = urlsplit(url.strip())
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise BadInputError(f"a remote pipeline is an http(s) URL, got {url!r}")
        named = parse_qs(parts.query).get("pipeline")
        path = parts.path.rstrip("/")
        # a Ragnarök server answers TREC RAG requests on /v1/generate only
        self.rag_path = "/v1/generate" if path.endswith("/v1/generate") else "/v1/rag"
        for suffix in ("/v1/rag", "/v1/generate", "/v1"):
            if path.endswith(suffix):
                path = path[: -len(suffix)]
        self.url = urlunsplit((parts.scheme, parts.netloc, path, "", ""))
        self.pipeline = pipeline or (named[0] if named else None)
        self.timeout = timeout
        self._http = httpx.Client(timeout=timeout, headers=dict(headers or {}))

    def __repr__(self) -> str:
        which = f", pipeline={self.pipeline!r}" if self.pipeline else ""
        return f"RemotePipeline({self.url!r}{which})"

    @property
    def label(self) -> str:
        return f"{self.url}" + (f" (pipeline {self.pipeline})" if self.pipeline else "")

    # -- transport ----------------------------------------------------------------------------
    def _call(self, method: str, path: str, body: Any = None, **params: Any) -> Any:
        if self.pipeline:
            params.setdefault("pipeline", self.pipeline)
        url = self.url + path
        try:
            resp = self._http.request(method, url, json=body, params=params or None)
        except httpx.TimeoutException as exc:
            raise RemotePipelineError(
                f"remote pipeline {self.label} did not answer {path} within {self.timeout:g} s",
                url=url,
                timeout=True,
            ) from exc
        except httpx.HTTPError as exc:
            raise RemotePipelineError(
                f"cannot reach remote pipeline {self.label}: {exc}", url=url
            ) from exc
        if resp.status_code >= 400:
            raise RemotePipelineError(
                f"remote pipeline {self.label} answered {resp.status_code} to {path}: "
                f"{_error_text(resp)}",
                url=url,
                status=resp.status_code,
            )
        try:
            return resp.json()
        except ValueError as exc:
            raise RemotePipelineError(
                f"remote pipeline {self.label} answered {path} with something that is not JSON",
                url=url,
                status=resp.status_code,
            ) from exc

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> RemotePipeline:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the service's endpoints ----------------------------------------------------------------
    def health(self) -> dict[str, Any]:
        body = self._call("GET", "/healthz")
        return dict(body) if isinstance(body, Mapping) else {"status": body}

    def pipelines(self) -> list[dict[str, Any]]:
        """What the service serves: `[{"name", "kind", ...}]`."""
        body = self._call("GET", "/v1/pipelines")
        items = body.get("pipelines", []) if isinstance(body, Mapping) else body
        return [dict(p) for p in items]

    def search(self, query: str, k: int | None = None, *, qid: str = "") -> list[Candidate]:
        body: dict[str, Any] = {"query": _query(qid, query)}
        if k is not None:
            body["k"] = k
        return self._candidates(self._call("POST", "/v1/search", body), "/v1/search")

    def rerank(
        self, query: str, candidates: Sequence[Candidate], *, qid: str = ""
    ) -> list[Candidate]:
        body = {"query": _query(qid, query), "candidates": [c.to_trec() for c in candidates]}
        return self._candidates(self._call("POST", "/v1/rerank", body), "/v1/rerank")

    def generate(self, query: str, candidates: Sequence[Candidate], *, qid: str = "") -> RagReply:
        body = {"query": _query(qid, query), "candidates": [c.to_trec() for c in candidates]}
        return self._reply("/v1/generate", body)

    def rag(
        self, query: str, *, qid: str = "", candidates: Sequence[Candidate] | None = None
    ) -> RagReply:
        """The full answer; without candidates the service retrieves them itself."""
        body: dict[str, Any] = {"query": _query(qid, query)}
        if candidates:
            body["candidates"] = [c.to_trec() for c in candidates]
        return self._reply(self.rag_path, body)

    def answer(
        self, qid: str, question: str, candidates: Sequence[Candidate] | None = None
    ) -> RagAnswer:
        """Like Pipeline.answer: the answer with its texts (`found_ids`) and references."""
        return self.rag(question, qid=str(qid), candidates=candidates).answer

    def __call__(self, question: str) -> RagAnswer:
        """For `client.run`: the answer without a question id."""
        return self.answer("", question)

    # -- reading answers --------------------------------------------------------------------------
    def _reply(self, path: str, body: dict[str, Any]) -> RagReply:
        start = time.perf_counter()
        data = self._call("POST", path, body, extended="true")
        try:
            return reply_from_json(
                data, pipeline=self.pipeline or "", elapsed=time.perf_counter() - start
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RemotePipelineError(
                f"remote pipeline {self.label} answered {path} with an invalid TREC RAG answer: "
                f"{type(exc).__name__} {exc}",
                url=self.url + path,
            ) from exc

    def _candidates(self, data: Any, path: str) -> list[Candidate]:
        try:
            return [Candidate.from_trec(c) for c in data["candidates"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise RemotePipelineError(
                f"remote pipeline {self.label} answered {path} without a candidates list",
                url=self.url + path,
            ) from exc


def _error_text(resp: Any) -> str:
    try:
        body = resp.json()
    except ValueError:
        return str(resp.text)[:300].strip() or resp.reason_phrase
    if isinstance(body, Mapping):
        errors = body.get("errors")
        if isinstance(errors, list) and errors and isinstance(errors[0], Mapping):
            return str(errors[0].get("message", errors[0]))[:300]
        for key in ("error", "detail", "message"):
            if key in body:
                return str(body[key])[:300]
    return str(body)[:300]
