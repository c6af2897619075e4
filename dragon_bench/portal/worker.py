"""The evaluation worker: claims queued submissions from the database and scores them, a few at a time.

Claims are compare-and-set updates, so any number of workers (threads or processes) on one database
never score a submission twice; a claim whose worker died is taken over after the lease expires.
"""

from __future__ import annotations

import json
import logging
import threading
import uuid
from datetime import timedelta
from typing import Any

from sqlalchemy import or_, select, update

from dragon_bench.errors import BadInputError
from dragon_bench.portal.db import Database
from dragon_bench.portal.evaluation import Evaluator
from dragon_bench.portal.loop import PollingLoop
from dragon_bench.portal.models import Submission, utcnow
from dragon_bench.portal.publishing.publisher import record_change
from dragon_bench.portal.revisions import PrivateIndex, RevisionCache
from dragon_bench.portal.settings import PortalSettings

__all__ = ["Worker", "scrub_json"]

log = logging.getLogger("dragon_bench.portal.worker")
BATCH = 8  # submissions claimed, evaluated and stored together (one transaction each way)


def scrub_json(obj: Any, index: PrivateIndex) -> Any:
    """Replace private strings inside every string of a JSON-like value."""
    kind = type(obj)
    if kind is float or kind is int or obj is None:  # most of a report: its scores
        return obj
    if isinstance(obj, str):
        return index.scrub(obj)
    if isinstance(obj, list):
        return [scrub_json(v, index) for v in obj]
    if isinstance(obj, dict):
        return {k: scrub_json(v, index) for k, v in obj.items()}
    return obj


def _scrub_detail(row: dict[str, Any], index: PrivateIndex) -> dict[str, Any]:
    """A per-question row scrubbed, but for the participant's own answer (kept as sent)."""
    out = {k: v if k == "model_answer" else scrub_json(v, index) for k, v in row.items()}
    out.setdefault("model_answer", "")
    return out


class Worker(PollingLoop):
    """Polls for queued submissions and evaluates them off the request path."""

    def __init__(
        self,
        db: Database,
        evaluator: Evaluator,
        revisions: RevisionCache,
        settings: PortalSettings,
    ) -> None:
        self.db = db
        self.evaluator = evaluator
        self.revisions = revisions
        self.settings = settings
        self.id = uuid.uuid4().hex[:16]
        super().__init__()
        self.thread_name = f"dragon-worker-{self.id}"
        self.poll_seconds = settings.worker_poll_seconds
        self.processed = 0

    # -- one step ----------------------------------------------------------------------------
    def claim(self) -> int | None:
        """Take one queued (or abandoned) submission; None when there is none."""
        taken = self.claim_many(1)
        return taken[0] if taken else None

    def claim_many(self, limit: int) -> list[int]:
        """Take up to `limit` queued (or abandoned) submissions, oldest first, in one transaction
        of compare-and-set updates (a row another worker took first is skipped)."""
        stale = utcnow() - timedelta(seconds=self.settings.lease_seconds)
        with self.db.read() as s:
            candidates = s.execute(
                select(Submission.id, Submission.state, Submission.claimed_at)
                .where(
                    or_(
                        Submission.state == "queued",
                        (Submission.state == "evaluating") & (Submission.claimed_at < stale),
                    )
                )
                .order_by(Submission.id)
                .limit(limit + 4)
            ).all()
        taken: list[int] = []
        if not candidates:
            return taken
        with self.db.session() as s:
            for sub_id, state, claimed_at in candidates:
                if len(taken) >= limit:
                    break
                cond = [Submission.id == sub_id, Submission.state == state]
                cond.append(
                    Submission.claimed_at.is_(None)
                    if claimed_at is None
                    else Submission.claimed_at == claimed_at
                )
                res = s.execute(
                    update(Submission)
                    .where(*cond)
                    .values(
                        state="evaluating",
                        claimed_by=self.id,
                        claimed_at=utcnow(),
                        attempts=Submission.attempts + 1,
                    )
                    .execution_options(synchronize_session=False)
                )
                if res.rowcount == 1:  # type: ignore[attr-defined]
                    taken.append(int(sub_id))
        return taken

    def run_once(self, batch: int = BATCH) -> bool:
        """Claim up to `batch` submissions, evaluate them and store the results in one
        transaction; True if there was one."""
        ids = self.claim_many(batch)
        if not ids:
            return False
        with self.db.read() as s:
            # Only the columns scoring needs (a re-evaluated row may hold a large old report).
            found = s.execute(
                select(
                    Submission.id,
                    Submission.version,
                    Submission.content,
                    Submission.attempts,
                    Submission.is_auto,
                    Submission.config,
                ).where(Submission.id.in_(ids))
            )
            rows = {r.id: r for r in found}
            claimed = [
                (
                    i,
                    rows[i].version,
                    rows[i].content,
                    rows[i].attempts,
                    rows[i].is_auto,
                    (rows[i].config or {}).get("knowledge_cutoff"),
                )
                for i in ids
                if i in rows
            ]
        beating = threading.Event()
        beat = threading.Thread(target=self._heartbeat, args=(ids, beating), daemon=True)
        beat.start()
        try:
            outcomes = [
                (sub_id, self._evaluate(sub_id, version, content, attempts, is_auto, cutoff))
                for sub_id, version, content, attempts, is_auto, cutoff in claimed
            ]
        finally:
            beating.set()
            beat.join()
        # Listed before the write lock is taken: the results file names every version.
        approving = any(values["state"] == "approved" for _, values in outcomes)
        versions = self.revisions.versions(max_age=2.0) if approving else []
        kept = []
        with self.db.session() as s:
            for sub_id, values in outcomes:
                values["claimed_by"] = None
                res = s.execute(
                    update(Submission)
                    .where(
                        Submission.id == sub_id,
                        Submission.state == "evaluating",
                        Submission.claimed_by == self.id,
                    )
                    .values(**values)
                    .execution_options(synchronize_session=False)
                )
                done = res.rowcount == 1  # type: ignore[attr-defined]
                if done and values["state"] == "approved":  # an auto submission goes public
                    record_change(s, self.settings, versions, sub_id, "evaluate")
                kept.append((sub_id, done))
        for sub_id, done in kept:
            if done:
                self.processed += 1
            else:
                log.warning(
                    "submission %s was taken over by another worker; result dropped", sub_id
                )
        return True

    def _evaluate(
        self,
        sub_id: int,
        version: str,
        content: bytes,
        attempts: int,
        is_auto: bool,
        knowledge_cutoff: Any = None,
    ) -> dict[str, Any]:
        """The new column values of one claimed submission: its scores, or why it failed.
        A config's `knowledge_cutoff` adds the fresh slice to the report."""
        values: dict[str, Any]
        try:
            results = json.loads(content.decode("utf-8-sig"))
            if knowledge_cutoff:
                evaluation = self.evaluator.evaluate(
                    version, results, knowledge_cutoff=knowledge_cutoff
                )
            else:
                evaluation = self.evaluator.evaluate(version, results)
            index = self.revisions.private(version)
            report = scrub_json(evaluation.report, index)
            # The participant's own answers stay as sent; everything the scorer wrote is scrubbed.
            details = [_scrub_detail(d, index) for d in evaluation.details]
            judge_state = "none"
            if evaluation.judge is not None:
                judge_state = "done"
            elif self.settings.judge == "external":
                judge_state = "pending"
            values = {
                "state": "approved" if is_auto else "evaluated",
                "report": report,
                "details": details,
                "signature": str(report.get("signature") or "")[:500] or None,
                "judge_state": judge_state,
                "judge_score": evaluation.judge,
                "error": None,
                "evaluated_at": utcnow(),
            }
            if is_auto:
                values["reviewed_at"] = utcnow()
                values["review_note"] = "published at once (auto token)"
        except BadInputError as exc:
            values = {"state": "failed", "error": self._safe(version, str(exc))}
        except Exception as exc:  # an operator problem (hub, metrics); retry a few times
            failed = attempts >= self.settings.max_attempts
            message = self._safe(version, f"evaluation error: {type(exc).__name__}: {exc}")
            # No traceback in the log: its frames could hold gold answers.
            log.error("submission %s, attempt %d: %s", sub_id, attempts, message)
            values = {"state": "failed" if failed else "queued", "error": message}
        return values

    def _heartbeat(self, ids: list[int], done: threading.Event) -> None:
        """Renew the claims every third of the lease while a long evaluation (a judge) runs."""
        while not done.wait(self.settings.lease_seconds / 3):
            try:
                with self.db.session() as s:
                    s.execute(
                        update(Submission)
                        .where(Submission.id.in_(ids), Submission.claimed_by == self.id)
                        .values(claimed_at=utcnow())
                        .execution_options(synchronize_session=False)
                    )
            except Exception:  # a missed beat only risks a takeover, which the final CAS detects
                log.warning("could not renew the claims on submissions %s", ids)

    def _safe(self, version: str, message: str) -> str:
        try:
            return self.revisions.private(version).scrub(message)[:2000]
        except Exception:
            return "evaluation failed (details hidden)"
