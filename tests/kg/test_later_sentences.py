"""Posts told after the sentence that names the person (issue #15, facts6): «Лагард занимала
должность министра», «Лужков проработал на посту мэра Москвы», «Сенат утвердил X на посту
директора», «Занимал пост губернатора» (no subject, the person of the sentence before). And ages
told so: «Сейчас Крузу 44 года.», «Веселин Топалов, 31 год, ...». On constructed Russian
sentences; the post tests fail on the extractor before the post frame (main at 01f5781): no
rule read a role in the genitive of «должность»/«пост»; the age test fails before the age
rules (main at 9f62e6f): no «N лет» after a name was an age. The last test passes there: it
guards the comma rule against an age that describes someone else.
"""

from __future__ import annotations

from dragon_bench.kg.calibration import TRIGGER_PRECISION, confidence_of, feeds_questions
from dragon_bench.kg.natasha_backend import extract_document
from dragon_bench.types import Document, Triple


def _facts(text: str) -> list[Triple]:
    return extract_document(Document(id="t", text=text))


def _posts(text: str) -> dict[tuple[str, str, str], Triple]:
    return {
        (t.subject, t.relation_type, t.object): t
        for t in _facts(text)
        if t.relation_type in ("WORKS_AS", "WORKPLACE")
    }


def test_a_post_held_is_told_by_its_noun_and_its_tense_is_the_verbs() -> None:
    posts = _posts(
        "Кристин Лагард возглавляет МВФ с 2011 года. До этого Лагард занимала должность "
        "министра финансов Франции."
    )
    held = posts[("Кристин Лагард", "WORKS_AS", "министр финансов Франции")]
    assert held.trigger == "role_post:министр" and held.tense == "past"
    assert feeds_questions(held.confidence)
    assert posts[("Кристин Лагард", "WORKPLACE", "Франция")].tense == "past"
    now = _posts("Сергей Собянин занимает пост мэра Москвы.")
    assert now[("Сергей Собянин", "WORKS_AS", "мэр Москвы")].tense == "present"


def test_the_holder_is_the_object_of_a_verb_that_puts_someone_in_the_post() -> None:
    # «Сенат утвердил X на посту»: X holds the post, not the Senate; «Президент Португалии
    # утвердил ... на посту премьер-министра» names no holder as its subject
    posts = _posts("Сенат США утвердил Джона Бреннана на посту директора ЦРУ.")
    assert ("Джон Бреннан", "WORKS_AS", "директор ЦРУ") in posts
    posts = _posts(
        "Президент Португалии Анибал Каваку Силва утвердил на посту премьер-министра лидера "
        "социал-демократов."
    )
    assert ("Анибал Каваку Силва", "WORKS_AS", "премьер-министр") not in posts
    # a common noun the parse takes for a name holds no post; the name after it does
    for text in (
        "Внук бывшего президента Тимур Шаймиев занял пост генерального директора в компании.",
        "Внук бывшего президента - ныне госсоветника Татарстана Минтимера Шаймиева Тимур "
        "Шаймиев занял пост генерального директора в нефтедобывающей компании.",
    ):
        assert [k[0] for k in _posts(text) if k[1] == "WORKS_AS"] == ["Тимур Шаймиев"]


def test_a_post_left_is_past_and_a_post_told_with_no_subject_is_the_persons_before() -> None:
    left = _posts("Иван Петров ушёл в отставку с поста губернатора Приморского края.")
    assert left[("Иван Петров", "WORKS_AS", "губернатор Приморского края")].tense == "past"
    later = _posts(
        "Анатолий Перминов родился в 1945 году в Москве. Занимал пост главы Роскосмоса с 2004 года."
    )
    fact = later[("Анатолий Перминов", "WORKS_AS", "глава Роскосмоса")]
    assert fact.trigger == "zero>role_post:глава"
    # its confidence is its trigger's times the subject-less factor of roles (facts7: the
    # verb frames have a factor of their own, and what is left, roles told with no subject,
    # is below the question threshold on train)
    assert fact.confidence == round(
        confidence_of("role_post:глава") * TRIGGER_PRECISION["zero>"], 3
    )


def _ages(text: str) -> dict[str, Triple]:
    return {t.subject: t for t in _facts(text) if t.relation_type == "AGE_IS"}


def test_an_age_told_of_a_name_in_the_dative_or_after_a_comma() -> None:
    # «Теду Крузу 44 года.», «Веселин Топалов, 31 год, ...»: the sentences after the one that
    # names the person tell ages so (`age_dative`, `age_comma`, calibrated on train)
    ages = _ages("Сенатор Тед Круз выдвинул свою кандидатуру. Сейчас Крузу 44 года.")
    assert ages["Тед Круз"].object == "44 года" and ages["Тед Круз"].trigger == "age_dative:"
    assert feeds_questions(ages["Тед Круз"].confidence)
    ages = _ages("Веселин Топалов, 31 год, занимает первое место в рейтинге.")
    assert ages["Веселин Топалов"].object == "31 год"
    assert feeds_questions(ages["Веселин Топалов"].confidence)


def test_an_age_after_a_comma_that_describes_someone_else_is_no_age_of_the_name() -> None:
    # «Питер Сорос, 87-летний бизнесмен»: the age is the businessman's (his father), and «20
    # лет назад» is no age at all
    assert "Питер Сорос" not in _ages(
        "Как сообщил его сын Питер Сорос, 87-летний бизнесмен скончался в больнице."
    )
    assert "Иван Петров" not in _ages("Премию получил Иван Петров, 20 лет назад.")
