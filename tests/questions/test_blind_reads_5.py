"""The failure classes of the fifth blind reads (benchmarks/question_reads/*-5-grades.jsonl),
each on a constructed Russian case that produced the defect with the generator the reads
graded (main at b6706b8)."""

from __future__ import annotations

from dragon_bench.kg.nerel import GoldDocument, GoldEntity, GoldLink, GoldRelation
from dragon_bench.questions.gold import gold_triples
from dragon_bench.questions.inflect import inflect_name
from dragon_bench.types import Document
from tests.questions.helpers import doc, fact

PO = ("PERSON", "ORGANIZATION")
PP = ("PERSON", "PROFESSION")
OW = ("ORGANIZATION", "WORK_OF_ART")


def _asked(ts, docs, types=("simple",), **kw):  # type: ignore[no-untyped-def]
    from dragon_bench.questions import generate_questions

    stats: dict = {}
    kw.setdefault("popularity_share", 1.0)
    qs = generate_questions(ts, docs, per_type=20, types=types, stats=stats, **kw)
    return {q.question: q.answers for q in qs}, stats["rejected"]


def test_a_doubled_latin_name_is_not_cut() -> None:
    # «Какие произведения создал Марк Холлис?» -> «Talk»; «Когда умер основатель Talk?»: the
    # band «Talk Talk» read as one name written twice
    d = doc("t", "Марк Смелков работает в группе Talk Talk. Олег Крюков работает в «Лукойле».")
    ts = [
        fact(d, "Марк Смелков", "WORKPLACE", "Talk Talk", PO, ("Марк Смелков", "Talk Talk"),
             ("PERSON:m", "ORGANIZATION:t")),
        fact(d, "Олег Крюков", "WORKPLACE", "Лукойл", PO, ("Олег Крюков", "Лукойле"),
             ("PERSON:o", "ORGANIZATION:l")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d])
    shown = " ".join(f"{q} {' '.join(got)}" for q, got in asked.items() if "Крюков" not in q)
    assert "Talk Talk" in shown and "Talk" not in shown.replace("Talk Talk", ""), asked


def test_an_adjective_keeps_its_own_word_in_another_case() -> None:
    # «Кто ... окончил Строгановское высочайшее художественное училище?»: pymorphy3 keeps
    # «высший» and «высочайший» (and «лучший», «наихороший») in one paradigm
    name = "Строгановское высшее художественное училище"
    assert inflect_name(name, "accs", "ORGANIZATION") == name
    assert inflect_name(name, "loct", "ORGANIZATION") == (
        "Строгановском высшем художественном училище"
    )
    assert inflect_name("Высшая школа экономики", "accs", "ORGANIZATION") == (
        "Высшую школу экономики"
    )
    assert inflect_name("Лучший друг", "gent", "ORGANIZATION") == "Лучшего друга"
    assert inflect_name("Государственная дума", "loct", "ORGANIZATION") == "Государственной думе"
    # «служил в 2-я гвардейская армия»: an ordinal in figures is not declined, so not trusted
    assert inflect_name("2-я гвардейская армия", "loct", "ORGANIZATION") is None


def test_a_sum_a_court_orders_paid_is_not_spent() -> None:
    # «Сколько потратила организация, которая выпускает Roundup?» for «суд обязал компанию
    # выплатить 80 млн долларов»; a sum a company spent is still asked
    d = doc("m", "Суд обязал компанию Агростарт выплатить 80 млн долларов фермеру. "
                 "Компания Нефтемаш потратила 5 млн долларов на рекламу.")  # fmt: skip
    om = ("ORGANIZATION", "MONEY")
    ts = [
        fact(d, "Агростарт", "EXPENDITURE", "80 млн долларов", om, ("Агростарт", "80 млн долларов"),
             ("ORGANIZATION:a", "MONEY:80")),
        fact(d, "Нефтемаш", "EXPENDITURE", "5 млн долларов", om, ("Нефтемаш", "5 млн долларов"),
             ("ORGANIZATION:n", "MONEY:5")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d])
    assert not any("Агростарт" in q for q in asked), asked
    assert any("Нефтемаш" in q for q in asked), (asked, rejected)


def test_who_represents_someone_in_a_body_does_not_represent_the_body() -> None:
    # «Кто является членом Демократической партии и представлял Конгресс США?» from
    # «Габбард, представляющая в Конгрессе штат Гавайи»; «Какую организацию представляет» a
    # congresswoman whose party the KG knows: the party fits too
    d = doc("g", "Анна Смелкова, представляющая в Сенате штат Огайо, выступила. "
                 "Депутат Ирина Крюкова представляет Ассамблею Пензы. "
                 "Ирина Крюкова состоит в партии Зелёные. "
                 "Депутат Пётр Огнев представляет Ассамблею Тулы.")  # fmt: skip
    ts = [
        fact(d, "Анна Смелкова", "WORKPLACE", "Сенат", PO, ("Анна Смелкова", "Сенате"),
             ("PERSON:a", "ORGANIZATION:s")),
        fact(d, "Ирина Крюкова", "WORKPLACE", "Ассамблея Пензы", PO,
             ("Ирина Крюкова", "Ассамблею Пензы"), ("PERSON:i", "ORGANIZATION:p")),
        fact(d, "Ирина Крюкова", "MEMBER_OF", "Зелёные", PO, ("Ирина Крюкова", "Зелёные"),
             ("PERSON:i", "ORGANIZATION:z")),
        fact(d, "Пётр Огнев", "WORKPLACE", "Ассамблея Тулы", PO, ("Пётр Огнев", "Ассамблею Тулы"),
             ("PERSON:p", "ORGANIZATION:t")),
    ]  # fmt: skip
    asked: dict = {}
    for seed in range(12):  # the frame is chosen at random among those that fit
        asked.update(_asked(ts, [d], seed=seed)[0])
    assert any("представля" in q and "Огнев" in q for q in asked), asked
    assert not any("представля" in q and ("Смелков" in q or "Крюков" in q) for q in asked), asked


def test_a_set_of_works_misses_no_work_the_kg_gives_the_subjects_documents() -> None:
    # «Какие произведения создал The Prodigy?» without «Firestarter», the track its singer
    # made; Jay-Z's works without «4:44», which the KG knows only by its date; a set whose
    # documents hold no other work of the subject is still asked
    d = doc("p", "Группа Громобой выпустила альбомы Ветер и Гроза. "
                 "Певец Олег Смелков работает в группе Громобой. Смелков спел песню Пламя. "
                 "Группа Снегопад выпустила альбомы Лёд и Иней.")  # fmt: skip
    ts = [
        fact(d, "Олег Смелков", "WORKPLACE", "Громобой", PO, ("Олег Смелков", "Громобой"),
             ("PERSON:o", "ORGANIZATION:g")),
        fact(d, "Олег Смелков", "PRODUCES", "Пламя", ("PERSON", "WORK_OF_ART"),
             ("Смелков спел", "Пламя"), ("PERSON:o", "WORK_OF_ART:p")),
        fact(d, "Громобой", "PRODUCES", "Ветер", OW, ("Громобой", "Ветер"),
             ("ORGANIZATION:g", "WORK_OF_ART:v")),
        fact(d, "Громобой", "PRODUCES", "Гроза", OW, ("Громобой", "Гроза"),
             ("ORGANIZATION:g", "WORK_OF_ART:r")),
        fact(d, "Снегопад", "PRODUCES", "Лёд", OW, ("Снегопад", "Лёд"),
             ("ORGANIZATION:s", "WORK_OF_ART:l")),
        fact(d, "Снегопад", "PRODUCES", "Иней", OW, ("Снегопад", "Иней"),
             ("ORGANIZATION:s", "WORK_OF_ART:i")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d], types=("set",))
    assert not any("Громобой" in q for q in asked), asked
    assert any("Снегопад" in q for q in asked), (asked, rejected)


def test_a_post_the_subject_headed_is_a_member_of_his_posts() -> None:
    # «Какие профессии и должности были у Андрея Варичева?» without his heading «Михайловский
    # ГОК», told by a verb beside the set's head posts
    d = doc("v", "Глава «Металлсбыта» Пётр Крюков умер. Крюков работал коммерческим директором. "
                 "В 2005 году Крюков возглавил «Северный ГОК», до этого работал менеджером. "
                 "Олег Пеньков работал инженером и учителем.")  # fmt: skip
    ts = [
        fact(d, "Пётр Крюков", "WORKS_AS", "глава «Металлсбыта»", PP,
             ("Пётр Крюков", "Глава «Металлсбыта»"), ("PERSON:p", "PROFESSION:g"), "past"),
        fact(d, "Пётр Крюков", "WORKS_AS", "коммерческий директор", PP,
             ("Крюков работал", "коммерческим директором"), ("PERSON:p", "PROFESSION:k"), "past"),
        fact(d, "Пётр Крюков", "WORKS_AS", "менеджер", PP,
             ("Крюков возглавил", "менеджером"), ("PERSON:p", "PROFESSION:m"), "past"),
        fact(d, "Олег Пеньков", "WORKS_AS", "инженер", PP, ("Олег Пеньков", "инженером"),
             ("PERSON:o", "PROFESSION:e"), "past"),
        fact(d, "Олег Пеньков", "WORKS_AS", "учитель", PP, ("Олег Пеньков", "учителем"),
             ("PERSON:o", "PROFESSION:t"), "past"),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d], types=("set",))
    assert not any("Крюков" in q for q in asked), asked
    assert any("Пеньков" in q for q in asked), (asked, rejected)


def test_a_role_capitalised_by_its_place_is_answered_in_lower_case() -> None:
    # «Гендиректор ООО УК Металлоинвест», «Глава Металлоинвеста» as answers
    d = doc("c", "Гендиректор Олег Смелков умер в Москве. Папа Римский Иван Крюков выступил.")
    ts = [
        fact(d, "Олег Смелков", "WORKS_AS", "Гендиректор", PP, ("Олег Смелков", "Гендиректор"),
             ("PERSON:o", "PROFESSION:g")),
        fact(d, "Иван Крюков", "WORKS_AS", "Папа Римский", PP, ("Иван Крюков", "Папа Римский"),
             ("PERSON:i", "PROFESSION:p")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d])
    answers = {a for got in asked.values() for a in got}
    assert "гендиректор" in answers and "Гендиректор" not in answers, (asked, rejected)
    assert "Папа Римский" in answers, (asked, rejected)


def test_the_head_of_a_country_every_reader_meets_is_known_by_the_post() -> None:
    # «Какую должность занимал Гарри Трумэн?» -> «президент США», «Джон Кеннеди»: the news
    # embeddings tie neither name to the post, but a head of a country most of the texts
    # name is common knowledge; the head of a country few texts name is still asked
    texts = [f"В Мардавии живёт писатель Пётр Огнев{i}. Он выступил." for i in range(5)]
    texts.append("Президент Мардавии Олег Смелков выступил. Президент Лудонии Иван Крюков уехал.")
    docs = [doc(f"d{i}", t) for i, t in enumerate(texts)]
    pc = ("PERSON", "COUNTRY")
    last = docs[-1]
    ts = [
        fact(d, f"Пётр Огнев{i}", "PLACE_RESIDES_IN", "Мардавия", pc,
             (f"Пётр Огнев{i}", "Мардавии"), (f"PERSON:{i}", "COUNTRY:m"))
        for i, d in enumerate(docs[:5])
    ] + [
        fact(last, "Олег Смелков", "WORKS_AS", "президент Мардавии", PP,
             ("Олег Смелков", "Президент Мардавии"), ("PERSON:o", "PROFESSION:pm")),
        fact(last, "Олег Смелков", "WORKPLACE", "Мардавия", pc, ("Олег Смелков", "Мардавии"),
             ("PERSON:o", "COUNTRY:m")),
        fact(last, "Иван Крюков", "WORKS_AS", "президент Лудонии", PP,
             ("Иван Крюков", "Президент Лудонии"), ("PERSON:i", "PROFESSION:pl")),
        fact(last, "Иван Крюков", "WORKPLACE", "Лудония", pc, ("Иван Крюков", "Лудонии"),
             ("PERSON:i", "COUNTRY:l")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, docs, popularity_share=0.5)
    posts = {a for got in asked.values() for a in got}
    assert "президент Мардавии" not in posts, (asked, rejected)
    assert "президент Лудонии" in posts, (asked, rejected)


def test_a_link_to_another_entity_does_not_give_it_the_mentions_facts() -> None:
    # «Кто умер в Москве и работал в USM Holdings?»: NEREL links «USM Holdings» to the id of
    # «Металлоинвест», which it owns, so the head of Металлоинвест «worked» at USM Holdings
    text = ("Глава Металлсбыта Пётр Крюков умер. Металлсбыт принадлежит Север Холдингс "
            "Ивана Смелкова. Олег Пеньков работает в Металлсбыте.")  # fmt: skip
    ents = {}
    for ident, kind, shown in (
        ("T1", "ORGANIZATION", "Металлсбыта"), ("T2", "PERSON", "Пётр Крюков"),
        ("T3", "ORGANIZATION", "Север Холдингс"), ("T4", "PERSON", "Олег Пеньков"),
        ("T5", "ORGANIZATION", "Металлсбыте"), ("T6", "PERSON", "Ивана Смелкова"),
    ):  # fmt: skip
        start = text.index(shown)
        ents[ident] = GoldEntity(ident, kind, ((start, start + len(shown)),), shown)
    links = [GoldLink("N1", "T1", "Q1", "Металлсбыт"), GoldLink("N2", "T3", "Q1", "Металлсбыт"),
             GoldLink("N3", "T5", "Q1", "Металлсбыт")]  # fmt: skip
    rels = [GoldRelation("R1", "WORKPLACE", "T2", "T1"), GoldRelation("R2", "WORKPLACE", "T4", "T5"),
            GoldRelation("R3", "OWNER_OF", "T6", "T3")]  # fmt: skip
    g = GoldDocument(Document(id="g", title="Новости", text=text), ents, rels, links)
    _, triples = gold_triples([g])
    ids = {(t.subject, t.relation): t.object_id for t in triples}
    assert ids["Пётр Крюков", "WORKPLACE"] == ids["Олег Пеньков", "WORKPLACE"] == "ORGANIZATION:Q1"
    assert ids["Ивана Смелкова", "OWNER_OF"] != "ORGANIZATION:Q1", ids
    # a Latin mention of a Russian label is the same entity in its own spelling
    from dragon_bench.questions.gold import _links_another

    assert not _links_another("Детройт Ред Уингз", "Detroit Red Wings", "ORGANIZATION")
    assert _links_another("Металлоинвест", "USM Holdings", "ORGANIZATION")


def test_workplaces_and_past_professions_are_asked_in_other_words_where_they_fit() -> None:
    # «работать» was in 30% of the dev build's questions: «Кем работал Юрий Бондарев?», «В
    # какой организации работал Виталий Костомаров?» (its president), «Где работал Владимир
    # Наумов?» (the police); the head's frame only for one the text makes the head
    d = doc("w", "Умер президент Института Крылова Виталий Смелков. "
                 "Сотрудник «Металлсбыта» Иван Крюков выступил. "
                 "Полковник МВД Олег Пеньков уволен. "
                 "Писатель Пётр Огнев умер в 1990 году.")  # fmt: skip
    ts = [
        fact(d, "Виталий Смелков", "WORKPLACE", "Институт Крылова", PO,
             ("Виталий Смелков", "Института Крылова"), ("PERSON:v", "ORGANIZATION:k"), "past"),
        fact(d, "Иван Крюков", "WORKPLACE", "Металлсбыт", PO, ("Иван Крюков", "«Металлсбыта»"),
             ("PERSON:i", "ORGANIZATION:m")),
        fact(d, "Олег Пеньков", "WORKPLACE", "МВД", PO, ("Олег Пеньков", "МВД"),
             ("PERSON:o", "ORGANIZATION:v"), "past"),
        fact(d, "Пётр Огнев", "WORKS_AS", "писатель", PP, ("Пётр Огнев", "Писатель"),
             ("PERSON:p", "PROFESSION:w"), "past"),
    ]  # fmt: skip
    asked: dict = {}
    for seed in range(12):
        asked.update(_asked(ts, [d], seed=seed)[0])
    assert "Какую организацию возглавлял Виталий Смелков?" in asked, asked
    assert "Где служил Олег Пеньков?" in asked, asked
    assert "Кем по профессии был Пётр Огнев?" in asked, asked
    assert not any("возглав" in q and "Крюков" in q for q in asked), asked
    assert not any("служ" in q and "Крюков" in q for q in asked), asked


def test_no_template_word_fills_the_questions_of_a_revision() -> None:
    # the dev build: «работать» in 16 of 54 questions (wording_spread 0.296), as every
    # workplace frame says it; questions of other words are preferred while there are some
    from dragon_bench.questions import generate_questions
    from dragon_bench.questions.wording import wording_spread

    firsts = (
        "Иван Пётр Олег Сергей Павел Антон Борис Глеб Денис Егор Фёдор Лев Марк Никита Роман "
        "Тимур Юрий Яков Аркадий Вадим Геннадий Данила Захар Игнат Кирилл Леонид Матвей Назар "
        "Остап Прохор Родион Савва"
    )
    lasts = (
        "Смелков Крюков Пеньков Огнев Лапин Гусев Дронов Жуков Бобров Сомов Щукин Ершов Карпов "
        "Лещёв Окунев Судаков Волков Лисицын Медведев Зайцев Барсуков Кротов Ежов Белкин Соболев "
        "Куницын Хорьков Лосев Оленев Туров Зубров Бизонов"
    )
    people = [f"{a} {b}" for a, b in zip(firsts.split(), lasts.split(), strict=True)]
    orgs = [
        f"{a}{b}"
        for a in ("Ал", "Бер", "Вит", "Гор")
        for b in ("ком", "пром", "снаб", "торг", "строй", "маш", "лес", "нефть")
    ]
    towns = ["Тверь", "Тула", "Пенза", "Рязань", "Вологда", "Кострома", "Калуга", "Самара"]
    sentences, ts = [], []
    for i, (p, o) in enumerate(zip(people, orgs, strict=True)):
        kind, n = divmod(i, 8)
        other = [
            f"{p} родился в {1940 + i} году.",
            f"{p} живёт в городе {towns[n]}.",
            f"{p}, {30 + i} лет, выступил.",
            f"{p} умер в {1990 + i} году.",
        ][kind]
        sentences.append(f"{p} работает в компании «{o}». {other}")
    d = doc("r", " ".join(sentences))
    for i, (p, o) in enumerate(zip(people, orgs, strict=True)):
        kind, n = divmod(i, 8)
        ts.append(fact(d, p, "WORKPLACE", f"«{o}»", PO, (p, f"«{o}»"), (f"PERSON:{i}", f"ORG:{i}")))
        rel, obj, obj_type, at = [
            ("DATE_OF_BIRTH", f"{1940 + i} год", "DATE", f"{1940 + i} году"),
            ("PLACE_RESIDES_IN", towns[n], "CITY", towns[n]),
            ("AGE_IS", f"{30 + i} лет", "AGE", f"{30 + i} лет"),
            ("DATE_OF_DEATH", f"{1990 + i} год", "DATE", f"{1990 + i} году"),
        ][kind]
        ts.append(
            fact(d, p, rel, obj, ("PERSON", obj_type), (p, at), (f"PERSON:{i}", f"{obj_type}:{i}"))
        )
    # fmt: skip
    qs = generate_questions(ts, [d], per_type=24, types=("simple",), popularity_share=1.0)
    assert len(qs) == 24, [q.question for q in qs]
    share, word = wording_spread(q.question for q in qs)
    assert share <= 0.25, (share, word, [q.question for q in qs])


def _gold_doc(doc_id, text, entities, relations, links=()):  # type: ignore[no-untyped-def]
    ents = {}
    for ident, kind, shown in entities:
        start = text.index(shown)
        ents[ident] = GoldEntity(ident, kind, ((start, start + len(shown)),), shown)
    rels = [GoldRelation(f"R{i}", r, a, b) for i, (r, a, b) in enumerate(relations)]
    links = [GoldLink(f"N{i}", e, q, name) for i, (e, q, name) in enumerate(links)]
    return GoldDocument(Document(id=doc_id, title="Новости", text=text), ents, rels, links)


def test_a_role_linked_to_its_concept_is_not_one_entity_across_documents() -> None:
    # «Кто умер 17 июня 2019 года и занимал пост главы белорусского государства?» ->
    # Мухаммед Мурси: «президент» linked to its Wikidata concept in two documents, and in one
    # of them an alias «глава белорусского государства», made one role of both presidents
    a = _gold_doc("a", "Президент Олег Смелков, глава мардавского государства, выступил.",
                  [("T1", "PROFESSION", "Президент"), ("T2", "PERSON", "Олег Смелков"),
                   ("T3", "PROFESSION", "глава мардавского государства")],
                  [("WORKS_AS", "T2", "T1"), ("ALTERNATIVE_NAME", "T1", "T3")],
                  [("T1", "Q30461", "президент")])  # fmt: skip
    b = _gold_doc("b", "Бывший президент Иван Крюков умер в суде.",
                  [("T1", "PROFESSION", "президент"), ("T2", "PERSON", "Иван Крюков")],
                  [("WORKS_AS", "T2", "T1")], [("T1", "Q30461", "президент")])  # fmt: skip
    _, triples = gold_triples([a, b])
    roles = {t.subject: t.object_id for t in triples if t.relation == "WORKS_AS"}
    assert roles["Иван Крюков"] != roles["Олег Смелков"], roles


def test_a_label_is_not_shown_with_a_head_noun_the_text_does_not_use() -> None:
    # «Кто умер в Нью-Йорке и работал в Семье Гамбино?» for «главарь клана Гамбино»: the
    # label «Семья Гамбино» of the mention «Гамбино»; a first name a label adds is kept
    from dragon_bench.questions.gold import _label

    assert _label("Семья Гамбино", "Гамбино") is None
    assert _label("Конкурс песни Евровидение", "Евровидения") is None
    assert _label("Рекс Тиллерсон", "Тиллерсона") == "Рекс Тиллерсон"
    assert _label("Сбербанк России", "Сбербанка") == "Сбербанк России"


def test_a_workplace_is_not_asked_when_the_texts_place_the_subject_elsewhere_too() -> None:
    # «В какой организации работал Виталий Григорьевич Костомаров?» -> «Институт Пушкина»:
    # his obituary also has him teach at the Higher Party School and head a journal
    d = doc("k", "Умер академик Виталий Смелков. Умер президент Института Крылова Виталий Смелков. "
                 "Смелков родился в Москве. Преподавал в Высшей торговой школе. "
                 "Возглавлял редакцию журнала «Речь». "
                 "Инженер Пётр Крюков работает в «Металлсбыте». Крюков родился в Москве.")  # fmt: skip
    ts = [
        fact(d, "Виталий Смелков", "WORKPLACE", "Институт Крылова", PO,
             ("Виталий Смелков", "Института Крылова"), ("PERSON:v", "ORGANIZATION:k"), "past"),
        fact(d, "Пётр Крюков", "WORKPLACE", "Металлсбыт", PO, ("Пётр Крюков", "«Металлсбыте»"),
             ("PERSON:p", "ORGANIZATION:m")),
    ]  # fmt: skip
    asked: dict = {}
    for seed in range(6):
        asked.update(_asked(ts, [d], seed=seed)[0])
    answers = {a for got in asked.values() for a in got}
    assert "Институт Крылова" not in answers, asked
    assert "Металлсбыт" in answers, asked


def test_a_role_is_read_as_a_person_not_as_a_thing() -> None:
    # «Какие профессии и должности у ... Авченко?» -> «критика; писатель» for «писатели и
    # критики»: the nominative of «критика» (criticism) pymorphy3 ranks first
    from dragon_bench.questions.names import answer_name

    assert answer_name("критики", "PROFESSION") == "критик"
    assert answer_name("критика", "PROFESSION") == "критик"
    assert answer_name("охрана", "PROFESSION") == "охрана"
    assert answer_name("писатели", "PROFESSION") == "писатель"
    d = doc("c", "В Тверь прилетели писатели и критики: Иван Смелков и Пётр Крюков.")
    ts = [
        fact(d, person, "WORKS_AS", role, PP, (person, at), (f"PERSON:{person}", f"PROFESSION:{role}"))
        for person in ("Иван Смелков", "Пётр Крюков")
        for role, at in (("писатели", "писатели"), ("критики", "критики"))
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d], types=("set",))
    assert asked and all(set(a) == {"критик", "писатель"} for a in asked.values()), (
        asked,
        rejected,
    )


def test_a_cue_word_inside_a_name_is_no_cue() -> None:
    # «Кто являлся членом Коммунистической партии Китая и представлял Постоянный комитет
    # Всекитайского собрания народных представителей?» for its chairman: «представителей» is
    # a word of the name, not of what the text says of him
    d = doc("p", "Председатель Собрания народных представителей Иван Смелков выступил. "
                 "Депутат Пётр Крюков представляет Ассамблею Тулы.")  # fmt: skip
    ts = [
        fact(d, "Иван Смелков", "WORKPLACE", "Собрание народных представителей", PO,
             ("Иван Смелков", "Собрания народных представителей"), ("PERSON:i", "ORGANIZATION:s")),
        fact(d, "Пётр Крюков", "WORKPLACE", "Ассамблея Тулы", PO,
             ("Пётр Крюков", "Ассамблею Тулы"), ("PERSON:p", "ORGANIZATION:t")),
    ]  # fmt: skip
    asked: dict = {}
    for seed in range(12):
        asked.update(_asked(ts, [d], seed=seed)[0])
    assert any("представля" in q and "Крюков" in q for q in asked), asked
    assert not any("представля" in q and "Смелков" in q for q in asked), asked


def test_a_sum_a_court_awards_is_not_earned() -> None:
    # «Сколько заработал Эдвин Хардман?» -> «80,3 млн долларов» for «фермер отсудил 80 млн
    # долларов»; a company's revenue is still asked
    d = doc("i", "Фермер Иван Смелков отсудил 80 млн долларов у компании. "
                 "Компания Нефтемаш заработала 5 млн долларов на продаже нефти.")  # fmt: skip
    pm, om = ("PERSON", "MONEY"), ("ORGANIZATION", "MONEY")
    ts = [
        fact(d, "Иван Смелков", "INCOME", "80 млн долларов", pm, ("Иван Смелков", "80 млн долларов"),
             ("PERSON:i", "MONEY:80")),
        fact(d, "Нефтемаш", "INCOME", "5 млн долларов", om, ("Нефтемаш", "5 млн долларов"),
             ("ORGANIZATION:n", "MONEY:5")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d])
    assert not any("Смелков" in q for q in asked), asked
    assert any("Нефтемаш" in q for q in asked), (asked, rejected)


def test_a_place_named_by_an_unknown_adjective_is_shown_in_the_nominative() -> None:
    # «В какой стране находятся Гегаркуникской области?»: the adjective pymorphy3 does not
    # know left the name oblique, and «области» read as a plural nominative
    from dragon_bench.questions.names import answer_name

    assert answer_name("Гегаркуникской области", "STATE_OR_PROVINCE") == "Гегаркуникская область"
    assert answer_name("Вайоцдзорском районе", "DISTRICT") == "Вайоцдзорский район"
    assert answer_name("Кировоградской области", "STATE_OR_PROVINCE") == "Кировоградская область"


def test_an_institution_named_by_its_kind_alone_is_no_answer() -> None:
    # «Какая организация имеет штаб-квартиру в Советском районе?» -> «Администрация»
    from dragon_bench.questions.names import answer_name

    assert answer_name("Администрация", "ORGANIZATION") == ""
    assert answer_name("Правительство", "ORGANIZATION") == ""
    assert answer_name("Роснефть", "ORGANIZATION") == "Роснефть"


def test_a_role_cut_before_the_name_it_governs_is_not_asked() -> None:
    # «Кем по должности была Елена Малашенко?» -> «директор галереи» for «директором галереи
    # «Манеж» Еленой Малашенко»; «раввин синагоги» before the synagogue's name
    d = doc("g", "Он развёлся с директором галереи «Манеж» Еленой Смелковой. "
                 "Директор школы Пётр Крюков выступил.")  # fmt: skip
    ts = [
        fact(d, "Елена Смелкова", "WORKS_AS", "директор галереи", PP,
             ("Еленой Смелковой", "директором галереи"), ("PERSON:e", "PROFESSION:g")),
        fact(d, "Пётр Крюков", "WORKS_AS", "директор школы", PP,
             ("Пётр Крюков", "Директор школы"), ("PERSON:p", "PROFESSION:s")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d])
    assert not any("Смелков" in q for q in asked), asked
    assert any("Крюков" in q for q in asked), (asked, rejected)


def test_a_membership_listed_among_other_roles_is_not_the_post() -> None:
    # «Кем по должности является Дмитрий Ерохин?» -> «член НП «Викимедиа РУ»» for
    # «ультрамарафонец и североходец, википедист, член НП «Викимедиа РУ» Дмитрий Ерохин»
    d = doc("m", "Ультрамарафонец, википедист, член клуба «Север» Иван Смелков пробежал. "
                 "Член клуба «Юг» Пётр Крюков выступил.")  # fmt: skip
    ts = [
        fact(d, "Иван Смелков", "WORKS_AS", "член клуба «Север»", PP,
             ("Иван Смелков", "член клуба «Север»"), ("PERSON:i", "PROFESSION:n")),
        fact(d, "Пётр Крюков", "WORKS_AS", "член клуба «Юг»", PP,
             ("Пётр Крюков", "Член клуба «Юг»"), ("PERSON:p", "PROFESSION:s")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d])
    assert not any("Смелков" in q for q in asked), asked
    assert any("Крюков" in q for q in asked), (asked, rejected)


_PAST_ROLE = ("работал", "служил", "возглавлял", "являлся", "входил")


def test_last_year_is_no_former_time() -> None:
    # «Кто является членом Демократической партии и представлял Конгресс США?»: «в дебатах в
    # прошлом году» made a congresswoman's seat past; «в прошлом» (formerly) still does
    d = doc("y", "Анна Смелкова, сенатор, работает в Сенате и выступила на дебатах в прошлом году. "
                 "Пётр Крюков в прошлом работал в Ассамблее Тулы.")  # fmt: skip
    ts = [
        fact(d, "Анна Смелкова", "WORKPLACE", "Сенат", PO, ("Анна Смелкова", "Сенате"),
             ("PERSON:a", "ORGANIZATION:s")),
        fact(d, "Пётр Крюков", "WORKPLACE", "Ассамблея Тулы", PO, ("Пётр Крюков", "Ассамблее Тулы"),
             ("PERSON:p", "ORGANIZATION:t")),
    ]  # fmt: skip
    asked: dict = {}
    for seed in range(6):
        asked.update(_asked(ts, [d], seed=seed)[0])
    smelkova = [q for q in asked if "Смелков" in q or "Сенат" in q]
    kryukov = [q for q in asked if "Крюков" in q or "Ассамбле" in q]
    assert smelkova and not any("работала" in q or "работал " in q for q in smelkova), asked
    assert kryukov and all(any(v in q for v in _PAST_ROLE) for q in kryukov), asked


def test_a_womans_role_gives_the_verb_its_gender() -> None:
    # «Кем по профессии был Айссата Хайдар Сиссе?» -> «кандидатка на пост президента»
    d = doc(
        "f",
        "Журналистка Айссата Хайдар Бинту в 2010 году приехала в Дакар. Глава Сату Мбеки уехал.",
    )
    ts = [
        fact(d, "Айссата Хайдар Бинту", "WORKS_AS", "журналистка", PP, ("Айссата Хайдар Бинту", "Журналистка"),
             ("PERSON:a", "PROFESSION:k"), "past"),
    ]  # fmt: skip
    asked: dict = {}
    for seed in range(6):
        asked.update(_asked(ts, [d], seed=seed)[0])
    assert asked and all("Бинту" not in q or "была" in q or "работала" in q or "Кто по" in q
                         for q in asked), asked  # fmt: skip
    assert not any(" был " in q or "работал " in q for q in asked), asked


def test_a_double_surname_with_a_foreign_part_gives_no_gender() -> None:
    # «Где жил муж Мейва Кеннеди Таунсенда-Маккина?» for Мейв Кеннеди Таунсенд-Маккин, a
    # woman: the Russian «-ин» of «Маккин» made her a man and declined her name
    from dragon_bench.questions.inflect import person_gender

    assert person_gender("Мейв Кеннеди Таунсенд-Маккин") == ""
    assert inflect_name("Мейв Кеннеди Таунсенд-Маккин", "gent", "PERSON") is None
    assert person_gender("Николай Римский-Корсаков") == "masc"
    assert inflect_name("Кузьма Петров-Водкин", "gent", "PERSON") == "Кузьмы Петрова-Водкина"
