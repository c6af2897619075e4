"""The failure classes of the fourth blind reads (benchmarks/question_reads/*-4-grades.jsonl),
each on a constructed Russian case that produced the defect with the generator the reads
graded (main at 442425a)."""

from __future__ import annotations

from tests.questions.helpers import doc, fact

PP = ("PERSON", "PROFESSION")


def _asked(ts, docs, types=("simple",), **kw):  # type: ignore[no-untyped-def]
    from dragon_bench.questions import generate_questions

    stats: dict = {}
    kw.setdefault("popularity_share", 1.0)
    qs = generate_questions(ts, docs, per_type=20, types=types, stats=stats, **kw)
    return {q.question: q.answers for q in qs}, stats["rejected"]


def test_one_post_under_two_names_is_not_two_set_members() -> None:
    # «сенатор» and «член Совфеда», «глава МВД» and «министр внутренних дел» were given as two
    # members of one set; a set of two different posts is still asked
    d = doc("s", "Сенатор Олег Смелков, член Совета Федерации, выступил. "
                 "Глава МВД Иван Пеньков, министр внутренних дел, заявил. "
                 "Пётр Крюков работает инженером и учителем.")  # fmt: skip
    ts = [
        fact(d, "Олег Смелков", "WORKS_AS", "сенатор", PP, ("Олег Смелков", "Сенатор"),
             ("PERSON:o", "PROFESSION:s")),
        fact(d, "Олег Смелков", "WORKS_AS", "член Совета Федерации", PP,
             ("Олег Смелков", "член Совета Федерации"), ("PERSON:o", "PROFESSION:c")),
        fact(d, "Иван Пеньков", "WORKS_AS", "глава МВД", PP, ("Иван Пеньков", "Глава МВД"),
             ("PERSON:i", "PROFESSION:g")),
        fact(d, "Иван Пеньков", "WORKS_AS", "министр внутренних дел", PP,
             ("Иван Пеньков", "министр внутренних дел"), ("PERSON:i", "PROFESSION:m")),
        fact(d, "Пётр Крюков", "WORKS_AS", "инженер", PP, ("Пётр Крюков", "инженером"),
             ("PERSON:p", "PROFESSION:e")),
        fact(d, "Пётр Крюков", "WORKS_AS", "учитель", PP, ("Пётр Крюков", "учителем"),
             ("PERSON:p", "PROFESSION:t")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d], types=("set",))
    assert any("Крюков" in q for q in asked), asked
    for q, answers in asked.items():
        assert "Смелков" not in q or len(answers) < 2, (q, answers)
        assert "Пеньков" not in q or len(answers) < 2, (q, answers)


def test_a_foreign_name_ending_in_i_is_not_a_woman_unless_the_texts_say_so() -> None:
    # «Какой награды удостоилась Ар Келли?» for the man the text calls «он»
    d = doc("k", "Ар Келли удостоен премии Grammy. Он трижды выступал. "
                 "Ар Смелли удостоен премии «Оскар». Смелли давно не снимается.")  # fmt: skip
    pa = ("PERSON", "AWARD")
    ts = [
        fact(d, "Ар Келли", "AWARDED_WITH", "премия Grammy", pa, ("Ар Келли", "премии Grammy"),
             ("PERSON:k", "AWARD:g")),
        fact(d, "Ар Смелли", "AWARDED_WITH", "премия «Оскар»", pa, ("Ар Смелли", "премии «Оскар»"),
             ("PERSON:s", "AWARD:o")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d])
    assert not any(w in q for q in asked for w in ("удостоилась", "получила")), (asked, rejected)
    assert any("Келли" in q for q in asked), (asked, rejected)


def test_an_organisation_named_like_a_person_or_in_title_case_is_not_declined() -> None:
    # «работает в Роме» for the club «Рома»; «владеет Уральской Сталью»
    d = doc("r", "Олег Смелков работает в клубе Рома. "
                 "Холдинг Металлсбыт владеет компанией Уральская Сталь.")  # fmt: skip
    ts = [
        fact(d, "Олег Смелков", "WORKPLACE", "Рома", ("PERSON", "ORGANIZATION"),
             ("Олег Смелков", "Рома"), ("PERSON:o", "ORGANIZATION:r")),
        fact(d, "Металлсбыт", "OWNER_OF", "Уральская Сталь", ("ORGANIZATION", "ORGANIZATION"),
             ("Металлсбыт", "Уральская Сталь"), ("ORGANIZATION:m", "ORGANIZATION:u")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d], types=("simple",))
    for q in asked:
        assert not any(w in q for w in ("Роме", "Ромой", "Сталью", "Стали")), (asked, rejected)


def test_a_member_from_an_assembly_is_not_its_member() -> None:
    # «член Совфеда от Законодательного собрания Кировской области» gave MEMBER_OF for the
    # assembly, the bridge of the end-to-end multi-hop questions; a party a deputy is elected
    # from stays his party
    from dragon_bench.kg.natasha_backend import extract_document
    from dragon_bench.types import Document

    text = ("Законопроект был внесен членом Совета Федерации от Законодательного собрания "
            "Кировской области Вячеславом Тимченко. Законопроект внес депутат Государственной "
            "думы от партии «Яблоко» Сергей Митрохин.")  # fmt: skip
    got = {
        (t.subject, t.relation_type, t.object)
        for t in extract_document(Document(id="t", text=text))
    }
    assert ("Вячеслав Тимченко", "WORKPLACE", "Совет Федерации") in got, got
    assert not any(
        r in ("MEMBER_OF", "WORKPLACE") and o == "Законодательное собрание" for _, r, o in got
    ), got
    assert ("Сергей Митрохин", "MEMBER_OF", "Яблоко") in got, got


def test_an_illness_of_the_dead_or_of_childhood_is_asked_in_the_past() -> None:
    # «Каким заболеванием страдает» a boy the text says died (as «13-летний мальчик»), and a
    # footballer treated for it «в 13 лет»
    d = doc("m", "13-летний мальчик скончался в больнице в понедельник. "
                 "Анализ 13-летнего Ивана Смелкова показал менингит. "
                 "В 13 лет Пётр Крюков лечился от недостатка гормона роста. "
                 "Олег Пеньков болен гриппом.")  # fmt: skip
    pm = ("PERSON", "DISEASE")
    ts = [
        fact(d, "Иван Смелков", "MEDICAL_CONDITION", "менингит", pm,
             ("Ивана Смелкова", "менингит"), ("PERSON:i", "DISEASE:c")),
        fact(d, "Пётр Крюков", "MEDICAL_CONDITION", "недостаток гормона роста", pm,
             ("Пётр Крюков", "недостатка гормона роста"), ("PERSON:p", "DISEASE:g")),
        fact(d, "Олег Пеньков", "MEDICAL_CONDITION", "грипп", pm,
             ("Олег Пеньков", "гриппом"), ("PERSON:o", "DISEASE:f")),
    ]  # fmt: skip
    asked, rejected = _asked(ts, [d])
    for q in asked:
        if "Смелков" in q or "Крюков" in q:
            assert "страдает" not in q, (asked, rejected)
    assert any("Смелков" in q for q in asked) and any("Крюков" in q for q in asked), asked
    assert any("Пеньков" in q for q in asked), asked
