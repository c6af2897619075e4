"""`dragon crawl`: fetch the feeds of a sources file into a snapshot store."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from dragon_bench.output import Format, emit, print_table

__all__ = ["register", "default_state_path"]


def default_state_path(store: str) -> str:
    """The crawl state beside a local store; for remote stores, in the working folder."""
    if "://" in store and not store.startswith("file://"):
        return "crawl-state.json"
    return str(Path(store.removeprefix("file://")) / "crawl-state.json")


def _table(report: dict[str, Any]) -> None:
    rows = [[k, v] for k, v in report.items() if k != "errors"]
    print_table(["crawl", "value"], rows)
    if report["errors"]:
        print_table(
            ["kind", "url", "error"],
            [[e["kind"], e["url"], e["error"]] for e in report["errors"]],
            title="errors",
        )


def crawl_command(
    sources: Path = typer.Option(
        ..., "--sources", help="YAML: sources: [{name, feeds, rate_limit}]."
    ),
    store: str = typer.Option(..., "--store", help="Snapshot store: folder or fsspec URL."),
    state: str | None = typer.Option(
        None, "--state", help="Crawl state file (default: crawl-state.json in the store)."
    ),
    timeout: float = typer.Option(20.0, help="Seconds per request."),
    retries: int = typer.Option(3, help="Retries on network errors, 429 and 5xx."),
    concurrency: int = typer.Option(8, help="Pages fetched at once (per-host limits still apply)."),
    min_chars: int = typer.Option(200, help="Skip pages whose main text is shorter."),
    language: str = typer.Option("ru", help="Keep only this language ('any' keeps all)."),
    ignore_robots: bool = typer.Option(False, help="Do not consult robots.txt."),
    fmt: Format = typer.Option(Format.table, "--format", help="table or json."),
) -> None:
    """Crawl RSS/Atom feeds and their articles; write a snapshot when something is new."""
    from dragon_bench.crawl.sources import load_sources

    srcs = load_sources(sources)  # bad input is reported before anything heavy loads
    from dragon_bench.corpus import SnapshotStore
    from dragon_bench.crawl.crawler import CrawlOptions, crawl_to_store

    options = CrawlOptions(
        timeout=timeout,
        retries=retries,
        concurrency=concurrency,
        min_chars=min_chars,
        language=None if language == "any" else language,
        respect_robots=not ignore_robots,
    )
    result = crawl_to_store(
        srcs, SnapshotStore(store), state_path=state or default_state_path(store), options=options
    )
    emit(result.summary(), fmt, _table)


def register(app: typer.Typer) -> None:
    app.command("crawl")(crawl_command)
