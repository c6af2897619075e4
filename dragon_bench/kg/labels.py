"""Naming and orienting a link: the predicate (+ preposition) or a relation read off the entity types."""

from __future__ import annotations

from dataclasses import dataclass

from dragon_bench.kg.mentions import Mention, Sentence
from dragon_bench.kg.relations import Link, anchor

__all__ = ["Labelled", "label_link", "nerel_type", "TYPE_RELATIONS"]

_AGENTS = ("PERSON", "PROFESSION", "ORGANIZATION", "LOCATION", "NATIONALITY")
_PLACES = ("LOCATION", "ORGANIZATION", "FACILITY")

# (subject types, object types) -> (Russian relation name, NEREL relation type), tried in order.
TYPE_RELATIONS: list[tuple[tuple[str, ...], tuple[str, ...], str, str]] = [
    (("PERSON",), ("PROFESSION",), "должность", "WORKS_AS"),
    (("PERSON", "PROFESSION"), ("AGE",), "возраст", "AGE_IS"),
    (("EVENT", "CRIME", "AWARD", "WORK_OF_ART"), ("DATE",), "дата", "POINT_IN_TIME"),
    (("EVENT", "CRIME"), ("LOCATION", "FACILITY"), "место", "TAKES_PLACE_IN"),
    (("LAW",), ("DATE",), "дата создания", "DATE_OF_CREATION"),
    (_AGENTS, ("EVENT",), "участник", "PARTICIPANT_IN"),
    (("PROFESSION", "PERSON"), _PLACES, "место работы", "WORKPLACE"),
    (("ORGANIZATION",), ("LOCATION",), "местонахождение", "HEADQUARTERED_IN"),
    (("LOCATION", "FACILITY"), ("LOCATION",), "расположен в", "LOCATED_IN"),
    (("PERSON", "PROFESSION"), ("NATIONALITY",), "происхождение", "ORIGINS_FROM"),
    (("PERSON", "PROFESSION"), ("DISEASE",), "болезнь", "MEDICAL_CONDITION"),
    (_AGENTS, ("CRIME",), "обвинение", "CONVICTED_OF"),
    (_AGENTS, ("PENALTY",), "наказание", "PENALIZED_AS"),
    (_AGENTS, ("AWARD",), "награда", "AWARDED_WITH"),
    (_AGENTS, ("IDEOLOGY",), "убеждения", "IDEOLOGY_OF"),
    (_AGENTS + ("EVENT",), ("MONEY",), "сумма", "PRICE_OF"),
    (_AGENTS, ("WORK_OF_ART",), "автор", "PRODUCES"),
    (("ORGANIZATION",), ("ORGANIZATION",), "входит в", "PART_OF"),
]


@dataclass(frozen=True, slots=True)
class Labelled:
    """A link turned into subject, relation, object; `nerel` is the matching NEREL type or ''."""

    subject: Mention
    relation: str
    object: Mention
    nerel: str


def _by_types(a: Mention, b: Mention) -> tuple[Mention, Mention, str, str] | None:
    for subj, obj, name, nerel in TYPE_RELATIONS:
        if a.type in subj and b.type in obj:
            return a, b, name, nerel
        if b.type in subj and a.type in obj:
            return b, a, name, nerel
    return None


def nerel_type(subject_type: str, object_type: str) -> str:
    """The NEREL relation type that entity types of a pair imply, or '' (for typed scoring)."""
    for subj, obj, _, nerel in TYPE_RELATIONS:
        if (subject_type in subj and object_type in obj) or (
            object_type in subj and subject_type in obj
        ):
            return nerel
    return ""


def _preposition(sent: Sentence, i: int) -> str:
    preps = [c for c in sent.children[i] if sent.tokens[c].rel == "case"]
    return sent.tokens[preps[0]].text.lower() if preps else ""


def _role(sent: Sentence, m: Mention, top: int) -> int:
    """Index of the token of the path from `m` that depends directly on `top`."""
    i = m.head
    while sent.tokens[i].head not in (top, -1):
        i = sent.tokens[i].head
    return i


def _governs(sent: Sentence, a: Mention, b: Mention) -> bool:
    """Whether `a`'s head (or the token it stands in apposition to) is an ancestor of `b`'s head."""
    targets = {a.head, anchor(sent, a.head)}
    i, steps = sent.tokens[b.head].head, 0
    while i >= 0 and steps < 60:
        if i in targets:
            return True
        i, steps = sent.tokens[i].head, steps + 1
    return False


def label_link(sent: Sentence, link: Link) -> Labelled:
    """Subject, relation and object of a link; predicate links keep the verb lemma and preposition."""
    typed = _by_types(link.a, link.b)
    nerel = typed[3] if typed else ""
    if link.kind in ("predicate", "predicate2"):
        top = sent.tokens[link.predicate]
        ra, rb = _role(sent, link.a, link.predicate), _role(sent, link.b, link.predicate)
        rel_a, rel_b = sent.tokens[ra].rel, sent.tokens[rb].rel
        if "nsubj:pass" in (rel_a, rel_b):
            # «Анна была похищена Иваном»: the passive subject is acted on, the agent (a bare
            # instrumental) acts; «похищена в Москве» keeps the passive subject first
            other = rb if rel_a == "nsubj:pass" else ra
            agent = (
                rel_a != rel_b
                and not _preposition(sent, other)
                and (
                    sent.tokens[other].rel == "obl:agent"
                    or sent.tokens[other].feats.get("Case") == "Ins"
                )
            )
            subj_first = (rel_a == "nsubj:pass") != agent
        else:
            subj_first = rel_a.startswith("nsubj") or not rel_b.startswith("nsubj")
        subj, obj, obj_role = (link.a, link.b, rb) if subj_first else (link.b, link.a, ra)
        prep = _preposition(sent, obj_role)
        relation = f"{top.lemma} {prep}".strip()
        return Labelled(subj, relation, obj, nerel)
    if typed is not None:
        subj, obj = typed[0], typed[1]
        if subj.type == obj.type and link.kind in ("direct", "chain") and _governs(sent, obj, subj):
            # "провинция Канады", "отдел компании": the governing noun is the part, the subject
            subj, obj = obj, subj
        return Labelled(subj, typed[2], obj, nerel)
    return Labelled(link.a, "связан с", link.b, "")
