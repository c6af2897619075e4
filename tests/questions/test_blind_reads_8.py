"""The failure classes of the eighth blind read (benchmarks/question_reads/2026-12-01-{gold,e2e}-
dev-8-grades.jsonl), each on a constructed Russian case that produced the defect with the
generator the read graded (main at 56ced2c)."""

from __future__ import annotations

from functools import partial

from dragon_bench.questions.fame import common_knowledge
from dragon_bench.questions.inflect import person_gender
from dragon_bench.questions.lifetime import ended
from dragon_bench.questions.templates import render
from tests.questions.helpers import asked, doc, fact

PO = ("PERSON", "ORGANIZATION")
PR = ("PERSON", "PROFESSION")
PA = ("PERSON", "AWARD")
PL = ("PERSON", "LOCATION")
PD = ("PERSON", "DATE")
PC = ("PERSON", "CRIME")
OC = ("ORGANIZATION", "COUNTRY")


_asked = partial(asked, seeds=range(4))


def _one_each(prefix: str, rows: list[tuple[str, str, str, tuple[str, str], str, str]]):  # type: ignore[no-untyped-def]
    """One document per sentence (so each fact's sentence is its own): rows of (sentence,
    subject, relation, object, types, object's words in the sentence)."""
    docs, ts = [], []
    for i, (sentence, subject, relation, types, obj, shown) in enumerate(rows):
        d = doc(f"{prefix}{i}", sentence)
        docs.append(d)
        ids = (f"PERSON:{subject}", f"{types[1]}:{obj}")
        ts.append(fact(d, subject, relation, obj, types, (subject, shown), ids))
    return ts, docs


def test_membership_of_a_body_of_many_describes_no_one() -> None:
    # «Кто являлся членом Коммунистической партии и работал в Госсовете?» (Li Peng fits too),
    # «Сколько лет тому, кто входит в Конгресс США?» (Sanders is in the same text)
    party, council = "Коммунистическая партия", "Госсовет"
    ts, docs = _one_each("k", [
        ("В 1927 году Ван Чжэнь вступил в Коммунистическую партию.", "Ван Чжэнь", "MEMBER_OF",
         PO, party, "Коммунистическую партию"),
        ("Позже Ван Чжэнь работал в Госсовете.", "Ван Чжэнь", "WORKPLACE", PO, council,
         "Госсовете"),
        ("Ван Чжэнь родился в Хунани.", "Ван Чжэнь", "PLACE_OF_BIRTH", PL, "Хунань", "Хунани"),
        ("Ли Сун родился в Хунани.", "Ли Сун", "PLACE_OF_BIRTH", PL, "Хунань", "Хунани"),
        ("Ли Сун работал в Госсовете.", "Ли Сун", "WORKPLACE", PO, council, "Госсовете"),
        ("Сун Мэй вступила в Коммунистическую партию.", "Сун Мэй", "MEMBER_OF", PO, party,
         "Коммунистическую партию"),
        ("Сун Мэй окончила Пекинский университет.", "Сун Мэй", "SCHOOLS_ATTENDED", PO,
         "Пекинский университет", "Пекинский университет"),
        ("Ван Чжэнь окончил Пекинский университет.", "Ван Чжэнь", "SCHOOLS_ATTENDED", PO,
         "Пекинский университет", "Пекинский университет"),
    ])  # fmt: skip
    asked = _asked(ts, docs, types=("conditional", "multi_hop"))
    loose = [q for q in asked if "парти" in q or "Госсовет" in q]
    assert not loose, loose


def test_roles_told_one_after_another_are_not_combined() -> None:
    # «Какие профессии совмещал Абдурахман Мартазанов?»: «20 лет был кадием», then «муфтий»;
    # the present «совмещает» of one alive (Пётр Ларионов) holds both roles now
    ts, docs = _one_each("m", [
        ("Абдурахман Мартазанов двадцать лет был кадием.", "Абдурахман Мартазанов", "WORKS_AS",
         PR, "кадий", "кадием"),
        ("Скончался муфтий Ингушетии Абдурахман Мартазанов.", "Абдурахман Мартазанов",
         "WORKS_AS", PR, "муфтий Ингушетии", "муфтий Ингушетии"),
    ])  # fmt: skip
    d = doc("l", "Композитор и дирижёр Пётр Ларионов выступил в Москве.")
    ts += [
        fact(d, "Пётр Ларионов", "WORKS_AS", "композитор", PR, ("Пётр Ларионов", "Композитор"),
             ("PERSON:l", "PROFESSION:c")),
        fact(d, "Пётр Ларионов", "WORKS_AS", "дирижёр", PR, ("Пётр Ларионов", "дирижёр"),
             ("PERSON:l", "PROFESSION:d")),
    ]  # fmt: skip
    asked = _asked(ts, [*docs, d], types=("set",), seeds=range(8))
    assert not [q for q in asked if "Мартазанов" in q and "совмещ" in q], asked
    assert any("Мартазанов" in q for q in asked), asked  # asked without «совмещал»
    assert any("Ларионов" in q for q in asked), asked


def test_an_award_holders_title_is_no_award() -> None:
    # «Какую награду получил ...?» -> «полный кавалер ордена За заслуги перед Отечеством»
    d = doc("s", "Артист Семён Гуревич — полный кавалер ордена «За заслуги перед Отечеством». "
                 "Артист Павел Лунин получил орден Дружбы.")  # fmt: skip
    ts = [
        fact(d, "Семён Гуревич", "AWARDED_WITH", "полный кавалер ордена «За заслуги перед Отечеством»",
             PA, ("Семён Гуревич", "полный кавалер"), ("PERSON:g", "AWARD:z")),
        fact(d, "Павел Лунин", "AWARDED_WITH", "орден Дружбы", PA,
             ("Павел Лунин", "орден Дружбы"), ("PERSON:l", "AWARD:d")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "Гуревич" in q], asked
    assert any("Лунин" in q for q in asked), asked


def test_a_charge_of_one_serving_his_sentence_is_past() -> None:
    # «В чём обвиняют Альберто Фухимори?»: «продолжает отбывать 25-летний срок за преступления»
    d = doc("f", "Фухимори продолжает отбывать 25-летний срок за преступления против человечности.")
    t = fact(d, "Альберто Фухимори", "CONVICTED_OF", "преступление против человечности", PC,
             ("Фухимори", "преступления против человечности"), ("PERSON:f", "CRIME:c"))  # fmt: skip
    asked = _asked([t], [d])
    assert asked and not [q for q in asked if "обвиняют" in q or "подозревают" in q], asked


def test_one_gone_missing_is_not_told_in_the_present() -> None:
    # «Где живёт Гидеон?»: «Мейв и её сын Гидеон поплыли за мячом в каноэ, но не вернулись»
    d = doc("g", "Семья переехала в Шейди Сайд. Мейв и её сын Гидеон поплыли за мячом в каноэ, "
                 "но не вернулись.")  # fmt: skip
    t = fact(d, "Гидеон", "WORKS_AS", "школьник", PR, ("Гидеон", "Гидеон"))
    assert ended("PERSON", [t], {"g": d.full_text}) == "dead"
    t = fact(d, "Гидеон", "PLACE_RESIDES_IN", "Шейди Сайд", PL, ("Гидеон", "Шейди Сайд"),
             ("PERSON:g", "LOC:s"))  # fmt: skip
    asked = _asked([t], [d])
    assert not [q for q in asked if "живёт" in q or "проживает" in q], asked


def test_an_island_takes_na() -> None:
    # «Кто родился в Хонсю и работал в Марселе?»
    for place, shown in (("Хонсю", "на Хонсю"), ("Канарские острова", "на Канарских островах"),
                         ("остров Пасхи", "на острове Пасхи"),
                         ("Крымский полуостров", "на Крымском полуострове"), ("Ирландия", "в Ирландии")):  # fmt: skip
        got = render("Кто {v:родиться} в {o:loct}?", o=place, o_type="LOCATION", tense="past",
                     agree="masc")  # fmt: skip
        assert got == f"Кто родился {shown}?", got


def test_a_first_name_of_either_gender_takes_no_gendered_verb() -> None:
    # «Кем по профессии была Андреа Рокелли?»: «Журналист Андреа Рокелли и его коллега»
    assert person_gender("Андреа Рокелли") == ""
    assert person_gender("Ким Кардашьян") == ""
    assert person_gender("Анна Петрова") == "femn"
    d = doc("r", "Журналист Андреа Рокелли и его российский коллега погибли под Славянском.")
    t = fact(d, "Андреа Рокелли", "WORKS_AS", "журналист", PR, ("Андреа Рокелли", "Журналист"),
             ("PERSON:r", "PROFESSION:j"))  # fmt: skip
    asked = _asked([t], [d])
    assert not [q for q in asked if "была" in q or "работала" in q], asked


def test_an_employer_of_three_letters_is_common_knowledge() -> None:
    # «В какой организации работает Пан Ги Мун?» -> «ООН»: «оон» was too short to be screened
    assert common_knowledge("Пан Ги Мун", "ООН")
    assert not common_knowledge("Ион Стрэйт", "ООН")


def test_an_answer_spelled_out_beside_the_name_is_guessable() -> None:
    # «В какой стране базируется ХДС?» -> Германия: «члену ХДС (Христианско-демократический
    # союз Германии) Томасу Шеферу»
    d = doc("h", "Министру финансов, члену ХДС (Христианско-демократический союз Германии) Томасу "
                 "Шеферу было 54 года. Партия ПСТ (Партия справедливого труда) базируется в "
                 "Германии.")  # fmt: skip
    ts = [
        fact(d, "ХДС", "HEADQUARTERED_IN", "Германия", OC, ("ХДС", "Германии)"),
             ("ORG:h", "COUNTRY:de")),
        fact(d, "ПСТ", "HEADQUARTERED_IN", "Германия", OC, ("ПСТ", "Германии."),
             ("ORG:p", "COUNTRY:de")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "ХДС" in q], asked
    assert any("ПСТ" in q for q in asked), asked


def test_a_name_is_shown_in_the_texts_spelling_and_script() -> None:
    # «Какие профессии совмещал Теодор Маккэррик?» (the texts: Маккаррик) -> «лидер
    # Католичеcкой церкви» (a Latin «c» in the text)
    from dragon_bench.questions.gold import _label
    from dragon_bench.questions.names import answer_name

    assert _label("Теодор Маккэррик", "Маккаррик") is None  # the mention's own spelling wins
    assert _label("Теодор Маккаррик", "Маккаррика") == "Теодор Маккаррик"
    assert _label("Рекс Тиллерсон", "Рекса Тиллерсона") == "Рекс Тиллерсон"
    shown = answer_name("лидер Католичеcкой церкви", "PROFESSION")
    assert shown == "лидер Католической церкви" and "c" not in shown, shown
    assert answer_name("модель Victoria’s Secret", "PROFESSION") == "модель Victoria’s Secret"


def test_an_ordinal_left_in_an_oblique_case_is_no_name() -> None:
    # «В каком мероприятии участвует 1-го Украинского фронта СССР?»
    from dragon_bench.questions.names import answer_name

    assert answer_name("1-го Украинского фронта СССР", "ORGANIZATION") == ""
    assert answer_name("1-й Украинский фронт", "ORGANIZATION") == "1-й Украинский фронт"
    d = doc("e", "Встреча на Эльбе стала итогом наступления 1-го Украинского фронта СССР.")
    t = fact(d, "1-го Украинского фронта СССР", "PARTICIPANT_IN", "Встреча на Эльбе",
             ("ORGANIZATION", "EVENT"), ("1-го Украинского фронта СССР", "Встреча на Эльбе"),
             ("ORG:f", "EVENT:e"))  # fmt: skip
    assert not [q for q in _asked([t], [d]) if "1-го" in q]


def test_a_part_in_an_event_a_boss_or_a_state_award_describes_no_one() -> None:
    # «Сколько лет человеку, который принял участие в Elite Model Look?», «Когда родился тот,
    # кто подчинялся Борису Николаевичу Ельцину?», «Где учился тот, кто получил звание «Герой
    # Социалистического Труда»?»: many did
    ts, docs = _one_each("p", [
        ("Лю Вэнь приняла участие в конкурсе Elite Model Look.", "Лю Вэнь", "PARTICIPANT_IN",
         ("PERSON", "EVENT"), "Elite Model Look", "Elite Model Look"),
        ("Лю Вэнь родилась 3 мая 1988 года.", "Лю Вэнь", "DATE_OF_BIRTH", PD,
         "3 мая 1988 года", "3 мая 1988 года"),
        ("Владислав Листов подчинялся Борису Ельцину.", "Владислав Листов", "SUBORDINATE_OF",
         ("PERSON", "PERSON"), "Борис Ельцин", "Борису Ельцину"),
        ("Владислав Листов родился 10 мая 1956 года.", "Владислав Листов", "DATE_OF_BIRTH", PD,
         "10 мая 1956 года", "10 мая 1956 года"),
        ("Юрий Бондарь получил звание Героя Социалистического Труда.", "Юрий Бондарь",
         "AWARDED_WITH", PA, "Герой Социалистического Труда", "Героя Социалистического Труда"),
        ("Юрий Бондарь окончил Литературный институт.", "Юрий Бондарь", "SCHOOLS_ATTENDED", PO,
         "Литературный институт", "Литературный институт"),
    ])  # fmt: skip
    asked = _asked(ts, docs, types=("multi_hop",))
    loose = [q for q in asked if "Elite" in q or "Ельцин" in q or "Героя" in q or "Герой" in q]
    assert not loose, loose


def test_a_crowd_condition_beside_a_spouse_still_describes() -> None:
    # «Кто состоял в браке с Дэвидом Маккиным и работал в Джорджтаунском университете?»: a
    # marriage to a named man is one person's, so the pair is kept
    from dragon_bench.questions.sampling import FactGraph
    from dragon_bench.questions.shapes.conditional import _sharp_enough

    ts, docs = _one_each("s", [
        ("Мейв Кеннеди работала в Джорджтаунском университете.", "Мейв Кеннеди", "WORKPLACE", PO,
         "Джорджтаунский университет", "Джорджтаунском университете"),
        ("Мейв Кеннеди вышла замуж за Дэвида Маккина.", "Мейв Кеннеди", "SPOUSE",
         ("PERSON", "PERSON"), "Дэвид Маккин", "Дэвида Маккина"),
        ("Мейв Кеннеди жила в Вашингтоне.", "Мейв Кеннеди", "PLACE_RESIDES_IN", PL,
         "Вашингтон", "Вашингтоне"),
    ])  # fmt: skip
    graph = FactGraph(ts, texts={d.id: d.full_text for d in docs})
    by = {f.relation: f for f in graph.by_subject["PERSON:Мейв Кеннеди"]}
    work, spouse, home = by["WORKPLACE"], by["SPOUSE"], by["PLACE_RESIDES_IN"]
    assert _sharp_enough(work, spouse)
    assert not _sharp_enough(work, home)


def test_a_relative_of_one_with_other_kin_is_incomplete() -> None:
    # «Кто приходится родственником тому, кто появился на свет 23 декабря 1933 года?» ->
    # Аматэрасу, while the KG also gives Акихито's son Нарухито
    ts, docs = _one_each("r", [
        ("Акихито считается потомком богини Аматэрасу.", "Акихито", "RELATIVE",
         ("PERSON", "PERSON"), "Аматэрасу", "Аматэрасу"),
        ("Акихито — отец Нарухито.", "Акихито", "PARENT_OF", ("PERSON", "PERSON"), "Нарухито",
         "Нарухито"),
        ("Акихито родился 23 декабря 1933 года.", "Акихито", "DATE_OF_BIRTH", PD,
         "23 декабря 1933 года", "23 декабря 1933 года"),
    ])  # fmt: skip
    asked = _asked(ts, docs, types=("simple", "multi_hop"))
    assert not [a for a in asked.values() if "Аматэрасу" in a], asked


def test_the_head_of_any_state_is_known_by_the_post() -> None:
    # «Кем по должности является Маурисио Макри?» -> «президент Аргентины» (a country the
    # corpus seldom names: the screen took only popular ones)
    d = doc("a", "Президент Аргентины Маурисио Макри посетил Бразилию. Аргентина и Бразилия "
                 "подписали договор. Министр финансов Аргентины Луис Капуто выступил.")  # fmt: skip
    ts = [
        fact(d, "Маурисио Макри", "WORKS_AS", "президент Аргентины", PR,
             ("Маурисио Макри", "Президент Аргентины"), ("PERSON:m", "PROFESSION:p")),
        fact(d, "Луис Капуто", "WORKS_AS", "министр финансов Аргентины", PR,
             ("Луис Капуто", "Министр финансов Аргентины"), ("PERSON:c", "PROFESSION:f")),
        fact(d, "Аргентина", "LOCATED_IN", "Южная Америка", ("COUNTRY", "LOCATION"),
             ("Аргентина и", "Бразилия "), ("COUNTRY:a", "LOCATION:s")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "Макри" in q], asked
    assert [q for q in asked if "Капуто" in q], asked


def test_a_role_with_a_dative_dependent_is_no_answer() -> None:
    # «Какую должность занимает Радий Хабиров?» -> «глава Республике Башкортостан» (the text's
    # slip kept in the answer)
    from dragon_bench.questions.names import answer_name

    assert answer_name("Глава Республике Башкортостан", "PROFESSION") == ""
    assert answer_name("Глава Республики Башкортостан", "PROFESSION") == (
        "глава Республики Башкортостан"
    )
    assert answer_name("Китаянка", "NATIONALITY") == "китаянка"  # «Кто по национальности ...?»


def test_who_works_studies_or_lives_somewhere_has_answers_the_kg_lacks() -> None:
    # «Кто работает в «Метро»?» (a band of several), «Кто учился в Харбинском
    # военно-инженерном колледже?», «Кто жил в Синьцзян-Уйгурском автономном районе?»
    ts, docs = _one_each("w", [
        ("Юрий Царёв работает в группе «Метро».", "Юрий Царёв", "WORKPLACE", PO, "«Метро»",
         "«Метро»"),
        ("Ван Цзюнь учился в Харбинском колледже.", "Ван Цзюнь", "SCHOOLS_ATTENDED", PO,
         "Харбинский колледж", "Харбинском колледже"),
        ("Ван Цзюнь жил в Синьцзяне.", "Ван Цзюнь", "PLACE_RESIDES_IN", PL, "Синьцзян",
         "Синьцзяне"),
    ])  # fmt: skip
    asked = _asked(ts, docs, seeds=range(12))
    assert not [q for q in asked if q.startswith("Кто ")], asked
    assert asked, asked  # their objects are still asked («Где работает Юрий Царёв?»)


def test_a_country_of_origin_beside_a_year_describes_no_one() -> None:
    # «Кто умер в 1984 году и родом из СССР?» (own read): millions fit both; beside a work made
    # («... и создал «Мурманск-198»?») the pair is one person's
    ts, docs = _one_each("c", [
        ("Юрий Визин умер в 1984 году.", "Юрий Визин", "DATE_OF_DEATH", PD, "1984 год",
         "1984 году"),
        ("Юрий Визин родом из СССР.", "Юрий Визин", "ORIGINS_FROM", ("PERSON", "COUNTRY"),
         "СССР", "СССР"),
        ("Юрий Визин написал песню «Мурманск-198».", "Юрий Визин", "PRODUCES",
         ("PERSON", "WORK_OF_ART"), "«Мурманск-198»", "«Мурманск-198»"),
        ("Пётр Ольхин умер в 1984 году.", "Пётр Ольхин", "DATE_OF_DEATH", PD, "1984 год",
         "1984 году"),
        ("Пётр Ольхин родом из СССР.", "Пётр Ольхин", "ORIGINS_FROM", ("PERSON", "COUNTRY"),
         "СССР", "СССР"),
        ("Пётр Ольхин написал песню «Тундра».", "Пётр Ольхин", "PRODUCES",
         ("PERSON", "WORK_OF_ART"), "«Тундра»", "«Тундра»"),
    ])  # fmt: skip
    from dragon_bench.questions.sampling import FactGraph
    from dragon_bench.questions.shapes.conditional import _sharp_enough

    graph = FactGraph(ts, texts={d.id: d.full_text for d in docs})
    by = {f.relation: f for f in graph.by_subject["PERSON:Юрий Визин"]}
    assert not _sharp_enough(by["ORIGINS_FROM"], by["DATE_OF_DEATH"])
    assert _sharp_enough(by["ORIGINS_FROM"], by["PRODUCES"])
