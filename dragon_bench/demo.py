"""`dragon demo`: the whole loop that exists, on built-in defaults, each part adding its step."""

from __future__ import annotations

import importlib
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import typer

from dragon_bench.output import stdout

__all__ = ["DemoContext", "STEPS", "run_demo", "register"]

# (title, "module:function"); a step whose module is absent is skipped. Each step takes the
# context, prints what it did, and leaves what later steps need in `ctx.artifacts`.
STEPS: tuple[tuple[str, str], ...] = (
    ("corpus: ingest, dedup, segment", "dragon_bench.corpus.demo:run"),
    ("revision: knowledge graph, questions, release 1.0.0", "dragon_bench.release.demo:run"),
    ("LLM path: extraction, closed-book filter, question judge", "dragon_bench.llm.demo:run"),
    ("participant: baseline RAG over the revision", "dragon_bench.client.demo:run"),
    ("metrics: evaluate the baseline", "dragon_bench.metrics.demo:run"),
    ("leaderboard: a repository for the results file", "dragon_bench.leaderboard.demo:prepare"),
    ("portal: submit, approve, leaderboard", "dragon_bench.portal.demo:run"),
    ("leaderboard: the committed results file and the Space", "dragon_bench.leaderboard.demo:run"),
    ("RAG service: TREC RAG 2024 answers with citations", "dragon_bench.rag.demo:run"),
    ("arena: a blind battle, a vote, ratings; human grading", "dragon_bench.portal.arena.demo:run"),
    (
        "review: stage a revision, decide its candidates, release it",
        "dragon_bench.portal.review.demo:run",
    ),
    ("CRAG: tasks and truthfulness score", "dragon_bench.crag.demo:run"),
    ("dynamic update: crawl, diff, revision 1.1.0", "dragon_bench.engine.demo:run"),
    (
        "freshness: changelog, dynamism, fresh-slice score",
        "dragon_bench.release.freshness_demo:run",
    ),
)


@dataclass
class DemoContext:
    """What the demo steps share: a work folder, the input corpus, and their outputs by name."""

    workdir: Path
    corpus: Path | None = None
    keep_running: bool = False
    artifacts: dict[str, Any] = field(default_factory=dict)


def run_demo(ctx: DemoContext, only: list[str] | None = None) -> DemoContext:
    for title, target in STEPS:
        module_name, func_name = target.split(":")
        if only and not any(o in module_name for o in only):
            continue
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name and module_name.startswith(exc.name):
                continue
            raise
        stdout.rule(f"[bold]{title}")
        getattr(module, func_name)(ctx)
    return ctx


def demo(
    corpus: Path | None = typer.Option(
        None, help="Any supported input (jsonl, csv, parquet, brat folder, HTML folder)."
    ),
    workdir: Path = typer.Option(Path("demo-output"), help="Where the demo writes everything."),
    fresh: bool = typer.Option(True, help="Start from an empty work folder."),
    only: list[str] | None = typer.Option(None, help="Run only steps whose part matches."),
    keep_running: bool = typer.Option(
        False, help="Leave the portal running at the end (Ctrl-C to stop)."
    ),
) -> None:
    """Run the whole loop on a small built-in corpus and print what each step did."""
    if fresh and workdir.exists():
        shutil.rmtree(workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    run_demo(DemoContext(workdir=workdir, corpus=corpus, keep_running=keep_running), only)
    stdout.rule("[bold green]demo finished")
    stdout.print(f"everything it wrote is under {workdir}/")


def register(app: typer.Typer) -> None:
    app.command("demo")(demo)
