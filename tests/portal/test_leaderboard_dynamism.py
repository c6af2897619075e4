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


def test_a_config_cutoff_gives_the_fresh_slice_on_the_row(tmp_path: Any) -> None:
    from dragon_bench.hub import Hub
    from dragon_bench.metrics import Gold
    from dragon_bench.portal.evaluation import MetricsEvaluator
    from dragon_bench.release.build import build_revision
    from tests.release.freshness_corpus import DAY_2, increment, triples_of

    hub = str(tmp_path / "hub")
    for n in (1, 2):
        docs = [d for k in range(1, n + 1) for d in increment(k)]
        build_revision(docs, hub, triples=triples_of(docs), per_type=5)
    gold = Gold.from_hub(hub, "1.1.0")
    results = {
        str(q.id): {"found_ids": sorted(q.relevant), "model_answer": q.answer}
        for q in gold.questions
    }
    evaluator = MetricsEvaluator(Hub(hub), resamples=20, min_slice=1)
    report = evaluator.evaluate("1.1.0", results, knowledge_cutoff="2026-02-01").report
    assert report["fresh"]["n_questions"] == len(gold) and report["fresh"]["shown"]
    entry = Entry("s1", "m", "1.1.0", datetime(2026, 3, 1, tzinfo=UTC), {}, report)
    (row,) = rows_for_version([entry], "1.1.0")
    day = DAY_2.date().isoformat()
    assert row["fresh"]["knowledge_cutoff"] == "2026-02-01" and row["fresh"]["as_of"] == [day, day]
    assert row["fresh"]["generation"] == row["generation"]  # every question is fresh here
    plain = evaluator.evaluate("1.1.0", results).report
    assert "fresh" not in plain
    assert (
        rows_for_version([Entry("s2", "m", "1.1.0", entry.created_at, {}, plain)], "1.1.0")[0][
            "fresh"
        ]
        is None
    )


def _detail(qid: int, score: float) -> dict[str, Any]:
    return {"id": qid, **_block(score, score)}


def test_superseded_questions_leave_the_actual_versions_average() -> None:
    old = _entry("1.0.0", {})
    old = Entry(*[getattr(old, f) for f in ("submit_id", "model_name", "version", "created_at", "config", "report")], extra={"details": [_detail(0, 1.0), _detail(1, 0.0), _detail(2, 1.0)]})  # fmt: skip
    new = _entry("1.1.0", {})
    plain = rows_for_actual([old, new], ["1.0.0", "1.1.0"], 2)[0]
    assert plain["total"] == pytest.approx(0.5)  # the stored aggregates (0.5 each)
    (row,) = rows_for_actual([old, new], ["1.0.0", "1.1.0"], 2, {"1.0.0": {1}})
    # 1.0.0 without its superseded question 1 scores 1.0; averaged with 1.1.0's 0.5
    assert row["total"] == pytest.approx(0.75)
    assert row["n_questions"] == 2 + 10


def test_superseded_ids_read_the_hub(tmp_path: Any) -> None:
    from dragon_bench.hub import Hub
    from dragon_bench.release.build import build_revision
    from dragon_bench.release.changelog import superseded_ids
    from tests.release.freshness_corpus import increment, triples_of

    hub = str(tmp_path / "hub")
    for n in (1, 2):
        docs = [d for k in range(1, n + 1) for d in increment(k)]
        build_revision(docs, hub, triples=triples_of(docs), per_type=5)
    rows = Hub(hub).read_table("private", "1.1.0", "superseded").to_pylist()
    expected = {r["earlier_question_id"] for r in rows}
    assert expected and superseded_ids(Hub(hub), ["1.0.0", "1.1.0"]) == {"1.0.0": expected}


def test_one_common_cutoff_scores_every_row_on_the_same_slice() -> None:
    from dragon_bench.portal.leaderboard import sort_rows, with_cutoff

    def entry(sid: str, model: str, scores: list[float]) -> Entry:
        base = _entry("1.0.0", {})
        details = [_detail(i, v) for i, v in enumerate(scores)]
        return Entry(
            sid, model, "1.0.0", base.created_at, {}, base.report, extra={"details": details}
        )

    # a scores well on the old questions 0-1, b on the fresh ones 2-3
    entries = [entry("a", "a", [1.0, 1.0, 0.0, 0.0]), entry("b", "b", [0.0, 0.0, 1.0, 0.5])]
    rows = rows_for_version(entries, "1.0.0")
    block = {"date": "2026-02-01", "n_questions": 2, "shown": True}
    ranked = sort_rows(with_cutoff(rows, entries, {2, 3}, block), "cutoff_total")
    assert [r["model_name"] for r in ranked] == ["b", "a"]
    assert ranked[0]["cutoff_total"] == pytest.approx(0.75) and ranked[1]["cutoff_total"] == 0.0
    assert ranked[0]["cutoff"] == block
    hidden = with_cutoff(rows, entries, {2, 3}, {**block, "shown": False})
    assert all(r["cutoff_total"] is None and not r["cutoff"]["shown"] for r in hidden)


def test_the_leaderboard_api_takes_a_cutoff(live: Any) -> None:
    from tests.helpers.portal import results

    live.submit(results(3), submit_id="c1", version="1.0.0")
    live.wait("c1")
    live.http.post("/api/v1/admin/submissions/c1/approve", headers=live.auth("admin"))
    r = live.http.get("/api/v1/leaderboard?version=1.0.0&cutoff=2026-02-01")
    assert r.status_code == 200
    (row,) = r.json()["rows"]
    # the test hub's questions are undated: no date is offered and no row is scored
    assert r.json()["cutoffs"] == [] and not row["cutoff"]["shown"]
    assert row["cutoff"]["date"] is None and row["cutoff"]["requested"] == "2026-02-01"
    assert row["cutoff_total"] is None
    assert live.http.get("/api/v1/leaderboard?cutoff=soon").status_code == 422
    assert live.http.get("/api/v1/leaderboard?version=1.0.0&cutoff=2026-13-40").status_code == 422
