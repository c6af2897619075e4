"""Set and single-answer failure classes of issue #16 (helper sets18), each on a constructed
Russian case that failed with the generator before the fix."""

from __future__ import annotations

from tests.questions.helpers import asked, doc, fact

PR = ("PERSON", "PROFESSION")
PA = ("PERSON", "AWARD")


def test_one_award_of_a_simple_question_is_not_asked_when_the_texts_give_several() -> None:
    # «Какую награду получил X?» → one award, while X's own text goes on with another
    d = doc("a", "Скульптор Игорь Заварзин получил премию «Золотой резец». В 2010 году "
                 "награждён орденом Почёта.")  # fmt: skip
    ts = [
        fact(d, "Игорь Заварзин", "AWARDED_WITH", "премия «Золотой резец»", PA,
             ("Игорь Заварзин", "премию «Золотой резец»"), ("PERSON:z", "AWARD:r")),
    ]  # fmt: skip
    got = asked(ts, [d])
    assert not [q for q, a in got.items() if a == ("премия «Золотой резец»",)], got
    # one award told: asked
    d2 = doc("a", "Скульптор Игорь Заварзин получил премию «Золотой резец». Он живёт в Туле.")
    ts2 = [
        fact(d2, "Игорь Заварзин", "AWARDED_WITH", "премия «Золотой резец»", PA,
             ("Игорь Заварзин", "премию «Золотой резец»"), ("PERSON:z", "AWARD:r")),
    ]  # fmt: skip
    got2 = asked(ts2, [d2])
    assert [q for q, a in got2.items() if a == ("премия «Золотой резец»",)], got2
