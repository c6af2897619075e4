"""Read 13 / TRAIN reads d-e classes (#16): tense of a post still held, a post marked
as former in a present set, each a constructed Russian case."""

from __future__ import annotations

from tests.questions.helpers import asked, doc, fact


def test_one_who_reports_anothers_death_still_holds_his_post() -> None:
    # the death word is in a sentence reporting his words, about another man
    d = doc(
        "1",
        "По словам премьер-министра земли Гессен Фолькера Буфье, это может быть первым "
        "политическим самоубийством в стране. Министр финансов Томас Шефер покончил жизнь "
        "самоубийством. Буфье напомнил, что Шефер был вовлечён в кризис.",
    )
    t = fact(
        d, "Фолькер Буфье", "WORKPLACE", "Гессен", ("PERSON", "STATE_OR_PROVINCE"),
        ("Фолькера Буфье", "Гессен"), ("q1", "q2"),
    )  # fmt: skip
    qs = asked([t], [d])
    assert qs and all("работает" in q for q in qs), qs


def test_a_post_marked_once_held_is_not_asked_as_held_now() -> None:
    d = doc(
        "1",
        "Заседание открыл старейший депутат созыва Владимир Долгих, некогда секретарь ЦК КПСС, "
        "а теперь представитель партии.",
    )
    held = fact(
        d, "Владимир Долгих", "WORKS_AS", "депутат", ("PERSON", "PROFESSION"),
        ("Владимир Долгих", "депутат"), ("q1", "r1"),
    )  # fmt: skip
    once = fact(
        d, "Владимир Долгих", "WORKS_AS", "секретарь ЦК", ("PERSON", "PROFESSION"),
        ("Владимир Долгих", "секретарь ЦК"), ("q1", "r2"),
    )  # fmt: skip
    qs = asked([held, once], [d], types=("set",))
    assert not any("занимает" in q and "секретарь ЦК" in a for q, a in qs.items()), qs
