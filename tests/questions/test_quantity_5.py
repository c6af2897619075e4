"""Candidates the samplers used to lose (issue #15's quantity, question side): a multi-hop
bridge described by a post of a named place, one chain per bridge and asked fact, a
conditional pair that cannot be phrased leaving its subject's slot to the next, a pair whose
conditions the KG knows one holder of each, and a title as a condition."""

from __future__ import annotations

from dragon_bench.questions import generate_questions
from dragon_bench.types import Document, Triple
from tests.questions.helpers import doc, fact

PP = ("PERSON", "PROFESSION")
PD = ("PERSON", "DATE")
PC = ("PERSON", "CITY")
PO = ("PERSON", "ORGANIZATION")


def _asked(ts: list[Triple], docs: list[Document], qtype: str) -> dict[str, tuple[str, ...]]:
    qs = generate_questions(ts, docs, per_type=20, types=(qtype,))
    return {q.question: q.answers for q in qs}


def test_a_bridge_is_described_by_a_post_of_a_named_place() -> None:
    a = doc(
        "a", "Премьер-министр Армении Карен Дзагоян выступил в парламенте. Карену Дзагояну 52 года."
    )
    b = doc("b", "Депутат Госдумы Игнат Сомов приехал в Ереван. Игнату Сомову 47 лет.")
    c = doc("c", "Глава МИД Олег Дронов прилетел в Ереван. Олегу Дронову 61 год.")
    e = doc("e", "Ереван стоит на реке Раздан. Ереван находится в Армении.")
    ts = [
        fact(a, "Карен Дзагоян", "WORKS_AS", "премьер-министр Армении", PP,
             ("Карен Дзагоян", "Премьер-министр Армении"), ("PERSON:kd", "PROFESSION:pm @a")),
        fact(a, "Карен Дзагоян", "AGE_IS", "52 года", ("PERSON", "AGE"),
             ("Карену Дзагояну", "52 года"), ("PERSON:kd", "AGE:52")),
        fact(b, "Игнат Сомов", "WORKS_AS", "депутат Госдумы", PP,
             ("Игнат Сомов", "Депутат Госдумы"), ("PERSON:is", "PROFESSION:dep @b")),
        fact(b, "Игнат Сомов", "AGE_IS", "47 лет", ("PERSON", "AGE"),
             ("Игнату Сомову", "47 лет"), ("PERSON:is", "AGE:47")),
        fact(c, "Олег Дронов", "WORKS_AS", "глава МИД", PP,
             ("Олег Дронов", "Глава МИД"), ("PERSON:od", "PROFESSION:mid @c")),
        fact(c, "Олег Дронов", "AGE_IS", "61 год", ("PERSON", "AGE"),
             ("Олегу Дронову", "61 год"), ("PERSON:od", "AGE:61")),
        fact(e, "Ереван", "LOCATED_IN", "Армения", ("CITY", "COUNTRY"),
             ("Ереван находится", "Армении"), ("CITY:er", "COUNTRY:am")),
    ]  # fmt: skip
    asked = _asked(ts, [a, b, c, e], "multi_hop")
    mine = [q for q, answers in asked.items() if answers == ("52 года",)]
    assert mine and all("премьер-министр" in q and "Армении" in q for q in mine), asked
    assert mine[0] in {
        "Сколько лет человеку, который работает премьер-министром Армении?",
        "Сколько лет тому, кто работает премьер-министром Армении?",
        "Сколько лет человеку, который занимает пост премьер-министра Армении?",
        "Сколько лет тому, кто занимает пост премьер-министра Армении?",
    }, mine
    # many hold a deputy's seat, and «глава МИД» does not say of which country
    assert not any(answers in {("47 лет",), ("61 год",)} for answers in asked.values()), asked


def test_a_chain_is_asked_once_whatever_describes_its_bridge() -> None:
    # Ивлин alone was born in Ржев and alone works at Роскосмос: either describes him, and
    # the two questions would ask one fact with one answer
    a = doc("a", "Фёдор Ивлин родился в Ржеве. Позже он уехал учиться.")
    b = doc("b", "Инженер Фёдор Ивлин работал в Роскосмосе. Там он проработал много лет.")
    c = doc("c", "Фёдор Ивлин умер 6 марта 2019 года. Его похоронили на родине.")
    ts = [
        fact(a, "Фёдор Ивлин", "PLACE_OF_BIRTH", "Ржев", PC,
             ("Фёдор Ивлин родился", "Ржеве"), ("PERSON:fi", "CITY:rz")),
        fact(b, "Фёдор Ивлин", "WORKPLACE", "Роскосмос", PO,
             ("Фёдор Ивлин работал", "Роскосмосе"), ("PERSON:fi", "ORGANIZATION:rm")),
        fact(c, "Фёдор Ивлин", "DATE_OF_DEATH", "6 марта 2019 года", PD,
             ("Фёдор Ивлин умер", "6 марта 2019 года"), ("PERSON:fi", "DATE:d")),
    ]  # fmt: skip
    asked = _asked(ts, [a, b, c], "multi_hop")
    deaths = [q for q, answers in asked.items() if answers == ("6 марта 2019 года",)]
    assert len(deaths) <= 1 and len(asked) >= 1, asked


def _actors() -> tuple[list[Document], list[Triple]]:
    a = doc("a", "Актёр Пётр Лавров сыграл Гамлета. Пётр Лавров родился 2 ноября 1948 года.")
    b = doc("b", "Пётр Лавров родился в Ржеве. Пётр Лавров служит в «Ржевском театре».")
    c = doc("c", "Актёр Игнат Сомов сыграл Лира. Семён Рыбин родился 2 ноября 1948 года.")
    d = doc("d", "Семён Рыбин родился в Ржеве. Семён Рыбин служит в «Ржевском театре».")
    ts = [
        fact(a, "Пётр Лавров", "WORKS_AS", "актёр", PP, ("Пётр Лавров", "Актёр"),
             ("PERSON:pl", "PROFESSION:act @a")),
        fact(a, "Пётр Лавров", "DATE_OF_BIRTH", "2 ноября 1948 года", PD,
             ("Пётр Лавров родился", "2 ноября 1948 года"), ("PERSON:pl", "DATE:d")),
        fact(b, "Пётр Лавров", "PLACE_OF_BIRTH", "Ржев", PC,
             ("Пётр Лавров родился", "Ржеве"), ("PERSON:pl", "CITY:rz")),
        fact(b, "Пётр Лавров", "WORKPLACE", "«Ржевский театр»", PO,
             ("Пётр Лавров служит", "«Ржевском театре»"), ("PERSON:pl", "ORGANIZATION:rt")),
        fact(c, "Игнат Сомов", "WORKS_AS", "актёр", PP, ("Игнат Сомов", "Актёр"),
             ("PERSON:is", "PROFESSION:act @c")),
        fact(c, "Семён Рыбин", "DATE_OF_BIRTH", "2 ноября 1948 года", PD,
             ("Семён Рыбин родился", "2 ноября 1948 года"), ("PERSON:sr", "DATE:d")),
        fact(d, "Семён Рыбин", "PLACE_OF_BIRTH", "Ржев", PC,
             ("Семён Рыбин родился", "Ржеве"), ("PERSON:sr", "CITY:rz")),
        fact(d, "Семён Рыбин", "WORKPLACE", "«Ржевский театр»", PO,
             ("Семён Рыбин служит", "«Ржевском театре»"), ("PERSON:sr", "ORGANIZATION:rt")),
    ]  # fmt: skip
    return [a, b, c, d], ts


def test_a_pair_that_cannot_be_phrased_leaves_its_slot_to_the_next() -> None:
    # Лавров and Рыбин share Ржев, the theatre and the date: only «актёр» + the date picks
    # Лавров. The pairs across documents come first («актёр» + Ржев, «актёр» + the theatre:
    # a trade beside a place many share is not asked) and used to fill his two slots
    docs, ts = _actors()
    asked = _asked(ts, docs, "conditional")
    mine = [q for q, answers in asked.items() if answers == ("Пётр Лавров",)]
    assert mine, asked
    assert all("2 ноября 1948 года" in q and "акт" in q for q in mine), mine


def test_conditions_the_kg_knows_one_holder_of_each_are_still_asked() -> None:
    # the KG knows one man born in Степанакерт and one who works at Роскосмос; the world
    # knows more of each, and the two together name him
    a = doc("a", "Ашот Мкртчан родился в Степанакерте. Детство он провёл у бабушки.")
    b = doc("b", "Ашот Мкртчан работает в Роскосмосе. Там он готовит запуски.")
    ts = [
        fact(a, "Ашот Мкртчан", "PLACE_OF_BIRTH", "Степанакерт", PC,
             ("Ашот Мкртчан родился", "Степанакерте"), ("PERSON:am", "CITY:st")),
        fact(b, "Ашот Мкртчан", "WORKPLACE", "Роскосмос", PO,
             ("Ашот Мкртчан работает", "Роскосмосе"), ("PERSON:am", "ORGANIZATION:ab")),
    ]  # fmt: skip
    asked = _asked(ts, [a, b], "conditional")
    assert any(
        "Степанакерте" in q and "Роскосмосе" in q
        for q, ans in asked.items()
        if ans == ("Ашот Мкртчан",)
    ), asked


def test_a_title_is_a_condition() -> None:
    # two princes, two men born on that day: «носил титул князя» and the date name one
    a = doc(
        "a", "Князь Дмитрий Ольгердов жил в Париже. Дмитрий Ольгердов родился 17 мая 1926 года."
    )
    b = doc("b", "Князь Андрей Ольгердов жил в Ницце. Семён Рыбин родился 17 мая 1926 года.")
    ts = [
        fact(a, "Дмитрий Ольгердов", "WORKS_AS", "князь", PP, ("Дмитрий Ольгердов", "Князь"),
             ("PERSON:do", "PROFESSION:kn @a"), tense="past"),
        fact(a, "Дмитрий Ольгердов", "DATE_OF_BIRTH", "17 мая 1926 года", PD,
             ("Дмитрий Ольгердов родился", "17 мая 1926 года"), ("PERSON:do", "DATE:d")),
        fact(b, "Андрей Ольгердов", "WORKS_AS", "князь", PP, ("Андрей Ольгердов", "Князь"),
             ("PERSON:ao", "PROFESSION:kn @b"), tense="past"),
        fact(b, "Семён Рыбин", "DATE_OF_BIRTH", "17 мая 1926 года", PD,
             ("Семён Рыбин родился", "17 мая 1926 года"), ("PERSON:sr", "DATE:d")),
    ]  # fmt: skip
    asked = _asked(ts, [a, b], "conditional")
    mine = [q for q, answers in asked.items() if answers == ("Дмитрий Ольгердов",)]
    assert mine, asked
    assert set(mine) <= {
        "Кто родился 17 мая 1926 года и носил титул князя?",
        "Кто появился на свет 17 мая 1926 года и носил титул князя?",
    }, mine


def test_one_subject_is_not_asked_the_same_twice() -> None:
    # Костров's post and workplace come from one sentence: «родился в Москве и работал в
    # Институте Пушкина» and «... и занимал пост президента Института Пушкина» ask the same
    a = doc("a", "Виталий Костров родился в Москве. Детство он провёл на Арбате.")
    b = doc("b", "Вчера умер президент Института Пушкина Виталий Костров. Ему было 90 лет.")
    c = doc("c", "Президент Института Пушкина Игнат Сомов открыл съезд. Съезд прошёл в Москве.")
    d = doc("d", "Семён Рыбин родился в Москве. Он стал врачом.")
    ts = [
        fact(a, "Виталий Костров", "PLACE_OF_BIRTH", "Москва", PC,
             ("Виталий Костров родился", "Москве"), ("PERSON:vk", "CITY:msk")),
        fact(b, "Виталий Костров", "WORKS_AS", "президент Института Пушкина", PP,
             ("Виталий Костров", "президент Института Пушкина"), ("PERSON:vk", "PROFESSION:p @b"),
             tense="past"),
        fact(b, "Виталий Костров", "WORKPLACE", "Институт Пушкина", PO,
             ("Виталий Костров", "Института Пушкина"), ("PERSON:vk", "ORGANIZATION:ip"),
             tense="past"),
        fact(c, "Игнат Сомов", "WORKS_AS", "президент Института Пушкина", PP,
             ("Игнат Сомов", "Президент Института Пушкина"), ("PERSON:is", "PROFESSION:p @c")),
        fact(c, "Игнат Сомов", "WORKPLACE", "Институт Пушкина", PO,
             ("Игнат Сомов", "Института Пушкина"), ("PERSON:is", "ORGANIZATION:ip")),
        fact(d, "Семён Рыбин", "PLACE_OF_BIRTH", "Москва", PC,
             ("Семён Рыбин родился", "Москве"), ("PERSON:sr", "CITY:msk")),
    ]  # fmt: skip
    asked = _asked(ts, [a, b, c, d], "conditional")
    mine = [q for q, answers in asked.items() if answers == ("Виталий Костров",)]
    assert len(mine) == 1 and "Москве" in mine[0] and "Пушкина" in mine[0], asked


def test_a_head_of_a_common_noun_beside_another_head_is_no_set() -> None:
    # «председатель банка» may be the head of the ЕЦБ: one post, or two, the words do not tell
    a = doc("a", "Глава ЕЦБ Жан-Луи Трюффо выступил в Берлине. Его речь была короткой.")
    b = doc("b", "Председатель банка Жан-Луи Трюффо отметил рост цен. Рынки упали.")
    ts = [
        fact(a, "Жан-Луи Трюффо", "WORKS_AS", "глава ЕЦБ", PP, ("Жан-Луи Трюффо", "Глава ЕЦБ"),
             ("PERSON:jt", "PROFESSION:ecb @a")),
        fact(b, "Жан-Луи Трюффо", "WORKS_AS", "председатель банка", PP,
             ("Жан-Луи Трюффо", "Председатель банка"), ("PERSON:jt", "PROFESSION:bank @b")),
    ]  # fmt: skip
    assert not _asked(ts, [a, b], "set")


def test_an_assistant_or_adviser_of_nobody_named_is_no_answer() -> None:
    # «помощник», «советник»: of whom? Neither a set member nor the answer to «Кем работает»
    a = doc("a", "Помощник Олег Дронов провёл встречу. Советник Олег Дронов дал интервью.")
    ts = [
        fact(a, "Олег Дронов", "WORKS_AS", "помощник", PP, ("Олег Дронов", "Помощник"),
             ("PERSON:od", "PROFESSION:p @a")),
        fact(a, "Олег Дронов", "WORKS_AS", "советник", PP, ("Олег Дронов дал", "Советник"),
             ("PERSON:od", "PROFESSION:s @a")),
    ]  # fmt: skip
    assert not _asked(ts, [a], "set")
    assert not _asked(ts, [a], "simple")


def test_a_deputy_of_a_party_and_of_a_parliament_hold_one_seat() -> None:
    a = doc("a", "Депутат Партии регионов Денис Святов выступил. Он говорил долго.")
    b = doc("b", "Народный депутат Украины Денис Святов покинул зал. Заседание продолжилось.")
    ts = [
        fact(a, "Денис Святов", "WORKS_AS", "депутат Партии регионов", PP,
             ("Денис Святов", "Депутат Партии регионов"), ("PERSON:ds", "PROFESSION:d @a")),
        fact(b, "Денис Святов", "WORKS_AS", "народный депутат Украины", PP,
             ("Денис Святов", "Народный депутат Украины"), ("PERSON:ds", "PROFESSION:n @b")),
    ]  # fmt: skip
    assert not _asked(ts, [a, b], "set")


def _dated(born: str, text_b: str, tense: str = "past") -> tuple[list[Document], list[Triple]]:
    a = doc("a", f"Алан Гарсиа родился {born}. Его отец был учителем.")
    b = doc("b", text_b)
    ts = [
        fact(a, "Алан Гарсиа", "DATE_OF_BIRTH", born, PD, ("Алан Гарсиа родился", born),
             ("PERSON:ag", f"DATE:{born}")),
        fact(b, "Алан Гарсиа", "WORKS_AS", "экономист", PP, ("Алан Гарсиа", "экономист"),
             ("PERSON:ag", "PROFESSION:e @b"), tense=tense),
    ]  # fmt: skip
    return [a, b], ts


def test_a_bridge_is_described_by_a_full_date_no_other_sentence_gives() -> None:
    docs, ts = _dated("23 мая 1949 года", "Алан Гарсиа работал экономистом. Он писал книги.")
    asked = _asked(ts, docs, "multi_hop")
    mine = [q for q, answers in asked.items() if answers == ("экономист",)]
    assert mine and all(q.endswith("23 мая 1949 года?") for q in mine), asked
    assert all(" был " in q or "работал " in q for q in mine), mine  # he is past, not «работает»
    # another sentence gives that day: someone the KG lacks may have been born on it
    docs, ts = _dated(
        "23 мая 1949 года",
        "Алан Гарсиа работал экономистом. Его друг тоже родился 23 мая 1949 года.",
    )
    assert not _asked(ts, docs, "multi_hop")
    # one born in 1818 is dead, whatever tense a sentence gives his trade: asked in the past
    # (every year his texts give is before 1900) or not at all
    docs, ts = _dated("5 мая 1818 года", "Алан Гарсиа работает экономистом. Он пишет.", "")
    mine = list(_asked(ts, docs, "multi_hop"))
    assert all(" был " in q or "работал " in q for q in mine), mine
    assert not any("работает" in q or "является" in q for q in mine), mine


def test_a_bridge_is_not_asked_one_sentence_twice() -> None:
    # «президент Института Пушкина» and «работал в Институте Пушкина» come from one sentence:
    # «Какую должность занимал ...?» and «Где работал ...?» would ask the same
    a = doc("a", "Виталий Костров родился в Козельске. Детство он провёл у реки.")
    b = doc("b", "Вчера умер президент Института Пушкина Виталий Костров. Ему было 90 лет.")
    ts = [
        fact(a, "Виталий Костров", "PLACE_OF_BIRTH", "Козельск", PC,
             ("Виталий Костров родился", "Козельске"), ("PERSON:vk", "CITY:kz")),
        fact(b, "Виталий Костров", "WORKS_AS", "президент Института Пушкина", PP,
             ("Виталий Костров", "президент Института Пушкина"), ("PERSON:vk", "PROFESSION:p @b"),
             tense="past"),
        fact(b, "Виталий Костров", "WORKPLACE", "Институт Пушкина", PO,
             ("Виталий Костров", "Института Пушкина"), ("PERSON:vk", "ORGANIZATION:ip"),
             tense="past"),
    ]  # fmt: skip
    asked = _asked(ts, [a, b], "multi_hop")
    mine = [q for q in asked if "Козельске" in q]
    assert len(mine) == 1, asked


def test_trades_of_a_name_with_no_trusted_genitive_are_asked_in_the_nominative() -> None:
    a = doc("a", "Актёр Нанни Моретти снял новый фильм. Фильм вышел весной.")
    b = doc("b", "Режиссёр Нанни Моретти приехал в Рим. Там прошла премьера.")
    ts = [
        fact(a, "Нанни Моретти", "WORKS_AS", "актёр", PP, ("Нанни Моретти", "Актёр"),
             ("PERSON:nm", "PROFESSION:a @a")),
        fact(b, "Нанни Моретти", "WORKS_AS", "режиссёр", PP, ("Нанни Моретти", "Режиссёр"),
             ("PERSON:nm", "PROFESSION:r @b")),
    ]  # fmt: skip
    asked = _asked(ts, [a, b], "set")
    assert asked == {"Какие профессии совмещает Нанни Моретти?": ("актёр", "режиссёр")}, asked


def test_one_date_is_not_asked_beside_each_of_two_trades() -> None:
    # «Какой профессор родился ...?» and «Какой композитор родился ...?»: one question twice
    a = doc("a", "Профессор Ян Кшеменский читал лекции. Композитор Ян Кшеменский писал оперы.")
    b = doc("b", "Ян Кшеменский родился 23 ноября 1933 года. Детство он провёл в Дембице.")
    c = doc("c", "Профессор Игнат Сомов читал лекции. Композитор Игнат Сомов писал симфонии.")
    d = doc("d", "Семён Рыбин родился 23 ноября 1933 года. Он стал врачом.")
    ts = [
        fact(a, "Ян Кшеменский", "WORKS_AS", "профессор", PP, ("Ян Кшеменский", "Профессор"),
             ("PERSON:jk", "PROFESSION:p @a")),
        fact(a, "Ян Кшеменский", "WORKS_AS", "композитор", PP,
             ("Ян Кшеменский писал", "Композитор"), ("PERSON:jk", "PROFESSION:c @a")),
        fact(b, "Ян Кшеменский", "DATE_OF_BIRTH", "23 ноября 1933 года", PD,
             ("Ян Кшеменский родился", "23 ноября 1933 года"), ("PERSON:jk", "DATE:d")),
        fact(c, "Игнат Сомов", "WORKS_AS", "профессор", PP, ("Игнат Сомов", "Профессор"),
             ("PERSON:is", "PROFESSION:p @c")),
        fact(c, "Игнат Сомов", "WORKS_AS", "композитор", PP, ("Игнат Сомов писал", "Композитор"),
             ("PERSON:is", "PROFESSION:c @c")),
        fact(d, "Семён Рыбин", "DATE_OF_BIRTH", "23 ноября 1933 года", PD,
             ("Семён Рыбин родился", "23 ноября 1933 года"), ("PERSON:sr", "DATE:d")),
    ]  # fmt: skip
    asked = _asked(ts, [a, b, c, d], "conditional")
    mine = [q for q, answers in asked.items() if answers == ("Ян Кшеменский",)]
    assert len(mine) == 1 and "23 ноября 1933 года" in mine[0], asked


def test_a_date_is_not_read_off_another_date_of_the_question() -> None:
    from dragon_bench.questions.shapes.base import guessable

    assert not guessable("29 марта 2020 года", "Когда умер тот, кто родился 23 ноября 1933 года?")
    assert guessable("Москва", "Где находится штаб-квартира Московского банка?")
