"""Per-dynamism scores on the leaderboard (#20 item 2): a row's `by_dynamism` is the mean of
the report's retrieval/generation metrics per label, averaged over versions for "actual"."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from dragon_bench.portal.leaderboard import Entry, rows_for_actual, rows_for_version
from dragon_bench.portal.scores import GENERATION_METRICS, RETRIEVAL_METRICS


def _block(r: float, g: float) -> dict[str, Any]:
    return {
        "retrieval": {m: r for m in RETRIEVAL_METRICS},
        "generation": {m: g for m in GENERATION_METRICS},
    }


def _entry(version: str, labels: dict[str, tuple[float, float]]) -> Entry:
    report = {
        "n_questions": 10,
        "overall": _block(0.5, 0.5),
        "by_type": {"simple": _block(0.5, 0.5)},
        "by_dynamism": {k: {"n_questions": 5, **_block(*v)} for k, v in labels.items()},
    }
    when = datetime(2026, 3, int(version.split(".")[1]) + 1, tzinfo=UTC)
    return Entry("s" + version, "m", version, when, {}, report)


def test_rows_carry_per_label_scores() -> None:
    entries = [
        _entry("1.0.0", {"static": (0.8, 0.6)}),
        _entry("1.1.0", {"static": (0.4, 0.2), "slow": (1.0, 0.0)}),
    ]
    (row,) = rows_for_version(entries, "1.1.0")
    assert row["by_dynamism"] == {
        "static": {"retrieval": 0.4, "generation": 0.2},
        "slow": {"retrieval": 1.0, "generation": 0.0},
    }
    (actual,) = rows_for_actual(entries, ["1.0.0", "1.1.0"], 2)
    assert actual["by_dynamism"]["static"] == {
        "retrieval": pytest.approx(0.6),
        "generation": pytest.approx(0.4),
    }
    assert actual["by_dynamism"]["slow"] == {"retrieval": 1.0, "generation": 0.0}
    assert "fast" not in actual["by_dynamism"]


def test_reports_without_labels_give_empty_slices() -> None:
    entry = _entry("1.0.0", {})
    entry.report.pop("by_dynamism")
    (row,) = rows_for_version([entry], "1.0.0")
    assert row["by_dynamism"] == {}
