"""The default (entity) strategy of the extractive generator: the entity, not the sentence;
lists for questions asking for several; abstention on unrelated passages; no echo."""

from __future__ import annotations

import pytest

from dragon_bench.rag.candidate import Candidate
from dragon_bench.rag.extractive import ABSTENTION, ExtractiveGenerator, is_echo
from dragon_bench.rag.question_kind import classify_question

PASSAGES = [
    Candidate(
        "1",
        5.0,
        "Новым губернатором Тверской области назначен Игорь Руденя. Указ подписал президент "
        "Владимир Путин во вторник.",
    ),
    Candidate(
        "2",
        4.0,
        "Писатель Дмитрий Быков выступил в Новосибирске. Вечер вели журналисты Ольга Смирнова "
        "и Анна Петрова.",
    ),
    Candidate(
        "3",
        3.0,
        "Фестиваль джаза прошёл в Казани 12 июня 2019 года. Его посетили 5000 человек.",
    ),
]
UNRELATED = [
    Candidate(
        "9", 1.0, "В субботу в Мурманске ожидается снег. Температура опустится до минус пяти."
    )
]


@pytest.mark.parametrize(
    ("question", "answer", "cited"),
    [
        # the entity in its normal (nominative) form, not the sentence or the inflected span
        ("Кто назначен губернатором Тверской области?", "Игорь Руденя", (0,)),
        ("Где выступил Дмитрий Быков?", "Новосибирск", (1,)),
        ("Где прошёл фестиваль джаза?", "Казань", (2,)),
        ("Когда прошёл фестиваль джаза?", "12 июня 2019 года", (2,)),
        ("Сколько человек посетили фестиваль джаза?", "5000 человек", (2,)),
        ("Кем работает Дмитрий Быков?", "писатель", (1,)),
    ],
)
def test_entity_not_sentence(question: str, answer: str, cited: tuple[int, ...]) -> None:
    gen = ExtractiveGenerator().generate(question, PASSAGES)
    assert gen.answer == answer
    assert gen.sentences[0].citations == cited  # citations index the candidates given
    assert 0.0 < gen.extra["confidence"] <= 1.0


def test_the_earlier_strategy_misses_the_role() -> None:
    # the weakness the entity strategy fixes: a role question answered by a person or a sentence
    question = "Кем работает Дмитрий Быков?"
    old = ExtractiveGenerator(strategy="sentence").generate(question, PASSAGES)
    assert old.answer != "писатель" and "confidence" in old.extra
    assert ExtractiveGenerator().generate(question, PASSAGES).answer == "писатель"
    with pytest.raises(ValueError, match="strategy"):
        ExtractiveGenerator(strategy="llm")


def test_set_question_gives_a_sorted_list() -> None:
    gen = ExtractiveGenerator().generate("Какие журналисты вели вечер Дмитрия Быкова?", PASSAGES)
    assert gen.answer == "Анна Петрова, Ольга Смирнова"
    assert classify_question("Какие журналисты вели вечер?").many
    # one answer when the question asks for one and the runner-up is far weaker
    one = ExtractiveGenerator().generate("Кто подписал указ?", PASSAGES)
    assert one.answer == "Владимир Путин"


def test_abstains_on_an_unrelated_passage() -> None:
    question = "Кто назначен губернатором Тверской области?"
    guarded = ExtractiveGenerator(min_confidence=0.3)
    gen = guarded.generate(question, UNRELATED)
    assert gen.answer == ABSTENTION and gen.sentences == ()
    assert gen.extra["confidence"] < 0.3
    # the same generator answers when the evidence is there
    assert guarded.generate(question, PASSAGES).answer == "Игорь Руденя"
    # without a threshold it keeps its best guess (DRAGON's metrics score an abstention 0)
    assert ExtractiveGenerator().generate(question, UNRELATED).answer != ABSTENTION


def test_never_echoes_the_question() -> None:
    question = "Сколько раз Рори Макилрой выигрывал турнир Мастерс?"
    echo = [
        Candidate("1", 2.0, "Сколько раз Рори Макилрой выигрывал турнир Мастерс?"),
        Candidate("2", 1.0, "Сколько мейджоров выиграл Рори Макилрой? Турнир Мастерс прошёл."),
    ]
    for min_confidence in (0.0, 0.3):
        gen = ExtractiveGenerator(min_confidence=min_confidence).generate(question, echo)
        assert not is_echo("x", question) and is_echo(question, question)
        assert not is_echo(gen.answer, question) or gen.answer == ABSTENTION
        assert gen.answer.lower().rstrip("?") not in question.lower()
    only = [Candidate("1", 2.0, question)]
    assert ExtractiveGenerator().generate(question, only).answer == ABSTENTION


def test_a_surname_answer_takes_the_full_name_from_the_passages() -> None:
    passages = [
        Candidate(
            "1",
            1.0,
            "Губернатор Кемеровской области Аман Тулеев ушёл в отставку. "
            "Тулеев возглавлял регион больше двадцати лет.",
        ),
        Candidate("2", 0.5, "Новым главой региона стал Сергей Цивилев."),
    ]
    gen = ExtractiveGenerator().generate("Кто возглавлял регион больше двадцати лет?", passages)
    assert gen.answer == "Аман Тулеев"  # not "Тулеев", nor "Аман Тулеев, Тулеев"


@pytest.mark.parametrize(
    ("question", "one", "many"),
    [
        ("Кто работает в Португалии и работает президентом?", True, False),
        ("Кто работает фанатом и обвинён в убийстве?", True, False),
        ("Где работает Иванов?", False, False),
        ("Какие журналисты вели вечер?", False, True),
    ],
)
def test_two_conditions_ask_for_one_entity(question: str, one: bool, many: bool) -> None:
    kind = classify_question(question)
    assert (kind.one, kind.many) == (one, many)


def test_conditional_question_gives_one_answer() -> None:
    passages = [
        Candidate(
            "1",
            1.0,
            "Президент Португалии Анибал Каваку Силва утвердил Педру Пассуша Коэлью "
            "премьер-министром.",
        )
    ]
    question = "Кто работает в Португалии и работает президентом?"
    assert ExtractiveGenerator().generate(question, passages).answer == "Анибал Каваку Силва"


def test_confidence_falls_when_retrieval_does_not_single_out_a_text() -> None:
    question = "Кто назначен губернатором Тверской области?"
    lead = [PASSAGES[0], Candidate("2", 1.0, PASSAGES[1].text)]
    tie = [PASSAGES[0], Candidate("2", 5.0, PASSAGES[1].text)]
    sure = ExtractiveGenerator().generate(question, lead)
    unsure = ExtractiveGenerator().generate(question, tie)
    assert sure.answer == unsure.answer == "Игорь Руденя"
    assert sure.extra["retrieval_margin"] == 0.8 and unsure.extra["retrieval_margin"] == 0.0
    assert unsure.extra["confidence"] < sure.extra["confidence"]
