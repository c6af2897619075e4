"""Issue #16 (wording18): verbs, endings and tenses a native reader expects, on constructed
Russian news sentences."""

from __future__ import annotations

from dragon_bench.questions.templates import render
from tests.questions.helpers import asked, doc, fact

PO = ("PERSON", "ORGANIZATION")


def test_party_leader_does_not_work_at_the_party() -> None:
    # «партия Российской Федерации» is a body of people, not a federation's staff
    d = doc(
        "w18a",
        "Вчера в Самаре выступил Пётр Кондратов. Пётр Кондратов возглавляет Социалистическую "
        "партию Российской Федерации с весны.",
    )
    t = fact(d, "Пётр Кондратов", "WORKPLACE", "Социалистическая партия Российской Федерации",
             PO, ("Пётр Кондратов возглавляет", "Социалистическую партию Российской Федерации"),
             ("PERSON:k", "ORGANIZATION:p"))  # fmt: skip
    qs = [q for q in asked([t], [d]) if "Кондратов" in q]
    assert qs
    assert not [q for q in qs if "работа" in q or "представля" in q], qs


def test_central_committee_and_kompartia_are_bodies() -> None:
    d = doc(
        "w18b",
        "Анна Резникова много лет входила в Центральный комитет Коммунистической партии Чили. "
        "Её брат Олег Резников вступил в Компартию Чили.",
    )
    ts = [
        fact(d, "Анна Резникова", "WORKPLACE", "Центральный комитет Коммунистической партии Чили",
             PO, ("Анна Резникова", "Центральный комитет"), ("PERSON:r", "ORGANIZATION:c")),
        fact(d, "Олег Резников", "WORKPLACE", "Компартия Чили", PO,
             ("Олег Резников", "Компартию Чили"), ("PERSON:o", "ORGANIZATION:k")),
    ]  # fmt: skip
    qs = list(asked(ts, [d]))
    assert qs
    assert not [q for q in qs if "работа" in q], qs


def test_party_member_does_not_represent_it() -> None:
    # «выступая» (speaking to the press) and «член» make no envoy of a member
    d = doc(
        "w18c",
        "Выступая перед журналистами, Игорь Свиридов, член Народной партии Латвии, "
        "призвал к диалогу.",
    )
    t = fact(d, "Игорь Свиридов", "WORKPLACE", "Народная партия Латвии", PO,
             ("Игорь Свиридов", "Народной партии Латвии"), ("PERSON:s", "ORGANIZATION:n"))  # fmt: skip
    qs = [q for q in asked([t], [d]) if "Свиридов" in q]
    assert qs
    assert not [q for q in qs if "представля" in q], qs


def test_spoken_masculine_abbreviation_declines() -> None:
    o = ("PERSON", "ORGANIZATION")
    got = render("{was:учиться} в {o:loct}", s="Иван Ершов", o="ВГИК", s_type=o[0], o_type=o[1])
    assert got == "Учился во ВГИКе"
    got = render("Где находится штаб-квартира {s:gent}?", s="МИД Чили", s_type="ORGANIZATION")
    assert got == "Где находится штаб-квартира МИДа Чили?"
    # read letter by letter, vowel-final or feminine: as written
    for name in ("МГУ", "ФСБ", "РАН", "ООН"):
        assert render("{v:работать} в {o:loct}", s="Иван Ершов", o=name, s_type=o[0],
                      o_type=o[1]).endswith(f"в {name}")  # fmt: skip
