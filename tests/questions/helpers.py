"""Constructed Russian documents and triples whose spans point into them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from dragon_bench.types import Document, Triple

__all__ = ["asked", "doc", "fact"]


def doc(doc_id: str, text: str) -> Document:
    return Document(id=doc_id, title="Новости", text=text)


def fact(
    d: Document,
    subject: str,
    relation: str,
    obj: str,
    types: tuple[str, str],
    at: tuple[str, str],
    ids: tuple[str, str] = ("", ""),
    tense: str = "",
) -> Triple:
    """A triple whose spans are the first occurrences of `at` in the document's full text;
    its sentence runs between the full stops around them."""
    text = d.full_text
    s0, o0 = text.index(at[0]), text.index(at[1])
    start = text.rfind(".", 0, min(s0, o0)) + 1
    end = text.find(".", max(s0, o0)) + 1 or len(text)
    return Triple(
        subject, relation, obj, d.id, types[0], types[1],
        (s0, s0 + len(at[0])), (o0, o0 + len(at[1])), (start, end), "hand",
        subject_id=ids[0], object_id=ids[1], relation_type=relation, tense=tense,
    )  # fmt: skip


def asked(
    ts: list[Triple],
    docs: Sequence[Document],
    types: Sequence[str] = ("simple",),
    seeds: Iterable[int] = range(6),
    **kw: Any,
) -> dict[str, tuple[str, ...]]:
    """Every question (with its answers) the generator asks of the triples over a few seeds,
    with no popularity screen unless `kw` sets one."""
    from dragon_bench.questions import generate_questions

    kw.setdefault("popularity_share", 1.0)
    out: dict[str, tuple[str, ...]] = {}
    for seed in seeds:
        qs = generate_questions(ts, docs, per_type=20, types=types, seed=seed, **kw)
        out.update({q.question: q.answers for q in qs})
    return out


def sets_asked(ts: list[Triple], docs: Sequence[Document], subject: str) -> list[tuple[str, ...]]:
    """The answer sets (each sorted) of the set questions about `subject` over four seeds."""
    got = asked(ts, docs, types=("set",), seeds=range(4))
    return sorted({tuple(sorted(a)) for q, a in got.items() if subject in q})


def two_trades(d: Document) -> list[Triple]:
    """A composer and conductor (Пётр Ларионов) whose set must stay asked: the control case."""
    pr = ("PERSON", "PROFESSION")
    return [
        fact(d, "Пётр Ларионов", "WORKS_AS", "композитор", pr, ("Пётр Ларионов", "Композитор"),
             ("PERSON:l", "PROFESSION:k")),
        fact(d, "Пётр Ларионов", "WORKS_AS", "дирижёр", pr, ("Пётр Ларионов", "дирижёр"),
             ("PERSON:l", "PROFESSION:d")),
    ]  # fmt: skip
