"""Demo step: what the update's revision changed (`dragon changelog`) and the baseline's
score on the fresh slice after a knowledge cutoff (`dragon evaluate --knowledge-cutoff`)."""

from __future__ import annotations

from datetime import date
from typing import Any

from dragon_bench.hub import Hub
from dragon_bench.metrics import Gold, evaluate, parse_results, read_results
from dragon_bench.output import stdout
from dragon_bench.release.changelog import changelog
from dragon_bench.release.cli import _changelog_table

__all__ = ["run"]

# the demo corpus is dated 2-21 March 2026: a model trained up to 9 March has not seen half
CUTOFF = date(2026, 3, 9)
# the demo revision is small; a real leaderboard keeps the default of 20
DEMO_MIN_SLICE = 5


def run(ctx: Any) -> None:
    art = ctx.artifacts
    if "hub" not in art:
        stdout.print("freshness step skipped: no revision from earlier steps")
        return
    hub = Hub(str(art["hub"]))
    for version in hub.versions("private"):
        _changelog_table(changelog(hub, version))
    if "results" not in art:
        return

    gold = Gold.from_hub(hub, art["version"])
    parsed = parse_results(read_results(art["results"]), gold, path=str(art["results"]))
    report = evaluate(
        parsed, gold, resamples=200, knowledge_cutoff=CUTOFF, min_slice=DEMO_MIN_SLICE
    )
    fresh = report["fresh"]
    labels = ", ".join(f"{k} {v['n_questions']}" for k, v in report.get("by_dynamism", {}).items())
    stdout.print(f"revision {gold.version}: questions by dynamism: {labels}")
    overall = report["overall"]["generation"]["rougeL"]
    if fresh["shown"]:
        lo, hi = fresh["ci"]["generation"]["rougeL"]
        stdout.print(
            f"baseline rougeL {overall:.3f} overall; after the cutoff {CUTOFF} "
            f"({fresh['n_questions']} questions dated {fresh['as_of'][0]}..{fresh['as_of'][1]}, "
            f"minimum slice {DEMO_MIN_SLICE} for the demo): "
            f"{fresh['generation']['rougeL']:.3f} [{lo:.3f}, {hi:.3f}]"
        )
    else:
        stdout.print(
            f"fresh slice after {CUTOFF}: {fresh['n_questions']} questions, under "
            f"{DEMO_MIN_SLICE}: not shown"
        )
