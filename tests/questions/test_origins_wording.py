"""ORIGINS_FROM read off an adjective is asked without claiming birth or roots (#15, TRAIN
read e: «греческий певец» asked as «родом из Греции» for a man born in Alexandria, Egypt).

NEREL calls «греческий певец» an origin, so the fact stays; but a country adjective says no
more than the singer is Greek, and the loose cue «из» («в одном из госпиталей») let the
«родом из» predicate through («Гражданином какой страны ...?» stays: the blind reads graded it
right 5 times of 5). A city origin told by «родом из» keeps its wording.
"""

from __future__ import annotations

import dataclasses

from dragon_bench.questions.sampling import FactGraph
from dragon_bench.questions.shapes.base import ask_object, predicates
from tests.questions.helpers import doc, fact

_ROUSSOS = (
    "В ночь на воскресенье, 25 января 2015 года, в одном из госпиталей Афин в возрасте 68 лет "
    "скончался знаменитый греческий певец Демис Руссос. Демис Руссос родился 15 июня 1946 года "
    "в Александрии (Египет) в семье музыкантов."
)


def _said(ts, d):  # type: ignore[no-untyped-def]
    texts = {d.id: d.full_text}
    graph = FactGraph(ts, texts=texts)
    f = next(f for f in graph.facts if f.relation == "ORIGINS_FROM")
    asks = [t for _, t in ask_object(f, graph, texts=texts)]
    preds = [t for _, t in predicates(f, texts=texts)]
    return asks, preds


def test_a_country_adjective_origin_is_asked_without_roots() -> None:
    d = doc("r", _ROUSSOS)
    t = fact(d, "Демис Руссос", "ORIGINS_FROM", "Греция", ("PERSON", "COUNTRY"),
             ("Демис Руссос", "греческий"), ("PERSON:dr", "COUNTRY:gr"))  # fmt: skip
    t = dataclasses.replace(t, trigger="role_adjective_origin+appos:певец")
    asks, preds = _said([t], d)
    assert not any("родом" in p for p in preds), preds
    assert not any("родом" in a for a in asks), asks
    assert "Из какой страны Демис Руссос?" in asks  # the adjective's own sense stays asked


def test_a_city_origin_told_by_rodom_keeps_its_wording() -> None:
    d = doc("t", "Художник Пётр Огнев родом из Твери.")
    t = fact(d, "Пётр Огнев", "ORIGINS_FROM", "Тверь", ("PERSON", "CITY"),
             ("Пётр Огнев", "Твери"), ("PERSON:po", "CITY:tv"))  # fmt: skip
    t = dataclasses.replace(t, trigger="origin_rodom:родом")
    asks, preds = _said([t], d)
    assert "родом из Твери" in preds, preds
    assert "Откуда родом Пётр Огнев?" in asks, asks
