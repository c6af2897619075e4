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


def test_a_place_of_another_persons_role_is_no_workplace() -> None:
    facts = _asked("Вчера был убит заместитель муфтия Дагестана Иван Петров.")
    assert not _of(facts, "Иван Петров", "WORKPLACE")
    facts = _asked("Секретарь муфтията Крыма Иван Петров дал интервью.")
    assert not _of(facts, "Иван Петров", "WORKPLACE")
    # guards: an office's own place, a cleric's see
    facts = _asked("Министр иностранных дел России Сергей Лавров прибыл в Рим.")
    assert ("Сергей Лавров", "WORKPLACE", "Россия") in facts
    facts = _asked("Архиепископ Манилы Луис Тагле прибыл в Рим.")
    assert ("Луис Тагле", "WORKPLACE", "Манила") in facts


def test_a_refused_or_only_proposed_appointment_is_no_post() -> None:
    facts = _asked(
        "В 1990 году Иван Котов был назначен федеральным судьёй, но сенат отказался утвердить "
        "назначение."
    )
    assert not _of(facts, "Иван Котов", "WORKS_AS")
    facts = _asked(
        "Путин назначил Павла Белова послом в Китае. В среду Кремль объявил, что Путин "
        "выдвинет Белова на должность посла в Китае."
    )
    assert not _of(facts, "Павел Белов", "WORKS_AS")
    # guard: a confirmed one is held
    facts = _asked("Путин назначил Павла Белова послом в Китае. В среду сенат утвердил Белова.")
    assert ("Павел Белов", "WORKS_AS", "посол") in facts


def test_a_fact_told_as_one_of_conflicting_reports_feeds_no_question() -> None:
    facts = _asked(
        "По данным полиции, Иван Котов родился в Самаре. Некоторые источники называют местом "
        "его рождения Крым."
    )
    assert not _of(facts, "Иван Котов", "PLACE_OF_BIRTH")
    facts = _asked("По некоторым данным, Иван Котов родился в Самаре.")
    assert not _of(facts, "Иван Котов", "PLACE_OF_BIRTH")
    # guard: a source alone, no other version
    facts = _asked("По данным полиции, Иван Котов родился в Самаре.")
    assert ("Иван Котов", "PLACE_OF_BIRTH", "Самара") in facts


def test_a_participle_after_the_last_conjunct_is_told_of_it_alone() -> None:
    facts = _asked(
        "В тюрьме содержались бизнесмен Иван Котов, а также юрист Сергей Белов, скончавшийся "
        "в камере в 2010 году."
    )
    assert not _of(facts, "Иван Котов", "DATE_OF_DEATH")
    assert ("Сергей Белов", "DATE_OF_DEATH", "2010 году") in facts
    facts = _asked(
        "В тюрьме некогда содержались бывший бизнесмен и критик власти Иван Котов, а также "
        "юрист Сергей Белов, разоблачивший крупную схему и скончавшийся в тюрьме в 2010 году."
    )
    assert not _of(facts, "Иван Котов", "DATE_OF_DEATH")
    assert ("Сергей Белов", "DATE_OF_DEATH", "2010 году") in facts


def test_a_hedged_clause_leaves_the_roles_of_its_names() -> None:
    # guard: the son is hedged, the presidency is not
    facts = _asked("У бывшего президента Молдавии Ивана Котова в Италии якобы родился сын.")
    assert ("Иван Котов", "WORKS_AS", "президент Молдавии") in facts
