"""Leaderboard tables: per version, actual-versions aggregation, sorting, CSV and the results file."""

from __future__ import annotations

import csv
import io
from datetime import datetime

import pytest

from dragon_bench.portal import leaderboard as lb
from tests.helpers.portal import Live, results


def _entry(
    sid: str, model: str, version: str, day: int, r: float, g: float, judge=None
) -> lb.Entry:  # type: ignore[no-untyped-def]
    report = {
        "n_questions": 10,
        "overall": {
            "retrieval": {"hit_rate": r, "mrr": r, "precision": r, "ndcg": 0.0},
            "generation": {"rouge1": g, "rougeL": g, "substr_match": g},
        },
        "by_type": {
            "set": {"retrieval": {"hit_rate": r}, "generation": {"rouge1": g}},
            "simple": {"retrieval": {"hit_rate": 1.0}, "generation": {"rouge1": 0.0}},
        },
        "portal": {"ci": {"total": [0.1, 0.2]}},
    }
    return lb.Entry(
        sid, model, version, datetime(2026, 11, day), {"retriever_type": "bm25"}, report, judge
    )


ENTRIES = [
    _entry("a1", "A", "1.0.0", 1, 0.2, 0.4),
    _entry("a2", "A", "1.0.0", 2, 0.6, 0.8, judge=0.5),  # newer result of A on 1.0.0 wins
    _entry("b1", "B", "1.0.0", 1, 0.9, 0.9),
    _entry("a3", "A", "1.1.0", 3, 0.4, 0.2),
    _entry("c1", "C", "1.2.0", 4, 0.4, 0.4),
]


def test_per_version_latest_per_model_sorted_by_total() -> None:
    rows = lb.rows_for_version(ENTRIES, "1.0.0")
    assert [(r["model_name"], r["submit_id"], r["rank"]) for r in rows] == [
        ("B", "b1", 1),
        ("A", "a2", 2),
    ]
    a = rows[1]
    # Averages use DRAGON's named metrics only ("ndcg" is shown, not averaged).
    assert a["retrieval"] == pytest.approx(0.6) and a["generation"] == pytest.approx(0.8)
    assert a["total"] == pytest.approx(0.7) and a["judge"] == 0.5
    assert a["by_type"]["set"] == {"retrieval": 0.6, "generation": 0.8}
    assert a["ci"] == {"total": [0.1, 0.2]} and a["retriever_type"] == "bm25"


def test_actual_versions_average_over_last_n() -> None:
    versions = ["1.0.0", "1.1.0", "1.2.0"]
    rows = lb.rows_for_actual(ENTRIES, versions, last_n=2)  # window 1.1.0, 1.2.0
    assert {r["model_name"]: r["versions"] for r in rows} == {"A": ["1.1.0"], "C": ["1.2.0"]}
    rows = lb.rows_for_actual(ENTRIES, versions, last_n=3)
    a = next(r for r in rows if r["model_name"] == "A")
    assert a["versions"] == ["1.0.0", "1.1.0"] and a["version"] == "1.1.0"
    assert a["retrieval"] == pytest.approx((0.6 + 0.4) / 2)
    assert a["total"] == pytest.approx((0.7 + 0.3) / 2)
    assert a["judge"] == 0.5  # only 1.0.0 had a judge score
    assert a["n_questions"] == 20 and a["ci"] == {}
    assert [r["model_name"] for r in rows] == ["B", "A", "C"]


def test_sorting_and_csv() -> None:
    rows = lb.rows_for_version(ENTRIES, "1.0.0")
    assert [r["model_name"] for r in lb.sort_rows(rows, "model_name")] == ["A", "B"]
    assert [r["model_name"] for r in lb.sort_rows(rows, "judge")] == ["A", "B"]  # empty last
    assert [r["model_name"] for r in lb.sort_rows(rows, "retrieval", descending=False)] == [
        "A",
        "B",
    ]
    table = list(csv.DictReader(io.StringIO(lb.to_csv(rows))))
    assert table[0]["model_name"] == "B" and float(table[1]["total"]) == pytest.approx(0.7)
    assert table[1]["set_retrieval"] == "0.6" and table[1]["total_ci_low"] == "0.1"


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # not DB-specific
def test_leaderboard_api_modes_and_exports(live: Live) -> None:
    for sid, version, hits, model in [
        ("x1", "1.0.0", 1, "m1"),
        ("x2", "1.1.0", 3, "m1"),
        ("x3", "1.1.0", 4, "m2"),
    ]:
        assert (
            live.submit(
                results(hits, hits), submit_id=sid, version=version, config={"model_name": model}
            ).status_code
            == 200
        )
        live.wait(sid)
        live.http.post(f"/api/v1/admin/submissions/{sid}/approve", headers=live.auth("admin"))
    body = live.http.get("/api/v1/leaderboard").json()
    assert body["version"] == "1.1.0" and body["versions"] == ["1.0.0", "1.1.0"]
    assert [r["model_name"] for r in body["rows"]] == ["m2", "m1"]
    assert body["rows"][0]["total"] == pytest.approx((2.5 / 3 + 1) / 2, abs=1e-6)
    body = live.http.get("/api/v1/leaderboard", params={"mode": "actual", "last_n": 2}).json()
    m1 = next(r for r in body["rows"] if r["model_name"] == "m1")
    # Retrieval per version is mean(hit_rate, mrr, precision) = (h + h + h/2) / 3 with h = hits/4
    # (precision is 1/2 per hit: one gold id among two found); m1 had 1 hit on 1.0.0 and 3 on 1.1.0.
    assert m1["versions"] == ["1.0.0", "1.1.0"]
    assert m1["retrieval"] == pytest.approx((2.5 * 0.25 / 3 + 2.5 * 0.75 / 3) / 2, abs=1e-5)
    assert m1["generation"] == pytest.approx((0.25 + 0.75) / 2)
    body = live.http.get(
        "/api/v1/leaderboard", params={"version": "1.0.0", "sort": "model_name"}
    ).json()
    assert [r["submit_id"] for r in body["rows"]] == ["x1"]
    r = live.http.get("/api/v1/leaderboard/export.csv", params={"version": "1.1.0"})
    assert r.headers["content-type"].startswith("text/csv") and r.text.startswith("rank,model_name")
    g = live.http.get("/api/v1/leaderboard/gradio.json").json()
    assert set(g["items"]["1.1.0"]) == {"x2", "x3"} and g["schema_version"] == 1
    assert live.http.get("/api/v1/leaderboard", params={"version": "7.0.0"}).status_code == 404
    assert live.http.get("/api/v1/leaderboard", params={"last_n": 0}).status_code == 422
