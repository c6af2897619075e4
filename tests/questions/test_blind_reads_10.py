"""The failure classes of the tenth blind read (benchmarks/question_reads/2026-12-01-{gold,e2e}-
dev-10-grades.jsonl), each on a constructed Russian case that produced the defect with the
generator the read graded (main at 884d741)."""

from __future__ import annotations

from tests.questions.helpers import asked as _asked
from tests.questions.helpers import doc, fact

PO = ("PERSON", "ORGANIZATION")
PP = ("PERSON", "PERSON")
PL = ("PERSON", "LOCATION")


def test_a_birthplace_with_a_finer_place_before_it_is_not_asked() -> None:
    # «Где родился Юкия Амано?» -> Хонсю from «родился в японской префектуре Канагава на
    # острове Хонсю» (Канагава is the finer answer); the finer place itself still is asked
    d = doc("a", "Юкия Амано родился в японской префектуре Канагава на острове Хонсю в 1947 "
                 "году. Кэндзи Ито родился в Осаке в 1950 году.")  # fmt: skip
    ts = [
        fact(d, "Юкия Амано", "PLACE_OF_BIRTH", "Хонсю", PL, ("Юкия Амано", "Хонсю"),
             ("PERSON:a", "LOCATION:h")),
        fact(d, "Кэндзи Ито", "PLACE_OF_BIRTH", "Осака", ("PERSON", "CITY"),
             ("Кэндзи Ито", "Осаке"), ("PERSON:i", "CITY:o")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "Хонсю" in asked[q]], asked
    assert [q for q in asked if "Осака" in asked[q]], asked


def test_a_former_trade_before_the_person_is_a_second_service() -> None:
    # «Где служил Вадим Зайцев?» -> КГБ while the text calls him «экс-пограничник»
    d = doc("k", "Главным чекистом страны стал экс-пограничник Вадим Зайцев, он возглавил КГБ. "
                 "Генерал Пётр Орлов возглавил МЧС.")  # fmt: skip
    ts = [
        fact(d, "Вадим Зайцев", "WORKPLACE", "КГБ", PO, ("Вадим Зайцев", "КГБ"),
             ("PERSON:z", "ORGANIZATION:k")),
        fact(d, "Пётр Орлов", "WORKPLACE", "МЧС", PO, ("Пётр Орлов", "МЧС"),
             ("PERSON:o", "ORGANIZATION:m")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "КГБ" in asked[q]], asked
    assert [q for q in asked if "МЧС" in asked[q]], asked


def test_subordinate_of_is_asked_only_of_a_subordinates_role() -> None:
    # NEREL's SUBORDINATE_OF joins a client to his lawyer («Адвокат Александра Кокорина Андрей
    # Ромашов» -> «Кто является начальником Александра Кокорина?») and an adviser to a campaign
    # («Кому подчинялся Игорь Малашенко?» -> Ельцин); a deputy's boss is still asked
    d = doc("s", "Адвокат Александра Кокорина Андрей Ромашов прокомментировал приговор. В 1996 "
                 "году Игорь Малашенко был главным советником избирательной кампании Бориса "
                 "Ельцина. Первый заместитель Олега Белова Иван Седов подал в отставку.")  # fmt: skip
    ts = [
        fact(d, "Александр Кокорин", "SUBORDINATE_OF", "Андрей Ромашов", PP,
             ("Александра Кокорина", "Андрей Ромашов"), ("PERSON:k", "PERSON:r")),
        fact(d, "Игорь Малашенко", "SUBORDINATE_OF", "Борис Ельцин", PP,
             ("Игорь Малашенко", "Бориса Ельцина"), ("PERSON:m", "PERSON:e")),
        fact(d, "Иван Седов", "SUBORDINATE_OF", "Олег Белов", PP,
             ("Иван Седов", "Олега Белова"), ("PERSON:s", "PERSON:b")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "Ромашов" in str(asked[q]) or "Ельцин" in str(asked[q])], asked
    assert [q for q in asked if "Олег Белов" in asked[q]], asked


def test_a_predecessor_named_after_a_successor_verb_held_the_post_in_the_past() -> None:
    # «Кем работает Мохаммед Эль-Барадеи?» though «японский дипломат сменил на посту
    # генерального директора МАГАТЭ Мохаммеда Эль-Барадеи»
    d = doc("m", "В 2009 году японский дипломат сменил на посту генерального директора МАГАТЭ "
                 "Мохаммеда Эль-Барадеи, после чего дважды переизбирался.")  # fmt: skip
    ts = [
        fact(d, "Мохаммед Эль-Барадеи", "WORKS_AS", "генеральный директор МАГАТЭ",
             ("PERSON", "PROFESSION"), ("Мохаммеда Эль-Барадеи", "директора МАГАТЭ"),
             ("PERSON:b", "PROFESSION:g"), tense="present"),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert asked, asked
    assert not [q for q in asked if "работает" in q or "является" in q], asked


def test_a_charge_cut_short_or_one_of_several_is_not_asked() -> None:
    # «В чём обвиняли Владимира Квачкова?» -> «подготовка покушения» (the text: «на Анатолия
    # Чубайса»; he was also tried for a mutiny and under article 282); a lone charge is asked
    d = doc("q", "Владимир Квачков — полковник ГРУ в отставке. В 2005 году Владимира Квачкова "
                 "задержали по подозрению в подготовке покушения на Анатолия Чубайса. В 2017 "
                 "году Квачков вновь оказался на скамье подсудимых по статье 282 УК РФ. "
                 "Журналиста Ивана Белова обвинили в клевете.")  # fmt: skip
    cut = fact(d, "Владимир Квачков", "CONVICTED_OF", "подготовка покушения", ("PERSON", "CRIME"),
               ("Владимира Квачкова", "подготовке покушения"), ("PERSON:q", "CRIME:p"))  # fmt: skip
    whole = fact(d, "Владимир Квачков", "CONVICTED_OF", "подготовка покушения на Анатолия Чубайса",
                 ("PERSON", "CRIME"), ("Владимира Квачкова", "подготовке покушения на Анатолия "
                 "Чубайса"), ("PERSON:q", "CRIME:c"))  # fmt: skip
    lone = fact(d, "Иван Белов", "CONVICTED_OF", "клевета", ("PERSON", "CRIME"),
                ("Ивана Белова", "клевете"), ("PERSON:b", "CRIME:k"))  # fmt: skip
    for ts in ([cut, lone], [whole, lone]):
        asked = _asked(ts, [d])
        assert not [q for q in asked if "Квачков" in q], asked
        assert [q for q in asked if "клевета" in asked[q]], asked
    from dragon_bench.questions.stated import unstated

    assert unstated("CONVICTED_OF", "CRIME", [cut], {"q": d.full_text})
    assert not unstated("CONVICTED_OF", "CRIME", [whole], {"q": d.full_text})


def test_a_public_figures_death_is_common_knowledge() -> None:
    # «Когда скончался Майкл Джексон?» -> 25 июня 2009 года; a person the corpus does not
    # know is still asked
    d = doc("j", "Майкл Джексон скончался 25 июня 2009 года. Грета Циммер Фридман скончалась "
                 "8 сентября 2016 года.")  # fmt: skip
    ts = [
        fact(d, "Майкл Джексон", "DATE_OF_DEATH", "25 июня 2009 года", ("PERSON", "DATE"),
             ("Майкл Джексон", "25 июня 2009 года"), ("PERSON:j", "DATE:j")),
        fact(d, "Грета Циммер Фридман", "DATE_OF_DEATH", "8 сентября 2016 года",
             ("PERSON", "DATE"), ("Грета Циммер Фридман", "8 сентября 2016 года"),
             ("PERSON:f", "DATE:f")),
    ]  # fmt: skip
    from dragon_bench.questions import generate_questions

    qs = generate_questions(ts, [d], per_type=20, types=("simple",), seed=0)
    asked = {q.question: q.answers for q in qs}
    assert not [q for q in asked if "Джексон" in q], asked
    assert [q for q in asked if "Фридман" in q], asked


def test_a_set_of_bodies_represented_lacks_no_party_of_the_subject() -> None:
    # «Какие организации представлял Ли Пэн?» -> the State Council and the NPC committee,
    # missing the Communist Party he was a member of; a set without such a body is asked
    d = doc("l", "Пётр Ильин представлял Государственный совет Китая и Постоянный комитет ВСНП "
                 "за рубежом. Пётр Ильин был членом Коммунистической партии Китая. Олег Сомов "
                 "представлял Министерство торговли и Народный банк в Лондоне.")  # fmt: skip
    ts = [
        fact(d, "Пётр Ильин", "WORKPLACE", "Государственный совет Китая", PO,
             ("Пётр Ильин", "Государственный совет Китая"), ("PERSON:l", "ORGANIZATION:g")),
        fact(d, "Пётр Ильин", "WORKPLACE", "Постоянный комитет ВСНП", PO,
             ("Пётр Ильин", "Постоянный комитет ВСНП"), ("PERSON:l", "ORGANIZATION:v")),
        fact(d, "Пётр Ильин", "MEMBER_OF", "Коммунистическая партия Китая", PO,
             ("Пётр Ильин", "Коммунистической партии Китая"), ("PERSON:l", "ORGANIZATION:k")),
        fact(d, "Олег Сомов", "WORKPLACE", "Министерство торговли", PO,
             ("Олег Сомов", "Министерство торговли"), ("PERSON:w", "ORGANIZATION:m")),
        fact(d, "Олег Сомов", "WORKPLACE", "Народный банк", PO,
             ("Олег Сомов", "Народный банк"), ("PERSON:w", "ORGANIZATION:b")),
    ]  # fmt: skip
    asked = _asked(ts, [d], types=("set",))
    assert not [q for q in asked if "представля" in q and "Ильин" in q], asked
    assert [q for q in asked if "Сомов" in q], asked


def test_a_rank_is_no_profession_or_post_in_a_set() -> None:
    # «Какие профессии и должности у Игоря Шуневича?» -> «глава МВД; полковник»; a rank is
    # asked as a rank («Какое звание ...»), not among professions and posts
    d = doc("r", "Президент назначил на пост главы МВД полковника Игоря Шуневича. Журналист и "
                 "писатель Олег Сомов выступил в Минске.")  # fmt: skip
    ts = [
        fact(d, "Игорь Шуневич", "WORKS_AS", "глава МВД", ("PERSON", "PROFESSION"),
             ("Игоря Шуневича", "главы МВД"), ("PERSON:s", "PROFESSION:g")),
        fact(d, "Игорь Шуневич", "WORKS_AS", "полковник", ("PERSON", "PROFESSION"),
             ("Игоря Шуневича", "полковника"), ("PERSON:s", "PROFESSION:p")),
        fact(d, "Олег Сомов", "WORKS_AS", "журналист", ("PERSON", "PROFESSION"),
             ("Олег Сомов", "Журналист"), ("PERSON:o", "PROFESSION:j")),
        fact(d, "Олег Сомов", "WORKS_AS", "писатель", ("PERSON", "PROFESSION"),
             ("Олег Сомов", "писатель"), ("PERSON:o", "PROFESSION:w")),
    ]  # fmt: skip
    asked = _asked(ts, [d], types=("set",))
    assert not [q for q in asked if "полковник" in asked[q] and "професси" in q], asked
    assert [q for q in asked if "Сомов" in q], asked


def test_a_patronymic_is_shown_only_when_the_text_writes_it() -> None:
    # «Какие профессии и должности у Игоря Анатольевича Шуневича?»: the text writes «Игоря
    # Шуневича» and another man's «Анатолий», never «Анатольевич» (the Wikidata label's)
    from dragon_bench.questions.gold import _unwritten

    text = "Министр Анатолий Кулешов ушёл. Президент назначил полковника Игоря Шуневича."
    assert _unwritten("Игорь Анатольевич Шуневич", text)
    assert not _unwritten("Игорь Анатольевич Шуневич", text + " Игорь Анатольевич Шуневич.")
    assert not _unwritten("Анатолий Кулешов", text)


def test_a_band_or_a_clan_is_no_workplace() -> None:
    # «Где работает Игорь Журавлёв?» -> «Альянс» of «Игорь Журавлёв из группы «Альянс»»;
    # «В какой организации работал Фрэнк Кали?» -> Гамбино of «главарем клана Гамбино»
    d = doc("b", "На сцену вышел Игорь Журавлёв из группы «Альянс». Фрэнк Кали был главарем "
                 "клана Гамбино. Олег Сомов работает в компании «Газпром».")  # fmt: skip
    ts = [
        fact(d, "Игорь Журавлёв", "WORKPLACE", "Альянс", PO, ("Игорь Журавлёв", "Альянс"),
             ("PERSON:z", "ORGANIZATION:a")),
        fact(d, "Фрэнк Кали", "WORKPLACE", "Гамбино", PO, ("Фрэнк Кали", "Гамбино"),
             ("PERSON:k", "ORGANIZATION:g")),
        fact(d, "Олег Сомов", "WORKPLACE", "Газпром", PO, ("Олег Сомов", "Газпром"),
             ("PERSON:s", "ORGANIZATION:p")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "Альянс" in str(asked[q]) or "Гамбино" in str(asked[q])], asked
    assert [q for q in asked if "Газпром" in asked[q]], asked


def test_an_answer_opening_with_an_oblique_adjective_is_not_asked() -> None:
    # own read: «Какую награду получил Игорь Корниенко?» -> «Шукшинской литературной премии»
    d = doc("w", "Игорь Корниенко стал лауреатом Шукшинской литературной премии. Олег Сомов "
                 "получил Золотой мяч.")  # fmt: skip
    ts = [
        fact(d, "Игорь Корниенко", "AWARDED_WITH", "Шукшинской литературной премии",
             ("PERSON", "AWARD"), ("Игорь Корниенко", "Шукшинской литературной премии"),
             ("PERSON:k", "AWARD:s")),
        fact(d, "Олег Сомов", "AWARDED_WITH", "Золотой мяч", ("PERSON", "AWARD"),
             ("Олег Сомов", "Золотой мяч"), ("PERSON:s", "AWARD:z")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "Шукшинской литературной премии" in asked[q]], asked
    assert [q for q in asked if "Золотой мяч" in asked[q]], asked
