"""Fact families beyond posts and places (issue #15, facts5): kin, marriage, schools,
residence, illness, awards given to someone, charges and sentences, on constructed Russian
sentences. Each test but one fails on the extractor before them (commit 6fc86f5): its kin
rule saw no relative behind a role noun or a possessive, its frames had no verb of marriage,
school, residence or illness, a charge or a term was typed only by a word list, «который»
stood for no one, and a negated or requested verb still stated its fact. The one that passes
there (`test_kin_with_a_preposition_or_inside_a_name_gives_no_relative`) guards the new kin
rules against false facts.
"""

from __future__ import annotations

from dragon_bench.kg.calibration import confidence_of, feeds_questions
from dragon_bench.kg.natasha_backend import extract_document
from dragon_bench.types import Document, Triple


def _facts(text: str) -> list[Triple]:
    return extract_document(Document(id="t", text=text))


def _typed(text: str) -> set[tuple[str, str, str]]:
    return {(t.subject, t.relation_type, t.object) for t in _facts(text) if t.relation_type}


def _of(text: str, relation: str) -> list[Triple]:
    return [t for t in _facts(text) if t.relation_type == relation]


def test_the_relative_behind_a_role_noun_is_the_named_person() -> None:
    facts = _typed(
        "Дочь президента Узбекистана Ислама Каримова Лолла Каримова сообщила, что её отец "
        "попал в реанимацию."
    )
    assert ("Ислам Каримов", "PARENT_OF", "Лолла Каримова") in facts
    assert ("Ислам Каримов", "WORKS_AS", "президент Узбекистана") in facts


def test_a_possessive_stands_for_the_first_conjunct_or_the_subject() -> None:
    facts = _typed("Марк Цукерберг и его жена Присцилла Чан намерены инвестировать $3 млрд.")
    assert ("Марк Цукерберг", "SPOUSE", "Присцилла Чан") in facts
    assert ("Фидель Кастро", "SIBLING", "Рауль") in _typed(
        "Фидель Кастро передал обязанности своему брату Раулю."
    )


def test_a_kin_noun_after_a_name_takes_its_genitive() -> None:
    spouses = _of("Александра Панфилова, жена Кинчева, сказала, что всё хорошо.", "SPOUSE")
    assert [(t.trigger, t.object) for t in spouses] == [("kin:жена", "Кинчев")]


def test_kin_with_a_preposition_or_inside_a_name_gives_no_relative() -> None:
    # «дочь от X» names her mother only by a preposition, and «Сын А.Лукашенко» as one name
    # tells no one's son: no fact rather than a false one
    assert not _of(
        "У него есть внебрачная дочь Стефани от искусствоведа Хелен Макинтайр.", "PARENT_OF"
    )
    kids = _of("Старший сын А.Лукашенко Виктор может сменить отца.", "PARENT_OF")
    assert all("Сын" not in t.subject for t in kids)
    # a kin noun in the genitive: the genitive name after it is its own, not a relative's
    wives = _of(
        "Неруда похоронен на территории, прилегающей к его дому в Исла-Негра, рядом с могилой "
        "его третьей жены Матильды Уррутии.",
        "SPOUSE",
    )
    assert not [t for t in wives if t.subject == "Матильда"]  # «Матильда married Уррутия»


def test_verbs_of_marriage() -> None:
    assert ("Ксения Собчак", "SPOUSE", "Максим Виторган") in _typed(
        "Ксения Собчак замужем за актёром Максимом Виторганом."
    )
    assert ("Эмманюэль Макрон", "SPOUSE", "Брижит Макрон") in _typed(
        "Президент Франции Эмманюэль Макрон женат на Брижит Макрон."
    )


def test_schools_residence_and_illness() -> None:
    assert ("Иван Петров", "SCHOOLS_ATTENDED", "Московский государственный университет") in (
        _typed("Иван Петров окончил Московский государственный университет.")
    )
    assert ("Фетхуллах Гюлен", "PLACE_RESIDES_IN", "США") in _typed(
        "Фетхуллах Гюлен около 20 лет проживает в США."
    )
    assert ("Хиллари Клинтон", "MEDICAL_CONDITION", "пневмония") in _typed(
        "У Хиллари Клинтон диагностировали пневмонию."
    )
    ill = _of("Вчера Константина Кинчева госпитализировали с инфарктом.", "MEDICAL_CONDITION")
    assert [(t.subject, t.object) for t in ill] == [("Константин Кинчев", "инфаркт")]


def test_an_award_given_to_someone_in_the_dative() -> None:
    awards = _of("Нобелевскую премию по литературе присудили певцу Бобу Дилану.", "AWARDED_WITH")
    assert [(t.subject, t.object) for t in awards] == [("Боб Дилан", "Нобелевская премия")]


def test_charges_and_terms_are_typed_by_their_trigger() -> None:
    charges = _of(
        "Сильвио Берлускони обвинялся в масштабных финансовых махинациях.", "CONVICTED_OF"
    )
    # the phrase in the nominative and still plural
    assert [(t.subject, t.object) for t in charges] == [
        ("Сильвио Берлускони", "масштабные финансовые махинации")
    ]
    terms = _of("Суд приговорил Андрея Кузнецова к 22 годам лишения свободы.", "PENALIZED_AS")
    assert [(t.subject, t.object) for t in terms] == [
        ("Андрей Кузнецов", "22 года лишения свободы")
    ]
    terms = _of("Суд приговорил Андрея Кузнецова к шести годам колонии.", "PENALIZED_AS")
    assert [t.object for t in terms] == ["шесть лет колонии"]
    assert feeds_questions(terms[0].confidence)
    # a compound preposition is no charge
    assert not [
        t for t in _facts("Иван Петров обвинялся в рамках дела.") if t.object_type == "CRIME"
    ]


def test_which_stands_for_the_noun_its_clause_describes() -> None:
    terms = _of(
        "Надежда Савченко, которую в России приговорили к 22 годам тюрьмы, вернулась в Украину.",
        "PENALIZED_AS",
    )
    assert [(t.subject, t.object) for t in terms] == [("Надежда Савченко", "22 года тюрьмы")]
    assert terms[0].trigger.startswith("relative_")


def test_a_negated_or_requested_verb_states_no_fact() -> None:
    assert not _of("Суд не приговаривал Ивана Сидорова к двум годам тюрьмы.", "PENALIZED_AS")
    assert not _of(
        "Прокурор попросил приговорить Сергея Магнитского к девяти годам тюрьмы.", "PENALIZED_AS"
    )
    assert _of("Суд приговорил Сергея Магнитского к девяти годам тюрьмы.", "PENALIZED_AS")


def test_copulas_lists_and_families_of_kin() -> None:
    facts = _typed("Альберт II — младший сын Леопольда III и Астрид Шведской.")
    assert {
        ("Леопольд III", "PARENT_OF", "Альберт II"),
        ("Астрид Шведская", "PARENT_OF", "Альберт II"),
    } <= facts
    kids = _typed("На похоронах были сыновья Ивана Петрова — Сергей и Алексей.")
    assert {("Иван Петров", "PARENT_OF", "Сергей"), ("Иван Петров", "PARENT_OF", "Алексей")} <= kids
    born = _typed(
        "Владимир Петров родился в Туле в семье актёра Льва Петровича и режиссёра Натальи Ивановны."
    )
    assert ("Наталья Ивановна", "PARENT_OF", "Владимир Петров") in born
    assert ("Лев Петрович", "PARENT_OF", "Владимир Петров") in born


def test_the_new_rules_are_calibrated() -> None:
    # estimated on NEREL train by `python -m dragon_bench.kg.tuning`, not left at 0
    for trigger in ("kin:дочь", "kin:жена", "verb_spouse:жениться"):
        assert confidence_of(trigger) > 0.5


def test_a_hero_title_and_a_best_of_prize_are_awards() -> None:
    awards = _of(
        "Вечный огонь зажёг Леонид Брежнев, приняв факел от Героя Советского Союза Алексея "
        "Маресьева.",
        "AWARDED_WITH",
    )
    # the title's span stops before the name in apposition
    assert [(t.subject, t.object) for t in awards] == [
        ("Алексей Маресьев", "Герой Советского Союза")
    ]
    best = _of("Криштиану Роналду признан лучшим футболистом 2017 года.", "AWARDED_WITH")
    assert [(t.subject, t.object) for t in best] == [("Криштиану Роналду", "лучший футболист")]


def test_a_holder_of_an_award_holds_no_post() -> None:
    triples = _facts("Кевин Спейси — двукратный обладатель премии «Оскар» за роли в фильмах.")
    assert [(t.subject, t.object) for t in triples if t.relation_type == "AWARDED_WITH"] == [
        ("Кевин Спейси", "премия «Оскар»")
    ]
    assert not [t for t in triples if t.relation_type == "WORKS_AS"]
    nominal = _of(
        "Президент России Владимир Путин подписал указ о награждении сербского режиссёра "
        "Эмира Кустурицы орденом Дружбы.",
        "AWARDED_WITH",
    )
    assert [t.object for t in nominal] == ["орден Дружбы"]


def test_memberships_of_countries_and_in_a_named_party() -> None:
    assert ("Румыния", "MEMBER_OF", "НАТО") in _typed("Румыния является членом НАТО с 2004 года.")
    members = _of("Членство Соловьёва в партии «Единая Россия» было приостановлено.", "MEMBER_OF")
    assert [t.object for t in members] == ["Единая Россия"]
    # a planned entry is no membership
    assert not _of("Вступление Черногории в НАТО станет расширением альянса.", "MEMBER_OF")


def test_makers_of_works() -> None:
    assert ("Андрей Звягинцев", "PRODUCES", "Левиафан") in _typed(
        "Режиссёр фильма «Левиафан» Андрей Звягинцев приехал в Канны."
    )
    assert ("Андрей Звягинцев", "PRODUCES", "Нелюбовь") in _typed(
        "Картина «Нелюбовь» российского режиссёра Андрея Звягинцева удостоена приза жюри."
    )


def test_a_verb_frame_takes_the_name_of_a_common_noun() -> None:
    facts = _typed("52-летний Карапетян ранее возглавлял компанию «АрмРосГазпром».")
    assert ("Карапетян", "WORKPLACE", "АрмРосГазпром") in facts
    # the common noun is no second workplace (no question can name «компания»)
    assert ("Карапетян", "WORKPLACE", "компания") not in facts


def test_event_rules_have_a_pronoun_factor_of_their_own() -> None:
    # «он заявил»: NEREL rarely annotates a verb as the event of a pronoun's sentence, which
    # said nothing of how well «он» was read; the other rules keep the factor of their own
    table = {"r": 0.8, "event_x": 0.5, "pronoun>": 0.9, "pronoun>event_": 0.4}
    assert confidence_of("pronoun>r:y", table) == 0.72
    assert confidence_of("pronoun>event_x:y", table) == 0.2
    assert confidence_of("zero>r:y", {"r": 0.8, "zero>": 0.5}) == 0.4  # no event factor: one


def test_a_charge_by_which_someone_is_held_or_charged() -> None:
    held = _of("Позднее Сергей Магнитский был арестован по обвинению в коррупции.", "CONVICTED_OF")
    assert [(t.subject, t.object) for t in held] == [("Сергей Магнитский", "коррупция")]
    charged = _of(
        "Следователи предъявили обвинения гражданину Мохамеду Насеру в вербовке боевиков.",
        "CONVICTED_OF",
    )
    assert [(t.subject, t.object) for t in charged] == [("Мохамед Насер", "вербовка боевиков")]
    # «в отношении четырёх человек» is a compound preposition and people are no crime
    charges = _of(
        "Известному американскому исполнителю ритм-н-блюза Ар Келли предъявлены обвинения в "
        "сексуальном насилии в отношении четырёх человек.",
        "CONVICTED_OF",
    )
    assert [t.object for t in charges] == ["сексуальное насилие"]
    part = _of("Прокуратура обвинила Виталия Маркива в причастности к убийству.", "CONVICTED_OF")
    assert [t.object for t in part] == ["причастность к убийству"]  # not «причастность»


def test_the_cause_of_a_death() -> None:
    causes = _of("Михаил Лесин умер от сердечного приступа в Вашингтоне.", "CAUSE_OF_DEATH")
    assert [(t.subject, t.object) for t in causes] == [("Михаил Лесин", "сердечный приступ")]


def test_an_age_one_has_turned() -> None:
    ages = _of("Народному артисту СССР Владимиру Этушу исполнилось 95 лет.", "AGE_IS")
    assert [(t.subject, t.object, t.tense) for t in ages] == [
        ("Владимир Этуш", "95 лет", "present")
    ]
    # a birthday to come tells the age of next year, not today's
    assert not _of("Хамдалла, которому в августе исполнится 55 лет, стал премьером.", "AGE_IS")


def test_a_student_or_graduate_of_a_school_is_not_employed_there() -> None:
    facts = _typed("Обвиняемый по делу аспирант МГУ Азат Мифтахов отрицает вину.")
    assert ("Азат Мифтахов", "SCHOOLS_ATTENDED", "МГУ") in facts
    assert ("Азат Мифтахов", "WORKPLACE", "МГУ") not in facts


def test_the_kin_nouns_are_one_list() -> None:
    # the NER trim («Сын А.Лукашенко») and the kin rules read the same words
    from dragon_bench.kg.mentions import KIN_NOUNS
    from dragon_bench.kg.triggers import _KIN

    assert set(_KIN) == KIN_NOUNS
