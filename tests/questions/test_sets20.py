"""Set and single-answer failure classes of TRAIN reads j and k (helper sets20), each on a
constructed Russian case that failed with the generator before the fix."""

from __future__ import annotations

from tests.questions.helpers import asked, doc, fact, sets_asked

PA = ("PERSON", "AWARD")
PP = ("PERSON", "PRODUCT")
PPE = ("PERSON", "PERSON")
PD = ("PERSON", "DATE")
PR = ("PERSON", "PROFESSION")
PO = ("PERSON", "ORGANIZATION")
PI = ("PERSON", "DISEASE")


def _awards(title: str) -> list[tuple[str, ...]]:
    d = doc("a", f"Умер артист Пётр Гаврилов\nПётр Гаврилов - {title}, лауреат Премии Тукая.")
    ts = [
        fact(d, "Пётр Гаврилов", "AWARDED_WITH", "народный артист РТ", PA,
             ("Пётр Гаврилов", "народный артист РТ"), ("PERSON:g", "AWARD:n")),
        fact(d, "Пётр Гаврилов", "AWARDED_WITH", "Премия Тукая", PA,
             ("Пётр Гаврилов", "Премии Тукая"), ("PERSON:g", "AWARD:t")),
    ]  # fmt: skip
    return sets_asked(ts, [d], "Гаврилов")


def test_a_set_is_not_asked_when_a_member_is_coordinated_past_its_span() -> None:
    # «народный артист РТ и РФ» for the member «народный артист РТ»: the set misses «... РФ»
    assert not _awards("народный артист РТ и РФ")
    assert _awards("народный артист РТ")


def _works(extra: str) -> list[tuple[str, ...]]:
    d = doc(
        "w",
        "Умер инженер Олег Рябов\nОлег Рябов родился в 1941 году в Омске. "
        + extra
        + "Разработал программу ALFA для обмена сообщениями. Кроме того, он разработал "
        "программу BETAX для пересылки файлов.",
    )
    ts = [
        fact(d, "Олег Рябов", "PRODUCES", "ALFA", PP, ("Олег Рябов", "ALFA"),
             ("PERSON:r", "PRODUCT:a")),
        fact(d, "Олег Рябов", "PRODUCES", "BETAX", PP, ("Олег Рябов", "BETAX"),
             ("PERSON:r", "PRODUCT:b")),
    ]  # fmt: skip
    return sets_asked(ts, [d], "Рябов")


def test_a_set_is_not_asked_when_its_trigger_gives_the_subject_another_object() -> None:
    # «Разработал аналоговые синтезаторы речи» beside {ALFA, BETAX}, each «разработал программу»
    assert not _works("Разработал аналоговые синтезаторы речи. ")
    assert _works("")


def _children(extra: str) -> list[tuple[str, ...]]:
    d = doc(
        "c",
        "У певца Хулио Риваса нашёлся ещё один сын\nУ певца Хулио Риваса есть взрослый сын "
        "Педро Санчес. Его старшая дочь Анна родила ему внука. " + extra,
    )
    ts = [
        fact(d, "Хулио Ривас", "PARENT_OF", "Педро Санчес", PPE, ("Хулио Риваса", "Педро Санчес"),
             ("PERSON:m", "PERSON:p")),
        fact(d, "Хулио Ривас", "PARENT_OF", "Анна", PPE, ("Хулио Риваса", "Анна"),
             ("PERSON:m", "PERSON:a")),
    ]  # fmt: skip
    return sets_asked(ts, [d], "Ривас")


def test_a_set_of_children_is_not_asked_when_another_sentence_names_another_son() -> None:
    assert not _children("От первого брака у Риваса есть также сын Луис.")
    assert _children("Ривас живёт в Мадриде.")


def _hops(text: str, rel: str, obj: str, types: tuple[str, str], at: str) -> list[str]:
    d = doc("h", text)
    ts = [
        fact(d, "Марио Фо", "DATE_OF_BIRTH", "14 мая 1926 года", PD,
             ("Марио Фо", "14 мая 1926 года"), ("PERSON:f", "DATE:d")),
        fact(d, "Марио Фо", "WORKS_AS", "драматург", PR, ("Марио Фо", "драматург"),
             ("PERSON:f", "PROFESSION:t")),
        fact(d, "Марио Фо", rel, obj, types, ("Марио Фо", at), ("PERSON:f", "X:o")),
    ]  # fmt: skip
    got = asked(ts, [d], types=("simple", "multi_hop"), seeds=range(8))
    return [q for q, a in got.items() if a == (obj,)]


def test_an_award_is_not_asked_alone_when_a_short_named_laureate_has_another() -> None:
    # «Дарио Фо»: a surname of two letters had no stem, so no sentence was read of him
    head = "Умер драматург Марио Фо\nМарио Фо (14 мая 1926 года) — итальянский драматург. "
    award = ("AWARDED_WITH", "Нобелевская премия", PA, "Нобелевской премии")
    assert not _hops(head + "Лауреат Нобелевской премии (1997), премии Соннинга (1981).", *award)
    assert _hops(head + "Лауреат Нобелевской премии (1997).", *award)


def test_an_illness_is_not_asked_alone_when_the_text_tells_another() -> None:
    # «Каким заболеванием страдал тот, кто родился ...?» -> «пневмония», while «он боролся с
    # болезнью Паркинсона»
    head = "Умер драматург Марио Фо\nМарио Фо (14 мая 1926 года) — итальянский драматург. "
    ill = ("MEDICAL_CONDITION", "пневмония", PI, "пневмонией")
    told = "В 2014 году Марио Фо госпитализировали с пневмонией. "
    assert not _hops(head + told + "Много лет он боролся с болезнью Паркинсона.", *ill)
    assert _hops(head + told, *ill)


def _member(extra: str) -> dict[str, tuple[str, ...]]:
    d = doc("m", f"Член партии «Лига Севера» Тони Ивоби {extra}.")
    ts = [
        fact(d, "Тони Ивоби", "MEMBER_OF", "Лига Севера", PO, ("Тони Ивоби", "Лига Севера"),
             ("PERSON:i", "ORGANIZATION:l")),
    ]  # fmt: skip
    got = asked(ts, [d], seeds=range(8))
    return {q: a for q, a in got.items() if a == ("Лига Севера",)}


def test_a_membership_is_not_asked_of_one_the_text_gives_another_body() -> None:
    # «В какую организацию входит Тони Ивоби?» -> «Лига Севера», «избран в Сенат Италии» too;
    # «В какой партии состоит ...?» keeps one answer
    got = _member("избран в Сенат Италии")
    assert all("партии" in q for q in got), got
    assert _member("выступил на митинге в Милане")
