"""`extract_triples`: one interface over the extraction backends (`natasha` offline, `llm`)."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from dragon_bench.errors import BadInputError, DragonError
from dragon_bench.kg.checkpoint import ResumedExtraction, extraction_settings
from dragon_bench.kg.llm_backend import extract_with_llm
from dragon_bench.kg.natasha_backend import extract_document
from dragon_bench.llm import ChatModel, LLMClient, LLMSettings, make_llm
from dragon_bench.nlp.natasha import get_pipeline
from dragon_bench.output import stderr, track
from dragon_bench.types import Document, Triple

__all__ = ["BACKENDS", "Extracted", "extract_batch", "extract_triples"]

BACKENDS = ("natasha", "llm")
# Documents per checkpoint shard when extracting in this process (natasha: ~2 s of work).
_CHUNK = 16


@dataclass(frozen=True, slots=True)
class Extracted:
    """The triples of one document; `complete` is False when an LLM call failed for it (its
    triples are used but not checkpointed, so a rerun asks again)."""

    triples: list[Triple] = field(default_factory=list)
    complete: bool = True
    error: str | None = None


def extract_triples(
    docs: Iterable[Document],
    *,
    backend: str = "natasha",
    llm: ChatModel | None = None,
    progress: bool = False,
    workers: int = 1,
    checkpoint: Any = None,
    log: Callable[[str], None] | None = None,
    stats: dict[str, Any] | None = None,
) -> list[Triple]:
    """(subject, relation, object) triples of the documents with document id and character spans.

    `natasha` runs offline (`workers` > 1 forks that many processes that share the loaded
    models; the output is the same); `llm` needs `llm` (a dragon_bench.llm.LLMClient) or
    settings from the environment. Spans are offsets into `Document.full_text`. With a
    `checkpoint` (a `dragon_bench.kg.checkpoint.TripleCheckpoint`) documents already in it are
    not extracted again and each finished chunk is recorded, so an interrupted run resumes.
    """
    documents: Sequence[Document] = docs if isinstance(docs, Sequence) else list(docs)
    if backend not in BACKENDS:
        raise BadInputError(
            f"unknown extraction backend {backend!r}; choose one of {', '.join(BACKENDS)}"
        )
    if checkpoint is not None:
        return _extract_resumable(
            documents, backend, llm, progress, workers, checkpoint, log, stats
        )
    if stats is not None:
        stats.update(documents=len(documents), resumed=0, extracted=len(documents))
    if backend == "natasha":
        if workers > 1 and len(documents) > workers:
            return _extract_parallel(documents, workers, progress)
        items: Iterable[Document] = documents
        if progress:
            items = track(documents, "extracting triples")
        return [t for doc in items for t in extract_document(doc)]

    return extract_with_llm(documents, llm=llm, progress=progress).triples


def extract_batch(
    docs: Sequence[Document], *, backend: str, llm: ChatModel | None = None
) -> list[Extracted]:
    """One `Extracted` per document, in this process (the engine's batch function uses it)."""
    if backend == "natasha":
        return [Extracted(t) for t in _extract_chunk(docs)]
    if backend == "llm":
        client = make_llm("the llm triplet extractor", llm)
        return [_llm_document(d, client) for d in docs]
    raise BadInputError(
        f"unknown extraction backend {backend!r}; choose one of {', '.join(BACKENDS)}"
    )


def _extract_chunk(docs: Sequence[Document]) -> list[list[Triple]]:
    return [extract_document(d) for d in docs]


def _parallel_size(n: int, workers: int) -> int:
    return max(1, min(32, n // (workers * 4) or 1))


def _extract_parallel(documents: Sequence[Document], workers: int, progress: bool) -> list[Triple]:
    """Fork `workers` processes after loading natasha once, so children share its models."""
    size = _parallel_size(len(documents), workers)
    chunks = [documents[i : i + size] for i in range(0, len(documents), size)]
    results: Iterable[list[list[Triple]]] = _pool_map(chunks, workers)
    if progress:
        results = track(results, "extracting triples", total=len(chunks))
    return [t for chunk in results for doc in chunk for t in doc]


def _pool_map(chunks: list[Sequence[Document]], workers: int) -> Iterator[list[list[Triple]]]:
    """natasha over chunks in forked processes, results in input order as they finish."""

    get_pipeline()
    context = multiprocessing.get_context("fork")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
    try:
        yield from pool.map(_extract_chunk, chunks)
    finally:
        # On an interrupt, drop the queued chunks instead of finishing them first.
        pool.shutdown(wait=True, cancel_futures=True)


def _llm_document(doc: Document, llm: ChatModel) -> Extracted:
    """The two-call LLM procedure on one document; failed calls make it incomplete."""

    try:
        report = extract_with_llm([doc], llm=llm, concurrency=1)
    except DragonError as exc:  # every call for this document failed
        return Extracted([], complete=False, error=str(exc))
    ok = not report.failed_chunks and not report.refine_failures
    return Extracted(report.triples, complete=ok)


def _iter_extracted(
    docs: Sequence[Document], backend: str, llm: ChatModel | None, workers: int
) -> Iterator[list[Extracted]]:
    """Chunks of results in document order, each yielded as soon as it is finished."""
    if backend == "natasha" and workers > 1 and len(docs) > workers:
        size = _parallel_size(len(docs), workers)
        chunks = [docs[i : i + size] for i in range(0, len(docs), size)]
        for result in _pool_map(chunks, workers):
            yield [Extracted(t) for t in result]
        return
    if backend == "natasha":
        for i in range(0, len(docs), _CHUNK):
            yield extract_batch(docs[i : i + _CHUNK], backend=backend)
        return
    # DRAGON_LLM_CONCURRENCY documents in flight (LLMClient.map), a shard at a time.
    llm = make_llm("the llm triplet extractor", llm)
    size = max(_CHUNK, 2 * llm.settings.concurrency)
    for i in range(0, len(docs), size):
        yield llm.map(lambda d: _llm_document(d, llm), docs[i : i + size])


def _chunk_count(n: int, backend: str, workers: int, llm: ChatModel | None = None) -> int:
    size = (
        _parallel_size(n, workers)
        if backend == "natasha" and workers > 1 and n > workers
        else max(_CHUNK, 2 * llm.settings.concurrency)
        if backend == "llm" and llm is not None
        else _CHUNK
    )
    return -(-n // size)


def _extract_resumable(
    documents: Sequence[Document],
    backend: str,
    llm: ChatModel | None,
    progress: bool,
    workers: int,
    checkpoint: Any,
    log: Callable[[str], None] | None,
    stats: dict[str, Any] | None,
) -> list[Triple]:
    if backend == "llm" and llm is None:
        llm = LLMClient(LLMSettings.required("the llm triplet extractor"))
    settings = extraction_settings(backend, getattr(llm, "model", None))
    run = ResumedExtraction(checkpoint, documents, settings, log or _log)
    pending = [documents[i] for i in run.todo]
    chunks: Iterable[list[Extracted]] = _iter_extracted(pending, backend, llm, workers)
    if progress and pending:
        chunks = track(
            chunks, "extracting triples", total=_chunk_count(len(pending), backend, workers, llm)
        )
    position = 0
    for chunk in chunks:
        run.add(run.todo[position : position + len(chunk)], chunk)
        position += len(chunk)
    triples = run.triples()
    if stats is not None:
        stats.update(documents=len(documents), resumed=run.resumed, extracted=len(pending))
    return triples


def _log(message: str) -> None:
    stderr.print(message, highlight=False, markup=False)
