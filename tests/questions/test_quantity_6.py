"""Question-side quantity, session 6 (issue #15): the LLM prewarm samples the graph the
selection samples, and the samplers' phrasings are carried to phrasing, not found twice."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable
from typing import Any

from dragon_bench.engine.local import LocalEngine
from dragon_bench.engine.stages import question_warmup_stage
from dragon_bench.questions import generate_questions
from dragon_bench.questions.sampling import question_graph
from dragon_bench.questions.shapes import iter_subgraphs
from dragon_bench.questions.templates import age_phrase
from dragon_bench.types import Triple
from tests.questions.helpers import doc, fact

PD = ("PERSON", "DATE")
PC = ("PERSON", "CITY")


class _Recorder:
    """Records the subgraphs the prewarm hands to the model (no call is made)."""

    def __init__(self) -> None:
        self.seen: list[Any] = []

    def map(self, fn: Callable[[Any], int], items: Iterable[Any], **_: Any) -> list[int]:
        self.seen.extend(items)
        return []


def test_the_llm_prewarm_samples_only_facts_the_selection_may_ask() -> None:
    a = doc("a", "Фёдор Ивлин родился в Ржеве. Фёдор Ивлин умер 6 марта 2019 года.")
    b = doc("b", "Игнат Сомов родился в Твери. Игнат Сомов умер 2 мая 2011 года.")
    sure = [
        fact(a, "Фёдор Ивлин", "PLACE_OF_BIRTH", "Ржев", PC,
             ("Фёдор Ивлин родился", "Ржеве"), ("PERSON:fi", "CITY:rz")),
        fact(a, "Фёдор Ивлин", "DATE_OF_DEATH", "6 марта 2019 года", PD,
             ("Фёдор Ивлин умер", "6 марта 2019 года"), ("PERSON:fi", "DATE:d1")),
    ]  # fmt: skip
    unsure = [
        fact(b, "Игнат Сомов", "PLACE_OF_BIRTH", "Тверь", PC,
             ("Игнат Сомов родился", "Твери"), ("PERSON:is", "CITY:tv")),
        fact(b, "Игнат Сомов", "DATE_OF_DEATH", "2 мая 2011 года", PD,
             ("Игнат Сомов умер", "2 мая 2011 года"), ("PERSON:is", "DATE:d2")),
    ]  # fmt: skip
    triples = [dataclasses.replace(t, confidence=0.95) for t in sure]
    triples += [dataclasses.replace(t, confidence=0.3) for t in unsure]  # below the threshold
    recorder = _Recorder()
    question_warmup_stage(
        LocalEngine(1),
        triples,
        [a, b],
        llm_settings=None,
        per_type=5,
        llm=recorder,  # type: ignore[arg-type]
    )
    asked = {f.subject_id for sub in recorder.seen for f in sub.facts}
    assert recorder.seen and asked == {"PERSON:fi"}, asked
    # in the order the selection visits them
    graph = question_graph(triples, {d.id: d.full_text for d in (a, b)})
    simple = [s.key for s in iter_subgraphs(graph, "simple", random.Random("0:simple"))]
    assert [s.key for s in recorder.seen if s.type == "simple"] == simple[: len(simple)]


def _bridged() -> tuple[list[Any], list[Triple]]:
    a = doc("a", "Фёдор Ивлин родился 3 января 1930 года. Фёдор Ивлин жил в Ржеве.")
    b = doc("b", "Фёдор Ивлин умер 6 марта 2019 года в Твери. Его похоронили на родине.")
    ts = [
        fact(a, "Фёдор Ивлин", "DATE_OF_BIRTH", "3 января 1930 года", PD,
             ("Фёдор Ивлин родился", "3 января 1930 года"), ("PERSON:fi", "DATE:b")),
        fact(b, "Фёдор Ивлин", "PLACE_OF_DEATH", "Тверь", PC,
             ("Фёдор Ивлин умер", "Твери"), ("PERSON:fi", "CITY:tv")),
    ]  # fmt: skip
    return [a, b], ts


def test_sampled_chains_carry_their_phrasings() -> None:
    docs, ts = _bridged()
    graph = question_graph(ts, {d.id: d.full_text for d in docs})
    subs = list(iter_subgraphs(graph, "multi_hop", random.Random(0)))
    assert subs and all(s.phrasings for s in subs), subs
    assert any("3 января 1930 года" in text for s in subs for _, text in s.phrasings)


PP = ("PERSON", "PROFESSION")


def _asked(ts: list[Triple], docs: list[Any], qtype: str, per_type: int = 20) -> dict[str, Any]:
    qs = generate_questions(ts, docs, per_type=per_type, types=(qtype,))
    return {q.question: q.answers for q in qs}


def test_an_age_at_death_is_a_condition() -> None:
    a = doc("a", "Лётчик Виктор Лапин родился в Ржеве. Виктор Лапин умер в возрасте 65 лет.")
    b = doc("b", "Игнат Сомов родился в Ржеве. Игнат Сомов живёт в Твери.")
    c = doc("c", "Олег Дронов умер в возрасте 65 лет. Олег Дронов родился в Орше.")
    ts = [
        fact(a, "Виктор Лапин", "PLACE_OF_BIRTH", "Ржев", PC,
             ("Виктор Лапин родился", "Ржеве"), ("PERSON:vl", "CITY:rz")),
        fact(a, "Виктор Лапин", "AGE_DIED_AT", "65 лет", ("PERSON", "AGE"),
             ("Виктор Лапин умер", "65 лет"), ("PERSON:vl", "AGE:65")),
        fact(b, "Игнат Сомов", "PLACE_OF_BIRTH", "Ржев", PC,
             ("Игнат Сомов родился", "Ржеве"), ("PERSON:is", "CITY:rz")),
        fact(b, "Игнат Сомов", "PLACE_RESIDES_IN", "Тверь", PC,
             ("Игнат Сомов живёт", "Твери"), ("PERSON:is", "CITY:tv")),
        fact(c, "Олег Дронов", "AGE_DIED_AT", "65 лет", ("PERSON", "AGE"),
             ("Олег Дронов умер", "65 лет"), ("PERSON:od", "AGE:65")),
        fact(c, "Олег Дронов", "PLACE_OF_BIRTH", "Орша", PC,
             ("Олег Дронов родился", "Орше"), ("PERSON:od", "CITY:or")),
    ]  # fmt: skip
    asked = _asked(ts, [a, b, c], "conditional")
    mine = [q for q, answers in asked.items() if answers == ("Виктор Лапин",)]
    assert mine and all("умер в возрасте 65 лет" in q for q in mine), asked


def test_an_age_is_put_in_the_genitive_of_its_number() -> None:
    assert [age_phrase(a) for a in ("52 года", "21 год", "59 лет", "111 лет", "1 год")] == [
        "52 лет",
        "21 года",
        "59 лет",
        "111 лет",
        "1 года",
    ]


def test_a_charge_named_by_its_doer_is_no_condition() -> None:
    a = doc("a", "Игнат Сомов обвинён в поджигателе. Игнат Сомов родился в Ржеве.")
    b = doc("b", "Олег Дронов родился в Ржеве. Олег Дронов обвинён в поджигателе.")
    ts = [
        fact(a, "Игнат Сомов", "CONVICTED_OF", "поджигатель", ("PERSON", "CRIME"),
             ("Игнат Сомов обвинён", "поджигателе"), ("PERSON:is", "CRIME:p")),
        fact(a, "Игнат Сомов", "PLACE_OF_BIRTH", "Ржев", PC,
             ("Игнат Сомов родился", "Ржеве"), ("PERSON:is", "CITY:rz")),
        fact(b, "Олег Дронов", "PLACE_OF_BIRTH", "Ржев", PC,
             ("Олег Дронов родился", "Ржеве"), ("PERSON:od", "CITY:rz")),
    ]  # fmt: skip
    graph = question_graph(ts, {d.id: d.full_text for d in (a, b)})
    assert not list(iter_subgraphs(graph, "conditional", random.Random(0)))


def test_every_subject_is_asked_once_before_any_is_asked_twice() -> None:
    a = doc("a", "Фёдор Ивлин родился 3 января 1930 года. Фёдор Ивлин жил в Ржеве.")
    b = doc("b", "Фёдор Ивлин умер 6 марта 2019 года. Фёдор Ивлин работал в «Роскосмосе».")
    c = doc("c", "Игнат Сомов родился 2 мая 1941 года. Игнат Сомов жил в Твери.")
    d = doc("d", "Игнат Сомов умер 9 июня 2011 года. Игнат Сомов работал в «Газпроме».")
    ts = [
        fact(a, "Фёдор Ивлин", "DATE_OF_BIRTH", "3 января 1930 года", PD,
             ("Фёдор Ивлин родился", "3 января 1930 года"), ("PERSON:fi", "DATE:b1")),
        fact(a, "Фёдор Ивлин", "PLACE_RESIDES_IN", "Ржев", PC,
             ("Фёдор Ивлин жил", "Ржеве"), ("PERSON:fi", "CITY:rz")),
        fact(b, "Фёдор Ивлин", "DATE_OF_DEATH", "6 марта 2019 года", PD,
             ("Фёдор Ивлин умер", "6 марта 2019 года"), ("PERSON:fi", "DATE:d1")),
        fact(b, "Фёдор Ивлин", "WORKPLACE", "Роскосмос", ("PERSON", "ORGANIZATION"),
             ("Фёдор Ивлин работал", "«Роскосмосе»"), ("PERSON:fi", "ORGANIZATION:rk")),
        fact(c, "Игнат Сомов", "DATE_OF_BIRTH", "2 мая 1941 года", PD,
             ("Игнат Сомов родился", "2 мая 1941 года"), ("PERSON:is", "DATE:b2")),
        fact(c, "Игнат Сомов", "PLACE_RESIDES_IN", "Тверь", PC,
             ("Игнат Сомов жил", "Твери"), ("PERSON:is", "CITY:tv")),
        fact(d, "Игнат Сомов", "DATE_OF_DEATH", "9 июня 2011 года", PD,
             ("Игнат Сомов умер", "9 июня 2011 года"), ("PERSON:is", "DATE:d2")),
        fact(d, "Игнат Сомов", "WORKPLACE", "Газпром", ("PERSON", "ORGANIZATION"),
             ("Игнат Сомов работал", "«Газпроме»"), ("PERSON:is", "ORGANIZATION:gp")),
    ]  # fmt: skip
    graph = question_graph(ts, {x.id: x.full_text for x in (a, b, c, d)})
    subs = list(iter_subgraphs(graph, "conditional", random.Random(0)))
    assert len(subs) >= 4, subs
    assert {s.answer_ids for s in subs[:2]} == {("PERSON:fi",), ("PERSON:is",)}, subs[:2]
    assert max(sum(s.answer_ids == x.answer_ids for s in subs) for x in subs) <= 3


def test_a_death_date_no_other_sentence_gives_describes_its_subject() -> None:
    # «года» ends every date: a sentence telling another death in another year is no rival
    a = doc("a", "Фёдор Ивлин умер 5 июня 2016 года. Его учитель скончался осенью 1999 года.")
    b = doc("b", "Фёдор Ивлин родился в Ржеве. Позже он уехал учиться.")
    ts = [
        fact(a, "Фёдор Ивлин", "DATE_OF_DEATH", "5 июня 2016 года", PD,
             ("Фёдор Ивлин умер", "5 июня 2016 года"), ("PERSON:fi", "DATE:d")),
        fact(b, "Фёдор Ивлин", "PLACE_OF_BIRTH", "Ржев", PC,
             ("Фёдор Ивлин родился", "Ржеве"), ("PERSON:fi", "CITY:rz")),
    ]  # fmt: skip
    asked = _asked(ts, [a, b], "multi_hop")
    assert any(
        "умер 5 июня 2016 года" in q and answers == ("Ржев",) for q, answers in asked.items()
    ), asked


def test_charges_homes_and_spouses_are_asked_as_sets() -> None:
    a = doc(
        "a",
        "Игната Сомова обвиняют в мошенничестве. Игнат Сомов жил в Ржеве и Твери. "
        "Игнат Сомов был женат на Анне Лавровой.",
    )
    b = doc(
        "b",
        "Игнат Сомов обвиняется также в растрате. Раньше Игнат Сомов был женат на Ольге Дроновой.",
    )
    po = ("PERSON", "PERSON")
    ts = [
        fact(a, "Игнат Сомов", "CONVICTED_OF", "мошенничество", ("PERSON", "CRIME"),
             ("Игната Сомова обвиняют", "мошенничестве"), ("PERSON:is", "CRIME:m")),
        fact(b, "Игнат Сомов", "CONVICTED_OF", "растрата", ("PERSON", "CRIME"),
             ("Игнат Сомов обвиняется", "растрате"), ("PERSON:is", "CRIME:r")),
        fact(a, "Игнат Сомов", "PLACE_RESIDES_IN", "Ржев", PC,
             ("Игнат Сомов жил", "Ржеве"), ("PERSON:is", "CITY:rz")),
        fact(a, "Игнат Сомов", "PLACE_RESIDES_IN", "Тверь", PC,
             ("Игнат Сомов жил", "Твери"), ("PERSON:is", "CITY:tv")),
        fact(a, "Игнат Сомов", "SPOUSE", "Анна Лаврова", po,
             ("Игнат Сомов был женат", "Анне Лавровой"), ("PERSON:is", "PERSON:al"), "past"),
        fact(b, "Игнат Сомов", "SPOUSE", "Ольга Дронова", po,
             ("Игнат Сомов был женат", "Ольге Дроновой"), ("PERSON:is", "PERSON:od"), "past"),
    ]  # fmt: skip
    asked = _asked(ts, [a, b], "set")
    assert asked.get("В чём обвиняют Игната Сомова?") == ("мошенничество", "растрата") or (
        asked.get("В каких преступлениях обвиняют Игната Сомова?") == ("мошенничество", "растрата")
    ), asked
    assert asked.get("В каких городах жил Игнат Сомов?") == ("Ржев", "Тверь"), asked
    assert asked.get("С кем состоял в браке Игнат Сомов?") == ("Анна Лаврова", "Ольга Дронова"), (
        asked
    )


def test_a_post_the_kg_holds_again_under_another_id_leaves_the_set_whole() -> None:
    a = doc("a", "Режиссёр и сценарист Нанни Лотти снял новый фильм.")
    b = doc("b", "Известный режиссёр Нанни Лотти приехал в Рим.")
    ts = [
        fact(a, "Нанни Лотти", "WORKS_AS", "режиссёр", PP,
             ("Нанни Лотти", "Режиссёр"), ("PERSON:nl", "PROFESSION:r @a")),
        fact(a, "Нанни Лотти", "WORKS_AS", "сценарист", PP,
             ("Нанни Лотти", "сценарист"), ("PERSON:nl", "PROFESSION:s @a")),
    ]  # fmt: skip
    unsure = fact(b, "Нанни Лотти", "WORKS_AS", "режиссёр", PP,
                  ("Нанни Лотти", "режиссёр"), ("PERSON:nl", "PROFESSION:r @b"))  # fmt: skip
    other = fact(b, "Нанни Лотти", "WORKS_AS", "продюсер", PP,
                 ("Нанни Лотти", "Известный"), ("PERSON:nl", "PROFESSION:p @b"))  # fmt: skip
    low = [dataclasses.replace(t, confidence=0.95) for t in ts]
    whole = _asked(low + [dataclasses.replace(unsure, confidence=0.3)], [a, b], "set")
    assert list(whole.values()) == [("режиссёр", "сценарист")], whole
    # a member the KG holds but cannot show still leaves no set
    part = _asked(low + [dataclasses.replace(other, confidence=0.3)], [a, b], "set")
    assert not part, part


def test_a_founding_date_is_a_condition_and_one_verb_is_not_said_twice() -> None:
    a = doc("a", "Группа «Тихий сад» была основана в 1981 году. Её основал Марк Лотти.")
    b = doc("b", "Группа «Тихий сад» базируется в Лидсе. Студия «Свет» тоже основана в 1981 году.")
    c = doc("c", "Студия «Свет» базируется в Йорке. Студия «Свет» выпускает фильмы.")
    po, od, oc = ("ORGANIZATION", "PERSON"), ("ORGANIZATION", "DATE"), ("ORGANIZATION", "CITY")
    ts = [
        fact(a, "Тихий сад", "DATE_FOUNDED_IN", "1981 год", od,
             ("«Тихий сад» была", "1981 году"), ("ORGANIZATION:ts", "DATE:1981")),
        fact(a, "Тихий сад", "FOUNDED_BY", "Марк Лотти", po,
             ("Её основал", "Марк Лотти"), ("ORGANIZATION:ts", "PERSON:ml")),
        fact(b, "Тихий сад", "HEADQUARTERED_IN", "Лидс", oc,
             ("Группа «Тихий сад» базируется", "Лидсе"), ("ORGANIZATION:ts", "CITY:l")),
        fact(b, "Свет", "DATE_FOUNDED_IN", "1981 год", od,
             ("Студия «Свет» тоже", "1981 году"), ("ORGANIZATION:sv", "DATE:1981")),
        fact(c, "Свет", "HEADQUARTERED_IN", "Йорк", oc,
             ("Студия «Свет» базируется", "Йорке"), ("ORGANIZATION:sv", "CITY:y")),
    ]  # fmt: skip
    graph = question_graph(ts, {x.id: x.full_text for x in (a, b, c)})
    texts = [
        t for s in iter_subgraphs(graph, "conditional", random.Random(0)) for _, t in s.phrasings
    ]
    assert any("основана в 1981 году" in t and "Марк" not in t for t in texts), texts
    assert not any(t.count("основ") > 1 for t in texts), texts


def test_a_sibling_is_a_condition() -> None:
    a = doc("a", "Пётр Лавров приходится братом Анне Лавровой. Так сообщили родные.")
    b = doc("b", "Пётр Лавров родился 2 ноября 1948 года. Он вырос в Ржеве.")
    c = doc(
        "c", "Олег Дронов родился 2 ноября 1948 года. Олег Дронов приходится братом Игнату Дронову."
    )
    pp = ("PERSON", "PERSON")
    ts = [
        fact(a, "Пётр Лавров", "SIBLING", "Анна Лаврова", pp,
             ("Пётр Лавров приходится", "Анне Лавровой"), ("PERSON:pl", "PERSON:al")),
        fact(b, "Пётр Лавров", "DATE_OF_BIRTH", "2 ноября 1948 года", PD,
             ("Пётр Лавров родился", "2 ноября 1948 года"), ("PERSON:pl", "DATE:b")),
        fact(c, "Олег Дронов", "DATE_OF_BIRTH", "2 ноября 1948 года", PD,
             ("Олег Дронов родился", "2 ноября 1948 года"), ("PERSON:od", "DATE:b")),
    ]  # fmt: skip
    graph = question_graph(ts, {x.id: x.full_text for x in (a, b, c)})
    texts = [
        t for s in iter_subgraphs(graph, "conditional", random.Random(0)) for _, t in s.phrasings
    ]
    assert any("приходится братом Анне Лавровой" in t for t in texts), texts


def test_a_trade_beside_a_named_spouse_is_sharp() -> None:
    # many are actors, few are married to Анна Лаврова: «Какой актёр ...» needs no full date
    a = doc("a", "Актёр Пётр Лавров сыграл Гамлета. Так говорят критики.")
    b = doc("b", "Пётр Лавров был женат на Анне Лавровой. Они жили в Ржеве.")
    c = doc("c", "Актёр Олег Дронов сыграл Отелло. Олег Дронов был женат на Ольге Дроновой.")
    pp = ("PERSON", "PERSON")
    ts = [
        fact(a, "Пётр Лавров", "WORKS_AS", "актёр", PP,
             ("Пётр Лавров", "Актёр"), ("PERSON:pl", "PROFESSION:actor")),
        fact(b, "Пётр Лавров", "SPOUSE", "Анна Лаврова", pp,
             ("Пётр Лавров был женат", "Анне Лавровой"), ("PERSON:pl", "PERSON:al"), "past"),
        fact(c, "Олег Дронов", "WORKS_AS", "актёр", PP,
             ("Олег Дронов", "Актёр"), ("PERSON:od", "PROFESSION:actor")),
    ]  # fmt: skip
    graph = question_graph(ts, {x.id: x.full_text for x in (a, b, c)})
    texts = [
        t for s in iter_subgraphs(graph, "conditional", random.Random(0)) for _, t in s.phrasings
    ]
    assert "Какой актёр состоял в браке с Анной Лавровой?" in texts, texts


def test_a_trade_of_a_kind_beside_the_same_trade_of_a_body_is_no_set() -> None:
    a = doc("a", "Журналист «Вестника» Игнат Сомов выпустил книгу. Так сообщили в редакции.")
    b = doc("b", "Журналист-расследователь Игнат Сомов задержан. Об этом сообщили коллеги.")
    c = doc("c", "Игнат Сомов, писатель и поэт, выступил в Твери. Вечер прошёл с успехом.")
    ts = [
        fact(a, "Игнат Сомов", "WORKS_AS", "журналист «Вестника»", PP,
             ("Игнат Сомов", "Журналист «Вестника»"), ("PERSON:is", "PROFESSION:j @a")),
        fact(b, "Игнат Сомов", "WORKS_AS", "журналист-расследователь", PP,
             ("Игнат Сомов", "Журналист-расследователь"), ("PERSON:is", "PROFESSION:jr @b")),
    ]  # fmt: skip
    assert not _asked(ts, [a, b], "set")
    # two trades of their own are a set
    ts2 = [
        fact(c, "Игнат Сомов", "WORKS_AS", "писатель", PP,
             ("Игнат Сомов", "писатель"), ("PERSON:is", "PROFESSION:w @c")),
        fact(c, "Игнат Сомов", "WORKS_AS", "поэт", PP,
             ("Игнат Сомов", "поэт"), ("PERSON:is", "PROFESSION:p @c")),
    ]  # fmt: skip
    assert list(_asked(ts2, [c], "set").values()) == [("писатель", "поэт")]


def test_a_person_named_by_a_surname_another_person_bears_is_not_asked() -> None:
    # «Петренко» is the KG's name for him, and «Елена Петренко» is his former wife
    a = doc("a", "Петренко родился в 1954 году. Позже Петренко женился на Божене Рыльской.")
    b = doc("b", "Елена Петренко родилась в 1960 году. Она живёт в Твери.")
    c = doc("c", "Игнат Сомов родился в 1954 году. Игнат Сомов женат на Анне Лавровой.")
    pp = ("PERSON", "PERSON")
    ts = [
        fact(a, "Петренко", "DATE_OF_BIRTH", "1954 год", PD,
             ("Петренко родился", "1954 году"), ("PERSON:p", "DATE:1954")),
        fact(a, "Петренко", "SPOUSE", "Божена Рыльская", pp,
             ("Петренко женился", "Божене Рыльской"), ("PERSON:p", "PERSON:br")),
        fact(b, "Елена Петренко", "DATE_OF_BIRTH", "1960 год", PD,
             ("Елена Петренко родилась", "1960 году"), ("PERSON:ep", "DATE:1960")),
        fact(c, "Игнат Сомов", "DATE_OF_BIRTH", "1954 год", PD,
             ("Игнат Сомов родился", "1954 году"), ("PERSON:is", "DATE:1954")),
        fact(c, "Игнат Сомов", "SPOUSE", "Анна Лаврова", pp,
             ("Игнат Сомов женат", "Анне Лавровой"), ("PERSON:is", "PERSON:al")),
    ]  # fmt: skip
    graph = question_graph(ts, {x.id: x.full_text for x in (a, b, c)})
    assert graph.namesake("PERSON:p") and not graph.namesake("PERSON:is")
    offered = list(iter_subgraphs(graph, "conditional", random.Random(0)))
    assert any(s.answer_ids == ("PERSON:p",) for s in offered)  # phrased, then refused
    asked = _asked(ts, [a, b, c], "conditional")
    assert asked and all(answers != ("Петренко",) for answers in asked.values()), asked


def test_a_school_told_beside_another_school_is_not_asked_alone() -> None:
    a = doc(
        "a",
        "Игнат Сомов родился 17 марта 1974 года. В 1996 году он окончил Тверской университет, "
        "в 2000 году — Ржевский институт связи.",
    )
    b = doc(
        "b", "Олег Дронов родился 2 мая 1941 года. Олег Дронов окончил Ржевский институт связи."
    )
    po = ("PERSON", "ORGANIZATION")
    ts = [
        fact(a, "Игнат Сомов", "DATE_OF_BIRTH", "17 марта 1974 года", PD,
             ("Игнат Сомов родился", "17 марта 1974 года"), ("PERSON:is", "DATE:b1")),
        fact(a, "Игнат Сомов", "SCHOOLS_ATTENDED", "Ржевский институт связи", po,
             ("он окончил", "Ржевский институт связи"), ("PERSON:is", "ORGANIZATION:ri")),
        fact(b, "Олег Дронов", "DATE_OF_BIRTH", "2 мая 1941 года", PD,
             ("Олег Дронов родился", "2 мая 1941 года"), ("PERSON:od", "DATE:b2")),
        fact(b, "Олег Дронов", "SCHOOLS_ATTENDED", "Ржевский институт связи", po,
             ("Олег Дронов окончил", "Ржевский институт связи"), ("PERSON:od", "ORGANIZATION:ri")),
    ]  # fmt: skip
    asked = _asked(ts, [a, b], "multi_hop")
    schools = {q: a for q, a in asked.items() if a == ("Ржевский институт связи",)}
    # Дронов's one school is asked; Сомов's sentence names a second one the KG missed
    assert any("2 мая 1941 года" in q for q in schools), asked
    assert not any("17 марта 1974 года" in q for q in schools), asked
