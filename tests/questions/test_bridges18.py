"""A multi-hop bridge no single fact of which is distinctive in the revision's KG, described by
two of its facts whose combination only it has: «Где работает тот, кто родился в Казани и
окончил МГУ?» (issue #16 item 3, issue #15). Constructed Russian cases."""

from __future__ import annotations

import re

from dragon_bench.types import Document, Triple
from tests.questions.helpers import doc, fact

PO = ("PERSON", "ORGANIZATION")
PC = ("PERSON", "CITY")


def _chains(ts: list[Triple], docs: list[Document], seeds=range(8)) -> dict:  # type: ignore[no-untyped-def]
    from dragon_bench.questions import generate_questions

    asked: dict = {}
    for seed in seeds:
        qs = generate_questions(
            ts, docs, per_type=20, types=("multi_hop",), seed=seed, popularity_share=1.0
        )
        asked.update({q.question: q.answers for q in qs})
    return asked


def _case(second_shares_school: bool) -> tuple[list[Triple], list[Document]]:
    """Игорь Савельев was born in Казань (as Олег Кравцов was) and studied at МГУ (as Анна
    Лебедева did, and Кравцов too when `second_shares_school`); he works at «Камский
    завод»."""
    a = doc("a", "Инженер Игорь Савельев родился в Казани в семье учителей. Олег Кравцов "
                 "тоже родился в Казани.")  # fmt: skip
    b = doc("b", "Игорь Савельев окончил МГУ с отличием. Анна Лебедева окончила МГУ в "
                 "прошлом году." + (" Олег Кравцов окончил МГУ." if second_shares_school else ""))  # fmt: skip
    c = doc("c", "На прошлой неделе Игорь Савельев рассказал журналистам о новой линии. "
                 "Игорь Савельев работает в компании «Камский завод».")  # fmt: skip
    ts = [
        fact(a, "Игорь Савельев", "PLACE_OF_BIRTH", "Казань", PC,
             ("Игорь Савельев", "Казани"), ("PERSON:s", "CITY:k")),
        fact(a, "Олег Кравцов", "PLACE_OF_BIRTH", "Казань", PC,
             ("Олег Кравцов", "Казани"), ("PERSON:o", "CITY:k")),
        fact(b, "Игорь Савельев", "SCHOOLS_ATTENDED", "МГУ", PO,
             ("Игорь Савельев", "МГУ"), ("PERSON:s", "ORGANIZATION:m")),
        fact(b, "Анна Лебедева", "SCHOOLS_ATTENDED", "МГУ", PO,
             ("Анна Лебедева", "МГУ"), ("PERSON:l", "ORGANIZATION:m")),
        fact(c, "Игорь Савельев", "WORKPLACE", "Камский завод", PO,
             ("Игорь Савельев", "Камский завод"), ("PERSON:s", "ORGANIZATION:z")),
    ]  # fmt: skip
    if second_shares_school:
        ts.append(
            fact(b, "Олег Кравцов", "SCHOOLS_ATTENDED", "МГУ", PO,
                 ("Олег Кравцов", "МГУ."), ("PERSON:o", "ORGANIZATION:m"))
        )  # fmt: skip
    return ts, [a, b, c]


def _described_by_both(asked: dict) -> list[str]:
    return [q for q in asked if "Казан" in q and "МГУ" in q and asked[q] == ("Камский завод",)]


def test_a_bridge_sharing_each_fact_with_another_is_described_by_both_together() -> None:
    # each fact alone fits two people (Казань: Савельев, Кравцов; МГУ: Савельев, Лебедева);
    # together they fit Савельев alone: «Где работает тот, кто родился в Казани и окончил МГУ?»
    asked = _chains(*_case(second_shares_school=False))
    found = _described_by_both(asked)
    assert found, asked
    for q in found:  # «Где работает тот, кто появился на свет в Казани и учился в МГУ?»
        assert q.startswith("Где работает ") or q.startswith("В какой "), q
        assert re.search(r"(?:тот, кто|человек, который) (?:родился|появился на свет) в Казани "
                         r"и (?:окончил|учился в) МГУ\?$", q), q  # fmt: skip


def test_a_bridge_sharing_both_facts_with_another_is_not_described() -> None:
    # Кравцов was born in Казань and studied at МГУ too: the description fits two people
    asked = _chains(*_case(second_shares_school=True))
    assert not _described_by_both(asked), asked
    assert not [q for q in asked if "Казан" in q and "МГУ" in q], asked


def test_the_pair_bridge_reads_back_only_through_both_facts() -> None:
    # the round trip reaches the bridge as the one entity both named entities lead to
    from dragon_bench.questions.roundtrip import RoundTrip
    from dragon_bench.questions.sampling import question_graph
    from dragon_bench.questions.shapes import multi_hop

    ts, docs = _case(second_shares_school=False)
    graph = question_graph(ts, {d.id: d.full_text for d in docs})
    sid = "PERSON:s"
    import random

    subs = list(multi_hop._pair_bridges(sid, graph, random.Random(0)))
    assert subs, "no pair chain"
    sub = next(s for s in subs if s.facts[-1].object == "Камский завод")
    phrasings = multi_hop._pair_candidates(sub, graph, graph.texts)
    assert phrasings
    reader = RoundTrip(graph)
    assert any(reader.accepts(sub, text) for _, text in phrasings), phrasings
