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

from dragon_bench.corpus import SnapshotStore, diff_documents
from dragon_bench.crawl.crawler import CrawlOptions, crawl_to_store
from dragon_bench.crawl.sources import Source
from dragon_bench.engine.base import Engine
from dragon_bench.engine.local import LocalEngine
from dragon_bench.errors import BadInputError
from dragon_bench.hub import Hub
from dragon_bench.llm import LLMClient, LLMSettings
from dragon_bench.release.draft import BuildContext, BuildSettings, NothingToBuild
from dragon_bench.release.journal import Journal, UpdateLock
from dragon_bench.release.pipeline import complete_versions, plan_revision, run_build
from dragon_bench.release.publish import publish_revision
from dragon_bench.release.stages import published_documents

__all__ = ["UpdateConfig", "run_update", "parse_interval", "default_state_dir"]

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
    llm_settings: LLMSettings | None = None
    screening: Any = None  # the LLM screens (`dragon_bench.screening.screen.Screening`)
    review: bool = False  # stage the revision for review instead of publishing it
    publish_dates: bool = False  # public questions get the day of their `as_of`
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
    hub = Hub(config.hub)
    store = SnapshotStore(config.store)
    report: dict[str, Any] = {"version": None, "hub": config.hub, **engine.describe()}
    _repair(hub, journal, log)
    staged = hub.staged_versions()
    if config.review and staged:
        raise BadInputError(
            f"revision {staged[-1]} is still staged in {config.hub}: release it with "
            "`dragon release` before the next --review update"
        )
    if journal.status == "building" and journal.version in complete_versions(hub):
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

    # The increment: snapshot documents the parent does not hold under their id (an edited
    # copy of a published text is reported, not asked about); the build's select and dedup
    # stages then drop what any published revision holds.
    complete = complete_versions(hub)
    parent = complete[-1] if complete else None
    published = published_documents(hub, parent) if parent else []
    diff = diff_documents(published, docs)
    report["parent"] = parent
    counts = {
        "snapshot": len(docs),
        "published": len(published),
        "new": len(diff.new),
        "changed_after_publication": len(diff.changed),
    }
    log(f"diff with {parent or 'an empty hub'}: {len(diff.new)} new")
    resume = journal.status == "building" and journal.version and journal.parent == parent
    plan = plan_revision(hub, version=journal.version if resume else None, full=parent is None)
    journal.save(status="building", version=plan.version, parent=parent, snapshot=snapshot)
    checkpoint = Path(config.state_dir) / "kg-checkpoint"
    settings = BuildSettings(
        seed=config.seed,
        kg_backend=config.kg_backend,
        question_backend=config.question_backend,
        per_type=config.per_type,
        dedup_threshold=config.dedup_threshold,
        llm_settings=config.llm_settings,
        checkpoint=checkpoint,
        segments_out=Path(config.state_dir) / "increments" / f"{plan.version}.segments.parquet",
        window=config.window,
        stride=config.stride,
        screening=config.screening,
        review=config.review,
        publish_dates=config.publish_dates,
    )
    llm = LLMClient(config.llm_settings) if config.llm_settings is not None else None
    ctx = BuildContext(hub, engine, settings, llm=llm, log=log)
    try:
        result = run_build(ctx, plan, [*published, *diff.new])
    except NothingToBuild as exc:
        new = len(exc.draft.new) if exc.draft is not None else 0
        report["documents"] = {
            **counts,
            "duplicates_dropped": len(diff.new) - new,
            "increment": new,
        }
        report["reason"] = str(exc)
        journal.save(status="idle", version=None)
        return report
    report["documents"] = {
        **counts,
        "duplicates_dropped": len(diff.new) - result.new,
        "increment": result.new,
    }
    report["timings"].update(result.timings)
    report["segments"] = result.segments
    report["triples"] = result.triples
    report["questions"] = dict(result.questions)
    if result.screening:
        report["screening"] = dict(result.screening)
    if result.llm:
        report["llm"] = dict(result.llm)
    log(f"revision {result.version}: {result.new} new documents, questions {result.questions}")
    journal.history.append({"version": result.version, "parent": parent, "snapshot": snapshot})
    journal.save(status="built", version=result.version, parent=parent, snapshot=snapshot)
    # The revision's kg table now holds these triples; the checkpoint would only grow.
    shutil.rmtree(checkpoint, ignore_errors=True)
    report["version"] = result.version
    if config.review:  # a staged revision is published by `dragon release`, not here
        report["state"] = "staged"
        journal.save(status="idle")
        return report
    _publish(config, hub, journal, report, log)
    return report


def _publish(
    config: UpdateConfig, hub: Hub, journal: Journal, report: dict[str, Any], log: Log
) -> None:
    version = journal.version
    if config.publish and version:
        report["published"] = publish_revision(
            hub,
            config.publish,
            version=version,
            token=config.publish_token,
            endpoint=config.publish_endpoint,
        )
        log(f"published {version} to {config.publish}")
    journal.save(status="idle")
