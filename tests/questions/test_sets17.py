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


def test_one_award_of_a_man_the_texts_give_several_is_not_asked() -> None:
    # g 154 «Какой награды удостоился тот, кто умер 30 августа 2015 года?» → «народный
    # артист РФ» while the text goes on «стал Заслуженным артистом РСФСР ... награждён орденом»
    from tests.questions.helpers import asked

    d = doc("w", "В Твери умер заслуженный художник России Олег Веснин. Ему было 80 лет. Олег "
                 "Веснин родился в 1940 году в Калуге. В 1990 году стал Народным художником "
                 "России. В 2005 году награждён орденом Дружбы.")  # fmt: skip
    ts = [
        fact(d, "Олег Веснин", "PLACE_OF_DEATH", "Тверь", ("PERSON", "CITY"),
             ("Олег Веснин", "Твери"), ("PERSON:v", "CITY:t"), "past"),
        fact(d, "Олег Веснин", "PLACE_OF_BIRTH", "Калуга", ("PERSON", "CITY"),
             ("Олег Веснин", "Калуге"), ("PERSON:v", "CITY:k"), "past"),
        fact(d, "Олег Веснин", "AWARDED_WITH", "заслуженный художник России",
             ("PERSON", "AWARD"), ("Олег Веснин", "заслуженный художник России"),
             ("PERSON:v", "AWARD:z")),
    ]  # fmt: skip
    got = asked(ts, [d], types=("multi_hop",))
    assert not [q for q, a in got.items() if a == ("заслуженный художник России",)], got
    # one award told: asked
    d2 = doc("w", "В Твери умер заслуженный художник России Олег Веснин. Ему было 80 лет. Олег "
                  "Веснин родился в 1940 году в Калуге.")  # fmt: skip
    ts2 = [fact(d2, t.subject, t.relation, t.object, (t.subject_type, t.object_type),
                (t.subject, {"Тверь": "Твери", "Калуга": "Калуге"}.get(t.object, t.object)),
                (t.subject_id, t.object_id), t.tense) for t in ts]  # fmt: skip
    got2 = asked(ts2, [d2], types=("multi_hop",))
    assert [q for q, a in got2.items() if a == ("заслуженный художник России",)], got2
