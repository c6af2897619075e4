"""Human grading of submissions in the portal: samples, labels stored per grader, summaries."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import HTTPException
from sqlalchemy import select

from dragon_bench.metrics.results import question_id
from dragon_bench.portal.arena.grading import LABELS, agreement, sample_questions, truthfulness
from dragon_bench.portal.arena.models import GradingLabel
from dragon_bench.portal.auth import Caller
from dragon_bench.portal.models import Submission
from dragon_bench.portal.portal import Portal

__all__ = [
    "GRADER_ROLES",
    "require_grader",
    "grading_view",
    "save_label",
    "grading_summaries",
    "judge_verdicts",
    "SAMPLE_SIZE",
    "gradable",
]

# The portal's roles that may grade: the reviewer role also reviews staged revisions.
GRADER_ROLES = ("admin", "reviewer")
SAMPLE_SIZE = 20
GRADABLE = ("evaluated", "approved", "rejected")


def require_grader(caller: Caller | None) -> Caller:
    if caller is None:
        raise HTTPException(401, "missing token", {"WWW-Authenticate": "Bearer"})
    if caller.role not in GRADER_ROLES:
        raise HTTPException(403, "grading needs an admin or reviewer token")
    return caller


def judge_verdicts(row: Submission) -> dict[int, Any]:
    """The LLM judge's per-question verdicts: details[].judge, else a per-question judge_results map."""
    out: dict[int, Any] = {}
    for d in row.details or []:
        if isinstance(d, Mapping) and d.get("judge") is not None and isinstance(d.get("id"), int):
            out[d["id"]] = d["judge"]
    results = row.judge_results or {}
    per_q = results.get("per_question") or results.get("questions") or results
    if isinstance(per_q, Mapping):
        for k, v in per_q.items():
            qid = question_id(k)
            if qid is not None and qid not in out:
                out[qid] = v
    return out


def gradable(portal: Portal, limit: int = 200) -> list[Submission]:
    """Submissions that can be graded, newest first."""
    with portal.db.read() as s:
        return list(
            s.scalars(
                select(Submission)
                .where(Submission.state.in_(GRADABLE))
                .order_by(Submission.id.desc())
                .limit(limit)
            )
        )


def _row(portal: Portal, submit_id: str) -> Submission:
    with portal.db.read() as s:
        row = s.scalar(select(Submission).where(Submission.submit_id == submit_id))
    if row is None:
        raise HTTPException(404, f"no submission {submit_id}")
    if row.state not in GRADABLE:
        raise HTTPException(409, f"submission {submit_id} is {row.state}; grade it once evaluated")
    return row


def _labels(portal: Portal, submission_id: int) -> list[GradingLabel]:
    with portal.db.read() as s:
        return list(
            s.scalars(
                select(GradingLabel)
                .where(GradingLabel.submission_id == submission_id)
                .order_by(GradingLabel.id)
            )
        )


def _summary(row: Submission, labels: list[GradingLabel]) -> dict[str, Any]:
    verdicts = judge_verdicts(row)
    pairs = [(verdicts[x.question_id], x.label) for x in labels if x.question_id in verdicts]
    return {
        "submit_id": row.submit_id,
        "model_name": row.model_name,
        "version": row.version,
        "judge": row.judge_score,
        "n_labels": len(labels),
        "n_questions_labelled": len({x.question_id for x in labels}),
        "n_graders": len({x.grader_id for x in labels}),
        "human_truthfulness": truthfulness([x.label for x in labels]),
        "agreement": agreement(pairs),
    }


def grading_view(
    portal: Portal, submit_id: str, caller: Caller, n: int = SAMPLE_SIZE
) -> dict[str, Any]:
    """The sample a grader labels (question, answer, gold, the grader's own label) and the summary."""
    row = _row(portal, submit_id)
    answers = {d["id"]: d for d in row.details or [] if isinstance(d, Mapping) and "id" in d}
    questions = portal.revisions.questions(row.version)
    gold = portal.revisions.gold_rows(row.version)
    labels = _labels(portal, row.id)
    mine = {x.question_id: x.label for x in labels if x.grader_id == caller.id}
    ids = [i for i in answers if isinstance(i, int)]
    items = [
        {
            "question_id": q,
            "question": questions.get(q, ""),
            "model_answer": answers[q].get("model_answer", ""),
            "gold_answer": (gold.get(q) or {}).get("answer"),
            "my_label": mine.get(q),
        }
        for q in sample_questions(ids, n, seed=row.submit_id)
    ]
    return {**_summary(row, labels), "labels": list(LABELS), "items": items}


def save_label(
    portal: Portal, submit_id: str, caller: Caller, question_id: int, label: str
) -> dict[str, Any]:
    """Store (or replace) this grader's label for one answer; the summary after it."""
    if label not in LABELS:
        raise HTTPException(422, f"label: one of {', '.join(LABELS)}")
    row = _row(portal, submit_id)
    ids = {d.get("id") for d in row.details or [] if isinstance(d, Mapping)}
    if question_id not in ids:
        raise HTTPException(404, f"submission {submit_id} has no answer to question {question_id}")
    with portal.db.session() as s:
        have = s.scalar(
            select(GradingLabel).where(
                GradingLabel.submission_id == row.id,
                GradingLabel.question_id == question_id,
                GradingLabel.grader_id == caller.id,
            )
        )
        if have is None:
            s.add(
                GradingLabel(
                    submission_id=row.id, question_id=question_id, grader_id=caller.id, label=label
                )
            )
        else:
            have.label = label
    return _summary(row, _labels(portal, row.id))


def grading_summaries(portal: Portal, *, approved_only: bool = True) -> list[dict[str, Any]]:
    """Human truthfulness and judge agreement of every graded submission (approved ones by default)."""
    with portal.db.read() as s:
        graded = set(s.scalars(select(GradingLabel.submission_id).distinct()))
        if not graded:
            return []
        query = select(Submission).where(Submission.id.in_(graded)).order_by(Submission.id)
        if approved_only:
            query = query.where(Submission.state == "approved")
        rows = list(s.scalars(query))
    return [_summary(r, _labels(portal, r.id)) for r in rows]
