"""The multi-hop failure classes of the tenth blind read (benchmarks/question_reads/2026-12-01-
gold-dev-10-grades.jsonl) and of a strict read of fresh from-gold dev multi-hop questions, each
on a constructed Russian case that produced the defect with the generator the read graded
(main at 884d741)."""

from __future__ import annotations

from dragon_bench.types import Document, Triple
from tests.questions.helpers import doc, fact

PO = ("PERSON", "ORGANIZATION")
PR = ("PERSON", "PROFESSION")


def _chains(ts: list[Triple], docs: list[Document], seeds=range(16)) -> dict:  # type: ignore[no-untyped-def]
    from dragon_bench.questions import generate_questions

    asked: dict = {}
    for seed in seeds:
        qs = generate_questions(
            ts, docs, per_type=20, types=("multi_hop",), seed=seed, popularity_share=1.0
        )
        asked.update({q.question: q.answers for q in qs})
    return asked


def _post_case(text: str, extra: bool) -> tuple[list[Triple], list[Document]]:
    d = doc("m", text)
    ts = [
        fact(d, "Бубакар Сангаре", "WORKS_AS", "глава правительства Мали", PR,
             ("Бубакар Сангаре", "главы правительства Мали"), ("PERSON:k", "PROFESSION:p")),
        fact(d, "Бубакар Сангаре", "SCHOOLS_ATTENDED", "Сорбонна", PO,
             ("Бубакар Сангаре", "Сорбонне"), ("PERSON:k", "ORGANIZATION:s")),
        fact(d, "Бамако", "LOCATED_IN", "Мали", ("CITY", "COUNTRY"),
             ("Бамако", "Мали"), ("CITY:b", "COUNTRY:m")),
    ]  # fmt: skip
    if extra:
        ts.append(
            fact(d, "Ален Дюпон", "WORKS_AS", "премьер Мали", PR,
                 ("Ален Дюпон", "премьером Мали"), ("PERSON:s", "PROFESSION:q"))
        )  # fmt: skip
    return ts, [d]


def test_a_post_describes_its_one_present_holder_by_any_of_its_names() -> None:
    # «Где учился человек, который занимает пост главы правительства Мали?» → Сорбонна: Кейта
    # held it 1994-2000 (a past holder is one of many), and the text names Сидибе, «премьер
    # Мали», as well (one post by another name)
    sole = "В Бамако прошли выборы. Бубакар Сангаре занимает пост главы правительства Мали. Сангаре учился в Сорбонне."  # fmt: skip
    past = "В Бамако прошли выборы. Бубакар Сангаре учился в Сорбонне. Кандидатура бывшего главы правительства Мали Бубакара Сангаре зарегистрирована."  # fmt: skip
    other = sole + " Ален Дюпон работает премьером Мали."
    asked = _chains(*_post_case(sole, extra=False))
    assert [q for q in asked if "правительства Мали" in q and asked[q] == ("Сорбонна",)], asked
    for text, extra in ((past, False), (other, True)):
        asked = _chains(*_post_case(text, extra))
        assert not [q for q in asked if "Мали" in q and "Сорбонна" in asked[q]], asked


def test_the_asked_place_of_work_beside_another_workplace_is_ambiguous_in_a_chain() -> None:
    # «В каком городе работал человек, который появился на свет на Хонсю?» → Марсель: as
    # director general of МАГАТЭ (seated in Вена) he worked in Вена too (simple refuses it)
    d = doc("a", "Юкия Амано родился на острове Хонсю в 1947 году. Он окончил Токийский "
                 "университет. Юкия Амано работал консулом "
                 "в Марселе. Юкия Амано возглавлял МАГАТЭ. Штаб-квартира МАГАТЭ находится в "
                 "Вене.")  # fmt: skip
    ts = [
        fact(d, "Юкия Амано", "PLACE_OF_BIRTH", "Хонсю", ("PERSON", "LOCATION"),
             ("Юкия Амано", "Хонсю"), ("PERSON:a", "LOCATION:h")),
        fact(d, "Юкия Амано", "SCHOOLS_ATTENDED", "Токийский университет", PO,
             ("Юкия Амано", "Токийский университет"), ("PERSON:a", "ORGANIZATION:t")),
        fact(d, "Юкия Амано", "WORKPLACE", "Марсель", ("PERSON", "CITY"),
             ("Юкия Амано", "Марселе"), ("PERSON:a", "CITY:m")),
        fact(d, "Юкия Амано", "WORKPLACE", "МАГАТЭ", PO,
             ("Юкия Амано", "МАГАТЭ"), ("PERSON:a", "ORGANIZATION:i")),
        fact(d, "МАГАТЭ", "HEADQUARTERED_IN", "Вена", ("ORGANIZATION", "CITY"),
             ("Штаб-квартира МАГАТЭ", "Вене"), ("ORGANIZATION:i", "CITY:v")),
    ]  # fmt: skip
    asked = _chains(ts, [d])
    assert [q for q in asked if "Хонсю" in q], asked  # the bridge's school is still asked
    assert not [q for q in asked if "Марсель" in asked[q]], asked


def _kin_case(extra: str) -> tuple[list[Triple], list[Document]]:
    d = doc("s", "Василий Шукшин учился во ВГИКе. Мария Шукшина — дочь Василия Шукшина. " + extra)
    ts = [
        fact(d, "Василий Шукшин", "SCHOOLS_ATTENDED", "ВГИК", PO,
             ("Василий Шукшин", "ВГИКе"), ("PERSON:v", "ORGANIZATION:g")),
        fact(d, "Василий Шукшин", "PARENT_OF", "Мария Шукшина", ("PERSON", "PERSON"),
             ("Василия Шукшина", "Мария Шукшина"), ("PERSON:v", "PERSON:m")),
    ]  # fmt: skip
    return ts, [d]


def test_a_kin_description_of_a_famous_bridge_needs_no_retrieval() -> None:
    # «Где учился тот, кто приходится родителем Марии Шукшиной?» → ВГИК: the description names
    # Василий Шукшин to any reader, and the texts honour him («Шукшинские дни», «театр им.
    # В. М. Шукшина»): where he studied is common knowledge
    plain = "Мария Шукшина сыграла в новом спектакле."
    asked = _chains(*_kin_case(plain))
    assert [q for q in asked if "Шукшиной" in q and asked[q] == ("ВГИК",)], asked
    for honour in (
        "В Барнауле открылись «Шукшинские дни».",
        "Мария Шукшина сыграла в театре драмы им. В. М. Шукшина.",
        "Мария Шукшина пришла к памятнику Василию Шукшину.",
    ):
        asked = _chains(*_kin_case(honour))
        assert not [q for q in asked if "ВГИК" in asked[q]], (honour, asked)
    from dragon_bench.questions.shapes.multi_hop import _honoured

    assert not _honoured("Иван Петров", {"a": "Иван Петров пришёл к памятнику Пушкину."})
    # a namesake's honours are not the bridge's: Marshal Жуков's for Дарья Жукова
    assert not _honoured("Дарья Жукова", {"a": "Дарья Жукова посетила музей имени Жукова."})
    assert not _honoured("Мария", {"a": "Мария выступила на Марийском фестивале."})
