"""The record passed between retrieval, reranking and generation: a text with its best passages."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from dragon_bench.errors import BadInputError

__all__ = ["Candidate", "rescore"]


@dataclass(frozen=True, slots=True)
class Candidate:
    """One retrieved text: `docid`, a score, and its passage text (best passages joined).

    It is the TREC RAG 2024 candidate (`{"docid", "score", "doc": {"segment"}}`), so a
    served pipeline takes and returns candidates unchanged.
    """

    docid: str
    score: float
    text: str
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_trec(self) -> dict[str, Any]:
        return {"docid": self.docid, "score": float(self.score), "doc": {"segment": self.text}}

    @classmethod
    def from_trec(cls, data: Mapping[str, Any]) -> Candidate:
        try:
            doc = data.get("doc") or {}
            text = doc.get("segment") if isinstance(doc, Mapping) else None
            if text is None:
                text = data.get("text") or data.get("segment") or ""
            return cls(str(data["docid"]), float(data.get("score", 0.0)), str(text))
        except (KeyError, TypeError, ValueError) as exc:
            raise BadInputError(f"candidate {data!r:.80} lacks docid or score: {exc}") from exc


def rescore(candidates: list[Candidate], scores: list[float]) -> list[Candidate]:
    """Candidates with new scores, best first (stable on ties)."""
    order = sorted(range(len(candidates)), key=lambda i: -scores[i])
    return [replace(candidates[i], score=float(scores[i])) for i in order]
