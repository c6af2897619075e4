"""`dragon build`, `dragon publish` and `dragon update`: write a revision into a hub, push its
public half, and the scheduled update from news sources."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import typer

from dragon_bench.output import Format, emit, print_table, stderr
from dragon_bench.release import options

__all__ = ["register", "discard_checkpoint"]


def discard_checkpoint(work_dir: Path) -> None:
    """Remove the extraction checkpoint of a work folder (only the part a build writes)."""
    import shutil

    shutil.rmtree(Path(work_dir) / "kg", ignore_errors=True)


def _knowledge_base(path: Path) -> Any:
    """The KG part's local knowledge base of known facts (the novelty filter)."""
    from dragon_bench.errors import DragonError

    try:
        from dragon_bench.kg import LocalKnowledgeBase  # type: ignore[attr-defined]
    except ImportError as exc:
        raise DragonError(
            "the novelty filter (dragon_bench.kg.LocalKnowledgeBase) is not available"
        ) from exc
    return LocalKnowledgeBase(path)


def build(
    corpus: Path = typer.Option(..., help="Corpus: jsonl, csv, parquet, brat or HTML folder."),
    hub: str = typer.Option(..., help="Revision hub: folder or fsspec URL."),
    version: str | None = typer.Option(None, help="Version to write (default: next 1.N.0)."),
    parent: str | None = typer.Option(None, help="Parent revision (default: the latest)."),
    full: bool = typer.Option(False, help="Build on the whole corpus, ignoring the parent."),
    backend: str = options.KG_BACKEND,
    question_backend: str = options.QUESTION_BACKEND,
    questions_per_type: int = options.QUESTIONS_PER_TYPE,
    seed: int = options.SEED,
    triples: Path | None = typer.Option(None, help="Precomputed triples (jsonl or kg.parquet)."),
    known: Path | None = typer.Option(None, help="Local knowledge base of known facts (novelty)."),
    dedup_threshold: float = typer.Option(
        0.8, min=0.0, max=1.0, help="MinHash Jaccard threshold of near-duplicates."
    ),
    workers: int = typer.Option(0, help="Processes for offline extraction (0: one per core)."),
    work_dir: Path | None = typer.Option(
        None,
        help="Checkpoint of extracted triples, so an interrupted build resumes "
        "(default: HUB.work beside a local hub, else ~/.cache/dragon-bench/build/HASH).",
    ),
    resume: bool = typer.Option(
        True, "--resume/--fresh", help="--fresh discards the checkpoint and extracts everything."
    ),
    id_key: str | None = typer.Option(
        None,
        "--id-key",
        help="Key of the public text ids, for a reproducible build (default: the parent's, "
        "else a new random key). Keep it secret: it maps public ids to internal ones.",
    ),
    closed_book_models: str | None = options.CLOSED_BOOK_MODELS,
    closed_book: str = options.CLOSED_BOOK,
    closed_book_judge: bool = options.CLOSED_BOOK_JUDGE,
    question_judge: bool = options.QUESTION_JUDGE,
    judge_model: str | None = options.JUDGE_MODEL,
    judge_threshold: int = options.JUDGE_THRESHOLD,
    publish_dates: bool = options.PUBLISH_DATES,
    dry_run: bool = typer.Option(
        False,
        "--dry-run",
        help="Only estimate the LLM calls and tokens of each stage (no call, nothing written).",
    ),
    review: bool = options.REVIEW,
    format: Format = typer.Option(Format.table, "--format", help="Report format."),
) -> None:
    """Build a revision: dedup, KG, novelty, questions; write it atomically into the hub.

    Extracted triples are checkpointed in the work folder as they finish; rerunning the same
    command after an interruption extracts only the remaining documents. The checkpoint is a
    cache keyed by text and extractor, so it stays after a successful build."""
    from dragon_bench.corpus import read_documents
    from dragon_bench.corpus.parallel import cpu_count
    from dragon_bench.llm import make_llm
    from dragon_bench.output import stderr
    from dragon_bench.release.build import build_revision, default_work_dir
    from dragon_bench.release.tables import read_triples
    from dragon_bench.screening.screen import screening_from_options

    if dry_run:
        from dragon_bench.release.estimate import estimate_revision
        from dragon_bench.screening.closed_book import parse_closed_book_models

        models = parse_closed_book_models(closed_book_models) if closed_book_models else []
        estimate = estimate_revision(
            read_documents(corpus),
            hub,
            version=version,
            parent=parent,
            full=full,
            kg_backend="precomputed" if triples is not None else backend,
            question_backend=question_backend,
            per_type=questions_per_type,
            closed_book_models=len(models),
            question_judge=question_judge,
            dedup_threshold=dedup_threshold,
            log=lambda msg: stderr.print(msg, highlight=False, markup=False),
        )
        emit({"hub": hub, "dry_run": True, **estimate}, format)
        return
    # the LLM settings are checked before any work
    llm = make_llm("the llm backend") if "llm" in (backend, question_backend) else None
    screening = screening_from_options(
        closed_book_models=closed_book_models,
        closed_book=closed_book,
        closed_book_judge=closed_book_judge,
        question_judge=question_judge,
        judge_model=judge_model,
        judge_threshold=judge_threshold,
        usage=getattr(llm, "usage", None),
    )
    folder = work_dir if work_dir is not None else default_work_dir(hub)
    if not resume:
        discard_checkpoint(folder)
    docs = read_documents(corpus)
    novelty = None
    if known is not None:
        novelty = _knowledge_base(known)
    result = build_revision(
        docs,
        hub,
        version=version,
        parent=parent,
        full=full,
        seed=seed,
        kg_backend=backend,
        question_backend=question_backend,
        per_type=questions_per_type,
        llm=llm,
        screening=screening,
        triples=read_triples(triples) if triples is not None else None,
        novelty=novelty,
        dedup_threshold=dedup_threshold,
        publish_dates=publish_dates,
        id_key=id_key,
        workers=workers or cpu_count(),
        work_dir=folder,
        review=review,
        log=lambda msg: stderr.print(msg, highlight=False, markup=False),
    )
    emit({"hub": hub, **result.summary(), **({"state": "staged"} if review else {})}, format)


def publish(
    hub: str = typer.Option(..., help="Revision hub: folder or fsspec URL."),
    to: str = typer.Option(..., help="Target hf://ORG/NAME: repos NAME-texts, NAME-questions."),
    version: str = typer.Option("latest", help="Version to publish."),
    token: str | None = options.HF_TOKEN,
    endpoint: str | None = options.HF_ENDPOINT,
    private: bool = typer.Option(False, help="Create the repos as private."),
    format: Format = typer.Option(Format.table, "--format", help="Report format."),
) -> None:
    """Push the public half of a revision to the Hugging Face Hub, tagged with its version."""
    from dragon_bench.release.publish import publish_revision

    emit(
        publish_revision(hub, to, version=version, token=token, endpoint=endpoint, private=private),
        format,
    )


def _table(report: dict[str, Any]) -> None:
    rows: list[list[Any]] = [
        ["version made", report.get("version") or "none"],
        ["parent", report.get("parent")],
        ["snapshot", report.get("snapshot")],
        ["engine", f"{report.get('engine')} ({report.get('workers')} workers)"],
    ]
    for key, value in (report.get("documents") or {}).items():
        rows.append([f"documents: {key}", value])
    if report.get("questions") is not None:
        rows.append(["questions", report["questions"]])
    if report.get("reason"):
        rows.append(["why no revision", report["reason"]])
    if report.get("published"):
        rows.append(["published", report["published"]])
    print_table(["update", "value"], rows)


def update_command(
    sources: Path | None = typer.Option(
        None, "--sources", help="Sources YAML; without it the store's latest snapshot is used."
    ),
    hub: str = typer.Option(..., "--hub", help="Revision hub: folder or fsspec URL."),
    store: str | None = typer.Option(
        None, "--store", help="Snapshot store (default: HUB/crawl for a local hub)."
    ),
    state_dir: Path | None = typer.Option(
        None, "--state-dir", help="Journal, lock and crawl state (default: the local store)."
    ),
    engine: str = typer.Option("local", "--engine", help="local or ray."),
    address: str | None = typer.Option(None, "--address", help="Ray cluster address."),
    workers: int | None = typer.Option(
        None, "--workers", help="Local processes (default 1); for a new local Ray, its CPUs."
    ),
    every: str | None = typer.Option(None, "--every", help="Repeat every interval: 30m, 24h, 7d."),
    runs: int | None = typer.Option(None, "--runs", help="With --every: stop after N runs."),
    publish: str | None = typer.Option(None, "--publish", help="Publish to hf://ORG/NAME."),
    token: str | None = options.HF_TOKEN,
    endpoint: str | None = options.HF_ENDPOINT,
    seed: int = options.SEED,
    kg_backend: str = options.KG_BACKEND,
    question_backend: str = options.QUESTION_BACKEND,
    questions_per_type: int = options.QUESTIONS_PER_TYPE,
    dedup_threshold: float = typer.Option(0.8, help="MinHash Jaccard threshold of duplicates."),
    closed_book_models: str | None = options.CLOSED_BOOK_MODELS,
    closed_book: str = options.CLOSED_BOOK,
    closed_book_judge: bool = options.CLOSED_BOOK_JUDGE,
    question_judge: bool = options.QUESTION_JUDGE,
    judge_model: str | None = options.JUDGE_MODEL,
    judge_threshold: int = options.JUDGE_THRESHOLD,
    publish_dates: bool = options.PUBLISH_DATES,
    timeout: float = typer.Option(20.0, help="Crawler: seconds per request."),
    min_chars: int = typer.Option(200, help="Crawler: skip pages with shorter main text."),
    ignore_robots: bool = typer.Option(False, help="Crawler: do not consult robots.txt."),
    review: bool = options.REVIEW,
    fmt: Format = typer.Option(Format.table, "--format", help="table or json."),
) -> None:
    """Crawl, diff with the latest revision, and build the next one from the new documents only."""
    from dragon_bench.crawl.crawler import CrawlOptions
    from dragon_bench.crawl.sources import load_sources
    from dragon_bench.engine.engines import make_engine
    from dragon_bench.errors import BadInputError
    from dragon_bench.release.update import (
        UpdateConfig,
        default_state_dir,
        parse_interval,
        run_update,
    )

    interval = parse_interval(every) if every else None
    srcs = load_sources(sources) if sources is not None else None
    if store is None:
        if "://" in hub and not hub.startswith("file://"):
            raise BadInputError("--store is needed when the hub is not a local folder")
        store = str(Path(hub.removeprefix("file://")) / "crawl")
    llm_settings = None
    if "llm" in (kg_backend, question_backend):
        from dragon_bench.llm import LLMSettings

        llm_settings = LLMSettings.required("the llm backend")
    from dragon_bench.screening.screen import screening_from_options

    screening = screening_from_options(
        closed_book_models=closed_book_models,
        closed_book=closed_book,
        closed_book_judge=closed_book_judge,
        question_judge=question_judge,
        judge_model=judge_model,
        judge_threshold=judge_threshold,
    )
    config = UpdateConfig(
        hub=hub,
        store=store,
        state_dir=state_dir or default_state_dir(store),
        sources=srcs,
        crawl=CrawlOptions(timeout=timeout, min_chars=min_chars, respect_robots=not ignore_robots),
        seed=seed,
        kg_backend=kg_backend,
        question_backend=question_backend,
        per_type=questions_per_type,
        dedup_threshold=dedup_threshold,
        llm_settings=llm_settings,
        screening=screening,
        review=review,
        publish_dates=publish_dates,
        publish=publish,
        publish_token=token,
        publish_endpoint=endpoint,
    )

    def log(msg: str) -> None:
        stderr.print(msg, highlight=False, markup=False)

    with make_engine(engine, workers=workers, address=address) as eng:
        done = 0
        while True:
            try:
                report = run_update(config, eng, log=log)
            except BadInputError:
                raise
            except Exception as exc:  # noqa: BLE001 - a scheduled loop outlives one failure
                if interval is None:
                    raise
                log(f"update failed ({type(exc).__name__}: {exc}); the next run resumes it")
            else:
                emit(report, fmt, _table)
            done += 1
            if interval is None or (runs is not None and done >= runs):
                break
            log(f"next update in {every}")
            time.sleep(interval)


def release(
    hub: str = typer.Option(..., "--hub", help="Revision hub: folder or fsspec URL."),
    version: str = typer.Option(..., "--version", help="The staged revision to release."),
    db: str | None = typer.Option(
        None, "--db", help="The portal's database (as `dragon serve --db`): the decisions."
    ),
    auto_accept_above: float | None = typer.Option(
        None,
        "--auto-accept-above",
        min=0.0,
        max=1.0,
        help="Accept the undecided candidates of confidence >= C (never flagged ones); the "
        "other undecided ones are left out. Without it any undecided candidate refuses.",
    ),
    publish_dates: bool = options.PUBLISH_DATES,
    format: Format = typer.Option(Format.table, "--format", help="Report format."),
) -> None:
    """Publish a staged revision with only its accepted questions (ids renumbered 0..n-1)."""
    from dragon_bench.hub import Hub
    from dragon_bench.release.staging import release_staged

    target = Hub(hub)
    verdicts = {}
    if db is not None:
        from dragon_bench.portal.review.store import final_verdicts, open_database

        database = open_database(db)
        try:
            verdicts = final_verdicts(database, version)
        finally:
            database.dispose()
    report = release_staged(
        target,
        version,
        verdicts,
        auto_accept_above=auto_accept_above,
        publish_dates=publish_dates,
    )
    emit(report, format)


def _changelog_table(report: dict[str, Any]) -> None:
    from dragon_bench.output import stdout

    stdout.print(
        f"revision {report['version']} since {report['parent'] or 'nothing'}: "
        f"{len(report['new'])} new, {len(report['superseded'])} superseded, "
        f"{len(report['retired'])} retired",
        highlight=False,
    )
    if report["superseded"]:
        rows = [
            [
                f"{r['earlier_version']}#{r['earlier_question_id']}",
                r["subject_id"],
                # the object-side rule: the slot of a one-holder role, named by its organisation
                f"{r['relation_type']} (holder)"
                if r.get("rule") == "object"
                else r["relation_type"],
                r["old_object_id"],
                r["new_object_id"],
                ", ".join(r["doc_ids"]),
            ]
            for r in report["superseded"]
        ]
        head = ["question", "subject", "relation", "was", "now", "new evidence"]
        print_table(head, rows, title="superseded")


def changelog_command(
    hub: str = typer.Option(..., "--hub", help="Revision hub: folder or fsspec URL."),
    version: str = typer.Option("latest", "--version", help="The revision (default: latest)."),
    format: Format = typer.Option(Format.table, "--format", help="Report format."),
) -> None:
    """What a revision changed since its parent: new, superseded and retired questions."""
    from dragon_bench.hub import Hub
    from dragon_bench.release.changelog import changelog

    target = Hub(hub)
    emit(changelog(target, target.resolve(version, "private")), format, _changelog_table)


def register(app: typer.Typer) -> None:
    app.command("changelog")(changelog_command)
    app.command("build")(build)
    app.command("release")(release)
    app.command("publish")(publish)
    app.command("update")(update_command)
