"""`dragon evaluate` (score a results file against a revision's private half) and `dragon compare`."""

from __future__ import annotations

import gc
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TextIO

import typer

from dragon_bench.output import Format, _default

if TYPE_CHECKING:
    from dragon_bench.metrics.report import Details

__all__ = ["register", "print_report", "print_comparison", "write_json"]


def print_report(report: dict[str, Any], *, only: set[str] | None = None) -> None:
    """The report as tables: a row per metric; overall, its 95% interval, then each type.

    `only` limits the rows to those metric names.
    """
    from dragon_bench.output import print_table, stdout

    # columns: each type, each dynamism label, then the fresh slice when it is shown
    slices = {t: v for t, v in report.get("by_type", {}).items()}
    slices |= {f"[{k}]": v for k, v in report.get("by_dynamism", {}).items()}
    fresh = report.get("fresh") or {}
    if fresh.get("shown"):
        slices[f"after {fresh['knowledge_cutoff']}"] = fresh
    ci = report.get("ci", {}).get("overall", {})
    counts = [report["n_questions"], "", *(v.get("n_questions", "") for v in slices.values())]
    for group, values in report["overall"].items():
        rows: list[list[Any]] = [["questions", *counts]]
        for name, value in values.items():
            if only is not None and name not in only:
                continue
            bounds = ci.get(group, {}).get(name)
            interval = f"{bounds[0]:.2f}-{bounds[1]:.2f}" if bounds else ""
            cells = [f"{v.get(group, {}).get(name, 0.0):.3f}" for v in slices.values()]
            rows.append([name, f"{value:.3f}", interval, *cells])
        print_table(["metric", "all", "95% CI", *slices], rows, title=group)
    stdout.print(
        f"revision {report['version']}; answered {report.get('n_answered')} of {report['n_questions']}"
    )
    if fresh:
        shown = (
            f"{fresh['n_questions']} questions dated {fresh['as_of'][0]}..{fresh['as_of'][1]}"
            if fresh.get("shown")
            else f"{fresh['n_questions']} questions, under {fresh['min_slice']}: not shown"
        )
        stdout.print(f"fresh slice after {fresh['knowledge_cutoff']}: {shown}", highlight=False)
    stdout.print(f"signature: {report['signature']}", highlight=False)


def print_comparison(result: dict[str, Any]) -> None:
    from dragon_bench.output import print_table, stdout

    rows = [
        [
            name,
            m["a"],
            m["b"],
            f"{m['delta']:+.4f}",
            f"[{m['ci'][0]:+.3f}, {m['ci'][1]:+.3f}]",
            f"{m['p_value']:.4f}",
        ]
        for name, m in result["metrics"].items()
    ]
    print_table(
        ["metric", "A", "B", "A - B", "95% CI", "p"], rows, title=f"revision {result['version']}"
    )
    stdout.print(result["method"], highlight=False)


def _judge(rubric: bool, concurrency: int) -> Any:
    from dragon_bench.llm import LLMClient, LLMSettings
    from dragon_bench.metrics.judge import Judge

    settings = LLMSettings.required("--judge", " (an OpenAI-compatible endpoint)")
    return Judge(LLMClient(settings), rubric=rubric, concurrency=concurrency)


def _write(data: dict[str, Any], out: Path, rows: Details | None = None) -> None:
    tmp = out.with_name(f".{out.name}.tmp-{os.getpid()}")
    with tmp.open("w", encoding="utf-8") as f:
        write_json(data, rows, f)
    os.replace(tmp, out)


def write_json(report: dict[str, Any], rows: Details | None, stream: TextIO) -> None:
    """`json.dumps(report | {"per_question": rows}, ensure_ascii=False)` written piece by piece,
    the rows made from their score columns as they are written (no list of 100,000 dicts)."""
    head = json.dumps(report, ensure_ascii=False, default=_default)
    if rows is None:
        stream.write(head)
        return
    stream.write(f'{head[:-1]}, "per_question": [' if report else '{"per_question": [')
    for i, chunk in enumerate(rows.json_chunks()):
        stream.write(f", {chunk}" if i else chunk)
    stream.write("]}")


def evaluate_command(
    results: Path = typer.Option(
        ..., "--results", "-r", help="Results JSON (DRAGON submission format)."
    ),
    hub: str = typer.Option(..., help="Hub folder or fsspec URL holding the private half."),
    version: str | None = typer.Option(
        None,
        help="Revision version, or latest (default: the one in <results>.run.json written by "
        "`dragon run`, else the latest); refused when the run record names another.",
    ),
    judge: bool = typer.Option(
        False, "--judge", help="Also judge answers with the LLM (DRAGON_LLM_*)."
    ),
    rubric: bool = typer.Option(
        False, help="With --judge: also score correctness, completeness, factual accuracy 0-2."
    ),
    concurrency: int = typer.Option(4, help="Judge calls in flight."),
    dragon_only: bool = typer.Option(False, help="Only DRAGON's metrics (no extended ones)."),
    resamples: int = typer.Option(
        1000, help="Bootstrap resamples for the 95% intervals (0: none)."
    ),
    seed: int = typer.Option(0, help="Seed of the bootstrap."),
    workers: int = typer.Option(0, help="Processes (0: automatic, up to 2)."),
    details: bool = typer.Option(True, help="Include per-question scores in the JSON report."),
    # Annotated, so that callers of the function itself get plain defaults
    knowledge_cutoff: Annotated[
        str | None,
        typer.Option(
            "--knowledge-cutoff",
            help="The model's knowledge cutoff (YYYY-MM-DD): also score the questions dated "
            "after it (the fresh slice).",
        ),
    ] = None,
    min_slice: Annotated[
        int,
        typer.Option(
            "--min-slice", min=1, help="Fewest questions a fresh slice needs to be shown."
        ),
    ] = 20,
    out: Path | None = typer.Option(None, help="Also write the JSON report to this file."),
    fmt: Format = typer.Option(Format.table, "--format", help="Report format."),
) -> None:
    """Score a results file against a revision: DRAGON's metrics, extended ones, intervals, judge."""
    # Before numpy loads: its products here are small and run on one thread (metrics.stats), so
    # OpenBLAS's own threads would only spin (~0.06 CPU-s a process); a user's setting wins.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from dragon_bench.metrics.freshness import parse_cutoff
    from dragon_bench.metrics.gold import Gold
    from dragon_bench.metrics.report import evaluate_report
    from dragon_bench.metrics.results import parse_results, read_results
    from dragon_bench.output import stderr
    from dragon_bench.run_record import check_version, recorded_version

    collecting = gc.isenabled()
    if not judge:  # a judge's client makes cycles (asyncio, httpx): then the collector stays on
        gc.disable()  # objects that live to the end: the collector would walk them for nothing
    try:
        recorded = recorded_version(results)
        # the results first: parsing them is the process's largest transient, best met before
        # the revision is loaded
        data = read_results(results)
        gold = Gold.from_hub(hub, version or recorded or "latest")
        check_version(results, gold.version, recorded)
        parsed = parse_results(data, gold, path=str(results))
        del data
        for warning in parsed.warnings:
            stderr.print(f"warning: {warning}", highlight=False, markup=False)
        report, rows = evaluate_report(
            parsed,
            gold,
            judge=_judge(rubric, concurrency) if judge else None,
            extended=not dragon_only,
            resamples=resamples,
            seed=seed,
            workers=workers or None,
            knowledge_cutoff=parse_cutoff(knowledge_cutoff),
            min_slice=min_slice,
        )
        del parsed
        if out is not None:
            _write(report, out, rows if details else None)
        if Format(fmt) is Format.json:
            write_json(report, rows if details else None, sys.stdout)
            sys.stdout.write("\n")
            sys.stdout.flush()
        else:
            print_report(report)
    finally:
        if collecting:
            gc.enable()


def compare_command(
    a: Path = typer.Argument(
        ..., help="Report JSON (from dragon evaluate --format json) or results JSON."
    ),
    b: Path = typer.Argument(..., help="The other report or results file."),
    hub: str | None = typer.Option(
        None, help="Hub with the private half (needed for results files)."
    ),
    version: str | None = typer.Option(
        None,
        help="Revision version, or latest, for results files (default: the one their run "
        "records name, else the latest); refused when a run record names another.",
    ),
    resamples: int = typer.Option(5000, help="Randomisation resamples."),
    seed: int = typer.Option(0, help="Seed."),
    fmt: Format = typer.Option(Format.table, "--format", help="Report format."),
) -> None:
    """Compare two submissions on the same revision: deltas, 95% intervals, paired p-values."""
    from dragon_bench.errors import BadInputError
    from dragon_bench.metrics import Gold, evaluate, parse_results, read_results
    from dragon_bench.metrics.compare import compare, is_report
    from dragon_bench.output import emit, stderr
    from dragon_bench.run_record import check_version, recorded_version

    loaded = [read_results(p) for p in (a, b)]
    recorded = {
        p: recorded_version(p)
        for p, data in zip((a, b), loaded, strict=True)
        if not is_report(data)
    }
    gold = None
    reports = []
    for path, data in zip((a, b), loaded, strict=True):
        if is_report(data):
            reports.append(data)
            continue
        if hub is None:
            raise BadInputError(f"{path} is a results file: give --hub (and --version) to score it")
        if gold is None:
            named = [v for v in recorded.values() if v is not None]
            gold = Gold.from_hub(hub, version or (named[0] if named else "latest"))
        check_version(path, gold.version, recorded[path])
        parsed = parse_results(data, gold, path=str(path))
        for warning in parsed.warnings:
            stderr.print(f"warning: {path}: {warning}", highlight=False, markup=False)
        reports.append(evaluate(parsed, gold, seed=seed))
    result = compare(reports[0], reports[1], resamples=resamples, seed=seed)
    for warning in result["warnings"]:
        stderr.print(f"warning: {warning}", highlight=False, markup=False)
    emit(result, fmt, print_comparison)


def register(app: typer.Typer) -> None:
    app.command("evaluate")(evaluate_command)
    app.command("compare")(compare_command)
