"""Systems that answer a CRAG query from its documents: `answer(query, documents) -> str`.

Built in: `refuse` (always "I don't know", the zero-score reference), `llm` (the pages put
before an LLM via DRAGON_LLM_*), and any dragon_bench.rag PipelineConfig file (YAML/JSON),
built afresh over each question's pages.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from dragon_bench.errors import BadInputError
from dragon_bench.llm import ChatModel, LLMClient, LLMError, LLMSettings
from dragon_bench.rag.config import PipelineConfig
from dragon_bench.rag.extractive import ExtractiveGenerator, is_echo
from dragon_bench.rag.pipeline import Pipeline
from dragon_bench.types import Document

__all__ = [
    "CRAG_MIN_CONFIDENCE",
    "REFUSAL",
    "Answerer",
    "RefusalBaseline",
    "LLMAnswerer",
    "RagPipelineAnswerer",
    "make_answerer",
]

REFUSAL = "I don't know"

# The extractive baseline answers only at or above this confidence (dragon_bench.rag.extractive:
# sentence coverage x closeness x margin over the runner-up x retrieval-score lead). CRAG
# scores a wrong answer -1 and "I don't know" 0, and without a judge only an exact match is
# accurate. The default maximised that score (+0.07: 25 accurate, 11 hallucinated; -0.21
# never abstaining; 0.2 gives +0.045, 0.4 +0.025) over the 200 questions of a NEREL *train*
# revision answered from their top 5 texts; the CRAG sample and the NEREL dev figures of
# docs/benchmarks.md played no part in choosing it.
CRAG_MIN_CONFIDENCE = 0.3


class Answerer(Protocol):
    """Anything that answers a query from a list of documents."""

    def __call__(self, query: str, documents: list[Document]) -> str: ...


class RefusalBaseline:
    """Always "I don't know": scores exactly 0 with 100% missing, the floor of honesty."""

    name = "refuse"
    needs_documents = False  # no need to extract pages it will not read

    def __call__(self, query: str, documents: list[Document]) -> str:
        return REFUSAL


_SYSTEM = (
    "Answer the question from the references below in as few words as possible. If the "
    "references do not contain the answer, or you are not sure, reply exactly: I don't know. "
    "If the question rests on a false premise, reply: invalid question."
)


class LLMAnswerer:
    """Pages (cut to `max_chars` in all) and the question sent to the configured LLM."""

    name = "llm"

    def __init__(
        self, llm: ChatModel | None = None, *, max_chars: int = 12_000, max_tokens: int = 100
    ) -> None:
        if llm is None:
            settings = LLMSettings.required("pipeline 'llm'", " (an OpenAI-compatible endpoint)")
            llm = LLMClient(settings)
        self.llm = llm
        self.max_chars = max_chars
        self.max_tokens = max_tokens

    def messages(self, query: str, documents: Sequence[Document]) -> list[dict[str, str]]:
        budget = self.max_chars
        parts = []
        for i, doc in enumerate(documents, start=1):
            if budget <= 0:
                break
            text = doc.full_text[: max(0, budget)]
            budget -= len(text)
            parts.append(f"[{i}] {text}")
        refs = "\n\n".join(parts) or "(none)"
        return [
            {"role": "system", "content": _SYSTEM},
            {"role": "user", "content": f"References:\n{refs}\n\nQuestion: {query}\nAnswer:"},
        ]

    def __call__(self, query: str, documents: list[Document]) -> str:
        try:
            reply = self.llm.chat(self.messages(query, documents), max_tokens=self.max_tokens)
        except LLMError:
            return REFUSAL  # a failed call is an abstention, not a guess
        return reply.strip() or REFUSAL


class RagPipelineAnswerer:
    """The project's RAG pipeline (dragon_bench.rag) indexed over each question's pages.

    With the extractive generator, answers below `min_confidence` (and answers that repeat
    the question) become "I don't know", as does an empty answer; `strategy` picks the
    extractive strategy ("entity", or the earlier "sentence" one).
    """

    def __init__(
        self,
        config: Any,
        *,
        llm: ChatModel | None = None,
        min_confidence: float = CRAG_MIN_CONFIDENCE,
        strategy: str = "entity",
    ) -> None:
        self.config = config
        self.llm = llm
        self.min_confidence = min_confidence
        self.strategy = strategy
        self.name = f"rag:{getattr(config, 'run_id', 'pipeline')}"

    def __call__(self, query: str, documents: list[Document]) -> str:
        if not documents:
            return REFUSAL
        texts = {d.id: d.full_text for d in documents}
        pipeline = Pipeline.build(texts, self.config, llm=self.llm)
        if not isinstance(pipeline.generator, ExtractiveGenerator):
            answer = pipeline.answer("crag", query).model_answer.strip()
            return answer or REFUSAL
        # one answer unless the question asks for several: a list is almost never an exact match
        pipeline.generator = ExtractiveGenerator(
            strategy=self.strategy,
            min_confidence=self.min_confidence,
            abstention=REFUSAL,
            single_list_ratio=2.0,
        )
        answer = pipeline.answer("crag", query).model_answer.strip()
        if self.strategy == "sentence" and self.min_confidence <= 0:
            return answer or REFUSAL  # the earlier behaviour, kept for comparison
        return REFUSAL if not answer or is_echo(answer, query) else answer


def make_answerer(spec: str | Path, *, llm: ChatModel | None = None) -> Answerer:
    """`refuse`, `llm`, or a path to a RAG PipelineConfig (YAML/JSON) or saved-pipeline folder."""
    text = str(spec)
    if text == "refuse":
        return RefusalBaseline()
    if text == "llm":
        return LLMAnswerer(llm)
    path = Path(text)
    if not path.exists():
        raise BadInputError(
            f"pipeline {text!r} is neither 'refuse', 'llm' nor an existing config file"
        )
    if path.is_dir():
        file = path / "pipeline.json"
        if not file.exists():
            raise BadInputError("a pipeline folder must hold pipeline.json", path=str(path))
        config = PipelineConfig.from_dict(json.loads(file.read_text("utf-8")), where=str(file))
    else:
        config = PipelineConfig.from_file(path)
    return RagPipelineAnswerer(config, llm=llm)
