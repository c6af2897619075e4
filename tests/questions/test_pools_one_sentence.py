"""Pools of #16 (TRAIN read e): a multi-hop chain whose two facts one sentence tells is one
hop in effect (the sentence that describes the bridge gives the answer too), so it is not
offered; the same facts told in two sentences make a chain."""

from __future__ import annotations

from dragon_bench.types import Document, Triple
from tests.questions.helpers import doc, fact


def _chains(ts: list[Triple], docs: list[Document]) -> dict:  # type: ignore[no-untyped-def]
    from dragon_bench.questions import generate_questions

    asked: dict = {}
    for seed in range(12):
        qs = generate_questions(
            ts, docs, per_type=20, types=("multi_hop",), seed=seed, popularity_share=1.0
        )
        asked.update({q.question: q.answers for q in qs})
    return asked


def _case(text: str) -> tuple[list[Triple], list[Document]]:
    d = doc("h", text)
    ts = [
        fact(d, "Рустам Гайнуллин", "WORKPLACE", "Татнефтехим", ("PERSON", "ORGANIZATION"),
             ("Рустам Гайнуллин", "Татнефтехим"), ("PERSON:g", "ORGANIZATION:t")),
        fact(d, "Татнефтехим", "HEADQUARTERED_IN", "Нижнекамск", ("ORGANIZATION", "CITY"),
             ("Татнефтехим", "Нижнекамске"), ("ORGANIZATION:t", "CITY:n")),
    ]  # fmt: skip
    return ts, [d]


def test_a_chain_told_in_one_sentence_is_not_offered() -> None:
    apart = ("Инженер Рустам Гайнуллин много лет работает в компании Татнефтехим. "
             "Офис компании Татнефтехим расположен в Нижнекамске.")  # fmt: skip
    together = ("Инженер Рустам Гайнуллин много лет работает в компании Татнефтехим, "
                "офис которой расположен в Нижнекамске.")  # fmt: skip
    asked = _chains(*_case(apart))
    assert [q for q in asked if asked[q] == ("Нижнекамск",)], asked
    asked = _chains(*_case(together))
    assert not [q for q in asked if asked[q] == ("Нижнекамск",)], asked
