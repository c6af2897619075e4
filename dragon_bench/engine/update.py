"""The scheduled update: crawl -> snapshot -> diff with the parent revision -> dedup against
everything published -> KG and questions on the increment -> revision 1.N+1.0 -> publish.

Idempotent: when nothing new arrived no revision is made. Resumable: the snapshot store
and the hub are written atomically, the crawl state after the snapshot, and a journal
records a revision being written or built but not yet published, so a rerun after a kill
finishes that revision (the same version, the same content) instead of making another.
Extracted triples are checkpointed per document in the state folder (`kg-checkpoint/`, removed
once the revision is written), so a rerun does not extract again what a killed update did.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dragon_bench.crawl.crawler import CrawlOptions
from dragon_bench.crawl.sources import Source
from dragon_bench.engine.base import Engine
from dragon_bench.engine.journal import Journal, UpdateLock
from dragon_bench.errors import BadInputError
from dragon_bench.hub import Hub
from dragon_bench.types import Document
from dragon_bench.versions import next_version, parse_version

__all__ = ["UpdateConfig", "run_update", "hub_documents", "parse_interval", "default_state_dir"]

Log = Callable[[str], None]


def _quiet(_: str) -> None:
    pass


@dataclass
class UpdateConfig:
    """Everything one update needs; `sources=None` skips the crawl and uses the store's latest."""

    hub: str
    store: str
    state_dir: Path
    sources: Sequence[Source] | None = None
    crawl: CrawlOptions = field(default_factory=CrawlOptions)
    seed: int = 0
    kg_backend: str = "natasha"
    question_backend: str = "template"
    per_type: int = 50
    dedup_threshold: float = 0.8
    window: int = 5
    stride: int = 3
    llm_settings: Any = None
    publish: str | None = None
    publish_token: str | None = None
    publish_endpoint: str | None = None


def default_state_dir(store: str) -> Path:
    """Journal, lock and crawl state live beside a local store, else in ./dragon-update."""
    if "://" in store and not store.startswith("file://"):
        return Path("dragon-update")
    return Path(store.removeprefix("file://"))


def parse_interval(text: str) -> float:
    """Seconds of `90s`, `30m`, `24h`, `7d` (a bare number is seconds)."""
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400}
    t = text.strip().lower()
    try:
        value = float(t[:-1]) * units[t[-1]] if t and t[-1] in units else float(t)
    except ValueError:
        raise BadInputError(f"interval {text!r} is not like 90s, 30m, 24h or 7d") from None
    if value <= 0:
        raise BadInputError(f"interval {text!r} must be positive")
    return value


def hub_documents(hub: Hub, version: str) -> list[Document]:
    """The published documents of a revision: internal ids with their public full texts.

    The public text is `title + "\\n" + text`; as one body it has the same content hash, so
    diffs and dedup against it treat it as the document that was published.
    """
    public = hub.read_table("public", version, "texts").to_pydict()
    private = hub.read_table("private", version, "texts").to_pydict()
    text_of = dict(zip(public["id"], public["text"], strict=True))
    return [
        Document(id=doc_id, text=text_of[pid])
        for doc_id, pid in zip(private["id"], private["public_id"], strict=True)
    ]


def _complete_versions(hub: Hub) -> list[str]:
    public = set(hub.versions("public"))
    return sorted((v for v in hub.versions("private") if v in public), key=parse_version)


def _repair(hub: Hub, journal: Journal, log: Log) -> None:
    """Remove the private half of a revision whose write was interrupted before its public half."""
    v = journal.version
    if journal.status != "building" or v is None:
        return
    if v in hub.versions("private") and v not in hub.versions("public"):
        log(f"resuming: removing the incomplete private half of {v}")
        hub.fs.rm(hub.path("private", v), recursive=True)


def run_update(
    config: UpdateConfig, engine: Engine | None = None, *, log: Log = _quiet
) -> dict[str, Any]:
    """One update; returns the report (`version` is the revision made, or None)."""
    from dragon_bench.engine.local import LocalEngine

    state_dir = Path(config.state_dir)
    with UpdateLock(state_dir / "update.lock"):
        journal = Journal.load(state_dir / "update-journal.json")
        own = engine is None
        engine = engine or LocalEngine()
        try:
            return _run(config, engine, journal, log)
        finally:
            if own:
                engine.close()


def _run(config: UpdateConfig, engine: Engine, journal: Journal, log: Log) -> dict[str, Any]:
    from dragon_bench.corpus import SnapshotStore, diff_documents
    from dragon_bench.crawl.crawler import crawl_to_store
    from dragon_bench.engine.stages import (
        dedup_stage,
        kg_stage,
        question_warmup_stage,
        segment_stage,
    )

    hub = Hub(config.hub)
    store = SnapshotStore(config.store)
    report: dict[str, Any] = {"version": None, "hub": config.hub, **engine.describe()}
    _repair(hub, journal, log)
    if journal.status == "building" and journal.version in _complete_versions(hub):
        journal.save(status="built")  # killed after the write, before the journal said so
    if journal.status == "built" and journal.version:
        log(f"resuming: revision {journal.version} was built; publishing it")
        report["resumed"] = journal.version
        _publish(config, hub, journal, report, log)

    t0 = time.perf_counter()
    if config.sources is not None:
        crawled = crawl_to_store(
            config.sources,
            store,
            state_path=str(Path(config.state_dir) / "crawl-state.json"),
            options=config.crawl,
        )
        report["crawl"] = crawled.summary()
        snapshot = crawled.snapshot
        log(f"crawl: {len(crawled.new)} new, {len(crawled.changed)} changed, snapshot {snapshot}")
    else:
        snapshot = store.latest()
    report["snapshot"] = snapshot
    report["timings"] = {"crawl": round(time.perf_counter() - t0, 3)}
    if snapshot is None:
        report["reason"] = "the snapshot store is empty"
        return report
    docs = store.read(snapshot)

    complete = _complete_versions(hub)
    parent = complete[-1] if complete else None
    published = hub_documents(hub, parent) if parent else []
    diff = diff_documents(published, docs)
    seen_hashes = {d.content_hash for d in published}
    increment = [d for d in diff.new if d.content_hash not in seen_hashes]
    t0 = time.perf_counter()
    fresh = dedup_stage(engine, increment, reference=published, threshold=config.dedup_threshold)
    report["timings"]["dedup"] = round(time.perf_counter() - t0, 3)
    report["parent"] = parent
    report["documents"] = {
        "snapshot": len(docs),
        "published": len(published),
        "new": len(diff.new),
        "changed_after_publication": len(diff.changed),
        "duplicates_dropped": len(diff.new) - len(fresh),
        "increment": len(fresh),
    }
    log(f"diff with {parent or 'an empty hub'}: {len(diff.new)} new, {len(fresh)} after dedup")
    if not fresh:
        report["reason"] = f"no new documents since {parent}" if parent else "no documents"
        journal.save(status="idle", version=None, snapshot=snapshot)
        return report

    have = sorted(set(hub.versions("public")) | set(hub.versions("private")), key=parse_version)
    version = next_version(have)
    if journal.status == "building" and journal.version and journal.parent == parent:
        version = journal.version  # finish the interrupted one under its planned name
    journal.save(status="building", version=version, parent=parent, snapshot=snapshot)

    t0 = time.perf_counter()
    segments = segment_stage(engine, fresh, window=config.window, stride=config.stride)
    report["timings"]["segment"] = round(time.perf_counter() - t0, 3)
    _write_segments(Path(config.state_dir) / "increments" / f"{version}.segments.parquet", segments)
    t0 = time.perf_counter()
    from dragon_bench.kg.checkpoint import TripleCheckpoint

    checkpoint = TripleCheckpoint(Path(config.state_dir) / "kg-checkpoint", warn=log)
    triples = kg_stage(
        engine,
        fresh,
        backend=config.kg_backend,
        llm_settings=config.llm_settings if config.kg_backend == "llm" else None,
        checkpoint=checkpoint,
        log=log,
    )
    report["timings"]["kg"] = round(time.perf_counter() - t0, 3)
    t0 = time.perf_counter()
    llm = None
    if config.question_backend == "llm":
        question_warmup_stage(
            engine,
            triples,
            fresh,
            llm_settings=config.llm_settings,
            per_type=config.per_type,
            seed=config.seed,
        )
        from dragon_bench.llm import LLMClient

        llm = LLMClient(config.llm_settings)
    made = _build(config, hub, published, fresh, triples, version, parent, llm, report, log)
    report["timings"]["questions_and_write"] = round(time.perf_counter() - t0, 3)
    report["segments"] = len(segments)
    if made is None:
        journal.save(status="idle", version=None)
        return report
    journal.history.append({"version": made, "parent": parent, "snapshot": snapshot})
    journal.save(status="built", version=made, parent=parent, snapshot=snapshot)
    # The revision's kg table now holds these triples; the checkpoint would only grow.
    shutil.rmtree(checkpoint.root, ignore_errors=True)
    report["version"] = made
    _publish(config, hub, journal, report, log)
    return report


def _build(
    config: UpdateConfig,
    hub: Hub,
    published: list[Document],
    fresh: list[Document],
    triples: list[Any],
    version: str,
    parent: str | None,
    llm: Any,
    report: dict[str, Any],
    log: Log,
) -> str | None:
    from dragon_bench.release.build import build_revision

    stats: dict[str, Any] = {}
    try:
        made = build_revision(
            published + fresh,
            hub,
            version=version,
            parent=parent,
            full=parent is None,
            seed=config.seed,
            question_backend=config.question_backend,
            per_type=config.per_type,
            llm=llm,
            triples=triples,
            dedup_threshold=config.dedup_threshold,
            stats=stats,
            log=log,
        )
    except BadInputError as exc:
        if "no questions" not in str(exc) and "no new documents" not in str(exc):
            raise
        report["reason"] = str(exc)
        return None
    report["triples"] = stats.get("triples")
    report["questions"] = stats.get("questions")
    log(f"revision {made}: {stats.get('new')} new documents, questions {stats.get('questions')}")
    return made


def _publish(
    config: UpdateConfig, hub: Hub, journal: Journal, report: dict[str, Any], log: Log
) -> None:
    version = journal.version
    if config.publish and version:
        from dragon_bench.release.publish import publish_revision

        report["published"] = publish_revision(
            hub,
            config.publish,
            version=version,
            token=config.publish_token,
            endpoint=config.publish_endpoint,
        )
        log(f"published {version} to {config.publish}")
    journal.save(status="idle")


def _write_segments(path: Path, segments: list[Any]) -> None:
    import os

    from dragon_bench.corpus.segment_io import segments_bytes

    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(segments_bytes(segments, "parquet"))
    os.replace(tmp, path)
