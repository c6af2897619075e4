"""Ragnarök / TREC RAG 2024 request I/O, so a served pipeline speaks the same JSON as the track."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dragon_bench.errors import BadInputError
from dragon_bench.rag.candidate import Candidate

__all__ = ["TrecRequest", "parse_request", "request_json"]


@dataclass(frozen=True)
class TrecRequest:
    """`{"query": {"qid", "text"}, "candidates": [{"docid", "score", "doc": {"segment"}}]}`."""

    qid: str
    text: str
    candidates: tuple[Candidate, ...] = ()


def parse_request(data: Any) -> TrecRequest:
    """Check and read a request; a bare {"qid", "text"} or a string query are accepted too."""
    if isinstance(data, str):
        return TrecRequest("", data)
    if not isinstance(data, Mapping):
        raise BadInputError("a TREC RAG request is a JSON object with 'query' and 'candidates'")
    query = data.get("query", data)
    if isinstance(query, str):
        qid, text = str(data.get("qid", "")), query
    elif isinstance(query, Mapping) and isinstance(query.get("text"), str):
        qid, text = str(query.get("qid", "")), query["text"]
    else:
        raise BadInputError("request.query must be a string or {'qid': ..., 'text': ...}")
    raw = data.get("candidates") or []
    if not isinstance(raw, list):
        raise BadInputError("request.candidates must be a list")
    return TrecRequest(qid, text, tuple(Candidate.from_trec(c) for c in raw))


def request_json(qid: str, text: str, candidates: list[Candidate]) -> dict[str, Any]:
    """The request form of a query and its candidates (what /v1/search answers)."""
    return {"query": {"qid": qid, "text": text}, "candidates": [c.to_trec() for c in candidates]}
