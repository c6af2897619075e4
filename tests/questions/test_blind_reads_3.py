"""The failure classes of the third blind reads (benchmarks/question_reads/*-3-grades.jsonl),
each on a constructed Russian case that produced the defect with the generator the reads
graded (main at 90f32d3)."""

from __future__ import annotations

from dataclasses import replace

from dragon_bench.questions import generate_questions
from dragon_bench.questions.fame import common_knowledge
from tests.questions.helpers import doc, fact

PO = ("PERSON", "ORGANIZATION")
PP = ("PERSON", "PROFESSION")
PW = ("PERSON", "WORK_OF_ART")


def _asked(ts, docs, types=("simple",), **kw):  # type: ignore[no-untyped-def]
    stats: dict = {}
    kw.setdefault("popularity_share", 1.0)
    qs = generate_questions(ts, docs, per_type=20, types=types, stats=stats, **kw)
    return {q.question: q.answers for q in qs}, stats["rejected"]


def _present(question: str) -> bool:
    return any(
        w in question for w in ("работает", "служит", "представляет", "занимает", "является")
    )


def test_a_dismissal_noun_a_suicide_and_a_span_of_years_end_the_role() -> None:
    # «Где работает Андрей Пучков?» after «объявил об увольнении ... Андрея Пучкова»;
    # «Кто по профессии» for a singer who «покончил жизнь самоубийством»; «Какую должность
    # занимает» for a post held «с 1991 по 1992 годы»
    d = doc("u", "Кремль объявил об увольнении начальника управления полиции Андрея Пучкова. "
                 "Андрей Пучков работает в управлении «Запад». "
                 "Вокалист группы Кит Флинт покончил жизнь самоубийством. "
                 "Временный премьер Мали с 1991 по 1992 годы Сумана Сакко имеет шансы.")  # fmt: skip
    ts = [
        fact(d, "Андрей Пучков", "WORKPLACE", "«Запад»", PO, ("Андрей Пучков", "«Запад»"),
             ("PERSON:ap", "ORGANIZATION:z")),
        fact(d, "Кит Флинт", "WORKS_AS", "вокалист", PP, ("Кит Флинт", "Вокалист"),
             ("PERSON:kf", "PROFESSION:v")),
        fact(d, "Сумана Сакко", "WORKS_AS", "премьер Мали", PP, ("Сумана Сакко", "премьер Мали"),
             ("PERSON:ss", "PROFESSION:p")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d])
    assert any("Пучков" in q or "Пучков" in str(a) for q, a in asked.items()), asked
    assert any("Флинт" in q for q in asked), asked
    assert not any(_present(q) or "Кто по профессии" in q for q in asked), asked


def test_a_name_cut_from_its_quote_and_a_project_are_no_works() -> None:
    # «Talk» for the hit «Talk Talk»; «проект «Метро»» counted among a musician's works
    d = doc("w", "Марк Холлис — автор хитов «Such a Shame», «Talk Talk». "
                 "Юрий Царёв выступил (проект «Метро»). Юрий Царёв выпустил альбом «Честь и Слава». "
                 "Пётр Смелков выпустил альбом «Весна».")  # fmt: skip
    ts = [
        fact(d, "Марк Холлис", "PRODUCES", "Talk", PW, ("Марк Холлис", "Talk"),
             ("PERSON:mh", "WORK_OF_ART:t")),
        fact(d, "Марк Холлис", "PRODUCES", "Such a Shame", PW, ("Марк Холлис", "Such a Shame"),
             ("PERSON:mh", "WORK_OF_ART:s")),
        fact(d, "Юрий Царёв", "PRODUCES", "«Метро»", PW, ("Юрий Царёв", "«Метро»"),
             ("PERSON:c", "WORK_OF_ART:m")),
        fact(d, "Юрий Царёв", "PRODUCES", "«Честь и Слава»", PW, ("Юрий Царёв выпустил", "«Честь и Слава»"),
             ("PERSON:c", "WORK_OF_ART:cs")),
        fact(d, "Пётр Смелков", "PRODUCES", "«Весна»", PW, ("Пётр Смелков", "«Весна»"),
             ("PERSON:ps", "WORK_OF_ART:v")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d], types=("simple", "set"))
    assert any("Весн" in q + str(a) for q, a in asked.items()), asked
    assert not any("«Talk»" in q + str(a) or "«Метро»" in q + str(a) for q, a in asked.items())


def test_no_profession_a_cut_role_and_a_place_that_names_the_employer() -> None:
    # «миллиардер» is no profession; «исполнитель» cut from «исполнитель ритм-н-блюза»;
    # «Западный административный округ» of «управления полиции Западного административного
    # округа» is no employer, nor the region of «Законодательного собрания Кировской области»
    d = doc("p", "Марио — сын миллиардера Стэнли Хо. "
                 "Известному исполнителю ритм-н-блюза Ар Келли предъявлены обвинения. "
                 "Начальник управления полиции Западного административного округа Андрей Пучков выступил. "
                 "Закон внёс член Совфеда от Законодательного собрания Кировской области Вячеслав Тимченко. "
                 "Певица Анна Смелкова выступила.")  # fmt: skip
    ts = [
        fact(d, "Стэнли Хо", "WORKS_AS", "миллиардер", PP, ("Стэнли Хо", "миллиардера"),
             ("PERSON:sh", "PROFESSION:m")),
        fact(d, "Ар Келли", "WORKS_AS", "исполнитель", PP, ("Ар Келли", "исполнителю"),
             ("PERSON:ak", "PROFESSION:i")),
        fact(d, "Андрей Пучков", "WORKPLACE", "Западный административный округ",
             ("PERSON", "DISTRICT"), ("Андрей Пучков", "Западного административного"),
             ("PERSON:ap", "DISTRICT:z")),
        fact(d, "Вячеслав Тимченко", "MEMBER_OF", "Кировская область",
             ("PERSON", "STATE_OR_PROVINCE"), ("Вячеслав Тимченко", "Кировской области"),
             ("PERSON:vt", "STATE_OR_PROVINCE:k")),
        fact(d, "Анна Смелкова", "WORKS_AS", "певица", PP, ("Анна Смелкова", "Певица"),
             ("PERSON:as", "PROFESSION:s")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d])
    assert list(asked.values()) == [("певица",)], asked


def test_uniqueness_counts_the_facts_below_the_question_threshold() -> None:
    # «Кто по профессии тот, кто появился на свет в Лондоне?»: the revision's KG has a second
    # man born in London, whose fact is below the threshold for asking
    d = doc("l", "Вокалист Кит Флинт выступил. Кит Флинт родился в Лондоне. "
                 "Марк Холлис родился в Лондоне.")  # fmt: skip
    ts = [
        fact(d, "Кит Флинт", "WORKS_AS", "вокалист", PP, ("Кит Флинт", "Вокалист"),
             ("PERSON:kf", "PROFESSION:v")),
        fact(d, "Кит Флинт", "PLACE_OF_BIRTH", "Лондон", ("PERSON", "CITY"),
             ("Кит Флинт родился", "Лондоне"), ("PERSON:kf", "CITY:l")),
        replace(
            fact(d, "Марк Холлис", "PLACE_OF_BIRTH", "Лондон", ("PERSON", "CITY"),
                 ("Марк Холлис", "Лондоне. Марк") , ("PERSON:mh", "CITY:l")),
            object_span=(d.full_text.rindex("Лондоне"), d.full_text.rindex("Лондоне") + 7),
            confidence=0.1,
        ),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d], types=("multi_hop",))
    assert not any("Лондон" in q for q in asked), asked
    # (the same question without the other birth: test_a_description_the_texts_tell_...)


def test_a_famous_places_country_a_stars_home_and_a_monarchs_title_are_known() -> None:
    # «В какой стране располагается Новая Шотландия?» -> Канада; Messi's country; «Альбер II»
    assert common_knowledge("Альбер II", "князь Монако")
    d = doc("k", "В канадской провинции Новая Шотландия произошла стрельба. "
                 "Месси переехал в Испанию. Посёлок Цибулёво находится в Знаменском районе.")  # fmt: skip
    ts = [
        fact(d, "Новая Шотландия", "LOCATED_IN", "Канада", ("STATE_OR_PROVINCE", "COUNTRY"),
             ("Новая Шотландия", "канадской"), ("STATE_OR_PROVINCE:ns", "COUNTRY:c")),
        fact(d, "Лионель Месси", "PLACE_RESIDES_IN", "Испания", ("PERSON", "COUNTRY"),
             ("Месси", "Испанию"), ("PERSON:m", "COUNTRY:e")),
        fact(d, "Цибулёво", "LOCATED_IN", "Знаменский район", ("CITY", "DISTRICT"),
             ("Цибулёво", "Знаменском районе"), ("CITY:c", "DISTRICT:z")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d])
    assert list(asked.values()) == [("Знаменский район",)], (asked, rejected)


def test_a_retirement_from_the_post_outweighs_a_present_tense_read_off_one_sentence() -> None:
    # «Сколько лет человеку, который представляет ГРУ?»: the extractor read the present off
    # «освобождён 70-летний полковник ГРУ Владимир Квачков»; another sentence says «полковник
    # ГРУ в отставке»
    d = doc("r", "Из колонии освобождён 70-летний полковник ГРУ Владимир Квасницкий. "
                 "Владимир Квасницкий — полковник ГРУ в отставке. "
                 "Пётр Смелков работает в ФСО. Пётр Смелков — генерал в отставке.")  # fmt: skip
    ts = [
        fact(d, "Владимир Квасницкий", "WORKPLACE", "ГРУ", PO, ("Владимир Квасницкий", "ГРУ"),
             ("PERSON:vk", "ORGANIZATION:gru"), tense="present"),
        fact(d, "Пётр Смелков", "WORKPLACE", "ФСО", PO, ("Пётр Смелков", "ФСО"),
             ("PERSON:ps", "ORGANIZATION:fso"), tense="present"),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d])
    gru = [q for q, a in asked.items() if "ГРУ" in q or "Квасницк" in q + str(a)]
    assert gru and not any(_present(q) for q in gru), asked
    # retired from some post, not this one: the present tense the text gives stands
    assert any(_present(q) for q, a in asked.items() if "ФСО" in q or "Смелков" in q + str(a))


def test_represents_only_an_employer_it_speaks_for_and_a_stated_present_holds() -> None:
    # «Кто ... представлял Radio Corporation of America?» for the head of its laboratory;
    # «Сколько лет тому, кто представлял RPM?» for «бывший премьер» Кейта, whose sentence
    # says the party's «руководителем которой он является»
    d = doc("e", "Компания RCA назначила Петра Смелкова руководителем лаборатории. "
                 "Бывший премьер Ибрагим Кеитов выступил. "
                 "Кеитова выдвинула партия «Объединение», руководителем которой он является.")  # fmt: skip
    ts = [
        fact(d, "Пётр Смелков", "WORKPLACE", "RCA", PO, ("Петра Смелкова", "RCA"),
             ("PERSON:ps", "ORGANIZATION:rca")),
        fact(d, "Ибрагим Кеитов", "WORKPLACE", "«Объединение»", PO, ("Кеитова", "«Объединение»"),
             ("PERSON:ik", "ORGANIZATION:o")),
        fact(d, "Ибрагим Кеитов", "WORKS_AS", "премьер", PP, ("Ибрагим Кеитов", "премьер"),
             ("PERSON:ik", "PROFESSION:p")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d], types=("simple", "multi_hop"))
    rca = [q for q, a in asked.items() if "RCA" in q + str(a) or "Смелков" in q + str(a)]
    assert rca and not any("представля" in q for q in rca), asked
    party = [q for q, a in asked.items() if "Объединени" in q + str(a)]
    assert party and not any("работал" in q or "представлял" in q for q in party), asked


def test_a_post_told_by_a_verb_completes_the_roles_and_a_coming_event_is_not_organised() -> None:
    # «Какие профессии и должности у Любови Глебовой?» -> {сенатор, чиновник}, missing her
    # post «управлявшая Рособрнадзором»; «Какое мероприятие организовала партия ...?» for a
    # convention where delegates «будут голосовать ... в июле»
    d = doc("g", "Ольга Пенькова, управлявшая Рособрнадзором, — депутат и сенатор. "
                 "Делегаты партии «Восход» будут голосовать на съезде «Заря-2020» в июле. "
                 "Анна Смелкова — певица и композитор.")  # fmt: skip
    ts = [
        fact(d, "Ольга Пенькова", "WORKS_AS", "депутат", PP, ("Ольга Пенькова", "депутат"),
             ("PERSON:op", "PROFESSION:d")),
        fact(d, "Ольга Пенькова", "WORKS_AS", "сенатор", PP, ("Ольга Пенькова", "сенатор"),
             ("PERSON:op", "PROFESSION:s")),
        fact(d, "Анна Смелкова", "WORKS_AS", "певица", PP, ("Анна Смелкова", "певица"),
             ("PERSON:as", "PROFESSION:p")),
        fact(d, "Анна Смелкова", "WORKS_AS", "композитор", PP, ("Анна Смелкова", "композитор"),
             ("PERSON:as", "PROFESSION:k")),
        fact(d, "«Восход»", "ORGANIZES", "«Заря-2020»", ("ORGANIZATION", "EVENT"),
             ("«Восход»", "«Заря-2020»"), ("ORGANIZATION:v", "EVENT:z")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d], types=("simple", "set"))
    assert any("Смелков" in q for q in asked), asked
    assert not any("Пеньков" in q for q in asked), asked
    assert not any("Заря" in q + str(a) for q, a in asked.items()), asked


def test_kin_the_evidence_sentence_names_completes_the_set() -> None:
    # «Как зовут братьев и сестёр Майкла Джексона?» -> {Жермен, Тито}: the evidence sentence
    # also names «старшей дочерью Ребби»
    d = doc("j", "Братья Майкла Смелкова Жермен Смелков и Тито Смелков вместе со старшей "
                 "дочерью Ребби приехали к матери. Братья Ивана Пенькова Олег Пеньков и "
                 "Пётр Пеньков выступили.")  # fmt: skip
    pp = ("PERSON", "PERSON")
    ts = [
        fact(d, "Майкл Смелков", "SIBLING", "Жермен Смелков", pp, ("Майкла Смелкова", "Жермен"),
             ("PERSON:m", "PERSON:j")),
        fact(d, "Майкл Смелков", "SIBLING", "Тито Смелков", pp, ("Майкла Смелкова", "Тито"),
             ("PERSON:m", "PERSON:t")),
        fact(d, "Иван Пеньков", "SIBLING", "Олег Пеньков", pp, ("Ивана Пенькова", "Олег"),
             ("PERSON:i", "PERSON:o")),
        fact(d, "Иван Пеньков", "SIBLING", "Пётр Пеньков", pp, ("Ивана Пенькова", "Пётр"),
             ("PERSON:i", "PERSON:p")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d], types=("set",))
    assert any("Пеньков" in q for q in asked), asked
    assert not any("Смелков" in q for q in asked), asked


def test_a_description_the_texts_tell_of_another_is_not_used() -> None:
    # «Кто по профессии тот, кто появился на свет в Лондоне?»: another text says Mark Hollis
    # «родился в лондонском районе Тоттенем», a birth the KG does not hold
    d = doc("l", "Вокалист Кит Флинт выступил. Кит Флинт родился в Лондоне.")
    e = doc("h", "Марк Холлис родился в лондонском районе Тоттенем.")
    ts = [
        fact(d, "Кит Флинт", "WORKS_AS", "вокалист", PP, ("Кит Флинт", "Вокалист"),
             ("PERSON:kf", "PROFESSION:v")),
        fact(d, "Кит Флинт", "PLACE_OF_BIRTH", "Лондон", ("PERSON", "CITY"),
             ("Кит Флинт родился", "Лондоне"), ("PERSON:kf", "CITY:l")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d, e], types=("multi_hop",))
    assert not any("Лондон" in q for q in asked), asked
    alone, _ = _asked(ts, [d], types=("multi_hop",))
    assert any("Лондон" in q for q in alone), alone
