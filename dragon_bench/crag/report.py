"""Printing a CRAG score report as tables (the JSON form is the report itself)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dragon_bench.crag.scoring import BREAKDOWNS
from dragon_bench.output import print_table, stdout

__all__ = ["print_report", "public_report"]

_COLUMNS = ("score", "accuracy", "hallucination", "missing", "n")


def public_report(report: Mapping[str, Any]) -> dict[str, Any]:
    """The report without per-question details (those go to a file on request)."""
    return {k: v for k, v in report.items() if k != "details"}


def print_report(report: Mapping[str, Any]) -> None:
    print_table(
        ["", *_COLUMNS],
        [["all", *(report[c] for c in _COLUMNS)]],
        title=f"CRAG truthfulness ({report.get('signature', '')})",
    )
    for key, label in BREAKDOWNS:
        groups = report.get(key)
        if not groups:
            continue
        print_table(
            [label, *_COLUMNS],
            [[name, *(g[c] for c in _COLUMNS)] for name, g in groups.items()],
        )
    extra = ", ".join(
        f"{k}={report[k]}" for k in ("n_skipped", "n_judged", "judge_errors") if k in report
    )
    stdout.print(extra)
