"""The results-file publisher: changes are queued in the database, a thread commits them in order.

`record_change` runs inside the transaction that approves, rejects, requeues or scores a
submission: it renders the results file as that transaction leaves it and queues it, so the
request never waits on the network and a restart loses nothing. `Publisher` pushes the oldest
pending row; a failed push is retried with exponential backoff and later rows wait behind it,
so two approvals in the same second give two commits, in order.
"""

from __future__ import annotations

import hashlib
import logging
import time
import uuid
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select, text, update
from sqlalchemy.orm import Session

from dragon_bench.portal.db import Database
from dragon_bench.portal.leaderboard import Entry
from dragon_bench.portal.loop import PollingLoop
from dragon_bench.portal.models import Submission, utcnow
from dragon_bench.portal.publishing.models import ResultsCommit
from dragon_bench.portal.publishing.targets import Target, make_target, redact
from dragon_bench.portal.results_file import build_results, dump_results
from dragon_bench.portal.settings import PortalSettings

__all__ = ["Publisher", "record_change", "queue_current", "recent_commits", "retry_now", "ACTIONS"]

log = logging.getLogger("dragon_bench.portal.publisher")

# What happened to the submission, as the commit message says it.
ACTIONS = {
    "approve": "Approve",
    "reject": "Reject",
    "requeue": "Withdraw for re-evaluation",
    "evaluate": "Publish evaluated auto",
    "judge": "Judge score for",
}
# A claim older than this (a publisher that died mid-push) is taken over.
CLAIM_SECONDS = 600.0
# Any fixed key: serialises renders on PostgreSQL so each sees the changes queued before it.
_LOCK_KEY = 2121


def _approved(s: Session) -> list[Entry]:
    rows = s.execute(
        select(
            Submission.submit_id,
            Submission.model_name,
            Submission.version,
            Submission.created_at,
            Submission.config,
            Submission.report,
            Submission.judge_score,
        ).where(Submission.state == "approved", Submission.report.is_not(None))
    ).all()
    return [
        Entry(
            r.submit_id,
            r.model_name,
            r.version,
            r.created_at,
            r.config or {},
            r.report,
            r.judge_score,
        )
        for r in rows
    ]


def record_change(
    s: Session,
    settings: PortalSettings,
    versions: list[str],
    submission_id: int | None,
    action: str,
) -> ResultsCommit | None:
    """Queue the results file as `s` leaves it, if it differs from the last one queued.

    Call it inside the transaction that made the change, after the change is made. With no
    submission (`action` "publish", an operator's request) the file is queued even if unchanged,
    so that a newly configured repository gets it at once."""
    if not (settings.results_repo or "").strip():
        return None
    if s.get_bind().dialect.name == "postgresql":
        # Concurrent reviews render one after another; SQLite's writers are serial already.
        s.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _LOCK_KEY})
    sub = s.get(Submission, submission_id) if submission_id is not None else None
    if submission_id is not None and sub is None:
        return None
    data = build_results(_approved(s), versions)
    content = dump_results(data)
    digest = hashlib.sha256(content).hexdigest()
    last = s.scalar(select(ResultsCommit.sha256).order_by(ResultsCommit.id.desc()).limit(1))
    if sub is not None and last == digest:
        return None  # nothing public changed (a rejection of an unpublished result)
    if sub is None:
        count = sum(len(v) for v in data["items"].values())
        message = f"Publish the results file ({count} result{'' if count == 1 else 's'})"
    else:
        verb = ACTIONS.get(action, action)
        message = f"{verb} submission {sub.submit_id} ({sub.model_name}, version {sub.version})"
    row = ResultsCommit(
        submit_id=sub.submit_id if sub else "",
        version=sub.version if sub else "",
        action=action,
        message=message,
        content=content,
        sha256=digest,
        state="pending",
        attempts=0,
        next_attempt_at=utcnow(),
    )
    s.add(row)
    s.flush()
    return row


def queue_current(db: Database, settings: PortalSettings, versions: list[str]) -> dict[str, Any]:
    """Queue the current file even if unchanged (an operator's "publish now"); its id and message."""
    with db.session() as s:
        row = record_change(s, settings, versions, None, "publish")
        return {"id": row.id, "message": row.message} if row else {}


def backoff(settings: PortalSettings, attempts: int) -> float:
    """Seconds before attempt `attempts + 1`: doubling from the base, capped."""
    base = max(0.0, settings.results_retry_seconds)
    return float(min(settings.results_retry_max_seconds, base * 2 ** max(0, attempts - 1)))


class Publisher(PollingLoop):
    """Pushes queued results files to the configured repository, oldest first, one at a time."""

    def __init__(
        self, db: Database, settings: PortalSettings, target: Target | None = None
    ) -> None:
        self.db = db
        self.settings = settings
        self.target = target if target is not None else make_target(settings)
        self.id = uuid.uuid4().hex[:16]
        super().__init__()
        self.thread_name = f"dragon-publisher-{self.id}"
        self.poll_seconds = settings.worker_poll_seconds

    @property
    def enabled(self) -> bool:
        return self.target is not None

    def start(self) -> None:
        if self.target is not None:
            super().start()

    def claim(self) -> ResultsCommit | None:
        """The oldest pending commit if it is due and nobody else holds it."""
        now = utcnow()
        with self.db.read() as s:
            head = s.scalar(
                select(ResultsCommit)
                .where(ResultsCommit.state == "pending")
                .order_by(ResultsCommit.id)
                .limit(1)
            )
        if head is None or head.next_attempt_at > now:
            return None
        stale = now - timedelta(seconds=CLAIM_SECONDS)
        if head.claimed_at is not None and head.claimed_at > stale:
            return None
        with self.db.session() as s:
            res = s.execute(
                update(ResultsCommit)
                .where(
                    ResultsCommit.id == head.id,
                    ResultsCommit.state == "pending",
                    ResultsCommit.claimed_at.is_(None)
                    if head.claimed_at is None
                    else ResultsCommit.claimed_at == head.claimed_at,
                )
                .values(claimed_by=self.id, claimed_at=now)
                .execution_options(synchronize_session=False)
            )
            if res.rowcount != 1:  # type: ignore[attr-defined]
                return None
        return head

    def run_once(self) -> bool:
        """Push the head of the queue once; True if a push was attempted."""
        if self.target is None:
            return False
        job = self.claim()
        if job is None:
            return False
        values: dict[str, Any]
        try:
            commit = self.target.push(job.content or b"", job.message)
        except Exception as exc:  # any failure (network, auth, remote moved): retry later
            attempts = job.attempts + 1
            reason = redact(f"{type(exc).__name__}: {exc}")[:2000]
            wait = backoff(self.settings, attempts)
            log.warning(
                "results commit %d, attempt %d failed (%s); next try in %.1f s",
                job.id,
                attempts,
                reason,
                wait,
            )
            values = {
                "attempts": attempts,
                "last_error": reason,
                "next_attempt_at": utcnow() + timedelta(seconds=wait),
            }
        else:
            values = {
                "state": "done" if commit else "unchanged",
                "commit_id": commit,
                "attempts": job.attempts + 1,
                "done_at": utcnow(),
                "content": None,
            }
            log.info("results commit %d published: %s (%s)", job.id, job.message, commit)
        values["claimed_by"] = None
        values["claimed_at"] = None
        with self.db.session() as s:
            s.execute(
                update(ResultsCommit)
                .where(ResultsCommit.id == job.id, ResultsCommit.claimed_by == self.id)
                .values(**values)
                .execution_options(synchronize_session=False)
            )
        return True

    def drain(self, timeout: float = 60.0) -> None:
        """Push until nothing is due (tests and the demo; the thread does this in a server)."""
        deadline = time.monotonic() + timeout
        while self.run_once() and time.monotonic() < deadline:
            pass


def recent_commits(db: Database, limit: int = 20) -> list[dict[str, Any]]:
    """The queue for the admin page: pending rows first (oldest first), then the latest done."""
    with db.read() as s:
        pending = list(
            s.scalars(
                select(ResultsCommit)
                .where(ResultsCommit.state == "pending")
                .order_by(ResultsCommit.id)
                .limit(limit)
            )
        )
        done = list(
            s.scalars(
                select(ResultsCommit)
                .where(ResultsCommit.state != "pending")
                .order_by(ResultsCommit.id.desc())
                .limit(limit)
            )
        )
    return [_view(r) for r in (*pending, *done)]


def _view(row: ResultsCommit) -> dict[str, Any]:
    def when(t: datetime | None) -> str | None:
        return t.isoformat(timespec="seconds") if t else None

    return {
        "id": row.id,
        "submit_id": row.submit_id,
        "version": row.version,
        "action": row.action,
        "message": row.message,
        "state": row.state,
        "attempts": row.attempts,
        "last_error": row.last_error,
        "next_attempt_at": when(row.next_attempt_at) if row.state == "pending" else None,
        "commit_id": row.commit_id,
        "created_at": when(row.created_at),
        "done_at": when(row.done_at),
    }


def retry_now(db: Database) -> int:
    """Make every pending commit due at once (after fixing a token, say); returns how many."""
    with db.session() as s:
        res = s.execute(
            update(ResultsCommit)
            .where(ResultsCommit.state == "pending", ResultsCommit.next_attempt_at > utcnow())
            .values(next_attempt_at=utcnow())
            .execution_options(synchronize_session=False)
        )
        return int(res.rowcount)  # type: ignore[attr-defined]
