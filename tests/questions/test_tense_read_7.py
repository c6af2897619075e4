"""The grammar and tense failure classes of the seventh blind read
(benchmarks/question_reads/2026-12-01-{gold,e2e}-dev-7-grades.jsonl), each on a constructed
Russian case that produced the defect with the generator the read graded (main at 9285fb8)."""

from __future__ import annotations

from dragon_bench.questions.lifetime import ended
from dragon_bench.questions.morph import inflect_phrase
from dragon_bench.questions.names import answer_name, nominative_name
from dragon_bench.questions.templates import WHEN, render
from tests.questions.helpers import asked as _asked
from tests.questions.helpers import doc, fact

PO = ("PERSON", "ORGANIZATION")
PR = ("PERSON", "PROFESSION")


def _ended(text: str, name: str) -> str:
    d = doc("x", text)
    t = fact(d, name, "WORKS_AS", "министр", PR, (name, name))
    return ended("PERSON", [t], {"x": d.full_text})


def test_an_abdication_or_a_long_past_life_asks_in_the_past() -> None:
    # «Какой титул носит Кокаку?» -> «император»: he abdicated some 200 years ago
    assert _ended("Хирохито стал последним, отрёкшимся от престола (после императора Кокаку).",
                  "Кокаку") == "retired"  # fmt: skip
    assert _ended("Император Сэйтоку отрёкся от престола в пользу сына.", "Сэйтоку") == "retired"
    assert _ended("В 1817 году император Сэйтоку оставил престол.", "Сэйтоку") == "dead"
    # every year told of him is before 1900: he is long dead
    assert _ended("Князь Волконский родился в 1788 году и служил с 1805 года.",
                  "Волконский") == "dead"  # fmt: skip
    assert _ended("Князь Волконский родился в 1788 году, о нём сняли фильм в 2015 году.",
                  "Волконский") == ""  # fmt: skip
    assert _ended("Последний император Пу Сунь жил в Пекине.", "Пу Сунь") == "retired"
    d = doc("j", "Император Сэйтоку отрёкся от престола в пользу сына. Сэйтоку любил поэзию.")
    t = fact(d, "Сэйтоку", "WORKS_AS", "император", PR, ("Сэйтоку", "Император"),
             ("PERSON:s", "PROFESSION:i"), tense="present")  # fmt: skip
    asked = _asked([t], [d])
    assert asked and all("носит" not in q and "работает" not in q for q in asked), asked
    # a name of unknown gender takes no past verb, but a man's title tells his gender
    d = doc("k", "Он стал первым правителем за 200 лет, отрёкшимся от престола (после императора "
                 "Кокаку).")  # fmt: skip
    t = fact(d, "Кокаку", "WORKS_AS", "император", PR, ("Кокаку", "императора"),
             ("PERSON:k", "PROFESSION:i"), tense="present")  # fmt: skip
    assert list(_asked([t], [d])) == ["Какой титул носил Кокаку?"], _asked([t], [d])


def test_one_who_handed_in_his_resignation_is_asked_in_the_past() -> None:
    # «... того, кто занимает пост председателя переходного правительства Мали?» for Диарра,
    # who «подал в отставку вместе со всем кабинетом»
    assert _ended("В декабре Диарра подал в отставку вместе с кабинетом.", "Диарра") == "retired"
    assert _ended("Король принял отставку Смелкова.", "Смелкова") == "retired"
    assert _ended("Сергей Пушков сложил с себя обязанности мэра.", "Пушков") == "retired"
    assert _ended("Сергей Пушков подал иск в суд.", "Пушков") == ""
    d = doc("m", "В апреле Шейк Диарра стал председателем правительства Мали. "
                 "В декабре Диарра подал в отставку вместе со всем кабинетом.")  # fmt: skip
    t = fact(d, "Шейк Диарра", "WORKS_AS", "председатель правительства Мали", PR,
             ("Шейк Диарра", "председателем правительства Мали"),
             ("PERSON:d", "PROFESSION:p"))  # fmt: skip
    asked = _asked([t], [d])
    assert asked and all("занимает" not in q and "работает" not in q for q in asked), asked


def test_a_body_of_members_is_no_workplace() -> None:
    # «Сколько лет человеку, который работал в Коллегии кардиналов?»: a cardinal is a member
    shown = render("Кто {v:работать} в {o:loct}?", o="Коллегия кардиналов", o_type="ORGANIZATION",
                   tense="past", agree="masc")  # fmt: skip
    assert shown == "Кто работал в Коллегии кардиналов?"  # the frame itself is plain
    d = doc("c", "Папа принял решение о кардинале Теодоре Смелкове. "
                 "Кардинал Теодор Смелков много лет заседал в Коллегии кардиналов.")  # fmt: skip
    bodies = {
        "Коллегия кардиналов": "Коллегии кардиналов",
        "Государственная дума": "Государственная дума",
        "Академия наук": "Академия наук",
    }
    for body in bodies:
        text = d.text + f" Анна Пушкова двадцать лет состояла в органе {body}."
        e = doc("e", text)
        t = fact(e, "Анна Пушкова", "WORKPLACE", body, PO, ("Анна Пушкова", body),
                 ("PERSON:a", f"ORGANIZATION:{body}"))  # fmt: skip
        asked = _asked([t], [e])
        assert asked, body
        assert not any("работа" in q for q in asked), asked
        assert any("член" in q.lower() or "входи" in q for q in asked), asked
    # an office or a school stays a workplace, and so does a union of organisations
    assert WHEN["o_body"]("", "", "Союз журналистов России", "ORGANIZATION")
    assert not WHEN["o_body"]("", "", "Союз европейских футбольных ассоциаций", "ORGANIZATION")
    assert not WHEN["o_body"]("", "", "Академия ФСБ", "ORGANIZATION")
    e = doc("e", "Анна Пушкова двадцать лет трудилась в Академии ФСБ.")
    t = fact(e, "Анна Пушкова", "WORKPLACE", "Академия ФСБ", PO, ("Анна Пушкова", "Академии"),
             ("PERSON:a", "ORGANIZATION:f"))  # fmt: skip
    assert any("работа" in q for q in _asked([t], [e])), _asked([t], [e])


def test_an_adjective_inside_a_name_keeps_its_word() -> None:
    # «Кто ... окончил Строгановское высочайшее художественное училище?»: pymorphy3 keeps
    # «высший» and «высочайший» in one lexeme and gave the other word back
    name = "Строгановское высшее художественное училище"
    assert answer_name(name, "ORGANIZATION") == name
    assert nominative_name("Строгановском высшем художественном училище") == name
    assert inflect_phrase(name, "accs") == name
    assert inflect_phrase(name, "loct") == "Строгановском высшем художественном училище"
    assert inflect_phrase("Высшая школа экономики", "accs") == "Высшую школу экономики"
    assert answer_name("Лучший фильм года", "") == "Лучший фильм года"
    assert inflect_phrase("Большой театр", "loct") == "Большом театре"
