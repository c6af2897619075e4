"""Pipeline stages as plain functions over an Engine: dedup, segmentation, KG, question phrasing.

Each stage cuts its input into batches and hands a module-level batch function to
`engine.map_batches`; whatever needs the whole collection (LSH clustering, question
selection) runs on the driver. The same input gives the same output on every engine.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from dragon_bench.corpus import segment_documents
from dragon_bench.corpus.dedup import (
    hash_nodes,
    label_groups,
    lsh_clusters,
    lsh_params,
    representative,
)
from dragon_bench.corpus.minhash import signatures
from dragon_bench.engine.base import Engine
from dragon_bench.engine.local import LocalEngine
from dragon_bench.kg import extract_triples
from dragon_bench.kg.checkpoint import ResumedExtraction, extraction_settings
from dragon_bench.kg.extract import extract_batch
from dragon_bench.llm import ChatModel, LLMClient, LLMSettings
from dragon_bench.questions.prompts import llm_question
from dragon_bench.questions.sampling import question_graph
from dragon_bench.questions.shapes import QUESTION_TYPES, iter_subgraphs
from dragon_bench.types import Document, Segment, Triple

__all__ = [
    "dedup_stage",
    "segment_stage",
    "kg_stage",
    "extract_stage",
    "Extraction",
    "question_warmup_stage",
    "signature_batch",
    "segment_batch",
    "kg_batch",
    "kg_document_batch",
]


# -- batch functions (module level: picklable for process pools and Ray) ---------------------
def signature_batch(texts: list[str], *, num_perm: int, ngram: int) -> list[np.ndarray]:
    """MinHash signatures of a batch of texts, one row each."""
    return list(signatures(texts, num_perm=num_perm, ngram=ngram))


def segment_batch(docs: list[Document], *, window: int, stride: int) -> list[Segment]:
    return list(segment_documents(docs, window=window, stride=stride))


def kg_batch(
    docs: list[Document], *, backend: str, llm_settings: LLMSettings | None = None
) -> list[Triple]:
    llm = _client(llm_settings)
    return list(extract_triples(docs, backend=backend, llm=llm))


def kg_document_batch(
    docs: list[Document], *, backend: str, llm_settings: LLMSettings | None = None
) -> list[Any]:
    """One `dragon_bench.kg.extract.Extracted` per document (what a checkpoint records)."""
    return list(extract_batch(docs, backend=backend, llm=_client(llm_settings)))


_CLIENTS: dict[str, Any] = {}


def _client(settings: Any) -> Any:
    """One LLM client per worker process and settings (clients hold connection pools)."""
    if settings is None:
        return None
    key = repr(settings)
    if key not in _CLIENTS:
        _CLIENTS[key] = LLMClient(settings)
    return _CLIENTS[key]


def _phrase_batch(
    subs: list[Any],
    *,
    texts: dict[str, str],
    llm_settings: LLMSettings | None,
    llm: ChatModel | None = None,
) -> list[int]:
    llm = llm if llm is not None else _client(llm_settings)

    def one(sub: Any) -> int:
        try:
            llm_question(llm, sub, texts)  # the reply lands in the LLM client's disk cache
            return 1
        except Exception:  # noqa: BLE001 - the selection pass counts and reports failures
            return 0

    return [sum(llm.map(one, subs))]  # DRAGON_LLM_CONCURRENCY calls in flight


# -- stages -----------------------------------------------------------------------------
def dedup_stage(
    engine: Engine,
    docs: Sequence[Document],
    *,
    reference: Sequence[Document] = (),
    threshold: float = 0.8,
    num_perm: int = 128,
    ngram: int = 9,
    batch_size: int = 256,
) -> list[Document]:
    """The documents `dragon_bench.corpus.dedup_documents` keeps, signatures computed on `engine`.

    Exact copies share one signature; LSH clustering and the choice of representative (the
    longest text, the earliest on ties; a reference document wins its cluster) are the
    corpus layer's, so the kept documents equal `dedup_documents(docs, reference=...)`.
    """
    items = list(docs)
    refs = list(reference)
    pool = refs + items
    n_ref = len(refs)
    if not items:
        return []
    node, heads = hash_nodes(pool)
    fn = functools.partial(signature_batch, num_perm=num_perm, ngram=ngram)
    rows = engine.map_batches(fn, [pool[i].full_text for i in heads], batch_size=batch_size)
    sigs = np.vstack(rows) if rows else np.empty((0, num_perm), dtype=np.uint32)
    bands, per_band = lsh_params(threshold, num_perm)
    labels = lsh_clusters(sigs, bands, per_band, threshold)[node]
    keep = np.zeros(len(pool), dtype=bool)
    for members in label_groups(labels):
        inputs = [i for i in members if i >= n_ref]
        if not inputs or any(i < n_ref for i in members):
            continue
        keep[representative(pool, inputs)] = True
    return [pool[i] for i in range(n_ref, len(pool)) if keep[i]]


def segment_stage(
    engine: Engine,
    docs: Sequence[Document],
    *,
    window: int = 5,
    stride: int = 3,
    batch_size: int = 64,
) -> list[Segment]:
    """Sentence-window segments of every document (`dragon_bench.corpus.segment_documents`)."""
    fn = functools.partial(segment_batch, window=window, stride=stride)
    return list(engine.map_batches(fn, list(docs), batch_size=batch_size))


def kg_stage(
    engine: Engine,
    docs: Sequence[Document],
    *,
    backend: str = "natasha",
    llm_settings: LLMSettings | None = None,
    batch_size: int = 16,
    checkpoint: Any = None,
    log: Callable[[str], None] | None = None,
) -> list[Triple]:
    """Triples of every document (`dragon_bench.kg.extract_triples`), batch by batch.

    LLM backends get the client settings rather than a client, so each worker opens its
    own connection to the (vLLM or other OpenAI-compatible) endpoint. With a `checkpoint`
    (`dragon_bench.kg.checkpoint.TripleCheckpoint`) documents in it are skipped and the rest
    run in rounds of a few batches per worker, each round recorded on the driver.
    """
    if checkpoint is None:
        fn = functools.partial(kg_batch, backend=backend, llm_settings=llm_settings)
        return list(engine.map_batches(fn, list(docs), batch_size=batch_size))
    return _kg_resumable(engine, list(docs), backend, llm_settings, batch_size, checkpoint, log)


@dataclass(frozen=True)
class Extraction:
    """The triples of some documents, and how many documents were extracted now or resumed."""

    triples: list[Triple]
    extracted: int
    resumed: int


def extract_stage(
    engine: Engine,
    docs: Sequence[Document],
    *,
    backend: str = "natasha",
    llm: ChatModel | None = None,
    llm_settings: LLMSettings | None = None,
    checkpoint: Any = None,
    log: Callable[[str], None] | None = None,
) -> Extraction:
    """`kg_stage` with its counts. On the local engine the KG part runs the work itself
    (`dragon_bench.kg.extract_triples`: its forked processes sharing the loaded models, its
    LLM concurrency and progress bar); on others the batches go to the engine. Same triples."""
    if isinstance(engine, LocalEngine):
        if backend == "llm" and llm is None:
            llm = _client(llm_settings)
        stats: dict[str, Any] = {}
        triples = extract_triples(
            list(docs),
            backend=backend,
            llm=llm if backend == "llm" else None,
            workers=engine.workers,
            progress=True,  # a transient bar on stderr, shown only on a terminal
            checkpoint=checkpoint,
            log=log,
            stats=stats,
        )
        return Extraction(list(triples), stats.get("extracted", len(docs)), stats.get("resumed", 0))
    if checkpoint is None:
        return Extraction(
            kg_stage(engine, docs, backend=backend, llm_settings=llm_settings), len(docs), 0
        )
    run = _kg_run(engine, list(docs), backend, llm_settings, 16, checkpoint, log)
    return Extraction(run.triples(), len(run.todo), run.resumed)


def _kg_resumable(
    engine: Engine,
    items: list[Document],
    backend: str,
    llm_settings: LLMSettings | None,
    batch_size: int,
    checkpoint: Any,
    log: Callable[[str], None] | None,
) -> list[Triple]:
    return _kg_run(engine, items, backend, llm_settings, batch_size, checkpoint, log).triples()


def _kg_run(
    engine: Engine,
    items: list[Document],
    backend: str,
    llm_settings: LLMSettings | None,
    batch_size: int,
    checkpoint: Any,
    log: Callable[[str], None] | None,
) -> Any:
    model = getattr(llm_settings, "model", None) if backend == "llm" else None
    run = ResumedExtraction(checkpoint, items, extraction_settings(backend, model), log)
    fn = functools.partial(kg_document_batch, backend=backend, llm_settings=llm_settings)
    step = batch_size * max(1, engine.workers) * 2
    for start in range(0, len(run.todo), step):
        indices = run.todo[start : start + step]
        run.add(indices, engine.map_batches(fn, [items[i] for i in indices], batch_size=batch_size))
    return run


def question_warmup_stage(
    engine: Engine,
    triples: Sequence[Triple],
    docs: Sequence[Document],
    *,
    llm_settings: LLMSettings | None,
    per_type: int = 50,
    seed: int = 0,
    oversample: int = 3,
    batch_size: int = 8,
    llm: ChatModel | None = None,
) -> int:
    """Phrase the candidate subgraphs with the LLM on `engine`, filling the LLM disk cache.
    On the local engine with `llm` given, the calls run in this process through the client's
    own concurrency (network-bound work needs no processes, and the client counts them).

    Question selection (`generate_questions`) is sequential: it stops a type once enough
    questions pass the filters. Its expensive part, one LLM call per subgraph, is done
    here in parallel for the first `oversample * per_type` candidates of each type, in the
    order the selection visits them; the selection then reads the replies from the cache,
    so the questions are those of a purely sequential run. Returns the subgraphs phrased.
    """
    texts = {d.id: d.full_text for d in docs}
    graph = question_graph(triples, texts)  # as the selection builds it
    subs: list[Any] = []
    for qtype in QUESTION_TYPES:
        rng = random.Random(f"{seed}:{qtype}")
        used: set[object] = set()
        for sub in iter_subgraphs(graph, qtype, rng):
            if len(used) >= oversample * per_type:
                break
            if sub.key not in used:
                used.add(sub.key)
                subs.append(sub)
    needed = {d for s in subs for d in s.doc_ids}
    if llm is not None and isinstance(engine, LocalEngine):
        return sum(_phrase_batch(subs, texts=texts, llm_settings=None, llm=llm))
    fn = functools.partial(
        _phrase_batch,
        texts={k: v for k, v in texts.items() if k in needed},
        llm_settings=llm_settings,
    )
    return sum(engine.map_batches(fn, subs, batch_size=batch_size))
