"""Constructed Russian documents and triples whose spans point into them."""

from __future__ import annotations

from dragon_bench.types import Document, Triple

__all__ = ["doc", "fact"]


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
