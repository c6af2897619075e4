"""The evaluation worker: state machine, auto publishing, claims across workers, restart resume."""

from __future__ import annotations

import json
import threading
from datetime import timedelta

from sqlalchemy import update

from dragon_bench.portal.db import Database
from dragon_bench.portal.models import Submission, utcnow
from dragon_bench.portal.revisions import RevisionCache
from dragon_bench.portal.settings import PortalSettings
from dragon_bench.portal.worker import Worker
from tests.helpers.portal import GOLD_ANSWERS, INTERNAL_IDS, Live, results
from tests.helpers.reference import ReferenceEvaluator


def test_states_queued_evaluated_approved(live: Live) -> None:
    sid = live.submit(results(2), submit_id="s1").json()["id"]
    assert live.wait(sid)["state"] == "evaluated"
    # Not public before approval: anonymous callers get 404, the leaderboard is empty.
    assert live.http.get(f"/api/v1/submissions/{sid}").status_code == 404
    assert live.http.get("/api/v1/leaderboard").json()["rows"] == []
    r = live.http.post(f"/api/v1/admin/submissions/{sid}/approve", headers=live.auth("participant"))
    assert r.status_code == 403
    r = live.http.post(
        f"/api/v1/admin/submissions/{sid}/approve", headers=live.auth("admin"), json={"note": "ok"}
    )
    assert r.status_code == 200 and r.json()["state"] == "approved"
    assert live.http.get(f"/api/v1/submissions/{sid}").json()["state"] == "approved"
    rows = live.http.get("/api/v1/leaderboard").json()["rows"]
    assert [r["submit_id"] for r in rows] == ["s1"]
    # Approving twice is a conflict, unknown ids 404, unknown actions 404.
    assert (
        live.http.post(
            f"/api/v1/admin/submissions/{sid}/approve", headers=live.auth("admin")
        ).status_code
        == 409
    )
    assert (
        live.http.post(
            "/api/v1/admin/submissions/nope/approve", headers=live.auth("admin")
        ).status_code
        == 404
    )
    assert (
        live.http.post(
            f"/api/v1/admin/submissions/{sid}/explode", headers=live.auth("admin")
        ).status_code
        == 404
    )


def test_auto_token_is_published_at_once(live: Live) -> None:
    sid = live.submit(
        results(4, 4), token=live.tokens["auto"], config={"model_name": "auto-m"}
    ).json()["id"]
    assert live.wait(sid)["state"] == "approved"
    rows = live.http.get("/api/v1/leaderboard").json()["rows"]
    assert rows[0]["model_name"] == "auto-m" and rows[0]["total"] > 0.9


def test_bad_file_fails_with_scrubbed_message(live: Live) -> None:
    data = results(1)
    data["__bad__"] = f"{GOLD_ANSWERS[0]} and {INTERNAL_IDS[1]}"  # type: ignore[assignment]
    # Validation refuses unknown keys before storing, so plant the row past validation.
    with live.server.portal.db.session() as s:
        tid = 1
        s.add(
            Submission(
                submit_id="bad",
                token_id=tid,
                version="1.0.0",
                model_name="m",
                config={},
                filename="r.json",
                content=json.dumps(data).encode(),
                n_answers=5,
                is_auto=False,
                state="queued",
                attempts=0,
                judge_state="none",
            )
        )
    live.server.portal.worker.wake()
    done = live.wait("bad")
    assert done["state"] == "failed"
    assert GOLD_ANSWERS[0] not in done["error"] and INTERNAL_IDS[1] not in done["error"]
    assert "[hidden]" in done["error"]


def _plant(db: Database, n: int, state: str = "queued", claimed_at=None) -> None:  # type: ignore[no-untyped-def]
    from dragon_bench.portal.tokens import create_token

    with db.session() as s:
        tok, _ = create_token(s, role="participant", name="p")
        for i in range(n):
            data = results(i % 5)
            data["0"]["model_answer"] = f"answer {i}"
            s.add(
                Submission(
                    submit_id=f"p{i}",
                    token_id=tok.id,
                    version="1.0.0",
                    model_name=f"m{i}",
                    config={},
                    filename="r.json",
                    content=json.dumps(data).encode(),
                    n_answers=4,
                    is_auto=False,
                    state=state,
                    attempts=0,
                    judge_state="none",
                    claimed_by="dead-worker" if claimed_at else None,
                    claimed_at=claimed_at,
                )
            )


def _states(db: Database) -> list[str]:
    from sqlalchemy import select

    with db.read() as s:
        return list(s.scalars(select(Submission.state).order_by(Submission.id)))


def test_concurrent_workers_never_evaluate_twice(hub, db_url) -> None:  # type: ignore[no-untyped-def]
    db = Database(db_url)
    db.migrate()
    _plant(db, 24)
    settings = PortalSettings(hub=hub.url, db=db_url)
    evaluator = ReferenceEvaluator(hub, delay=0.01)
    revisions = RevisionCache(hub)
    workers = [Worker(Database(db_url), evaluator, revisions, settings) for _ in range(4)]

    def drain(w: Worker) -> None:
        while w.run_once():
            pass

    threads = [threading.Thread(target=drain, args=(w,)) for w in workers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert _states(db) == ["evaluated"] * 24
    assert sum(evaluator.calls.values()) == 24 and max(evaluator.calls.values()) == 1
    assert sum(w.processed for w in workers) == 24
    for w in workers:
        w.db.dispose()
    db.dispose()


def test_restart_resumes_abandoned_and_queued_work(hub, db_url) -> None:  # type: ignore[no-untyped-def]
    db = Database(db_url)
    db.migrate()
    _plant(db, 3, state="evaluating", claimed_at=utcnow() - timedelta(seconds=600))
    with db.session() as s:  # one claim is fresh: its worker may still be alive, so leave it
        s.execute(
            update(Submission).where(Submission.submit_id == "p2").values(claimed_at=utcnow())
        )
    settings = PortalSettings(hub=hub.url, db=db_url, lease_seconds=60)
    worker = Worker(db, ReferenceEvaluator(hub), RevisionCache(hub), settings)
    while worker.run_once():
        pass
    assert _states(db) == ["evaluated", "evaluated", "evaluating"]
    db.dispose()


def test_worker_thread_in_app_picks_up_after_restart(make_live) -> None:  # type: ignore[no-untyped-def]
    live = make_live(worker=False)
    sid = live.submit(results(1), submit_id="later").json()["id"]
    assert (
        live.http.get(f"/api/v1/submissions/{sid}", headers=live.auth("participant")).json()[
            "state"
        ]
        == "queued"
    )
    live.server.stop()
    again = make_live()  # same database and hub: the new process's worker finds the queued row
    assert again.wait("later")["state"] == "evaluated"


def test_long_evaluation_keeps_its_claim_by_heartbeat(hub, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from sqlalchemy import select

    url = f"sqlite:///{tmp_path / 'p.db'}"
    db = Database(url)
    db.migrate()
    _plant(db, 1)
    release = threading.Event()

    class Slow(ReferenceEvaluator):
        def evaluate(self, version, results):  # type: ignore[no-untyped-def]
            release.wait(60)
            return super().evaluate(version, results)

    settings = PortalSettings(hub=hub.url, db=url, lease_seconds=3)
    evaluator = Slow(hub)
    a = Worker(db, evaluator, RevisionCache(hub), settings)
    b = Worker(Database(url), evaluator, RevisionCache(hub), settings)
    t = threading.Thread(target=a.run_once)
    t.start()

    def claimed_at():  # type: ignore[no-untyped-def]
        with db.read() as s:
            return s.scalar(select(Submission.claimed_at))

    while claimed_at() is None:
        threading.Event().wait(0.05)
    first = claimed_at()
    while claimed_at() == first:  # the heartbeat renews the claim while the evaluation runs
        threading.Event().wait(0.05)
    assert b.run_once() is False  # so another worker does not take it over
    release.set()
    t.join(60)
    assert _states(db) == ["evaluated"] and sum(evaluator.calls.values()) == 1
    b.db.dispose()
    db.dispose()


def _stored(db: Database) -> list[tuple[str, object, object]]:
    from sqlalchemy import select

    with db.read() as s:
        rows = s.execute(
            select(Submission.state, Submission.report, Submission.details).order_by(Submission.id)
        )
        return [(r.state, r.report, r.details) for r in rows]


def test_batches_store_what_one_at_a_time_stores(hub, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from dragon_bench.portal.evaluation import MetricsEvaluator

    stored = []
    for batch in (1, 8):
        db = Database(f"sqlite:///{tmp_path / f'b{batch}.db'}")
        db.migrate()
        _plant(db, 11)
        settings = PortalSettings(hub=hub.url, db=str(tmp_path / "unused.db"))
        worker = Worker(db, MetricsEvaluator(hub, resamples=50), RevisionCache(hub), settings)
        while worker.run_once(batch):
            pass
        assert worker.processed == 11
        stored.append(_stored(db))
        db.dispose()
    assert stored[0] == stored[1]
    assert {state for state, _, _ in stored[1]} == {"evaluated"}


def test_scrub_hides_the_same_strings_as_checking_every_one() -> None:
    import random
    import re

    from dragon_bench.portal.revisions import PrivateIndex

    index = PrivateIndex(
        frozenset(GOLD_ANSWERS) | {"abc"}, frozenset(INTERNAL_IDS) | {"d-1", "d-10"}
    )

    def plain(text: str) -> str:
        found = [a for a in index.answers if len(a) >= 4 and a in text]
        found += [t for t in index.text_ids if re.search(rf"(?<!\w){re.escape(t)}(?!\w)", text)]
        for secret in sorted(found, key=len, reverse=True):
            text = text.replace(secret, "[hidden]")
        return text

    rng = random.Random(0)
    pieces = [
        *GOLD_ANSWERS,
        *INTERNAL_IDS,
        "d-1",
        "d-10",
        "d-100",
        "xd-1",
        "abc",
        " ",
        "-",
        "слово",
    ]
    for _ in range(500):
        text = "".join(rng.choices(pieces, k=rng.randint(0, 6)))
        assert index.scrub(text) == plain(text) == index.scrub(text), text
