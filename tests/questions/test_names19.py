"""Issue #16, names19: names in questions and answers in the right form."""

from __future__ import annotations

from dragon_bench.questions import names, org_kinds, vocab


def test_org_kind_nouns_have_one_source() -> None:
    # the kind written before a name and the heads that tell a name come from vocab.py
    assert org_kinds.KIND_NOUNS is vocab.KIND_NOUNS
    assert vocab.INSTITUTIONS <= vocab.ORG_HEADS
    assert "концерн" in vocab.KIND_NOUNS and "концерн" in vocab.ORG_HEADS
    assert "суд" in vocab.ORG_HEADS and "суд" not in vocab.KIND_NOUNS  # «суд Евросоюза»
    assert not names.common_words_name("Высшая партийная школа")
    assert names.common_words_name("Справедливая помощь")


def test_a_place_in_the_locative_is_not_read_as_a_surname() -> None:
    # pymorphy3 reads «Солнцеве» as the surname «Солнцев» first; as a place it is «Солнцево»
    assert names.answer_name("Солнцеве", "CITY") == "Солнцево"
    assert names.answer_name("Иванове", "CITY") == "Иваново"
    assert names.answer_name("Коптеве", "DISTRICT") == "Коптево"
    assert names.answer_name("Ливане", "COUNTRY") == "Ливан"
    # a masculine town stays masculine, a guessed place reading is no reading
    assert names.answer_name("Королёве", "CITY") == "Королёв"
    assert names.answer_name("Пушкине", "CITY") == "Пушкин"
    assert names.answer_name("Москве", "CITY") == "Москва"
    assert names.answer_name("Уинчестере", "CITY") != "Уинчестёра"


def test_a_foreign_club_left_undeclined_in_quotes_is_not_shown() -> None:
    # «Ракете» after «полузащитник» is no genitive: the text leaves a foreign name undeclined
    text = "Полузащитник «Ракете» Анна Лунд забила два мяча."
    start = text.index("Ракете")
    span = (start, start + len("Ракете"))
    assert names.cut_short(text, span, "ORGANIZATION", "Ракете")
    declined = "Полузащитник «Ракеты» Анна Лунд забила два мяча."
    start = declined.index("Ракеты")
    assert not names.cut_short(declined, (start, start + 6), "ORGANIZATION", "Ракеты")
    said = "Об этом в понедельник «Интерфаксу» сообщил директор."
    start = said.index("Интерфаксу")
    assert not names.cut_short(said, (start, start + 10), "ORGANIZATION", "Интерфаксу")


def _forms(text: str) -> frozenset[str]:
    return names.text_forms(text)


def test_a_mans_genitive_takes_the_surname_the_text_writes() -> None:
    # «Дорвина Клеппера» is a man's genitive: the text writes «Клеппер» too
    text = "Позиция Дорвина Клеппера известна давно. Если Клеппер уйдёт, комитет распадётся."
    assert names.text_surname("Дорвина Клеппера", _forms(text)) == "Дорвин Клеппер"
    # a first name that does not decline, the surname written in full elsewhere
    text = "Мяч Йоке Ларсанта решил исход. Йоки Ларсант провёл лучший матч."
    assert names.text_surname("Йоке Ларсанта", _forms(text)) == "Йоке Ларсант"


def test_a_half_declined_mans_name_with_no_other_form_is_dropped() -> None:
    # «фильм Тима Бордерса»: shown «Тим Бордерса», the text writes no «Бордерс»
    text = "Фестиваль открыл фильм Тима Бордерса."
    assert names.text_surname("Тим Бордерса", _forms(text)) == ""
    # a woman's name and a patronymic stay as they are
    text = "Анна Сильва рассказала о фильме. Ольга Петровна промолчала."
    assert names.text_surname("Анна Сильва", _forms(text)) == "Анна Сильва"
    assert names.text_surname("Ольга Петровна", _forms(text)) == "Ольга Петровна"


def test_a_title_keeps_its_part_in_parentheses() -> None:
    assert names.answer_name("Waiting On The Bridge (For The Rain)", "WORK_OF_ART") == (
        "«Waiting On The Bridge (For The Rain)»"
    )
    # a gloss in another script or a small word is cut as before
    assert names.answer_name("Ночной дождь (Night Rain)", "WORK_OF_ART") == "«Ночной дождь»"
    assert names.answer_name("Ночной дождь (роман)", "WORK_OF_ART") == "«Ночной дождь»"
