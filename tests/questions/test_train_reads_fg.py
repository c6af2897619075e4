"""Failure classes of TRAIN reads e, f and g (benchmarks/question_reads/2026-12-01-*-train-
{e,f,g}-*.jsonl), each on a constructed Russian case that produced the defect with the
generator the reads graded (main at 44ed868)."""

from __future__ import annotations

import re

from tests.questions.helpers import asked as _asked
from tests.questions.helpers import doc, fact

PP = ("PERSON", "PERSON")
PC = ("PERSON", "CITY")


def test_a_verb_after_an_oblique_mention_gives_no_gender() -> None:
    # «В каком городе скончалась Алан Рикман?» from «семья актёра Алана Рикмана объявила о
    # его смерти. Он скончался в Лондоне»: «объявила» agrees with «семья»
    d = doc("h", "Семья британского режиссёра Тома Хупера объявила о его кончине. Он скончался "
                 "в Манчестере.")  # fmt: skip
    ts = [
        fact(d, "Том Хупер", "PLACE_OF_DEATH", "Манчестер", PC, ("Тома Хупера", "Манчестере"),
             ("PERSON:h", "CITY:m"), "past"),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert [q for q in asked if "Хупер" in q], asked
    assert not [q for q in asked if "скончалась" in q or "умерла" in q], asked


def test_a_widows_foreign_name_is_not_declined_as_a_mans() -> None:
    # «В какой стране проживал муж Дорита Ревентлова?» from «сообщила его вдова Дорит
    # Ревентлов»: a man's form of a woman's name
    d = doc("l", "Умер датский художник Пер Ларсен. Об этом сообщила его вдова Гудрун Эстин. "
                 "Пер Ларсен жил в Оденсе.")  # fmt: skip
    ts = [
        fact(d, "Пер Ларсен", "SPOUSE", "Гудрун Эстин", PP, ("Пер Ларсен", "Гудрун Эстин"),
             ("PERSON:l", "PERSON:e")),
        fact(d, "Пер Ларсен", "PLACE_RESIDES_IN", "Оденсе", PC, ("Пер Ларсен жил", "Оденсе"),
             ("PERSON:l", "CITY:o"), "past"),
    ]  # fmt: skip
    asked = _asked(ts, [d], types=("simple", "multi_hop"))
    assert [q for q in asked if "Ларсен" in q or "Эстин" in q], asked
    assert not [q for q in asked if re.search(r"Эстин[аоуы]|Гудрун[аоуы]", q)], asked
