"""Issue #13 item 2: the daily submission quota per token and version, counted in the
database (SQLite and PostgreSQL), over both upload routes, on a live portal."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

from dragon_bench.portal.uploads import quota_reset
from tests.helpers.portal import results


def test_daily_quota_per_token_and_version(make_live: Any) -> None:
    live = make_live(daily_submissions=2)
    for n in range(2):
        assert live.submit(results(1), submit_id=f"q{n}", version="1.0.0").status_code == 200
    refused = live.submit(results(1), submit_id="q2", version="1.0.0")
    assert refused.status_code == 429, refused.text
    reset = quota_reset(datetime.now(UTC).replace(tzinfo=None))
    stamp = reset.isoformat(timespec="seconds") + "Z"
    assert stamp in refused.json()["detail"] and "version 1.0.0" in refused.json()["detail"]
    wait = int(refused.headers["Retry-After"])
    assert 0 < wait <= 24 * 3600
    assert (
        abs(datetime.now(UTC) + timedelta(seconds=wait) - reset.replace(tzinfo=UTC)).total_seconds()
        < 60
    )
    # The REST route counts into the same quota; another version has its own.
    rest = live.http.post(
        "/api/v1/submissions",
        headers=live.auth("participant"),
        data={"version": "1.0.0", "submit_id": "q3"},
        files={"file": ("r.json", json.dumps(results(1)).encode(), "application/json")},
    )
    assert rest.status_code == 429
    assert live.submit(results(1), submit_id="v2", version="1.1.0").status_code == 200
    # A retry of a stored submission is still a 409 (the client counts that as success).
    assert live.submit(results(1), submit_id="q0", version="1.0.0").status_code == 409
    # Admin and auto tokens are exempt.
    for role in ("admin", "auto"):
        for n in range(3):
            r = live.submit(
                results(1), token=live.tokens[role], submit_id=f"{role}{n}", version="1.0.0"
            )
            assert r.status_code == 200, r.text
    # Counted in the database: another token of the same participant is another budget, and a
    # restarted portal (new process memory) still refuses the first token.
    other = live.token("participant", "second")
    assert live.submit(results(1), token=other, submit_id="o1", version="1.0.0").status_code == 200
    again = make_live(daily_submissions=2)
    again.tokens["participant"] = live.tokens["participant"]
    assert again.submit(results(1), submit_id="q9", version="1.0.0").status_code == 429


def test_quota_resets_at_utc_midnight() -> None:
    assert quota_reset(datetime(2026, 12, 1, 23, 59, 59)) == datetime(2026, 12, 2)
    assert quota_reset(datetime(2026, 12, 31, 0, 0, 0)) == datetime(2027, 1, 1)


def test_concurrent_uploads_of_one_token_never_exceed_the_quota(make_live: Any) -> None:
    from concurrent.futures import ThreadPoolExecutor

    import httpx

    live = make_live(daily_submissions=3, rate_limit_per_minute=0)

    def one(n: int) -> int:
        with httpx.Client(base_url=live.url, timeout=60) as http:
            r = http.post(
                "/submit/create",
                data={"token": live.tokens["participant"], "submit_id": f"race{n}"},
                files={"f": ("r.json", json.dumps(results(1)).encode(), "application/json")},
            )
            return r.status_code

    with ThreadPoolExecutor(10) as pool:
        codes = sorted(pool.map(one, range(10)))
    assert codes == [200] * 3 + [429] * 7, codes
    mine = live.http.get("/api/v1/submissions", headers=live.auth("participant")).json()
    assert len(mine["items"]) == 3


def test_dragon_submit_reports_the_quota_without_retrying(
    make_live: Any, tmp_path: Any, dragon_main: Any, monkeypatch: Any
) -> None:
    import importlib

    submit_module = importlib.import_module("dragon_bench.client.submit")

    sleeps: list[float] = []
    monkeypatch.setattr(submit_module, "time", SimpleNamespace(sleep=sleeps.append))
    live = make_live(daily_submissions=1)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(results(1)), encoding="utf-8")
    base = ("submit", str(path), "--portal", live.url, "--token", live.tokens["participant"])
    assert dragon_main(*base, "--version", "1.0.0").code == 0
    refused = dragon_main(*base, "--version", "1.0.0")
    assert refused.code == 1 and "resets at" in refused.err and "429" in refused.err
    assert sleeps == []  # not retried with backoff
