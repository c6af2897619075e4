"""names20 (session 10, TRAIN read j/k): abbreviations, stray apostrophes, oblique answers."""

from collections import Counter

from dragon_bench.questions.names import answer_name, display_name
from dragon_bench.questions.sampling import Entity


def test_all_caps_club_is_not_inflected() -> None:
    assert answer_name("ИКСУ", "ORGANIZATION") == "ИКСУ"  # not the dative of «икс»


def test_glued_abbreviation_stays() -> None:
    assert display_name("театр им.Г.Тукая", "ORGANIZATION") == "театр им.Г.Тукая"


def test_stray_apostrophe_at_name_end() -> None:
    assert answer_name("Ferrero'", "ORGANIZATION") == "Ferrero"
    assert answer_name("Macy's", "ORGANIZATION") == "Macy's"


def test_unknown_oblique_role_is_dropped() -> None:
    assert answer_name("голеадором", "PROFESSION") == ""


def test_written_out_first_name_beats_initial() -> None:
    names = Counter({"А. Арапов": 3, "Александр Арапов": 1})
    assert Entity("PERSON:арапов", names=names).name() == "Александр Арапов"
