"""What earlier revisions of a hub asked: facts `(subject_id, relation_type, object_id)` read
from their qa evidence. A fact with a new object (a new head of an organisation) is another
fact, so it may be asked again."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = ["asked_facts"]


def asked_facts(
    evidence: Iterable[Sequence[Mapping[str, Any]] | None],
) -> set[tuple[str, str, str]]:
    """The facts of every question's evidence list (one list per question, None for none)."""
    out: set[tuple[str, str, str]] = set()
    for rows in evidence:
        for row in rows or ():
            key = (
                str(row.get("subject_id") or ""),
                str(row.get("relation_type") or ""),
                str(row.get("object_id") or ""),
            )
            if all(key):
                out.add(key)
    return out
