"""Operations on stored submissions shared by the API and the pages: show, review, judge."""

from __future__ import annotations

from typing import Any

from fastapi import HTTPException
from sqlalchemy import select

from dragon_bench.portal.auth import Caller
from dragon_bench.portal.leaderboard import Entry
from dragon_bench.portal.models import Submission, utcnow
from dragon_bench.portal.portal import Portal
from dragon_bench.portal.publishing.publisher import record_change
from dragon_bench.portal.scores import judge_value
from dragon_bench.portal.uploads import finite

__all__ = [
    "REVIEW_STATES",
    "find_submission",
    "list_submissions",
    "review_queue",
    "judge_requests",
    "get_visible",
    "public_view",
    "judge_status",
    "question_log",
    "approved_entries",
    "review",
    "record_judge",
]


# What the review queue lists: everything not yet decided, and failures to look at.
REVIEW_STATES = ("queued", "evaluating", "evaluated", "failed")


def find_submission(portal: Portal, submit_id: str) -> Submission | None:
    with portal.db.read() as s:
        row: Submission | None = s.scalar(
            select(Submission).where(Submission.submit_id == submit_id)
        )
    return row


def list_submissions(
    portal: Portal,
    caller: Caller,
    *,
    state: str | None = None,
    limit: int = 100,
    own: bool = False,
) -> list[Submission]:
    """The caller's submissions, newest first (everyone's for an admin unless `own`)."""
    query = select(Submission).order_by(Submission.id.desc()).limit(max(1, min(limit, 1000)))
    if own or not caller.is_admin:
        query = query.where(Submission.token_id == caller.id)
    if state:
        query = query.where(Submission.state == state)
    with portal.db.read() as s:
        return list(s.scalars(query))


def review_queue(portal: Portal, limit: int = 1000) -> list[Submission]:
    """Submissions awaiting a decision or failed, oldest first."""
    with portal.db.read() as s:
        return list(
            s.scalars(
                select(Submission)
                .where(Submission.state.in_(REVIEW_STATES))
                .order_by(Submission.id)
                .limit(limit)
            )
        )


def judge_requests(portal: Portal) -> list[dict[str, Any]]:
    """What an external judge fetches: the submissions waiting for it, oldest first."""
    with portal.db.read() as s:
        rows = s.execute(
            select(
                Submission.submit_id, Submission.version, Submission.model_name, Submission.config
            )
            .where(Submission.judge_state == "pending")
            .order_by(Submission.id)
        ).all()
    return [
        {
            "submit_id": r.submit_id,
            "version": r.version,
            "model_name": r.model_name,
            "config": finite(r.config),
        }
        for r in rows
    ]


def get_visible(portal: Portal, submit_id: str, caller: Caller | None) -> Submission:
    """The submission if the caller may see it: approved ones are public, others owner/admin only."""
    row = find_submission(portal, submit_id)
    if row is None:
        raise HTTPException(404, f"no submission {submit_id}")
    mine = caller is not None and (caller.is_admin or caller.id == row.token_id)
    if row.state != "approved" and not mine:
        raise HTTPException(404, f"no submission {submit_id}")
    return row


def judge_status(row: Submission, mode: str) -> str:
    """What the judge has done or will do for this submission, in words for the pages."""
    if row.judge_score is not None:
        return f"{row.judge_score:.3f}"
    if row.state in ("queued", "evaluating"):
        return {
            "none": "no judge configured",
            "external": "the external judge is asked once the metrics are in",
            "builtin": "judged with the metrics",
        }.get(mode, "pending")
    if row.judge_state == "pending":
        since = (row.evaluated_at or row.created_at).isoformat(timespec="seconds")
        return f"waiting for the external judge since {since.replace('T', ' ')} UTC"
    if row.state == "failed":
        return "not judged (evaluation failed)"
    if row.judge_state == "none" and mode == "builtin":
        return "the builtin judge gave no score"
    return "no judge configured" if row.judge_state == "none" else row.judge_state


def public_view(
    row: Submission, caller: Caller | None, judge_mode: str = "external"
) -> dict[str, Any]:
    mine = caller is not None and (caller.is_admin or caller.id == row.token_id)
    report = finite(row.report or {})
    view: dict[str, Any] = {
        "submit_id": row.submit_id,
        "model_name": row.model_name,
        "version": row.version,
        "state": row.state,
        "created_at": row.created_at.isoformat(timespec="seconds"),
        "evaluated_at": row.evaluated_at.isoformat(timespec="seconds")
        if row.evaluated_at
        else None,
        "config": finite(row.config),
        "n_answers": row.n_answers,
        "signature": row.signature,
        "metrics": {
            k: report[k]
            for k in ("n_questions", "overall", "by_type", "by_dynamism", "fresh", "warnings")
            if k in report
        },
        "ci": (report.get("portal") or {}).get("ci", {}),
        "judge_state": row.judge_state,
        "judge_status": judge_status(row, judge_mode),
        "judge": row.judge_score,
        "is_owner": mine,
    }
    if mine:
        view["error"] = row.error
        view["review_note"] = row.review_note
        view["filename"] = row.filename
    return view


# What an owner's per-question log keeps: their own input and the public question. Every score,
# match or type is derived from gold (1 / mrr is the rank of the first gold text), so only admins
# see those; participants get aggregates, per type at most.
_OWNER_FIELDS = ("id", "question", "found_ids", "model_answer")


def question_log(portal: Portal, row: Submission, caller: Caller) -> list[dict[str, Any]]:
    """Per-question rows: the public question and the owner's own answer; scores and gold only
    for admins."""
    if not (caller.is_admin or caller.id == row.token_id):
        raise HTTPException(404, f"no submission {row.submit_id}")
    questions = portal.revisions.questions(row.version)
    rows = [dict(d, question=questions.get(d["id"], "")) for d in row.details or []]
    if not caller.is_admin:
        return [{k: r[k] for k in _OWNER_FIELDS if k in r} for r in rows]
    gold = portal.revisions.gold_rows(row.version)
    for r in rows:
        r["gold"] = gold.get(r["id"])
    return rows


def approved_entries(portal: Portal, *, details: bool = False) -> list[Entry]:
    """Approved, evaluated submissions; with `details` their per-question scores in `extra`
    (the actual-versions board leaves superseded questions out with them)."""
    columns = [
        Submission.submit_id,
        Submission.model_name,
        Submission.version,
        Submission.created_at,
        Submission.config,
        Submission.report,
        Submission.judge_score,
    ]
    if details:
        columns.append(Submission.details)
    with portal.db.read() as s:
        rows = s.execute(
            select(*columns).where(Submission.state == "approved", Submission.report.is_not(None))
        ).all()
    return [
        Entry(
            r.submit_id,
            r.model_name,
            r.version,
            r.created_at,
            finite(r.config or {}),
            finite(r.report),
            r.judge_score,
            {"details": r.details} if details else {},
        )
        for r in rows
    ]


def review(portal: Portal, submit_id: str, action: str, note: str | None) -> Submission:
    """approve / reject an evaluated submission, or requeue a failed or rejected one."""
    allowed = {
        "approve": ({"evaluated", "rejected"}, "approved"),
        "reject": ({"evaluated", "approved"}, "rejected"),
        "requeue": ({"failed", "rejected", "evaluated", "approved"}, "queued"),
    }
    if action not in allowed:
        raise HTTPException(422, f"unknown action {action!r}")
    sources, target = allowed[action]
    versions = portal.revisions.versions(max_age=2.0)  # listed outside the write lock
    with portal.db.session() as s:
        row = s.scalar(select(Submission).where(Submission.submit_id == submit_id))
        if row is None:
            raise HTTPException(404, f"no submission {submit_id}")
        if row.state not in sources:
            raise HTTPException(409, f"cannot {action} submission {submit_id} in state {row.state}")
        row.state = target
        row.review_note = (note or "")[:2000] or None
        row.reviewed_at = utcnow()
        if target == "queued":
            row.attempts = 0
            row.error = None
        record_change(s, portal.settings, versions, row.id, action)
    if target == "queued":
        portal.worker.wake()
    portal.publisher.wake()
    return row


def record_judge(portal: Portal, submit_id: str, version: str | None, results: Any) -> Submission:
    score = judge_value(results)
    if score is None:
        raise HTTPException(
            422,
            "judge_results must hold a number: a score, {'judge': x}, or per-question scores",
        )
    versions = portal.revisions.versions(max_age=2.0)
    with portal.db.session() as s:
        row = s.scalar(select(Submission).where(Submission.submit_id == submit_id))
        if row is None or (version and row.version != version):
            raise HTTPException(404, f"no submission {submit_id} for version {version}")
        if row.state in ("queued", "evaluating", "failed"):
            raise HTTPException(409, f"submission {submit_id} is not evaluated yet")
        row.judge_results = results if isinstance(results, dict) else {"results": results}
        row.judge_score = score
        row.judge_state = "done"
        record_change(s, portal.settings, versions, row.id, "judge")
    portal.publisher.wake()
    return row
