"""Set failure classes of TRAIN reads f and g (issue #16, helper sets17), each on a
constructed Russian case that failed with the generator before the fix."""

from __future__ import annotations

from tests.questions.helpers import doc, fact, sets_asked

PR = ("PERSON", "PROFESSION")


def test_a_set_of_trades_missing_a_post_told_before_them_is_not_asked() -> None:
    # g 195 «Какие профессии и должности у Галины Волчек?» → {актриса, режиссёр} from
    # «Художественный руководитель театра «Современник», актриса и режиссёр Галина Волчек»
    d = doc("v", "Художественный руководитель казанского театра «Сфера», певица и композитор "
                 "Ольга Миронова попала в больницу, пишут СМИ в среду, 5 марта 2020 года.")  # fmt: skip
    ts = [
        fact(d, "Ольга Миронова", "WORKS_AS", "певица", PR, ("Ольга Миронова", "певица"),
             ("PERSON:m", "PROFESSION:p")),
        fact(d, "Ольга Миронова", "WORKS_AS", "композитор", PR, ("Ольга Миронова", "композитор"),
             ("PERSON:m", "PROFESSION:k")),
    ]  # fmt: skip
    assert not sets_asked(ts, [d], "Миронов"), "the set misses «художественный руководитель»"


def test_a_party_membership_is_no_post_of_a_set() -> None:
    # g 209 «Какие должности занимает Александр Старовойтов?» → {депутат Госдумы, член ЛДПР}
    d = doc("p", "Депутат областной думы Олег Сафонов выступил на форуме. Член КПРФ Олег "
                 "Сафонов предложил новый закон.")  # fmt: skip
    ts = [
        fact(d, "Олег Сафонов", "WORKS_AS", "депутат областной думы", PR,
             ("Олег Сафонов", "Депутат областной думы"), ("PERSON:o", "PROFESSION:d")),
        fact(d, "Олег Сафонов", "WORKS_AS", "член КПРФ", PR, ("Олег Сафонов", "Член КПРФ"),
             ("PERSON:o", "PROFESSION:c")),
    ]  # fmt: skip
    assert not [a for a in sets_asked(ts, [d], "Сафонов") if "член КПРФ" in a]
