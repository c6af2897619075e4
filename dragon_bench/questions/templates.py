"""Russian question templates per relation type, each with an id stored in `qa.template`.

A relation has several frames of four kinds: `ask` (a question asking for the object of a
named subject), `many` (the same in the plural, for set questions), `pred` (a predicate
about an unnamed subject, asked with «Кто»/«Какая организация» or joined with «и» in a
conditional question) and `describe` (a noun phrase naming the object by its relation to the
subject, which hides a multi-hop bridge). Slots:

- `{s}`, `{s:gent}`, `{o:loct}`: the subject or object name in a case (`inflect.inflect_name`;
  a frame whose slot cannot be trusted is not used, so the choice falls on one that keeps the
  name in the nominative);
- `{v:работать}`: the verb in the fact's tense (present for an imperfective verb unless the
  evidence is past; a perfective verb is always past) agreeing with the subject, or with the
  gender after a second colon (`{v:стать:neut}` agrees with «Что»);
- `{fut:пройти}`: the future of a perfective verb, for what the texts tell as coming;
- `{p:основать}`: the short passive participle, `{be}` the past copula, both agreeing;
  `{was:учиться}`: the verb in the past whatever the fact's tense (what is over by its nature);
- `{where}`, `{from}`: «В каком городе»/«В какой стране»/«Где», «Из какого города»/«Откуда»
  by the object's type; `{which:loct}`: «который» agreeing with the described head noun.

Frames may be limited to object types (`objects`), to a tense, or by `when` (a named check on
the fact: a title, a party, the object's gender...). A relation without frames is not asked.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from dragon_bench.kg.triggers import RELATION_NAMES
from dragon_bench.questions.inflect import inflect_name, person_gender
from dragon_bench.questions.morph import analyzer, lemmas, phrase_gender
from dragon_bench.questions.vocab import ORGS, PEOPLE, PLACES

__all__ = [
    "ALIASES",
    "UNASKABLE",
    "PLACE_TYPES",
    "Frame",
    "Describe",
    "RelationFrames",
    "TEMPLATES",
    "WHEN",
    "relation_type",
    "render",
    "subject_wh",
    "type_noun",
    "verb_form",
    "date_phrase",
    "age_phrase",
    "preposition_form",
]

PLACE_TYPES = PLACES
ORG_TYPES = ORGS
DATE_TYPES = frozenset({"DATE", "TIME"})


@dataclass(frozen=True, slots=True)
class Frame:
    """One template: its id (relation.kind.name), its text and where it applies."""

    id: str
    text: str
    objects: frozenset[str] = frozenset()  # object types it fits (empty: any)
    tense: str = ""  # "present" or "past": only for facts of that tense
    when: str = ""  # a key of WHEN: an extra condition on the fact

    def fits(self, object_type: str, tense: str, check: Callable[[str], bool]) -> bool:
        if self.objects and object_type.upper() not in self.objects:
            return False
        if self.tense and self.tense != (tense or "present"):
            return False
        return not self.when or check(self.when)


@dataclass(frozen=True, slots=True)
class Describe:
    """A noun phrase for the object: `head` (inflected to the case the outer frame needs) and
    the clause after it («организация», «, в которой работает {s}»)."""

    id: str
    head: str
    clause: str
    objects: frozenset[str] = frozenset()
    when: str = ""


@dataclass(frozen=True, slots=True)
class RelationFrames:
    ask: tuple[Frame, ...] = ()
    many: tuple[Frame, ...] = ()
    pred: tuple[Frame, ...] = ()
    describe: tuple[Describe, ...] = ()
    dynamic: str = "slow"  # static | slow | fast (DESIGN.md `dynamism`)
    subjects: frozenset[str] = frozenset()  # subject types the frames fit (empty: any)
    objects: frozenset[str] = frozenset()  # object types they fit (empty: any)


def _frames(relation: str, kind: str, items: list[tuple[str, ...]]) -> tuple[Frame, ...]:
    out = []
    for item in items:
        name, text, *rest = item
        objects = frozenset(rest[0].split()) if rest and rest[0] else frozenset()
        tense = rest[1] if len(rest) > 1 else ""
        when = rest[2] if len(rest) > 2 else ""
        out.append(Frame(f"{relation.lower()}.{kind}.{name}", text, objects, tense, when))
    return tuple(out)


def _rel(
    relation: str,
    ask: list[tuple[str, ...]] = (),  # type: ignore[assignment]
    many: list[tuple[str, ...]] = (),  # type: ignore[assignment]
    pred: list[tuple[str, ...]] = (),  # type: ignore[assignment]
    describe: list[tuple[str, ...]] = (),  # type: ignore[assignment]
    dynamic: str = "slow",
    subjects: str = "",
) -> tuple[str, RelationFrames]:
    desc = []
    for item in describe:
        name, head, clause, *rest = item
        objects = frozenset(rest[0].split()) if rest and rest[0] else frozenset()
        when = rest[1] if len(rest) > 1 else ""
        desc.append(Describe(f"{relation.lower()}.describe.{name}", head, clause, objects, when))
    return relation, RelationFrames(
        _frames(relation, "ask", list(ask)),
        _frames(relation, "many", list(many)),
        _frames(relation, "pred", list(pred)),
        tuple(desc),
        dynamic,
        frozenset(subjects.split()),
    )


_PLACES = " ".join(sorted(PLACE_TYPES))
_ORGS = "ORGANIZATION ORG"
_NAMED_PLACES = "CITY COUNTRY STATE_OR_PROVINCE DISTRICT"

TEMPLATES: dict[str, RelationFrames] = dict(
    [
        _rel(
            "WORKS_AS",
            ask=[
                ("kem", "Кем {v:работать} {s}?", "", "", "job"),
                # a party's or a movement's leader holds no job there: a post
                ("party", "Какую должность {v:занимать} {s}?", "", "", "party_head"),
                ("rank", "Какое звание {v:иметь} {s}?", "", "", "rank"),
                ("post", "Какую должность {v:занимать} {s}?", "", "", "post"),
                ("byt", "Кем по должности {v:быть} {s}?", "", "", "post"),
                ("trade", "Кто по профессии {s}?", "", "present", "trade"),
                ("trade_past", "Кем по профессии {be} {s}?", "", "past", "trade"),
                ("title", "Какой титул {v:носить} {s}?", "", "", "title"),
            ],
            many=[
                # a rank is neither («глава МВД; полковник»)
                ("roles", "Какие профессии и должности у {s:gent}?", "", "present", "not_rank"),
                (
                    "roles_past",
                    "Какие профессии и должности были у {s:gent}?",
                    "",
                    "past",
                    "not_rank",
                ),
                ("posts", "Какие должности {v:занимать} {s}?", "", "", "post"),
                # the name stays nominative («Нанни Моретти»: no genitive to trust)
                ("combines", "Какие профессии {v:совмещать} {s}?", "", "", "trade"),
            ],
            pred=[
                ("kem", "{v:работать} {o:ablt}", "", "", "job"),
                ("is", "{v:являться} {o:ablt}", "", "", "party_role"),
                ("post", "{v:занимать} пост {o:gent}", "", "", "post"),
                ("rank", "{v:иметь} звание {o:gent}", "", "", "rank"),
                ("title", "{v:носить} титул {o:gent}", "", "", "title"),
            ],
            dynamic="fast",
        ),
        _rel(
            "WORKPLACE",
            ask=[
                ("where", "Где {v:работать} {s}?", "", "", "o_work"),
                ("org", "В какой организации {v:работать} {s}?", _ORGS, "", "o_work"),
                # a body of members (a college, a council, a party): one is in it, not at work
                ("body", "Членом какой организации {v:являться} {s}?", _ORGS, "", "o_body"),
                ("repr", "Какую организацию {v:представлять} {s}?", _ORGS),
                # one who heads it (the text says so: stated.py), one who serves in the police,
                # the army or a security service
                ("heads", "Какую организацию {v:возглавлять} {s}?", _ORGS),
                ("serves", "Где {v:служить} {s}?", _ORGS, "", "o_service"),
                # a player plays for a team, not «работает» (TRAIN reads a, b: Calgary Flames)
                ("plays", "За какую команду {v:выступать} {s}?", _ORGS, "", "o_work"),
                ("place", "{where} {v:работать} {s}?", _NAMED_PLACES),
                ("country", "Какую страну {v:представлять} {s}?", "COUNTRY"),
            ],
            many=[
                ("orgs", "В каких организациях {v:работать} {s}?", _ORGS, "", "o_work"),
                ("bodies", "Членом каких организаций {v:являться} {s}?", _ORGS, "", "o_body"),
                ("orgs_repr", "Какие организации {v:представлять} {s}?", _ORGS),
                ("teams", "За какие команды {v:выступать} {s}?", _ORGS, "", "o_work"),
            ],
            pred=[
                # not «работает в Японии» for an emperor: a country is no workplace condition
                (
                    "in",
                    "{v:работать} в {o:loct}",
                    f"{_ORGS} FACILITY CITY STATE_OR_PROVINCE DISTRICT",
                    "",
                    "o_work",
                ),
                ("body", "{v:входить} в {o:accs}", _ORGS, "", "o_body"),
                ("body_member", "{v:являться} членом {o:gent}", _ORGS, "", "o_body"),
                ("repr", "{v:представлять} {o:accs}", _ORGS),
                ("heads", "{v:возглавлять} {o:accs}", _ORGS),
                ("serves", "{v:служить} в {o:loct}", _ORGS, "", "o_service"),
                ("plays", "{v:выступать} за {o:accs}", _ORGS, "", "o_work"),
            ],
            describe=[
                ("org", "организация", ", в {which:loct} {v:работать} {s}", _ORGS, "o_work"),
                ("body", "организация", ", членом {which:gent} {v:являться} {s}", _ORGS, "o_body"),
                ("repr", "организация", ", {which:accs} {v:представлять} {s}", _ORGS),
                ("employer", "работодатель", " {s:gent}", _ORGS, "o_work"),
                ("serves", "организация", ", в {which:loct} {v:служить} {s}", _ORGS, "o_service"),
                ("plays", "команда", ", за {which:accs} {v:выступать} {s}", _ORGS, "o_work"),
                ("place", "{onoun}", ", в {which:loct} {v:работать} {s}", _NAMED_PLACES),
            ],
            dynamic="fast",
        ),
        _rel(
            "HEADQUARTERED_IN",
            # a chamber of parliament sits, it has no headquarters (train f 108: «Сенат США»)
            ask=[
                ("where", "Где {v:находиться:femn} штаб-квартира {s:gent}?", "", "", "s_firm"),
                ("based", "Где {v:базироваться} {s}?", "", "", "s_firm"),
                (
                    "place",
                    "{where} {v:находиться:femn} штаб-квартира {s:gent}?",
                    _NAMED_PLACES,
                    "",
                    "s_firm",
                ),
                ("based_place", "{where} {v:базироваться} {s}?", _NAMED_PLACES, "", "s_firm"),
            ],
            pred=[
                ("based", "{v:базироваться} в {o:loct}", "", "", "s_firm"),
                ("hq", "{v:иметь} штаб-квартиру в {o:loct}", "", "", "s_firm"),
            ],
            describe=[
                (
                    "hq",
                    "{onoun}",
                    ", где {v:находиться:femn} штаб-квартира {s:gent}",
                    _NAMED_PLACES,
                    "s_firm",
                ),
                (
                    "based",
                    "{onoun}",
                    ", в {which:loct} {v:базироваться} {s}",
                    _NAMED_PLACES,
                    "s_firm",
                ),
            ],
        ),
        _rel(
            "LOCATED_IN",
            ask=[
                ("where", "Где {v:находиться} {s}?"),
                ("place", "{where} {v:находиться} {s}?", _NAMED_PLACES),
                ("lies", "{where} {v:располагаться} {s}?", _NAMED_PLACES),
            ],
            pred=[
                ("in", "{v:находиться} в {o:loct}"),
                ("lies", "{v:располагаться} в {o:loct}"),
            ],
            describe=[("in", "{onoun}", ", в {which:loct} {v:находиться} {s}", _NAMED_PLACES)],
            dynamic="static",
        ),
        _rel(
            "SPOUSE",
            ask=[
                ("with", "С кем {v:состоять} в браке {s}?"),
                ("wife", "Как {zovut} жену {s:gent}?", "", "", "s_masc"),
                ("husband", "Как {zovut} мужа {s:gent}?", "", "", "s_femn"),
            ],
            # in the past: one spouse now and one before are both whom one was married to
            many=[("with", "С кем {was:состоять} в браке {s}?")],
            pred=[("with", "{v:состоять} в браке с {o:ablt}")],
            describe=[
                ("wife", "жена", " {s:gent}", "", "o_femn"),
                ("husband", "муж", " {s:gent}", "", "o_masc"),
            ],
        ),
        _rel(
            "PARENT_OF",
            ask=[
                ("child", "Как {zovut} ребёнка {s:gent}?"),
                ("son", "Как {zovut} сына {s:gent}?", "", "", "o_masc"),
                ("daughter", "Как {zovut} дочь {s:gent}?", "", "", "o_femn"),
            ],
            many=[("children", "Как {zovut} детей {s:gent}?")],
            pred=[("parent", "{v:приходиться} родителем {o:datv}")],
            describe=[
                ("son", "сын", " {s:gent}", "", "o_masc"),
                ("daughter", "дочь", " {s:gent}", "", "o_femn"),
            ],
            dynamic="static",
        ),
        _rel(
            "SIBLING",
            ask=[
                ("brother", "Как {zovut} брата {s:gent}?", "", "", "o_masc"),
                ("sister", "Как {zovut} сестру {s:gent}?", "", "", "o_femn"),
            ],
            many=[("siblings", "Как {zovut} братьев и сестёр {s:gent}?")],
            pred=[
                ("brother", "{v:приходиться} братом {o:datv}", "", "", "s_masc"),
                ("sister", "{v:приходиться} сестрой {o:datv}", "", "", "s_femn"),
            ],
            describe=[
                ("brother", "брат", " {s:gent}", "", "o_masc"),
                ("sister", "сестра", " {s:gent}", "", "o_femn"),
            ],
            dynamic="static",
        ),
        _rel(
            "RELATIVE",
            ask=[("who", "Кто {v:приходиться:masc} родственником {s:datv}?")],
            many=[("who", "Как {zovut} родственников {s:gent}?")],
            dynamic="static",
        ),
        _rel(
            "DATE_OF_BIRTH",
            ask=[
                ("when", "Когда {v:родиться} {s}?"),
                ("date", "Какого числа {v:родиться} {s}?", "", "", "o_day"),
                ("birthdate", "Какова дата рождения {s:gent}?", "", "", "o_day"),
            ],
            pred=[
                ("born", "{v:родиться} {date}", "", "", "o_date"),
                ("came", "{v:появиться} на свет {date}", "", "", "o_date"),
            ],
            dynamic="static",
        ),
        _rel(
            "PLACE_OF_BIRTH",
            ask=[
                ("where", "Где {v:родиться} {s}?"),
                ("place", "{where} {v:родиться} {s}?", _NAMED_PLACES),
                ("from", "Откуда родом {s}?", "CITY STATE_OR_PROVINCE DISTRICT COUNTRY"),
                ("native", "Уроженцем какого города {v:являться} {s}?", "CITY"),
            ],
            pred=[
                ("born", "{v:родиться} в {o:loct}"),
                ("came", "{v:появиться} на свет в {o:loct}"),
            ],
            describe=[("born", "{onoun}", ", в {which:loct} {v:родиться} {s}", _NAMED_PLACES)],
            dynamic="static",
        ),
        _rel(
            "DATE_OF_DEATH",
            ask=[("when", "Когда {v:умереть} {s}?"), ("died", "Когда {v:скончаться} {s}?")],
            pred=[("died", "{v:умереть} {date}", "", "", "o_date")],
            dynamic="static",
        ),
        _rel(
            "PLACE_OF_DEATH",
            ask=[
                ("where", "Где {v:умереть} {s}?"),
                ("place", "{where} {v:скончаться} {s}?", _NAMED_PLACES),
            ],
            pred=[("died", "{v:умереть} в {o:loct}")],
            describe=[("died", "{onoun}", ", в {which:loct} {v:умереть} {s}", _NAMED_PLACES)],
            dynamic="static",
        ),
        _rel(
            "CAUSE_OF_DEATH",
            ask=[
                ("from", "От чего {v:умереть} {s}?"),
                ("cause", "Что {v:стать:neut} причиной смерти {s:gent}?"),
            ],
            dynamic="static",
        ),
        _rel(
            "AGE_IS",
            ask=[
                ("now", "Сколько лет {s:datv}?", "", "present", "o_number"),
                ("then", "Сколько лет {be:neut} {s:datv}?", "", "past", "o_number"),
            ],
            dynamic="fast",
        ),
        _rel(
            "AGE_DIED_AT",
            ask=[
                ("age", "В каком возрасте {v:умереть} {s}?", "", "", "o_number"),
                ("years", "Сколько лет {be:neut} {s:datv} на момент смерти?", "", "", "o_number"),
            ],
            pred=[("died", "{v:умереть} в возрасте {age}", "", "", "o_age")],
            dynamic="static",
        ),
        _rel(
            "MEMBER_OF",
            ask=[
                ("member", "Членом какой организации {v:являться} {s}?", _ORGS),
                ("enters", "В какую организацию {v:входить} {s}?", _ORGS),
                ("party", "В какой партии {v:состоять} {s}?", _ORGS, "", "o_party"),
                # a band is no «организация» (stated.py: the text names it a band)
                ("band", "В какую группу {v:входить} {s}?", _ORGS),
            ],
            many=[
                ("members", "Членом каких организаций {v:являться} {s}?", _ORGS),
                ("enters", "В какие организации {v:входить} {s}?", _ORGS),
            ],
            pred=[
                ("in", "{v:состоять} в {o:loct}", _ORGS),
                ("member", "{v:являться} членом {o:gent}", _ORGS),
            ],
            describe=[("member", "организация", ", членом {which:gent} {v:являться} {s}", _ORGS)],
        ),
        _rel(
            "ORGANIZES",
            ask=[
                ("what", "Какое мероприятие {v:организовать} {s}?"),
                ("org", "Организатором какого события {v:выступить} {s}?"),
            ],
            many=[("what", "Какие мероприятия {v:организовать} {s}?")],
            pred=[("org", "{v:организовать} {o:accs}")],
        ),
        _rel(
            "TAKES_PLACE_IN",
            # an event the texts tell as coming («пройдёт», «состоится»): the `_next` frames
            # (stated.py `frame_stated` picks them by the sentence's tense)
            ask=[
                ("where", "Где {v:пройти} {s}?"),
                ("place", "{where} {v:состояться} {s}?", _NAMED_PLACES),
                ("where_next", "Где {fut:пройти} {s}?"),
                ("place_next", "{where} {fut:состояться} {s}?", _NAMED_PLACES),
            ],
            pred=[("held", "{v:пройти} в {o:loct}"), ("held_next", "{fut:пройти} в {o:loct}")],
            describe=[
                ("held", "{onoun}", ", в {which:loct} {v:пройти} {s}", _NAMED_PLACES),
                ("held_next", "{onoun}", ", в {which:loct} {fut:пройти} {s}", _NAMED_PLACES),
            ],
            dynamic="static",
        ),
        _rel(
            "POINT_IN_TIME",
            ask=[
                ("when", "Когда {v:пройти} {s}?"),
                ("held", "Когда {v:состояться} {s}?"),
                ("when_next", "Когда {fut:пройти} {s}?"),
                ("held_next", "Когда {fut:состояться} {s}?"),
            ],
            dynamic="static",
        ),
        _rel(
            "START_TIME",
            ask=[("when", "Когда {v:начаться} {s}?"), ("when_next", "Когда {fut:начаться} {s}?")],
            dynamic="static",
        ),
        _rel(
            "END_TIME",
            ask=[
                ("when", "Когда {v:закончиться} {s}?"),
                ("over", "Когда {v:завершиться} {s}?"),
                ("when_next", "Когда {fut:закончиться} {s}?"),
            ],
            dynamic="static",
        ),
        _rel(
            "DATE_FOUNDED_IN",
            ask=[
                ("when", "Когда {be} {p:основать} {s}?"),
                ("appeared", "Когда {v:появиться} {s}?"),
            ],
            pred=[("founded", "{be} {p:основать} {date}", "", "", "o_date")],
            dynamic="static",
        ),
        _rel(
            "DATE_DEFUNCT_IN",
            ask=[("when", "Когда {v:прекратить} существование {s}?")],
            dynamic="static",
        ),
        _rel(
            "DATE_OF_CREATION",
            ask=[("when", "Когда {be} {p:создать} {s}?"), ("appeared", "Когда {v:появиться} {s}?")],
            dynamic="static",
        ),
        _rel(
            "FOUNDED_BY",
            ask=[
                ("who", "Кто {v:основать:masc} {s:accs}?"),
                ("founder", "Кто {v:стать:masc} основателем {s:gent}?"),
            ],
            many=[("who", "Кто основатели {s:gent}?")],
            pred=[("by", "{p:основать} {o:ablt}")],
            describe=[("founder", "основатель", " {s:gent}", "PERSON", "o_masc")],
            dynamic="static",
        ),
        _rel(
            "OWNER_OF",
            ask=[
                ("owns", "Чем {v:владеть} {s}?", "ORGANIZATION FACILITY PRODUCT WORK_OF_ART"),
                ("company", "Какая компания {v:принадлежать:femn} {s:datv}?", _ORGS),
            ],
            many=[
                ("companies", "Какими компаниями {v:владеть} {s}?", _ORGS),
            ],
            pred=[("owns", "{v:владеть} {o:ablt}", "ORGANIZATION FACILITY PRODUCT WORK_OF_ART")],
            describe=[("owns", "компания", ", {which:ablt} {v:владеть} {s}", _ORGS)],
        ),
        _rel(
            "PRODUCES",
            # a company makes and issues a product; a person creates one («выпускал CPYNET»
            # of a programmer who wrote it, TRAIN read b)
            ask=[
                ("makes", "Что {v:производить} {s}?", "PRODUCT", "", "s_agency"),
                ("issues", "Какой продукт {v:выпускать} {s}?", "PRODUCT", "", "s_agency"),
                ("created", "Какой продукт {v:создать} {s}?", "PRODUCT", "", "s_person"),
                ("author", "Какое произведение {v:создать} {s}?", "WORK_OF_ART"),
                # a newspaper or a magazine is no work (stated.py tells them by the text)
                ("press", "Какое издание {v:выпускать} {s}?", "WORK_OF_ART", "", "s_agency"),
            ],
            many=[
                ("press", "Какие издания {v:выпускать} {s}?", "WORK_OF_ART", "", "s_agency"),
                ("makes", "Какие продукты {v:выпускать} {s}?", "PRODUCT", "", "s_agency"),
                ("created", "Какие продукты {v:создать} {s}?", "PRODUCT", "", "s_person"),
                ("works", "Какие произведения {v:создать} {s}?", "WORK_OF_ART"),
            ],
            pred=[
                ("makes", "{v:выпускать} {o:accs}", "PRODUCT", "", "s_agency"),
                ("created", "{v:создать} {o:accs}", "PRODUCT", "", "s_person"),
                ("author", "{v:создать} {o:accs}", "WORK_OF_ART"),
            ],
            describe=[
                (
                    "author",
                    "произведение",
                    ", автором {which:gent} {v:являться} {s}",
                    "WORK_OF_ART",
                ),
            ],
        ),
        _rel(
            "PRICE_OF",
            ask=[("cost", "Сколько {v:стоить} {s}?"), ("price", "Какова стоимость {s:gent}?")],
            dynamic="fast",
        ),
        _rel(
            "AWARDED_WITH",
            ask=[
                ("won", "Какой награды {v:удостоиться} {s}?"),
                ("got", "Какую награду {v:получить} {s}?"),
            ],
            many=[
                ("got", "Какие награды {v:получить} {s}?"),
                ("won", "Каких наград {v:удостоиться} {s}?"),
            ],
            pred=[
                ("got", "{v:получить} {o:accs}", "", "", "o_prize"),
                ("title", "{v:получить} звание «{o}»", "", "", "o_rank"),
            ],
            describe=[("got", "награда", ", {which:accs} {v:получить} {s}")],
            dynamic="static",
        ),
        _rel(
            "SCHOOLS_ATTENDED",
            ask=[
                ("studied", "Где {was:учиться} {s}?"),
                ("graduated", "Какое учебное заведение {v:окончить} {s}?"),
            ],
            many=[("studied", "В каких учебных заведениях {was:учиться} {s}?")],
            pred=[("graduated", "{v:окончить} {o:accs}"), ("studied", "{was:учиться} в {o:loct}")],
            describe=[("graduated", "учебное заведение", ", {which:accs} {v:окончить} {s}")],
            dynamic="static",
        ),
        _rel(
            "PLACE_RESIDES_IN",
            ask=[
                ("lives", "Где {v:жить} {s}?"),
                ("place", "{where} {v:проживать} {s}?", _NAMED_PLACES),
            ],
            many=[
                ("cities", "В каких городах {v:жить} {s}?", "CITY"),
                ("countries", "В каких странах {v:жить} {s}?", "COUNTRY"),
            ],
            pred=[("lives", "{v:жить} в {o:loct}")],
            describe=[("lives", "{onoun}", ", в {which:loct} {v:жить} {s}", _NAMED_PLACES)],
        ),
        _rel(
            "ORIGINS_FROM",
            ask=[
                ("country", "Какую страну {v:представлять} {s}?", "COUNTRY", "", "s_person"),
                (
                    "citizen",
                    "Гражданином какой страны {v:являться} {s}?",
                    "COUNTRY",
                    "",
                    "s_person",
                ),
                ("from", "{from} {s}?", "COUNTRY CITY STATE_OR_PROVINCE"),
                ("roots", "Откуда родом {s}?", "CITY STATE_OR_PROVINCE DISTRICT", "", "s_person"),
                ("nation", "Кто по национальности {s}?", "NATIONALITY", "", "s_person"),
            ],
            pred=[
                ("repr", "{v:представлять} {o:accs}", "COUNTRY", "", "s_person"),
                ("roots", "родом из {o:gent}", "CITY STATE_OR_PROVINCE DISTRICT COUNTRY"),
            ],
            describe=[
                ("repr", "страна", ", {which:accs} {v:представлять} {s}", "COUNTRY", "s_person")
            ],
            dynamic="static",
        ),
        _rel(
            "SUBORDINATE_OF",
            ask=[
                ("obeys", "Кому {v:подчиняться} {s}?"),
                ("boss", "Кто {v:быть:masc} начальником {s:gent}?"),
            ],
            pred=[("obeys", "{v:подчиняться} {o:datv}")],
            describe=[("boss", "начальник", " {s:gent}", "PERSON")],
            dynamic="fast",
        ),
        _rel(
            "PART_OF",
            ask=[
                ("part", "Частью чего {v:являться} {s}?"),
                ("within", "В состав какой организации {v:входить} {s}?", _ORGS),
            ],
            pred=[("within", "{v:входить} в состав {o:gent}")],
            describe=[("within", "организация", ", в состав {which:gent} {v:входить} {s}", _ORGS)],
        ),
        _rel(
            "SUBEVENT_OF",
            ask=[
                ("part", "Частью какого события {v:быть} {s}?"),
                ("within", "В рамках какого события {v:пройти} {s}?"),
            ],
            pred=[("within", "{v:пройти} в рамках {o:gent}")],
            dynamic="static",
        ),
        _rel(
            "CONVICTED_OF",
            ask=[
                ("accused", "В чём {v:обвинять:plur} {s:accs}?"),
                ("crime", "В каком преступлении {v:подозревать:plur} {s:accs}?"),
            ],
            many=[
                ("accused", "В чём {v:обвинять:plur} {s:accs}?"),
                ("crimes", "В каких преступлениях {v:обвинять:plur} {s:accs}?"),
            ],
            pred=[("accused", "{p:обвинить} в {o:loct}")],
            dynamic="static",
        ),
        _rel(
            "PENALIZED_AS",
            ask=[
                ("got", "Какое наказание {v:получить} {s}?"),
                ("sentenced", "К чему {be} {p:приговорить} {s}?"),
            ],
            many=[("sentenced", "К каким наказаниям {be} {p:приговорить} {s}?")],
            pred=[("sentenced", "{p:приговорить} к {o:datv}", "", "", "o_wordy")],
            dynamic="static",
        ),
        _rel(
            "MEDICAL_CONDITION",
            # a disease, not a vague state («с неврологическими проблемами», «в тяжёлом
            # состоянии») nor an injury; a diagnosis only where the text gives one (stated.py)
            ask=[
                ("suffers", "Каким заболеванием {v:страдать} {s}?", "", "", "o_illness"),
                ("diagnosis", "Какой диагноз {v:поставить:plur} {s:datv}?", "", "", "o_illness"),
                ("injury", "Какую травму {v:получить} {s}?", "", "", "o_injury"),
                # an acute event is undergone once, not suffered from: «перенёс инсульт»
                ("attack", "Какое острое заболевание {was:перенести} {s}?", "", "", "o_acute"),
            ],
            pred=[("suffers", "{v:страдать} {o:ablt}", "", "", "o_illness")],
        ),
        _rel(
            "IDEOLOGY_OF",
            ask=[("views", "Каких взглядов {v:придерживаться} {s}?")],
            pred=[("views", "{v:придерживаться} {o:gent}")],
        ),
        _rel(
            "RELIGION_OF",
            ask=[
                ("faith", "Какую религию {v:исповедовать} {s}?"),
                ("belongs", "К какой конфессии {v:принадлежать} {s}?"),
            ],
            pred=[("faith", "{v:исповедовать} {o:accs}")],
            dynamic="static",
        ),
        _rel(
            "PARTICIPANT_IN",
            ask=[
                ("took_part", "В каком событии {v:принять} участие {s}?", "", "", "o_named"),
                ("took", "В каком мероприятии {v:участвовать} {s}?", "", "", "o_named"),
            ],
            many=[("took_part", "В каких событиях {v:принять} участие {s}?", "", "", "o_named")],
            pred=[("took_part", "{v:принять} участие в {o:loct}", "", "", "o_named")],
            dynamic="static",
        ),
        _rel(
            "HAS_CAUSE",
            ask=[("cause", "Что {v:стать:neut} причиной {s:gent}?")],
            dynamic="static",
        ),
        _rel(
            "EXPENDITURE",
            ask=[("spent", "Сколько {v:потратить} {s}?")],
            dynamic="fast",
        ),
        _rel(
            "INCOME",
            ask=[
                ("earned", "Сколько {v:заработать} {s}?"),
                ("income", "Какой доход {v:получить} {s}?"),
            ],
            dynamic="fast",
        ),
    ]
)

_PEOPLE = PEOPLE
_AGENTS = _PEOPLE | ORG_TYPES
_EVENTS = frozenset({"EVENT"})
# the subject kinds each relation's frames are written for («Когда прошла награда» is not)
SUBJECTS: dict[str, frozenset[str]] = {
    **dict.fromkeys(
        ("WORKS_AS", "WORKPLACE", "SPOUSE", "PARENT_OF", "SIBLING", "RELATIVE", "DATE_OF_BIRTH")
        + ("PLACE_OF_BIRTH", "DATE_OF_DEATH", "PLACE_OF_DEATH", "CAUSE_OF_DEATH", "AGE_DIED_AT")
        + ("SCHOOLS_ATTENDED", "PLACE_RESIDES_IN", "SUBORDINATE_OF", "MEDICAL_CONDITION"),
        _PEOPLE,
    ),
    **dict.fromkeys(
        ("MEMBER_OF", "ORGANIZES", "OWNER_OF", "PRODUCES", "AWARDED_WITH", "CONVICTED_OF")
        + ("PENALIZED_AS", "IDEOLOGY_OF", "RELIGION_OF", "PARTICIPANT_IN", "EXPENDITURE", "INCOME"),
        _AGENTS | {"COUNTRY", "CITY", "STATE_OR_PROVINCE"},
    ),
    "FOUNDED_BY": ORG_TYPES,
    "HEADQUARTERED_IN": ORG_TYPES,
    **dict.fromkeys(
        ("TAKES_PLACE_IN", "POINT_IN_TIME", "START_TIME", "END_TIME", "SUBEVENT_OF", "HAS_CAUSE"),
        _EVENTS,
    ),
    "DATE_FOUNDED_IN": ORG_TYPES | {"CITY", "FACILITY", "EVENT"},
    "DATE_OF_CREATION": frozenset({"WORK_OF_ART", "LAW", "PRODUCT", "AWARD"}),
    "AGE_IS": _PEOPLE,
    "PART_OF": ORG_TYPES | {"FACILITY", "LAW", "WORK_OF_ART"},
    # a country's place is a continent: world knowledge, not news
    "LOCATED_IN": (PLACE_TYPES - {"COUNTRY"}) | ORG_TYPES,
}
# the object kinds they are written for («исповедует Центральный комитет» is an error)
OBJECTS: dict[str, frozenset[str]] = {
    "PARTICIPANT_IN": _EVENTS,
    "ORGANIZES": _EVENTS,
    "RELIGION_OF": frozenset({"RELIGION"}),
    "IDEOLOGY_OF": frozenset({"IDEOLOGY"}),
    "MEDICAL_CONDITION": frozenset({"DISEASE"}),
    "CONVICTED_OF": frozenset({"CRIME"}),
    "PENALIZED_AS": frozenset({"PENALTY"}),
    "AWARDED_WITH": frozenset({"AWARD"}),
    "SCHOOLS_ATTENDED": ORG_TYPES,
    "HEADQUARTERED_IN": PLACE_TYPES,
    "WORKS_AS": frozenset({"PROFESSION"}),
    "FOUNDED_BY": _PEOPLE | ORG_TYPES,
    "SPOUSE": _PEOPLE,
    "PARENT_OF": _PEOPLE,
    "SIBLING": _PEOPLE,
    "RELATIVE": _PEOPLE,
    "SUBORDINATE_OF": _PEOPLE,
}
for _name, _kinds in SUBJECTS.items():
    TEMPLATES[_name] = dataclasses.replace(TEMPLATES[_name], subjects=_kinds)
for _name, _kinds in OBJECTS.items():
    TEMPLATES[_name] = dataclasses.replace(TEMPLATES[_name], objects=_kinds)

# a conditional question whose wh-phrase is the answer's role («Какой актёр родился в ...?»)
ROLE_HEAD = "works_as.head.trade"

# Russian relation names of the natasha extractor and other spellings -> the NEREL type.
ALIASES: dict[str, str] = {
    "должность": "WORKS_AS",
    "возраст": "AGE_IS",
    "дата": "POINT_IN_TIME",
    "место": "TAKES_PLACE_IN",
    "участник": "PARTICIPANT_IN",
    "место работы": "WORKPLACE",
    "местонахождение": "HEADQUARTERED_IN",
    "расположен в": "LOCATED_IN",
    "происхождение": "ORIGINS_FROM",
    "болезнь": "MEDICAL_CONDITION",
    "обвинение": "CONVICTED_OF",
    "наказание": "PENALIZED_AS",
    "награда": "AWARDED_WITH",
    "убеждения": "IDEOLOGY_OF",
    "сумма": "PRICE_OF",
    "автор": "PRODUCES",
    "входит в": "PART_OF",
    "супруг": "SPOUSE",
    "место рождения": "PLACE_OF_BIRTH",
    "дата рождения": "DATE_OF_BIRTH",
    "место смерти": "PLACE_OF_DEATH",
    "дата смерти": "DATE_OF_DEATH",
    "основатель": "FOUNDED_BY",
    "член": "MEMBER_OF",
    "организатор": "ORGANIZES",
    "дата создания": "DATE_OF_CREATION",
}
# relations too vague to ask about (co-occurrence links, alternative names)
UNASKABLE = frozenset({"связан с", "связано с", "другое имя", "ALTERNATIVE_NAME", "ABBREVIATION"})

_TYPE_NOUNS: dict[str, tuple[str, str]] = {
    # entity type -> (wh-phrase asking for such an entity as a subject, neutral noun)
    "PERSON": ("Кто", "человек"),
    "ORGANIZATION": ("Какая организация", "организация"),
    "CITY": ("Какой город", "город"),
    "COUNTRY": ("Какая страна", "страна"),
    "STATE_OR_PROVINCE": ("Какой регион", "регион"),
    "DISTRICT": ("Какой район", "район"),
    "LOCATION": ("Какое место", "место"),
    "FACILITY": ("Какой объект", "объект"),
    "EVENT": ("Какое событие", "событие"),
    "PRODUCT": ("Какой продукт", "продукт"),
    "WORK_OF_ART": ("Какое произведение", "произведение"),
    "AWARD": ("Какая награда", "награда"),
    "LAW": ("Какой закон", "закон"),
}
_WHERE = {
    "CITY": ("В каком городе", "Из какого города"),
    "COUNTRY": ("В какой стране", "Из какой страны"),
    "STATE_OR_PROVINCE": ("В каком регионе", "Из какого региона"),
    "DISTRICT": ("В каком районе", "Из какого района"),
}
_TITLES = frozenset(
    [
        "шейх",
        "эмир",
        "король",
        "королева",
        "принц",
        "принцесса",
        "понтифик",
        "папа",
        "султан",
        "император",
        "императрица",
        "царь",
        "князь",
        "княгиня",
        "герцог",
        "герцогиня",
        "граф",
        "графиня",
        "барон",
        "баронесса",
        "патриарх",
        "далай-лама",
    ]  # noqa: SIM905
)
# roles held in an organisation («Какую должность занимает ...?»), not trades (фигуристка)
_POSTS = frozenset(
    [
        "президент",
        "вице-президент",
        "министр",
        "замминистра",
        "глава",
        "председатель",
        "зампредседателя",
        "руководитель",
        "директор",
        "гендиректор",
        "губернатор",
        "вице-губернатор",
        "мэр",
        "премьер",
        "премьер-министр",
        "заместитель",
        "секретарь",
        "госсекретарь",
        "пресс-секретарь",
        "начальник",
        "командующий",
        "главнокомандующий",
        "посол",
        "депутат",
        "сенатор",
        "спикер",
        "канцлер",
        "генсек",
        "генеральный",
        "прокурор",
        "генпрокурор",
        "ректор",
        "проректор",
        "декан",
        "редактор",
        "главред",
        "менеджер",
        "управляющий",
        "член",
        "советник",
        "помощник",
        "уполномоченный",
        "представитель",
        "полпред",
        "постпред",
        "атташе",
        "консул",
        "комиссар",
        "министр-президент",
        "глава-администрации",
        "префект",
        "губернатор-генерал",
        "вице-премьер",
        "вице-спикер",
        "первый",
        "исполняющий",
        "временно",
        "главный",
        "старший",
    ]  # noqa: SIM905
)
_RANK_WORDS = frozenset(
    [
        "генерал",
        "полковник",
        "подполковник",
        "майор",
        "капитан",
        "лейтенант",
        "адмирал",
        "вице-адмирал",
        "контр-адмирал",
        "маршал",
        "сержант",
        "прапорщик",
        "ефрейтор",
    ]
)
_PRIZES = frozenset("премия медаль орден приз кубок награда грамота статуэтка".split())  # noqa: SIM905
_RANKS = frozenset("артист деятель мастер герой художник врач учитель".split())  # noqa: SIM905
_DAY = re.compile(r"\b\d{1,2}\s+[а-я]+")


def _object_is(kind: str) -> Callable[[str, str, str, str], bool]:
    def check(s: str, s_type: str, o: str, o_type: str) -> bool:
        return person_gender(o) == kind

    return check


def _subject_is(kind: str) -> Callable[[str, str, str, str], bool]:
    def check(s: str, s_type: str, o: str, o_type: str) -> bool:
        return person_gender(s) == kind

    return check


def _title(s: str, s_type: str, o: str, o_type: str) -> bool:
    words = lemmas(o)
    return bool(words) and words[0] in _TITLES


def _rank(s: str, s_type: str, o: str, o_type: str) -> bool:
    """A military or police rank: one holds it («имеет звание генерал-лейтенанта»), one does
    not work as it («работает генерал-лейтенантом»)."""
    words = lemmas(o)
    return bool(words) and (words[0] in _RANK_WORDS or words[0].split("-")[0] in _RANK_WORDS)


# the police, the army, security and prosecution services: one serves in them («служил в ГРУ»)
_SERVICES = frozenset(
    "мвд гувд увд умвд овд фсб кгб гру фсо свр фсин мчс росгвардия полиция армия вмс ввс "  # noqa: SIM905
    "минобороны генштаб прокуратура ск фсбу погранслужба спецназ милиция".split()
)


def _service(s: str, s_type: str, o: str, o_type: str) -> bool:
    words = {w.lower() for w in re.findall(r"[\w-]+", o)} | set(lemmas(o))
    return bool(words & _SERVICES) or {"министерство", "оборона"} <= words


def _service_head(o: str) -> bool:
    """The object's head (past the ordinals and adjectives before it) is a service one serves
    in: «2-я гвардейская армия», «МВД России», not «Академия ФСБ» (a school one works at)."""
    words = [w.strip('«»"“”(),.;:') for w in o.split()]
    for i, word in enumerate(words[:4]):
        if not word:
            return False
        parse = analyzer().parse(word.lower())[0]
        if re.match(r"^\d+-", word) or parse.tag.POS in ("ADJF", "PRTF"):
            continue
        head = str(parse.normal_form).replace("ё", "е")
        after = set(lemmas(" ".join(words[i + 1 : i + 3])))
        return (
            head in _SERVICES
            or word.lower() in _SERVICES
            or (head == "министерство" and "оборона" in after)
        )
    return False


# bodies whose people are members, not employees: «входил в Коллегию кардиналов»
_BODIES = frozenset(
    "коллегия совет сенат парламент дума палата партия движение союз клуб ассамблея конгресс "  # noqa: SIM905
    "госдума мосгордума европарламент совфед сейм кнессет бундестаг меджлис хурал политбюро "
    "компартия фракция цк".split()
)
# bodies whose members are people whatever the words after them («Коммунистическая партия
# Российской Федерации» is no federation's staff)
_PEOPLES_BODIES = frozenset({"партия", "компартия", "фракция"})
_ACADEMIES = frozenset({"наука", "художество"})  # «Академия наук», not «Академия ФСБ»
# a body whose members are organisations or states has staff: one works at UEFA («Союз
# европейских футбольных ассоциаций»), not in it as a member
_MEMBER_BODIES = frozenset(
    "ассоциация федерация организация компания предприятие государство страна город банк "  # noqa: SIM905
    "клуб общество объединение".split()
)


def _body(s: str, s_type: str, o: str, o_type: str) -> bool:
    """The object's head noun (past the adjectives before it) names a body of members."""
    words = [w.strip('«»"“”(),.;:') for w in o.split()]
    for i, word in enumerate(words[:4]):
        if not word:
            return False
        parse = analyzer().parse(word.lower())[0]
        if parse.tag.POS in ("ADJF", "PRTF"):
            continue
        head = str(parse.normal_form).replace("ё", "е")
        after = set(lemmas(" ".join(words[i + 1 : i + 4])))
        if head == "академия":
            return bool(set(lemmas(" ".join(words[i + 1 : i + 2]))) & _ACADEMIES)
        if head == "комитет":  # «Центральный комитет партии», not «Следственный комитет»
            return i > 0 and "центральный" in lemmas(words[i - 1])
        return head in _PEOPLES_BODIES or head in _BODIES and not after & _MEMBER_BODIES
    return False


# legislatures and their chambers: they sit somewhere, they have no headquarters
_LEGISLATURES = frozenset(
    "сенат парламент дума госдума мосгордума палата европарламент совфед сейм кнессет "  # noqa: SIM905
    "бундестаг бундесрат меджлис хурал конгресс рада ассамблея легислатура курултай".split()
)


def _legislature(name: str) -> bool:
    """The name's head noun (past the adjectives before it) is a legislature or a chamber."""
    for word in [w.strip('«»"“”(),.;:') for w in name.split()][:4]:
        if not word:
            return False
        parse = analyzer().parse(word.lower())[0]
        if parse.tag.POS in ("ADJF", "PRTF"):
            continue
        return str(parse.normal_form).replace("ё", "е") in _LEGISLATURES
    return False


# heads of a vague state of health or an acute event, which is no disease one suffers from
# («проблемы с сердцем», «тяжёлое состояние», «остановка сердца»), and of an injury
_VAGUE_HEALTH = frozenset(
    "проблема состояние здоровье самочувствие недомогание боль инвалидность остановка "  # noqa: SIM905
    "приступ кома осложнение нарушение расстройство смерть ощущение дыхание вес истощение "
    "обезвоживание".split()
)
_INJURIES = frozenset("травма ранение перелом ушиб сотрясение ожог рана увечье".split())  # noqa: SIM905
# an acute event of the body, which one «перенёс» (not a disease he «страдает»)
_ACUTE = frozenset("инсульт микроинсульт инфаркт микроинфаркт кровоизлияние".split())  # noqa: SIM905


def _health_head(o: str) -> str:
    """The object's head noun, past the adjectives and participles before it."""
    for word in [w.strip('«»"“”(),.;:') for w in o.split()][:4]:
        parse = analyzer().parse(word.lower())[0] if word else None
        if parse is None or parse.tag.POS in ("ADJF", "PRTF"):
            continue
        return str(parse.normal_form).replace("ё", "е")
    return ""


_PARTY_HEADS = frozenset({"лидер", "член", "вождь", "генсек", "участник", "активист"})
_PARTIES = frozenset({"партия", "компартия", "фракция", "движение", "блок", "иг", "игил"})


def _party_role(o: str) -> bool:
    """A role in a party or a movement («лидер ИГ», «председатель партии «Родина»»,
    «член ЛДПР»): one holds it, one does not work as it."""
    words = [w.replace("ё", "е") for w in lemmas(o)]
    return bool(words) and (words[0] in _PARTY_HEADS or bool(set(words[1:]) & _PARTIES))


WHEN: dict[str, Callable[[str, str, str, str], bool]] = {
    "o_illness": lambda s, st, o, ot: _health_head(o) not in _VAGUE_HEALTH | _INJURIES | _ACUTE,
    "o_acute": lambda s, st, o, ot: _health_head(o) in _ACUTE,
    "o_injury": lambda s, st, o, ot: _health_head(o) in _INJURIES,
    "s_firm": lambda s, st, o, ot: not _legislature(s),
    "o_body": _body,
    # the army, the police, a security service are served in, not worked at (read 11:
    # «Где работал человек, который создал «Тишину»?» -> «2-я гвардейская армия»)
    "o_work": lambda s, st, o, ot: not _body(s, st, o, ot) and not _service_head(o),
    "o_service": _service,
    "title": _title,
    "not_title": lambda s, st, o, ot: not _title(s, st, o, ot) and not _rank(s, st, o, ot),
    "rank": _rank,
    "not_rank": lambda s, st, o, ot: not _rank(s, st, o, ot),
    "post": lambda s, st, o, ot: bool(set(lemmas(o)[:1]) & _POSTS),
    "trade": lambda s, st, o, ot: (
        not _title(s, st, o, ot)
        and not _rank(s, st, o, ot)
        and not set(lemmas(o)[:1]) & _POSTS
        and not _party_role(o)
    ),
    "job": lambda s, st, o, ot: (
        not _title(s, st, o, ot) and not _rank(s, st, o, ot) and not _party_role(o)
    ),
    "party_role": lambda s, st, o, ot: _party_role(o),
    "party_head": lambda s, st, o, ot: (
        _party_role(o) and not set(lemmas(o)[:1]) & (_POSTS | {"член", "участник", "активист"})
    ),
    "o_masc": _object_is("masc"),
    "o_femn": _object_is("femn"),
    "s_masc": _subject_is("masc"),
    "s_femn": _subject_is("femn"),
    "s_person": lambda s, st, o, ot: st.upper() in PEOPLE,
    "s_agency": lambda s, st, o, ot: st.upper() not in PEOPLE,
    "o_party": lambda s, st, o, ot: "партия" in lemmas(o),
    "o_number": lambda s, st, o, ot: any(c.isdigit() for c in o),
    "o_day": lambda s, st, o, ot: bool(_DAY.search(o)),
    "o_date": lambda s, st, o, ot: bool(date_phrase(o)),
    "o_age": lambda s, st, o, ot: bool(age_phrase(o)),
    "o_named": lambda s, st, o, ot: o.lstrip('«"')[:1].isupper(),
    # the head noun may follow an adjective («Нобелевская премия», «Государственная премия»)
    "o_prize": lambda s, st, o, ot: bool(set(lemmas(o)[:2]) & _PRIZES),
    "o_rank": lambda s, st, o, ot: bool(set(lemmas(o)[:2]) & _RANKS) and "«" not in o,
    "o_wordy": lambda s, st, o, ot: not any(c.isdigit() for c in o),
}


@lru_cache(maxsize=1)
def _extractor_names() -> dict[str, str]:
    """Russian relation name -> NEREL type, as the KG part names them."""
    return {name: nerel for nerel, name in RELATION_NAMES.items()}


def relation_type(relation: str) -> str:
    """The TEMPLATES key of a relation name: a NEREL type, a known Russian name or an upper-cased
    spelling (a predicate lemma gets a key no template has)."""
    name = relation.strip().lower()
    return ALIASES.get(name) or _extractor_names().get(name) or relation.upper().replace(" ", "_")


def type_noun(entity_type: str) -> str:
    """A neutral noun for an entity of this type (организация, город, человек...)."""
    return _TYPE_NOUNS.get(entity_type.upper(), ("Что", "место"))[1]


def subject_wh(entity_type: str) -> str:
    """The wh-phrase that asks for a subject of this type (Кто, Какая организация...)."""
    return _TYPE_NOUNS.get(entity_type.upper(), ("Что", "объект"))[0]


def wh_gender(wh: str) -> str:
    """The gender a predicate agrees with after this wh-phrase (Кто -> masc)."""
    if wh == "Кто":
        return "masc"
    if wh == "Что":
        return "neut"
    return phrase_gender(wh.split(" ", 1)[-1])


@lru_cache(maxsize=4096)
def verb_form(lemma: str, tense: str, agree: str) -> str:
    """The verb `lemma` for a subject of gender/number `agree` (masc/femn/neut/plur): present
    3rd person for an imperfective verb unless `tense` is past; past for a perfective one."""
    if lemma == "быть":
        if tense != "past":
            return "является" if agree != "plur" else "являются"
        return {"masc": "был", "femn": "была", "neut": "было"}.get(agree, "были")
    for p in analyzer().parse(lemma):
        if p.tag.POS != "INFN":
            continue
        perfective = "perf" in p.tag
        if tense == "past" or perfective:
            grams = {"VERB", "past", "plur"} if agree == "plur" else {"VERB", "past", agree, "sing"}
        else:
            grams = {"VERB", "pres", "3per", "plur" if agree == "plur" else "sing"}
        out = p.inflect(grams)
        if out is not None:
            return str(out.word)
    raise ValueError(f"no verb form of {lemma!r} ({tense}, {agree})")


@lru_cache(maxsize=1024)
def future_form(lemma: str, agree: str) -> str:
    """The 3rd person future of a perfective verb («пройдёт», «состоятся»)."""
    for p in analyzer().parse(lemma):
        if p.tag.POS == "INFN" and "perf" in p.tag:
            out = p.inflect({"VERB", "futr", "3per", "plur" if agree == "plur" else "sing"})
            if out is not None:
                return str(out.word)
    raise ValueError(f"no future of {lemma!r} ({agree})")


@lru_cache(maxsize=1024)
def short_participle(lemma: str, agree: str) -> str:
    """The short passive participle (основан, основана, основаны) agreeing with `agree`."""
    for p in analyzer().parse(lemma):
        if p.tag.POS != "INFN":
            continue
        for form in p.lexeme:
            tag = form.tag
            if tag.POS != "PRTS" or "pssv" not in tag or "past" not in tag:
                continue
            if agree == "plur" and tag.number == "plur":
                return str(form.word)
            if agree != "plur" and tag.number == "sing" and tag.gender == agree:
                return str(form.word)
    raise ValueError(f"no short participle of {lemma!r} ({agree})")


_MONTHS_LOCT = {
    "января": "январе", "февраля": "феврале", "марта": "марте", "апреля": "апреле",
    "мая": "мае", "июня": "июне", "июля": "июле", "августа": "августе",
    "сентября": "сентябре", "октября": "октябре", "ноября": "ноябре", "декабря": "декабре",
}  # fmt: skip


def date_phrase(date: str) -> str:
    """A date as it follows a verb («родился 2 ноября 1948 года», «в 1948 году», «в марте
    2017 года»), or '' for a form no such phrase is made from."""
    if re.fullmatch(r"\d{1,2} [а-я]+(?: \d{4} года)?", date) and date.split()[1] in _MONTHS_LOCT:
        return date
    m = re.fullmatch(r"(\d{4}) год", date)
    if m:
        return f"в {m.group(1)} году"
    m = re.fullmatch(r"(\d{4})—(\d{4}) годы", date)
    if m:
        return f"в {m.group(1)}—{m.group(2)} годах"
    m = re.fullmatch(r"([а-я]+) (\d{4}) года", date)
    if m and m.group(1) in _MONTHS_LOCT:
        return f"в {_MONTHS_LOCT[m.group(1)]} {m.group(2)} года"
    return ""


_AGE = re.compile(r"(\d+) (?:год|года|лет)")


def age_phrase(age: str) -> str:
    """An age in the genitive, as «в возрасте» takes it («52 года» -> «52 лет», «21 год» ->
    «21 года»), or '' for another form."""
    m = _AGE.fullmatch(age)
    if not m:
        return ""
    n = int(m.group(1))
    return f"{n} {'года' if n % 10 == 1 and n % 100 != 11 else 'лет'}"


def _which(head: str, case: str) -> str:
    gender = phrase_gender(head)
    number = "plur" if gender == "plur" else "sing"
    grams = {case, number} | ({gender} if number == "sing" else set())
    if case == "accs" and gender in ("masc", "plur"):
        grams.add("inan")
    out = analyzer().parse("который")[0].inflect(grams)
    return str(out.word) if out is not None else "который"


_SLOT = re.compile(r"\{(\w+)(?::(\w+))?(?::(\w+))?\}")


def entity_gender(name: str, entity_type: str) -> str:
    """The gender a verb agrees with when `name` is its subject."""
    if entity_type.upper() in PEOPLE:
        return person_gender(name) or "masc"
    return phrase_gender(name.strip('«»"'))


# the kind nouns an event's own name begins with, which need no quotes («Чемпионат мира»)
_EVENT_KINDS = frozenset(
    "выставка фестиваль чемпионат кубок игра конкурс форум турнир саммит конференция война "  # noqa: SIM905
    "битва сражение матч олимпиада выборы референдум церемония премия акция марш митинг "
    "парад концерт теракт авария катастрофа землетрясение забастовка революция кризис день "
    "неделя год съезд заседание встреча переговоры визит суд процесс операция дело скандал "
    "гран-при тур этап сезон лига первенство слёт слет праздник шоу ярмарка биеннале".split()
)

_WORK_KINDS = frozenset(
    "фильм роман повесть рассказ песня альбом книга сериал спектакль опера балет картина "  # noqa: SIM905
    "симфония статья доклад сборник поэма мюзикл шоу программа передача журнал газета".split()
)


def _is_title(name: str, kind: str) -> bool:
    """An event's or a work's title made of a common noun and more («Витамин Б», «Мастер и
    Маргарита»), read as that noun without quotes; not a name that begins with its kind
    («Чемпионат мира»), an adjective («Олимпийские игры») or a person's or place's name."""
    if "«" in name or '"' in name:
        return False
    if kind == "ORGANIZATION":  # a slogan for a name: «Вперёд, Италия»
        head, _, rest = name.partition(",")
        return (
            bool(rest)
            and head[:1].isupper()
            and rest.strip()[:1].isupper()
            and not (
                re.search(r"[A-Za-z]", name)  # «Bolt, Beranek and Newman»: a Latin firm name
            )
        )
    if kind not in ("EVENT", "WORK_OF_ART"):
        return False
    words = name.split()
    if len(words) < 2 or not words[0][:1].isupper() or words[0].isupper():
        return False
    if any(c.isdigit() for c in name) or re.search(r"(?:ние|тие|ство)$", words[0].lower()):
        return False  # an edition («Кинотавр 2001 года»), an act told («Покушение на ...»)
    if not analyzer().word_is_known(words[0].lower()):
        return False
    parse = analyzer().parse(words[0].lower())[0]
    pos = ("NOUN", "ADJF") if kind == "WORK_OF_ART" else ("NOUN",)  # «Тихий Дон»
    if parse.tag.POS not in pos or {"Name", "Surn", "Patr", "Geox", "Orgn"} & parse.tag.grammemes:
        return False
    kinds = _EVENT_KINDS if kind == "EVENT" else _WORK_KINDS
    return str(parse.normal_form) not in kinds


def render(
    text: str,
    *,
    s: str = "",
    o: str = "",
    s_type: str = "",
    o_type: str = "",
    tense: str = "",
    agree: str | None = None,
    head: str = "",
    capitalize: bool = True,
) -> str | None:
    """Fill a frame's slots; None when a name cannot be put in the case a slot asks."""
    gender = agree or entity_gender(s, s_type)
    failed = False

    def fill(m: re.Match[str]) -> str:
        nonlocal failed
        name, arg, arg2 = m.group(1), m.group(2), m.group(3)
        if name in ("s", "o"):
            value = inflect_name(
                s if name == "s" else o, arg or "nomn", s_type if name == "s" else o_type
            )
            if value is None:
                failed = True
                return ""
            value = _abbreviation_case(value, arg or "nomn")
            raw, kind = (s, s_type) if name == "s" else (o, o_type)
            return f"«{value}»" if _is_title(raw, kind) else value
        if name == "v":
            return verb_form(arg or "", tense, arg2 or gender)
        if name == "was":
            return verb_form(arg or "", "past", arg2 or gender)
        if name == "fut":
            return future_form(arg or "", arg2 or gender)
        if name == "p":
            return short_participle(arg or "", arg2 or gender)
        if name == "be":
            return verb_form("быть", "past", arg or gender)
        if name == "zovut":
            return "звали" if tense == "past" else "зовут"
        if name in ("where", "from"):
            pair = _WHERE.get(o_type.upper(), ("Где", "Откуда"))
            return pair[0 if name == "where" else 1]
        if name == "date":
            return date_phrase(o)
        if name == "age":
            return age_phrase(o)
        if name == "onoun":
            return type_noun(o_type)
        if name == "which":
            return _which(head or type_noun(o_type), arg or "nomn")
        raise ValueError(f"unknown template slot {m.group(0)!r}")

    out = _SLOT.sub(fill, text)
    if failed:
        return None
    out = re.sub(r"\s+", " ", out).strip()
    out = re.sub(r"\s+([,?])", r"\1", out)
    out = _PREPOSITION.sub(
        lambda m: (
            m.group(1)
            + _keep_case(m.group(2), preposition_form(m.group(2).lower(), m.group(3)))
            + " "
        ),
        out,
    )
    out = _na(out)
    return out[:1].upper() + out[1:] if capitalize else out


_ABBREVIATION_ENDINGS = {"gent": "а", "datv": "у", "ablt": "ом", "loct": "е"}
_CONSONANTS = "бвгджзйклмнпрстфхцчшщ"


def _abbreviation_case(value: str, case: str) -> str:
    """A masculine abbreviation read as a word takes its case ending («во ВГИКе», «МИДа
    России», «в ЦИКе»); one read letter by letter (МВД, ФСБ), ending in a vowel (МГУ, НАТО)
    or feminine (РАН, ООН) stays as written."""
    ending = _ABBREVIATION_ENDINGS.get(case)
    first, sep, rest = value.partition(" ")
    if not ending or not _spoken_masculine(first):
        return value
    return first + ending + sep + rest


@lru_cache(maxsize=4096)
def _spoken_masculine(word: str) -> bool:
    if len(word) < 3 or not re.fullmatch(r"[А-ЯЁ]+", word):
        return False
    low = word.lower()
    if low[-1] not in _CONSONANTS or low[-1] == low[-2] or not set(low) & _VOWELS:
        return False  # «ТАСС» stays
    if re.search(f"[{_CONSONANTS}]{{3}}", low):
        return False  # «ЕСПЧ» is read letter by letter
    genders = {p.tag.gender for p in analyzer().parse(low) if p.tag.POS == "NOUN"}
    return not genders & {"femn", "neut"}


_PREPOSITION = re.compile(r"(^|\s)(в|во|с|со|к|ко|о|об)\s+(?=(\S+))", re.IGNORECASE)
# places that take «на»: «на Украине» is the press norm of NEREL's years, «на Филиппинах»,
# islands (lemmas)
_NA_PLACES = frozenset(
    [
        "украина",
        "филиппины",
        "куба",
        "кипр",
        "мальта",
        "сахалин",
        "камчатка",
        "урал",
        "кавказ",
        "аляска",
        "гавайи",
        "ямайка",
        "мадагаскар",
        "шри-ланка",
        "тайвань",
        "гаити",
        "крит",
        "сицилия",
        "сардиния",
        "корсика",
        "балканы",
        "чукотка",
        "ямал",
        "кубань",
        "ставрополье",
        "алтай",
        # islands take «на» («на Хонсю», «на Бали»), and so does «остров» itself
        "остров",
        "хонсю",
        "хоккайдо",
        "кюсю",
        "сикоку",
        "окинава",
        "бали",
        "ява",
        "суматра",
        "мальдивы",
        "сейшелы",
        "багамы",
        "канары",
        "курилы",
        "тасмания",
        "пхукет",
        "шпицберген",
        "майорка",
        "тенерифе",
        "барбадос",
        "бермуды",
        "соловки",
    ]  # noqa: SIM905
)


# workplaces one works «на», not «в»: «на Цзяннаньском судостроительном заводе»
_NA_WORKPLACES = frozenset(
    (
        "завод",
        "фабрика",
        "комбинат",
        "верфь",
        "судоверфь",
        "предприятие",
        "шахта",
        "рудник",
        "станция",
        "электростанция",
        "радиостанция",
        "телеканал",
        "канал",
        "радио",
        "почта",
        "месторождение",
        "стройка",
        # not workplaces, but head nouns of «на» too: «на Канарских островах», «на Крымском
        # полуострове»
        "остров",
        "полуостров",
        "архипелаг",
    )
)


def _na_head(words: list[str]) -> bool:
    """The phrase after «в» is headed by a place of «на»: its first word a place that takes it
    («Украине»), or, past the adjectives before it, a workplace noun («заводе»)."""
    first = words[0].strip(",.?;:")
    if lemmas(first)[:1] and lemmas(first)[0] in _NA_PLACES:
        return True
    for word in words[:4]:
        if word[:1] in '«"“(' or not word.strip(",.?;:"):
            return False
        parse = analyzer().parse(word.strip(",.?;:").lower())[0]
        if parse.tag.POS in ("ADJF", "PRTF") or re.fullmatch(r"\d+-\w+", word):
            continue
        return parse.tag.POS == "NOUN" and parse.normal_form in _NA_WORKPLACES
    return False


def _na(text: str) -> str:
    def swap(m: re.Match[str]) -> str:
        if _na_head(text[m.end(2) :].split()):
            return f"{m.group(1)}{'На' if m.group(2)[0].isupper() else 'на'} "
        return m.group(0)

    return re.sub(r"(^|\s)(в|во|В|Во)\s+(?=\S)", swap, text)


def _keep_case(old: str, new: str) -> str:
    return new[:1].upper() + new[1:] if old[:1].isupper() else new


_VOWELS = frozenset("аеёиоуыэюя")


def preposition_form(preposition: str, following: str) -> str:
    """«в»/«во», «с»/«со», «о»/«об», «к»/«ко» as the next word needs them (во Франции, в
    Байкале; со Швецией; об Италии)."""
    base = {"во": "в", "со": "с", "об": "о", "обо": "о", "ко": "к"}.get(preposition, preposition)
    word = following.lstrip('«"“(').lower()
    if not word:
        return base
    letters = following.lstrip('«"“(').rstrip(",.?;:»")
    if re.fullmatch(r"[А-ЯЁ]{2,}", letters) and not set(word) & _VOWELS:
        return base  # read letter by letter: «в ФСБ» («эф-эс-бэ»)
    cluster = len(word) > 1 and word[1] not in _VOWELS
    if base == "в" and word[0] in "вф" and cluster or base == "с" and word[0] in "сзшж" and cluster:
        return base + "о"
    if base == "к" and word.startswith(("мн", "вс")):
        return "ко"
    if base == "о" and word[0] in "аоуыэи":
        return "об"
    return base


__all__ += [
    "ROLE_HEAD",
    "entity_gender",
    "wh_gender",
    "short_participle",
    "ORG_TYPES",
    "DATE_TYPES",
]
