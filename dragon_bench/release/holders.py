"""Who holds a one-holder role at an organisation («глава», «президент», ... of Y): the role
named by a WORKPLACE triple's trigger (`dynamism.holder_role`), kept only when the evidence
sentence does not qualify the role noun into another office («финансовый директор»,
«художественный руководитель» are not the head of Y; «генеральный директор», «новый глава»
are). The object-side rule of `release.changelog` compares these roles across revisions."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from dragon_bench.dynamism import HEAD_MODIFIERS, holder_role
from dragon_bench.nlp.lemmas import lemma, parses
from dragon_bench.release.tables import fact_key
from dragon_bench.types import Triple

__all__ = ["ROLE_FIELDS", "held_roles", "role_of", "role_qualified"]

# the kg.parquet columns `role_of` reads
ROLE_FIELDS = (
    "doc_id",
    "subject_id",
    "relation_type",
    "object_id",
    "subject_span",
    "object_span",
    "sentence_span",
    "trigger",
    "tense",
)
_WORD = re.compile(r"[\w-]+")
_ATTRIBUTES = frozenset({"ADJF", "PRTF"})  # a full adjective or participle before the noun


def role_qualified(text: str, row: Mapping[str, Any], cue: str) -> bool:
    """True when the evidence sentence puts an adjective other than `HEAD_MODIFIERS` right
    before the role noun `cue` nearest the subject («Финансовый директор «Аэрофлота» Иван
    Петров»). An adjective inside the object's span is the organisation itself («российский
    президент»), not a qualifier; a text without the noun is not judged."""
    start, end = row["sentence_span"]
    sentence = text[start:end]
    words = [(m.start() + start, m.group()) for m in _WORD.finditer(sentence)]
    nouns = [i for i, (_, w) in enumerate(words) if lemma(w.lower()) == cue]
    if not nouns:
        return False
    anchor = row["subject_span"][0]
    i = min(nouns, key=lambda k: abs(words[k][0] - anchor))
    if i == 0:
        return False
    at, word = words[i - 1]
    o_start, o_end = row["object_span"]
    if o_start <= at < o_end:
        return False
    found = parses(word.lower())
    if not found or found[0].tag.POS not in _ATTRIBUTES:
        return False
    return lemma(word.lower()) not in HEAD_MODIFIERS


def role_of(row: Mapping[str, Any] | Triple, texts: Mapping[str, str] | None = None) -> str:
    """The one-holder role a KG triple (or kg.parquet row) gives its person at its
    organisation, or '': from its trigger, present or unknown tense, the organisation a named
    one (not a document's own «компания»), and the role not qualified in the evidence
    sentence when `texts` (document id -> full text) holds it."""
    t: Mapping[str, Any] = (
        row if isinstance(row, Mapping) else {k: getattr(row, k) for k in ROLE_FIELDS}
    )
    role = holder_role(t["relation_type"], t["subject_id"], t["trigger"] or "")
    if not role or t["tense"] == "past" or " @" in t["object_id"]:
        return ""
    text = (texts or {}).get(t["doc_id"])
    cue = (t["trigger"] or "").rpartition(":")[2]
    if text is not None and role_qualified(text, t, cue):
        return ""
    return role


def held_roles(
    rows: Iterable[Mapping[str, Any] | Triple], texts: Mapping[str, str] | None = None
) -> dict[tuple[str, str, str], set[str]]:
    """Each WORKPLACE fact of these triples (or kg.parquet rows) with the one-holder roles
    they give («глава» for «Алексей Воронов назначен главой «Уралхима»»)."""
    out: dict[tuple[str, str, str], set[str]] = {}
    for row in rows:
        role = role_of(row, texts)
        if role:
            out.setdefault(fact_key(row), set()).add(role)
    return out
