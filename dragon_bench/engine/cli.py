"""`dragon update`: one scheduled update (or one every interval) of a hub from news sources."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import typer

from dragon_bench.output import Format, emit, print_table, stderr
from dragon_bench.release import options

__all__ = ["register"]


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
    timeout: float = typer.Option(20.0, help="Crawler: seconds per request."),
    min_chars: int = typer.Option(200, help="Crawler: skip pages with shorter main text."),
    ignore_robots: bool = typer.Option(False, help="Crawler: do not consult robots.txt."),
    fmt: Format = typer.Option(Format.table, "--format", help="table or json."),
) -> None:
    """Crawl, diff with the latest revision, and build the next one from the new documents only."""
    from dragon_bench.crawl.crawler import CrawlOptions
    from dragon_bench.crawl.sources import load_sources
    from dragon_bench.engine.engines import make_engine
    from dragon_bench.engine.update import (
        UpdateConfig,
        default_state_dir,
        parse_interval,
        run_update,
    )
    from dragon_bench.errors import BadInputError

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
    from dragon_bench.questions.screening import screening_from_options

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


def register(app: typer.Typer) -> None:
    app.command("update")(update_command)
