"""A pipeline's answer to one question, in the DRAGON results form and as TREC RAG 2024 JSON."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dragon_bench.types import Result

__all__ = ["AnswerSentence", "Generation", "RagAnswer", "TREC_MAX_REFERENCES", "TREC_MAX_WORDS"]

TREC_MAX_REFERENCES = 20
TREC_MAX_WORDS = 400


@dataclass(frozen=True, slots=True)
class AnswerSentence:
    """One sentence of a response and the indexes (into the references) that support it."""

    text: str
    citations: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Generation:
    """What a generator returns: the short answer and its cited sentences (indexes into candidates)."""

    answer: str
    sentences: tuple[AnswerSentence, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)


def _as_int(docid: str) -> int | None:
    try:
        return int(docid)
    except ValueError:
        return None


@dataclass(frozen=True, slots=True)
class RagAnswer:
    """The answer to one question with its ranked texts (`found`) and cited `references`."""

    qid: str
    question: str
    found: tuple[str, ...]
    references: tuple[str, ...]
    sentences: tuple[AnswerSentence, ...]
    model_answer: str
    run_id: str = "dragon-baseline"

    @property
    def found_ids(self) -> list[int]:
        """Public text ids best first (docids that are not integers are left out)."""
        return [i for i in (_as_int(d) for d in self.found) if i is not None]

    def to_result(self) -> Result:
        return Result(tuple(self.found_ids), self.model_answer)

    def to_trec(self) -> dict[str, Any]:
        """TREC RAG 2024 answer: at most 20 references and 400 words, citations index references."""
        refs = list(self.references[:TREC_MAX_REFERENCES])
        answer: list[dict[str, Any]] = []
        words = 0
        for s in self.sentences:
            n = len(s.text.split())
            if words + n > TREC_MAX_WORDS:
                break
            words += n
            answer.append({"text": s.text, "citations": [c for c in s.citations if c < len(refs)]})
        return {
            "run_id": self.run_id,
            "topic_id": self.qid,
            "topic": self.question,
            "references": refs,
            "response_length": words,
            "answer": answer,
        }

    @classmethod
    def build(
        cls,
        qid: str,
        question: str,
        found: Sequence[str],
        references: Sequence[str],
        generation: Generation,
        run_id: str = "dragon-baseline",
    ) -> RagAnswer:
        return cls(
            qid,
            question,
            tuple(found),
            tuple(references),
            tuple(generation.sentences),
            generation.answer,
            run_id,
        )
