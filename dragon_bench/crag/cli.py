"""`dragon crag ...`: run CRAG tasks, score predictions, serve the mock KG API, convert revisions."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from dragon_bench.output import Format, emit, stderr

__all__ = ["register", "crag_app"]

crag_app = typer.Typer(
    help="CRAG (Meta, KDD Cup 2024): tasks 1-3, truthfulness score, mock KG API.",
    no_args_is_help=True,
)


@crag_app.command("run")
def run_cmd(
    task: int = typer.Option(1, "--task", help="1: 5 pages; 2: 5 pages + KG API; 3: 50 pages."),
    data: Path = typer.Option(..., "--data", help="CRAG .jsonl or .jsonl.bz2 file."),
    pipeline: str = typer.Option(
        "refuse",
        "--pipeline",
        help="'refuse' (always I don't know), 'llm' (DRAGON_LLM_*), or a RAG pipeline config file.",
    ),
    out: Path = typer.Option(Path("predictions.jsonl"), "--out", help="Predictions (JSON lines)."),
    kg_url: str | None = typer.Option(
        None, "--kg-url", help="Task 2: base URL of the mock KG API, e.g. http://127.0.0.1:8077/kg."
    ),
    kg_hub: str | None = typer.Option(
        None, "--kg-hub", help="Task 2: use this hub's latest kg.parquet in-process instead."
    ),
    limit: int | None = typer.Option(None, help="Only the first N questions."),
    concurrency: int = typer.Option(1, help="Questions answered at once (for LLM systems)."),
    resume: bool = typer.Option(True, help="Skip questions already in --out."),
    page_cache: Path | None = typer.Option(
        None, help="Folder keeping extracted page texts, so reruns skip HTML extraction."
    ),
    fmt: Format = typer.Option(Format.table, "--format"),
) -> None:
    """Answer the questions of a CRAG file with a system and write its predictions."""
    from dragon_bench.crag.answerers import make_answerer
    from dragon_bench.crag.data import iter_examples
    from dragon_bench.crag.tasks import KGClient, LocalKG, get_task, run_task
    from dragon_bench.output import track

    spec = get_task(task)
    answerer = make_answerer(pipeline)
    kg: KGClient | LocalKG | None = KGClient(kg_url) if kg_url else None
    if kg_hub and kg is None:
        from dragon_bench.crag.kg_api import KGIndex
        from dragon_bench.hub import Hub

        h = Hub(kg_hub)
        kg = LocalKG(KGIndex(h.read_table("private", h.resolve("latest", half="private"), "kg")))
    if spec.uses_kg and kg is None:
        stderr.print("task 2 without --kg-url or --kg-hub: no KG facts are added", style="yellow")
    summary = run_task(
        track(iter_examples(data, limit=limit), f"CRAG task {task}"), answerer, spec, out, kg=kg,
        resume=resume, cache_dir=page_cache, concurrency=concurrency,
    )  # fmt: skip
    emit(
        {
            "task": task,
            "pipeline": getattr(answerer, "name", pipeline),
            "answered": summary.answered,
            "resumed": summary.resumed,
            "failed": summary.failed,
            "seconds": round(summary.seconds, 2),
            "out": summary.out,
        },
        fmt,
    )


@crag_app.command("score")
def score_cmd(
    data: Path = typer.Option(..., "--data", help="CRAG .jsonl or .jsonl.bz2 file."),
    predictions: Path = typer.Option(..., "--predictions", help="JSON lines of predictions."),
    judge: bool = typer.Option(
        False, "--judge", help="Ask the LLM of DRAGON_LLM_* about answers the rules cannot decide."
    ),
    partial: bool = typer.Option(False, help="Score only the questions that have a prediction."),
    budget: int = typer.Option(75, help="Tokens of each answer that are scored."),
    details: Path | None = typer.Option(None, help="Write per-question verdicts (JSON lines)."),
    fmt: Format = typer.Option(Format.table, "--format"),
) -> None:
    """CRAG's truthfulness score: (2*accurate + missing)/n - 1, with breakdowns."""
    from dragon_bench.crag.data import iter_examples
    from dragon_bench.crag.judge import judge_with_llm
    from dragon_bench.crag.report import print_report, public_report
    from dragon_bench.crag.scoring import read_predictions, score_predictions

    preds = read_predictions(predictions)
    judge_fn, judge_name = None, "none"
    if judge:
        from dragon_bench.llm import LLMClient, LLMSettings

        llm = LLMClient(LLMSettings.required("--judge"))
        judge_fn, judge_name = judge_with_llm(llm), llm.model
    report = score_predictions(
        iter_examples(data, search_results=False),
        preds,
        judge=judge_fn,
        judge_name=judge_name,
        budget=budget,
        partial=partial,
    )
    if details is not None:
        details.write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in report["details"]),
            encoding="utf-8",
        )
    emit(public_report(report), fmt, print_report)


@crag_app.command("kg-serve")
def kg_serve_cmd(
    hub: str = typer.Option(..., "--hub", help="Hub folder or fsspec URL."),
    version: str = typer.Option("latest", help="Revision whose private kg.parquet is served."),
    host: str = typer.Option("127.0.0.1"),
    port: int = typer.Option(8077, min=1, max=65535),
) -> None:
    """Serve a revision's knowledge graph as a CRAG-style mock KG API under /kg."""
    from dragon_bench.crag.kg_api import create_kg_app
    from dragon_bench.errors import require_extra
    from dragon_bench.hub import Hub
    from dragon_bench.serving import listen, run_app

    require_extra("uvicorn", "portal")
    h = Hub(hub)
    v = h.resolve(version, half="private")
    sock = listen(host, port)
    app = create_kg_app(h.read_table("private", v, "kg"), title=f"dragon mock KG API ({v})")
    run_app(app, sock, banner=f"serving the KG of revision {v} at http://{host}:{port}/kg")


@crag_app.command("convert")
def convert_cmd(
    hub: str = typer.Option(..., "--hub", help="Hub folder or fsspec URL."),
    out: Path = typer.Option(..., "--out", help="CRAG JSON Lines to write (.jsonl or .jsonl.bz2)."),
    version: str = typer.Option("latest", help="Revision to convert (needs its private half)."),
    pages: int = typer.Option(5, help="Search results per question: 5 (tasks 1-2) or 50 (task 3)."),
    fmt: Format = typer.Option(Format.table, "--format"),
) -> None:
    """Serve a revision as a CRAG-style task: questions with search results from its texts."""
    from dragon_bench.crag.convert import write_revision_crag

    n = write_revision_crag(hub, out, version, pages=pages)
    emit({"questions": n, "pages": pages, "out": str(out)}, fmt)


def register(app: typer.Typer) -> None:
    app.add_typer(crag_app, name="crag")
