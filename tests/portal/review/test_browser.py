"""The review page in real headless Chromium: accept, reject with a reason, edit, undo, next
and previous by keyboard; the queue filter; an admin resolving a conflict."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.hub import Hub
from dragon_bench.portal.review.store import final_verdicts, live_decisions
from tests.plugins.portal_live import PortalLive

pytestmark = pytest.mark.browser

Make = Callable[..., tuple[PortalLive, Hub, str]]


def _login(page: Any, url: str, token: str, next_path: str) -> None:
    page.goto(f"{url}/login?next={next_path}")
    page.fill("input[name=token]", token)
    page.click("form button[type=submit]")
    page.wait_for_load_state()


def _shown(page: Any) -> int:
    return int(page.locator("#candidate").get_attribute("data-id"))


def _wait_for(page: Any, qid: int) -> None:
    page.wait_for_function(
        f"document.getElementById('candidate').dataset.id === '{qid}'", timeout=10000
    )


def test_review_by_keyboard_in_chromium(make_review: Make, page: Any, artifacts: Path) -> None:
    live, hub, version = make_review()
    _login(page, live.url, live.tokens["reviewer"], f"/review/{version}")
    assert page.url.endswith(f"/review/{version}")
    assert _shown(page) == 0 and page.locator("#evidence li").count() >= 1
    assert page.locator("#evidence mark.subj").count() >= 1
    page.screenshot(path=str(artifacts / "review-candidate.png"), full_page=True)

    page.keyboard.press("a")  # accept 0
    _wait_for(page, 1)
    page.keyboard.press("r")  # reject 1: ungrammatical (the second reason)
    page.wait_for_selector("#reasons:not([hidden])")
    page.keyboard.press("2")
    _wait_for(page, 2)
    page.keyboard.press("e")  # edit 2
    page.wait_for_selector("#edit:not([hidden])")
    page.fill("#edit-question", "Кто руководит «Ростехом»?")
    page.press("#edit-question", "Enter")
    _wait_for(page, 3)
    page.keyboard.press("u")  # undo the edit: back on 2, open again
    _wait_for(page, 2)
    page.wait_for_function("document.getElementById('candidate').dataset.state === 'open'")
    page.keyboard.press("j")  # skip 2
    _wait_for(page, 3)
    page.keyboard.press("k")  # previous: 2 again
    _wait_for(page, 2)
    page.keyboard.press("ArrowRight")
    _wait_for(page, 3)

    got = {d.question_id: (d.decision, d.reason) for d in live_decisions(live.portal.db, version)}
    assert got == {0: ("accept", ""), 1: ("reject", "ungrammatical")}
    assert "2 of" in page.locator("#progress").inner_text()

    # the queue: filter by state
    page.select_option("#f-state", "reject")
    page.click("#filters button[type=submit]")
    page.wait_for_function("document.querySelectorAll('#queue tbody tr').length === 1")
    assert page.locator("#queue tbody tr").first.get_attribute("data-id") == "1"
    page.screenshot(path=str(artifacts / "review-queue.png"), full_page=True)


def test_admin_resolves_a_conflict_in_chromium(make_review: Make, page: Any) -> None:
    live, hub, version = make_review(share=1.0)
    url = f"/api/v1/review/{version}/decisions"
    for who, decision in (("r1", "accept"), ("r2", "reject")):
        headers = {"Authorization": f"Bearer {live.token('reviewer', who)}"}
        body = {"question_id": 0, "decision": decision, "reason": "wrong_fact"}
        assert live.http.post(url, json=body, headers=headers).status_code == 200
    _login(page, live.url, live.tokens["admin"], f"/review/{version}")
    page.wait_for_selector(".conflict[data-id='0']")
    assert "r1 accept vs r2 reject" in page.locator(".conflict[data-id='0']").inner_text()
    page.click(".conflict[data-id='0'] button[data-resolve=reject]")
    page.wait_for_function("document.querySelectorAll('.conflict').length === 0")
    verdict = final_verdicts(live.portal.db, version)[0]
    assert verdict.decision == "reject" and verdict.reason == "wrong_fact"
