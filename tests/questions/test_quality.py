"""The quality checker on constructed questions and the flagged share of questions from a small
NEREL dev build (the generator's defect classes are in test_defects.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragon_bench.questions import generate_questions
from dragon_bench.questions.grammar import bad_preposition_case, disagreeing_adjective
from dragon_bench.questions.quality import (
    DEFECTS,
    flagged_share,
    malformed_name,
    question_defects,
    repeated_lemmas,
)
from dragon_bench.types import Document, Question, QuestionType, Triple


def _doc(doc_id: str, text: str) -> Document:
    return Document(id=doc_id, title="Новости", text=text)


def _fact(
    doc: Document,
    subject: str,
    relation: str,
    obj: str,
    types: tuple[str, str],
    at: tuple[str, str],
) -> Triple:
    """A triple whose spans are the first occurrences of `at` in the document's full text."""
    text = doc.full_text
    s0, o0 = text.index(at[0]), text.index(at[1])
    start = text.rfind(".", 0, min(s0, o0)) + 1
    end = text.find(".", max(s0, o0)) + 1 or len(text)
    return Triple(
        subject, relation, obj, doc.id, types[0], types[1],
        (s0, s0 + len(at[0])), (o0, o0 + len(at[1])), (start, end), "hand",
    )  # fmt: skip


def _q(
    text: str, answers: tuple[str, ...], qtype: QuestionType = "simple", *triples: Triple
) -> Question:
    return Question(0, text, ", ".join(answers), qtype, ("d",), answers, triples)


def _t(s: str, r: str, o: str, st: str = "PERSON", ot: str = "LOCATION") -> Triple:
    return Triple(s, r, o, "d", st, ot)


# --- the checker -------------------------------------------------------------------------


def test_checker_passes_good_questions() -> None:
    good = [
        _q("Где родился Евгений Кисин?", ("Москва",), "simple",
           _t("Евгений Кисин", "PLACE_OF_BIRTH", "Москва", "PERSON", "CITY")),
        _q("Кем работает Евгений Кисин?", ("композитор", "пианист"), "set",
           _t("Евгений Кисин", "WORKS_AS", "пианист", "PERSON", "PROFESSION"),
           _t("Евгений Кисин", "WORKS_AS", "композитор", "PERSON", "PROFESSION")),
        _q("Где находится штаб-квартира организации, в которой работает Алексей Миллер?",
           ("Санкт-Петербург",), "multi_hop",
           _t("Алексей Миллер", "WORKPLACE", "Газпром", "PERSON", "ORGANIZATION"),
           _t("Газпром", "HEADQUARTERED_IN", "Санкт-Петербург", "ORGANIZATION", "CITY")),
        _q("Кто работает в Англии и работает писательницей?", ("Джейн Остин",), "conditional",
           _t("Джейн Остин", "WORKPLACE", "Англия"),
           _t("Джейн Остин", "WORKS_AS", "писательница", "PERSON", "PROFESSION")),
        _q("Когда родился Евгений Кисин?", ("10 октября 1971 года",), "simple",
           _t("Евгений Кисин", "DATE_OF_BIRTH", "10 октября 1971 года", "PERSON", "DATE")),
    ]  # fmt: skip
    for q in good:
        assert question_defects(q) == (), q.question


@pytest.mark.parametrize(
    ("question", "defect"),
    [
        (_q("Где находится Москва?", ("Москва",), "simple",
            _t("Москва", "LOCATED_IN", "Москва")), "answer_in_question"),
        (_q("Где находится место, где находится Ворсино?", ("Россия",), "multi_hop",
            _t("Ворсино", "LOCATED_IN", "Калужская область", "LOCATION"),
            _t("Калужская область", "LOCATED_IN", "Россия", "LOCATION")), "repeated_relation"),
        (_q("Где находится место, где находится штаб-квартира Газпрома?", ("Россия",),
            "multi_hop", _t("Газпром", "HEADQUARTERED_IN", "Санкт-Петербург", "ORGANIZATION"),
            _t("Санкт-Петербург", "LOCATED_IN", "Россия", "LOCATION")), "repeated_relation"),
        (_q("Кого осудило место, в котором работает Олег Басилашвили?", ("Иван Петров",),
            "multi_hop", _t("Олег Басилашвили", "WORKPLACE", "СССР"),
            _t("СССР", "осудить", "Иван Петров", "LOCATION", "PERSON")), "relation_misfit"),
        (_q("Каких взглядов придерживается место, где находится Франкфурт?", ("католик",),
            "multi_hop", _t("Франкфурт", "LOCATED_IN", "Германия", "LOCATION"),
            _t("Германия", "IDEOLOGY_OF", "католик", "LOCATION", "IDEOLOGY")), "relation_misfit"),
        (_q("Где скончалась организация, в которой работает Олег Попов?", ("Ростов-на-Дону",),
            "multi_hop", _t("Олег Попов", "WORKPLACE", "Цирк", "PERSON", "ORGANIZATION"),
            _t("Цирк", "PLACE_OF_DEATH", "Ростов-на-Дону", "ORGANIZATION")), "relation_misfit"),
        (_q("Где находится место, где родился человек?", ("Россия",), "multi_hop",
            _t("Евгений Кисин", "PLACE_OF_BIRTH", "Москва"),
            _t("Москва", "LOCATED_IN", "Россия", "LOCATION")), "bridge_unanchored"),
        (_q("Кто удостоился награды?", ("Денис Муквеге",), "simple",
            _t("Денис Муквеге", "AWARDED_WITH", "награда", "PERSON", "AWARD")), "unanchored"),
        (_q("В каком событии принял участие Игорь Калетник?", ("уход",), "simple",
            _t("Игорь Калетник", "PARTICIPANT_IN", "уход", "PERSON", "EVENT")), "vague_answer"),
        (_q("Что объяснило место, где находится Газпром?", ("Отставка",), "simple",
            _t("Газпром", "объяснить", "Отставка", "ORGANIZATION", "EVENT")), "vague_answer"),
        (_q("Где работает Павел Лунгин?", ("Водителе для Веры",), "simple",
            _t("Павел Лунгин", "WORKPLACE", "Водителе для Веры", "PERSON", "ORGANIZATION")),
         "oblique_answer"),
        (_q("Кем работает Обамы?", ("президент",), "simple",
            _t("Обамы", "WORKS_AS", "президент", "PERSON", "PROFESSION")), "oblique_entity"),
        (_q("Кем работает Уго|Уго Чавес?", ("лидер",), "simple",
            _t("Уго|Уго Чавес", "WORKS_AS", "лидер", "PERSON", "PROFESSION")), "malformed_name"),
        (_q("Кто умер в Женева?", ("Бартон",), "simple",
            _t("Бартон", "умереть в", "Женева")), "preposition_case"),
        (_q("Кто возглавлял Вашингтоне?", ("Майкл Мэйсон",), "simple",
            _t("Майкл Мэйсон", "возглавлять", "Вашингтон")), "preposition_case"),
        (_q("Кто работает в Малого драматический театре?", ("Лев Дуров",), "simple",
            _t("Лев Дуров", "WORKPLACE", "Малый драматический театр", "PERSON", "ORGANIZATION")),
         "agreement"),
        (_q("Кого уволена организация, в которой работает Валерий Герасимов?", ("Игорь Сергун",),
            "multi_hop", _t("Валерий Герасимов", "WORKPLACE", "Генштаб", "PERSON", "ORGANIZATION"),
            _t("Генштаб", "уволить", "Игорь Сергун", "ORGANIZATION", "PERSON")),
         "wh_verb_mismatch"),
        (_q("Чего сократил Барак Обама?", ("срок",), "simple",
            _t("Барак Обама", "сократить", "срок", "PERSON", "")), "wh_verb_mismatch"),
        (_q("Кого погиб Абакан?", ("Николай Булакин",), "simple",
            _t("Абакан", "погибнуть", "Николай Булакин", "LOCATION", "PERSON")),
         "wh_verb_mismatch"),
        (_q("Где находится штаб-квартира Конституционного суда?", ("Молдавия", "Молдавия"),
            "set", _t("Конституционный суд", "HEADQUARTERED_IN", "Молдавия", "ORGANIZATION"),
            _t("Конституционный суд", "HEADQUARTERED_IN", "Молдавия", "ORGANIZATION")),
         "duplicate_answer"),
    ],
)  # fmt: skip
def test_checker_flags_each_defect(question: Question, defect: str) -> None:
    assert defect in DEFECTS
    assert defect in question_defects(question)


def test_checker_parts() -> None:
    assert repeated_lemmas("Где находится место, где находится Ворсино?") == {"находиться"}
    # words inside entity names do not count as repetitions
    assert repeated_lemmas("Где работает Работник Года?", ["Работник Года"]) == set()
    assert malformed_name("Басте (") and malformed_name("Лаборатория Касперского» (ЛК)")
    assert malformed_name("Оливер Иванович Оливер Иванович")
    assert not malformed_name("«Газпром»") and not malformed_name("Жером Ферарри (Jérôme)")
    assert not bad_preposition_case("В каком событии принял участие Кисин?")
    assert not bad_preposition_case("Кто работает в Кемеровской области?")
    assert not bad_preposition_case("Где работает К.Лагард?")  # «К.» is an initial
    assert bad_preposition_case("Кто встретится с принцу?")
    assert disagreeing_adjective("Кто работает в Малом драматический театре?")
    assert not disagreeing_adjective("Где находится Малый драматический театр?")
    report = flagged_share(
        [
            _q("Кто удостоился награды?", ("Денис Муквеге",), "simple",
               _t("Денис Муквеге", "AWARDED_WITH", "награда", "PERSON", "AWARD")),
            _q("Где родился Евгений Кисин?", ("Москва",), "simple",
               _t("Евгений Кисин", "PLACE_OF_BIRTH", "Москва", "PERSON", "CITY")),
        ]
    )  # fmt: skip
    assert report["share"] == 0.5 and report["by_type"]["simple"]["flagged"] == 1
    assert report["by_defect"] == {"unanchored": 1}


# --- a small NEREL dev build ----------------------------------------------------------------


@pytest.mark.slow
def test_nerel_dev_flagged_share_is_small(nerel_dev: Path) -> None:
    """On the NEREL dev documents (natasha extraction) the generator without its filter has
    at most 5% flagged questions: the committed baseline had 36-43% (benchmarks/questions.py
    on train: 0.429 full, 0.36 quick) and the fixed generator 0.5-1.4%, so 5% leaves room
    for a small sample (about 100 questions) while failing on anything near the baseline.
    All 94 documents: the precision-first extractor (issue #15) yields fewer facts a text."""
    from dragon_bench.corpus import read_documents
    from dragon_bench.kg import extract_triples

    docs = read_documents(nerel_dev)
    triples = extract_triples(docs, backend="natasha")
    raw = generate_questions(triples, docs, per_type=30, seed=0, check_quality=False)
    report = flagged_share(raw)
    assert report["questions"] >= 20, report  # bare predicates from the parse are not asked
    assert report["share"] <= 0.05, report
    stats: dict = {}
    final = generate_questions(triples, docs, per_type=30, seed=0, stats=stats)
    assert flagged_share(final)["flagged"] == 0
    assert len(final) >= 0.9 * len(raw), (len(final), len(raw), stats["rejected"])
