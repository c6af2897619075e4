"""Releasing a staged revision (`dragon build --review`): only its accepted candidates are
published, question ids renumbered 0..n-1, public text ids unchanged, both halves atomically.

The decisions come from the caller (the portal's database, an import, or none); with
`auto_accept_above` the undecided candidates whose `confidence` is at least that and that
carry no flag are accepted, and the other undecided ones are left out. Without it any
undecided candidate refuses the release.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pyarrow as pa

from dragon_bench.errors import BadInputError
from dragon_bench.hub import SCHEMAS, Hub
from dragon_bench.versions import parse_version

__all__ = [
    "DECISIONS",
    "REASONS",
    "Verdict",
    "candidates",
    "relation_types",
    "release_staged",
    "require_staged",
]

DECISIONS = ("accept", "reject", "edit")
# why a candidate is rejected (issue #18); `other` wants a note
REASONS = ("wrong_fact", "ungrammatical", "ambiguous", "guessable", "not_in_text", "other")

_REVIEW_SCHEMA = pa.schema(
    [
        ("candidate_id", pa.int64()),
        ("question_id", pa.int64()),  # in the released revision; null when left out
        ("decision", pa.string()),  # accept | reject | edit | auto_accept | undecided
        ("reason", pa.string()),
        ("note", pa.string()),
        ("reviewer", pa.string()),
        ("at", pa.string()),
        ("original_question", pa.string()),
        ("original_answer", pa.string()),
        ("type", pa.string()),
        ("template", pa.string()),
        ("relation_types", pa.list_(pa.string())),
    ]
)


@dataclass(frozen=True)
class Verdict:
    """The final decision on one candidate; `question`/`answer` are the edited texts."""

    decision: str
    reason: str = ""
    note: str = ""
    question: str | None = None
    answer: str | None = None
    reviewer: str = ""
    at: str = ""

    def __post_init__(self) -> None:
        if self.decision not in DECISIONS:
            raise BadInputError(f"decision {self.decision!r} is not one of {', '.join(DECISIONS)}")
        if self.decision == "reject" and self.reason not in REASONS:
            raise BadInputError(f"reject reason {self.reason!r} is not one of {', '.join(REASONS)}")
        if self.decision == "edit" and not (self.question or self.answer):
            raise BadInputError("an edit needs the edited question or answer")


def require_staged(hub: Hub, version: str) -> None:
    """BadInputError naming the version unless it is a staged revision of `hub`."""
    parse_version(version)
    if version in hub.versions("public"):
        raise BadInputError(f"revision {version} is already released in {hub.url}")
    if version not in hub.versions("private") or hub.state(version) != "staged":
        staged = ", ".join(hub.staged_versions()) or "none"
        raise BadInputError(f"revision {version} is not staged in {hub.url} (staged: {staged})")


def candidates(hub: Hub, version: str) -> list[dict[str, Any]]:
    """The candidate rows (qa columns) of a staged revision, by id."""
    require_staged(hub, version)
    return hub.read_table("private", version, "qa").to_pylist()


def relation_types(row: dict[str, Any]) -> list[str]:
    """The relation types of a qa row's evidence, each once."""
    return sorted({e.get("relation_type") or "" for e in row.get("evidence") or []} - {""})


def _edited(row: dict[str, Any], verdict: Verdict) -> dict[str, Any]:
    out = dict(row)
    if verdict.question:
        out["question"] = verdict.question
    if verdict.answer and verdict.answer != row["answer"]:
        out["answer"] = verdict.answer
        # a single answer is replaced; a set's items stay unless the edit lists them anew
        answers = list(row.get("answers") or [])
        out["answers"] = [verdict.answer] if len(answers) <= 1 else answers
    return out


def release_staged(
    hub: Hub,
    version: str,
    verdicts: Mapping[int, Verdict],
    *,
    auto_accept_above: float | None = None,
    publish_dates: bool = False,
) -> dict[str, Any]:
    """Publish staged `version` with its accepted candidates; returns the review counts.
    `publish_dates` gives the public questions the day of their `as_of`."""
    hub.recover_release(version)
    require_staged(hub, version)
    rows = hub.read_table("private", version, "qa").to_pylist()
    manifest = hub.read_manifest("private", version)
    # with a threshold, the threshold decides every candidate no one decided
    undecided = (
        [] if auto_accept_above is not None else [r["id"] for r in rows if r["id"] not in verdicts]
    )
    if undecided:
        raise BadInputError(
            f"revision {version}: {len(undecided)} of {len(rows)} candidates are unreviewed "
            f"(first: question {undecided[0]}); decide them or pass --auto-accept-above C"
        )
    released: list[dict[str, Any]] = []
    log: list[dict[str, Any]] = []
    counts: Counter[str] = Counter()
    by_reason: Counter[str] = Counter()
    for row in sorted(rows, key=lambda r: int(r["id"])):
        verdict = verdicts.get(int(row["id"]))
        entry = {
            "candidate_id": int(row["id"]),
            "question_id": None,
            "reason": "",
            "note": "",
            "reviewer": "",
            "at": "",
            "original_question": row["question"],
            "original_answer": row["answer"],
            "type": row["type"],
            "template": row.get("template") or "",
            "relation_types": relation_types(row),
        }
        if verdict is None:
            confidence = row.get("confidence")
            least = auto_accept_above if auto_accept_above is not None else float("inf")
            if not row.get("flags") and confidence is not None and confidence >= least:
                decision, kept = "auto_accept", dict(row)
            else:
                decision, kept = "undecided", None
        else:
            entry.update(reason=verdict.reason, note=verdict.note, reviewer=verdict.reviewer)
            entry["at"] = verdict.at
            decision = verdict.decision
            kept = None if decision == "reject" else _edited(row, verdict)
            if decision == "reject":
                by_reason[verdict.reason] += 1
        counts[decision] += 1
        if kept is not None:
            kept["id"] = entry["question_id"] = len(released)
            kept["flags"] = []
            released.append(kept)
        log.append({"decision": decision, **entry})
    if not released:
        raise BadInputError(f"revision {version}: no candidate is accepted; nothing to release")
    review = {
        "accepted": counts["accept"] + counts["edit"] + counts["auto_accept"],
        "rejected": counts["reject"],
        "rejected_by_reason": dict(sorted(by_reason.items())),
        "edited": counts["edit"],
        "auto_accepted": counts["auto_accept"],
        "left_out_undecided": counts["undecided"],
        "candidates": len(rows),
        "auto_accept_above": auto_accept_above,
    }
    qa_schema = SCHEMAS[("private", "qa")]
    qa = pa.Table.from_pylist(
        [{k: r.get(k) for k in qa_schema.names} for r in released], schema=qa_schema
    )
    names = hub.read_manifest("private", version).get("sha256", {})
    private = {
        name: hub.read_table("private", version, name)
        for name in (n.removesuffix(".parquet") for n in names)
        if name not in ("qa", "public_texts")
    }
    private["qa"] = qa
    private["review"] = pa.Table.from_pylist(log, schema=_REVIEW_SCHEMA)
    public = {
        "texts": hub.read_table("private", version, "public_texts"),
        "questions": pa.table(
            {"id": qa.column("id"), "question": qa.column("question")},
            schema=SCHEMAS[("public", "questions")],
        ),
    }
    if publish_dates:
        days = [d.date() if d is not None else None for d in qa.column("as_of").to_pylist()]
        public["questions"] = public["questions"].append_column(
            "as_of", pa.array(days, pa.date32())
        )
    extra = {
        "generator": manifest.get("generator"),
        "questions_by_type": dict(Counter(r["type"] for r in released)),
    }
    skip = {"version", "created_at", "parent", "counts", "sha256", "state", *extra}
    private_extra = {k: v for k, v in manifest.items() if k not in skip}
    private_extra["review"] = review
    hub.release_staged(
        version,
        public,
        private,
        parent=manifest.get("parent"),
        extra=extra,
        private_extra=private_extra,
    )
    return {"version": version, "questions": len(released), **review}
