"""The failure classes of the 2026-12-01 blind reads (benchmarks/question_reads/), each on a
constructed Russian case that produced the defect with the generator the reads graded."""

from __future__ import annotations

from dragon_bench.kg.nerel import GoldDocument, GoldEntity, GoldRelation
from dragon_bench.questions import generate_questions
from dragon_bench.questions.fame import common_knowledge
from dragon_bench.questions.gold import _label, gold_triples
from dragon_bench.questions.names import answer_name
from dragon_bench.types import Document
from tests.questions.helpers import doc, fact

PO = ("PERSON", "ORGANIZATION")
PP = ("PERSON", "PROFESSION")


def _asked(ts, docs, types=("simple",), **kw):  # type: ignore[no-untyped-def]
    stats: dict = {}
    qs = generate_questions(ts, docs, per_type=20, types=types, stats=stats, **kw)
    return {q.question: q.answers for q in qs}, stats["rejected"]


def test_a_death_anywhere_in_the_revision_makes_roles_past() -> None:
    # «Кто родился в 1947 году и представляет МАГАТЭ?» for a man whose obituary it is: the
    # extractor's present tense, and a death word («ушёл из жизни») the old check missed
    d = doc("o", "Ушёл из жизни генеральный директор агентства «Атомконтроль» Михаил Саманеев. "
                 "Михаил Саманеев родился в Осаке.")  # fmt: skip
    ts = [
        fact(d, "Михаил Саманеев", "WORKPLACE", "«Атомконтроль»", PO, ("Михаил Саманеев", "«Атомконтроль»"),
             ("PERSON:ys", "ORGANIZATION:ak"), tense="present"),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d])
    assert asked, "the fact is asked"
    assert all("представляет" not in q and "работает" not in q for q in asked), asked


def test_a_retired_officer_is_asked_in_the_past() -> None:
    # «Сколько лет человеку, который представляет ГРУ?» for «полковник ГРУ в отставке»
    d = doc("r", "Из колонии освобождён полковник ГРУ в отставке Владимир Квасницкий. "
                 "Суд признал Владимира Квасницкого виновным.")  # fmt: skip
    ts = [
        fact(d, "Владимир Квасницкий", "WORKPLACE", "ГРУ", PO, ("Владимир Квасницкий", "ГРУ"),
             ("PERSON:vk", "ORGANIZATION:gru")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d])
    assert asked and all("представляет" not in q and "работает" not in q for q in asked), asked


def test_no_present_age_for_the_dead_or_a_might_have_been() -> None:
    # «Сколько лет Владимиру Козьмичу Зворыкину?» -> «125 лет» («исполнилось бы»)
    d = doc("a", "Памятник изобретателю Петру Зворыгину: 29 июля ему исполнилось бы 125 лет. "
                 "Инженеру Ивану Клёнову 54 года. Иван Клёнов живёт в Твери.")  # fmt: skip
    ts = [
        fact(d, "Пётр Зворыгин", "AGE_IS", "125 лет", ("PERSON", "AGE"), ("Петру", "125 лет"),
             ("PERSON:pz", "AGE:125")),
        fact(d, "Иван Клёнов", "AGE_IS", "54 года", ("PERSON", "AGE"), ("Ивану Клёнову", "54"),
             ("PERSON:ik", "AGE:54")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d])
    assert any(a == ("54 года",) for a in asked.values()), asked
    assert not any(a == ("125 лет",) for a in asked.values()), asked
    assert rejected.get("age_of_dead") == 1


def test_professions_of_well_known_people_are_not_asked() -> None:
    # «Кто по профессии Алексей Навальный?», «Чулпан Хаматова — актриса»: common knowledge
    assert common_knowledge("Алексей Навальный", "политик")
    assert common_knowledge("Jay Z", "рэпер")  # a stage name the corpus writes «jay-z»
    assert common_knowledge("Чулпан Хаматова", "актриса")
    assert not common_knowledge("Максим Дадашев", "боксёр")
    assert not common_knowledge("Варвара Визбор", "певица")
    d = doc("f", "Политик Алексей Навальный выступил в суде. Боксёр Максим Дадашев вышел на ринг.")
    ts = [
        fact(d, "Алексей Навальный", "WORKS_AS", "политик", PP, ("Алексей", "Политик"),
             ("PERSON:an", "PROFESSION:pol")),
        fact(d, "Максим Дадашев", "WORKS_AS", "боксёр", PP, ("Максим", "Боксёр"),
             ("PERSON:md", "PROFESSION:box")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d])
    assert [a for a in asked.values()] == [("боксёр",)], asked
    assert rejected.get("common_knowledge") == 1


def test_a_name_of_untrusted_gender_is_not_shown() -> None:
    # «Какие профессии и должности у Анатолии Кулешовой?» for Анатолий Кулешов
    assert answer_name("Анатолия Кулешова", "PERSON") == ""
    assert answer_name("Юлия Кулешова", "PERSON") == "Юлия Кулешова"
    assert answer_name("Анатолий Кулешов", "PERSON") == "Анатолий Кулешов"
    d = doc("k", "Причины отставки министра внутренних дел Анатолия Кулешова не назывались. "
                 "Глава МВД Анатолия Кулешова лишился погон.")  # fmt: skip
    ts = [
        fact(d, "Анатолия Кулешова", "WORKS_AS", "министр внутренних дел", PP,
             ("Анатолия Кулешова", "министра"), ("PERSON:ak", "PROFESSION:m")),
        fact(d, "Анатолия Кулешова", "WORKS_AS", "глава МВД", PP,
             ("Анатолия Кулешова лишился", "Глава"), ("PERSON:ak", "PROFESSION:g")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d], types=("simple", "set"))
    assert not any("Кулешовой" in q or "Анатолии" in q for q in asked), asked


def test_a_link_label_names_the_mention_not_a_nested_or_later_entity() -> None:
    # «Кто является членом Африки?»: NEREL links the party to «Африка»; a university's later
    # name for the one the text gives; a title read as «Имя, Фамилия»
    assert _label("Африка", "Национальная конвенция за солидарность Африки") is None
    assert _label("Московский государственный гуманитарный университет", "МГОПУ") is None
    assert _label("Камилла, герцогиня Корнуольская", "герцогиня Корнуольская") is None
    assert _label("Тиллерсон, Рекс", "Тиллерсона") == "Рекс Тиллерсон"
    assert _label("Анатолий Кулешов", "Анатолия Кулешова") == "Анатолий Кулешов"


def _gold(text: str, entities: list[tuple[str, str, str]], relations: list[tuple[str, str, str]]):  # type: ignore[no-untyped-def]
    """A NEREL document: entities (id, type, text at its first occurrence), relations."""
    found = {}
    for ident, kind, shown in entities:
        start = text.index(shown)
        found[ident] = GoldEntity(ident, kind, ((start, start + len(shown)),), shown)
    rels = [GoldRelation(f"R{i}", r, a, b) for i, (r, a, b) in enumerate(relations)]
    return GoldDocument(Document(id="g", title="Новости", text=text), found, rels)


def test_a_relation_between_parts_of_one_name_is_no_fact() -> None:
    # «Где базируется работодатель Владимира Наумова?» -> «Нижегородская область»: NEREL's
    # relation between two parts of «Главное управление МВД России по Нижегородской области»
    text = "Проверку начало Главное управление МВД России по Нижегородской области. " \
           "Министр Пётр Огнев работает в МВД России."  # fmt: skip
    g = _gold(
        text,
        [("T1", "ORGANIZATION", "Главное управление МВД России по Нижегородской области"),
         ("T2", "ORGANIZATION", "МВД России"), ("T3", "STATE_OR_PROVINCE", "Нижегородской области"),
         ("T4", "PERSON", "Пётр Огнев")],
        [("HEADQUARTERED_IN", "T2", "T3"), ("HEADQUARTERED_IN", "T1", "T3"), ("WORKPLACE", "T4", "T2")],
    )  # fmt: skip
    _, triples = gold_triples([g])
    kept = {(t.subject, t.relation, t.object) for t in triples}
    assert ("МВД России", "HEADQUARTERED_IN", "Нижегородской области") not in kept
    assert any(
        t.relation == "HEADQUARTERED_IN" and t.subject.startswith("Главное") for t in triples
    )
    assert any(t.relation == "WORKPLACE" for t in triples)


def test_a_relation_its_sentence_does_not_state_is_not_asked() -> None:
    # NEREL gold: a place of death from «родилась в», a work «created» by its performer or by
    # the channel that showed it, an origin from «представляющая штат», a planned concert
    d = doc("s", "Анна Кречетова родилась в Наньпине. Пианист Олег Синицкий исполнил «Журавль» "
                 "Комитаса. Лидия Вершинина, представляющая в Конгрессе штат Айдахо, вышла из гонки. "
                 "Группа «Сивуч» планировала выступить на фестивале «Зелёный луч».")  # fmt: skip
    ts = [
        fact(d, "Анна Кречетова", "PLACE_OF_DEATH", "Наньпин", ("PERSON", "CITY"),
             ("Анна Кречетова", "Наньпине"), ("PERSON:ak", "CITY:n")),
        fact(d, "Олег Синицкий", "PRODUCES", "«Журавль»", ("PERSON", "WORK_OF_ART"),
             ("Олег Синицкий", "«Журавль»"), ("PERSON:os", "WORK_OF_ART:j")),
        fact(d, "Лидия Вершинина", "ORIGINS_FROM", "Айдахо", ("PERSON", "STATE_OR_PROVINCE"),
             ("Лидия Вершинина", "Айдахо"), ("PERSON:lv", "STATE_OR_PROVINCE:i")),
        fact(d, "«Сивуч»", "PARTICIPANT_IN", "«Зелёный луч»", ("ORGANIZATION", "EVENT"),
             ("«Сивуч»", "«Зелёный луч»"), ("ORGANIZATION:s", "EVENT:z")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d], types=("simple",))
    assert asked == {}, asked
    assert rejected.get("unstated", 0) >= 3, rejected
    # the same facts stated: «умерла», «написал», «уроженка»
    d2 = doc("t", "Анна Кречетова умерла в Наньпине. Композитор Олег Синицкий написал «Журавль». "
                  "Лидия Вершинина — уроженка штата Айдахо.")  # fmt: skip
    ts2 = [
        fact(d2, "Анна Кречетова", "PLACE_OF_DEATH", "Наньпин", ("PERSON", "CITY"),
             ("Анна Кречетова", "Наньпине"), ("PERSON:ak", "CITY:n")),
        fact(d2, "Олег Синицкий", "PRODUCES", "«Журавль»", ("PERSON", "WORK_OF_ART"),
             ("Олег Синицкий", "«Журавль»"), ("PERSON:os", "WORK_OF_ART:j")),
        fact(d2, "Лидия Вершинина", "ORIGINS_FROM", "Айдахо", ("PERSON", "STATE_OR_PROVINCE"),
             ("Лидия Вершинина", "Айдахо"), ("PERSON:lv", "STATE_OR_PROVINCE:i")),
    ]  # fmt: skip
    asked2, rejected2 = _asked(ts2, [d2], types=("simple",))
    assert not rejected2.get("unstated"), rejected2
    assert len(asked2) == 3, asked2


def test_a_verb_that_says_more_than_the_text_is_not_used() -> None:
    # «Кто ... окончил Иллинойсский университет?» where the text says she studied there
    d = doc("u", "Ксения Лаврова училась в Тверском университете. "
                 "Марина Лаврентьева окончила Тверской политехнический институт.")  # fmt: skip
    ts = [
        fact(d, "Ксения Лаврова", "SCHOOLS_ATTENDED", "Тверской университет",
             ("PERSON", "ORGANIZATION"), ("Ксения Лаврова", "Тверском"),
             ("PERSON:kl", "ORGANIZATION:tu")),
        fact(d, "Марина Лаврентьева", "SCHOOLS_ATTENDED", "Тверской политехнический институт",
             ("PERSON", "ORGANIZATION"), ("Марина Лаврентьева", "Тверской политех"),
             ("PERSON:ml", "ORGANIZATION:tp")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d])
    lavrova = [q for q, a in asked.items() if "Лаврова" in q or "Ксения Лаврова" in a]
    assert lavrova and not any("окончил" in q for q in lavrova), asked
    assert any("окончил" in q for q in asked if "Лаврентьева" in q) or len(asked) == 2


def test_a_fact_its_sentence_tells_in_the_past_is_asked_in_the_past() -> None:
    # «Где живёт Саймондс?» for «пара жила на Даунинг-стрит»; «работает в Южном округе» for
    # «работала прокурором ... в Южном округе»
    d = doc("p", "Кэрри Саймонова жила в Вестминстере. Ольга Лисицкая работала прокурором в Твери.")
    ts = [
        fact(d, "Кэрри Саймонова", "PLACE_RESIDES_IN", "Вестминстер", ("PERSON", "CITY"),
             ("Кэрри Саймонова", "Вестминстере"), ("PERSON:ks", "CITY:w")),
        fact(d, "Ольга Лисицкая", "WORKPLACE", "Тверь", ("PERSON", "CITY"),
             ("Ольга Лисицкая", "Твери"), ("PERSON:ol", "CITY:t")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d])
    assert len(asked) == 2, asked
    assert not any("живёт" in q or "работает" in q or "представляет" in q for q in asked), asked


def test_a_set_that_misses_a_listed_member_or_mixes_tenses_is_not_asked() -> None:
    # «Какие профессии и должности у Дмитрия Быкова?» -> {журналист, писатель} where the text
    # lists «Писатель, поэт и журналист»; a former post beside a present one
    d = doc("b", "Писатель, поэт и журналист Дмитрий Бычков приехал в Уфу. "
                 "Сенатор Ралиф Сафонов, бывший вице-президент «Нефтехима», выступил в Совете.")  # fmt: skip
    ts = [
        fact(d, "Дмитрий Бычков", "WORKS_AS", "писатель", PP, ("Дмитрий Бычков", "Писатель"),
             ("PERSON:db", "PROFESSION:w")),
        fact(d, "Дмитрий Бычков", "WORKS_AS", "журналист", PP, ("Дмитрий Бычков", "журналист"),
             ("PERSON:db", "PROFESSION:j")),
        fact(d, "Ралиф Сафонов", "WORKS_AS", "сенатор", PP, ("Ралиф Сафонов", "Сенатор"),
             ("PERSON:rs", "PROFESSION:s")),
        fact(d, "Ралиф Сафонов", "WORKS_AS", "вице-президент «Нефтехима»", PP,
             ("Ралиф Сафонов", "вице-президент"), ("PERSON:rs", "PROFESSION:v")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d], types=("set",))
    assert asked == {}, asked
    assert rejected.get("incomplete") == 1 and rejected.get("mixed_tense") == 1, rejected
    # all the listed roles: the set is asked
    ts.append(fact(d, "Дмитрий Бычков", "WORKS_AS", "поэт", PP, ("Дмитрий Бычков", "поэт"),
                   ("PERSON:db", "PROFESSION:p")))  # fmt: skip
    asked, _ = _asked(ts, [d], types=("set",))
    assert list(asked.values()) == [("журналист", "писатель", "поэт")], asked


def test_a_set_of_works_that_misses_a_quoted_one_is_not_asked() -> None:
    # «Какие произведения создал Шон Картер?» without «4:44», which the text names
    d = doc("w", "Рэпер Шон Кортес выпустил альбом «Полночь» и сингл «Берег». "
                 "Новый альбом Кортеса «Рассвет» выйдет летом.")  # fmt: skip
    ts = [
        fact(d, "Шон Кортес", "PRODUCES", "«Полночь»", ("PERSON", "WORK_OF_ART"),
             ("Шон Кортес", "«Полночь»"), ("PERSON:sk", "WORK_OF_ART:p")),
        fact(d, "Шон Кортес", "PRODUCES", "«Берег»", ("PERSON", "WORK_OF_ART"),
             ("Шон Кортес", "«Берег»"), ("PERSON:sk", "WORK_OF_ART:b")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d], types=("set",))
    assert asked == {} and rejected.get("incomplete") == 1, (asked, rejected)


def test_common_knowledge_of_founders_chains_and_public_figures() -> None:
    # «Кто основал Apple?» -> Стив Джобс; «Где находится штаб-квартира работодателя Рауля
    # Кастро?» -> Куба; a public figure's looser tie («Чехов» / «писатель»)
    assert common_knowledge("Антон Павлович Чехов", "писатель")
    assert not common_knowledge("Иван Петров", "президент клуба")
    d = doc("j", "Компанию Apple основал Стив Джобс. Компанию «Кедр» основал Пётр Смелков. "
                 "Рауль Кастро работает в Госсовете. Госсовет базируется на Кубе.")  # fmt: skip
    ts = [
        fact(d, "Apple", "FOUNDED_BY", "Стив Джобс", ("ORGANIZATION", "PERSON"),
             ("Apple", "Стив Джобс"), ("ORGANIZATION:a", "PERSON:sj")),
        fact(d, "«Кедр»", "FOUNDED_BY", "Пётр Смелков", ("ORGANIZATION", "PERSON"),
             ("«Кедр»", "Пётр Смелков"), ("ORGANIZATION:k", "PERSON:ps")),
        fact(d, "Рауль Кастро", "WORKPLACE", "Госсовет", ("PERSON", "ORGANIZATION"),
             ("Рауль Кастро", "Госсовете"), ("PERSON:rc", "ORGANIZATION:g")),
        fact(d, "Госсовет", "HEADQUARTERED_IN", "Куба", ("ORGANIZATION", "COUNTRY"),
             ("Госсовет базируется", "Кубе"), ("ORGANIZATION:g", "COUNTRY:c")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d], types=("simple", "multi_hop"))
    assert not any("Стив Джобс" in a or "Apple" in q for q, a in asked.items()), asked
    assert not any("Кастро" in q and a == ("Куба",) for q, a in asked.items()), asked
    assert any(a == ("Пётр Смелков",) or "Кедр" in q for q, a in asked.items()), asked


def test_one_of_several_listed_roles_is_not_asked_alone() -> None:
    # «Кто по профессии Олег Тактаров?» -> «актер» where the text says «спортсмен и актёр»
    d = doc(
        "t",
        "Среди гостей — спортсмен и актёр Олег Тактаринов. Боксёр Максим Дадашев вышел на ринг.",
    )
    ts = [
        fact(d, "Олег Тактаринов", "WORKS_AS", "актёр", PP, ("Олег Тактаринов", "актёр"),
             ("PERSON:ot", "PROFESSION:a")),
        fact(d, "Максим Дадашев", "WORKS_AS", "боксёр", PP, ("Максим", "Боксёр"),
             ("PERSON:md", "PROFESSION:box")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d])
    assert list(asked.values()) == [("боксёр",)], asked
    assert rejected.get("other_roles") == 1, rejected


def test_a_relative_clause_ends_the_question_and_birth_has_other_words() -> None:
    # «Сколько лет было человеку, который родился в Монреале на момент смерти?»; and
    # «родиться» was a quarter of a train build's questions (wording_spread 0.29)
    d = doc("m", "Писатель Пётр Смелков родился в Твери. Пётр Смелков умер в возрасте 82 лет.")
    ts = [
        fact(d, "Пётр Смелков", "PLACE_OF_BIRTH", "Тверь", ("PERSON", "CITY"),
             ("Пётр Смелков", "Твери"), ("PERSON:ps", "CITY:t")),
        fact(d, "Пётр Смелков", "AGE_DIED_AT", "82 года", ("PERSON", "AGE"),
             ("Пётр Смелков умер", "82 лет"), ("PERSON:ps", "AGE:82")),
    ]  # fmt: skip
    texts = set()
    for seed in range(6):
        qs = generate_questions(ts, [d], per_type=5, seed=seed, types=("multi_hop", "conditional"))
        texts |= {q.question for q in qs}
    assert texts, "a chain is asked"
    assert not any("который" in q and "на момент смерти" in q for q in texts), texts
    assert any("появился на свет" in q for q in texts), texts


def test_a_womans_role_is_in_her_gender_and_oblique_foreign_names_are_not_shown() -> None:
    # «Кто по профессии Ксения Собчак?» -> «телеведущий»; «Кем работает Гэри Мак-Киннона?»
    assert answer_name("Гэри Мак-Киннона", "PERSON") == ""
    assert answer_name("Тронд Вернер Хансена", "PERSON") == ""
    assert answer_name("Гэри Мак-Киннон", "PERSON") == "Гэри Мак-Киннон"
    d = doc("g", "Телеведущая Ксения Собакина открыла выставку.")
    ts = [
        fact(d, "Ксения Собакина", "WORKS_AS", "телеведущий", PP, ("Ксения Собакина", "Телеведущая"),
             ("PERSON:ks", "PROFESSION:tv")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d])
    assert list(asked.values()) == [("телеведущая",)], asked


def test_a_bridge_across_documents_is_named_alike_in_both() -> None:
    # «Где базируется работодатель Владимира Наумова?»: the MVD of Belarus (one text) joined
    # through a shared link id to the Russian MVD of another text
    d1 = doc("b1", "Экс-глава МВД Пётр Нагорный выступил против президента.")
    d2 = doc("b2", "Министерство МВД России базируется в Москве.")
    ts = [
        fact(d1, "Пётр Нагорный", "WORKPLACE", "МВД", PO, ("Пётр Нагорный", "МВД"),
             ("PERSON:pn", "ORGANIZATION:mvd")),
        fact(d2, "МВД", "HEADQUARTERED_IN", "Москва", ("ORGANIZATION", "CITY"),
             ("МВД России", "Москве"), ("ORGANIZATION:mvd", "CITY:m")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d1, d2], types=("multi_hop",))
    assert asked == {} and rejected.get("join_unstated"), (asked, rejected)


def test_a_school_named_inside_a_longer_name_is_not_the_school() -> None:
    # «В каких учебных заведениях учился Виктор Куликов?» -> «КГБ СССР» from «Высшую школу
    # КГБ СССР»
    text = "Олег Рябов окончил Высшую школу КГБ СССР."
    g = _gold(
        text,
        [("T1", "PERSON", "Олег Рябов"), ("T2", "ORGANIZATION", "Высшую школу КГБ СССР"),
         ("T3", "ORGANIZATION", "КГБ СССР")],
        [("SCHOOLS_ATTENDED", "T1", "T3"), ("SCHOOLS_ATTENDED", "T1", "T2")],
    )  # fmt: skip
    _, triples = gold_triples([g])
    assert [t.object for t in triples] == ["Высшую школу КГБ СССР"]


def test_a_death_word_is_about_the_name_it_governs() -> None:
    # «Кем работал Джон Фуденберг?» for the coroner in «Смерть музыканта подтвердил окружной
    # коронер Джон Фуденберг»; «Где жил Первез Мушарраф?» for a president who left office
    d = doc("c", "Смерть музыканта подтвердил окружной коронер Джон Фуденбергов. "
                 "Бывший президент Павел Мусоргин живёт в Дубае.")  # fmt: skip
    ts = [
        fact(d, "Джон Фуденбергов", "WORKS_AS", "окружной коронер", PP,
             ("Джон Фуденбергов", "окружной коронер"), ("PERSON:jf", "PROFESSION:c")),
        fact(d, "Павел Мусоргин", "PLACE_RESIDES_IN", "Дубай", ("PERSON", "CITY"),
             ("Павел Мусоргин", "Дубае"), ("PERSON:pm", "CITY:d")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d])
    assert len(asked) == 2 and not any("работал" in q or "жил " in q for q in asked), asked


def test_works_of_a_known_author_a_bridge_that_names_the_answer_and_a_broad_subject() -> None:
    # «Какие произведения создал Александр Исаевич Солженицын?»; «Где базируется учебное
    # заведение, которое окончил Марио Хо?» -> «Массачусетс» (read off the institute's name);
    # «Какая организация базируется в СССР?» -> one of many
    d = doc("a", "Александр Солженицын написал «Матрёнин двор». Пётр Смелков написал «Кедры». "
                 "Иван Рябцев окончил Тверской технический институт. Тверской технический "
                 "институт находится в Твери. Фронт «Заря» базировался в СССР.")  # fmt: skip
    ts = [
        fact(d, "Александр Солженицын", "PRODUCES", "«Матрёнин двор»", ("PERSON", "WORK_OF_ART"),
             ("Александр Солженицын", "«Матрёнин двор»"), ("PERSON:as", "WORK_OF_ART:m")),
        fact(d, "Пётр Смелков", "PRODUCES", "«Кедры»", ("PERSON", "WORK_OF_ART"),
             ("Пётр Смелков", "«Кедры»"), ("PERSON:ps", "WORK_OF_ART:k")),
        fact(d, "Иван Рябцев", "SCHOOLS_ATTENDED", "Тверской технический институт",
             ("PERSON", "ORGANIZATION"), ("Иван Рябцев", "Тверской технический институт"),
             ("PERSON:ir", "ORGANIZATION:tti")),
        fact(d, "Тверской технический институт", "HEADQUARTERED_IN", "Тверь",
             ("ORGANIZATION", "CITY"), ("Тверской технический институт находится", "Твери"),
             ("ORGANIZATION:tti", "CITY:t")),
        fact(d, "Фронт «Заря»", "HEADQUARTERED_IN", "СССР", ("ORGANIZATION", "COUNTRY"),
             ("Фронт «Заря»", "СССР"), ("ORGANIZATION:z", "COUNTRY:su")),
    ]  # fmt: skip
    texts: dict = {}
    for seed in range(5):
        qs = generate_questions(ts, [d], per_type=10, seed=seed, types=("simple", "multi_hop"))
        texts |= {q.question: q.answers for q in qs}
    assert any(a == ("«Кедры»",) for a in texts.values()), texts
    assert not any(a == ("«Матрёнин двор»",) for a in texts.values()), texts
    assert not any("Рябцев" in q and a == ("Тверь",) for q, a in texts.items()), texts
    assert not any("СССР" in q for q in texts), texts


def test_the_verb_agrees_with_the_gender_the_text_gives() -> None:
    # «Какие организации представлял Колин Маккалоу?» for a woman («Колин Маккалоу родилась»):
    # the first name reads as a man's; and a compound role of a known actress («киноактриса»)
    assert common_knowledge("Дженнифер Энистон", "киноактриса")
    d = doc("k", "Колин Маккаллен родилась в Веллингтоне. Колин Маккаллен умерла в Сиднее.")
    ts = [
        fact(d, "Колин Маккаллен", "PLACE_OF_DEATH", "Сидней", ("PERSON", "CITY"),
             ("Колин Маккаллен", "Сиднее"), ("PERSON:km", "CITY:s")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d])
    assert asked and all("умерла" in q or "скончалась" in q for q in asked), asked


def test_a_described_person_is_not_always_a_человек() -> None:
    # dev from gold: «человек» in 27% of the questions («Сколько лет человеку, который ...»)
    people = [("Пётр Смелков", "Кедр", "Кедре"), ("Иван Рябцев", "Гранит", "Граните"),
              ("Олег Синицкий", "Север", "Севере"), ("Павел Мусоргин", "Рассвет", "Рассвете")]  # fmt: skip
    text = " ".join(f"{n} работает в «{o}». {n} исполнилось {40 + i} лет."
                    for i, (n, o, _) in enumerate(people))  # fmt: skip
    d = doc("h", text.replace("в «Кедр»", "в «Кедре»").replace("в «Гранит»", "в «Граните»")
            .replace("в «Север»", "в «Севере»").replace("в «Рассвет»", "в «Рассвете»"))  # fmt: skip
    ts = []
    for i, (n, o, at) in enumerate(people):
        ts.append(fact(d, n, "WORKPLACE", f"«{o}»", PO, (n, f"«{at}»"),
                       (f"PERSON:{i}", f"ORGANIZATION:{i}")))  # fmt: skip
        ts.append(fact(d, n, "AGE_IS", f"{40 + i} лет", ("PERSON", "AGE"),
                       (f"{n} исполнилось", f"{40 + i} лет"), (f"PERSON:{i}", f"AGE:{i}")))  # fmt: skip
    asked = set()
    for seed in range(4):
        qs = generate_questions(ts, [d], per_type=10, seed=seed, types=("multi_hop",))
        asked |= {q.question for q in qs}
    assert any("человек" in q for q in asked) and any(", кто " in q for q in asked), asked


def test_a_country_is_no_workplace_condition() -> None:
    # «Кто родился 23 декабря 1933 года и работает в Японии?» for the emperor
    d = doc("e", "Такэси Мориока родился 23 декабря 1933 года. Такэси Мориока правит Ямато. "
                 "Хироси Мориока правит Ямато.")  # fmt: skip
    ts = [
        fact(d, "Такэси Мориока", "DATE_OF_BIRTH", "23 декабря 1933 года", ("PERSON", "DATE"),
             ("Такэси Мориока", "23 декабря"), ("PERSON:tm", "DATE:d")),
        fact(d, "Такэси Мориока", "WORKPLACE", "Ямато", ("PERSON", "COUNTRY"),
             ("Такэси Мориока правит", "Ямато"), ("PERSON:tm", "COUNTRY:y")),
        fact(d, "Хироси Мориока", "WORKPLACE", "Ямато", ("PERSON", "COUNTRY"),
             ("Хироси Мориока", "Ямато"), ("PERSON:hm", "COUNTRY:y")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d], types=("conditional",))
    assert not any("работает в Ямато" in q or "работал в Ямато" in q for q in asked), asked


def test_a_set_does_not_hold_one_role_twice() -> None:
    # «Какие профессии и должности у Дэвида Линча?» -> «кинорежиссер», «режиссер»
    d = doc("l", "Кинорежиссёр Пётр Смелков, режиссёр фильма «Кедры», приехал в Тверь.")
    ts = [
        fact(d, "Пётр Смелков", "WORKS_AS", "кинорежиссёр", PP, ("Пётр Смелков", "Кинорежиссёр"),
             ("PERSON:ps", "PROFESSION:k")),
        fact(d, "Пётр Смелков", "WORKS_AS", "режиссёр", PP, ("Пётр Смелков", "режиссёр"),
             ("PERSON:ps", "PROFESSION:r")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d], types=("set",))
    # one head noun twice is no set at sampling since sets13 (`sets._one_head`)
    assert asked == {} and set(rejected) <= {"duplicate_member"}, (asked, rejected)


def test_a_dismissed_official_an_owner_and_an_oblique_compound_role() -> None:
    # «Кто подчинялся Нургалиеву и работает в ГУ МВД Петербурга?» for the one «Медведев уволил»;
    # «Сколько стоит компания, которой владеет Марк Цукерберг?»; «десантника-снайпера»
    assert answer_name("десантника-снайпера", "PROFESSION") == ""
    assert answer_name("генерал-лейтенант", "PROFESSION") == "генерал-лейтенант"
    assert common_knowledge("Марк Цукерберг", "Facebook")
    d = doc("u", "Президент уволил начальника управления Михаила Сухорукова. "
                 "Михаил Сухоруков работает в управлении «Север».")  # fmt: skip
    ts = [
        fact(d, "Михаил Сухоруков", "WORKPLACE", "«Север»", PO, ("Михаил Сухоруков", "«Север»"),
             ("PERSON:ms", "ORGANIZATION:s")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d])
    assert asked and not any("работает" in q or "представляет" in q for q in asked), asked


def test_a_head_of_state_known_by_names_only_is_still_screened() -> None:
    # «Где работает Башар Асад?» -> «Сирия»: both words read as first names; «Карл XVI Густав»
    assert common_knowledge("Башар Асад", "Сирия")
    d = doc("s", "Президент Сирии Башар Асад выступил. Пётр Смелков работает в Молдавии.")
    ts = [
        fact(d, "Башар Асад", "WORKPLACE", "Сирия", ("PERSON", "COUNTRY"), ("Башар Асад", "Сирии"),
             ("PERSON:ba", "COUNTRY:s")),
        fact(d, "Пётр Смелков", "WORKPLACE", "Молдавия", ("PERSON", "COUNTRY"),
             ("Пётр Смелков", "Молдавии"), ("PERSON:ps", "COUNTRY:m")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d])
    assert list(asked.values()) == [("Молдавия",)], asked
