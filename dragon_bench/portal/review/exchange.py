"""Review without the portal's pages: decisions exported and imported as JSON Lines, and the
report of what reviewers accepted and why they rejected (feedback to the generator).

One decision a line: `{"version", "question_id", "decision": "accept"|"reject"|"edit",
"reason", "note", "question", "answer", "reviewer", "at"}`. An import is checked whole
before anything is written: a malformed line is refused with its line number.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import select

from dragon_bench.errors import BadInputError
from dragon_bench.hub import Hub
from dragon_bench.portal.db import Database
from dragon_bench.portal.models import Token, utcnow
from dragon_bench.portal.review.models import ReviewDecision
from dragon_bench.portal.review.store import final_verdicts, live_decisions
from dragon_bench.portal.tokens import create_token
from dragon_bench.release.staging import (
    DECISIONS,
    REASONS,
    Verdict,
    candidates,
    relation_types,
    require_staged,
)

__all__ = ["FIELDS", "export_lines", "import_lines", "review_report"]

FIELDS = ("version", "question_id", "decision", "reason", "note", "question", "answer",
          "reviewer", "at")  # fmt: skip


def export_lines(db: Database, version: str) -> Iterator[str]:
    """The live decisions on `version`, oldest first, one JSON object a line."""
    for d in live_decisions(db, version):
        yield json.dumps(
            {
                "version": d.version,
                "question_id": d.question_id,
                "decision": d.decision,
                "reason": d.reason,
                "note": d.note,
                "question": d.question,
                "answer": d.answer,
                "reviewer": d.reviewer,
                "at": d.at.isoformat(timespec="seconds") + "Z",
            },
            ensure_ascii=False,
        )


def _parse(line: str, n: int, path: str, version: str, ids: set[int]) -> dict[str, Any]:
    def bad(why: str) -> BadInputError:
        return BadInputError(why, path=path, line=n)

    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        raise bad(f"bad JSON: {exc.msg}") from None
    if not isinstance(obj, dict):
        raise bad("a line must hold one JSON object")
    unknown = sorted(set(obj) - set(FIELDS))
    if unknown:
        raise bad(f"unknown field {unknown[0]!r} (fields: {', '.join(FIELDS)})")
    for key in ("version", "question_id", "decision", "reviewer"):
        if key not in obj:
            raise bad(f"missing {key!r}")
    if obj["version"] != version:
        raise bad(f"version {obj['version']!r} is not {version}")
    qid = obj["question_id"]
    if not isinstance(qid, int) or isinstance(qid, bool) or qid not in ids:
        raise bad(f"question_id {qid!r} is not a candidate of {version}")
    if obj["decision"] not in DECISIONS:
        raise bad(f"decision {obj['decision']!r} is not one of {', '.join(DECISIONS)}")
    for key in ("reason", "note", "question", "answer", "reviewer", "at"):
        if obj.get(key) is not None and not isinstance(obj[key], str):
            raise bad(f"{key!r} must be a string")
    if not (obj["reviewer"] or "").strip():
        raise bad("'reviewer' must not be empty")
    reason = obj.get("reason") or ""
    if obj["decision"] == "reject":
        if reason not in REASONS:
            raise bad(f"reject reason {reason!r} is not one of {', '.join(REASONS)}")
        if reason == "other" and not (obj.get("note") or "").strip():
            raise bad("a reject for reason 'other' needs a note")
    if obj["decision"] == "edit" and not (obj.get("question") or obj.get("answer")):
        raise bad("an edit needs the edited question or answer")
    at = utcnow()
    if obj.get("at"):
        try:
            at = datetime.fromisoformat(obj["at"].replace("Z", "+00:00")).replace(tzinfo=None)
        except ValueError:
            raise bad(f"'at' {obj['at']!r} is not an ISO 8601 time") from None
    return {**obj, "reason": reason, "at": at}


def import_lines(db: Database, hub: Hub, version: str, lines: Iterable[str], path: str) -> int:
    """Check every line, then append all decisions in one transaction; how many were added.
    Reviewers are matched to tokens by name; a name no token has gets a revoked token of the
    reviewer role (it records who decided, and can never authenticate)."""
    ids = {int(r["id"]) for r in candidates(hub, version)}
    rows = [_parse(line, n, path, version, ids) for n, line in enumerate(lines, 1) if line.strip()]
    with db.session() as s:
        tokens: dict[str, int] = {}
        for name in sorted({r["reviewer"].strip() for r in rows}):
            found = s.scalar(select(Token.id).where(Token.name == name).order_by(Token.id))
            if found is None:
                token, _ = create_token(s, role="reviewer", name=name)
                token.revoked_at = utcnow()
                found = token.id
            tokens[name] = found
        for r in rows:
            edit = r["decision"] == "edit"
            s.add(
                ReviewDecision(
                    version=version,
                    question_id=r["question_id"],
                    reviewer_id=tokens[r["reviewer"].strip()],
                    reviewer=r["reviewer"].strip(),
                    decision=r["decision"],
                    reason=r["reason"] if r["decision"] == "reject" else "",
                    note=r.get("note") or "",
                    question=r.get("question") if edit else None,
                    answer=r.get("answer") if edit else None,
                    at=r["at"],
                )
            )
    return len(rows)


def _rows(hub: Hub, version: str, db: Database | None) -> list[dict[str, Any]]:
    """One row per candidate: type, template, relation types, decision and reason."""
    if version in hub.versions("public"):
        table = hub.read_table("private", version, "review") if _has_review(hub, version) else None
        if table is None:
            raise BadInputError(f"revision {version} was not released from review")
        return table.to_pylist()
    require_staged(hub, version)
    verdicts: dict[int, Verdict] = final_verdicts(db, version) if db is not None else {}
    out = []
    for row in candidates(hub, version):
        v = verdicts.get(int(row["id"]))
        out.append(
            {
                "type": row["type"],
                "template": row.get("template") or "",
                "relation_types": relation_types(row),
                "decision": v.decision if v is not None else "undecided",
                "reason": v.reason if v is not None else "",
            }
        )
    return out


def _has_review(hub: Hub, version: str) -> bool:
    return "review.parquet" in hub.read_manifest("private", version).get("sha256", {})


def review_report(hub: Hub, version: str, db: Database | None = None) -> dict[str, Any]:
    """Acceptance rate by type, relation type and template, and rejections by reason (a
    released revision from its review log; a staged one from the decisions so far)."""
    rows = _rows(hub, version, db)
    groups: dict[str, dict[str, Counter[str]]] = defaultdict(lambda: defaultdict(Counter))
    reasons: Counter[str] = Counter()
    for r in rows:
        outcome = {"accept": "accepted", "edit": "accepted", "auto_accept": "accepted",
                   "reject": "rejected"}.get(r["decision"], "undecided")  # fmt: skip
        keys = {
            "by_type": [r["type"]],
            "by_relation_type": r["relation_types"] or [""],
            "by_template": [r["template"]],
        }
        for group, names in keys.items():
            for name in names:
                groups[group][name][outcome] += 1
        if outcome == "rejected":
            reasons[r["reason"] or ""] += 1

    def rates(counts: dict[str, Counter[str]]) -> dict[str, dict[str, Any]]:
        out = {}
        for name, c in sorted(counts.items()):
            decided = c["accepted"] + c["rejected"]
            out[name or "(none)"] = {
                "candidates": sum(c.values()),
                "accepted": c["accepted"],
                "rejected": c["rejected"],
                "undecided": c["undecided"],
                "acceptance_rate": round(c["accepted"] / decided, 4) if decided else None,
            }
        return out

    decided = Counter(
        "accepted" if r["decision"] in ("accept", "edit", "auto_accept") else r["decision"]
        for r in rows
    )
    accepted, rejected = decided["accepted"], decided["reject"]
    return {
        "version": version,
        "candidates": len(rows),
        "accepted": accepted,
        "rejected": rejected,
        "edited": sum(r["decision"] == "edit" for r in rows),
        "acceptance_rate": round(accepted / (accepted + rejected), 4)
        if accepted + rejected
        else None,
        "by_type": rates(groups["by_type"]),
        "by_relation_type": rates(groups["by_relation_type"]),
        "by_template": rates(groups["by_template"]),
        "by_reason": dict(sorted(reasons.items())),
    }


def read_lines(path: Path) -> list[str]:
    if not path.is_file():
        raise BadInputError("no such decisions file", path=str(path))
    return path.read_text(encoding="utf-8").splitlines()
