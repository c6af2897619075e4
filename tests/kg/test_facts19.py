"""True facts with evidence (issue #15, facts19): classes of false facts a blind read of
NEREL train questions found, on constructed Russian sentences. Each test but the guards fails
on the extractor before its fix."""

from __future__ import annotations

from dragon_bench.kg.calibration import feeds_questions
from dragon_bench.kg.natasha_backend import extract_document
from dragon_bench.types import Document


def _asked(text: str) -> set[tuple[str, str, str]]:
    """The typed facts of a text that may feed questions."""
    return {
        (t.subject, t.relation_type, t.object)
        for t in extract_document(Document(id="t", text=text))
        if t.relation_type and feeds_questions(t.confidence)
    }


def _of(facts: set[tuple[str, str, str]], subject: str, relation: str) -> set[str]:
    return {o for s, r, o in facts if s == subject and r == relation}


def test_a_role_with_a_governed_name_belongs_to_the_name_after_it() -> None:
    # «Юрист Хиллари Клинтон Анна Смит»: Смит is the lawyer, Клинтон her client
    facts = _asked("Юрист Хиллари Клинтон Анна Смит сообщила об этом журналистам.")
    assert not _of(facts, "Хиллари Клинтон", "WORKS_AS")
    assert ("Анна Смит", "WORKS_AS", "юрист") in facts


def test_a_role_in_the_genitive_stays_with_its_own_name() -> None:
    # guard: «дочь президента Ислама Каримова Гульнара»: Каримов is the president
    facts = _asked("Дочь президента Ислама Каримова Гульнара Каримова уехала в Швейцарию.")
    assert ("Ислам Каримов", "WORKS_AS", "президент") in facts
    assert not _of(facts, "Гульнара Каримова", "WORKS_AS")


def test_a_record_is_no_part_of_the_post() -> None:
    facts = _asked("Анна Петрова — первая женщина-президент Чили.")
    assert _of(facts, "Анна Петрова", "WORKS_AS") == {"президент Чили"}
    facts = _asked("Нельсон Мандела стал первым чернокожим президентом ЮАР.")
    assert _of(facts, "Нельсон Мандела", "WORKS_AS") == {"президент ЮАР"}


def test_a_ranked_post_keeps_its_ordinal() -> None:
    # guard: «первый секретарь» is a post of its own
    facts = _asked("Иван Котов — первый секретарь обкома КПСС.")
    assert _of(facts, "Иван Котов", "WORKS_AS") == {"первый секретарь обкома КПСС"}


def test_a_fan_or_an_amateur_is_no_profession_and_no_employee() -> None:
    facts = _asked("Известный болельщик «Зенита» Иван Петров пришёл на матч.")
    assert not _of(facts, "Иван Петров", "WORKS_AS")
    assert not _of(facts, "Иван Петров", "WORKPLACE")
    facts = _asked("Вчера фотограф-любитель Иван Петров снял пожар.")
    assert not _of(facts, "Иван Петров", "WORKS_AS")
    # guard: a photographer is one
    facts = _asked("Вчера фотограф Иван Петров снял пожар.")
    assert ("Иван Петров", "WORKS_AS", "фотограф") in facts
