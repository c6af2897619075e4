"""Decisions on staged candidates in the portal's database: append, undo, and what they add
up to (the final verdict of each candidate, conflicts between reviewers, their agreement).

A candidate in the blind double-review share needs two reviewers; the others one. Accept and
edit count as accept against reject; two reviewers on different sides are a conflict that
only an admin's resolution settles. Nothing is overwritten: every decision is a new row, and
undo marks the reviewer's own latest live decision undone.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from dragon_bench.errors import BadInputError
from dragon_bench.portal.arena.grading import cohen_kappa
from dragon_bench.portal.auth import Caller
from dragon_bench.portal.db import Database
from dragon_bench.portal.models import utcnow
from dragon_bench.portal.review.models import ReviewDecision
from dragon_bench.release.staging import Verdict

__all__ = [
    "Tally",
    "agreement",
    "decide",
    "final_verdicts",
    "is_double",
    "live_decisions",
    "open_database",
    "tally",
    "undo",
]


def open_database(url: str) -> Database:
    """The portal's database at `url`, migrated (for the commands that read decisions)."""
    database = Database(url)
    database.migrate()
    return database


def is_double(version: str, question_id: int, share: float) -> bool:
    """Whether a candidate is in the blind double-review share (a keyed, stable draw)."""
    digest = hashlib.sha256(f"double:{version}:{question_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64 < share


def side(decision: str) -> str:
    return "reject" if decision == "reject" else "accept"


def decide(
    db: Database,
    version: str,
    question_id: int,
    caller: Caller,
    decision: str,
    *,
    reason: str = "",
    note: str = "",
    question: str | None = None,
    answer: str | None = None,
    resolution: bool = False,
    double: bool = False,
) -> ReviewDecision:
    """Append one decision (checked as a `Verdict` is) and return its row."""
    Verdict(decision, reason=reason, note=note, question=question, answer=answer)
    if decision == "reject" and reason == "other" and not note.strip():
        raise BadInputError("a reject for reason 'other' needs a note")
    row = ReviewDecision(
        version=version,
        question_id=question_id,
        reviewer_id=caller.id,
        reviewer=caller.name,
        decision=decision,
        reason=reason if decision == "reject" else "",
        note=note,
        question=question if decision == "edit" else None,
        answer=answer if decision == "edit" else None,
        resolution=resolution,
        double=double,
    )
    with db.session() as s:
        s.add(row)
        s.flush()
    return row


def undo(db: Database, version: str, caller: Caller) -> int | None:
    """Mark the caller's latest live decision on `version` undone; its question id, or None."""
    with db.session() as s:
        row = s.scalar(
            select(ReviewDecision)
            .where(
                ReviewDecision.version == version,
                ReviewDecision.reviewer_id == caller.id,
                ReviewDecision.undone_at.is_(None),
            )
            .order_by(ReviewDecision.id.desc())
            .limit(1)
        )
        if row is None:
            return None
        row.undone_at = utcnow()
        return row.question_id


def live_decisions(db: Database, version: str) -> list[Any]:
    """The decisions on `version` not undone, oldest first: rows with the columns of
    `ReviewDecision` as attributes (plain rows, not ORM objects: the queue reads them all on
    every request)."""
    table = ReviewDecision.__table__
    with db.read() as s:
        return list(
            s.execute(
                select(table)
                .where(table.c.version == version, table.c.undone_at.is_(None))
                .order_by(table.c.id)
            )
        )


@dataclass
class Tally:
    """What one candidate's live decisions add up to."""

    latest: dict[int, Any]  # reviewer id -> their latest decision (a `live_decisions` row)
    resolution: Any = None

    @property
    def conflict(self) -> bool:
        return self.resolution is None and len({side(d.decision) for d in self.latest.values()}) > 1

    def final(self, needed: int) -> Any:
        """The decision that stands, once `needed` reviewers agree or an admin resolved it."""
        if self.resolution is not None:
            return self.resolution
        if len(self.latest) < needed or self.conflict:
            return None
        return max(self.latest.values(), key=lambda d: d.id)

    def state(self, needed: int) -> str:
        """undecided | waiting (a second blind reviewer) | conflict | accept | reject | edit."""
        final = self.final(needed)
        if final is not None:
            return final.decision
        if self.conflict:
            return "conflict"
        return "waiting" if self.latest else "undecided"


def tally(decisions: Iterable[Any]) -> dict[int, Tally]:
    """Decisions (oldest first) grouped by candidate."""
    out: dict[int, Tally] = {}
    for d in decisions:
        t = out.setdefault(d.question_id, Tally({}))
        if d.resolution:
            t.resolution = d
        else:
            t.latest[d.reviewer_id] = d
    return out


def final_verdicts(db: Database, version: str) -> dict[int, Verdict]:
    """The standing verdict of every decided candidate (conflicts and waiting ones left out);
    a candidate decided as one of the double-review share needs two reviewers."""
    out: dict[int, Verdict] = {}
    for qid, t in tally(live_decisions(db, version)).items():
        final = t.final(2 if any(d.double for d in t.latest.values()) else 1)
        if final is not None:
            out[qid] = verdict_of(final)
    return out


def verdict_of(d: Any) -> Verdict:
    return Verdict(
        d.decision,
        reason=d.reason,
        note=d.note,
        question=d.question,
        answer=d.answer,
        reviewer=d.reviewer,
        at=d.at.isoformat(timespec="seconds") + "Z",
    )


def agreement(tallies: dict[int, Tally]) -> dict[str, Any]:
    """Cohen's kappa (Cohen 1960) on accept vs reject over the candidates two reviewers
    decided (rater 1 is the reviewer with the lower token id), and the conflicts."""
    first: list[str] = []
    second: list[str] = []
    for t in tallies.values():
        pair = sorted(t.latest.values(), key=lambda d: d.reviewer_id)[:2]
        if len(pair) == 2:
            first.append(side(pair[0].decision))
            second.append(side(pair[1].decision))
    conflicts = sorted(qid for qid, t in tallies.items() if t.conflict)
    return {
        "n": len(first),
        "kappa": cohen_kappa(first, second, ("accept", "reject")),
        "agreed": sum(a == b for a, b in zip(first, second, strict=True)),
        "conflicts": conflicts,
    }
