"""A multi-hop bridge no single fact of which is distinctive in the revision's KG, described by
two of its facts whose combination only it has: «Где работает тот, кто родился в Казани и
окончил МГУ?» (issue #16 item 3, issue #15). Constructed Russian cases."""

from __future__ import annotations

import re

from dragon_bench.types import Document, Triple
from tests.questions.helpers import doc, fact

PO = ("PERSON", "ORGANIZATION")
PC = ("PERSON", "CITY")


def _chains(ts: list[Triple], docs: list[Document], seeds=range(8), **kw) -> dict:  # type: ignore[no-untyped-def]
    from dragon_bench.questions import generate_questions

    asked: dict = {}
    for seed in seeds:
        qs = generate_questions(
            ts, docs, per_type=20, types=("multi_hop",), seed=seed, popularity_share=1.0, **kw
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


def _governor(extra_work: bool = False, held: bool = False) -> tuple[list[Triple], list[Document]]:
    """Пётр Сомов works in Ярославская область (as Олег Ткач does) and is a governor (as Иван
    Рябов is, of another region): one person in the world holds that post there."""
    post = "занимал пост губернатора с 2001 по 2008 год" if held else "занимает пост губернатора"
    a = doc("a", "Пётр Сомов работает в Ярославской области. Олег Ткач тоже работает в "
                 "Ярославской области.")  # fmt: skip
    b = doc("b", f"Вчера Пётр Сомов {post}. Иван Рябов занимает пост губернатора.")
    ts = [
        fact(a, "Пётр Сомов", "WORKPLACE", "Ярославская область", ("PERSON", "STATE_OR_PROVINCE"),
             ("Пётр Сомов", "Ярославской области"), ("PERSON:s", "STATE_OR_PROVINCE:y")),
        fact(a, "Олег Ткач", "WORKPLACE", "Ярославская область", ("PERSON", "STATE_OR_PROVINCE"),
             ("Олег Ткач", "Ярославской области"), ("PERSON:t", "STATE_OR_PROVINCE:y")),
        fact(b, "Пётр Сомов", "WORKS_AS", "губернатор", ("PERSON", "PROFESSION"),
             ("Пётр Сомов", "губернатора"), ("PERSON:s", "PROFESSION:g")),
        fact(b, "Иван Рябов", "WORKS_AS", "губернатор", ("PERSON", "PROFESSION"),
             ("Иван Рябов", "губернатора."), ("PERSON:r", "PROFESSION:g")),
    ]  # fmt: skip
    docs = [a, b]
    if extra_work:
        c = doc("c", "Пётр Сомов долго работает в компании «Волжский порт».")
        ts.append(
            fact(c, "Пётр Сомов", "WORKPLACE", "Волжский порт", ("PERSON", "ORGANIZATION"),
                 ("Пётр Сомов", "Волжский порт"), ("PERSON:s", "ORGANIZATION:v"))
        )  # fmt: skip
        docs.append(c)
    return ts, docs


def _conditions(ts: list[Triple], docs: list[Document], **kw) -> dict:  # type: ignore[no-untyped-def]
    from tests.questions.helpers import asked

    return asked(ts, docs, types=("conditional",), **kw)


def test_a_post_one_person_holds_where_he_works_is_a_sharp_condition() -> None:
    # «Кто работает в Ярославской области и занимает пост губернатора?» -> Пётр Сомов: one
    # governor of a region at a time (a trade there, «инженер», would fit many)
    got = _conditions(*_governor())
    assert [q for q in got if "губернатор" in q and got[q] == ("Пётр Сомов",)], got


def test_the_post_beside_a_second_workplace_or_held_before_is_no_condition() -> None:
    # a second workplace: the post may be of another place; «занимал ... с 2001 по 2008 год»:
    # several governors held it
    for case in (_governor(extra_work=True), _governor(held=True)):
        got = _conditions(*case)
        assert not [q for q in got if "губернатор" in q and "Ярослав" in q], got


def test_an_award_cut_before_its_quoted_name_is_no_condition() -> None:
    # «медалью ордена «За заслуги перед Отечеством»» read as «медаль ордена»: «Кто получил
    # медаль ордена и родился 3 мая 1961 года?» fits any holder of any order's medal
    a = doc("a", "Сергей Лунин родился 3 мая 1961 года. Павел Орлов тоже родился 3 мая 1961 года.")
    b = doc("b", "Сергей Лунин награждён медалью ордена «За заслуги перед Отечеством».")
    pc, pa = ("PERSON", "DATE"), ("PERSON", "AWARD")
    ts = [
        fact(a, "Сергей Лунин", "DATE_OF_BIRTH", "3 мая 1961 года", pc, ("Сергей Лунин",
             "3 мая 1961 года"), ("PERSON:l", "DATE:t")),
        fact(a, "Павел Орлов", "DATE_OF_BIRTH", "3 мая 1961 года", pc, ("Павел Орлов",
             "3 мая 1961 года."), ("PERSON:o", "DATE:t")),
        fact(b, "Сергей Лунин", "AWARDED_WITH", "медаль ордена", pa, ("Сергей Лунин",
             "медалью ордена"), ("PERSON:l", "AWARD:m")),
    ]  # fmt: skip
    got = _conditions(ts, [a, b], roundtrip=False)  # refused at the root, not by the reading
    assert not [q for q in got if "медаль ордена" in q], got


def test_a_present_description_its_sentence_tells_as_past_is_refused() -> None:
    # «Где учился тот, кто родился в Казани и работает в «Волге»?» of «В 2001—2005 годы Игорь
    # Савельев являлся сотрудником компании «Волга»» (the extractor's tense present): he works
    # there no more
    ts, docs = _case(second_shares_school=False)
    d = doc("d", "В 2001—2005 годы Игорь Савельев являлся сотрудником компании «Волга». "
                 "Анна Лебедева работает в компании «Волга».")  # fmt: skip
    ts = [t for t in ts if t.object != "Камский завод"] + [
        fact(d, "Игорь Савельев", "WORKPLACE", "Волга", PO, ("Игорь Савельев", "Волга"),
             ("PERSON:s", "ORGANIZATION:v"), tense="present"),
        fact(d, "Анна Лебедева", "WORKPLACE", "Волга", PO, ("Анна Лебедева", "Волга»."),
             ("PERSON:l", "ORGANIZATION:v")),
    ]  # fmt: skip
    asked = _chains(ts, [*docs, d], roundtrip=False)
    assert not [q for q in asked if "Казан" in q and "Волг" in q], asked


# the awards as the KG names them (the texts give the accusative)
_NOMINATIVE = {"награду Волжской киноакадемии": "награда Волжской киноакадемии"}


def _medal(
    born: str, other: bool = True, award: str = "орден Мужества"
) -> tuple[list[Triple], list[Document]]:
    """Сергей Лунин got the order of Courage (as Глеб Рыбин did, when `other`) and was born
    `born` (as Павел Орлов was)."""
    a = doc("a", f"Сергей Лунин родился {born}. Павел Орлов тоже родился {born}.")
    b = doc(
        "b",
        f"Сергей Лунин получил {award}."
        + (" Глеб Рыбин тоже получил орден Мужества." if other else ""),
    )
    kind = "DATE" if born[:1].isdigit() else "CITY"
    shown = born.removeprefix("в ")
    return [
        fact(a, "Сергей Лунин", "DATE_OF_BIRTH" if kind == "DATE" else "PLACE_OF_BIRTH",
             shown if kind == "DATE" else "Тверь", ("PERSON", kind), ("Сергей Лунин", shown),
             ("PERSON:l", f"{kind}:t")),
        fact(a, "Павел Орлов", "DATE_OF_BIRTH" if kind == "DATE" else "PLACE_OF_BIRTH",
             shown if kind == "DATE" else "Тверь", ("PERSON", kind), ("Павел Орлов", shown + "."),
             ("PERSON:o", f"{kind}:t")),
        fact(b, "Сергей Лунин", "AWARDED_WITH", _NOMINATIVE.get(award, award), ("PERSON", "AWARD"),
             ("Сергей Лунин", award), ("PERSON:l", "AWARD:m")),
    ] + ([
        fact(b, "Глеб Рыбин", "AWARDED_WITH", "орден Мужества", ("PERSON", "AWARD"),
             ("Глеб Рыбин", "орден Мужества."), ("PERSON:r", "AWARD:m")),
    ] if other else []), [a, b]  # fmt: skip


def test_an_award_named_in_lower_case_reads_back() -> None:
    # «Кто получил орден Мужества и родился 3 мая 1961 года?» -> Сергей Лунин: the round trip
    # read no «орден Мужества» (a lower-case first word) and refused it
    got = _conditions(*_medal("3 мая 1961 года"))
    assert [q for q in got if "орден Мужества" in q and got[q] == ("Сергей Лунин",)], got


def test_an_award_beside_a_birthplace_is_not_sharp() -> None:
    # «Кто получил награду Волжской киноакадемии и родился в Твери?» (TRAIN: «... награду
    # британской киноакадемии и умер в Лондоне?»): many in the world may have done both,
    # though the texts tell of no other holder
    award = "награду Волжской киноакадемии"
    got = _conditions(*_medal("в Твери", other=False, award=award), roundtrip=False)
    assert not [q for q in got if "киноакадемии" in q], got
