"""End to end in real headless Chromium: a blind battle, a vote, the rating update, a grading session."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.arena import ArenaLive, Fixed, graded_submission

pytestmark = pytest.mark.browser

TEXTS = {"alpha": "Головинские пруды, конечно.", "beta": "Не знаю, где гуляли."}


def _login(page: Any, live: ArenaLive, role: str, next_path: str) -> None:
    page.goto(f"{live.url}/login?next={next_path}")
    page.fill("input[name=token]", live.tokens[role])
    page.click("form button[type=submit]")
    page.wait_for_load_state()


@pytest.mark.slow
def test_battle_vote_rating_and_grading_in_chromium(
    make_arena: Callable[..., ArenaLive], page: Any, artifacts: Path
) -> None:
    live = make_arena({n: Fixed(n, text=t) for n, t in TEXTS.items()})
    sid = graded_submission(live)

    # A battle: draw a question, ask both pipelines, see two blinded answers with their segments.
    _login(page, live, "participant", "/arena")
    assert page.url.endswith("/arena")
    page.click("#draw")
    page.wait_for_function("document.getElementById('question').value.length > 0")
    page.click("#ask-button")
    page.wait_for_selector("#battle:not([hidden])")
    answers = {side: page.locator(f"#answer-{side}").inner_text() for side in "ab"}
    assert set(answers.values()) == set(TEXTS.values())
    assert "segment cited by" in page.locator("#segments-a").inner_text()
    html = page.content()
    assert "alpha" not in html and "beta" not in html  # identities hidden before the vote
    page.screenshot(path=str(artifacts / "arena-battle.png"), full_page=True)

    # The vote: alpha's answer is better, the evidence a tie; names revealed afterwards.
    alpha_side = "a" if answers["a"] == TEXTS["alpha"] else "b"
    page.check(f"input[name=answer][value={alpha_side}]")
    page.check("input[name=evidence][value=tie]")
    page.click("#vote-button")
    page.wait_for_function("document.getElementById('who-a').textContent.length > 0")
    assert "alpha" in page.locator(f"#who-{alpha_side}").inner_text()
    assert page.locator("#battle").get_attribute("data-state") == "voted"
    page.screenshot(path=str(artifacts / "arena-voted.png"), full_page=True)

    # The rating update on the arena leaderboard.
    page.goto(f"{live.url}/arena/leaderboard")
    first = page.locator("#board-answer tbody tr").first
    assert first.get_attribute("data-pipeline") == "alpha"
    ratings = [float(x) for x in page.locator("#board-answer td.rating").all_inner_texts()]
    assert ratings[0] > 1000.0 > ratings[1]
    evidence = [float(x) for x in page.locator("#board-evidence td.rating").all_inner_texts()]
    assert evidence == [1000.0, 1000.0]  # a tie on evidence is no win
    page.screenshot(path=str(artifacts / "arena-leaderboard.png"), full_page=True)

    # A grading session as an admin: label four answers, watch truthfulness and kappa update.
    _login(page, live, "admin", f"/grading/{sid}")
    boxes = page.locator("#items .grade-item")
    assert boxes.count() == 4
    labels = ["perfect", "acceptable", "incorrect", "missing"]
    for i, label in enumerate(labels):
        boxes.nth(i).locator(f"input[value={label}]").check()
        page.wait_for_function(f"document.getElementById('n-labels').textContent === '{i + 1}'")
    # (1 + 0.5 - 1 + 0) / 4 = 0.125; the judge (accurate, accurate, incorrect, missing) agrees fully.
    assert page.locator("#truthfulness").inner_text() == "0.125"
    assert page.locator("#kappa").inner_text() == "1.000"
    assert page.locator("#confusion tbody tr").count() == 3
    page.screenshot(path=str(artifacts / "grading.png"), full_page=True)
    page.goto(f"{live.url}/grading")
    assert sid in page.locator("#subs").inner_text()
