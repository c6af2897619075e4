"""Building a revision: dedup -> KG -> novelty -> questions -> the four datasets, written atomically.

A dynamic update (a hub that already holds a revision) builds questions only on documents
that are new since the parent revision; its public texts are still the whole corpus.
With a work folder, extracted triples are checkpointed document by document
(`dragon_bench.kg.checkpoint`), so a killed build resumes where it stopped.
"""

from __future__ import annotations

import hashlib
import os
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from dragon_bench import __version__
from dragon_bench.errors import BadInputError, DragonError
from dragon_bench.hub import Hub
from dragon_bench.questions import generate_questions
from dragon_bench.release.ids import new_key, public_ids
from dragon_bench.release.tables import kg_table, revision_tables
from dragon_bench.types import Document, Question, Triple
from dragon_bench.versions import next_version, parse_version

__all__ = ["build_revision", "default_work_dir", "dedup", "extract"]

Log = Callable[[str], None]


def _quiet(_: str) -> None:
    pass


def dedup(
    documents: Sequence[Document], threshold: float, reference: Sequence[Document] = ()
) -> list[Document]:
    """Near-duplicate removal by the corpus layer (MinHash LSH); exact content hashes if that
    part is absent. With `reference`, documents that duplicate a reference one go too."""
    dedup_documents: Any
    try:
        from dragon_bench.corpus import dedup_documents
    except (ImportError, AttributeError):
        dedup_documents = None
    if dedup_documents is not None:
        kw: dict[str, Any] = {"threshold": threshold}
        if reference:
            kw["reference"] = list(reference)
        return list(dedup_documents(list(documents), **kw).kept)
    seen = {d.content_hash for d in reference}
    kept = []
    for d in documents:
        if d.content_hash not in seen:
            seen.add(d.content_hash)
            kept.append(d)
    return kept


def default_work_dir(hub: Hub | str) -> Path:
    """Where a build of `hub` keeps its checkpoint: `<hub>.work` beside a local hub, else
    `$XDG_CACHE_HOME/dragon-bench/build/<hash of the hub URL>` (default ~/.cache)."""
    hub = hub if isinstance(hub, Hub) else Hub(hub)
    from fsspec.implementations.local import LocalFileSystem

    if isinstance(hub.fs, LocalFileSystem):
        root = Path(hub.root)
        return root.with_name(root.name + ".work")
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    digest = hashlib.sha256(hub.url.encode("utf-8")).hexdigest()[:16]
    return cache / "dragon-bench" / "build" / digest


def extract(
    documents: Sequence[Document],
    backend: str,
    llm: Any,
    *,
    workers: int = 1,
    work_dir: Path | str | None = None,
    log: Log = _quiet,
    stats: dict[str, Any] | None = None,
) -> list[Triple]:
    """Triples from the KG part (`dragon_bench.kg.extract_triples`); the offline backend can
    spread documents over `workers` processes (same triples, same order). With `work_dir`,
    documents already extracted there are reused and new ones recorded as they finish."""
    try:
        from dragon_bench.kg import extract_triples
    except (ImportError, AttributeError) as exc:
        raise DragonError(
            "triplet extraction (dragon_bench.kg.extract_triples) is not available; "
            "pass precomputed triples (--triples)"
        ) from exc
    checkpoint = None
    if work_dir is not None:
        from dragon_bench.kg.checkpoint import TripleCheckpoint

        checkpoint = TripleCheckpoint(Path(work_dir) / "kg", warn=log)
    return list(
        extract_triples(
            list(documents),
            backend=backend,
            llm=llm if backend == "llm" else None,
            workers=max(1, workers),
            progress=True,  # a transient bar on stderr, shown only on a terminal
            checkpoint=checkpoint,
            log=log,
            stats=stats,
        )
    )


def _check_ids(documents: Iterable[Document]) -> list[Document]:
    by_id: dict[str, Document] = {}
    for d in documents:
        if not d.full_text.strip():
            continue
        old = by_id.get(d.id)
        if old is not None and old.content_hash != d.content_hash:
            raise BadInputError(f"document id {d.id!r} occurs twice with different texts")
        by_id.setdefault(d.id, d)
    return list(by_id.values())


def build_revision(
    documents: Iterable[Document],
    hub: Hub | str,
    *,
    version: str | None = None,
    parent: str | None = None,
    full: bool = False,
    seed: int = 0,
    kg_backend: str = "natasha",
    question_backend: str = "template",
    per_type: int = 50,
    llm: Any = None,
    triples: Iterable[Triple] | None = None,
    novelty: Any = None,
    dedup_threshold: float = 0.8,
    id_key: str | None = None,
    workers: int = 1,
    work_dir: Path | str | None = None,
    stats: dict[str, Any] | None = None,
    log: Log = _quiet,
) -> str:
    """Build and write one revision; returns its version. Nothing is written unless every step
    succeeds, so a failed build leaves the hub as it was and can be rerun.

    `parent` defaults to the hub's latest revision (a dynamic update); `full` ignores it.
    `triples` are precomputed triples (e.g. from `dragon kg extract`), else they are extracted
    with `kg_backend` (offline: in `workers` processes). `novelty` is a filter with
    `.split(triples) -> (fresh, known)`. `work_dir` holds the extraction checkpoint (see
    `default_work_dir`): a rerun after a kill extracts only the documents not yet in it.
    """
    hub = hub if isinstance(hub, Hub) else Hub(hub)
    docs = _check_ids(documents)
    if not docs:
        raise BadInputError("the corpus holds no documents with text; nothing to build")
    have = sorted(set(hub.versions("public")) | set(hub.versions("private")), key=parse_version)
    if version is None:
        version = next_version(have)
    else:
        parse_version(version)
        if version in have:
            raise BadInputError(f"revision {version} already exists in {hub.url}")
    if full:
        parent = None
    elif parent is not None:
        parent = hub.resolve(parent, "private")
    elif have:
        parent = hub.resolve("latest", "private")
    old_hashes: set[str] = set()
    if parent is not None:
        manifest = hub.read_manifest("private", parent)
        old_hashes = set(manifest.get("content_hashes", {}).values())
        id_key = id_key or manifest.get("id_key")
    id_key = id_key or new_key()

    kept = dedup(docs, dedup_threshold)
    log(f"dedup: {len(docs)} documents, {len(kept)} kept")
    new = [d for d in kept if d.content_hash not in old_hashes]
    if parent is not None and new and len(new) < len(kept):
        old = [d for d in kept if d.content_hash in old_hashes]
        new = dedup(new, dedup_threshold, reference=old)
    if not new:
        if parent is not None:
            raise BadInputError(
                f"no new documents since revision {parent}: all {len(docs)} are in it "
                "or near-duplicates of its texts"
            )
        raise BadInputError("the corpus holds no usable documents after deduplication")
    log(f"new documents: {len(new)}" + (f" (since {parent})" if parent else ""))

    new_ids = {d.id for d in new}
    kg_stats: dict[str, Any] = {}
    if triples is not None:
        found = [t for t in triples if t.doc_id in new_ids]
    else:
        found = extract(
            new, kg_backend, llm, workers=workers, work_dir=work_dir, log=log, stats=kg_stats
        )
    log(f"knowledge graph: {len(found)} triples")
    if novelty is not None:
        fresh, known = novelty.split(found)
        fresh, known = list(fresh), list(known)
    else:
        fresh, known = found, []
    log(f"novelty: {len(fresh)} fresh, {len(known)} known")

    qstats: dict[str, Any] = {}
    questions = generate_questions(
        fresh, new, backend=question_backend, per_type=per_type, seed=seed, llm=llm, stats=qstats
    )
    if not questions:
        raise BadInputError(
            f"no questions could be generated from {len(new)} new documents "
            f"({len(fresh)} fresh triples); the corpus may be too small or the extraction empty"
        )
    questions = _shuffle(questions, seed)
    by_type = dict(Counter(q.type for q in questions))
    log(f"questions: {len(questions)} {by_type}")

    ids = public_ids([d.id for d in kept], id_key)
    public, private = revision_tables(kept, questions, ids, kg_table(fresh, known))
    info = {
        "generator": f"dragon-bench {__version__}",
        "questions_by_type": by_type,
    }
    private_info = {
        "id_key": id_key,
        "seed": seed,
        "kg_backend": "precomputed" if triples is not None else kg_backend,
        "question_backend": question_backend,
        "questions_per_type": per_type,
        "llm_model": getattr(llm, "model", None),
        "documents": {"input": len(docs), "kept": len(kept), "new": len(new)},
        "new_ids": sorted(new_ids),
        "content_hashes": {d.id: d.content_hash for d in kept},
        "rejected": qstats.get("rejected", {}),
    }
    hub.write_revision(
        version, public, private, parent=parent, extra=info, private_extra=private_info
    )
    if stats is not None:
        stats.update(
            version=version,
            parent=parent,
            documents=len(docs),
            kept=len(kept),
            new=len(new),
            triples=len(found),
            extracted=kg_stats.get("extracted", 0),
            resumed=kg_stats.get("resumed", 0),
            fresh=len(fresh),
            questions=by_type,
            rejected=qstats.get("rejected", {}),
        )
    return version


def _shuffle(questions: list[Question], seed: int) -> list[Question]:
    """Question ids 0..n-1 in a seeded random order, so an id says nothing about the type."""
    order = list(questions)
    random.Random(f"ids:{seed}").shuffle(order)
    return [replace(q, id=n) for n, q in enumerate(order)]
