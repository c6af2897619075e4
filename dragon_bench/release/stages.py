"""The stages of a revision build, each a function `(BuildContext, Draft) -> Draft`.

select -> dedup -> segment -> extract -> novelty -> questions -> screen -> review -> filters ->
supersede -> write.
Each reads the fields of the draft earlier stages filled and returns a copy with its own; the
batch work (signatures, segmentation, extraction, LLM phrasing) runs on the context's engine,
the LLM screens through the client's own concurrency. A stage
that finds nothing to build raises `NothingToBuild` before anything is written.
"""

from __future__ import annotations

import math
import os
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from dragon_bench import __version__
from dragon_bench.corpus.segment_io import segments_bytes
from dragon_bench.engine.stages import (
    dedup_stage,
    extract_stage,
    question_warmup_stage,
    segment_stage,
)
from dragon_bench.hub import Hub
from dragon_bench.kg.checkpoint import TripleCheckpoint
from dragon_bench.llm.usage import timed
from dragon_bench.questions import generate_questions
from dragon_bench.questions.fame import KNOWN_AT
from dragon_bench.questions.history import asked_facts
from dragon_bench.questions.shapes.base import POPULARITY_SHARE
from dragon_bench.release.changelog import (
    retired_questions,
    superseded_questions,
    superseded_table,
)
from dragon_bench.release.draft import BuildContext, Draft, NothingToBuild
from dragon_bench.release.ids import public_ids
from dragon_bench.release.tables import kg_table, revision_tables
from dragon_bench.screening.screen import (
    CANDIDATES_PER_QUESTION,
    candidates_table,
    screen_questions,
)
from dragon_bench.types import Document, Question, Triple
from dragon_bench.versions import parse_version

__all__ = [
    "dedup",
    "extract",
    "filters",
    "first_asked",
    "novelty",
    "published_documents",
    "llm_usage",
    "questions",
    "review",
    "screen",
    "segment",
    "select",
    "supersede",
    "write",
]


def published_documents(hub: Hub, version: str) -> list[Document]:
    """The published documents of a revision: internal ids with their public full texts.

    The public text is `title + "\\n" + text`; as one body it has the same content hash, so
    diffs and dedup against it treat it as the document that was published.
    """
    public = hub.read_table("public", version, "texts").to_pydict()
    private = hub.read_table("private", version, "texts").to_pydict()
    text_of = dict(zip(public["id"], public["text"], strict=True))
    dates = private.get("published_at") or [None] * len(private["id"])
    return [
        Document(id=doc_id, text=text_of[pid], published_at=when)
        for doc_id, pid, when in zip(private["id"], private["public_id"], dates, strict=True)
    ]


def _since(draft: Draft) -> str:
    return f"since {draft.plan.parent}" if draft.plan.parent else "in the published revisions"


def select(ctx: BuildContext, draft: Draft) -> Draft:
    """The input texts that no published revision holds (by content hash, every revision, not
    only the parent), and the published texts that near-duplicates are checked against."""
    seen: set[str] = set()
    published: list[Document] = []
    for version in reversed(draft.plan.published):  # latest first: most texts in one read
        hashes = set(ctx.hub.read_manifest("private", version).get("content_hashes", {}).values())
        if hashes - seen:
            for d in published_documents(ctx.hub, version):
                if d.content_hash not in seen:
                    seen.add(d.content_hash)
                    published.append(d)
            seen |= hashes
    candidates = tuple(d for d in draft.documents if d.content_hash not in seen)
    if not candidates:
        raise NothingToBuild(
            f"no new documents {_since(draft)}: all {len(draft.documents)} are in the published "
            f"revisions ({', '.join(draft.plan.published)})",
            draft,
        )
    return replace(draft, published=tuple(published), candidates=candidates)


def dedup(ctx: BuildContext, draft: Draft) -> Draft:
    """Near-duplicate removal (MinHash LSH): new texts are the candidates that copy neither
    each other nor a published text; the revision's texts are the input without duplicates."""
    threshold = ctx.settings.dedup_threshold
    new = dedup_stage(ctx.engine, draft.candidates, reference=draft.published, threshold=threshold)
    if not new:
        raise NothingToBuild(
            f"no new documents {_since(draft)}: all {len(draft.documents)} are in the published "
            "revisions or near-duplicates of their texts",
            draft,
        )
    candidates = {d.id for d in draft.candidates}
    old = [d for d in draft.documents if d.id not in candidates]
    # Published texts are deduplicated among themselves only: a new text that copies one was
    # dropped above, so it can never replace the published text in a cluster.
    keep = {d.id for d in (dedup_stage(ctx.engine, old, threshold=threshold) if old else [])}
    keep |= {d.id for d in new}
    kept = tuple(d for d in draft.documents if d.id in keep)
    ctx.log(f"dedup: {len(draft.documents)} documents, {len(kept)} kept")
    since = f" (since {draft.plan.parent})" if draft.plan.parent else ""
    ctx.log(f"new documents: {len(new)}{since}")
    return replace(draft, kept=kept, new=tuple(new))


def segment(ctx: BuildContext, draft: Draft) -> Draft:
    """Sentence-window segments of the new texts, written where the settings ask (the update
    keeps each increment's segments); skipped when nothing asks for them."""
    out = ctx.settings.segments_out
    if out is None:
        return draft
    segments = segment_stage(
        ctx.engine, draft.new, window=ctx.settings.window, stride=ctx.settings.stride
    )
    _write_atomic(out, segments_bytes(segments, "parquet"))
    return replace(draft, segments=tuple(segments))


def _write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def extract(ctx: BuildContext, draft: Draft) -> Draft:
    """Triples of the new texts: the precomputed ones, or extracted on the engine with the
    checkpoint, so an interrupted build extracts only what it had not finished."""
    settings = ctx.settings
    if settings.triples is not None:
        ids = {d.id for d in draft.new}
        found = tuple(t for t in settings.triples if t.doc_id in ids)
        ctx.log(f"knowledge graph: {len(found)} triples")
        return replace(draft, triples=found)
    checkpoint = None
    if settings.checkpoint is not None:
        checkpoint = TripleCheckpoint(settings.checkpoint, warn=ctx.log)
    with timed(ctx.llm if settings.kg_backend == "llm" else None, "kg"):
        run = extract_stage(
            ctx.engine,
            draft.new,
            backend=settings.kg_backend,
            llm=ctx.llm,
            llm_settings=settings.llm_settings,
            checkpoint=checkpoint,
            log=ctx.log,
        )
    ctx.log(f"knowledge graph: {len(run.triples)} triples")
    return replace(draft, triples=tuple(run.triples), extracted=run.extracted, resumed=run.resumed)


def novelty(ctx: BuildContext, draft: Draft) -> Draft:
    """Triples a reference knowledge base already holds are kept in the KG but asked about no more."""
    fresh: tuple[Triple, ...] = draft.triples
    known: tuple[Triple, ...] = ()
    if ctx.settings.novelty is not None:
        a, b = ctx.settings.novelty.split(list(draft.triples))
        fresh, known = tuple(a), tuple(b)
    ctx.log(f"novelty: {len(fresh)} fresh, {len(known)} known")
    return replace(draft, fresh=fresh, known=known)


def questions(ctx: BuildContext, draft: Draft) -> Draft:
    """Questions of every shape from the fresh triples, with the question part's offline checks
    (`dragon_bench.questions.generate_questions`). LLM phrasing is done concurrently first (in
    this process through the client on the local engine, else on the engine's workers),
    filling the reply cache the sequential selection then reads."""
    settings = ctx.settings
    # with the LLM screens on, spare candidates make up for the questions they drop
    screening = settings.screening
    per_type = settings.per_type
    if screening is not None and screening.active:
        per_type = math.ceil(per_type * CANDIDATES_PER_QUESTION)
    llm = ctx.llm if settings.question_backend == "llm" else None
    with timed(llm, "questions"):
        # the warm-up fills the reply cache the sequential selection then reads (useless
        # without a cache: every reply would be asked for twice)
        cached = getattr(getattr(llm, "settings", None), "cache_dir", None) is not None
        if llm is not None and cached:
            question_warmup_stage(
                ctx.engine,
                draft.fresh,
                draft.new,
                llm_settings=settings.llm_settings,
                per_type=per_type,
                seed=settings.seed,
                llm=llm,
            )
        stats: dict[str, dict[str, int]] = {}
        refused: list[tuple[Question, str]] | None = [] if settings.review else None
        made = generate_questions(
            list(draft.fresh),
            list(draft.new),
            backend=settings.question_backend,
            per_type=per_type,
            seed=settings.seed,
            llm=ctx.llm,
            stats=stats,
            # uniqueness over the whole revision's KG; facts earlier revisions asked are not new
            context=list(draft.known),
            asked=set(first_asked(ctx.hub, draft.plan.version)),
            roundtrip=settings.question_roundtrip,
            flagged=refused,
        )
    return replace(
        draft,
        questions=tuple(made),
        rejected=dict(stats.get("rejected", {})),
        refused=tuple(refused or ()),
    )


def first_asked(hub: Hub, version: str) -> dict[tuple[str, str, str], str]:
    """The facts the hub's earlier revisions asked (from their qa evidence), each with the
    earliest revision that asked it (qa `first_revision`)."""
    asked: dict[tuple[str, str, str], str] = {}
    for v in sorted(hub.versions("private"), key=parse_version):
        if parse_version(v) >= parse_version(version):
            continue
        table = hub.read_table("private", v, "qa")
        if "evidence" in table.column_names:
            for fact in asked_facts(table.column("evidence").to_pylist()):
                asked.setdefault(fact, v)
    return asked


def screen(ctx: BuildContext, draft: Draft) -> Draft:
    """The LLM screens of the candidates, after the offline checks: the closed-book filter,
    then the question judge (`dragon_bench.screening.screen`); at most `per_type` of each
    type stay. Without screens the draft passes unchanged."""
    screening = ctx.settings.screening
    if screening is None or not screening.active or not draft.questions:
        return draft
    texts = {d.id: d.full_text for d in draft.new}
    screened = screen_questions(
        list(draft.questions), texts, screening, per_type=ctx.settings.per_type
    )
    ctx.log(f"LLM screens: {screened.summary['outcomes']}")
    return replace(
        draft, questions=tuple(screened.kept), screened=screened, unscreened=draft.questions
    )


def review(ctx: BuildContext, draft: Draft) -> Draft:
    """With `--review`, the candidates the LLM screens dropped come back with their flags
    (`closed_book:MODEL`, `judge:CRITERION=SCORE`, `judge_error`), and those an offline check
    refused with `check:REASON` (`roundtrip`, `guessable`, ...), for the operator to decide;
    the screens' own flags are kept. Without review the draft passes unchanged."""
    screened = draft.screened
    flags = {k: tuple(v) for k, v in (screened.flags if screened is not None else {}).items()}
    if not ctx.settings.review:
        return replace(draft, flags=flags)
    kept = list(draft.questions)
    texts = {q.question for q in kept}
    for question, reason in draft.refused:
        if question.question in texts:  # flags go by text: never onto another candidate
            continue
        texts.add(question.question)
        flags[question.question] = (f"check:{reason}",)
        kept.append(question)
    if screened is None:
        ctx.log(f"review: {len(kept)} candidates, {len(flags)} flagged")
        return replace(draft, questions=tuple(kept), flags=flags)
    for record in screened.records:
        if record["outcome"] in ("kept", "over_cap") or record["question"] in texts:
            continue
        texts.add(record["question"])
        found = [f"closed_book:{a['model']}" for a in record["closed_book"] if a["correct"]]
        judged = record.get("judge") or {}
        least = ctx.settings.screening.judge_threshold
        found += [f"judge:{k}={v}" for k, v in judged.items() if v < least]
        if record["outcome"] == "judge_error":
            found.append("judge_error")
        flags[record["question"]] = tuple(found or [record["outcome"]])
        kept.append(draft.unscreened[record["candidate"]])
    ctx.log(f"review: {len(kept)} candidates, {len(flags)} flagged")
    return replace(draft, questions=tuple(kept), flags=flags)


def llm_usage(ctx: BuildContext) -> dict[str, Any]:
    """LLM calls, tokens, cache hits and wall time per stage, over the build's clients (the
    build's model and the screens' models; clients sharing one usage table count once)."""
    screening = ctx.settings.screening
    clients = [ctx.llm]
    if screening is not None:
        clients += [*screening.closed_book.values(), screening.question_judge]
    tables = {id(u): u for c in clients if (u := getattr(c, "usage", None)) is not None}
    out: dict[str, Any] = {}
    for usage in tables.values():
        for stage, row in usage.as_dict().items():
            if stage in out:
                out[stage] = {k: round(out[stage][k] + v, 3) for k, v in row.items()}
            else:
                out[stage] = row
    return out


def filters(ctx: BuildContext, draft: Draft) -> Draft:
    """The questions the revision publishes, ids 0..n-1 in a seeded random order (an id says
    nothing about the type); none left is `NothingToBuild`."""
    if not draft.questions:
        raise NothingToBuild(
            f"no questions could be generated from {len(draft.new)} new documents "
            f"({len(draft.fresh)} fresh triples); the corpus may be too small or the extraction "
            "empty",
            draft,
        )
    numbered = _shuffle(list(draft.questions), ctx.settings.seed)
    ctx.log(f"questions: {len(numbered)} {dict(Counter(q.type for q in numbered))}")
    return replace(draft, questions=tuple(numbered))


def _shuffle(items: list[Question], seed: int) -> list[Question]:
    order = list(items)
    random.Random(f"ids:{seed}").shuffle(order)
    return [replace(q, id=n) for n, q in enumerate(order)]


def supersede(ctx: BuildContext, draft: Draft) -> Draft:
    """Earlier published questions whose slow or fast fact the new texts change (the same
    subject and relation type, another object), and those whose texts this revision no
    longer holds (`dragon_bench.release.changelog`)."""
    version = parse_version(draft.plan.version)
    public = set(ctx.hub.versions("public"))
    earlier = [v for v in ctx.hub.versions("private") if v in public and parse_version(v) < version]
    texts = {d.id: d.full_text for d in (*draft.published, *draft.kept)}
    dates = {d.id: d.published_at for d in draft.kept}
    rows = superseded_questions(ctx.hub, earlier, draft.triples, texts, dates)
    retired = retired_questions(ctx.hub, earlier, draft.plan.parent, (d.id for d in draft.kept))
    changed = {(r["earlier_version"], r["earlier_question_id"]) for r in rows}
    ctx.log(f"changelog: {len(changed)} earlier questions superseded, {len(retired)} retired")
    return replace(draft, superseded=tuple(rows), retired=tuple(retired))


def write(ctx: BuildContext, draft: Draft) -> Draft:
    """The four datasets and both manifests, written atomically into the hub."""
    settings, plan = ctx.settings, draft.plan
    by_type = dict(Counter(q.type for q in draft.questions))
    ids = public_ids([d.id for d in draft.kept], plan.id_key)
    screened = draft.screened
    public, private = revision_tables(
        list(draft.kept),
        list(draft.questions),
        ids,
        kg_table(list(draft.fresh), list(draft.known)),
        flags=draft.flags,
        version=plan.version,
        first_asked=first_asked(ctx.hub, plan.version),
        publish_dates=settings.publish_dates,
    )
    private["superseded"] = superseded_table(draft.superseded)
    if settings.review:  # the public texts wait in the private half until `dragon release`
        private["public_texts"] = public["texts"]
    if screened is not None:
        ids_of = {q.question: q.id for q in draft.questions}
        private["candidates"] = candidates_table(screened.records, ids_of)
    info = {"generator": f"dragon-bench {__version__}", "questions_by_type": by_type}
    private_info = {
        "id_key": plan.id_key,
        "seed": settings.seed,
        "kg_backend": "precomputed" if settings.triples is not None else settings.kg_backend,
        "question_backend": settings.question_backend,
        "questions_per_type": settings.per_type,
        "llm_model": getattr(ctx.llm, "model", None),
        "documents": {
            "input": len(draft.documents),
            "kept": len(draft.kept),
            "new": len(draft.new),
        },
        "new_ids": sorted(d.id for d in draft.new),
        "content_hashes": {d.id: d.content_hash for d in draft.kept},
        "rejected": dict(draft.rejected),
        "changelog": {
            "new": len(draft.questions),
            "superseded": len(
                {(r["earlier_version"], r["earlier_question_id"]) for r in draft.superseded}
            ),
            "retired": list(draft.retired),
        },
        "question_filters": {
            "popularity_share": POPULARITY_SHARE,
            "known_at": KNOWN_AT,
            "roundtrip": settings.question_roundtrip,
        },
    }
    if screened is not None:
        private_info["screening"] = {"settings": settings.screening.describe(), **screened.summary}
    usage = llm_usage(ctx)
    if usage:
        private_info["llm_usage"] = usage
    ctx.hub.write_revision(
        plan.version,
        public,
        private,
        parent=plan.parent,
        extra=info,
        private_extra=private_info,
        staged=settings.review,
    )
    return replace(draft, written=True)
