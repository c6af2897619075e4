"""Checking a results file before submitting: what the portal rejects, and what merely looks wrong."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dragon_bench.client.revision import Revision
from dragon_bench.errors import BadInputError
from dragon_bench.metrics.gold import Gold, GoldQuestion
from dragon_bench.metrics.results import ResultsError, parse_results, question_id

__all__ = ["ValidationReport", "validate"]


@dataclass
class ValidationReport:
    """`errors` make the portal refuse the file; `warnings` are legal but probably unintended."""

    version: str
    n_answers: int = 0
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "ok": self.ok,
            "n_answers": self.n_answers,
            "errors": self.errors,
            "warnings": self.warnings,
        }


def _summarise(items: list[str], what: str, limit: int = 5) -> str:
    shown = ", ".join(items[:limit])
    more = f" and {len(items) - limit} more" if len(items) > limit else ""
    return f"{what}: {shown}{more}"


def validate(
    results: Mapping[str, Any] | str | Path, revision: Revision, *, strict: bool = True
) -> ValidationReport:
    """Check results (a mapping or a JSON file) against the revision's public question and text ids.

    Errors are what the portal refuses on upload (not an object, no answers, a key that is not
    a question id of this version, found_ids not a list of integers, model_answer not a string)
    and what its evaluator (dragon_bench.metrics.parse_results) refuses, such as text ids that
    are not public ids or repeated ones; with `strict`, any error raises BadInputError. Missing
    questions and empty answers are warnings.
    """
    if isinstance(results, str | Path):
        try:
            data: Any = json.loads(Path(results).read_text(encoding="utf-8-sig"))
        except (OSError, ValueError) as exc:
            raise BadInputError(f"cannot read results: {exc}", path=str(results)) from exc
    else:
        data = results
    report = ValidationReport(revision.version)
    if not isinstance(data, Mapping):
        report.errors.append("results must be a JSON object keyed by question id")
    elif not data:
        report.errors.append("results hold no answers")
    else:
        _check_entries(data, revision, report)
        _check_with_metrics(data, revision, report)
    if strict and report.errors:
        raise BadInputError(f"results for version {revision.version}: " + "; ".join(report.errors))
    return report


def _check_with_metrics(
    data: Mapping[str, Any], revision: Revision, report: ValidationReport
) -> None:
    """The evaluator's own parser (dragon_bench.metrics.parse_results) over the public ids:
    what it refuses (unknown or repeated text ids too) would fail the evaluation."""
    gold = Gold(
        revision.version,
        [
            GoldQuestion(q, text, "", "simple", frozenset())
            for q, text in revision.questions.items()
        ],
        frozenset(revision.texts),
    )
    try:
        parse_results(dict(data), gold)
    except ResultsError as exc:
        report.errors.append("the evaluator refuses: " + "; ".join(exc.problems[:10]))


def _check_entries(data: Mapping[str, Any], revision: Revision, report: ValidationReport) -> None:
    bad_keys, foreign, bad_found, bad_answer = [], [], [], []
    unknown_texts, repeated, empty = [], [], []
    for key, value in data.items():
        qid = question_id(key)
        if qid is None:
            bad_keys.append(repr(key))
            continue
        if qid not in revision.questions:
            foreign.append(key)
            continue
        if not isinstance(value, Mapping):
            bad_found.append(key)
            continue
        found = value.get("found_ids")
        if not isinstance(found, list) or not all(
            isinstance(i, int) and not isinstance(i, bool) for i in found
        ):
            bad_found.append(key)
        else:
            if any(i not in revision.texts for i in found):
                unknown_texts.append(key)
            if len(set(found)) != len(found):
                repeated.append(key)
        answer = value.get("model_answer")
        if not isinstance(answer, str):
            bad_answer.append(key)
        elif not answer.strip():
            empty.append(key)
        report.n_answers += 1
    for items, what in (
        (bad_keys, "keys that are not question ids"),
        (foreign, f"question ids not in version {revision.version}"),
        (bad_found, "found_ids not a list of integer text ids in questions"),
        (bad_answer, "model_answer not a string in questions"),
    ):
        if items:
            report.errors.append(_summarise(items, what))
    missing = sorted(set(revision.questions) - {question_id(k) for k in data})
    for items, what in (
        ([str(m) for m in missing], f"{len(missing)} question(s) unanswered"),
        (unknown_texts, "found_ids not among the public texts in questions"),
        (repeated, "repeated found_ids in questions"),
        (empty, "empty model_answer in questions"),
    ):
        if items:
            report.warnings.append(_summarise(items, what))
