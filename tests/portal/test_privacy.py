"""Nothing a non-admin can fetch holds a gold answer or an internal / gold text id."""

from __future__ import annotations

import json
import logging

import pytest

from tests.helpers.portal import GOLD_ANSWERS, INTERNAL_IDS, Live, results


def _leaks(text: str) -> list[str]:
    return [s for s in GOLD_ANSWERS + INTERNAL_IDS if s in text]


@pytest.fixture
def db_url(tmp_path) -> str:  # type: ignore[no-untyped-def]
    return f"sqlite:///{tmp_path / 'portal.db'}"  # the views do not depend on the database


def test_no_private_strings_reach_non_admins(live: Live, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    live.submit(results(3), submit_id="mine", version="1.0.0")
    live.submit(results(2), submit_id="pub", version="1.0.0", config={"model_name": "other"})
    live.wait("mine")
    live.wait("pub")
    live.http.post("/api/v1/admin/submissions/pub/approve", headers=live.auth("admin"))
    anon: dict[str, str] = {}
    me = live.auth("participant")
    gets = [
        ("/api/v1/leaderboard", None),
        ("/api/v1/leaderboard?mode=actual&last_n=5", None),
        ("/api/v1/leaderboard/export.csv", None),
        ("/api/v1/leaderboard/gradio.json", None),
        ("/api/v1/submissions/pub", None),
        ("/api/v1/submissions/mine", me),
        ("/api/v1/submissions/mine/questions", me),
        ("/api/v1/submissions", me),
        ("/api/v1/submissions/pub/questions", me),
        ("/api/v1/submissions/mine/file", me),
        ("/api/v1/revisions", None),
        ("/api/v1/revisions/latest", None),
        ("/api/v1/revisions/1.0.0/texts", None),
        ("/api/v1/revisions/1.0.0/questions", None),
        ("/api/v1/revisions/9.9.9/texts", None),
        ("/api/v1/health", None),
        ("/openapi.json", None),
        ("/api/v1/admin/queue", me),
        ("/api/v1/submissions/zzz", me),
    ]
    seen = 0
    for path, headers in gets:
        r = live.http.get(path, headers=headers or anon)
        assert not _leaks(r.text), (path, _leaks(r.text))
        seen += r.status_code == 200
    assert seen >= 14
    # Bad submissions: error messages echo nothing private.
    for bad in (
        b"{",
        json.dumps({"0": {"found_ids": ["intdoc-7f3a91"], "model_answer": 1}}).encode(),
    ):
        r = live.submit(raw=bad)
        assert r.status_code == 422 and not _leaks(r.text.replace("intdoc-7f3a91", "", 1))
    log_text = "\n".join(rec.getMessage() for rec in caplog.records)
    assert not _leaks(log_text)
    # The participant's log has their own answers and nothing derived from gold (issue #13
    # item 1); the admin's has scores, types and gold.
    mine = live.http.get("/api/v1/submissions/mine/questions", headers=me).json()["items"]
    assert [i["id"] for i in mine] == [0, 1, 2, 3]
    assert set(mine[0]) == {"id", "question", "found_ids", "model_answer"}
    assert mine[0]["question"] == "Где гуляли?"
    admin = live.http.get("/api/v1/submissions/mine/questions", headers=live.auth("admin"))
    assert GOLD_ANSWERS[0] in admin.text and INTERNAL_IDS[0] in admin.text
    # Another participant cannot see someone else's unpublished submission or its log.
    other = {"Authorization": f"Bearer {live.token('participant', 'nosy')}"}
    assert live.http.get("/api/v1/submissions/mine", headers=other).status_code == 404
    assert live.http.get("/api/v1/submissions/mine/questions", headers=other).status_code == 404
    assert live.http.get("/api/v1/submissions/pub/questions", headers=other).status_code == 404
