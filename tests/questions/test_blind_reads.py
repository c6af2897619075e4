"""The failure classes of the 2026-12-01 blind reads (benchmarks/question_reads/), each on a
constructed Russian case that produced the defect with the generator the reads graded."""

from __future__ import annotations

from dragon_bench.questions import generate_questions
from dragon_bench.questions.fame import common_knowledge
from dragon_bench.questions.gold import _label
from dragon_bench.questions.names import answer_name
from tests.questions.helpers import doc, fact

PO = ("PERSON", "ORGANIZATION")
PP = ("PERSON", "PROFESSION")


def _asked(ts, docs, types=("simple",), **kw):  # type: ignore[no-untyped-def]
    stats: dict = {}
    qs = generate_questions(ts, docs, per_type=20, types=types, stats=stats, **kw)
    return {q.question: q.answers for q in qs}, stats["rejected"]


def test_a_death_anywhere_in_the_revision_makes_roles_past() -> None:
    # «Кто родился в 1947 году и представляет МАГАТЭ?» for a man whose obituary it is: the
    # extractor's present tense, and a death word («ушёл из жизни») the old check missed
    d = doc("o", "Ушёл из жизни генеральный директор агентства «Атомконтроль» Михаил Саманеев. "
                 "Михаил Саманеев родился в Осаке.")  # fmt: skip
    ts = [
        fact(d, "Михаил Саманеев", "WORKPLACE", "«Атомконтроль»", PO, ("Михаил Саманеев", "«Атомконтроль»"),
             ("PERSON:ys", "ORGANIZATION:ak"), tense="present"),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d])
    assert asked, "the fact is asked"
    assert all("представляет" not in q and "работает" not in q for q in asked), asked


def test_a_retired_officer_is_asked_in_the_past() -> None:
    # «Сколько лет человеку, который представляет ГРУ?» for «полковник ГРУ в отставке»
    d = doc("r", "Из колонии освобождён полковник ГРУ в отставке Владимир Квасницкий. "
                 "Суд признал Владимира Квасницкого виновным.")  # fmt: skip
    ts = [
        fact(d, "Владимир Квасницкий", "WORKPLACE", "ГРУ", PO, ("Владимир Квасницкий", "ГРУ"),
             ("PERSON:vk", "ORGANIZATION:gru")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d])
    assert asked and all("представляет" not in q and "работает" not in q for q in asked), asked


def test_no_present_age_for_the_dead_or_a_might_have_been() -> None:
    # «Сколько лет Владимиру Козьмичу Зворыкину?» -> «125 лет» («исполнилось бы»)
    d = doc("a", "Памятник изобретателю Петру Зворыгину: 29 июля ему исполнилось бы 125 лет. "
                 "Инженеру Ивану Клёнову 54 года. Иван Клёнов живёт в Твери.")  # fmt: skip
    ts = [
        fact(d, "Пётр Зворыгин", "AGE_IS", "125 лет", ("PERSON", "AGE"), ("Петру", "125 лет"),
             ("PERSON:pz", "AGE:125")),
        fact(d, "Иван Клёнов", "AGE_IS", "54 года", ("PERSON", "AGE"), ("Ивану Клёнову", "54"),
             ("PERSON:ik", "AGE:54")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d])
    assert any(a == ("54 года",) for a in asked.values()), asked
    assert not any(a == ("125 лет",) for a in asked.values()), asked
    assert rejected.get("age_of_dead") == 1


def test_professions_of_well_known_people_are_not_asked() -> None:
    # «Кто по профессии Алексей Навальный?», «Чулпан Хаматова — актриса»: common knowledge
    assert common_knowledge("Алексей Навальный", "политик")
    assert common_knowledge("Чулпан Хаматова", "актриса")
    assert not common_knowledge("Максим Дадашев", "боксёр")
    assert not common_knowledge("Варвара Визбор", "певица")
    d = doc("f", "Политик Алексей Навальный выступил в суде. Боксёр Максим Дадашев вышел на ринг.")
    ts = [
        fact(d, "Алексей Навальный", "WORKS_AS", "политик", PP, ("Алексей", "Политик"),
             ("PERSON:an", "PROFESSION:pol")),
        fact(d, "Максим Дадашев", "WORKS_AS", "боксёр", PP, ("Максим", "Боксёр"),
             ("PERSON:md", "PROFESSION:box")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d])
    assert [a for a in asked.values()] == [("боксёр",)], asked
    assert rejected.get("common_knowledge") == 1


def test_a_name_of_untrusted_gender_is_not_shown() -> None:
    # «Какие профессии и должности у Анатолии Кулешовой?» for Анатолий Кулешов
    assert answer_name("Анатолия Кулешова", "PERSON") == ""
    assert answer_name("Юлия Кулешова", "PERSON") == "Юлия Кулешова"
    assert answer_name("Анатолий Кулешов", "PERSON") == "Анатолий Кулешов"
    d = doc("k", "Причины отставки министра внутренних дел Анатолия Кулешова не назывались. "
                 "Глава МВД Анатолия Кулешова лишился погон.")  # fmt: skip
    ts = [
        fact(d, "Анатолия Кулешова", "WORKS_AS", "министр внутренних дел", PP,
             ("Анатолия Кулешова", "министра"), ("PERSON:ak", "PROFESSION:m")),
        fact(d, "Анатолия Кулешова", "WORKS_AS", "глава МВД", PP,
             ("Анатолия Кулешова лишился", "Глава"), ("PERSON:ak", "PROFESSION:g")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d], types=("simple", "set"))
    assert not any("Кулешовой" in q or "Анатолии" in q for q in asked), asked


def test_a_link_label_names_the_mention_not_a_nested_or_later_entity() -> None:
    # «Кто является членом Африки?»: NEREL links the party to «Африка»; a university's later
    # name for the one the text gives; a title read as «Имя, Фамилия»
    assert _label("Африка", "Национальная конвенция за солидарность Африки") is None
    assert _label("Московский государственный гуманитарный университет", "МГОПУ") is None
    assert _label("Камилла, герцогиня Корнуольская", "герцогиня Корнуольская") is None
    assert _label("Тиллерсон, Рекс", "Тиллерсона") == "Рекс Тиллерсон"
    assert _label("Анатолий Кулешов", "Анатолия Кулешова") == "Анатолий Кулешов"
