"""The failure classes of the two blind TRAIN reads of session 6's final generator
(benchmarks/question_reads/2026-12-01-gold-train-{a,b}-grades.jsonl; /work/trainreads), each
on a constructed Russian case that produced the defect with the generator the reads graded
(036461a's question code)."""

from __future__ import annotations

from tests.questions.helpers import asked as _asked
from tests.questions.helpers import doc, fact

PO = ("PERSON", "ORGANIZATION")


def test_a_state_its_sentence_tells_in_the_imperfective_past_is_asked_in_the_past() -> None:
    # «Откуда родом тот, кто работает в Calgary Flames?» from «Нолан играл в ... Calgary
    # Flames» (read a, b); «В каком мероприятии участвует Вайдан Сулейман?» from «участвовала в
    # «Мисс Вселенной» в 1972 году» (read a); a present state stays present
    d = doc("n", "После ухода из клуба Sharks Оуэн Нолан играл в клубе Calgary Flames. "
                 "Вайдан Сулейман участвовала в «Мисс Вселенной» в 1972 году. "
                 "Павел Зотов работает на Уралмашзаводе.")  # fmt: skip
    ts = [
        fact(d, "Оуэн Нолан", "WORKPLACE", "Calgary Flames", PO,
             ("Оуэн Нолан", "Calgary Flames"), ("PERSON:n", "ORGANIZATION:c")),
        fact(d, "Вайдан Сулейман", "PARTICIPANT_IN", "Мисс Вселенная", ("PERSON", "EVENT"),
             ("Вайдан Сулейман", "Мисс Вселенной"), ("PERSON:v", "EVENT:m")),
        fact(d, "Павел Зотов", "WORKPLACE", "Уралмашзавод", PO,
             ("Павел Зотов", "Уралмашзаводе"), ("PERSON:z", "ORGANIZATION:u")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    nolan = [q for q in asked if "Calgary Flames" in asked[q]]
    miss = [q for q in asked if "Мисс Вселенная" in asked[q]]
    assert nolan and miss, asked
    assert not [q for q in nolan + miss if "работает" in q or "участвует" in q], asked
    assert [q for q in asked if "Уралмашзавод" in asked[q] and "работает" in q], asked


def test_an_accusation_made_in_the_perfective_is_asked_in_the_past() -> None:
    # «В каком преступлении подозревают Григория Николаевича Педченко?» from «В 2005 году ...
    # министр обороны ... отстранил его от исполнения обязанностей, обвинив в коррупции»
    d = doc("p", "В 2005 году министр отстранил генерала Петра Сомова от должности, обвинив "
                 "Петра Сомова в коррупции. Ивана Зотова обвиняют в мошенничестве.")  # fmt: skip
    pc = ("PERSON", "CRIME")
    ts = [
        fact(d, "Пётр Сомов", "CONVICTED_OF", "коррупция", pc, ("Петра Сомова в", "коррупции"),
             ("PERSON:s", "CRIME:k")),
        fact(d, "Иван Зотов", "CONVICTED_OF", "мошенничество", pc,
             ("Ивана Зотова", "мошенничестве"), ("PERSON:z", "CRIME:m")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    somov = [q for q in asked if "Сомов" in q]
    assert somov and all("обвиняли" in q or "подозревали" in q for q in somov), asked
    assert [q for q in asked if "Зотов" in q and ("обвиняют" in q or "подозревают" in q)], asked


def test_an_answer_left_in_an_oblique_case_is_not_given() -> None:
    # «В каком городе скончался Патрик Фэрроу?» -> «Каслтоне» (read b); «Кто владеет Facebook
    # и состоит в браке с Марком Цукербергом?» -> «Присцилле Чан» (read a): the dictionary
    # reads «Каслтоне» only as a woman's name in the dative and ranks a noun «присцилл» before
    # the name «Присцилла»
    from dragon_bench.questions.names import answer_name

    assert answer_name("Каслтоне", "CITY") == ""
    assert answer_name("Каслтон", "CITY") == "Каслтон"
    assert answer_name("Гринвиче", "CITY") == "Гринвич"
    assert answer_name("Присцилле Чан", "PERSON") == ""
    assert answer_name("Присцилла Чан", "PERSON") == "Присцилла Чан"
    assert answer_name("Джейкоб Зума", "PERSON") == "Джейкоб Зума"
    assert answer_name("Невада", "STATE_OR_PROVINCE") == "Невада"
    d = doc("f", "Тело Патрика Фэрроу нашли в его галерее в Каслтоне. Тело Ивана Зотова нашли в "
                 "Гринвиче.")  # fmt: skip
    pc = ("PERSON", "CITY")
    ts = [
        fact(d, "Патрик Фэрроу", "PLACE_OF_DEATH", "Каслтоне", pc, ("Патрика Фэрроу", "Каслтоне"),
             ("PERSON:f", "CITY:k"), "past"),
        fact(d, "Иван Зотов", "PLACE_OF_DEATH", "Гринвиче", pc, ("Ивана Зотова", "Гринвиче"),
             ("PERSON:z", "CITY:g"), "past"),
    ]  # fmt: skip
    answers = [a for q, a in _asked(ts, [d]).items()]
    assert ("Гринвич",) in answers and ("Каслтоне",) not in answers, answers


def test_a_known_seat_is_known_by_any_name_of_the_organisation() -> None:
    # «В каком городе базируется «Интернационал»?» -> Милан (read a, R): the texts call the
    # club «Интер» too, the name the news know it by («интер» / «милан» 0.51)
    oc = ("ORGANIZATION", "CITY")
    d = doc("i", "Футбольный клуб «Интернационал» базируется в Милане. Игроки «Интера» выиграли "
                 "кубок. Клуб «Уралмашзавод» базируется в Екатеринбурге.")  # fmt: skip
    ts = [
        fact(d, "«Интернационал»", "HEADQUARTERED_IN", "Милан", oc, ("Интернационал", "Милане"),
             ("ORGANIZATION:i", "CITY:m"), "present"),
        fact(d, "«Интер»", "HEADQUARTERED_IN", "Милан", oc, ("Интера", "Милане"),
             ("ORGANIZATION:i", "CITY:m"), "present"),
        fact(d, "«Уралмашзавод»", "HEADQUARTERED_IN", "Екатеринбург", oc,
             ("Уралмашзавод", "Екатеринбурге"), ("ORGANIZATION:u", "CITY:e"), "present"),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "Милан" in asked[q]], asked
    assert [q for q in asked if "Екатеринбург" in asked[q]], asked


def test_an_envoy_at_an_organisation_does_not_represent_it() -> None:
    # «Кто умер 22 ноября 1954 года и представлял Организацию Объединённых Наций?» from
    # «представителем России и СССР при ООН был Андрей Вышинский» (read b, G)
    d = doc("v", "Представителем СССР при ООН был Андрей Вышинский. Андрей Вышинский скончался "
                 "22 ноября 1954 года. Представителем компании «Металлоинвест» был Пётр Сомов. "
                 "Пётр Сомов скончался 3 мая 1990 года.")  # fmt: skip
    ts = [
        fact(d, "Андрей Вышинский", "WORKPLACE", "ООН", PO, ("Андрей Вышинский.", "ООН"),
             ("PERSON:v", "ORGANIZATION:u")),
        fact(d, "Андрей Вышинский", "DATE_OF_DEATH", "22 ноября 1954 года", ("PERSON", "DATE"),
             ("Андрей Вышинский скончался", "22 ноября 1954 года"), ("PERSON:v", "DATE:54"),
             "past"),
        fact(d, "Пётр Сомов", "WORKPLACE", "Металлоинвест", PO, ("Пётр Сомов.", "Металлоинвест"),
             ("PERSON:s", "ORGANIZATION:m")),
        fact(d, "Пётр Сомов", "DATE_OF_DEATH", "3 мая 1990 года", ("PERSON", "DATE"),
             ("Пётр Сомов скончался", "3 мая 1990 года"), ("PERSON:s", "DATE:90"), "past"),
    ]  # fmt: skip
    asked = _asked(ts, [d], types=("simple", "conditional"))
    assert not [q for q in asked if "представл" in q and ("ООН" in q or "ООН" in asked[q])], asked
    assert [q for q in asked if "представл" in q and "Металлоинвест" in q + str(asked[q])], asked


def test_a_person_creates_a_product_a_company_issues_it() -> None:
    # «Кто появился на свет в Нью-Йорке и выпускал CPYNET?» (read b, G): the programmer
    # «разработал программу CPYNET»
    d = doc("c", "Программист Рэй Томлинсон разработал программу CPYNET. Компания Уралмаш "
                 "выпускает экскаватор ЭКГ-18.")  # fmt: skip
    op = ("ORGANIZATION", "PRODUCT")
    ts = [
        fact(d, "Рэй Томлинсон", "PRODUCES", "CPYNET", ("PERSON", "PRODUCT"),
             ("Рэй Томлинсон", "CPYNET"), ("PERSON:t", "PRODUCT:c")),
        fact(d, "Уралмаш", "PRODUCES", "ЭКГ-18", op, ("Уралмаш", "ЭКГ-18"),
             ("ORGANIZATION:u", "PRODUCT:e")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    person = [q for q in asked if "CPYNET" in q + str(asked[q])]
    assert person and all("выпуска" not in q and "производ" not in q for q in person), asked
    assert [q for q in asked if "ЭКГ-18" in asked[q] and ("выпуска" in q or "производ" in q)]


def test_a_birth_place_needs_a_birth_word_in_its_own_sentence() -> None:
    # «Кто родился в Ховрине и работал в Центральном банке Российской Федерации?» from «Максим
    # Орешкин родился в 1982 году. Свою юность провёл в Москве, Ховрино» (read b, A): the
    # span joined the sentences, the birth word is in the other one
    d = doc("o", "Максим Орешкин родился в 1982 году. Свою юность провёл в Москве, Ховрино. "
                 "Максим Орешкин работал в Центробанке. Иван Зотов родился в Твери. Иван Зотов "
                 "работал на Уралмаше.")  # fmt: skip
    ts = [
        fact(d, "Максим Орешкин", "PLACE_OF_BIRTH", "Ховрино", ("PERSON", "DISTRICT"),
             ("Максим Орешкин", "Ховрино"), ("PERSON:o", "DISTRICT:h"), "past"),
        fact(d, "Максим Орешкин", "WORKPLACE", "Центробанк", PO,
             ("Максим Орешкин работал", "Центробанке"), ("PERSON:o", "ORGANIZATION:c"), "past"),
        fact(d, "Иван Зотов", "PLACE_OF_BIRTH", "Тверь", ("PERSON", "CITY"),
             ("Иван Зотов", "Твери"), ("PERSON:z", "CITY:t"), "past"),
        fact(d, "Иван Зотов", "WORKPLACE", "Уралмаш", PO, ("Иван Зотов работал", "Уралмаше"),
             ("PERSON:z", "ORGANIZATION:u"), "past"),
    ]  # fmt: skip
    asked = _asked(ts, [d], types=("conditional",))
    assert not [q for q in asked if "Ховрин" in q], asked
    assert [q for q in asked if "Твер" in q], asked


def test_a_place_of_common_words_the_text_quotes_is_shown_quoted() -> None:
    # «Сколько лет человеку, который владеет Арктикой?» (read b, G: «Арктикой» unquoted reads
    # as the Arctic) from «одно из заведений Трумпа под названием «Арктика»»
    d = doc("a", "Одно из заведений Фридриха Трумпа под названием «Арктика» находилось в "
                 "Беннетте. Фридрих Трумп владел «Арктикой» до 1901 года.")  # fmt: skip
    ts = [
        fact(d, "Арктика", "LOCATED_IN", "Беннетт", ("FACILITY", "CITY"), ("Арктика", "Беннетте"),
             ("FACILITY:a", "CITY:b"), "past"),
        fact(d, "Фридрих Трумп", "OWNER_OF", "Арктика", ("PERSON", "FACILITY"),
             ("Фридрих Трумп", "Арктикой"), ("PERSON:t", "FACILITY:a"), "past"),
    ]  # fmt: skip
    asked = _asked(ts, [d], types=("simple", "multi_hop"))
    shown = [q for q in asked if "Арктик" in q + str(asked[q])]
    assert shown, asked
    assert all("«Арктик" in q + str(asked[q]) for q in shown), asked


def test_an_event_named_by_a_plural_common_noun_is_no_name() -> None:
    # «Когда была основана организация, которая приняла участие в Выплатах?» (read b, G, A, U)
    from dragon_bench.questions.names import answer_name

    assert answer_name("Выплаты", "EVENT") == ""
    assert answer_name("Переговоры", "EVENT") == ""
    assert answer_name("Евровидение", "EVENT") == "Евровидение"
    assert answer_name("Мисс Вселенная", "EVENT") == "Мисс Вселенная"
    d = doc("p", "Банк Пересвет принял участие в «Выплаты». Выплаты начнутся в мае. Банк Восход "
                 "принял участие в Евровидении.")  # fmt: skip
    oe = ("ORGANIZATION", "EVENT")
    ts = [
        fact(d, "Пересвет", "PARTICIPANT_IN", "Выплаты", oe, ("Пересвет", "Выплаты"),
             ("ORGANIZATION:p", "EVENT:v")),
        fact(d, "Восход", "PARTICIPANT_IN", "Евровидение", oe, ("Восход", "Евровидении"),
             ("ORGANIZATION:e", "EVENT:e")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "Выплат" in q + str(asked[q])], asked


def test_a_womans_first_name_in_an_oblique_case_is_put_in_the_nominative() -> None:
    # «Какие должности занимала Дариги Назарбаева?» (reads a, b, G): «Дариги» is дарига's
    # genitive (the dictionary also reads it as a plural nominative) beside a woman's surname
    from dragon_bench.questions.names import answer_name

    assert answer_name("Дариги Назарбаевой", "PERSON") == "Дарига Назарбаева"
    assert answer_name("Джули Гербердинг", "PERSON") == "Джули Гербердинг"
    assert answer_name("Морган Цвангираи", "PERSON") == "Морган Цвангираи"
    from dragon_bench.questions.sampling import FactGraph

    d = doc("d", "Сенат избрал Даригу Назарбаеву главой комитета.")
    t = fact(d, "Дариги Назарбаевой", "WORKS_AS", "глава комитета", ("PERSON", "PROFESSION"),
             ("Даригу Назарбаеву", "главой комитета"), ("PERSON:d", "PROFESSION:g"))  # fmt: skip
    assert FactGraph([t], texts={d.id: d.full_text}).entities["PERSON:d"].name() == (
        "Дарига Назарбаева"
    )


def test_a_player_plays_for_a_team_not_works_there() -> None:
    # «Откуда родом тот, кто работает в Calgary Flames?», «Сколько лет человеку, который
    # работает в Calgary Flames?» (reads a, b, G: «a player plays for, not works in»)
    d = doc("h", "После ухода из клуба Sharks Оуэн Нолан играл в клубе Calgary Flames. Оуэн Нолан "
                 "родился в Белфасте. Павел Зотов работает на Уралмашзаводе.")  # fmt: skip
    ts = [
        fact(d, "Оуэн Нолан", "WORKPLACE", "Calgary Flames", PO,
             ("Оуэн Нолан", "Calgary Flames"), ("PERSON:n", "ORGANIZATION:c")),
        fact(d, "Оуэн Нолан", "PLACE_OF_BIRTH", "Белфаст", ("PERSON", "CITY"),
             ("Оуэн Нолан родился", "Белфасте"), ("PERSON:n", "CITY:b"), "past"),
        fact(d, "Павел Зотов", "WORKPLACE", "Уралмашзавод", PO,
             ("Павел Зотов", "Уралмашзаводе"), ("PERSON:z", "ORGANIZATION:u")),
    ]  # fmt: skip
    asked = _asked(ts, [d], types=("simple", "multi_hop"))
    flames = [q for q in asked if "Calgary Flames" in q + str(asked[q])]
    assert flames and not [q for q in flames if "работ" in q], asked
    assert [q for q in flames if "выступал" in q], asked
    assert [q for q in asked if "Уралмашзавод" in asked[q] and "работает" in q], asked
    # an army one fought in is no team («воевал в составе 2-й гвардейской армии»)
    e = doc("b", "Писатель Юрий Бондарев воевал в составе 2-й гвардейской армии и выступал на "
                 "фронте с чтением стихов.")  # fmt: skip
    army = fact(e, "Юрий Бондарев", "WORKPLACE", "2-я гвардейская армия", PO,
                ("Юрий Бондарев", "2-й гвардейской армии"), ("PERSON:b", "ORGANIZATION:a"))  # fmt: skip
    assert not [q for q in _asked([army], [e]) if "команд" in q or "выступал" in q]


def test_a_continent_is_no_seat() -> None:
    # «Какая организация имеет штаб-квартиру в Европе и входит в состав Европейского союза?»
    # (read b, A, C, U): NEREL's HEADQUARTERED_IN read off «европейский»
    d = doc("e", "Банк «Восход» работает в Европе. Банк «Восход» был основан в 1990 году. Банк "
                 "«Заря» базируется в Твери. Банк «Заря» был основан в 1995 году.")  # fmt: skip
    ol, od = ("ORGANIZATION", "LOCATION"), ("ORGANIZATION", "DATE")
    ts = [
        fact(d, "«Восход»", "HEADQUARTERED_IN", "Европа", ol, ("Восход", "Европе"),
             ("ORGANIZATION:v", "LOCATION:e")),
        fact(d, "«Восход»", "DATE_FOUNDED_IN", "1990 год", od, ("Восход» был", "1990 году"),
             ("ORGANIZATION:v", "DATE:90"), "past"),
        fact(d, "«Заря»", "HEADQUARTERED_IN", "Тверь", ("ORGANIZATION", "CITY"), ("Заря", "Твери"),
             ("ORGANIZATION:z", "CITY:t")),
        fact(d, "«Заря»", "DATE_FOUNDED_IN", "1995 год", od, ("Заря» был", "1995 году"),
             ("ORGANIZATION:z", "DATE:95"), "past"),
    ]  # fmt: skip
    asked = _asked(ts, [d], types=("simple", "conditional"))
    assert not [q for q in asked if "Европ" in q + str(asked[q])], asked
    assert [q for q in asked if "Твер" in q + str(asked[q])], asked


def test_an_abbreviation_with_a_case_ending_keeps_its_capitals() -> None:
    # «Кто родился 28 мая 1962 года и работал в Мхате имени Чехова?» (read b, G) from
    # «МХАТа имени Чехова»; «во ВГИКе» gave «Вгик» too
    from dragon_bench.questions.names import answer_name

    assert answer_name("МХАТа имени Чехова", "ORGANIZATION") == "МХАТ имени Чехова"
    assert answer_name("ВГИКе", "ORGANIZATION") == "ВГИК"
    assert answer_name("МГУ", "ORGANIZATION") == "МГУ"
    assert answer_name("Москвы", "CITY") == "Москва"
