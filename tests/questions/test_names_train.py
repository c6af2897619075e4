"""Names broken on their way into a question in the end-to-end TRAIN read c and the gold TRAIN
reads a, b (benchmarks/question_reads/2026-12-01-*-train-*-grades.jsonl, criterion G), each
class on a constructed Russian case that fails on the generator those reads graded."""

from __future__ import annotations

from dragon_bench.questions.inflect import inflect_name
from dragon_bench.questions.names import answer_name, display_name, text_forms, text_surname
from tests.questions.helpers import asked as _asked
from tests.questions.helpers import doc, fact

PP = ("PERSON", "PROFESSION")


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
