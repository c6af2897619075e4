"""The failure classes of the sixth end-to-end blind read
(benchmarks/question_reads/2026-12-01-e2e-dev-6-grades.jsonl) and the guessable countries of
the gold read, each on a constructed Russian case that produced the defect with the generator
the reads graded (main at 770841d)."""

from __future__ import annotations

import random
from dataclasses import replace

from dragon_bench.kg.mentions import Mention
from dragon_bench.kg.naming import resolve_people
from dragon_bench.questions.filters import SupportIndex
from dragon_bench.questions.sampling import FactGraph, Subgraph
from dragon_bench.questions.shapes.base import Context
from tests.questions.helpers import asked as _asked
from tests.questions.helpers import doc, fact

PP = ("PERSON", "PROFESSION")
PC = ("PERSON", "COUNTRY")


def _answers(asked: dict) -> set[str]:
    return {a for got in asked.values() for a in got}


def test_a_profession_is_not_asked_when_the_texts_give_the_subject_another_trade() -> None:
    # «Кем по профессии был Владимир Зворыкин?» -> «изобретатель»: his text also has him
    # graduate as an engineer; one who has a single trade in the texts is still asked, and
    # a role he plays («Доктор Питера Крюкова», in the genitive) is none of his trades
    d = doc("z", "Открыт памятник изобретателю телевидения Владимиру Огнёву. "
                 "Владимир Огнёв окончил институт, получив диплом инженера. "
                 "Изобретатель Владимир Огнёв жил в Омске. "
                 "Скульптор Питер Крюков приехал в Омск. Крюков родился в Москве. "
                 "Доктор Питера Крюкова появится в фильме. "
                 "Брат художницы Анны Крюковой уехал.")  # fmt: skip
    ts = [
        fact(d, "Владимир Огнёв", "WORKS_AS", "изобретатель", PP,
             ("Владимир Огнёв", "Изобретатель"), ("PERSON:v", "PROFESSION:i"), "past"),
        fact(d, "Питер Крюков", "WORKS_AS", "скульптор", PP, ("Питер Крюков", "Скульптор"),
             ("PERSON:p", "PROFESSION:s")),
    ]  # fmt: skip
    answers = _answers(_asked(ts, [d]))
    assert "изобретатель" not in answers, answers
    assert "скульптор" in answers, answers


def test_a_post_is_not_asked_when_the_kg_or_the_text_gives_the_subject_others() -> None:
    # «Какую должность занимает Вячеслав Тимченко?» -> «сенатор», while he also heads a
    # council; «президент Института Пушкина» while the KG has the same man (under a shorter
    # name) as «академик» below the question threshold
    d = doc("t", "Сенатор Вячеслав Смелков внёс законопроект. "
                 "Вячеслав Смелков занимает должность руководителя совета партии. "
                 "Умер президент Института Крылова Виталий Григорьевич Огарёв. "
                 "Умер академик Виталий Огарёв. "
                 "Скульптор Пётр Крюков приехал в Омск. Крюков родился в Москве.")  # fmt: skip
    ts = [
        fact(d, "Вячеслав Смелков", "WORKS_AS", "сенатор", PP, ("Вячеслав Смелков", "Сенатор"),
             ("PERSON:v", "PROFESSION:s")),
        fact(d, "Виталий Григорьевич Огарёв", "WORKS_AS", "президент Института Крылова", PP,
             ("Виталий Григорьевич Огарёв", "президент Института Крылова"),
             ("PERSON:vg", "PROFESSION:p"), "past"),
        fact(d, "Виталий Огарёв", "WORKS_AS", "академик", PP, ("Виталий Огарёв", "академик"),
             ("PERSON:vo", "PROFESSION:a"), "past"),
        fact(d, "Пётр Крюков", "WORKS_AS", "скульптор", PP, ("Пётр Крюков", "Скульптор"),
             ("PERSON:p", "PROFESSION:m")),
    ]  # fmt: skip
    ts[2] = replace(ts[2], confidence=0.01)  # below the question threshold
    answers = _answers(_asked(ts, [d]))
    assert "сенатор" not in answers, answers
    assert "президент Института Крылова" not in answers, answers
    assert "скульптор" in answers, answers


def test_the_country_of_a_well_known_region_is_not_asked() -> None:
    # «В какой стране располагается Канагава?» -> Япония: a reader places the prefecture;
    # a region a reader does not know is still asked
    d = doc("k", "Амано родился в префектуре Канагава в Японии. "
                 "Огнев родился в Мардавской области в Лудонии.")  # fmt: skip
    sc = ("STATE_OR_PROVINCE", "COUNTRY")
    ts = [
        fact(d, "Канагава", "LOCATED_IN", "Япония", sc, ("Канагава", "Японии"),
             ("STATE_OR_PROVINCE:k", "COUNTRY:j")),
        fact(d, "Мардавская область", "LOCATED_IN", "Лудония", sc,
             ("Мардавской области", "Лудонии"), ("STATE_OR_PROVINCE:m", "COUNTRY:l")),
    ]  # fmt: skip
    answers = _answers(_asked(ts, [d]))
    assert "Япония" not in answers, answers
    # since read 9 no place's country is asked, known or not (test_blind_reads_9: «В какой
    # стране находится Славянск?» passed this screen)
    assert "Лудония" not in answers, answers


def test_the_country_a_head_of_state_represents_is_not_asked() -> None:
    # «Какую страну представлял Акихито?» -> Япония: the emperor of Japan represents Japan
    d = doc("a", "Император Японии Акихито отрёкся от престола. Акихито представлял Японию. "
                 "Инженер Пётр Крюков представлял Лудонию на выставке.")  # fmt: skip
    ts = [
        fact(d, "Акихито", "WORKS_AS", "император Японии", PP, ("Акихито", "Император Японии"),
             ("PERSON:a", "PROFESSION:e")),
        fact(d, "Акихито", "WORKPLACE", "Япония", PC, ("Акихито", "Японию"),
             ("PERSON:a", "COUNTRY:j")),
        fact(d, "Пётр Крюков", "WORKPLACE", "Лудония", PC, ("Пётр Крюков", "Лудонию"),
             ("PERSON:p", "COUNTRY:l")),
    ]  # fmt: skip
    answers = _answers(_asked(ts, [d]))
    assert "Япония" not in answers, answers
    assert "Лудония" in answers, answers


def test_a_nationality_is_guessable_from_the_city_a_question_names() -> None:
    # «Кто по национальности тот, кто умер в Бергамо?» -> итальянец (the gold read), and the
    # country of the region a person worked in, when the region is the bridge (Гессен)
    d = doc("b", "Джованни Росси умер в Бергамо. Росси был итальянцем. "
                 "Пётр Огнев умер в Мардавске. Огнев был лудонцем.")  # fmt: skip
    pn, pcity = ("PERSON", "NATIONALITY"), ("PERSON", "CITY")
    died = fact(d, "Джованни Росси", "PLACE_OF_DEATH", "Бергамо", pcity,
                ("Джованни Росси", "Бергамо"), ("PERSON:r", "CITY:b"))  # fmt: skip
    nation = fact(d, "Джованни Росси", "ORIGINS_FROM", "итальянец", pn,
                  ("Джованни Росси", "итальянцем"), ("PERSON:r", "NATIONALITY:i"))  # fmt: skip
    died2 = fact(d, "Пётр Огнев", "PLACE_OF_DEATH", "Мардавск", pcity,
                 ("Пётр Огнев", "Мардавске"), ("PERSON:o", "CITY:m"))  # fmt: skip
    nation2 = fact(d, "Пётр Огнев", "ORIGINS_FROM", "лудонец", pn,
                   ("Пётр Огнев", "лудонцем"), ("PERSON:o", "NATIONALITY:l"))  # fmt: skip
    from dragon_bench.questions.shapes.base import place_gives_country

    ts = [died, nation, died2, nation2]
    graph = FactGraph(ts, texts={d.id: d.full_text})
    ctx = Context(graph, {d.id: d.full_text}, SupportIndex({d.id: d.full_text}), random.Random(0))
    by = {(f.subject_id, f.relation): f for f in graph.all_facts}

    def sub(person: str, answer: str, answer_id: str) -> Subgraph:
        facts = (by[(person, "PLACE_OF_DEATH")], by[(person, "ORIGINS_FROM")])
        return Subgraph("multi_hop", facts, (answer,), (answer_id,), ask="subject_bridge")

    assert place_gives_country(sub("PERSON:r", "итальянец", "NATIONALITY:i"), ctx)
    assert not place_gives_country(sub("PERSON:o", "лудонец", "NATIONALITY:l"), ctx)
    hesse = doc("h", "Фолькер Буфье работал в земле Гессен. Гессен находится в Германии.")
    ts = [
        fact(hesse, "Фолькер Буфье", "WORKPLACE", "Гессен", ("PERSON", "STATE_OR_PROVINCE"),
             ("Фолькер Буфье", "Гессен"), ("PERSON:f", "STATE_OR_PROVINCE:h")),
        fact(hesse, "Гессен", "LOCATED_IN", "Германия", ("STATE_OR_PROVINCE", "COUNTRY"),
             ("Гессен находится", "Германии"), ("STATE_OR_PROVINCE:h", "COUNTRY:g")),
    ]  # fmt: skip
    graph = FactGraph(ts, texts={hesse.id: hesse.full_text})
    ctx = Context(graph, {"h": hesse.full_text}, SupportIndex({"h": hesse.full_text}), ctx.rng)
    facts = tuple(sorted(graph.all_facts, key=lambda f: f.relation != "WORKPLACE"))
    chain = Subgraph("multi_hop", facts, ("Германия",), ("COUNTRY:g",), bridge="Гессен")
    assert place_gives_country(chain, ctx)
    # a head of state the question hides («человек, который родился 23 мая 1949 года») does
    # not give his country away
    peru = doc("p", "Президент Японии Алан Огнев родился 23 мая 1949 года. Огнев работал в Японии.")
    ts = [
        fact(peru, "Алан Огнев", "WORKS_AS", "президент Японии", PP,
             ("Алан Огнев", "Президент Японии"), ("PERSON:a", "PROFESSION:p")),
        fact(peru, "Алан Огнев", "DATE_OF_BIRTH", "23 мая 1949 года", ("PERSON", "DATE"),
             ("Алан Огнев", "23 мая 1949 года"), ("PERSON:a", "DATE:d")),
        fact(peru, "Алан Огнев", "WORKPLACE", "Япония", PC, ("Огнев работал", "Японии"),
             ("PERSON:a", "COUNTRY:j")),
    ]  # fmt: skip
    graph = FactGraph(ts, texts={"p": peru.full_text})
    ctx = Context(graph, {"p": peru.full_text}, SupportIndex({"p": peru.full_text}), ctx.rng)
    by = {f.relation: f for f in graph.all_facts}
    named = Subgraph("simple", (by["WORKPLACE"],), ("Япония",), ("COUNTRY:j",), ask="object")
    assert place_gives_country(named, ctx)
    hidden = Subgraph(
        "multi_hop", (by["DATE_OF_BIRTH"], by["WORKPLACE"]), ("Япония",), ("COUNTRY:j",),
        ask="subject_bridge", bridge="Алан Огнев", bridge_id="PERSON:a",
    )  # fmt: skip
    assert not place_gives_country(hidden, ctx)


def _mention(text: str, at: int, sent: int = 0) -> Mention:
    return Mention(at, at + len(text), "PERSON", sent, 0, text)


def test_two_adjacent_names_are_not_glued_into_one_person() -> None:
    # «Императора сменит сын Акихито Нарухито»: the NER took «Акихито Нарухито» as one span,
    # and every «Акихито» of the text became the made-up «Акихито Нарухито»
    # a person introduced by a full name the dictionary does not know goes on by the second
    # word and keeps the full name («Кобе Брайант» ... «Кобе» ... «Брайант», «Брайант»)
    names = {
        _mention("Акихито", 0): "Акихито",
        _mention("Акихито", 10, 1): "Акихито",
        _mention("Нарухито", 20, 2): "Нарухито",
        _mention("Акихито Нарухито", 40, 3): "Акихито Нарухито",
        _mention("Кобе Брайант", 80, 4): "Кобе Брайант",
        _mention("Кобе", 100, 5): "Кобе",
        _mention("Брайант", 110, 6): "Брайант",
        _mention("Брайант", 120, 7): "Брайант",
    }
    out = resolve_people(names)
    assert sorted(set(out.values())) == ["Акихито", "Кобе Брайант", "Нарухито"], out
