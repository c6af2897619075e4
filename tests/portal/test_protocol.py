"""DRAGON's wire protocol against a live portal on SQLite and PostgreSQL: happy path and bad input."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select

from dragon_bench.portal.models import Submission
from tests.helpers.portal import GOLD_ANSWERS, Live, results


def _count(live: Live) -> int:
    with live.server.portal.db.read() as s:
        return int(s.scalar(select(func.count()).select_from(Submission)) or 0)


@pytest.mark.slow
def test_submit_create_as_the_published_client_does(live: Live) -> None:
    r = live.submit(results(hits=2, answers_right=1), submit_id="run-1", version="1.0.0")
    assert r.status_code == 200, r.text
    assert r.json() == {"id": "run-1"}
    done = live.wait("run-1")
    assert done["state"] == "evaluated"
    # Hand-computed from the fixture: questions 0 and 1 find gold first (2 of 4), precision 1/2 each.
    overall = done["metrics"]["overall"]
    assert overall["retrieval"]["hit_rate"] == 0.5
    assert overall["retrieval"]["mrr"] == 0.5
    assert overall["retrieval"]["precision"] == 0.25
    assert overall["generation"]["substr_match"] == 0.25
    assert done["config"]["model_name"] == "model-a"


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # not DB-specific
def test_empty_submit_id_and_version_mean_new_id_and_latest(live: Live) -> None:
    r = live.submit(results(1))
    assert r.status_code == 200, r.text
    sid = r.json()["id"]
    assert len(sid) == 32
    assert live.wait(sid)["version"] == "1.1.0"


def test_bad_input_is_4xx_and_nothing_is_stored(live: Live) -> None:
    cases = [
        (dict(raw=b"{not json"), 422, "not valid JSON"),
        (dict(raw=b"[1, 2]"), 422, "not an object"),
        (
            dict(data={"77": {"found_ids": [1], "model_answer": "x"}}),
            422,
            "key '77' is not a question id",
        ),
        (dict(data={"0": {"found_ids": ["a"], "model_answer": "x"}}), 422, "found_ids"),
        (dict(data={"0": {"found_ids": [41]}}), 422, "model_answer"),
        (
            dict(data={"0": {"found_ids": [41, 999], "model_answer": ""}}),
            422,
            "[999] are not texts",
        ),
        (dict(data={"0": {"found_ids": [41, 41], "model_answer": ""}}), 422, "is a duplicate"),
        (dict(data={}), 422, "no answers"),
        (dict(data=results(1), version="1.9.0"), 404, "1.9.0 is not published"),
        (dict(data=results(1), version="banana"), 404, "not of the form"),
        (dict(data=results(1), token=""), 401, "missing token"),
        (dict(data=results(1), token="drg_wrong"), 401, "unknown or revoked"),
        (dict(data=results(1), config={"model_name": 5}), 422, "model_name"),
        (dict(data=results(1), submit_id="bad id/with slash"), 422, "submit_id"),
    ]
    for kwargs, status, message in cases:
        r = live.submit(**kwargs)  # type: ignore[arg-type]
        assert r.status_code == status, (kwargs, r.text)
        assert message in r.json()["detail"], (kwargs, r.text)
    r = live.http.post(
        "/submit/create",
        data={"config": "{oops", "token": live.tokens["participant"]},
        files={"f": ("r.json", json.dumps(results(1)).encode())},
    )
    assert r.status_code == 422 and "config is not valid JSON" in r.json()["detail"]
    r = live.http.post("/submit/create", data={"token": live.tokens["participant"]})
    assert r.status_code in (415, 422)
    assert _count(live) == 0


def test_duplicate_submit_id_is_409_and_stored_once(live: Live) -> None:
    assert live.submit(results(1), submit_id="dup").status_code == 200
    r = live.submit(results(3), submit_id="dup")
    assert r.status_code == 409 and "already exists" in r.json()["detail"]
    assert _count(live) == 1


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # not DB-specific
def test_oversize_file_is_413(make_live) -> None:  # type: ignore[no-untyped-def]
    live = make_live(max_upload_bytes=2000)
    big = results(1)
    big["0"]["model_answer"] = "x" * 5000
    r = live.submit(big)
    assert r.status_code == 413 and "2000 bytes" in r.json()["detail"]
    assert _count(live) == 0


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # not DB-specific
def test_rate_limit_per_token(make_live) -> None:  # type: ignore[no-untyped-def]
    live = make_live(rate_limit_per_minute=3)
    codes = [live.submit(results(1)).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    other = live.token("participant", "other")
    assert live.submit(results(1), token=other).status_code == 200
    assert _count(live) == 4


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # not DB-specific
def test_revoked_token_stops_working(live: Live) -> None:
    r = live.http.get("/api/v1/admin/tokens", headers=live.auth("admin"))
    pid = next(t["id"] for t in r.json() if t["name"] == "participant-user")
    r = live.http.delete(f"/api/v1/admin/tokens/{pid}", headers=live.auth("admin"))
    assert r.status_code == 200 and r.json()["revoked"] is True
    assert live.submit(results(1)).status_code == 401


def test_external_judge_round_trip(live: Live) -> None:
    live.submit(results(2, 2), submit_id="j1", version="1.0.0")
    live.wait("j1")
    token = live.tokens["admin"]
    r = live.http.post("/submit/fetch_judge_requests", data={"token": token})
    assert r.status_code == 200
    assert [i["submit_id"] for i in r.json()["items"]] == ["j1"]
    r = live.http.post(
        "/submit/get_gen_output", data={"token": token, "submit_id": "j1", "version": "1.0.0"}
    )
    assert r.status_code == 200 and json.loads(r.content) == results(2, 2)
    r = live.http.post(
        "/submit/add_judge_results",
        data={
            "token": token,
            "submit_id": "j1",
            "version": "1.0.0",
            "judge_results": json.dumps({"0": 1, "1": 1, "2": 0, "3": 0.5}),
            "is_auto": "False",
        },
    )
    assert r.status_code == 200, r.text
    assert r.json()["judge"] == 0.625
    r = live.http.post("/submit/fetch_judge_requests", data={"token": token})
    assert r.json()["items"] == []
    # Participants may not act as judges; bad judge payloads are refused.
    r = live.http.post("/submit/fetch_judge_requests", data={"token": live.tokens["participant"]})
    assert r.status_code == 403
    r = live.http.post(
        "/submit/add_judge_results",
        data={"token": token, "submit_id": "j1", "version": "1.0.0", "judge_results": "{x"},
    )
    assert r.status_code == 422
    r = live.http.post(
        "/submit/get_gen_output", data={"token": token, "submit_id": "nope", "version": "1.0.0"}
    )
    assert r.status_code == 404
    assert all(a not in r.text for a in GOLD_ANSWERS)


def test_concurrent_duplicates_store_exactly_one(live: Live) -> None:
    from concurrent.futures import ThreadPoolExecutor

    import httpx

    def post(i: int) -> int:
        with httpx.Client(base_url=live.url, timeout=30) as http:
            r = http.post(
                "/submit/create",
                data={
                    "config": "{}",
                    "submit_id": "race",
                    "version": "",
                    "token": live.tokens["participant"],
                },
                files={f"f{i}": ("r.json", json.dumps(results(i % 4)).encode())},
            )
            return r.status_code

    with ThreadPoolExecutor(8) as pool:
        codes = sorted(pool.map(post, range(8)))
    assert codes == [200] + [409] * 7
    assert _count(live) == 1
