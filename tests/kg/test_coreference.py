"""Facts told of a person named further back than the sentence before (issue #15, quantity):
«он»/«она» or a sentence with no subject reach the person when the sentences between name no
one of that gender and the nearest one that does names exactly one, as its subject. Each
assertion marked "main:" failed on main before the `far_` paths (`8eab271`)."""

from __future__ import annotations

from dragon_bench.kg.calibration import (
    FAR,
    PRONOUN,
    TRIGGER_PRECISION,
    VERB_RULES,
    ZERO,
    confidence_of,
)
from dragon_bench.kg.natasha_backend import extract_document
from dragon_bench.types import Document, Triple


def _facts(text: str) -> list[Triple]:
    return extract_document(Document(id="t", text=text))


def _births(text: str) -> list[Triple]:
    return [t for t in _facts(text) if t.relation_type == "PLACE_OF_BIRTH"]


_FAR_PRONOUN = (
    "Вчера умер актёр Иван Петров. Прощание пройдёт в Москве в пятницу. Он родился в Казани."
)


def test_a_pronoun_reaches_the_subject_named_two_sentences_before() -> None:
    born = _births(_FAR_PRONOUN)
    # main: no fact (the sentence before «Он» names nobody)
    assert [(t.subject, t.object) for t in born] == [("Иван Петров", "Казань")]
    (fact,) = born
    assert fact.trigger == f"{FAR}{PRONOUN}verb_place_of_birth:родиться"
    # the evidence runs from the name's sentence to the pronoun's; the span is the name's
    assert _FAR_PRONOUN[slice(*fact.subject_span)] == "Иван Петров"
    assert _FAR_PRONOUN[slice(*fact.sentence_span)] == _FAR_PRONOUN
    # calibrated apart from the near pronoun: its own factor from train (of verb frames)
    factor = TRIGGER_PRECISION[FAR + PRONOUN + VERB_RULES]
    assert fact.confidence == round(confidence_of("verb_place_of_birth:родиться") * factor, 3)


def test_an_omitted_subject_reaches_the_subject_named_two_sentences_before() -> None:
    text = (
        "Вчера умер актёр Иван Петров. Прощание пройдёт в Москве в пятницу. С 1970 года "
        "работал в Малом театре."
    )
    work = [t for t in _facts(text) if t.relation_type == "WORKPLACE"]
    # main: no fact
    assert [(t.subject, t.object, t.trigger) for t in work] == [
        ("Иван Петров", "Малый театр", f"{FAR}{ZERO}verb_workplace:работать")
    ]
    # a woman named between is no man: the omitted «he» still reaches him
    text = (
        "Вчера умер актёр Иван Петров. Об этом сообщила его вдова Анна Петрова. С 1970 года "
        "работал в Малом театре."
    )
    work = [t for t in _facts(text) if t.relation_type == "WORKPLACE"]
    assert [(t.subject, t.object) for t in work] == [("Иван Петров", "Малый театр")]


def test_a_far_pronoun_needs_one_person_of_its_gender_and_as_the_subject() -> None:
    # two men in the nearest sentence that names a man: whose birth it is is not said
    assert not _births(
        "Иван Петров встретил Петра Иванова. Прощание пройдёт в Москве. Он родился в Казани."
    )
    # a man named between, not as the subject: the nearest man is no subject, so no one
    # (not the man before him either)
    assert not _births(
        "Вчера умер актёр Иван Петров. На похороны пригласили Сергея Иванова. Погода была "
        "плохой. Он родился в Казани."
    )
    # the man is named but not as the subject of his sentence
    assert not _births(
        "На концерт пригласили Ивана Петрова. Погода была плохой. Он родился в Казани."
    )
    # «Она» after a man only
    assert not _births(
        "Вчера умер актёр Иван Петров. Прощание пройдёт в Москве. Она родилась в Казани."
    )
    # further back than four sentences: out of reach
    assert not _births(
        "Вчера умер актёр Иван Петров. Шёл дождь. Было холодно. Дул ветер. Стояла ночь. "
        "Он родился в Казани."
    )


def test_a_pronoun_after_a_far_one_stays_far() -> None:
    text = (
        "Вчера умер актёр Иван Петров. Прощание пройдёт в Москве в пятницу. Он родился в "
        "Казани. Он стал министром культуры Татарстана."
    )
    role = [t for t in _facts(text) if t.object == "министр культуры Татарстана"]
    # main: no fact; the chain from a far resolution keeps its calibration
    assert [(t.subject, t.trigger.startswith(FAR + PRONOUN)) for t in role] == [
        ("Иван Петров", True)
    ]


def test_verb_frames_have_a_pronoun_factor_of_their_own() -> None:
    # «Он работал в ...», «Окончил МГУ.»: a verb frame states the fact outright, so reading
    # «он» costs it less than a role told by a verb («он стал министром»); main: one factor
    table = {"verb_x": 0.8, "role_y": 0.8, "pronoun>": 0.5, "pronoun>verb_": 0.9}
    assert confidence_of("pronoun>verb_x:z", table) == 0.72
    assert confidence_of("pronoun>role_y:z", table) == 0.4
    assert confidence_of("zero>verb_x:z", {"verb_x": 0.8, "zero>": 0.5}) == 0.4  # none: one


def test_the_verb_factor_is_estimated_over_verb_frames_only() -> None:
    from dragon_bench.kg.nerel import GoldDocument, parse_ann
    from dragon_bench.kg.tuning import pronoun_factor

    text = "Иван Петров приехал. Он родился в Казани. Он стал министром."
    ann = (
        "T1\tPERSON 0 11\tИван Петров\nT2\tCITY 34 40\tКазани\nR1\tPLACE_OF_BIRTH Arg1:T1 Arg2:T2\n"
    )
    entities, relations, _ = parse_ann(ann)
    gold = [GoldDocument(Document(id="g", text=text), entities, relations)]

    def said(trigger: str, span: tuple[int, int]) -> Triple:
        return Triple(
            subject="x",
            relation="r",
            object="y",
            doc_id="g",
            subject_span=(0, 11),
            object_span=span,
            relation_type="PLACE_OF_BIRTH",
            trigger=trigger,
        )

    triples = [said("pronoun>verb_a:b", (34, 40)), said("pronoun>role_a:b", (53, 61))]
    table = {"verb_a": 0.8, "role_a": 0.8}
    # the verb frame is gold: (1 + 1) / (1 + 2) over 0.8; the role is not: (0 + 1) / (1 + 2)
    assert pronoun_factor(triples, gold, table, family=VERB_RULES) == round(2 / 3 / 0.8, 3)
    assert pronoun_factor(triples, gold, table, family="") == round(1 / 3 / 0.8, 3)
