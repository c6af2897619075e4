"""Years of birth told right after a name (issue #15, recall15): «Горлов Александр, 1963 года
рождения», «С.Воробьев (1959 года рождения)», «Евгений Манюров (1980 г. р.)». On constructed
Russian sentences; fails on main at 44ed868, where no rule read «N года рождения» as a
DATE_OF_BIRTH (train: 17 of 17 such facts typed-grounded). The last test guards the rule
against a date that is no year of birth.
"""

from __future__ import annotations

from dragon_bench.kg.calibration import feeds_questions
from dragon_bench.kg.natasha_backend import extract_document
from dragon_bench.types import Document, Triple


def _births(text: str) -> dict[str, Triple]:
    return {
        t.subject: t
        for t in extract_document(Document(id="t", text=text))
        if t.relation_type == "DATE_OF_BIRTH"
    }


def test_a_year_of_birth_after_a_name_is_a_date_of_birth() -> None:
    comma = _births("Документы подал Горлов Александр, 1963 года рождения.")
    assert comma["Горлов Александр"].object == "1963 года"
    assert comma["Горлов Александр"].trigger.startswith("birth_year")
    assert feeds_questions(comma["Горлов Александр"].confidence)
    bracket = _births("Советник юстиции С.Воробьев (1959 года рождения) служит в прокуратуре.")
    assert bracket["С.Воробьев"].object == "1959 года"
    short = _births("Задержан Евгений Манюров (1980 г. р.), бывший предприниматель.")
    assert "Евгений Манюров" in short


def test_a_date_that_is_no_year_of_birth_is_not_one() -> None:
    assert not _births("Иван Петров, 1963 года выпуска, уехал в Москву.")
    assert not _births("Иван Петров (2019 год) уехал в Москву.")


def test_a_birth_or_death_participle_dates_the_person_it_modifies() -> None:
    # fails on main at 5611e5d: the date frames read only a verb's own subject
    # (train: 3 of 3 births, 5 of 6 deaths typed-grounded)
    before = _births("Родившийся 17 января 1942 года Мохаммед Али был боксёром.")
    assert before["Мохаммед Али"].object == "17 января 1942 года"
    assert feeds_questions(before["Мохаммед Али"].confidence)
    after = _births("Хироси Амано, родившийся в 1960 году, сейчас профессор.")
    assert after["Хироси Амано"].trigger.startswith("participle_date_of_birth")
    deaths = [
        t
        for t in extract_document(
            Document(id="t", text="Иван Петров, скончавшийся 5 мая 2010 года, был поэтом.")
        )
        if t.relation_type == "DATE_OF_DEATH"
    ]
    assert [(t.subject, t.object) for t in deaths] == [("Иван Петров", "5 мая 2010 года")]
