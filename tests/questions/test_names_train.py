"""Names broken on their way into a question in the end-to-end TRAIN read c and the gold TRAIN
reads a, b (benchmarks/question_reads/2026-12-01-*-train-*-grades.jsonl, criterion G), each
class on a constructed Russian case that fails on the generator those reads graded."""

from __future__ import annotations

from dragon_bench.questions.inflect import inflect_name
from dragon_bench.questions.names import answer_name, display_name, text_forms, text_surname
from tests.questions.helpers import asked as _asked
from tests.questions.helpers import doc, fact

PP = ("PERSON", "PROFESSION")
PO = ("PERSON", "ORGANIZATION")


def test_a_surname_with_an_adjectives_ending_declines_as_an_adjective() -> None:
    # «Какие профессии и должности были у Ивана Дыховичныя?» (read c): an unknown surname in
    # «-ый» declined as a noun in «-й» («Дыховичныя»), not as the adjective it is
    assert inflect_name("Иван Дыховичный", "gent", "PERSON") == "Ивана Дыховичного"
    assert inflect_name("Иван Дыховичный", "ablt", "PERSON") == "Иваном Дыховичным"
    assert inflect_name("Ольга Дыховичная", "datv", "PERSON") == "Ольге Дыховичной"
    assert inflect_name("Пётр Лановой", "gent", "PERSON") == "Петра Ланового"
    # the ending of the other gender, or a soft stem whose forms are not sure, is not guessed
    assert inflect_name("Ольга Дыховичный", "gent", "PERSON") is None
    assert inflect_name("Олег Переверзий", "gent", "PERSON") is None


def test_a_foreign_surname_in_e_is_not_clipped_as_a_prepositional() -> None:
    # «Кто по профессии Юн Фосс?» for «норвежский драматург Юн Фоссе» (read c): «Фоссе» read
    # as the prepositional of «Фосс», though «Юн» beside it stands in no prepositional
    assert display_name("Юн Фоссе", "PERSON") == "Юн Фоссе"
    assert answer_name("Юн Фоссе", "PERSON") == "Юн Фоссе"
    assert answer_name("Владимире Путине", "PERSON") == "Владимир Путин"  # both oblique
    d = doc("f", "Фаворитом был норвежский драматург Юн Фоссе. Юн Фоссе родился в Москве.")
    ts = [fact(d, "Юн Фоссе", "PROFESSION", "драматург", PP, ("Юн Фоссе", "драматург"),
               ("PERSON:f", "PROFESSION:d")),
          fact(d, "Юн Фоссе", "PLACE_OF_BIRTH", "Москва", ("PERSON", "CITY"),
               ("Юн Фоссе родился", "Москве"), ("PERSON:f", "CITY:m"))]  # fmt: skip
    asked = _asked(ts, [d])
    assert asked and all("Фоссе" in q for q in asked), asked


def test_a_mans_first_name_in_a_is_kept_as_the_text_writes_it() -> None:
    # «Какие профессии совмещает Цвик Пик?» for «поэта Цвика Пик» (read c): the NER's normal
    # form cut «Цвика» as a genitive, but a genitive would have declined «Пик» too
    forms = text_forms("Даниэл Пик — дочь израильского певца и поэта Цвика Пик.")
    assert text_surname("Цвик Пик", forms) == "Цвика Пик"
    assert text_surname("Даниэл Пик", forms) == "Даниэл Пик"
    declined = text_forms("Он видел поэта Цвика Пика. Цвик Пик пел.")
    assert text_surname("Цвик Пик", declined) == "Цвик Пик"
    d = doc("z", "Даниэл Пик — дочь израильского певца и поэта Цвика Пик. Поэт Цвика Пик "
                 "родился в Москве.")  # fmt: skip
    ts = [fact(d, "Цвик Пик", "PROFESSION", "певец", PP, ("Цвика Пик", "певца"),
               ("PERSON:z", "PROFESSION:p")),
          fact(d, "Цвик Пик", "PLACE_OF_BIRTH", "Москва", ("PERSON", "CITY"),
               ("Цвика Пик родился", "Москве"), ("PERSON:z", "CITY:m"))]  # fmt: skip
    asked = _asked(ts, [d])
    assert asked and all("Цвика Пик" in q for q in asked), asked


def test_a_name_running_over_a_line_break_is_not_shown() -> None:
    # «Какие профессии и должности были у Валентина Янина Новгородского?» (read c): the NER
    # span ran from the headline «Умер ... Валентин Янин» into the next one, «Новгородский
    # кодекс»
    from dragon_bench.questions.names import cut_short

    d = doc(
        "y", "Умер археолог Валентин Янин\nНовгородский кодекс\nВалентин Янин родился в Москве."
    )
    head = "Валентин Янин\nНовгородский"
    s0 = d.full_text.index(head)
    assert cut_short(d.full_text, (s0, s0 + len(head)), "PERSON")
    assert not cut_short(d.full_text, (s0, s0 + len("Валентин Янин")), "PERSON")


def test_an_organisation_the_text_names_further_on_is_not_shown_cut() -> None:
    # «работал в Bolt» for «в компании Bolt, Beranek and Newman», «работал в Центральном
    # Академическом театре» for «... театре Российской Армии» (read c): the KG span stops
    # before the name does, so the question is not asked with the cut name
    from dragon_bench.questions.names import cut_short

    text = ("В 1971 году Рэй работал в компании Bolt, Beranek and Newman. Зельдин работал в "
            "Центральном Академическом театре Российской Армии в Москве. Спорят Apple, Google "
            "и Microsoft. Он работал в МИДе России и в Газпроме.")  # fmt: skip

    def cut(name: str) -> bool:
        s0 = text.index(name)
        return cut_short(text, (s0, s0 + len(name)), "ORGANIZATION")

    assert cut("Bolt") and cut("Центральном Академическом театре")
    assert not cut("Bolt, Beranek and Newman")
    assert not cut("Центральном Академическом театре Российской Армии")
    assert not cut("Apple") and not cut("МИДе") and not cut("Газпроме")
    from dragon_bench.questions.sampling import FactGraph

    for org, kept in (("Bolt, Beranek and Newman", False), ("Bolt", True)):
        d = doc("b", f"Рэй Томлинсон родился в Нью-Йорке. В 1971 году Рэй работал в компании "
                     f"{org}. Рэй Томлинсон умер.")  # fmt: skip
        ts = [
            fact(d, "Рэй Томлинсон", "WORKPLACE", "Bolt", PO, ("Рэй работал", "Bolt"),
                 ("PERSON:t", "ORGANIZATION:b")),
            fact(d, "Рэй Томлинсон", "PLACE_OF_BIRTH", "Нью-Йорк", ("PERSON", "CITY"),
                 ("Рэй Томлинсон родился", "Нью-Йорке"), ("PERSON:t", "CITY:n")),
        ]  # fmt: skip
        facts = FactGraph(ts, (), {"b": d.full_text}).facts
        assert ("Bolt" in [f.object for f in facts]) is kept, org
        assert "Нью-Йорк" in [f.object for f in facts]


def test_a_see_in_the_genitive_before_a_name_is_no_part_of_it() -> None:
    # «Какие профессии и должности у Абуджи Джона Олорунфеми Онайекана?» (gold read a): the
    # span «Абуджи Джон Олорунфеми Онайекан» of «архиепископ Абуджи Джон ...» took the see in
    assert answer_name("Абуджи Джон Олорунфеми Онайекан", "PERSON") == "Джон Олорунфеми Онайекан"
    assert display_name("Москвы Сергей Семёнович Собянин", "PERSON") == "Сергей Семёнович Собянин"
    assert answer_name("Харуки Мураками", "PERSON") == "Харуки Мураками"
    assert answer_name("Мартин Лютер Кинг", "PERSON") == "Мартин Лютер Кинг"
