"""Demo step: evaluate the baseline's results against the revision and print the tables."""

from __future__ import annotations

from typing import Any

from dragon_bench.metrics import Gold, evaluate, parse_results, read_results
from dragon_bench.metrics.cli import _write, print_report
from dragon_bench.output import stdout

__all__ = ["run"]


def run(ctx: Any) -> None:
    """Score ctx.artifacts["results"] on ctx.artifacts["hub"]/["version"]; set ctx.artifacts["report"]."""
    art = ctx.artifacts
    missing = [k for k in ("results", "hub", "version") if k not in art]
    if missing:
        stdout.print(f"metrics step skipped: no {', '.join(missing)} from earlier steps")
        return

    gold = Gold.from_hub(art["hub"], art["version"])
    parsed = parse_results(read_results(art["results"]), gold, path=str(art["results"]))
    for warning in parsed.warnings:
        stdout.print(f"warning: {warning}", highlight=False, markup=False)
    report = evaluate(parsed, gold, resamples=1000)
    shown = {"hit_rate", "mrr", "precision", "hit@10", "recall@10", "ndcg@10", "mrr@10"}
    shown |= set(report["overall"]["generation"])
    print_report(report, only=shown)
    out = ctx.workdir / "report.json"
    _write(report, out)
    stdout.print(f"report written to {out}")
    art["report"] = report
