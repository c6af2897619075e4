"""A deputy is not asked as the head, a club's manager not as its player (#15, e2e dev read 13:
«Какую организацию возглавляет Виктор Болотов?» for a «вице-президент»; TRAIN read e: «За какую
команду выступает Даг Армстронг?» for the Blues' general manager, an «игрок» elsewhere in the
sentence). The WORKPLACE facts stay; only the head's and the player's wordings go."""

from __future__ import annotations

from dragon_bench.questions.sampling import FactGraph
from dragon_bench.questions.shapes.base import ask_object, predicates
from dragon_bench.types import Document
from tests.questions.helpers import doc, fact

_SO = ("PERSON", "ORGANIZATION")


def _ids(d: Document, person: str, org: str, at: str) -> set[str]:
    texts = {d.id: d.full_text}
    t = fact(d, person, "WORKPLACE", org, _SO, (person, at), (f"PERSON:{person}", f"ORG:{org}"))
    graph = FactGraph([t], texts=texts)
    f = graph.facts[0]
    frames = [fr for fr, _ in ask_object(f, graph, texts=texts)] + [
        fr for fr, _ in predicates(f, texts=texts)
    ]
    return {fr.id.rsplit(".", 1)[-1] for fr in frames}


def test_a_deputy_heads_nothing_the_head_does() -> None:
    org = "Российская академия образования"
    for role in ("Вице-президент", "Первый заместитель председателя", "Советник президента"):
        d = doc("b", f"{role} Российской академии образования Виктор Болотов: «Это факт».")
        assert "heads" not in _ids(d, "Виктор Болотов", org, "Российской академии"), role
    d = doc("h", "Президент Российской академии образования Виктор Болотов: «Это факт».")
    assert "heads" in _ids(d, "Виктор Болотов", org, "Российской академии")


def test_a_clubs_manager_plays_for_no_one_its_forward_does() -> None:
    d = doc(
        "a",
        "Между тем генеральный менеджер «Блюз» Даг Армстронг заявил, что, когда новый игрок "
        "прибывает в НХЛ, никто ему не дает никаких гарантий.",
    )
    assert "plays" not in _ids(d, "Даг Армстронг", "Блюз", "Блюз")
    d = doc("p", "Нападающий «Блюз» Иван Петров забросил две шайбы в ворота «Рейнджерс».")
    assert "plays" in _ids(d, "Иван Петров", "Блюз", "Блюз")


def test_a_sports_columnist_plays_for_no_one() -> None:
    # TRAIN read i: «За какую команду выступает Дмитрий Чесноков?» → Yahoo, for «спортивный
    # обозреватель Yahoo» in a sentence about a «хоккеист»
    for role in ("спортивный обозреватель", "корреспондент", "хоккейный эксперт"):
        d = doc(
            "c",
            f"О переходе хоккеиста в новый клуб сообщил {role} «Спорт-Экспресса» Олег Гурин.",
        )
        assert "plays" not in _ids(d, "Олег Гурин", "Спорт-Экспресс", "Спорт-Экспресса"), role
