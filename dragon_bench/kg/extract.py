"""`extract_triples`: one interface over the extraction backends (`natasha` offline, `llm`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from dragon_bench.errors import BadInputError
from dragon_bench.types import Document, Triple

__all__ = ["BACKENDS", "extract_triples"]

BACKENDS = ("natasha", "llm")


def extract_triples(
    docs: Iterable[Document],
    *,
    backend: str = "natasha",
    llm: Any = None,
    progress: bool = False,
) -> list[Triple]:
    """(subject, relation, object) triples of the documents with document id and character spans.

    `natasha` runs offline; `llm` needs `llm` (a dragon_bench.llm.LLMClient) or settings from the
    environment. Spans are offsets into `Document.full_text`.
    """
    documents: Sequence[Document] = docs if isinstance(docs, Sequence) else list(docs)
    if backend == "natasha":
        from dragon_bench.kg.natasha_backend import extract_document

        items: Iterable[Document] = documents
        if progress:
            from dragon_bench.output import track

            items = track(documents, "extracting triples")
        return [t for doc in items for t in extract_document(doc)]
    if backend == "llm":
        from dragon_bench.kg.llm_backend import extract_with_llm

        return extract_with_llm(documents, llm=llm, progress=progress).triples
    raise BadInputError(
        f"unknown extraction backend {backend!r}; choose one of {', '.join(BACKENDS)}"
    )
