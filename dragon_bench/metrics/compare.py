"""Comparing two submissions on the same revision: mean differences, intervals and p-values."""

from __future__ import annotations

from typing import Any

import numpy as np

from dragon_bench.errors import BadInputError
from dragon_bench.metrics.gold import Gold
from dragon_bench.metrics.report import evaluate, report_matrix
from dragon_bench.metrics.results import parse_results
from dragon_bench.metrics.stats import paired_test

__all__ = ["compare", "compare_results", "is_report"]


def is_report(data: Any) -> bool:
    """True for an evaluation report (as opposed to a results submission)."""
    return isinstance(data, dict) and "signature" in data and "overall" in data


def compare(
    report_a: dict[str, Any], report_b: dict[str, Any], *, resamples: int = 5000, seed: int = 0
) -> dict[str, Any]:
    """Paired comparison of two detailed reports of the same revision, metric by metric.

    For each metric both report: mean of A, mean of B, delta = A - B, a bootstrap 95% interval
    of delta and a two-sided p-value of a paired sign-flip randomisation test.
    """
    for name, report in (("A", report_a), ("B", report_b)):
        if not is_report(report):
            raise BadInputError(f"{name} is not an evaluation report")
    if report_a.get("version") != report_b.get("version"):
        raise BadInputError(
            f"the reports are of different revisions ({report_a.get('version')} vs "
            f"{report_b.get('version')}); compare submissions on the same revision"
        )
    try:
        ids_a, names_a, xa = report_matrix(report_a)
        ids_b, names_b, xb = report_matrix(report_b)
    except ValueError as exc:
        raise BadInputError(str(exc)) from None
    if ids_a != ids_b:
        raise BadInputError("the reports score different questions")
    names = [n for n in names_a if n in names_b]
    ia = [names_a.index(n) for n in names]
    ib = [names_b.index(n) for n in names]
    test = paired_test(xa[:, ia], xb[:, ib], resamples=resamples, seed=seed)
    metrics: dict[str, Any] = {}
    for j, name in enumerate(names):
        metrics[name] = {
            "a": float(np.mean(xa[:, ia[j]])) if len(ids_a) else 0.0,
            "b": float(np.mean(xb[:, ib[j]])) if len(ids_b) else 0.0,
            "delta": float(test["delta"][j]),
            "ci": [float(test["ci"][0, j]), float(test["ci"][1, j])],
            "p_value": float(test["p_value"][j]),
        }
    warnings = []
    if report_a.get("signature") != report_b.get("signature"):
        warnings.append(
            "the reports were made with different settings: "
            f"{report_a.get('signature')} vs {report_b.get('signature')}"
        )
    return {
        "version": report_a.get("version"),
        "n_questions": len(ids_a),
        "signature_a": report_a.get("signature"),
        "signature_b": report_b.get("signature"),
        "method": f"paired sign-flip randomisation ({resamples} resamples, seed {seed}); "
        "delta = A - B with a 95% percentile bootstrap interval",
        "metrics": metrics,
        "warnings": warnings,
    }


def compare_results(
    results_a: Any, results_b: Any, gold: Gold, *, resamples: int = 5000, seed: int = 0, **kw: Any
) -> dict[str, Any]:
    """Evaluate two results submissions (dicts or JSON text) on `gold` and compare them."""
    reports = [
        evaluate(parse_results(r, gold), gold, details=True, seed=seed, **kw)
        for r in (results_a, results_b)
    ]
    return compare(reports[0], reports[1], resamples=resamples, seed=seed)
