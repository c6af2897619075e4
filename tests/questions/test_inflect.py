"""Names in the case a template needs (issue #16's list), answers in the nominative."""

from __future__ import annotations

import pytest

from dragon_bench.questions.inflect import inflect_name
from dragon_bench.questions.names import answer_name


@pytest.mark.parametrize(
    ("name", "kind", "case", "form"),
    [
        ("Чарльз Спирмен", "PERSON", "gent", "Чарльза Спирмена"),  # was «из Спирмены»
        ("Владислав Листьев", "PERSON", "gent", "Владислава Листьева"),  # was «Владислава Листьев»
        ("Хамад бен Халифа", "PERSON", "gent", None),  # was «Хамада бен Халифы»
        ("Перес де Куэльяр", "PERSON", "gent", None),  # was «Переса де Куэльяр»
        ("Пактия", "STATE_OR_PROVINCE", "loct", "Пактии"),  # was «в Пактиях»
        ("Квинсленд", "STATE_OR_PROVINCE", "loct", "Квинсленде"),
        ("нападающий «Ювентуса»", "PROFESSION", "ablt", "нападающим «Ювентуса»"),  # «Ювентусом»
        ("исполняющий обязанности", "PROFESSION", "ablt", "исполняющим обязанности"),
        ("Барак Обама", "PERSON", "gent", "Барака Обамы"),
        ("Мишель Обама", "PERSON", "gent", None),  # Мишель: a man's or a woman's name
        ("Джордж Буш", "PERSON", "ablt", "Джорджем Бушем"),
        ("Дж. Буш", "PERSON", "ablt", None),  # initials do not say whose: Джордж or Лора
        ("Кэрри Фишер", "PERSON", "datv", None),
        ("Людмила Бодниева", "PERSON", "gent", "Людмилы Бодниевой"),
        ("А.С. Пушкин", "PERSON", "datv", "А.С. Пушкину"),
        ("Сергей Шойгу", "PERSON", "gent", "Сергея Шойгу"),
        ("Хиллари Клинтон", "PERSON", "gent", "Хиллари Клинтон"),
        ("Анна Политковская", "PERSON", "accs", "Анну Политковскую"),
        ("Государственная Дума", "ORGANIZATION", "accs", "Государственную Думу"),
        ("Министерство иностранных дел России", "ORGANIZATION", "gent",
         "Министерства иностранных дел России"),
        ("«Газпром»", "ORGANIZATION", "loct", "«Газпроме»"),
        ("«Единая Россия»", "ORGANIZATION", "loct", None),
        ("США", "COUNTRY", "loct", "США"),
        ("New York", "CITY", "loct", None),
    ],
)  # fmt: skip
def test_inflect_name(name: str, kind: str, case: str, form: str | None) -> None:
    assert inflect_name(name, case, kind) == form


@pytest.mark.parametrize(
    ("mention", "kind", "answer"),
    [
        ("лейкемии", "DISEASE", "лейкемия"),
        ("Академии наук СССР", "ORGANIZATION", "Академия наук СССР"),
        ("Народном артисте", "AWARD", "Народный артист"),
        ("Государственной Думы", "ORGANIZATION", "Государственная Дума"),
        ("борцы", "PROFESSION", "борец"),
        ("В пятницу, 3 июня 2016 года", "DATE", "3 июня 2016 года"),
        ("несколько дней назад", "DATE", ""),
        ("Сергей Воробьева", "PERSON", "Сергей Воробьев"),
    ],
)
def test_answers_are_nominative(mention: str, kind: str, answer: str) -> None:
    assert answer_name(mention, kind) == answer
