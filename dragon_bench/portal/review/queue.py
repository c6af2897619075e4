"""The candidates of staged revisions as the review page shows them, read from the hub once
per version, and the queue: each candidate's state, the next one a reviewer should see."""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from fastapi import HTTPException

from dragon_bench.errors import BadInputError
from dragon_bench.hub import Hub
from dragon_bench.portal.auth import Caller
from dragon_bench.portal.db import Database
from dragon_bench.portal.review.store import Tally, is_double, live_decisions, tally
from dragon_bench.release.staging import candidates
from dragon_bench.versions import is_version

__all__ = ["REVIEW_ROLES", "Queue", "ReviewCandidates", "require_reviewer"]

REVIEW_ROLES = ("admin", "reviewer")


def require_reviewer(caller: Caller | None) -> Caller:
    if caller is None:
        raise HTTPException(401, "missing token: send 'Authorization: Bearer <token>'")
    if caller.role not in REVIEW_ROLES:
        raise HTTPException(403, "review needs a reviewer or admin token")
    return caller


def _evidence(row: dict[str, Any], texts: dict[str, str]) -> list[dict[str, Any]]:
    """Each evidence triple with its sentence and the subject/object spans inside it."""
    out = []
    for e in row.get("evidence") or []:
        text = texts.get(e["doc_id"], "")
        start, end = (e.get("sentence_span") or [0, 0])[:2]
        if not 0 <= start < end <= len(text):
            start, end = 0, len(text)

        def inside(span: Any, start: int = start, end: int = end) -> list[int] | None:
            if not span or not start <= span[0] < span[1] <= end:
                return None
            return [span[0] - start, span[1] - start]

        out.append(
            {
                "doc_id": e["doc_id"],
                "sentence": text[start:end],
                "subject": e["subject"],
                "relation": e["relation"],
                "relation_type": e.get("relation_type") or "",
                "object": e["object"],
                "subject_span": inside(e.get("subject_span")),
                "object_span": inside(e.get("object_span")),
                "tense": e.get("tense") or "",
            }
        )
    return out


@dataclass(frozen=True)
class StagedRevision:
    version: str
    views: dict[int, dict[str, Any]]  # question id -> what the page shows
    order: list[int]
    _double: dict[float, frozenset[int]] = field(default_factory=dict, compare=False)

    def double(self, share: float) -> frozenset[int]:
        """The candidates of the blind double-review share (drawn once per share)."""
        found = self._double.get(share)
        if found is None:
            found = frozenset(q for q in self.order if is_double(self.version, q, share))
            self._double[share] = found
        return found


class ReviewCandidates:
    """Staged revisions of the hub, each read once into the views the review page shows."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._lock = threading.Lock()
        self._staged: dict[str, StagedRevision] = {}

    def staged(self) -> list[str]:
        return self.hub.staged_versions()

    def get(self, version: str) -> StagedRevision:
        """The staged revision; 404 for an unknown version, 409 for a released one."""
        with self._lock:
            found = self._staged.get(version)
        if found is not None:
            if version in self.hub.versions("public"):  # released since it was read
                with self._lock:
                    self._staged.pop(version, None)
                raise HTTPException(409, f"revision {version} is already released")
            return found
        if not is_version(version):
            raise HTTPException(404, f"version {version!r} is not of the form 1.N.0")
        try:
            rows = candidates(self.hub, version)
        except BadInputError as exc:
            code = 409 if "already released" in str(exc) else 404
            raise HTTPException(code, str(exc)) from None
        public_of = {
            r["id"]: r["public_id"]
            for r in self.hub.read_table("private", version, "texts").to_pylist()
        }
        public = self.hub.read_table("private", version, "public_texts").to_pylist()
        text_of_public = {r["id"]: r["text"] for r in public}
        texts = {doc: text_of_public.get(pid, "") for doc, pid in public_of.items()}
        views: dict[int, dict[str, Any]] = {}
        for row in rows:
            evidence = _evidence(row, texts)
            views[int(row["id"])] = {
                "question_id": int(row["id"]),
                "question": row["question"],
                "answer": row["answer"],
                "answers": list(row.get("answers") or []),
                "type": row["type"],
                "template": row.get("template") or "",
                "confidence": row.get("confidence"),
                "flags": list(row.get("flags") or []),
                "relation_types": sorted({e["relation_type"] for e in evidence} - {""}),
                "evidence": evidence,
            }
        staged = StagedRevision(version, views, sorted(views))
        with self._lock:
            self._staged[version] = staged
        return staged


class Queue:
    """One reviewer's view of a staged revision: states, progress, the next candidate."""

    def __init__(
        self, staged: StagedRevision, db: Database, caller: Caller, double_share: float
    ) -> None:
        self.staged = staged
        self.caller = caller
        self.share = double_share
        self.tallies: dict[int, Tally] = tally(live_decisions(db, staged.version))
        self.double = staged.double(double_share)

    def needed(self, qid: int) -> int:
        return 2 if qid in self.double else 1

    def state(self, qid: int) -> str:
        t = self.tallies.get(qid)
        return t.state(self.needed(qid)) if t is not None else "undecided"

    def mine(self, qid: int) -> dict[str, Any] | None:
        t = self.tallies.get(qid)
        d = t.latest.get(self.caller.id) if t is not None else None
        if d is None:
            return None
        return {"decision": d.decision, "reason": d.reason, "note": d.note,
                "question": d.question, "answer": d.answer}  # fmt: skip

    def open_for_me(self, qid: int) -> bool:
        """Still wanting a decision, and not yet from this reviewer (blind: others' unseen)."""
        t = self.tallies.get(qid)
        if t is None:
            return True
        if t.resolution is not None or t.conflict or self.caller.id in t.latest:
            return False
        return len(t.latest) < self.needed(qid)

    def next_after(self, after: int | None) -> int | None:
        """The first open candidate after `after` (wrapping round), or None when none is left."""
        order = self.staged.order
        start = 0 if after is None else next((i for i, q in enumerate(order) if q > after), 0)
        for qid in order[start:] + order[:start]:
            if self.open_for_me(qid):
                return qid
        return None

    def view(self, qid: int) -> dict[str, Any]:
        found = self.staged.views.get(qid)
        if found is None:
            raise HTTPException(404, f"revision {self.staged.version} has no candidate {qid}")
        # blind: a reviewer sees the state only once the candidate no longer waits for them
        state = "open" if self.open_for_me(qid) else self.state(qid)
        return {**found, "state": state, "mine": self.mine(qid)}

    def progress(self) -> dict[str, Any]:
        states = Counter(self.state(q) for q in self.staged.order)
        mine = sum(1 for t in self.tallies.values() if self.caller.id in t.latest)
        left = sum(1 for q in self.staged.order if self.open_for_me(q))
        return {
            "version": self.staged.version,
            "candidates": len(self.staged.order),
            "states": dict(states),
            "decided": sum(states[s] for s in ("accept", "reject", "edit")),
            "mine": mine,
            "left_for_me": left,
        }
