"""Guessable classes of TRAIN reads j and k (helper guess20): a Latin-script name read in
Cyrillic gives the answer away, a city in an organisation's name gives its country, and an
organisation's name that places it («... в Беркли») gives its seat; each on a constructed
Russian case that failed with the generator before the fix."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from dragon_bench.questions.sampling import Fact, FactGraph, Subgraph
from dragon_bench.questions.shapes.base import guessable, place_gives_country, seat_in_name
from dragon_bench.questions.translit import cyrillic
from tests.questions.helpers import doc, fact

OC = ("ORGANIZATION", "COUNTRY")
CC = ("CITY", "COUNTRY")
OCI = ("ORGANIZATION", "CITY")


def test_latin_words_are_spelled_in_cyrillic() -> None:
    assert cyrillic("Sydney") == "сидней"
    assert cyrillic("Winnipeg") == "виннипег"
    assert cyrillic("Bundesbank") == "бундесбанк"
    assert cyrillic("Мельбурн") == "мельбурн"


def test_an_answer_spelled_in_latin_in_the_question_is_guessable() -> None:
    # «Winnipeg Sun» in the question gives away the city Виннипег
    assert guessable("Виннипег", "В каком городе выходит газета Winnipeg Sun?")
    assert guessable("Мельбурн", "Где находится редакция The Melbourne Age?")
    assert not guessable("Торонто", "В каком городе выходит газета Winnipeg Sun?")


def _graph(*extra: str) -> tuple[FactGraph, list[Fact]]:
    d = doc(
        "g",
        "Газеты Канады и Австралии\nГазета Winnipeg Free Press выходит в Канаде. "
        "Газета Sydney Morning Herald выходит в Австралии. Газета Evening Post выходит в Канаде. "
        + " ".join(extra),
    )
    ts = [
        fact(d, "Winnipeg Free Press", "LOCATED_IN", "Канада", OC,
             ("Winnipeg Free Press", "Канаде"), ("ORGANIZATION:w", "COUNTRY:c")),
        fact(d, "Sydney Morning Herald", "LOCATED_IN", "Австралия", OC,
             ("Sydney Morning Herald", "Австралии"), ("ORGANIZATION:s", "COUNTRY:a")),
        fact(d, "Evening Post", "LOCATED_IN", "Канада", OC,
             ("Evening Post", "Канаде. "), ("ORGANIZATION:e", "COUNTRY:c")),
    ]  # fmt: skip
    if extra:
        ts.append(
            fact(d, "Виннипег", "LOCATED_IN", "Канада", CC, ("Виннипег", "Канады"),
                 ("CITY:v", "COUNTRY:c"))
        )  # fmt: skip
    g = FactGraph(ts, texts={d.id: d.full_text})
    return g, g.all_facts


def _gives(g: FactGraph, f: Fact) -> bool:
    sub = Subgraph("simple", (f,), (f.object,), (f.object_id,))
    ctx: Any = SimpleNamespace(graph=g)
    return place_gives_country(sub, ctx)


def _by_subject(facts: list[Fact], name: str) -> Fact:
    return next(f for f in facts if f.subject == name)


def test_a_well_known_city_in_an_organisation_name_gives_its_country() -> None:
    g, facts = _graph()
    assert _gives(g, _by_subject(facts, "Sydney Morning Herald"))  # Сидней -> Австралия
    assert not _gives(g, _by_subject(facts, "Evening Post"))


def test_a_city_the_kg_places_in_a_country_gives_an_organisation_named_after_it() -> None:
    g, facts = _graph()
    assert not _gives(g, _by_subject(facts, "Winnipeg Free Press"))  # not a well-known city
    g, facts = _graph("Виннипег - город Канады.")
    assert _gives(g, _by_subject(facts, "Winnipeg Free Press"))


def _seat(name: str) -> bool:
    d = doc("u", f"Новости науки\n{name} находится в городе Окленд.")
    t = fact(d, name, "HEADQUARTERED_IN", "Окленд", OCI, (name, "Окленд"),
             ("ORGANIZATION:u", "CITY:o"))  # fmt: skip
    g = FactGraph([t], texts={d.id: d.full_text})
    f = g.all_facts[0]
    return seat_in_name(Subgraph("simple", (f,), (f.object,), (f.object_id,)))


def test_a_seat_question_is_dropped_when_the_name_places_the_organisation() -> None:
    assert _seat("Калифорнийский университет в Беркли")
    assert not _seat("Калифорнийский университет")
