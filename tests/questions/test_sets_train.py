"""The set failure classes of the TRAIN reads (benchmarks/question_reads/2026-12-01-gold-train-
{a,b}-grades.jsonl and 2026-12-01-e2e-train-c-grades.jsonl), each on a constructed Russian case
that produced the defect with the generator the reads graded (main at fe75321)."""

from __future__ import annotations

from tests.questions.helpers import asked as _asked
from tests.questions.helpers import doc, fact, sets_asked, two_trades

PR = ("PERSON", "PROFESSION")
PC = ("PERSON", "CRIME")
PO = ("PERSON", "ORGANIZATION")
PP = ("PERSON", "PENALTY")
PW = ("PERSON", "WORK_OF_ART")


_LARIONOV = ("дирижёр", "композитор")


def test_a_member_its_evidence_lists_beside_the_others_is_not_missing() -> None:
    # «В чём обвиняли Сильвио Берлускони?» -> {масштабные финансовые махинации, финансовые
    # аферы}, while «Берлускони многократно обвинялся в финансовых аферах, коррупции, даче
    # взяток госчиновникам, участии в сексуальных скандалах»
    # (a list of other people's roles misses no member: «выставка керамиста Геннадия Фисуна
    # и каллиграфа Юрия Антонова» on train)
    d = doc("b", "Бизнесмен Пётр Сомов многократно обвинялся в финансовых аферах, коррупции, "
                 "даче взяток чиновникам. Ивана Орлова обвиняли в мошенничестве и "
                 "контрабанде. Открылась выставка керамиста Геннадия Фисуна и каллиграфа "
                 "Юрия Антонова. Художник Юрий Антонов показал работы.")  # fmt: skip
    ts = [
        fact(d, "Пётр Сомов", "CONVICTED_OF", "финансовые аферы", PC,
             ("Пётр Сомов", "финансовых аферах"), ("PERSON:s", "CRIME:a"), "past"),
        fact(d, "Пётр Сомов", "CONVICTED_OF", "коррупция", PC,
             ("Пётр Сомов", "коррупции"), ("PERSON:s", "CRIME:k"), "past"),
        fact(d, "Иван Орлов", "CONVICTED_OF", "мошенничество", PC,
             ("Ивана Орлова", "мошенничестве"), ("PERSON:o", "CRIME:m"), "past"),
        fact(d, "Иван Орлов", "CONVICTED_OF", "контрабанда", PC,
             ("Ивана Орлова", "контрабанде"), ("PERSON:o", "CRIME:c"), "past"),
        fact(d, "Юрий Антонов", "WORKS_AS", "каллиграф", PR, ("Юрия Антонова", "каллиграфа"),
             ("PERSON:a", "PROFESSION:k")),
        fact(d, "Юрий Антонов", "WORKS_AS", "художник", PR, ("Юрий Антонов", "Художник"),
             ("PERSON:a", "PROFESSION:h")),
    ]  # fmt: skip
    assert sets_asked(ts, [d], "Сомов") == [], "a set without «дача взяток» its sentence lists"
    assert sets_asked(ts, [d], "Орлов") == [("контрабанда", "мошенничество")]
    assert sets_asked(ts, [d], "Антонов") == [("каллиграф", "художник")]


def test_one_trade_on_one_head_with_two_modifiers_is_no_set() -> None:
    # «Какие профессии и должности были у Мохаммеда Али?» -> {боксер-профессионал,
    # боксер-тяжеловес}; gold train: «глава Bundesbank» / «глава ЦБ ФРГ»
    d = doc("a", "Американский боксёр-профессионал Виктор Дроздов родился в 1944 году. Умер "
                 "легендарный боксёр-тяжеловес Виктор Дроздов. Глава Bundesbank Аксель Вебер "
                 "выступил в Берлине. Глава ЦБ ФРГ Аксель Вебер уходит. Композитор и "
                 "дирижёр Пётр Ларионов выступил.")  # fmt: skip
    ts = [
        fact(d, "Виктор Дроздов", "WORKS_AS", "боксёр-профессионал", PR,
             ("Виктор Дроздов", "боксёр-профессионал"), ("PERSON:f", "PROFESSION:p"), "past"),
        fact(d, "Виктор Дроздов", "WORKS_AS", "боксёр-тяжеловес", PR,
             ("Виктор Дроздов.", "боксёр-тяжеловес"), ("PERSON:f", "PROFESSION:t"), "past"),
        fact(d, "Аксель Вебер", "WORKS_AS", "глава Bundesbank", PR,
             ("Аксель Вебер", "Глава Bundesbank"), ("PERSON:w", "PROFESSION:b")),
        fact(d, "Аксель Вебер", "WORKS_AS", "глава ЦБ ФРГ", PR,
             ("Аксель Вебер уходит", "Глава ЦБ ФРГ"), ("PERSON:w", "PROFESSION:c")),
        *two_trades(d),
    ]  # fmt: skip
    assert sets_asked(ts, [d], "Дроздов") == [], "one boxer's trade asked as two"
    assert sets_asked(ts, [d], "Вебер") == [], "one post under two names asked as two"
    assert sets_asked(ts, [d], "Ларионов") == [_LARIONOV]


def test_a_work_is_answered_by_its_title_not_the_words_around_it() -> None:
    # «Какие произведения создал Иван Дыховичный?» -> «экранизации повести Чехова «Чёрный
    # монах»» beside «Прорва», «Копейка»
    d = doc("d", "Режиссёр Олег Зотов снял фильм «Прорва». Олег Зотов стал популярен после "
                 "экранизации повести Чехова «Чёрный монах». Олег Зотов снял фильм "
                 "«Копейка».")  # fmt: skip
    ts = [
        fact(d, "Олег Зотов", "PRODUCES", "Прорва", PW, ("Олег Зотов", "Прорва"),
             ("PERSON:z", "WORK_OF_ART:p")),
        fact(d, "Олег Зотов", "PRODUCES", "экранизации повести Чехова «Чёрный монах»", PW,
             ("Олег Зотов стал", "экранизации повести Чехова «Чёрный монах»"),
             ("PERSON:z", "WORK_OF_ART:m")),
        fact(d, "Олег Зотов", "PRODUCES", "Копейка", PW, ("Олег Зотов снял фильм «К", "Копейка"),
             ("PERSON:z", "WORK_OF_ART:k")),
    ]  # fmt: skip
    got = sets_asked(ts, [d], "Зотов")
    assert got, "the set of works is asked"
    assert all("экранизации" not in a for s in got for a in s), got
    assert ("«Копейка»", "«Прорва»", "«Чёрный монах»") in got, got


def test_a_post_or_sentence_only_announced_or_possible_is_no_member() -> None:
    # «Какие должности занимает Йенс Вайдман?» -> «глава Bundesbank» from «Главой Bundesbank
    # станет советник канцлера ... Йенс Вайдман»; «Какие профессии и должности у Томаса
    # Фридена?» -> «директор CDC» from «Обама назначит доктора Томаса Фридена на пост
    # директора CDC»; «К каким наказаниям был приговорён Тамерлан Царнаев?» from «он может
    # быть приговорён к пожизненному заключению или смертной казни»
    d = doc("w", "Главой Bundesbank станет советник канцлера по экономическим вопросам Йенс "
                 "Вайдман. Барак Обама назначит доктора Томаса Фридена на пост директора "
                 "Центров по контролю заболеваний. Если суд признает вину, Павел Зотов может "
                 "быть приговорён к пожизненному заключению или смертной казни. Ивана Орлова "
                 "приговорили к штрафу и лишению свободы. Композитор и дирижёр Пётр Ларионов "
                 "выступил.")  # fmt: skip
    ts = [
        fact(d, "Йенс Вайдман", "WORKS_AS", "глава Bundesbank", PR,
             ("Йенс Вайдман", "Главой Bundesbank"), ("PERSON:w", "PROFESSION:b")),
        fact(d, "Йенс Вайдман", "WORKS_AS", "советник канцлера по экономическим вопросам", PR,
             ("Йенс Вайдман", "советник канцлера по экономическим вопросам"),
             ("PERSON:w", "PROFESSION:s")),
        fact(d, "Томас Фриден", "WORKS_AS", "доктор", PR, ("Томаса Фридена", "доктора"),
             ("PERSON:f", "PROFESSION:d")),
        fact(d, "Томас Фриден", "WORKS_AS", "директор Центров по контролю заболеваний", PR,
             ("Томаса Фридена", "директора Центров по контролю заболеваний"),
             ("PERSON:f", "PROFESSION:c")),
        fact(d, "Павел Зотов", "PENALIZED_AS", "пожизненное заключение", PP,
             ("Павел Зотов", "пожизненному заключению"), ("PERSON:z", "PENALTY:l")),
        fact(d, "Павел Зотов", "PENALIZED_AS", "смертная казнь", PP,
             ("Павел Зотов", "смертной казни"), ("PERSON:z", "PENALTY:d")),
        fact(d, "Иван Орлов", "PENALIZED_AS", "штраф", PP, ("Ивана Орлова", "штрафу"),
             ("PERSON:o", "PENALTY:s")),
        fact(d, "Иван Орлов", "PENALIZED_AS", "лишение свободы", PP,
             ("Ивана Орлова", "лишению свободы"), ("PERSON:o", "PENALTY:f")),
        *two_trades(d),
    ]  # fmt: skip
    assert sets_asked(ts, [d], "Вайдман") == [], "a post he only «станет» asked as held"
    assert sets_asked(ts, [d], "Фриден") == [], "a post Obama only «назначит» asked as held"
    assert sets_asked(ts, [d], "Зотов") == [], "a sentence he only «может быть приговорён» to"
    assert sets_asked(ts, [d], "Орлов") == [("лишение свободы", "штраф")]
    assert sets_asked(ts, [d], "Ларионов") == [_LARIONOV]


def test_a_post_told_by_an_imperfective_past_is_not_asked_as_held() -> None:
    # «В каких организациях работает Тодд Коумс?» -> {Berkshire Hathaway, Castle Point
    # Capital}: «До сего момента он всего лишь управлял фондом Castle Point Capital»
    d = doc("c", "До сего момента фондом Castle Point Capital управлял Тодд Коумс. Теперь "
                 "Тодд Коумс работает в компании Berkshire Hathaway. Инженер Павел Зотов работает в "
                 "компании Intel и в компании Microsoft.")  # fmt: skip
    ts = [
        fact(d, "Тодд Коумс", "WORKPLACE", "Berkshire Hathaway", PO,
             ("Коумс работает", "Berkshire Hathaway"), ("PERSON:c", "ORGANIZATION:b")),
        fact(d, "Тодд Коумс", "WORKPLACE", "Castle Point Capital", PO,
             ("Тодд Коумс", "Castle Point Capital"), ("PERSON:c", "ORGANIZATION:p")),
        fact(d, "Павел Зотов", "WORKPLACE", "Intel", PO, ("Павел Зотов", "Intel"),
             ("PERSON:z", "ORGANIZATION:i")),
        fact(d, "Павел Зотов", "WORKPLACE", "Microsoft", PO, ("Павел Зотов", "Microsoft"),
             ("PERSON:z", "ORGANIZATION:m")),
    ]  # fmt: skip
    got = _asked(ts, [d], types=("set",), seeds=range(4))
    assert not [q for q in got if "Коумс" in q], got
    assert [q for q in got if "Зотов" in q], got


PL = ("PERSON", "COUNTRY")


def test_a_home_told_for_a_part_of_a_life_is_no_whole_set() -> None:
    # «В каких странах жил Демис Руссос?» -> {Греция, Франция} from «В последние годы Демис
    # Руссос проживал в Греции и Франции» (born in Egypt: the question drops the time)
    d = doc("r", "В последние годы Ян Ковач проживал в Греции и Франции. Павел Зотов проживал "
                 "в Италии и Испании.")  # fmt: skip
    ts = [
        fact(d, "Ян Ковач", "PLACE_RESIDES_IN", "Греция", PL, ("Ян Ковач", "Греции"),
             ("PERSON:k", "COUNTRY:g")),
        fact(d, "Ян Ковач", "PLACE_RESIDES_IN", "Франция", PL, ("Ян Ковач", "Франции"),
             ("PERSON:k", "COUNTRY:f")),
        fact(d, "Павел Зотов", "PLACE_RESIDES_IN", "Италия", PL, ("Павел Зотов", "Италии"),
             ("PERSON:z", "COUNTRY:i")),
        fact(d, "Павел Зотов", "PLACE_RESIDES_IN", "Испания", PL, ("Павел Зотов", "Испании"),
             ("PERSON:z", "COUNTRY:s")),
    ]  # fmt: skip
    assert sets_asked(ts, [d], "Ковач") == [], "a set of homes «в последние годы» asked for a life"
    assert sets_asked(ts, [d], "Зотов") == [("Испания", "Италия")]


def test_a_post_or_activity_told_of_the_main_person_is_a_member() -> None:
    # «Какие профессии и должности были у Валентина Янина?» -> {археолог, историк}, while «В
    # 1962 году ... возглавил Новгородскую археологическую экспедицию МГУ»; «Какие профессии
    # и должности были у А. Арапова?» without «За свою переводческую деятельность поэт ...»
    from dragon_bench.types import Document

    d = Document(id="y", title="Умер историк и археолог Виктор Ланин",
                 text="Умер историк и археолог Виктор Ланин. В 1962 году после своего учителя "
                      "возглавил Новгородскую археологическую экспедицию МГУ.")  # fmt: skip
    e = Document(id="a", title="Выставка к юбилею Олега Сарова",
                 text="Поэт и певец Олег Саров родился в 1959 году. За свою переводческую "
                      "деятельность поэт стал стипендиатом ассоциации.")  # fmt: skip
    c = Document(
        id="c",
        title="Умер историк Пётр Ларионов",
        text="Умер историк и археолог Пётр Ларионов. В 1962 году он уехал в Новгород.",
    )
    ts = [
        fact(d, "Виктор Ланин", "WORKS_AS", "историк", PR, ("Виктор Ланин.", "историк и"),
             ("PERSON:y", "PROFESSION:h")),
        fact(d, "Виктор Ланин", "WORKS_AS", "археолог", PR, ("Виктор Ланин.", "археолог"),
             ("PERSON:y", "PROFESSION:a")),
        fact(e, "Олег Саров", "WORKS_AS", "поэт", PR, ("Олег Саров", "Поэт"),
             ("PERSON:s", "PROFESSION:p")),
        fact(e, "Олег Саров", "WORKS_AS", "певец", PR, ("Олег Саров", "певец"),
             ("PERSON:s", "PROFESSION:v")),
        fact(c, "Пётр Ларионов", "WORKS_AS", "историк", PR, ("Пётр Ларионов.", "историк и"),
             ("PERSON:l", "PROFESSION:h")),
        fact(c, "Пётр Ларионов", "WORKS_AS", "археолог", PR, ("Пётр Ларионов.", "археолог"),
             ("PERSON:l", "PROFESSION:a")),
    ]  # fmt: skip
    assert sets_asked(ts, [d, e, c], "Ланин") == [], "the head of an expedition is missing"
    assert sets_asked(ts, [d, e, c], "Саров") == [], "the translator is missing"
    assert sets_asked(ts, [d, e, c], "Ларионов") == [("археолог", "историк")]


PE = ("ORGANIZATION", "EVENT")


def test_an_event_the_texts_name_after_the_organiser_is_a_member() -> None:
    # «Какие мероприятия организовал НХЛ?» -> {Матчи всех звёзд НХЛ, финал Кубка Стэнли},
    # while the texts also name «плей-офф НХЛ» and the NHL draft
    d = doc("n", "Лидстрем участвовал в Матчах всех звёзд ВХЛ. Лидстрем стал лучшим игроком "
                 "плей-офф ВХЛ. ВХЛ проводит финал Кубка Братины. ФХР проводит Кубок Первого "
                 "канала и турнир «Золотая шайба».")  # fmt: skip
    ts = [
        fact(d, "ВХЛ", "ORGANIZES", "Матчи всех звёзд ВХЛ", PE, ("ВХЛ проводит", "Матчах всех звёзд ВХЛ"),
             ("ORGANIZATION:v", "EVENT:m")),
        fact(d, "ВХЛ", "ORGANIZES", "финал Кубка Братины", PE, ("ВХЛ проводит", "финал Кубка Братины"),
             ("ORGANIZATION:v", "EVENT:f")),
        fact(d, "ФХР", "ORGANIZES", "Кубок Первого канала", PE, ("ФХР", "Кубок Первого канала"),
             ("ORGANIZATION:r", "EVENT:k")),
        fact(d, "ФХР", "ORGANIZES", "Золотая шайба", PE, ("ФХР", "Золотая шайба"),
             ("ORGANIZATION:r", "EVENT:z")),
    ]  # fmt: skip
    assert sets_asked(ts, [d], "ВХЛ") == [], "«плей-офф ВХЛ» is missing"
    assert sets_asked(ts, [d], "ФХР"), "a set the texts do not add to is asked"


def test_one_charge_under_two_nouns_of_one_adjective_is_no_set() -> None:
    # «В чём обвиняли Сильвио Берлускони?» -> «масштабные финансовые махинации», «финансовые
    # аферы»: one charge told twice
    d = doc("f", "Петра Сомова обвиняли в масштабных финансовых махинациях. Петра Сомова "
                 "обвиняли в финансовых аферах. Ивана Орлова обвиняли в налоговых махинациях. "
                 "Ивана Орлова обвиняли в незаконном обороте оружия.")  # fmt: skip
    ts = [
        fact(d, "Пётр Сомов", "CONVICTED_OF", "масштабные финансовые махинации", PC,
             ("Петра Сомова", "масштабных финансовых махинациях"), ("PERSON:s", "CRIME:m"), "past"),
        fact(d, "Пётр Сомов", "CONVICTED_OF", "финансовые аферы", PC,
             ("Петра Сомова обвиняли в ф", "финансовых аферах"), ("PERSON:s", "CRIME:a"), "past"),
        fact(d, "Иван Орлов", "CONVICTED_OF", "налоговые махинации", PC,
             ("Ивана Орлова", "налоговых махинациях"), ("PERSON:o", "CRIME:n"), "past"),
        fact(d, "Иван Орлов", "CONVICTED_OF", "незаконный оборот оружия", PC,
             ("Ивана Орлова обвиняли в н", "незаконном обороте оружия"), ("PERSON:o", "CRIME:o"),
             "past"),
    ]  # fmt: skip
    assert sets_asked(ts, [d], "Сомов") == [], "two names of one charge asked as two"
    assert sets_asked(ts, [d], "Орлов") == [("налоговые махинации", "незаконный оборот оружия")]


def test_an_announced_post_is_no_member_under_a_headline_too() -> None:
    # the gold sentence of «Обама назначит доктора Томаса Фридена на пост директора CDC» holds
    # the headline above it («Барак Обама выбрал главного борца с болезнями»), without a stop
    from dragon_bench.types import Document

    d = Document(id="h", title="Барак Обама выбрал главного борца с болезнями",
                 text="Барак Обама назначит доктора Томаса Фридена на пост директора Центров "
                      "по контролю заболеваний.")  # fmt: skip
    ts = [
        fact(d, "Томас Фриден", "WORKS_AS", "доктор", PR, ("Томаса Фридена", "доктора"),
             ("PERSON:f", "PROFESSION:d")),
        fact(d, "Томас Фриден", "WORKS_AS", "директор Центров по контролю заболеваний", PR,
             ("Томаса Фридена", "директора Центров по контролю заболеваний"),
             ("PERSON:f", "PROFESSION:c")),
    ]  # fmt: skip
    assert "\n" in d.full_text[: ts[0].sentence_span[1]]
    assert sets_asked(ts, [d], "Фриден") == [], "a post Obama only «назначит» asked as held"


def test_a_role_the_name_hangs_on_or_a_post_to_be_left_is_held_now() -> None:
    # guards of the future screen (train: «Обама ... проведёт встречу с президентом России
    # Дмитрием Медведевым», «Марио Монти подаст в отставку с должности премьер-министра»):
    # the role describes who he is now
    d = doc("g", "Обама проведёт встречу с президентом Молдовы Петром Зотовым. Экономист Пётр "
                 "Зотов выступил в Кишинёве. Олег Вахрушев подаст в отставку с должности "
                 "министра финансов. Юрист Олег Вахрушев выступил.")  # fmt: skip
    ts = [
        fact(d, "Пётр Зотов", "WORKS_AS", "президент Молдовы", PR,
             ("Петром Зотовым", "президентом Молдовы"), ("PERSON:z", "PROFESSION:p")),
        fact(d, "Пётр Зотов", "WORKS_AS", "экономист", PR, ("Пётр Зотов", "Экономист"),
             ("PERSON:z", "PROFESSION:e")),
        fact(d, "Олег Вахрушев", "WORKS_AS", "министр финансов", PR,
             ("Олег Вахрушев", "министра финансов"), ("PERSON:o", "PROFESSION:m")),
        fact(d, "Олег Вахрушев", "WORKS_AS", "юрист", PR, ("Олег Вахрушев выступил", "Юрист"),
             ("PERSON:o", "PROFESSION:j")),
    ]  # fmt: skip
    assert sets_asked(ts, [d], "Зотов") == [("президент Молдовы", "экономист")]
    assert sets_asked(ts, [d], "Вахрушев") == [("министр финансов", "юрист")]
