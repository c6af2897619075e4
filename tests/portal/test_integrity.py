"""Issue #13 against a live portal on loopback: no per-question value derived from gold for
participants, stored input that used to break pages and exports, the 500s that
must be 4xx, and failed-authentication throttling."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.portal import PUBLIC_IDS, Live, results


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'portal.db'}"


def _approve(live: Live, submit_id: str) -> None:
    live.wait(submit_id)
    r = live.http.post(f"/api/v1/admin/submissions/{submit_id}/approve", headers=live.auth("admin"))
    assert r.status_code == 200, r.text


# ---- item 1: per-question values derived from gold ------------------------------------------


def test_all_ids_probe_recovers_no_gold_id(live: Live) -> None:
    """The probe of the issue: every public id in order for every question, then 1/mrr."""
    probe = {str(q): {"found_ids": list(PUBLIC_IDS), "model_answer": "x"} for q in range(4)}
    assert live.submit(probe, submit_id="probe", version="1.0.0").status_code == 200
    live.wait("probe")
    me = live.auth("participant")
    log = live.http.get("/api/v1/submissions/probe/questions", headers=me)
    assert log.status_code == 200
    for item in log.json()["items"]:
        assert set(item) == {"id", "question", "found_ids", "model_answer"}, item
    # Nothing per question anywhere else the owner can read either.
    for path in ("/api/v1/submissions/probe", "/api/v1/submissions"):
        text = live.http.get(path, headers=me).text
        for word in ('"mrr":', '"hit_rate":'):
            # aggregates only: overall and per type, never a list of per-question rows
            assert text.count(word) <= 1 + 4, (path, word)
        assert '"details"' not in text and '"per_question"' not in text
    page = live.http.get("/submissions/probe", headers=me, cookies=_cookie(live, "participant"))
    assert page.status_code == 200 and "Per question" in page.text
    table = page.text.split('id="log"', 1)[1]
    assert "Retrieval" not in table and "Generation" not in table
    # The admin keeps the detail.
    admin = live.http.get("/api/v1/submissions/probe/questions", headers=live.auth("admin"))
    items = admin.json()["items"]
    assert {"retrieval", "generation", "type", "gold"} <= set(items[0])


def _cookie(live: Live, role: str) -> dict[str, str]:
    r = live.http.post(
        "/login", data={"token": live.tokens[role], "next": "/"}, follow_redirects=False
    )
    assert r.status_code == 303
    return {"dragon_session": r.cookies["dragon_session"]}


# ---- items 4-6: stored input that broke pages and exports --------------------------------------


def test_non_finite_numbers_are_refused_naming_the_field(live: Live) -> None:
    cases = [
        (
            '{"model_name": "m", "retrieval_config": {"top_k": NaN}}',
            "config.retrieval_config.top_k",
        ),
        ('{"model_name": "m", "score": Infinity}', "config.score"),
        ('{"model_name": "m", "x": [1, -Infinity]}', "config.x[1]"),
        ('{"model_name": "m", "big": 1e999}', "config.big"),
    ]
    for raw, field in cases:
        r = live.http.post(
            "/submit/create",
            data={"config": raw, "token": live.tokens["participant"], "version": "1.0.0"},
            files={"f": ("r.json", json.dumps(results(1)).encode(), "application/json")},
        )
        assert r.status_code == 422, (raw, r.text)
        assert field in r.json()["detail"], (raw, r.text)
    bad_results = b'{"0": {"found_ids": [41], "model_answer": "x", "score": NaN}}'
    r = live.submit(raw=bad_results)
    assert r.status_code == 422 and "results file.0.score" in r.json()["detail"]

    # Nothing was stored, so every leaderboard form stays valid JSON with its rows.
    def refuse(constant: str) -> None:
        raise AssertionError(f"a leaderboard holds {constant}")

    for path in ("/api/v1/leaderboard", "/api/v1/leaderboard/gradio.json"):
        r = live.http.get(path)
        assert r.status_code == 200
        json.loads(r.text, parse_constant=refuse)


def test_export_csv_neutralises_formulas(live: Live) -> None:
    names = ['=HYPERLINK("http://x")', "+1+2", "-3", "@SUM(A1)", "plain-name", "x=1"]
    embedding = ["\t=1", "\r=1", "e5", "-e", "@e", "=e"]
    for n, name in enumerate(names):
        cfg = {
            "model_name": name,
            "retriever_type": "=cmd|' /C calc'!A0",
            "embedding_model": embedding[n],
        }
        r = live.submit(results(n % 4), token=live.tokens["admin"], submit_id=f"c{n}", config=cfg)
        assert r.status_code == 200, r.text
    for n in range(len(names)):
        _approve(live, f"c{n}")
    r = live.http.get("/api/v1/leaderboard/export.csv")
    rows = list(csv.DictReader(io.StringIO(r.text, newline="")))
    by_id = {row["submit_id"]: row for row in rows}
    assert len(by_id) == len(names), rows
    for n, name in enumerate(names):
        # A CSV reader gets each value back; one starting a formula gets a leading quote.
        for column, value in (("model_name", name), ("embedding_model", embedding[n])):
            shown = by_id[f"c{n}"][column]
            assert not re.match(r"[=+\-@\t\r]", shown), (column, shown)
            assert shown == ("'" + value if re.match(r"[=+\-@\t\r]", value) else value)
        assert by_id[f"c{n}"]["retriever_type"] == "'=cmd|' /C calc'!A0"


# ---- item 7: 500s that must be 4xx -------------------------------------------------------------


def _results_with_key(key: str) -> bytes:
    return json.dumps({key: {"found_ids": [41], "model_answer": "x"}}).encode()


def test_noncanonical_keys_are_refused_at_upload_naming_the_key(live: Live) -> None:
    for key in ["²", "01", "١", "+1", "-1", " 1", "1.0", "0x1", "𝟏"]:
        r = live.submit(raw=_results_with_key(key))
        assert r.status_code == 422, (key, r.text)
        assert repr(key) in r.json()["detail"], (key, r.text)
    assert live.submit(raw=_results_with_key("1"), submit_id="ok").status_code == 200
    assert live.wait("ok")["state"] == "evaluated"


def test_hostile_json_is_4xx_on_both_upload_routes(live: Live) -> None:
    huge = "9" * 5000
    bodies = {
        "huge int in results": (
            '{"0": {"found_ids": [' + huge + '], "model_answer": ""}}'
        ).encode(),
        "deep results": b"[" * 100_000 + b"]" * 100_000,
        "deep inside an answer": b'{"0": {"found_ids": [], "model_answer": "", "x": '
        + b"[" * 100_000
        + b"]" * 100_000
        + b"}}",
    }
    configs = {
        "huge int in config": '{"model_name": "m", "n": ' + huge + "}",
        "deep config": '{"model_name": "m", "x": ' + "[" * 100_000 + "]" * 100_000 + "}",
    }
    ok_file = json.dumps(results(1)).encode()
    cases = [(name, body, "{}") for name, body in bodies.items()]
    cases += [(name, ok_file, cfg) for name, cfg in configs.items()]
    for name, body, cfg in cases:
        a = live.http.post(
            "/submit/create",
            data={"config": cfg, "token": live.tokens["participant"]},
            files={"f": ("r.json", body, "application/json")},
        )
        b = live.http.post(
            "/api/v1/submissions",
            headers=live.auth("participant"),
            data={"config": cfg},
            files={"file": ("r.json", body, "application/json")},
        )
        for route, r in (("/submit/create", a), ("/api/v1/submissions", b)):
            assert 400 <= r.status_code < 500, (name, route, r.status_code, r.text[:200])
            assert r.json()["detail"], (name, route)
    # The judge results form field is parsed the same way.
    r = live.http.post(
        "/submit/add_judge_results",
        data={"token": live.tokens["admin"], "submit_id": "x", "judge_results": "[" * 100_000},
    )
    assert r.status_code == 422, r.text[:200]


def test_huge_ids_in_paths_and_bodies_are_4xx(live: Live) -> None:
    admin = live.auth("admin")
    for token_id in ("99999999999999999999999", "9223372036854775808", "-1", "0"):
        r = live.http.delete(f"/api/v1/admin/tokens/{token_id}", headers=admin)
        assert r.status_code in (404, 422), (token_id, r.status_code, r.text)
    r = live.http.delete("/api/v1/admin/tokens/9223372036854775807", headers=admin)
    assert r.status_code == 404
    big = 10**23
    for path, body in (
        ("/api/v1/grading/none/labels", {"question_id": big, "label": "perfect"}),
        ("/api/v1/arena/battles", {"question_id": big, "version": "1.0.0"}),
    ):
        r = live.http.post(path, json=body, headers=admin)
        assert 400 <= r.status_code < 500, (path, r.status_code, r.text)


# ---- item 8: failed-authentication throttling ---------------------------------------------------


def test_failed_authentications_are_throttled_per_address(make_live: Any) -> None:
    live = make_live(auth_failures_per_minute=5, rate_limit_per_minute=0)
    codes = []
    for n in range(8):
        if n % 2:
            r = live.http.get("/api/v1/submissions", headers={"Authorization": f"Bearer bad{n}"})
        else:
            r = live.submit(results(1), token=f"drg_bad{n}")
        codes.append(r.status_code)
    assert codes[:5] == [401] * 5 and codes[5:] == [429] * 3, codes
    r = live.submit(results(1), token="drg_bad")
    assert 1 <= int(r.headers["Retry-After"]) <= 60
    assert "failed authentications" in r.json()["detail"]
    # The login form counts too, and a throttled address is refused even with a good token.
    login = live.http.post("/login", data={"token": "nope", "next": "/"})
    assert login.status_code == 429
    good = live.http.get("/api/v1/submissions", headers=live.auth("participant"))
    assert good.status_code == 429
    # Good tokens never count as failures.
    fresh = make_live(auth_failures_per_minute=3, rate_limit_per_minute=0)
    for _ in range(10):
        assert (
            fresh.http.get("/api/v1/submissions", headers=fresh.auth("participant")).status_code
            == 200
        )


def test_default_limits() -> None:
    from dragon_bench.portal.settings import PortalSettings

    s = PortalSettings()
    assert (s.daily_submissions, s.auth_failures_per_minute) == (5, 20)


def test_rows_stored_before_the_check_keep_the_leaderboard_valid(live: Live) -> None:
    """A NaN config written by an older portal: every view still answers valid JSON."""
    from sqlalchemy import update

    from dragon_bench.portal.models import Submission

    assert live.submit(results(2), submit_id="old", config={"model_name": "old"}).status_code == 200
    _approve(live, "old")
    with live.portal.db.session() as s:
        s.execute(
            update(Submission)
            .where(Submission.submit_id == "old")
            .values(config={"model_name": "old", "top_k": float("nan"), "x": [float("inf")]})
        )

    def refuse(constant: str) -> None:
        raise AssertionError(f"answer holds {constant}")

    for path in (
        "/api/v1/leaderboard",
        "/api/v1/leaderboard/gradio.json",
        "/api/v1/submissions/old",
    ):
        r = live.http.get(path)
        assert r.status_code == 200, (path, r.text)
        json.loads(r.text, parse_constant=refuse)
    page = live.http.get("/")
    assert page.status_code == 200
    board = page.text.split('id="board-data">', 1)[1].split("</script>", 1)[0]
    assert json.loads(board, parse_constant=refuse)["rows"][0]["model_name"] == "old"
