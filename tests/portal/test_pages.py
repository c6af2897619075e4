"""The portal's pages end to end in real headless Chromium: leaderboard, submit, detail, admin."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.portal import GOLD_ANSWERS, INTERNAL_IDS, Live, results

pytestmark = pytest.mark.browser


@pytest.fixture
def db_url(tmp_path: Path) -> str:  # pages do not depend on the database; SQLite keeps this fast
    return f"sqlite:///{tmp_path / 'portal.db'}"


def _login(page: Any, live: Live, role: str, next_path: str = "/") -> None:
    page.goto(f"{live.url}/login?next={next_path}")
    page.fill("input[name=token]", live.tokens[role])
    page.click("form button[type=submit]")
    page.wait_for_load_state()


def _seed(live: Live) -> None:
    runs = [
        ("a1", "1.0.0", 2, 1, "bm25-extractive"),
        ("a2", "1.1.0", 3, 2, "bm25-extractive"),
        ("b1", "1.1.0", 4, 4, "hybrid-llm"),
        ("c1", "1.1.0", 1, 0, "dense-small"),
    ]
    for sid, version, hits, right, model in runs:
        cfg = {"model_name": model, "retriever_type": model.split("-")[0], "embedding_model": "e5"}
        assert (
            live.submit(
                results(hits, right), submit_id=sid, version=version, config=cfg
            ).status_code
            == 200
        )
    for sid, *_ in runs:
        live.wait(sid)
        live.http.post(f"/api/v1/admin/submissions/{sid}/approve", headers=live.auth("admin"))


def test_leaderboard_page_controls_sort_and_chart(live: Live, page: Any, artifacts: Path) -> None:
    _seed(live)
    page.goto(live.url + "/")
    rows = page.locator("#board tbody tr")
    assert rows.count() == 3
    assert rows.nth(0).locator("td").nth(1).inner_text() == "hybrid-llm"
    assert page.locator("#version").input_value() == "1.1.0"
    assert page.locator("#chart svg rect").count() >= 3 * 4
    page.screenshot(path=str(artifacts / "leaderboard.png"), full_page=True)
    # Sort by model name (click the header), then back.
    page.click("#board th[data-key=model_name]")
    names = [rows.nth(i).locator("td").nth(1).inner_text() for i in range(3)]
    assert names == sorted(names)
    # Older version: only bm25-extractive's first run.
    page.select_option("#version", "1.0.0")
    page.wait_for_function("document.querySelectorAll('#board tbody tr').length === 1")
    assert "version=1.0.0" in page.url
    # Actual versions over the last 2: bm25-extractive averages two versions.
    page.check("#actual")
    page.wait_for_function("document.querySelectorAll('#board tbody tr').length === 3")
    assert "1.0.0, 1.1.0" in page.locator("#board tbody").inner_text()
    page.locator("#lastn").fill("1")
    page.locator("#lastn").dispatch_event("change")
    page.wait_for_function(
        "!document.querySelector('#board tbody').innerText.includes('1.0.0, 1.1.0')"
    )
    assert page.locator("#lastn-value").inner_text() == "1"
    page.screenshot(path=str(artifacts / "leaderboard-actual.png"), full_page=True)
    csv = page.locator("#export-csv").get_attribute("href")
    assert csv is not None and "mode=actual" in csv and "last_n=1" in csv
    body = page.content()
    assert not [s for s in GOLD_ANSWERS + INTERNAL_IDS if s in body]


def test_submit_form_detail_and_admin_queue(
    live: Live, page: Any, artifacts: Path, tmp_path: Path
) -> None:
    path = tmp_path / "results.json"
    path.write_text(json.dumps(results(3, 0)), encoding="utf-8")
    page.goto(live.url + "/submit")
    assert "log in" in page.inner_text("main").lower()
    _login(page, live, "participant", "/submit")
    page.set_input_files("input[name=file]", str(path))
    page.fill("input[name=model_name]", "page-model")
    page.fill("input[name=retriever_type]", "bm25")
    page.select_option("select[name=version]", "1.1.0")  # the form names none by itself
    page.screenshot(path=str(artifacts / "submit.png"), full_page=True)
    page.click("#submit-form button[type=submit]")
    page.wait_for_selector("#new-submission")
    sid = page.inner_text("#new-submission")
    live.wait(sid)
    page.click("#new-submission")
    page.wait_for_selector("#log")
    assert page.inner_text("#state") == "evaluated"
    assert page.locator("#log tbody tr").count() == 4
    text = page.inner_text("main")
    assert "Где гуляли?" in text and not [s for s in GOLD_ANSWERS + INTERNAL_IDS if s in text]
    page.screenshot(path=str(artifacts / "submission-owner.png"), full_page=True)
    # A participant has no admin page.
    page.goto(live.url + "/admin")
    assert "needs an admin token" in page.inner_text("main")
    # The admin approves it from the queue; it then appears on the leaderboard.
    page.context.clear_cookies()
    _login(page, live, "admin", "/admin")
    row = page.locator(f"#queue tr[data-submit-id='{sid}']")
    page.screenshot(path=str(artifacts / "admin-queue.png"), full_page=True)
    row.locator("button[data-action=approve]").click()
    page.wait_for_function(
        f"document.querySelector(\"#queue tr[data-submit-id='{sid}'] .state\").textContent === 'approved'"
    )
    page.goto(f"{live.url}/submissions/{sid}")
    assert GOLD_ANSWERS[0] in page.inner_text("#log")  # the operator's view carries gold
    page.goto(live.url + "/")
    assert "page-model" in page.inner_text("#board")


def test_bad_pages_answer_clearly(live: Live, page: Any) -> None:
    page.goto(live.url + "/submissions/nope")
    assert "no submission nope" in page.inner_text("main")
    resp = page.goto(live.url + "/?version=9.9.9")
    assert resp is not None and resp.status == 404
    page.goto(live.url + "/login")
    page.fill("input[name=token]", "drg_wrong")
    page.click("form button[type=submit]")
    assert "Unknown or revoked token" in page.inner_text("main")
