"""The failure classes of the twelfth blind read (benchmarks/question_reads/2026-12-01-gold-dev-
12-grades.jsonl) and phrasing11's leftovers, each on a constructed Russian case that produced the
defect with the generator the read graded (session 6's final main, 6ddf075's question code)."""

from __future__ import annotations

import re

from tests.questions.helpers import asked as _asked
from tests.questions.helpers import doc, fact

PP = ("PERSON", "PERSON")


def test_a_relatives_surname_does_not_give_the_answer_away() -> None:
    # «Какой композитор состоял в браке с Эльжбетой Пендерецкой?» -> Кшиштоф Пендерецкий
    d = doc("p", "Супруга композитора Кшиштофа Пендерецкого Эльжбета Пендерецкая сообщила о его "
                 "смерти. Композитор Кшиштоф Пендерецкий родился в Дембице. Жена инженера Павла "
                 "Зотова Анна Сомова сообщила об аварии. Инженер Павел Зотов родился в Твери. "
                 "Сын инженера Олега Ермакова Игорь Ермаков учится в Твери.")  # fmt: skip
    ts = [
        fact(d, "Эльжбета Пендерецкая", "SPOUSE", "Кшиштоф Пендерецкий", PP,
             ("Эльжбета Пендерецкая", "Кшиштофа Пендерецкого"), ("PERSON:e", "PERSON:k")),
        fact(d, "Кшиштоф Пендерецкий", "PLACE_OF_BIRTH", "Дембица", ("PERSON", "CITY"),
             ("Кшиштоф Пендерецкий", "Дембице"), ("PERSON:k", "CITY:d"), "past"),
        fact(d, "Кшиштоф Пендерецкий", "WORKS_AS", "композитор", ("PERSON", "PROFESSION"),
             ("Кшиштоф Пендерецкий", "Композитор"), ("PERSON:k", "PROFESSION:c")),
        fact(d, "Анна Сомова", "SPOUSE", "Павел Зотов", PP,
             ("Анна Сомова", "Павла Зотова"), ("PERSON:a", "PERSON:z")),
        fact(d, "Павел Зотов", "PLACE_OF_BIRTH", "Тверь", ("PERSON", "CITY"),
             ("Павел Зотов", "Твери"), ("PERSON:z", "CITY:t"), "past"),
        fact(d, "Олег Ермаков", "PARENT_OF", "Игорь Ермаков", PP,
             ("Олега Ермакова", "Игорь Ермаков"), ("PERSON:o", "PERSON:i")),
    ]  # fmt: skip
    asked = _asked(ts, [d], types=("simple", "conditional"))
    kin = [q for q in asked if "Пендерецк" in q or "Ермаков" in q]
    spouse = [q for q in kin if "Пендерецкий" in asked[q] or "Эльжбета Пендерецкая" in asked[q]]
    child = [q for q in kin if "Игорь Ермаков" in asked[q] or "Олег Ермаков" in asked[q]]
    assert not spouse and not child, asked
    assert [q for q in asked if "Павел Зотов" in asked[q] or "Анна Сомова" in asked[q]], asked
    from dragon_bench.questions.shapes.base import same_surname

    assert same_surname("Эльжбета Пендерецкая", "Кшиштоф Пендерецкий")
    assert same_surname("Анна Иванова", "Сергей Иванов")
    assert not same_surname("Анна Сомова", "Павел Зотов")
    assert not same_surname("Пётр Петров", "Иван Петренко")


def test_a_trade_the_headline_gives_another_topic_is_asked() -> None:
    # read 11's headline rule dropped every person with a creative trade in the headline:
    # «Витамин Б для Сочи от художника Кирилла Бородина», «Сын актрисы Завьяловой не признал
    # вину»; only a headline about the person as such («Скончался писатель Юрий Бондарев»:
    # the trade in the nominative, the person the headline's subject) makes it common knowledge
    from dragon_bench.questions.fame import headline_trade
    from dragon_bench.types import Document

    assert headline_trade("Юрий Бондарев", "писатель", ["Скончался писатель Юрий Бондарев\nТекст"])
    assert headline_trade("Кэрри Фишер", "актриса", ["Умерла актриса Кэрри Фишер\nТекст"])
    assert not headline_trade(
        "Кирилл Бородин", "художник", ["Витамин Б для Сочи от художника Кирилла Бородина\nТ"]
    )
    assert not headline_trade("Ирина Завьялова", "актриса", ["Сын актрисы Завьяловой осуждён\nТ"])
    d = Document(id="b", title="Витамин Б для Сочи от художника Кирилла Бородина",
                 text="Декорации к спектаклю создал художник Кирилл Бородин.")  # fmt: skip
    ts = [
        fact(d, "Кирилл Бородин", "WORKS_AS", "художник", ("PERSON", "PROFESSION"),
             ("Кирилл Бородин.", "художник Кирилл"), ("PERSON:b", "PROFESSION:h"), "present"),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert [q for q in asked if "Бородин" in q and "художник" in asked[q]], asked


def test_a_day_is_not_held_where_the_text_only_places_a_photo() -> None:
    # «Где прошёл День Победы над Японией?» -> Таймс-сквер, from «Фотография ... в День Победы
    # над Японией, 14 августа 1945 года на Таймс-сквер»; a day the text says is kept in a
    # place («в Твери отмечают День города») and a festival stay
    d = doc("v", "Фотография Виктора Йоргенсена в День Победы над Японией, 14 августа 1945 года "
                 "на Таймс-сквер. Ежегодно в Твери отмечают День города. Фестиваль «Чайковский» "
                 "прошёл в Клину.")  # fmt: skip
    ev = ("EVENT", "FACILITY")
    ts = [
        fact(d, "День Победы над Японией", "TAKES_PLACE_IN", "Таймс-сквер", ev,
             ("День Победы над Японией", "Таймс-сквер"), ("EVENT:v", "FACILITY:t"), "past"),
        fact(d, "День города", "TAKES_PLACE_IN", "Тверь", ("EVENT", "CITY"),
             ("День города", "Твери"), ("EVENT:b", "CITY:t"), "present"),
        fact(d, "Чайковский", "TAKES_PLACE_IN", "Клин", ("EVENT", "CITY"),
             ("Чайковский", "Клину"), ("EVENT:c", "CITY:k"), "past"),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "Таймс-сквер" in asked[q]], asked
    assert [q for q in asked if "Тверь" in asked[q]], asked
    assert [q for q in asked if "Клин" in asked[q]], asked


def test_the_seat_of_an_organisation_the_news_know_by_one_word_is_not_asked() -> None:
    # «Где базируется МАГАТЭ?» -> Вена (R: common knowledge); the news embeddings tie
    # «магатэ» to «вена» 0.32, as they tie a famous person to his trade
    oc = ("ORGANIZATION", "CITY")
    d = doc("m", "Флаг в штаб-квартире МАГАТЭ в Вене приспущен. Штаб-квартира компании "
                 "Уралмашзавод находится в Екатеринбурге.")  # fmt: skip
    ts = [
        fact(d, "МАГАТЭ", "HEADQUARTERED_IN", "Вена", oc, ("МАГАТЭ", "Вене"),
             ("ORGANIZATION:m", "CITY:v"), "present"),
        fact(d, "Уралмашзавод", "HEADQUARTERED_IN", "Екатеринбург", oc,
             ("Уралмашзавод", "Екатеринбурге"), ("ORGANIZATION:u", "CITY:e"), "present"),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "МАГАТЭ" in q], asked
    assert [q for q in asked if "Уралмашзавод" in q], asked


def test_a_street_named_after_a_person_is_not_shown_as_the_person() -> None:
    # «В каком городе располагается Достоевский?» -> Калуга, from «дом на углу Достоевского
    # и Московской»: the nominative of the genitive names the writer, not the street
    from dragon_bench.questions.names import answer_name

    for street in ("Достоевского", "Вернадского", "Космонавта Волкова", "Гагарина", "Ленина"):
        assert answer_name(street, "FACILITY") == "", street
    assert answer_name("Кремля", "FACILITY") == "Кремль"
    assert answer_name("Внукова", "FACILITY") == "Внуково"
    d = doc("k", "Калуга, дом на углу Достоевского и Московской. Музей «Кремль» находится в "
                 "Туле.")  # fmt: skip
    fc = ("FACILITY", "CITY")
    ts = [
        fact(d, "Достоевского", "LOCATED_IN", "Калуга", fc, ("Достоевского", "Калуга"),
             ("FACILITY:d", "CITY:k")),
        fact(d, "Кремль", "LOCATED_IN", "Тула", fc, ("Кремль", "Туле"), ("FACILITY:r", "CITY:t")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "Калуга" in asked[q] or "Достоевск" in q], asked
    assert [q for q in asked if "Тула" in asked[q]], asked


def test_a_foreign_organisation_name_is_shown_after_its_kind_noun() -> None:
    # «Когда прекратил существование Talk Talk?» of a band («группа Talk Talk прекратила»):
    # a foreign name has no Russian gender; the texts' kind noun goes in front and the verb
    # agrees with it; a foreign name the texts give no kind keeps its form
    from dragon_bench.questions.org_kinds import kind_noun, shown_with_kind

    text = "Марк Холлис, основатель группы Talk Talk. Компания Odebrecht выплатила штраф."
    assert kind_noun("Talk Talk", [text]) == "группа"
    assert shown_with_kind("Odebrecht", [text]) == "компания Odebrecht"
    assert shown_with_kind("Металлоинвест", ["Компания Металлоинвест"]) == "Металлоинвест"
    od = ("ORGANIZATION", "DATE")
    d = doc("t", "Марк Холлис, основатель группы Talk Talk, умер. В 1981 году он создаёт Talk "
                 "Talk. Это группа просуществовала до 1991 года. Kraftwerk просуществовал до "
                 "2001 года.")  # fmt: skip
    ts = [
        fact(d, "Talk Talk", "DATE_DEFUNCT_IN", "1991 год", od, ("Talk Talk. Это", "1991 года"),
             ("ORGANIZATION:t", "DATE:91")),
        fact(d, "Kraftwerk", "DATE_DEFUNCT_IN", "2001 год", od, ("Kraftwerk", "2001 года"),
             ("ORGANIZATION:k", "DATE:01")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    talk = [q for q in asked if "Talk Talk" in q]
    assert talk and all("группа Talk Talk" in q and "прекратила" in q for q in talk), asked
    assert [q for q in asked if "Kraftwerk" in q], asked


def test_a_band_is_asked_as_a_band_not_an_organisation() -> None:
    # phrasing11's leftover: «Какая организация была основана в 1990 году и имеет
    # штаб-квартиру в Великобритании?» -> The Prodigy; «Когда прекратила существование
    # организация, которая создала «Today»?» (a band)
    d = doc("p", "Группа The Prodigy была основана в 1990 году в Брейнтри. Группа The Prodigy "
                 "записала альбом «Invaders Must Die». Группа The Prodigy базируется в Эссексе. "
                 "В 2001 году группа The Prodigy распалась.")  # fmt: skip
    og = ("ORGANIZATION", "DATE")
    ts = [
        fact(d, "The Prodigy", "DATE_FOUNDED_IN", "1990 год", og,
             ("The Prodigy была", "1990 году"), ("ORGANIZATION:p", "DATE:90"), "past"),
        fact(d, "The Prodigy", "HEADQUARTERED_IN", "Эссекс", ("ORGANIZATION", "STATE_OR_PROVINCE"),
             ("The Prodigy базируется", "Эссексе"), ("ORGANIZATION:p", "STATE:e"), "present"),
        fact(d, "The Prodigy", "PRODUCES", "Invaders Must Die", ("ORGANIZATION", "WORK_OF_ART"),
             ("The Prodigy записала", "Invaders Must Die"), ("ORGANIZATION:p", "WORK:i"), "past"),
        fact(d, "The Prodigy", "DATE_DEFUNCT_IN", "2001 год", og,
             ("The Prodigy распалась", "2001 году"), ("ORGANIZATION:p", "DATE:01"), "past"),
    ]  # fmt: skip
    asked = _asked(ts, [d], types=("conditional", "multi_hop"))
    assert asked, asked
    assert not [q for q in asked if "организац" in q], asked
    assert [q for q in asked if "групп" in q and "The Prodigy" in asked[q]], asked


def test_an_organisation_named_by_common_words_is_quoted_after_its_kind() -> None:
    # phrasing11's leftover: «Русская речь», «Братья мусульмане» were dropped (read 11's
    # `common_words_org`) where the texts give their kind: «журнал «Русская речь»»
    d = doc("r", "Журнал «Русская речь» был основан в 1967 году. Главным редактором журнала "
                 "«Русская речь» работает Пётр Сомов.")  # fmt: skip
    ts = [
        fact(d, "Русская речь", "DATE_FOUNDED_IN", "1967 год", ("ORGANIZATION", "DATE"),
             ("Русская речь", "1967 году"), ("ORGANIZATION:r", "DATE:67"), "past"),
        fact(d, "Пётр Сомов", "WORKPLACE", "Русская речь", ("PERSON", "ORGANIZATION"),
             ("Пётр Сомов", "Русская речь» работает"), ("PERSON:s", "ORGANIZATION:r")),
    ]  # fmt: skip
    asked = _asked(ts, [d], types=("simple", "conditional"))
    assert not [q for q in asked if re.search(r"(?<!«)Русск", q)], asked
    assert [q for q in asked if "журнал «Русская речь»" in q and "1967 год" in asked[q]], asked


def test_a_name_followed_by_its_own_spelling_is_one_person() -> None:
    # phrasing11's leftover: the KG holds «26-летнюю Чжан Инъин (章莹颖)» under another id than
    # «Чжан Инъин»; her death, told of the plain name, did not reach the bracketed one, so her
    # age was asked in the present
    d = doc("z", "Пётр Сомов похитил 26-летнюю Чжан Инъин (章莹颖) в июне. Тело Чжан Инъин не "
                 "нашли: Чжан Инъин погибла в июне 2017 года.")  # fmt: skip
    ts = [
        fact(d, "Чжан Инъин (章莹颖)", "AGE_IS", "26 лет", ("PERSON", "AGE"),
             ("Чжан Инъин (章莹颖)", "26-летнюю"), ("PERSON:чжан инъин (章莹颖)", "AGE:26"),
             "present"),
        fact(d, "Чжан Инъин", "DATE_OF_DEATH", "июнь 2017 года", ("PERSON", "DATE"),
             ("Чжан Инъин погибла", "июне 2017 года"), ("PERSON:чжан инъин", "DATE:17"), "past"),
    ]  # fmt: skip
    from dragon_bench.questions.sampling import FactGraph

    graph = FactGraph(ts, texts={d.id: d.full_text})
    assert "PERSON:чжан инъин (章莹颖)" not in graph.entities
    assert {f.subject_id for f in graph.all_facts} == {"PERSON:чжан инъин"}
    asked = _asked(ts, [d])
    assert not [q for q in asked if "26 лет" in asked[q]], asked


def test_a_product_only_implied_is_not_asked_as_made() -> None:
    # «Что производит компания, которой владеет Bayer?» -> Roundup, from «Пестициды
    # Monsanto» and «признал химикат глифосат (Roundup) фактором появления рака» (read 12 C,
    # U): no sentence says Monsanto makes it
    op = ("ORGANIZATION", "PRODUCT")
    d = doc("m", "Пестициды Monsanto. Суд признал химикат глифосат (Roundup) фактором появления "
                 "рака. Компания Уралмаш выпускает экскаватор ЭКГ-18.")  # fmt: skip
    ts = [
        fact(d, "Monsanto", "PRODUCES", "Roundup", op, ("Monsanto", "Roundup"),
             ("ORGANIZATION:m", "PRODUCT:r")),
        fact(d, "Уралмаш", "PRODUCES", "ЭКГ-18", op, ("Уралмаш", "ЭКГ-18"),
             ("ORGANIZATION:u", "PRODUCT:e")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "Roundup" in asked[q] or "Monsanto" in q], asked
    assert [q for q in asked if "ЭКГ-18" in asked[q]], asked
