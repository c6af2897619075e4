"""The review API over a live portal: next candidate, decide, undo, roles, bad input, the
decisions surviving a restart, two reviewers at once, double review, kappa and conflicts."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.hub import Hub
from dragon_bench.portal.auth import Caller
from dragon_bench.portal.db import Database
from dragon_bench.portal.review import store
from dragon_bench.portal.review.store import agreement, final_verdicts, live_decisions, tally
from tests.helpers.cli import dragon
from tests.helpers.corpus import DOCS
from tests.plugins.portal_live import PortalLive

Make = Callable[..., tuple[PortalLive, Hub, str]]


def _n(hub: Hub, version: str) -> int:
    return hub.read_table("private", version, "qa").num_rows


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_review_decide_undo_and_release_with_the_database(
    make_review: Make, tmp_path: Path, capsys: Any, database: str, request: pytest.FixtureRequest
) -> None:
    pg = request.getfixturevalue("postgres_url") if database == "postgresql" else None
    db = pg or f"sqlite:///{tmp_path / 'portal.db'}"
    live, hub, version = make_review(db=db)
    auth = live.auth("reviewer")
    n = _n(hub, version)
    got = live.http.get(f"/api/v1/review/{version}/next", headers=auth).json()
    first = got["candidate"]
    assert first["question_id"] == 0 and got["progress"]["left_for_me"] == n
    assert first["evidence"] and first["evidence"][0]["sentence"]
    # spans relative to the sentence mark what the absolute spans mark in the published text
    ev = first["evidence"][0]
    row = next(r for r in hub.read_table("private", version, "qa").to_pylist() if r["id"] == 0)
    text = next(d.full_text for d in DOCS if d.id == ev["doc_id"])
    for key in ("subject_span", "object_span"):
        start, end = row["evidence"][0][key]
        assert ev["sentence"][ev[key][0] : ev[key][1]] == text[start:end]
    url = f"/api/v1/review/{version}/decisions"
    r = live.http.post(url, json={"question_id": 0, "decision": "accept"}, headers=auth)
    assert r.status_code == 200 and r.json()["candidate"]["question_id"] == 1
    r = live.http.post(
        url, json={"question_id": 1, "decision": "reject", "reason": "ambiguous"}, headers=auth
    )
    assert r.json()["progress"]["decided"] == 2
    # undo takes back the reject only
    r = live.http.post(f"/api/v1/review/{version}/undo", headers=auth)
    assert r.json()["undone"] == 1 and r.json()["candidate"]["state"] == "open"
    assert r.json()["progress"]["decided"] == 1
    edit = {"question_id": 1, "decision": "edit", "question": "Новый текст вопроса?"}
    assert live.http.post(url, json=edit, headers=auth).status_code == 200
    # bad input: a reason outside the list, 'other' without a note, an unknown candidate
    bad = live.http.post(
        url, json={"question_id": 2, "decision": "reject", "reason": "boring"}, headers=auth
    )
    assert bad.status_code == 422 and "boring" in bad.json()["detail"]
    bad = live.http.post(
        url, json={"question_id": 2, "decision": "reject", "reason": "other"}, headers=auth
    )
    assert bad.status_code == 422 and "note" in bad.json()["detail"]
    bad = live.http.post(url, json={"question_id": 999, "decision": "accept"}, headers=auth)
    assert bad.status_code == 404 and "999" in bad.json()["detail"]
    # roles and versions
    assert live.http.get(f"/api/v1/review/{version}/next").status_code == 401
    r = live.http.get(f"/api/v1/review/{version}/next", headers=live.auth("participant"))
    assert r.status_code == 403 and "reviewer" in r.json()["detail"]
    r = live.http.get("/api/v1/review/1.9.0/next", headers=auth)
    assert r.status_code == 404 and "1.9.0" in r.json()["detail"]
    # the queue with filters
    q = live.http.get(f"/api/v1/review/{version}/queue?state=edit", headers=auth).json()
    assert [i["question_id"] for i in q["items"]] == [1]
    q = live.http.get(f"/api/v1/review/{version}/queue?type=set", headers=auth).json()
    assert q["items"] and {i["type"] for i in q["items"]} == {"set"}

    # a restart keeps every decision
    live.server.stop()
    again, _, _ = make_review(db=db)
    got = again.http.get(f"/api/v1/review/{version}/queue", headers=again.auth("admin")).json()
    assert {i["question_id"]: i["state"] for i in got["items"]}[0] == "accept"
    assert got["progress"]["decided"] == 2

    # release from the database: refused while candidates are open, then with the threshold
    run = dragon(
        capsys, "release", "--hub", str(tmp_path / "hub"), "--version", version, "--db", db
    )
    assert run.returncode == 2 and f"{n - 2} of {n} candidates are unreviewed" in run.stderr
    for qid in range(2, n):
        body = {"question_id": qid, "decision": "reject", "reason": "guessable"}
        assert again.http.post(url, json=body, headers=again.auth("admin")).status_code == 200
    run = dragon(capsys, "release", "--hub", str(tmp_path / "hub"), "--version", version,
                 "--db", db, "--format", "json")  # fmt: skip
    assert run.returncode == 0, run.stderr
    public = hub.read_table("public", version, "questions").to_pylist()
    assert [q["id"] for q in public] == [0, 1]
    assert public[1]["question"] == "Новый текст вопроса?"
    assert hub.read_manifest("private", version)["review"]["rejected_by_reason"] == {
        "guessable": n - 2
    }
    # a released revision is no longer under review
    r = again.http.get(f"/api/v1/review/{version}/next", headers=auth)
    assert r.status_code == 409 and "released" in r.json()["detail"]


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_two_reviewers_at_once_lose_no_decision(
    make_review: Make, database: str, request: pytest.FixtureRequest
) -> None:
    db = request.getfixturevalue("postgres_url") if database == "postgresql" else None
    live, hub, version = make_review(db=db, share=1.0)  # every candidate is double-reviewed
    tokens = {"r1": live.token("reviewer", "r1"), "r2": live.token("reviewer", "r2")}
    n = _n(hub, version)
    # r1 rejects the first candidate; r2 the first and the last: they disagree on the last
    plan = {
        "r1": ["reject"] + ["accept"] * (n - 1),
        "r2": ["reject"] + ["accept"] * (n - 2) + ["reject"],
    }
    errors: list[Any] = []

    def work(who: str) -> None:
        import httpx

        with httpx.Client(base_url=live.url, timeout=30) as c:
            headers = {"Authorization": f"Bearer {tokens[who]}"}
            for qid, decision in enumerate(plan[who]):
                body: dict[str, Any] = {"question_id": qid, "decision": decision}
                if decision == "reject":
                    body["reason"] = "wrong_fact"
                r = c.post(f"/api/v1/review/{version}/decisions", json=body, headers=headers)
                if r.status_code != 200:
                    errors.append(r.text)

    threads = [threading.Thread(target=work, args=(w,)) for w in tokens]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    decisions = live_decisions(live.portal.db, version)
    assert len(decisions) == 2 * n  # every decision of both reviewers is there
    ag = live.http.get(f"/api/v1/review/{version}/agreement", headers=live.auth("admin")).json()
    assert ag["n"] == n and ag["conflicts"] == [n - 1]
    # reference: Cohen's kappa worked out by hand for these lists (observed agreement
    # (n-1)/n; chance agreement from the marginals: r1 rejects 1 of n, r2 2 of n)
    p_o = (n - 1) / n
    p_e = (1 / n) * (2 / n) + ((n - 1) / n) * ((n - 2) / n)
    assert ag["kappa"] == pytest.approx((p_o - p_e) / (1 - p_e))
    assert [int(k) for k in ag["conflict_decisions"]] == [n - 1]
    # a reviewer cannot resolve; an admin can, and the conflict's verdict is the ruling
    url = f"/api/v1/review/{version}/decisions"
    body = {"question_id": n - 1, "decision": "accept", "resolve": True}
    assert live.http.post(url, json=body, headers=live.auth("reviewer")).status_code == 403
    assert live.http.post(url, json=body, headers=live.auth("admin")).status_code == 200
    verdicts = final_verdicts(live.portal.db, version)
    assert set(verdicts) == set(range(n))
    assert verdicts[n - 1].decision == "accept" and verdicts[0].decision == "reject"
    # one reviewer alone settles nothing when two are needed: r2 takes back its last two
    r2 = {"Authorization": f"Bearer {tokens['r2']}"}
    undone = [live.http.post(f"/api/v1/review/{version}/undo", headers=r2).json()["undone"]]
    undone.append(live.http.post(f"/api/v1/review/{version}/undo", headers=r2).json()["undone"])
    assert undone == [n - 1, n - 2]
    verdicts = final_verdicts(live.portal.db, version)
    assert n - 2 not in verdicts and n - 1 in verdicts  # the ruling stands


def test_store_on_postgresql_keeps_concurrent_decisions(postgres_url: str) -> None:
    db = Database(postgres_url)
    db.migrate()
    from dragon_bench.portal.tokens import create_token

    with db.session() as s:
        ids = [create_token(s, role="reviewer", name=f"r{i}")[0].id for i in range(4)]
    callers = [Caller(i, f"r{n}", "reviewer") for n, i in enumerate(ids)]
    barrier = threading.Barrier(len(callers))

    def work(caller: Caller) -> None:
        barrier.wait()
        for _ in range(5):
            store.decide(db, "1.0.0", 7, caller, "accept")

    threads = [threading.Thread(target=work, args=(c,)) for c in callers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    rows = live_decisions(db, "1.0.0")
    assert len(rows) == 20 and {r.reviewer_id for r in rows} == set(ids)
    assert store.undo(db, "1.0.0", callers[0]) == 7
    assert len(live_decisions(db, "1.0.0")) == 19
    t = tally(live_decisions(db, "1.0.0"))[7]
    assert not t.conflict and agreement({7: t})["n"] == 1
    db.dispose()
