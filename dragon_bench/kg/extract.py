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
    workers: int = 1,
) -> list[Triple]:
    """(subject, relation, object) triples of the documents with document id and character spans.

    `natasha` runs offline (`workers` > 1 forks that many processes that share the loaded
    models; the output is the same); `llm` needs `llm` (a dragon_bench.llm.LLMClient) or
    settings from the environment. Spans are offsets into `Document.full_text`.
    """
    documents: Sequence[Document] = docs if isinstance(docs, Sequence) else list(docs)
    if backend == "natasha":
        from dragon_bench.kg.natasha_backend import extract_document

        if workers > 1 and len(documents) > workers:
            return _extract_parallel(documents, workers, progress)
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


def _extract_chunk(docs: Sequence[Document]) -> list[list[Triple]]:
    from dragon_bench.kg.natasha_backend import extract_document

    return [extract_document(d) for d in docs]


def _extract_parallel(documents: Sequence[Document], workers: int, progress: bool) -> list[Triple]:
    """Fork `workers` processes after loading natasha once, so children share its models."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from dragon_bench.kg.pipeline import get_pipeline

    get_pipeline()
    size = max(1, min(32, len(documents) // (workers * 4) or 1))
    chunks = [documents[i : i + size] for i in range(0, len(documents), size)]
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        results: Iterable[list[list[Triple]]] = pool.map(_extract_chunk, chunks)
        if progress:
            from dragon_bench.output import track

            results = track(results, "extracting triples", total=len(chunks))
        return [t for chunk in results for doc in chunk for t in doc]
