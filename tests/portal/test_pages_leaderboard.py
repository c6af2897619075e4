"""The leaderboard page's cutoff selector, trend chart and reference rows in real headless
Chromium (#20 items 4-6), on a hub with dated questions."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.hub import Hub
from tests.helpers.dated_hub import dated_results, write_dated_hub
from tests.helpers.portal import Live

pytestmark = pytest.mark.browser

D = date(2026, 1, 1)
# 12 questions a version: 1.0.0 4 a day on Jan 1-3, 1.1.0 and 1.2.0 later
DAYS = {
    "1.0.0": [D + timedelta(i // 4) for i in range(12)],
    "1.1.0": [D + timedelta(5 + i // 4) for i in range(12)],
    "1.2.0": [D + timedelta(10 + i // 4) for i in range(12)],
}
# unevenly spaced revision dates: the chart places them by date, not by index
CREATED = {
    "1.0.0": "2026-01-05T00:00:00+00:00",
    "1.1.0": "2026-01-08T00:00:00+00:00",
    "1.2.0": "2026-01-20T00:00:00+00:00",
}
# (submit id, model, version, questions answered right): a total is right / 12
RUNS = [
    ("a0", "old-first", "1.0.0", range(8)),  # right on Jan 1-2, wrong on Jan 3
    ("b0", "fresh-first", "1.0.0", range(4, 12)),  # wrong on Jan 1, right on Jan 2-3
    ("a1", "old-first", "1.1.0", range(3)),
    ("b1", "fresh-first", "1.1.0", range(9)),
    ("c1", "newcomer", "1.1.0", range(6)),
    ("b2", "fresh-first", "1.2.0", range(6)),
    ("c2", "newcomer", "1.2.0", range(12)),
]


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'portal.db'}"


@pytest.fixture
def hub(tmp_path: Path) -> Hub:
    return write_dated_hub(tmp_path / "hub", DAYS, CREATED)


def _submit(live: Live, sid: str, model: str, version: str, right: range) -> None:
    r = live.submit(dated_results(12, set(right)), submit_id=sid, version=version,
                    config={"model_name": model})  # fmt: skip
    assert r.status_code == 200, r.text


@pytest.fixture
def seeded(make_live: Callable[..., Live]) -> Live:
    live = make_live(fresh_min_slice=4)
    for sid, model, version, right in RUNS:
        _submit(live, sid, model, version, right)
    for sid, *_ in RUNS:
        live.wait(sid)
        live.http.post(f"/api/v1/admin/submissions/{sid}/approve", headers=live.auth("admin"))
    return live


def _cells(page: Any, header: str) -> list[str]:
    heads = page.locator("#board thead th").all_inner_texts()
    col = heads.index(header)
    rows = page.locator("#board tbody tr")
    return [rows.nth(i).locator("td").nth(col).inner_text() for i in range(rows.count())]


def test_the_cutoff_selector_ranks_every_row_on_one_slice(
    seeded: Live, page: Any, artifacts: Path
) -> None:
    page.goto(seeded.url + "/?version=1.0.0")
    options = page.locator("#cutoff option").all_inner_texts()
    # each offered slice, the rest of the version and the step between two dates hold >= 4
    assert options == [
        "All questions",
        "after 2025-12-31 · 12 questions",
        "after 2026-01-01 · 8 questions",
        "after 2026-01-02 · 4 questions",
    ]
    assert [c[:5] for c in _cells(page, "Total")] == ["0.667", "0.667"]  # 8 of 12 each: a tie
    assert "Fresh total" not in page.locator("#board thead").inner_text()
    page.select_option("#cutoff", "2026-01-02")
    page.wait_for_function(
        "document.querySelector('#board thead').innerText.includes('Fresh total')"
    )
    assert "cutoff=2026-01-02" in page.url
    # on the 4 questions of Jan 3: fresh-first 4/4, old-first 0/4; ranked by it
    assert _cells(page, "Model") == ["fresh-first", "old-first"]
    assert _cells(page, "Fresh total") == ["1.000", "0.000"]
    assert _cells(page, "#") == ["1", "2"]
    note = page.locator("#window-note").inner_text()
    assert "same 4 questions dated after 2026-01-02" in note and "2026-01-03 – 2026-01-03" in note
    page.screenshot(path=str(artifacts / "leaderboard-cutoff.png"), full_page=True)
    page.select_option("#cutoff", "2026-01-01")  # the 8 of Jan 2-3: 0.5 and 1.0
    page.wait_for_function("document.querySelector('#window-note').innerText.includes('same 8')")
    assert _cells(page, "Fresh total") == ["1.000", "0.500"]
    csv = page.locator("#export-csv").get_attribute("href")
    assert csv is not None and "cutoff=2026-01-01" in csv
    # another version clears the cutoff; actual versions disable it
    page.select_option("#version", "1.1.0")
    page.wait_for_function("!document.querySelector('#board thead').innerText.includes('Fresh')")
    assert page.locator("#cutoff").input_value() == ""
    page.check("#actual")
    page.wait_for_function("document.querySelector('#cutoff').disabled")
    # a page opened on a date between offered ones shows the next offered slice and says so
    page.goto(seeded.url + "/?version=1.0.0&cutoff=2025-06-01")
    assert page.locator("#cutoff").input_value() == "2025-12-31"
    assert (
        "earliest offered date on or after 2025-06-01" in page.locator("#window-note").inner_text()
    )


_READ_TREND = """() => {
  const s = document.querySelector('#trend svg');
  const num = (el, a) => Number(el.getAttribute(a));
  return {
    box: Object.fromEntries(['left', 'right', 'top', 'bottom'].map((k) => [k, Number(s.dataset[k])])),
    metric: s.dataset.metric,
    grid: [...s.querySelectorAll('line[data-value]')].map((l) => [Number(l.dataset.value), num(l, 'y1')]),
    points: [...s.querySelectorAll('circle.pt')].map((c) =>
      [c.dataset.model, c.dataset.version, num(c, 'cx'), num(c, 'cy'), c.textContent]),
    difficulty: [...s.querySelectorAll('circle.difficulty')].map((c) =>
      [c.dataset.version, num(c, 'cx'), num(c, 'cy'), Number(c.dataset.systems)]),
    lines: s.querySelectorAll('polyline').length,
  };
}"""


def test_the_trend_chart_places_each_score_by_date_and_value(
    seeded: Live, page: Any, artifacts: Path
) -> None:
    page.goto(seeded.url + "/")
    drawn = page.evaluate(_READ_TREND)
    box = drawn["box"]
    # the 0 and 1 grid lines are the box the points are mapped into
    assert dict(drawn["grid"])[0] == box["bottom"] and dict(drawn["grid"])[1] == box["top"]
    when = {v: datetime.fromisoformat(c).timestamp() for v, c in CREATED.items()}
    t0, t1 = min(when.values()), max(when.values())

    def x(version: str) -> float:
        return box["left"] + (box["right"] - box["left"]) * (when[version] - t0) / (t1 - t0)

    def y(score: float) -> float:
        return box["bottom"] - (box["bottom"] - box["top"]) * score

    # expected scores from the runs themselves (right answers / 12), not from the portal
    expected = {(model, version): len(right) / 12 for _, model, version, right in RUNS}
    got = {(m, v): (cx, cy) for m, v, cx, cy, _ in drawn["points"]}
    assert set(got) == set(expected)
    for key, score in expected.items():
        assert got[key] == (
            pytest.approx(x(key[1]), abs=0.01),
            pytest.approx(y(score), abs=0.01),
        ), key
    # 1.1.0 sits at 3/15 of the width (by date), not half way (by index)
    assert got[("newcomer", "1.1.0")][0] == pytest.approx(
        box["left"] + (box["right"] - box["left"]) / 5, abs=0.01
    )
    titles = {(m, v): t for m, v, *_, t in drawn["points"]}
    assert titles[("old-first", "1.1.0")] == "old-first · 1.1.0 (2026-01-08): 0.250"
    # difficulty: the mean over the systems scored on each revision
    on = {v: [s for (_, vv), s in expected.items() if vv == v] for v in CREATED}
    assert [(v, n) for v, _, _, n in drawn["difficulty"]] == [(v, len(on[v])) for v in CREATED]
    for v, cx, cy, _ in drawn["difficulty"]:
        assert (cx, cy) == (
            pytest.approx(x(v), abs=0.01),
            pytest.approx(y(sum(on[v]) / len(on[v])), abs=0.01),
        )
    assert drawn["lines"] == 4  # the difficulty line and one per model (each has 2+ points)
    page.screenshot(path=str(artifacts / "leaderboard-trends.png"), full_page=True)
    page.select_option("#trend-metric", "retrieval")
    assert page.evaluate(_READ_TREND)["metric"] == "retrieval"


def test_reference_rows_are_marked_and_never_ranked(
    make_live: Callable[..., Live], page: Any, artifacts: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dragon_bench.llm.scripted import ScriptedLLMServer
    from tests.helpers.dated_hub import answer_of

    monkeypatch.setenv("DRAGON_LLM_CACHE_DIR", "off")

    def reply(body: dict[str, Any]) -> str:
        i = int(body["messages"][-1]["content"].split()[1].rstrip("?"))
        return answer_of(i) if i < 9 else "не знаю"  # the same questions in every version

    with ScriptedLLMServer(reply=reply, model="memo") as server:
        live = make_live(reference_models=f"memo@{server.url}", fresh_min_slice=4)
        _submit(live, "p", "solid", "1.2.0", range(10))
        live.wait("p")
        live.http.post("/api/v1/admin/submissions/p/approve", headers=live.auth("admin"))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            runs = live.http.get("/api/v1/admin/references", headers=live.auth("admin")).json()
            if len([r for r in runs["items"] if r["state"] == "done"]) == 3:
                break
            time.sleep(0.1)
        page.goto(live.url + "/")
    known = dict.fromkeys(CREATED, 9)
    rows = page.locator("#board tbody tr")
    assert rows.count() == 2
    assert _cells(page, "#") == ["1", "ref"]
    ref = page.locator("#board tbody tr.reference")
    assert ref.locator("td").nth(1).inner_text() == "memo closed-book"
    badge = ref.locator(".badge-ref").get_attribute("title") or ""
    assert "9 of 12 (75%) answered from memory" in badge
    assert [c[:5] for c in _cells(page, "Total")] == ["0.833", "0.375"]  # (0 + 9/12) / 2
    assert "not ranked" in page.locator("#window-note").inner_text()
    page.screenshot(path=str(artifacts / "leaderboard-references.png"), full_page=True)
    # the bar chart compares participants only
    assert "memo" not in page.locator("#chart").inner_text()
    # the trend chart draws the reference on every revision, dashed, at its score
    drawn = page.evaluate(
        """() => { const s = document.querySelector('#trend svg');
        return { bottom: Number(s.dataset.bottom), top: Number(s.dataset.top),
          refs: [...s.querySelectorAll('circle.ref-pt')].map((c) => [c.dataset.version, Number(c.getAttribute('cy'))]) }; }"""
    )
    expected_y = drawn["bottom"] - (drawn["bottom"] - drawn["top"]) * (known["1.0.0"] / 12 / 2)
    assert [v for v, _ in drawn["refs"]] == list(CREATED)
    assert all(cy == pytest.approx(expected_y, abs=0.01) for _, cy in drawn["refs"])
    page.uncheck("#show-refs")
    assert rows.count() == 1
