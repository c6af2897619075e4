"""The failure classes of the sixth blind read of gold questions
(benchmarks/question_reads/2026-12-01-gold-dev-6-grades.jsonl), each on a constructed Russian
case that produced the defect with the generator the read graded (main at 24cbe17)."""

from __future__ import annotations

import re

from dragon_bench.kg.nerel import GoldDocument, GoldEntity, GoldLink, GoldRelation
from dragon_bench.questions.gold import gold_triples
from dragon_bench.questions.templates import render
from dragon_bench.types import Document
from tests.questions.helpers import asked as _asked
from tests.questions.helpers import doc, fact

PO = ("PERSON", "ORGANIZATION")
PP = ("PERSON", "PERSON")
PR = ("PERSON", "PROFESSION")


def _gold_doc(doc_id, text, entities, relations, links=()):  # type: ignore[no-untyped-def]
    ents = {}
    for ident, kind, shown, *nth in entities:
        start = -1
        for _ in range(1 + (nth[0] if nth else 0)):
            start = text.index(shown, start + 1)
        ents[ident] = GoldEntity(ident, kind, ((start, start + len(shown)),), shown)
    rels = [GoldRelation(f"R{i}", r, a, b) for i, (r, a, b) in enumerate(relations)]
    links = [GoldLink(f"N{i}", e, q, name) for i, (e, q, name) in enumerate(links)]
    return GoldDocument(Document(id=doc_id, text=text), ents, rels, links)  # spans into text


def test_a_plant_is_worked_at_with_na() -> None:
    # «Кто ... работал в Цзяннаньском судостроительном заводе?»: «на заводе», past the
    # adjectives before the head noun; an organisation of «в» keeps it
    frame = "Кто {v:работать} в {o:loct}?"
    shown = render(frame, o="Уральский машиностроительный завод", o_type="ORGANIZATION",
                   tense="past", agree="masc")  # fmt: skip
    assert shown == "Кто работал на Уральском машиностроительном заводе?", shown
    shown = render(frame, o="Первый канал", o_type="ORGANIZATION", tense="past", agree="masc")
    assert shown == "Кто работал на Первом канале?", shown
    shown = render(frame, o="Тульский университет", o_type="ORGANIZATION", tense="past",
                   agree="masc")  # fmt: skip
    assert shown == "Кто работал в Тульском университете?", shown
    shown = render(frame, o="Завод", o_type="ORGANIZATION", tense="past", agree="masc")
    assert shown == "Кто работал на Заводе?", shown


def test_a_bare_first_name_linked_to_two_people_joins_neither() -> None:
    # «Какие профессии и должности были у Андреа Занончелли?» -> «журналист», a role of
    # Андреа Рокелли: NEREL linked the bare «Андреа» to both full names
    text = ("Андреа выступил. Прокурор Андреа Смелкини допросил журналиста Андреа Крюккини. "
            "Андреа Смелкини и Андреа Крюккини знакомы.")  # fmt: skip
    g = _gold_doc("a", text,
                  [("T1", "PERSON", "Андреа"), ("T2", "PERSON", "Андреа Смелкини"),
                   ("T3", "PERSON", "Андреа Крюккини"), ("T4", "PROFESSION", "Прокурор"),
                   ("T5", "PROFESSION", "журналиста")],
                  [("ALTERNATIVE_NAME", "T1", "T2"), ("ALTERNATIVE_NAME", "T3", "T1"),
                   ("WORKS_AS", "T2", "T4"), ("WORKS_AS", "T3", "T5")])  # fmt: skip
    _, triples = gold_triples([g])
    ids = {t.subject: t.subject_id for t in triples}
    assert ids["Андреа Смелкини"] != ids["Андреа Крюккини"], ids
    # one full name linked to a bare first name still joins it
    g = _gold_doc("b", "Андреа выступил. Прокурор Андреа Смелкини допросил свидетеля.",
                  [("T1", "PERSON", "Андреа"), ("T2", "PERSON", "Андреа Смелкини"),
                   ("T4", "PROFESSION", "Прокурор")],
                  [("ALTERNATIVE_NAME", "T1", "T2"), ("WORKS_AS", "T1", "T4")])  # fmt: skip
    _, triples = gold_triples([g])
    assert "андреа смелки" in triples[0].subject_id, triples[0].subject_id


def test_one_whose_body_was_found_is_married_in_the_past() -> None:
    # «Кто состоит в браке с Дэвидом Маккиным ...?» of «полиция обнаружила тело Мейв ...»
    d = doc("m", "Полиция обнаружила тело Мэри Смелкинс-Бартон. Мэри Смелкинс-Бартон замужем за "
                 "Олегом Крюком. Мэри Пенкинс замужем за Петром Огневым.")  # fmt: skip
    ts = [
        fact(d, "Мэри Смелкинс-Бартон", "SPOUSE", "Олег Крюк", PP,
             ("Мэри Смелкинс-Бартон", "Олегом Крюком"), ("PERSON:a", "PERSON:o")),
        fact(d, "Мэри Пенкинс", "SPOUSE", "Пётр Огнев", PP,
             ("Мэри Пенкинс", "Петром Огневым"), ("PERSON:i", "PERSON:p")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    dead = [q for q in asked if "Смелкинс" in q or "Крюк" in q]
    alive = [q for q in asked if "Пенкинс" in q or "Огнев" in q]
    assert dead and not any("состоит" in q or "замужем" in q for q in dead), asked
    assert alive and not any("состоял" in q for q in alive), asked


def test_a_charge_told_in_the_past_is_asked_in_the_past() -> None:
    # «В каком преступлении подозревают того, кто ...» of «Гарсию обвиняли в получении
    # взяток» (he had died, «скончался»)
    d = doc("c", "Бывшего мэра Олега Смелкова обвиняли в получении взяток. "
                 "Мэра Ивана Крюкова обвиняют в растрате.")  # fmt: skip
    pc = ("PERSON", "CRIME")
    ts = [
        fact(d, "Олег Смелков", "CONVICTED_OF", "получение взяток", pc,
             ("Олега Смелкова", "получении взяток"), ("PERSON:o", "CRIME:v")),
        fact(d, "Иван Крюков", "CONVICTED_OF", "растрата", pc, ("Ивана Крюкова", "растрате"),
             ("PERSON:i", "CRIME:r")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    past = [q for q in asked if "Смелков" in q]
    now = [q for q in asked if "Крюков" in q]
    assert past and all("обвиняли" in q or "подозревали" in q for q in past), asked
    assert now and all("обвиняют" in q or "подозревают" in q for q in now), asked


def test_a_span_of_years_is_answered_as_the_span() -> None:
    # «Когда прошёл Великий поход?» -> «1934» of «в 1934—1935 годах»
    from dragon_bench.questions.names import answer_name
    from dragon_bench.questions.templates import date_phrase

    assert answer_name("в 1934—1935 годах", "DATE") == "1934—1935 годы"
    assert answer_name("с 1991 по 1992 год", "DATE") == "1991—1992 годы"
    assert date_phrase("1934—1935 годы") == "в 1934—1935 годах"
    assert answer_name("1—3 июня 2019 года", "DATE") == ""  # no one form holds it
    assert answer_name("в 1985—1990 и 2006—2011 годах", "DATE") == ""
    assert answer_name("в 1990-х годах", "DATE") == "1990-е годы"
    assert answer_name("в марте 2019 года", "DATE") == "март 2019 года"
    assert answer_name("в 2016 году", "DATE") == "2016 год"


def test_a_post_under_its_clipped_name_is_one_member() -> None:
    # «Какие должности занимает Морган Цвангираи?» -> «премьер», «премьер-министр», ...
    d = doc("p", "Премьер Олег Смелков выступил. Премьер-министр Олег Смелков, глава партии "
                 "Родина, уехал. Иван Крюков, глава партии Свобода и сенатор, выступил.")  # fmt: skip
    ts = [
        fact(d, "Олег Смелков", "WORKS_AS", "премьер", PR, ("Олег Смелков", "Премьер"),
             ("PERSON:o", "PROFESSION:p")),
        fact(d, "Олег Смелков", "WORKS_AS", "премьер-министр", PR,
             ("Олег Смелков", "Премьер-министр"), ("PERSON:o", "PROFESSION:pm")),
        fact(d, "Олег Смелков", "WORKS_AS", "глава партии Родина", PR,
             ("Олег Смелков", "глава партии Родина"), ("PERSON:o", "PROFESSION:g")),
        fact(d, "Иван Крюков", "WORKS_AS", "глава партии Свобода", PR,
             ("Иван Крюков", "глава партии Свобода"), ("PERSON:i", "PROFESSION:s")),
        fact(d, "Иван Крюков", "WORKS_AS", "сенатор", PR, ("Иван Крюков", "сенатор"),
             ("PERSON:i", "PROFESSION:c")),
    ]  # fmt: skip
    asked = _asked(ts, [d], types=("set",))
    sets = [got for q, got in asked.items() if "Смелков" in q]
    assert not any("премьер" in got and "премьер-министр" in got for got in sets), asked
    assert sets == [] or ("глава партии Родина", "премьер-министр") in sets, asked
    assert ("глава партии Свобода", "сенатор") in asked.values(), asked


def test_a_persons_answer_takes_the_nominative_the_texts_write() -> None:
    # «Кто владеет Sartoria San Lazzaro?» -> «Андреа Падована» (the texts' nominative is
    # «Андреа Падован»); «Джордж Мендонс» for «Джордж Мендонса» (declined «Мендонсы»), and
    # «жена Джорджа Мендонса» in the question
    d = doc("n", "Ателье Sartoria Lupo принадлежит Андреа Падована. Андреа Падован родился "
                 "в Милане. Джордж Мендонса умер в Бостоне. Жена Мендонсы Грета Смелкина "
                 "работала медсестрой.")  # fmt: skip
    ts = [
        fact(d, "Андреа Падована", "OWNER_OF", "Sartoria Lupo", PO,
             ("Андреа Падована", "Sartoria Lupo"), ("PERSON:a", "ORGANIZATION:s")),
        fact(d, "Джордж Мендонса", "PLACE_OF_DEATH", "Бостон", ("PERSON", "CITY"),
             ("Джордж Мендонса", "Бостоне"), ("PERSON:g", "CITY:b")),
        fact(d, "Грета Смелкина", "SPOUSE", "Мендонсы", PP, ("Грета Смелкина", "Мендонсы"),
             ("PERSON:w", "PERSON:g")),
        fact(d, "Грета Смелкина", "WORKS_AS", "медсестра", PR, ("Грета Смелкина", "медсестрой"),
             ("PERSON:w", "PROFESSION:n")),
    ]  # fmt: skip
    asked = _asked(ts, [d], types=("simple", "multi_hop", "conditional"))
    shown = " ".join(f"{q} {' '.join(got)}" for q, got in asked.items())
    assert asked.get("Кто владеет Sartoria Lupo?") == ("Андреа Падован",), asked
    # no form of «Мендонса» is trusted (a case check would refuse its nominative): none asked
    assert not re.search(r"Мендонс(?:ом|у|е|ы)?\b", shown), asked
    assert any("Смелкин" in q for q in asked), asked


def test_two_roles_of_a_group_are_no_members_role() -> None:
    # «Какие профессии совмещает Михаил Тарковский?» -> «критик», «писатель» of «прилетели
    # известные писатели и критики, среди которых — ... Михаил Тарковский»; a group with one
    # role gives it to each member
    text = ("Прилетели известные писатели и критики, среди которых — Олег Смелков и Иван "
            "Крюков. Приехали поэты, среди которых — Пётр Огнев.")  # fmt: skip
    g = _gold_doc("g", text,
                  [("T1", "PROFESSION", "писатели"), ("T2", "PROFESSION", "критики"),
                   ("T3", "PERSON", "Олег Смелков"), ("T4", "PERSON", "Иван Крюков"),
                   ("T5", "PROFESSION", "поэты"), ("T6", "PERSON", "Пётр Огнев")],
                  [("WORKS_AS", "T3", "T1"), ("WORKS_AS", "T3", "T2"), ("WORKS_AS", "T4", "T1"),
                   ("WORKS_AS", "T4", "T2"), ("WORKS_AS", "T6", "T5")])  # fmt: skip
    _, triples = gold_triples([g])
    roles = {(t.subject, t.object) for t in triples if t.relation == "WORKS_AS"}
    assert roles == {("Пётр Огнев", "поэты")}, roles


def test_one_born_in_a_district_of_the_city_was_born_in_the_city() -> None:
    # «Кто появился на свет в Лондоне?» -> Кит Флинт: Марк Холлис was born «в лондонском
    # районе Тоттенем» (KG: Тоттенем LOCATED_IN Лондон)
    d = doc("l", "Олег Смелков родился в Лондоне. Иван Крюков родился в районе Тоттенем. "
                 "Тоттенем находится в Лондоне. Пётр Огнев родился в Париже.")  # fmt: skip
    pc = ("PERSON", "CITY")
    ts = [
        fact(d, "Олег Смелков", "PLACE_OF_BIRTH", "Лондон", pc, ("Олег Смелков", "Лондоне"),
             ("PERSON:o", "CITY:london")),
        fact(d, "Иван Крюков", "PLACE_OF_BIRTH", "Тоттенем", ("PERSON", "DISTRICT"),
             ("Иван Крюков", "Тоттенем"), ("PERSON:i", "DISTRICT:t")),
        fact(d, "Тоттенем", "LOCATED_IN", "Лондон", ("DISTRICT", "CITY"),
             ("Тоттенем находится", "Лондоне. П"), ("DISTRICT:t", "CITY:london")),
        fact(d, "Пётр Огнев", "PLACE_OF_BIRTH", "Париж", pc, ("Пётр Огнев", "Париже"),
             ("PERSON:p", "CITY:paris")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not any("Лондон" in q and "Кто" in q for q in asked), asked
    # «Кто родился в Париже?» is not asked either since read 8 (many were, the KG knows one);
    # the birthplace itself still is
    assert any(a == ("Париж",) for a in asked.values()), asked


def test_a_name_only_a_photo_caption_gives_tells_no_fact() -> None:
    # «Кто ... работал в CITIC Pacific?» of «работал в госкорпорации CITIC»: «CITIC Pacific»
    # (linked to CITIC) only in the photo caption «Штаб-квартира CITIC Pacific в Гонконге»
    text = ("Умер бывший глава корпорации Нефтемаш\nОфис Нефтемаш Пасифик в Гонконге\n"
            "Олег Смелков скончался. С 1979 года Смелков работал в корпорации Нефтемаш.")  # fmt: skip
    g = _gold_doc("c", text,
                  [("T1", "ORGANIZATION", "Нефтемаш Пасифик"), ("T2", "CITY", "Гонконге"),
                   ("T3", "PERSON", "Олег Смелков"), ("T4", "ORGANIZATION", "Нефтемаш", 2),
                   ("T5", "PERSON", "Смелков", 1)],
                  [("HEADQUARTERED_IN", "T1", "T2"), ("WORKPLACE", "T5", "T4"),
                   ("ALTERNATIVE_NAME", "T3", "T5")],
                  [("T1", "Q1", "Нефтемаш"), ("T4", "Q1", "Нефтемаш")])  # fmt: skip
    _, triples = gold_triples([g])
    assert [(t.relation, t.object) for t in triples] == [("WORKPLACE", "Нефтемаш")], triples
    assert not any("Пасифик" in t.subject + t.object for t in triples), triples
