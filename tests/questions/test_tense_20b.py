"""Tense classes of the TRAIN reads (session 10, tense20b), each on a constructed Russian case
that main's generator got wrong: a post left now or soon, and a surname read as a role noun."""

from __future__ import annotations

from dragon_bench.questions.lifetime import ended, is_past
from tests.questions.helpers import doc, fact

PO = ("PERSON", "ORGANIZATION")


def _past(text: str, name: str, relation: str, obj: str, types: tuple[str, str]) -> bool:
    d = doc("x", text)
    t = fact(d, name, relation, obj, types, (name, obj))
    return is_past(relation, "", "PERSON", [t], [t], {"x": d.full_text})


def test_a_post_left_now_or_soon_is_past() -> None:
    # «Кто работал в ЦБ ФРГ и занимает пост главы Bundesbank?»: Вебер is leaving the bank
    for said in (
        "Карл Вебер покинет свой пост в Бундесбанке в апреле.",
        "Карл Вебер оставляет эту должность в Бундесбанке весной.",
        "Карл Вебер уйдёт в отставку в Бундесбанке.",
        "Карл Вебер уходит в отставку в Бундесбанке.",
    ):
        assert _past(said, "Вебер", "WORKPLACE", "Бундесбанке", PO), said
    assert not _past(
        "Карл Вебер не уйдёт в отставку в Бундесбанке.", "Вебер", "WORKPLACE", "Бундесбанке", PO
    )
    assert not _past(
        "Карл Вебер не покинет свой пост в Бундесбанке.", "Вебер", "WORKPLACE", "Бундесбанке", PO
    )


def test_a_surname_before_a_mention_is_no_role_another_died_in() -> None:
    # «Бывшая супруга Януковича Людмила проживает в Крыму»: the son's death is not hers
    text = (
        "Бывшая супруга Петренко Людмила проживает в Крыму. Его сын Олег Петренко погиб на озере."
    )
    d = doc("x", text)
    t = fact(d, "Людмила", "PLACE_RESIDES_IN", "Крыму", ("PERSON", "CITY"), ("Людмила", "Крыму"))
    texts = {"x": d.full_text}
    assert ended("PERSON", [t], texts) != "dead"
    assert not is_past("PLACE_RESIDES_IN", "", "PERSON", [t], [t], texts)
    # a role noun still is one: «генерал Эдриен Поне» of «Генерал погиб в ДТП»
    text = "Генерал погиб в ДТП. В Кабуле генерал Эдриен Поне руководил штабом."
    d = doc("y", text)
    t = fact(
        d,
        "Эдриен Поне",
        "WORKS_AS",
        "генерал",
        ("PERSON", "PROFESSION"),
        ("Эдриен Поне", "генерал"),
    )
    assert ended("PERSON", [t], {"y": d.full_text}) == "dead"


PP = ("PERSON", "PERSON")


def _wives(extra: str) -> str:
    from dragon_bench.questions.completeness import missing_member
    from dragon_bench.questions.sampling import Fact

    d = doc(
        "w",
        "Юморист Аркадий Дуболазов был женат на Марине Лисько. "
        "Затем Аркадий Дуболазов был женат на Ольге Гребцовой. " + extra,
    )
    facts = [
        Fact("PERSON:a", "SPOUSE", oid, [fact(d, "Аркадий Дуболазов", "SPOUSE", name, PP,
             ("Аркадий Дуболазов", at), ("PERSON:a", oid))], "Аркадий Дуболазов", name,
             "PERSON", "PERSON")
        for oid, name, at in (("PERSON:m", "Марина Лисько", "Марине Лисько"),
                              ("PERSON:o", "Ольга Гребцова", "Ольге Гребцовой"))
    ]  # fmt: skip
    return missing_member(facts, {"w": d.full_text})


def test_a_marriage_number_above_the_spouse_set_makes_it_incomplete() -> None:
    # Петросян: «пятый брак» beside the two wives the texts name
    assert _wives("") == ""
    assert _wives("Для Аркадия Дуболазова это уже пятый брак.") == "incomplete"
    assert _wives("Аркадий Дуболазов в третий раз женился весной.") == "incomplete"
    assert _wives("Аркадий Дуболазов во второй раз женился весной.") == ""
