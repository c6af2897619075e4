"""The leaderboard's cutoff selector (#20 item 4): the offered dates (the differencing guard),
one common fresh slice for every row, a date between offered ones, bad input."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.hub import Hub
from dragon_bench.portal.leaderboard import cutoff_grid, snap_cutoff
from tests.helpers.dated_hub import dated_results, write_dated_hub
from tests.helpers.portal import Live

D = date(2026, 1, 1)
# 3 questions on Jan 1, 3 on Jan 2, 1 on Jan 3, 3 on Jan 4, 2 undated
DAYS = [D] * 3 + [D + timedelta(1)] * 3 + [D + timedelta(2)] + [D + timedelta(3)] * 3 + [None] * 2


def _slice(days: list[date | None], cutoff: date) -> set[int]:
    return {i for i, d in enumerate(days) if d is not None and d > cutoff}


def test_the_offered_dates_on_a_known_version() -> None:
    grid = cutoff_grid(dict(enumerate(DAYS)), 3)
    # Dec 31: all 10 dated (rest: the 2 undated, under 3: refused); Jan 1: 7 (rest 5);
    # Jan 2: 4 (rest 8); Jan 3 would give 3, only 1 fewer than Jan 2: refused
    assert grid == [
        {"date": "2026-01-01", "n_questions": 7, "as_of": ["2026-01-02", "2026-01-04"]},
        {"date": "2026-01-02", "n_questions": 4, "as_of": ["2026-01-03", "2026-01-04"]},
    ]
    assert snap_cutoff(grid, D - timedelta(30)) == grid[0]
    assert snap_cutoff(grid, D + timedelta(1)) == grid[1]
    assert snap_cutoff(grid, D + timedelta(2)) is None
    assert cutoff_grid(dict.fromkeys(range(5)), 1) == []  # undated questions offer no date


@pytest.mark.parametrize("seed", range(30))
def test_the_guard_holds_on_random_versions(seed: int) -> None:
    """Checked by brute force over every candidate day: each offered slice and the rest of its
    version are empty or hold min_slice questions, and any two offered slices differ by at
    least min_slice; no feasible date earlier than the first offered one is left out."""
    rng = random.Random(seed)
    n, m = rng.randint(0, 80), rng.randint(1, 12)
    days = [None if rng.random() < 0.2 else D + timedelta(rng.randint(0, 15)) for _ in range(n)]
    grid = cutoff_grid(dict(enumerate(days)), m)
    sizes = []
    for point in grid:
        fresh = _slice(days, date.fromisoformat(point["date"]))
        assert point["n_questions"] == len(fresh) >= m
        assert len(days) - len(fresh) == 0 or len(days) - len(fresh) >= m
        sizes.append(len(fresh))
    assert all(a - b >= m for i, a in enumerate(sizes) for b in sizes[i + 1 :])
    feasible = [
        c
        for c in (D + timedelta(k) for k in range(-1, 16))
        if len(_slice(days, c)) >= m and len(days) - len(_slice(days, c)) in {0, *range(m, n + 1)}
    ]
    assert bool(grid) == bool(feasible)
    if grid:
        first = date.fromisoformat(grid[0]["date"])
        assert _slice(days, first) == _slice(days, feasible[0])


@pytest.fixture
def hub(tmp_path: Path) -> Hub:
    return write_dated_hub(tmp_path / "hub", {"1.0.0": DAYS})


@pytest.fixture
def dated(make_live: Callable[..., Live]) -> Live:
    live = make_live(fresh_min_slice=3)
    # a is right on the old questions 0-5, b on 4-9 (the fresh ones), c on every other one
    for sid, right in (("a", range(6)), ("b", range(4, 10)), ("c", range(0, 12, 2))):
        r = live.submit(dated_results(12, set(right)), submit_id=sid, version="1.0.0",
                        config={"model_name": f"model-{sid}"})  # fmt: skip
        assert r.status_code == 200, r.text
    for sid in "abc":
        live.wait(sid)
        live.http.post(f"/api/v1/admin/submissions/{sid}/approve", headers=live.auth("admin"))
    return live


def _expected(right: range, cutoff: date) -> float:
    fresh = _slice(DAYS, cutoff)
    return len(fresh & set(right)) / len(fresh)


def test_every_row_is_scored_on_the_same_slice_and_ranked_by_it(dated: Live) -> None:
    board = dated.http.get(
        "/api/v1/leaderboard?version=1.0.0&cutoff=2026-01-01&sort=cutoff_total"
    ).json()
    assert [c["date"] for c in board["cutoffs"]] == ["2026-01-01", "2026-01-02"]
    assert board["cutoff"] == {
        "requested": "2026-01-01", "date": "2026-01-01", "n_questions": 7,
        "as_of": ["2026-01-02", "2026-01-04"], "min_slice": 3, "shown": True,
    }  # fmt: skip
    rights = {"model-a": range(6), "model-b": range(4, 10), "model-c": range(0, 12, 2)}
    got = {r["model_name"]: r["cutoff_total"] for r in board["rows"]}
    assert got == {m: pytest.approx(_expected(rg, D)) for m, rg in rights.items()}
    assert [r["model_name"] for r in board["rows"]] == ["model-b", "model-a", "model-c"]
    assert [r["rank"] for r in board["rows"]] == [1, 2, 3]
    # overall, a and b tie (6 of 12 each): the fresh slice separates them
    assert {r["total"] for r in board["rows"] if r["model_name"] != "model-c"} == {0.5}
    # a date between offered ones takes the next offered one: its slice is dated after it too
    snapped = dated.http.get("/api/v1/leaderboard?version=1.0.0&cutoff=2025-12-01").json()
    assert (
        snapped["cutoff"]["date"] == "2026-01-01" and snapped["cutoff"]["requested"] == "2025-12-01"
    )
    late = dated.http.get("/api/v1/leaderboard?version=1.0.0&cutoff=2026-01-03").json()
    assert late["cutoff"]["shown"] is False and late["cutoff"]["date"] is None
    assert all(r["cutoff_total"] is None for r in late["rows"])
    csv = dated.http.get("/api/v1/leaderboard/export.csv?version=1.0.0&cutoff=2026-01-02").text
    header, first = csv.splitlines()[:2]
    assert "cutoff_total" in header.split(",")
    column = header.split(",").index("cutoff_total")
    assert float(first.split(",")[column]) == pytest.approx(
        _expected(range(4, 10), D + timedelta(1))
    )


def test_bad_cutoffs_get_a_clear_422(dated: Live) -> None:
    for query in ("cutoff=soon", "cutoff=2026-13-40", "cutoff=2026-02-30"):
        r = dated.http.get(f"/api/v1/leaderboard?version=1.0.0&{query}")
        assert r.status_code == 422, query
        assert "cutoff" in r.text
    r = dated.http.get("/api/v1/leaderboard?mode=actual&cutoff=2026-01-01")
    assert r.status_code == 422 and "mode=version" in r.json()["detail"]
    page = dated.http.get("/?version=1.0.0&cutoff=2026-02-30")
    assert page.status_code == 422 and "cutoff=&#39;2026-02-30&#39;" in page.text


def test_trends_follow_each_model_and_average_each_version() -> None:
    from datetime import UTC, datetime

    from dragon_bench.portal.leaderboard import Entry, trends
    from dragon_bench.portal.scores import GENERATION_METRICS, RETRIEVAL_METRICS

    def entry(sid: str, model: str, version: str, r: float, g: float, day: int) -> Entry:
        report = {
            "overall": {
                "retrieval": dict.fromkeys(RETRIEVAL_METRICS, r),
                "generation": dict.fromkeys(GENERATION_METRICS, g),
            }
        }
        return Entry(sid, model, version, datetime(2026, 1, day, tzinfo=UTC), {}, report)

    entries = [
        entry("a0", "a", "1.0.0", 0.2, 0.4, 1),
        entry("a0b", "a", "1.0.0", 0.6, 0.8, 2),  # a's later result on 1.0.0 replaces the first
        entry("b0", "b", "1.0.0", 0.0, 0.0, 1),
        entry("b1", "b", "1.1.0", 1.0, 0.5, 3),
    ]
    got = trends(entries, ["1.1.0", "1.0.0"], {"1.0.0": "2026-01-01", "1.1.0": None})
    assert got["versions"] == [
        {"version": "1.0.0", "date": "2026-01-01", "n_systems": 2,
         "total": pytest.approx(0.35), "retrieval": pytest.approx(0.3), "generation": pytest.approx(0.4)},
        {"version": "1.1.0", "date": None, "n_systems": 1,
         "total": 0.75, "retrieval": 1.0, "generation": 0.5},
    ]  # fmt: skip
    (a, b) = got["series"]
    assert a["model_name"] == "a" and [p["total"] for p in a["points"]] == [pytest.approx(0.7)]
    assert [(p["version"], p["total"]) for p in b["points"]] == [("1.0.0", 0.0), ("1.1.0", 0.75)]


def test_a_submissions_own_cutoff_is_scored_on_an_offered_date(hub: Hub) -> None:
    """The guard covers the fresh slice of a config's knowledge_cutoff too: it is scored after
    the earliest offered date on or after the declared day, so it is one of the same nested
    slices (dates a day apart cannot isolate a question through one's own reports either)."""
    from dragon_bench.portal.evaluation import MetricsEvaluator

    evaluator = MetricsEvaluator(hub, resamples=0, min_slice=3)
    results = dated_results(12, set(range(12)))

    def fresh(cutoff: str) -> dict[str, Any]:
        block: dict[str, Any] = evaluator.evaluate(
            "1.0.0", results, knowledge_cutoff=cutoff
        ).report["fresh"]
        return block

    early = fresh("2025-12-20")
    assert (early["knowledge_cutoff"], early["scored_after"]) == ("2025-12-20", "2026-01-01")
    assert early["shown"] and early["n_questions"] == 7
    on = fresh("2026-01-02")
    assert on["scored_after"] == "2026-01-02" and on["n_questions"] == 4
    # after Jan 2 nothing is offered (Jan 3 would leave 3 questions, only 1 fewer): no scores
    late = fresh("2026-01-03")
    assert not late["shown"] and "generation" not in late and late["min_slice"] == 3


def test_the_submission_page_shows_its_fresh_slice(
    hub: Hub, make_live: Callable[..., Live]
) -> None:
    from dragon_bench.portal.evaluation import MetricsEvaluator

    live = make_live(evaluator=MetricsEvaluator(hub, resamples=0, min_slice=3), fresh_min_slice=3)
    for sid, cutoff in (("early", "2025-12-20"), ("late", "2026-01-03")):
        r = live.submit(dated_results(12, set(range(12))), submit_id=sid, version="1.0.0",
                        config={"model_name": sid, "knowledge_cutoff": cutoff})  # fmt: skip
        assert r.status_code == 200, r.text
        assert live.wait(sid)["state"] == "evaluated"
        live.http.post(f"/api/v1/admin/submissions/{sid}/approve", headers=live.auth("admin"))
    page = live.http.get("/submissions/early").text
    assert "Knowledge cutoff 2025-12-20:" in page
    assert "7 questions dated after 2026-01-01 (2026-01-02 – 2026-01-04)" in page
    late = live.http.get("/submissions/late").text
    assert "no slice of 3 or more questions is offered that late" in late
