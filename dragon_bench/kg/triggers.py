"""Triggers: the evidence in a sentence that states a relation between two of its mentions.

A triple is made only where a trigger holds: a role noun in apposition to a name («президент
Исландии Гвюдни Йоуханнессон»), a genitive or adjective on a role or an organisation
(«президент Исландии», «американская компания»), a verb frame whose roles come from the
dependency parse («родился в», «обвиняется в», «штаб-квартира … находится в») or a kin noun
(«жена X»). The entity types only restrict which mentions a trigger may join, never decide a
relation alone. Appositions are read left to right and may not cross punctuation, a
conjunction or another name, so list items («президент A, премьер B и председатель C»)
are never linked to each other's roles. Each trigger's name is the key of its calibrated
confidence (`dragon_bench.kg.calibration`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from dragon_bench.kg.mentions import Mention, Sentence
from dragon_bench.nlp.lemmas import parses
from dragon_bench.types import EntityType as E

__all__ = ["Found", "PLACES", "PROPER", "RELATION_NAMES", "find_facts", "tense_of"]

# NEREL relation type -> the Russian name a triple shows (questions/templates.ALIASES reads it).
RELATION_NAMES: dict[str, str] = {
    "WORKS_AS": "должность",
    "WORKPLACE": "место работы",
    "HEADQUARTERED_IN": "местонахождение",
    "LOCATED_IN": "расположен в",
    "AGE_IS": "возраст",
    "AGE_DIED_AT": "возраст смерти",
    "ORIGINS_FROM": "происхождение",
    "PLACE_OF_BIRTH": "место рождения",
    "DATE_OF_BIRTH": "дата рождения",
    "PLACE_OF_DEATH": "место смерти",
    "DATE_OF_DEATH": "дата смерти",
    "AWARDED_WITH": "награда",
    "CONVICTED_OF": "обвинение",
    "PENALIZED_AS": "наказание",
    "MEMBER_OF": "член",
    "FOUNDED_BY": "основатель",
    "PRODUCES": "автор",
    "SPOUSE": "супруг",
    "PARENT_OF": "родитель",
    "SIBLING": "брат или сестра",
    "TAKES_PLACE_IN": "место",
    "POINT_IN_TIME": "дата",
    "PARTICIPANT_IN": "участник",
    "AGENT": "действующее лицо",
    "SCHOOLS_ATTENDED": "учёба",
    "PLACE_RESIDES_IN": "место жительства",
    "MEDICAL_CONDITION": "болезнь",
    "CAUSE_OF_DEATH": "причина смерти",
}

PLACES = frozenset({E.LOCATION, E.CITY, E.COUNTRY, E.STATE_OR_PROVINCE, E.DISTRICT})
# kinds of entity that have proper names
PROPER = PLACES | {E.PERSON, E.ORGANIZATION, E.FACILITY}
_WORKPLACES = PLACES | {E.ORGANIZATION, E.FACILITY}
_AGENTS = frozenset({E.PERSON, E.ORGANIZATION})
_OPEN = {"«", '"', "“", "„"}
_CLOSE = {"»", '"', "”"}
_PAST_MARKERS = frozenset(
    {"бывший", "экс", "прежний", "покойный", "тогдашний", "бывшая", "экс-президент"}
)


# roles held in a country or a city («российский президент»), not a person's origin
def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


OFFICES = _words(
    """
    президент вице-президент премьер премьер-министр министр вице-премьер замминистра канцлер
    губернатор мэр глава руководитель председатель зампред заместитель посол консул депутат
    сенатор спикер генпрокурор прокурор омбудсмен король королева монарх император премьер
    госсекретарь генсек полпред постпред градоначальник префект главнокомандующий
    """
)
_LAUREATES = _words(
    "лауреат лауреатка обладатель обладательница призер призёр номинант номинантка кавалер"
)
_AWARD_KINDS = frozenset({E.AWARD})
_FOUNDERS = frozenset({"основатель", "сооснователь", "учредитель", "основательница"})
_GRADUATES = _words("выпускник выпускница")
_STUDENTS = _GRADUATES | _words("студент студентка аспирант аспирантка курсант слушатель")
# an honorary title, not a post: «народный артист России», «олимпийская чемпионка»
_CHAMPIONS = frozenset({"чемпион", "чемпионка", "экс-чемпион", "экс-чемпионка"})
_HONORARY = frozenset({"народный", "заслуженный", "почетный", "почётный"})
_NOT_TITLES = frozenset({"поэт", "поэтесса", "писатель", "писательница", "гражданин"})
# a member of a party, not its employee: «член Партии регионов Геннадий Кернес» (a member
# of a council or a board is its workplace in NEREL: «член Совета Федерации»)
_MEMBERS = frozenset({"член"})
_PARTY_WORDS = ("парти", "движени", "фракци", "блок")
_PARTY_NOUNS = _words("партия фракция блок движение")
# parties named by an abbreviation with no party word in it: «член ЛДПР», «член КПСС»
_PARTY_ACRONYMS = frozenset(
    {"ЛДПР", "КПРФ", "КПСС", "СПС", "ХДС", "ХСС", "СДПГ", "СвДП", "АдГ", "ПСОЕ", "ПАСОК", "КПУ"}
)
# «членство Соловьёва в партии»
_JOINING = _words("членство")  # not «вступление», «приём»: often only planned
_COPULAS = _words("являться стать становиться оставаться")
# kin noun -> (relation type, whether the name in apposition is Arg1)
_KIN = {  # its words are `mentions.KIN_NOUNS`
    "жена": ("SPOUSE", True),
    "муж": ("SPOUSE", True),
    "супруг": ("SPOUSE", True),
    "супруга": ("SPOUSE", True),
    "вдова": ("SPOUSE", True),
    "вдовец": ("SPOUSE", True),
    "сын": ("PARENT_OF", False),
    "дочь": ("PARENT_OF", False),
    "отец": ("PARENT_OF", True),
    "мать": ("PARENT_OF", True),
    "брат": ("SIBLING", True),
    "сестра": ("SIBLING", True),
}

# verb frames: lemmas -> (subject roles, subject types, object role, prepositions, object
# types, relation type, subject is Arg1)
_Frame = tuple[
    frozenset[str],
    frozenset[str],
    frozenset[str],
    frozenset[str],
    frozenset[str],
    frozenset[str],
    str,
    bool,
]


def _f(
    lemmas: str,
    subj_roles: str,
    subj_types: frozenset[str],
    obj_roles: str,
    preps: str,
    obj_types: frozenset[str],
    relation: str,
    forward: bool = True,
) -> tuple[str, _Frame]:
    key = lemmas.split()[0]
    return key, (
        frozenset(lemmas.split()),
        frozenset(subj_roles.split()),
        subj_types,
        frozenset(obj_roles.split()),
        frozenset("" if x == "-" else x for x in preps.split()),  # "-": no preposition
        obj_types,
        relation,
        forward,
    )


_P = frozenset({E.PERSON})
_ILL = frozenset({E.DISEASE})
_DEATH = "умереть скончаться погибнуть"
FRAMES: dict[str, _Frame] = dict(
    [
        _f("родиться", "nsubj", _P, "obl", "в во на", PLACES, "PLACE_OF_BIRTH"),
        _f(_DEATH, "nsubj", _P, "obl", "в во на", PLACES, "PLACE_OF_DEATH"),
        _f("работать служить трудиться", "nsubj", _P, "obl", "в во на", _WORKPLACES, "WORKPLACE"),
        _f(
            "возглавлять возглавить руководить",
            "nsubj",
            _P,
            "obj obl",
            "-",
            _WORKPLACES,
            "WORKPLACE",
        ),
        _f(
            "наградить удостоить наградить награждать",
            "obj nsubj:pass",
            _P | {E.ORGANIZATION},
            "obl",
            "- за",
            frozenset({E.AWARD}),
            "AWARDED_WITH",
        ),
        _f(
            "получить удостоиться завоевать выиграть получать взять брать",
            "nsubj",
            _P | {E.ORGANIZATION},
            "obj obl",
            "-",
            frozenset({E.AWARD}),
            "AWARDED_WITH",
        ),
        _f(
            "обвинить обвинять осудить подозревать осуждать",
            "obj nsubj:pass",
            _P | {E.ORGANIZATION},
            "obl",
            "в во",
            frozenset({E.CRIME}),
            "CONVICTED_OF",
        ),
        # «осуждён за мошенничество»; «признан виновным в хищении» (with «виновный», below)
        _f(
            "осудить осуждать признать признавать",
            "obj nsubj:pass",
            _P | {E.ORGANIZATION},
            "obl",
            "за в во",
            frozenset({E.CRIME}),
            "CONVICTED_OF",
        ),
        _f(
            "обвиняться подозреваться",
            "nsubj nsubj:pass",
            _P | {E.ORGANIZATION},
            "obl",
            "в во",
            frozenset({E.CRIME}),
            "CONVICTED_OF",
        ),
        _f(
            "приговорить приговаривать",
            "obj nsubj:pass",
            _P,
            "obl",
            "к",
            frozenset({E.PENALTY}),
            "PENALIZED_AS",
        ),
        _f(
            "вступить состоять",
            "nsubj",
            _P | {E.ORGANIZATION} | PLACES,
            "obl",
            "в во",
            frozenset({E.ORGANIZATION}),
            "MEMBER_OF",
        ),
        _f(
            "основать учредить основывать",
            "nsubj",
            _AGENTS,
            "obj",
            "-",
            frozenset({E.ORGANIZATION}),
            "FOUNDED_BY",
            False,
        ),
        _f(
            "снять написать выпустить спеть опубликовать снимать написать издать",
            "nsubj",
            _AGENTS,
            "obj",
            "-",
            frozenset({E.WORK_OF_ART}),
            "PRODUCES",
        ),
        _f(
            "находиться располагаться базироваться расположиться",
            "nsubj",
            frozenset({E.ORGANIZATION}),
            "obl",
            "в во на",
            PLACES,
            "HEADQUARTERED_IN",
        ),
        _f(
            "окончить закончить оканчивать заканчивать учиться обучаться поступить",
            "nsubj",
            _P,
            "obj obl",
            "- в во на",
            frozenset({E.ORGANIZATION}),
            "SCHOOLS_ATTENDED",
        ),
        _f("жить проживать", "nsubj", _P, "obl", "в во на", PLACES, "PLACE_RESIDES_IN"),
        _f("страдать болеть заболеть", "nsubj", _P, "obl", "-", _ILL, "MEDICAL_CONDITION"),
        _f(
            "госпитализировать доставить",
            "obj nsubj:pass",
            _P,
            "obl",
            "с",
            _ILL,
            "MEDICAL_CONDITION",
        ),
        _f(
            "диагностировать обнаружить выявить",
            "obl@у",
            _P,
            "obj nsubj:pass",
            "-",
            _ILL,
            "MEDICAL_CONDITION",
        ),
        _f("случиться произойти", "obl@у", _P, "nsubj", "-", _ILL, "MEDICAL_CONDITION"),
        _f("перенести", "nsubj", _P, "obj", "-", _ILL, "MEDICAL_CONDITION"),
        _f("скончаться умереть погибнуть", "nsubj", _P, "obl", "от", _ILL, "CAUSE_OF_DEATH"),
        _f("исполниться", "iobj obl@", _P, "nsubj", "-", frozenset({E.AGE}), "AGE_IS"),
        _f("жениться", "nsubj", _P, "obl", "на", _P, "SPOUSE"),
        _f("замужем женатый выйти", "nsubj", _P, "obl", "за на", _P, "SPOUSE"),
        _f("развестись", "nsubj", _P, "obl", "с со", _P, "SPOUSE"),
        _f(
            "присудить вручить присуждать вручать достаться",
            "iobj obl@",
            _P | {E.ORGANIZATION},
            "obj nsubj:pass nsubj",
            "-",
            frozenset({E.AWARD}),
            "AWARDED_WITH",
        ),
        _f(
            "отбывать отбыть получить",
            "nsubj",
            _P,
            "obj",
            "-",
            frozenset({E.PENALTY}),
            "PENALIZED_AS",
        ),
        _f(
            "участвовать",
            "nsubj",
            _AGENTS,
            "obl",
            "в во",
            frozenset({E.EVENT}),
            "PARTICIPANT_IN",
        ),
    ]
)
# participles tagged as adjectives -> their verb; those of them that are passive
_PARTICIPLES = {
    "расположенный": "расположиться",
    "находящийся": "находиться",
    "базирующийся": "базироваться",
    "располагающийся": "располагаться",
    "награжденный": "наградить",
    "награждённый": "наградить",
    "удостоенный": "удостоить",
}
_PASSIVE_PARTICIPLES = frozenset({"награжденный", "награждённый", "удостоенный"})
# the place of facilities and places is LOCATED_IN; dates of birth and death
_LOCATED_VERBS = _words("находиться располагаться расположиться")
_BIRTH = frozenset({"родиться"})
_DEATHS = frozenset(_DEATH.split())
# verbs that say where and when an event noun (their subject) happened
_HAPPEN = _words("пройти состояться произойти начаться завершиться открыться проходить")
_ROLE_VERBS = _words(
    "являться стать становиться работать служить назначить избрать переизбрать назначать "
    "избирать остаться оставаться трудиться"
)


# nouns of an achievement or a part, not a post: «стал победителем», «является автором»
_NOT_POSTS = _words(
    """
    победитель победительница лауреат кандидат автор соавтор участник участница призер
    призёр чемпион чемпионка обладатель обладательница жертва свидетель номинант финалист
    """
)
# verbs whose object takes the role («Алиев назначил супругу вице-президентом»): their active
# subject is the one who appoints, not the holder
_APPOINT = _words("назначить избрать переизбрать назначать избирать")

# the nouns of a post («занимать должность министра», «на посту мэра») and the verbs of
# holding it, taking it or being put in it
_POST_NOUNS = _words("должность пост")
# holding it: the verb's tense is the post's («занимала должность министра»: past)
_POST_HELD = _words(
    "занимать работать проработать служить трудиться находиться оставаться остаться пребывать"
)
# taking it (the holder holds it now) and leaving it (a past post); of those whose active
# subject is someone else («Сенат утвердил X на посту», «освободил X от должности») the
# holder is the object
_POST_TAKEN = _words("занять вступить заступить сменить назначить назначать избрать избирать")
_POST_LEFT = _words("уйти покинуть оставить освободить снять уволить отстранить")
_POST_OTHERS = _APPOINT | _words("утвердить утверждать освободить снять уволить отстранить")
_POST_VERBS = _POST_HELD | _POST_TAKEN | _POST_LEFT | _words("утвердить утверждать")


@dataclass(frozen=True, slots=True)
class Found:
    """A relation a trigger states: subject (Arg1), object (Arg2), NEREL type, rule, tense."""

    subject: Mention
    object: Mention
    relation_type: str
    trigger: str
    tense: str
    cue: str = ""
    # tokens (first, head, last) of the object's phrase when it is wider than its mention
    # («народный артист России» for the mention «артист»)
    object_phrase: tuple[int, int, int] | None = None


class _View:
    """One sentence with its mentions indexed by token."""

    def __init__(self, sent: Sentence, mentions: list[Mention]) -> None:
        self.sent = sent
        self.toks = sent.tokens
        self.mentions = mentions
        self.by_head = {m.head: m for m in mentions}
        self.first: dict[Mention, int] = {}
        self.last: dict[Mention, int] = {}
        # tokens inside a name that is neither a person nor a role («Говорит Москва»)
        self.named: set[int] = set()
        for m in mentions:
            idx = [t.i for t in self.toks if m.start <= t.start and t.end <= m.end] or [m.head]
            self.first[m], self.last[m] = idx[0], idx[-1]
            if m.type not in (E.PERSON, E.PROFESSION) and len(idx) > 1:
                self.named.update(idx)

    def ancestors(self, i: int) -> list[int]:
        return self.sent.ancestors(i)

    def under(self, i: int, root: int) -> bool:
        return root in self.ancestors(i)

    def case(self, i: int) -> str:
        return self.toks[i].feats.get("Case", "")

    def prep(self, i: int) -> str:
        preps = [c for c in self.sent.children[i] if self.toks[c].rel == "case"]
        return self.toks[preps[0]].text.lower() if preps else ""

    def anchor(self, i: int) -> int:
        """The token whose role a name takes (climbing flat names, not appositions)."""
        steps = 0
        while self.toks[i].rel in ("flat", "flat:name", "flat:foreign") and steps < 10:
            i, steps = self.toks[i].head, steps + 1
        return i

    def filler(self, m: Mention) -> int:
        """The token that fills the mention's clause role: its own, or that of the first
        conjunct, or that of the noun an apposition renames («в городе Твери»: «городе»)."""
        i, steps = self.anchor(m.head), 0
        while self.toks[i].rel in ("conj", "appos") and self.toks[i].head >= 0 and steps < 6:
            i, steps = self.anchor(self.toks[i].head), steps + 1
        return i

    def role_of(self, m: Mention) -> tuple[int, str]:
        """(head token, relation) of the clause role a mention fills; a conjunct takes the
        role of the first conjunct, an apposition the role of the noun it renames."""
        i = self.filler(m)
        return self.toks[i].head, self.toks[i].rel

    def clean_gap(self, a: int, b: int, root: int) -> bool:
        """Tokens strictly between a and b hang under `root` and hold no break: no
        punctuation but quotes, no conjunction, no other name or role."""
        for t in self.toks[a + 1 : b]:
            if t.i in self.named:
                continue  # a word of an organisation's or a work's name
            if t.pos in ("PUNCT",) and t.text not in _OPEN | _CLOSE:
                return False
            if t.pos in ("CCONJ", "VERB", "AUX", "SCONJ"):
                return False
            other = self.by_head.get(t.i)
            if other is not None and other.type in (E.PERSON, E.PROFESSION):
                return False
            if not self.under(t.i, root):
                return False
        return True

    def left_edge(self, i: int) -> int:
        """First token of the phrase headed by i (its modifiers before it)."""
        edge = i
        stack = [i]
        while stack:
            j = stack.pop()
            for c in self.sent.children[j]:
                if c < edge and self.toks[c].rel in ("amod", "det", "nummod", "advmod"):
                    edge = c
                if c < i:
                    stack.append(c)
        return edge


def tense_of(view: _View, tokens: list[int], verb: int = -1) -> str:
    """`past` when the evidence says so (a past verb; «бывший», «экс-», «покойный» on the
    role), else `present` for a nominal trigger and the verb's tense for a verb frame."""
    for i in tokens:
        t = view.toks[i]
        if t.lemma.startswith("экс-") or t.text.lower().startswith("экс-"):
            return "past"
        for c in view.sent.children[i]:
            if view.toks[c].lemma in _PAST_MARKERS:
                return "past"
        before = view.toks[i - 1] if i > 0 else None
        if (
            before is not None
            and before.text.lower().startswith("экс-")
            and (before.head == i or t.head == i - 1)
        ):
            return "past"  # «экс-художественным директором»: the parse may hang the role on it
    if verb >= 0:
        tense = view.toks[verb].feats.get("Tense", "")
        if tense == "Past":
            return "past"
        if tense in ("Pres", "Fut"):
            return "present"
        return ""
    return "present"


def _role_tense(v: _View, person: Mention, role: Mention) -> str:
    """A role's tense: past with «бывший», «экс-», and when the sentence says its holder died
    («Вчера умер президент Института Пушкина X»)."""
    post = v.toks[role.head].head
    verb = v.toks[post].head if post >= 0 and v.toks[post].lemma in _POST_NOUNS else -1
    if verb >= 0 and v.toks[verb].lemma in _POST_LEFT:
        return "past"  # «ушёл с поста министра»
    if verb >= 0 and v.toks[verb].lemma in _POST_HELD and v.toks[verb].feats.get("Tense") == "Past":
        return "past"  # «занимал пост мэра»
    verb, _ = v.role_of(person)
    if verb < 0 or v.toks[verb].lemma not in _DEATHS:
        verb, _ = v.role_of(role)
    if verb >= 0 and v.toks[verb].lemma in _DEATHS:
        return "past"
    return tense_of(v, [role.head])


def _holder_roles(v: _View, verb: int) -> tuple[str, ...]:
    """The clause roles of the role holder of a role verb: the subject of «стать», «являться»;
    the object of an active «назначить» (its subject appoints), the subject of a passive one
    («назначен министром»)."""
    tok = v.toks[verb]
    if tok.lemma not in _APPOINT:
        return ("nsubj", "nsubj:pass")
    passive = tok.feats.get("Voice") == "Pass" or tok.feats.get("VerbForm") == "Part"
    return ("nsubj", "nsubj:pass") if passive else ("obj",)


def _role_appositions(v: _View) -> Iterator[tuple[Mention, Mention, str]]:
    """(name, role noun, how): «президент Исландии Гвюдни Йоуханнессон», «Обама, президент США»,
    «Обама является президентом», «россиянин Иван Петров» (role = a nationality)."""
    roles = [m for m in v.mentions if m.type in (E.PROFESSION, E.NATIONALITY)]
    people = [m for m in v.mentions if m.type == E.PERSON]
    for p in roles:
        # role then name: the nearest name after the role's phrase, nothing breaking between
        after = [n for n in people if v.first[n] > p.head]
        if after:
            n = min(after, key=lambda x: v.first[x])
            # «Врач Хиллари Клинтон Лиза Бардек»: a name the role governs (in the genitive,
            # or parsed as its nmod) with a second name right after it: the role is the
            # second name's, the first is whom it serves
            second = _second_name(v, p, n, people)
            gap_ok = v.clean_gap(p.head, v.first[n], p.head)
            if second is not None:
                n = second
            same_case = not v.case(n.head) or not v.case(p.head) or v.case(n.head) == v.case(p.head)
            # «двух генералов полиции по делу Голунова»: a preposition (but one before a
            # name) or a plural role noun before one name is no apposition
            gap = v.toks[p.head + 1 : v.first[n]]
            plural = v.toks[p.head].feats.get("Number") == "Plur" and (
                v.toks[n.head].feats.get("Number") == "Sing"
            )
            named_at = {v.first[m] for m in v.mentions if m.type in _WORKPLACES}
            awards = {m.head for m in v.mentions if m.type == E.AWARD}
            champion = v.toks[p.head].lemma in _CHAMPIONS
            apart = plural or any(
                t.pos == "ADP"
                and t.i not in v.named
                and t.i + 1 not in named_at
                and not (awards & set(v.ancestors(t.i)))  # «лауреат премии по литературе»
                and not (champion and p.head in v.ancestors(t.i))  # «чемпион по боксу»
                for t in gap
            )  # «посол России в США Анатолий Антонов» keeps its named modifier
            # «дочь писателя Мария Шукшина»: the role of a relative, a genitive of a kin noun,
            # and a name not in the genitive (that would be the relative's: «дочь президента
            # Ислама Каримова»)
            other = (
                v.case(p.head) == "Gen"
                and any(v.case(i) == "Nom" for i in range(v.first[n], v.last[n] + 1))
                and any(
                    v.toks[a].lemma in _KIN and v.case(a) != "Gen" for a in v.ancestors(p.head)[1:]
                )
            )
            if same_case and not apart and not other and gap_ok:
                yield n, p, "appos"
                for q in _listed_roles(v, p):
                    yield n, q, "appos_list"
                chained = _chained_role(v, p)
                if chained is not None:
                    yield n, chained, "appos_chain"
        # name, role: the role noun is an apposition of the name right after a comma/dash/(
        tok = v.toks[p.head]
        if tok.rel == "appos" and tok.head >= 0:
            for n in people:
                if v.anchor(n.head) == tok.head or n.head == tok.head:
                    edge = v.left_edge(p.head)
                    between = [t.text for t in v.toks[v.last[n] + 1 : edge]]
                    if v.last[n] < edge and between in ([","], ["—"], ["-"], ["("], ["–"]):
                        yield n, p, "appos_after"
        # copula and role verbs: «Обама является президентом», «назначен министром»
        lemma = v.toks[p.head].lemma
        laureate = lemma in _LAUREATES and any(True for _ in _genitives(v, p.head, _AWARD_KINDS))
        posts = lemma not in _NOT_POSTS or lemma in _CHAMPIONS or laureate
        if p.type == E.PROFESSION and not posts:
            continue  # «стал победителем гонки», «является автором»: no post or occupation
        # («стала чемпионкой мира» is a title: `_roles` gives it as an award; «стал лауреатом
        # премии» an award `_awards` gives)
        if p.type == E.PROFESSION and v.case(p.head) == "Ins":
            head, _ = v.toks[p.head].head, v.toks[p.head].rel
            verbs = _ROLE_VERBS | _TITLE_VERBS if is_title(v, p) else _ROLE_VERBS
            if head >= 0 and v.toks[head].lemma in verbs:
                holder = _holder_roles(v, head)
                how = "appointed" if v.toks[head].lemma in _APPOINT else "role_verb"
                for n in people:
                    verb, rel = v.role_of(n)
                    if verb == head and rel in holder:
                        yield n, p, how
        # «Лагард занимала должность министра финансов», «проработал на посту мэра»: the
        # role in the genitive of «должность»/«пост» under a verb of its holder
        if p.type == E.PROFESSION and v.case(p.head) == "Gen" and v.toks[p.head].rel == "nmod":
            post = v.toks[p.head].head
            verb = v.toks[post].head if post >= 0 else -1
            if (
                v.toks[post].lemma in _POST_NOUNS
                and verb >= 0
                and v.toks[verb].lemma in _POST_VERBS
            ):
                tok = v.toks[verb]
                active = tok.feats.get("Voice") != "Pass" and tok.feats.get("VerbForm") != "Part"
                holder = (
                    ("obj",) if active and tok.lemma in _POST_OTHERS else ("nsubj", "nsubj:pass")
                )
                # a common noun taken for a name with the name in apposition to it («Внук
                # бывшего президента Тимур Шаймиев занял пост»): the name holds the post
                renamed = {v.filler(n) for n in people if v.filler(n) != v.anchor(n.head)}
                for n in people:
                    held, rel = v.role_of(n)
                    if (
                        held == verb
                        and rel in holder
                        and v.toks[n.head].pos != "NOUN"
                        and v.anchor(n.head) not in renamed
                    ):
                        yield n, p, "post"
        # «Обама — президент США»: the role is the predicate, the name its subject
        for n in people:
            verb, rel = v.role_of(n)
            if verb == p.head and rel == "nsubj" and v.toks[p.head].rel == "root":
                yield n, p, "copula"


def _second_name(v: _View, role: Mention, first: Mention, people: list[Mention]) -> Mention | None:
    """The name right after `first` when `first` is the role's own complement («Врач Хиллари
    Клинтон Лиза Бардек»: Клинтон's doctor, Бардек): `first` in the genitive or hung on the
    role as its nmod, the second name right after it (nothing between) in apposition to the
    role or not in the genitive; None otherwise."""
    if v.case(role.head) not in ("Nom", ""):
        return None  # «дочь президента Ислама Каримова Гульнара»: the role is in apposition
    a = v.anchor(first.head)
    governed = v.case(first.head) == "Gen" or (
        v.toks[a].rel == "nmod" and v.toks[a].head == role.head
    )
    if not governed:
        return None
    nxt = [m for m in people if v.first[m] == v.last[first] + 1]
    if not nxt:
        return None
    m = nxt[0]
    b = v.anchor(m.head)
    if v.case(m.head) == "Gen" and v.toks[b].rel != "appos":
        return None  # «врач жены Ивана Петрова»: a chain of genitives, no second name
    return m


def _conj_root(v: _View, i: int) -> int:
    """The first conjunct of the coordination a token is in (itself when in none)."""
    steps = 0
    while v.toks[i].rel == "conj" and 0 <= v.toks[i].head != i and steps < 10:
        i, steps = v.toks[i].head, steps + 1
    return i


def _listed_roles(v: _View, role: Mention) -> Iterator[Mention]:
    """The roles coordinated before the role that names a person («испанский режиссёр,
    кинопродюсер и писатель Педро Альмодовар»: режиссёр and кинопродюсер of писатель's
    name), right to left, each with only a comma or «и» (and its own genitives) between, so
    no name or role of another person («президент A, премьер B») is crossed."""
    roles = {m.head: m for m in v.mentions if m.type == E.PROFESSION}
    named = {i for m in v.mentions if m.type in PROPER for i in range(v.first[m], v.last[m] + 1)}
    root = _conj_root(v, role.head)
    current = role
    while True:
        i = v.left_edge(current.head) - 1
        if i < 0 or not (v.toks[i].text == "," or v.toks[i].lemma == "и"):
            return
        i -= 1
        while i >= 0 and i not in roles and v.toks[i].pos in ("NOUN", "ADJ"):
            i -= 1  # the genitive words of the role before («министр обороны, ...»)
        q = roles.get(i)
        if q is None or _conj_root(v, q.head) != root:
            return
        gap = v.toks[q.head + 1 : v.left_edge(current.head)]
        if any(
            t.i in named or t.text not in (",",) and t.lemma != "и" and not v.under(t.i, q.head)
            for t in gap
        ):
            return
        yield q
        current = q


def _chained_role(v: _View, role: Mention) -> Mention | None:
    """The role right before the role that names a person, with nothing but its own
    dependents between («Главнокомандующий Сухопутными войсками генерал армии Владимир
    Болдырев»: главнокомандующий of генерал's name); no punctuation, name or other role
    between."""
    end = v.left_edge(role.head) - 1
    for q in v.mentions:
        if q.type != E.PROFESSION or q.head > end or q is role:
            continue
        if v.toks[q.head].lemma in _NOT_POSTS or v.case(q.head) != v.case(role.head):
            continue
        gap = v.toks[q.head + 1 : end + 1]
        if all(
            t.pos in ("NOUN", "PROPN", "ADJ", "ADP", "NUM")
            and v.under(t.i, q.head)
            and not (t.i in v.by_head and v.by_head[t.i].type in (E.PERSON, E.PROFESSION))
            for t in gap
        ) and (gap or q.head == end):
            return q
    return None


def _genitives(
    v: _View, head: int, kinds: frozenset[str] = _WORKPLACES
) -> Iterator[tuple[Mention, int]]:
    """Mentions of `kinds` in a genitive or adjective chain under `head` («министр
    иностранных дел России», «российский президент»), with their depth; a chain stops at a
    mention."""
    for m in v.mentions:
        if m.head == head or m.type not in kinds:
            continue
        path = v.ancestors(v.anchor(m.head))
        if head not in path:
            continue
        steps = path[: path.index(head)]
        rels = [v.toks[i].rel for i in steps]
        if not all(r in ("nmod", "amod", "flat", "flat:name", "appos") for r in rels):
            continue
        inner = [i for i in steps[1:] if i in v.by_head and i != m.head]
        if not steps or inner or len(steps) > 3:
            continue
        top = steps[-1]
        if v.toks[top].rel == "nmod" and v.prep(top):
            continue  # «посол России в США»: a preposition is not a genitive
        if v.toks[m.head].pos == "ADJ":
            # an adjective stands before its noun, within the noun's phrase
            if not (v.left_edge(head) <= m.head < head):
                continue
        elif v.first[m] < head or not v.clean_gap(head, v.first[m], head):
            continue  # a genitive follows its head with nothing breaking between
        yield m, len(steps)


# clergy and their bodies: a place after them is their see or region, not the workplace
# of one who serves them («заместитель муфтия Северной Осетии», «секретарь муфтията Крыма»)
_CLERGY = _words(
    """
    муфтий муфтият имам раввин архиепископ епископ митрополит патриарх священник настоятель
    протоиерей архимандрит игумен кардинал викарий пастор шейх епархия
    """
)


def _place_of_another(v: _View, role: int, m: Mention) -> bool:
    """A place in a role's genitive chain that is not the role holder's workplace: the chain
    runs through another person's noun («заместитель муфтия Северной Осетии»: the mufti's
    region; «помощник губернатора Москвы») or a cleric's body («секретарь муфтията Крыма»).
    A cleric's own see stays («архиепископ Манилы»: NEREL's WORKPLACE)."""
    if m.type not in PLACES:
        return False
    path = v.ancestors(v.anchor(m.head))
    if role not in path:
        return False
    for i in path[1 : path.index(role)]:
        t = v.toks[i]
        clergy = t.lemma in _CLERGY or t.text.lower().startswith(("муфти", "епархи"))
        if clergy or (t.pos == "NOUN" and t.feats.get("Animacy") == "Anim"):
            return True
    return False


def is_title(v: _View, role: Mention) -> bool:
    """A role noun that names an honorary title or a championship («народный артист России»,
    «заслуженный врач», «олимпийская чемпионка»), or a prize given as the best of a kind
    («признан лучшим футболистом 2017 года»): an award, not a post."""
    tok = v.toks[role.head]
    if tok.lemma in _CHAMPIONS:
        return True
    near = [v.toks[c] for c in v.sent.children[tok.i] if v.toks[c].rel == "amod"]
    if tok.lemma in OFFICES or tok.lemma in _NOT_TITLES:
        return False  # «народный депутат», «почётный президент», «народный поэт»: a post
    verb = v.toks[tok.head].lemma if tok.head >= 0 else ""
    best = any(t.text.lower().startswith(_BEST) for t in near)  # pymorphy: лучший -> хороший
    if best and verb in _TITLE_VERBS | {"стать", "становиться"}:
        return True
    return any(t.lemma in _HONORARY for t in near)


# «признан лучшим игроком»: verbs that give a best-of title (a role verb only for titles)
_TITLE_VERBS = _words("признать признавать назвать называть объявить объявлять признанный")
_BEST = ("лучш", "самы", "ценн")


def _party(v: _View, role: Mention) -> Mention | None:
    """The party a «член» belongs to: its genitive organisation when that names a party or a
    movement («член Партии регионов»), or the name in apposition to a genitive «партии»
    («член партии «Лига Севера»»)."""
    for o, depth in _genitives(v, role.head, frozenset({E.ORGANIZATION})):
        if depth != 1:
            continue
        if o.text in _PARTY_ACRONYMS:
            return o
        if not any(w in o.text.lower() for w in _PARTY_WORDS):
            continue
        named = [
            m
            for m in v.mentions
            if m.type == E.ORGANIZATION and m is not o and v.toks[v.anchor(m.head)].head == o.head
        ]
        if _common_word(v, o) or v.toks[o.head].lemma == "партия" and len(o.text.split()) == 1:
            return named[0] if named else None
        return o
    return None


# bodies that send a member to another one: no party of his
_DELEGATING = frozenset(
    {"собрание", "дума", "совет", "парламент", "правительство", "администрация"}
)


def _party_of(v: _View, role: Mention) -> list[Mention]:
    """«депутат от партии «Яблоко»», «кандидат от ХДС»: the party a role is held for."""
    out = []
    for m in v.mentions:
        if m.type != E.ORGANIZATION:
            continue
        a = v.anchor(m.head)
        via = v.toks[a].head
        if via == role.head and v.prep(a) == "от":
            if v.toks[a].lemma in _DELEGATING:
                continue  # «член Совфеда от Законодательного собрания»: sent by it, not in it
            words = m.text.lower()
            if v.toks[a].lemma == "партия" and len(m.text.split()) == 1:
                continue  # the common noun: its name, if any, is found below
            if m.text[:1].isupper() or any(w in words for w in _PARTY_WORDS):
                out.append(m)
        elif (
            via >= 0
            and v.toks[via].lemma in _PARTY_NOUNS
            and v.toks[via].head == role.head
            and v.prep(via) == "от"
        ):
            out.append(m)  # «от партии «Яблоко»»
    return out


def _genitive_end(v: _View, head: int) -> int:
    """The last token of the genitive words right after a noun that hang on it («артист
    России», «чемпион мира по футболу» ends at «мира»)."""
    last = j = head
    while (
        j + 1 < len(v.toks)
        and j + 1 - head <= 3
        and v.toks[j + 1].pos in ("NOUN", "PROPN", "ADJ")
        and v.case(j + 1) == "Gen"
        and head <= v.toks[j + 1].head <= j + 2
    ):
        j += 1
        if v.toks[j].pos != "ADJ":
            last = j
    return last


# a prefix before a role that says who holds it, not what the post is («женщина-президент»)
_HOLDER_PREFIXES = ("экс-", "женщина-", "девушка-")


def post_name(name: str) -> str:
    """A role's name without «экс-» («экс-президент» was a «президент»: the past it marks is the
    triple's tense) or «женщина-» («первая женщина-президент Чили» holds the post «президент»)."""
    for prefix in _HOLDER_PREFIXES:
        if name[: len(prefix)].lower() == prefix and len(name) > len(prefix) + 1:
            return name[len(prefix) :]
    return name


# a fan or an amateur is no profession and a club one supports no workplace («болельщик
# «Спартака»», «фанат «Милана»», «фотограф-любитель»)
_FANS = _words(
    "болельщик болельщица фанат фанатка поклонник поклонница любитель любительница фанатик"
)


def _fan(lemma: str) -> bool:
    return lemma in _FANS or lemma.endswith(("-любитель", "-любительница"))


def _roles(v: _View, names: list[tuple[Mention, Mention, str]]) -> Iterator[Found]:
    titles = {p for p in v.mentions if p.type == E.PROFESSION and is_title(v, p)}
    for n, p, how in names:
        cue = post_name(v.toks[p.head].lemma)
        if p.type == E.PROFESSION and _fan(cue.lower()):
            continue
        if p.type == E.NATIONALITY:
            yield Found(n, p, "ORIGINS_FROM", f"nationality_{how}", tense_of(v, [p.head]), cue)
        elif p in titles:
            first = v.left_edge(p.head)
            while first < p.head and any(m.type == E.AGE and m.head == first for m in v.mentions):
                first += 1  # «80-летний народный артист»: the age is no part of the title
            phrase = (first, p.head, _genitive_end(v, p.head))
            yield Found(n, p, "AWARDED_WITH", f"title_{how}", "present", cue, phrase)
        elif cue in _MEMBERS and _party(v, p) is not None:
            continue  # «член партии»: the membership is the fact, not a post
        elif cue in _LAUREATES or cue in _GRADUATES:
            continue  # «лауреат премии», «выпускник МГУ»: the award, the school is the fact
        else:
            yield Found(n, p, "WORKS_AS", f"role_{how}", _role_tense(v, n, p), cue)
    holders: dict[Mention, list[tuple[Mention, str]]] = {}
    for n, p, how in names:
        if p.type == E.PROFESSION:
            holders.setdefault(p, []).append((n, how))
    for p in [m for m in v.mentions if m.type == E.PROFESSION and m not in titles]:
        lemma = post_name(v.toks[p.head].lemma)
        if _fan(lemma.lower()):
            continue
        party = _party(v, p) if lemma in _MEMBERS else None
        if party is not None:
            for n, how in holders.get(p, ()):
                yield Found(n, party, "MEMBER_OF", f"member_genitive+{how}", "present", lemma)
            continue
        for o in _party_of(v, p):
            for n, how in holders.get(p, ()):
                yield Found(n, o, "MEMBER_OF", f"member_from+{how}", "present", lemma)
        for o, depth in _genitives(v, p.head):
            if _place_of_another(v, p.head, o):
                continue
            adjective = v.toks[o.head].pos == "ADJ"
            board = _is_board(v, o)
            named = _named_by(v, o) if not adjective else None
            if board:
                # «председатель совета директоров «Башинформа»»: the board is no employer;
                # the company it governs is, and a board of no named company gives none
                if named is None:
                    continue
                o, relation, kind = named, "WORKPLACE", "role_board"
            elif adjective and lemma not in OFFICES:
                relation, kind = "ORIGINS_FROM", "role_adjective_origin"
            elif adjective:
                relation, kind = "WORKPLACE", "role_adjective"
            elif lemma in _FOUNDERS and o.type == E.ORGANIZATION:
                relation, kind = "FOUNDED_BY", "founder_genitive"
            elif lemma in _STUDENTS and o.type == E.ORGANIZATION and depth == 1:
                # «выпускник МГУ», «студентка Гарварда»: where one studies, no employer
                o = named or o
                relation, kind = "SCHOOLS_ATTENDED", "school_genitive"
            elif named is not None and depth == 1:
                # «директор галереи «Манеж»»: the name in apposition to a common noun
                o, relation, kind = named, "WORKPLACE", "role_named"
            else:
                relation, kind = "WORKPLACE", "role_genitive" + ("_deep" if depth > 1 else "")
            tense = tense_of(v, [p.head])
            if relation == "FOUNDED_BY":  # the organisation is Arg1: «основатель IKEA»
                yield Found(o, p, relation, kind, tense, lemma)
                for n, how in holders.get(p, ()):
                    yield Found(o, n, relation, f"{kind}+{how}", tense, lemma)
                continue
            if relation != "SCHOOLS_ATTENDED":  # «студент РГУ»: no one to ask about
                yield Found(p, o, relation, kind, tense, lemma)
            for n, how in holders.get(p, ()):
                yield Found(n, o, relation, f"{kind}+{how}", _role_tense(v, n, p), lemma)


# boards of a company, not its employer: «совет директоров», «наблюдательный совет», «правление»
_BOARD_NOUNS = frozenset({"правление", "президиум"})
_BOARD_COUNCILS = frozenset({"директор", "наблюдательный", "попечительский", "акционер"})


def _is_board(v: _View, o: Mention) -> bool:
    """An organisation mention that names a company's board («Совета директоров»,
    «наблюдательного совета», «правления»), read off its head word and the words under it."""
    if o.type != E.ORGANIZATION:
        return False
    head = v.toks[o.head]
    if head.lemma in _BOARD_NOUNS:
        return True
    if head.lemma != "совет":
        return False
    near = {v.toks[c].lemma for c in v.sent.children[o.head]}
    near |= {t.lemma for t in v.toks[v.first[o] : v.last[o] + 1]}
    return bool(near & _BOARD_COUNCILS)


def _named_by(v: _View, o: Mention) -> Mention | None:
    """The organisation a common noun or a board names or belongs to: the name in
    apposition or in the genitive right under it («галереи «Манеж»», «компании «Роснефть»»,
    «Совета директоров «Башинформа»», «правления Сбербанка»); None when `o` is a name itself
    (not a board) or nothing names it."""
    board = _is_board(v, o)
    if not board and not _common_word(v, o):
        return None
    inside = set(range(v.first[o], v.last[o] + 1)) | {o.head}
    best = None
    for m in v.mentions:
        if m is o or m.type != E.ORGANIZATION or v.first[m] <= v.last[o]:
            continue
        a = v.anchor(m.head)
        if v.toks[a].head not in inside or v.toks[a].rel not in ("appos", "nmod", "flat:name"):
            continue
        quoted = v.toks[v.first[m] - 1].text in _OPEN
        if not board and v.toks[a].rel == "nmod" and not quoted:
            continue  # «института Пушкина» is named after someone, not named «Пушкин»
        if v.prep(a) or not v.clean_gap(v.last[o], v.first[m], v.toks[a].head):
            continue
        if best is None or v.first[m] < v.first[best]:
            best = m
    return best


def _awards(v: _View, names: list[tuple[Mention, Mention, str]]) -> Iterator[Found]:
    """«лауреат Нобелевской премии Иван Бунин»: a laureate's genitive award, given to the
    name in apposition."""
    for n, p, how in names:
        lemma = v.toks[p.head].lemma
        if lemma not in _LAUREATES:
            continue
        for award, depth in _genitives(v, p.head, _AWARD_KINDS):
            if depth == 1:
                yield Found(n, award, "AWARDED_WITH", f"award_genitive+{how}", "present", lemma)
    people = [m for m in v.mentions if m.type == E.PERSON]
    named_role = {p: n for n, p, how in names if how == "appos"}
    for a in [m for m in v.mentions if m.type == E.AWARD and v.toks[m.head].lemma == "герой"]:
        # «Героя Советского Союза Алексея Маресьева», «Маресьев, Герой Советского Союза»
        after = [
            n
            for n in people
            if v.first[n] > v.last[a] and v.clean_gap(v.last[a], v.first[n], a.head)
        ]
        tok = v.toks[a.head]
        if after:
            n = min(after, key=lambda m: v.first[m])
            yield Found(n, a, "AWARDED_WITH", "hero_appos", "present", "герой")
        elif tok.rel == "appos" and tok.head >= 0:
            for n in people:
                between = [t.text for t in v.toks[v.last[n] + 1 : v.first[a]]]
                if v.anchor(n.head) == tok.head and between in ([","], ["—"], ["("]):
                    yield Found(n, a, "AWARDED_WITH", "hero_appos_after", "present", "герой")
    for t in v.toks:
        if t.lemma not in ("награждение", "награждать"):
            continue
        # «указ о награждении режиссёра Эмира Кустурицы орденом Дружбы»
        holders = []
        for m in v.mentions:
            at = v.anchor(m.head)
            if v.toks[at].head != t.i or v.case(at) != "Gen" or v.prep(at):
                continue
            person = m if m.type == E.PERSON else named_role.get(m)
            if person is not None and person.type == E.PERSON:
                holders.append(person)
        awards = [
            m
            for m in v.mentions
            if m.type == E.AWARD
            and v.toks[v.anchor(m.head)].head == t.i
            and v.case(m.head) == "Ins"
            and not v.prep(v.anchor(m.head))
        ]
        for n in holders[:1]:
            for award in awards:
                yield Found(n, award, "AWARDED_WITH", "award_nominal", "past", t.lemma)


# roles that make a work: «режиссёр фильма «Нелюбовь» Андрей Звягинцев», «создатель
# мультфильма «Жил-был пёс»» (not a performer: «исполнитель роли»)
_MAKERS = _words(
    "режиссер режиссёр кинорежиссер кинорежиссёр автор соавтор создатель сценарист композитор "
    "писатель писательница продюсер драматург поэт поэтесса"
)
# kinds of work whose genitive person made it («фильм Андрея Звягинцева»): not a work of
# someone else's life or face («портрет», «биография»), not a periodical or a broadcast
_MADE_WORKS = _words(
    "фильм книга роман песня альбом сингл спектакль опера балет картина сериал мультфильм "
    "пьеса повесть поэма рассказ клип кинофильм"
)


def _works(v: _View, names: list[tuple[Mention, Mention, str]]) -> Iterator[Found]:
    """PRODUCES: «режиссёр фильма «Нелюбовь» Андрей Звягинцев» (a maker's role with the work
    in its genitive, given to the name in apposition), «картина «Нелюбовь» режиссёра Андрея
    Звягинцева», «сериал Дэвида Линча «Твин Пикс»» (a kind of work with its title in
    apposition and its maker in the genitive)."""
    works = [m for m in v.mentions if m.type == E.WORK_OF_ART]
    if not works:
        return
    named_role = {p: n for n, p, how in names if how == "appos"}

    def titled(noun: int) -> list[Mention]:
        """The works a noun names: the noun itself, or a title in apposition to it."""
        out = []
        for w in works:
            a = v.anchor(w.head)
            if a == noun or (
                v.toks[a].head == noun
                and v.toks[a].rel in ("appos", "nmod", "flat:name")
                and not v.prep(a)
            ):
                out.append(w)
        return out

    for n, p, how in names:
        if v.toks[p.head].lemma not in _MAKERS or p.type != E.PROFESSION:
            continue
        for c in v.sent.children[p.head]:
            if v.toks[c].rel != "nmod" or v.case(c) != "Gen" or v.prep(c):
                continue
            for w in titled(c):
                yield Found(n, w, "PRODUCES", f"work_role+{how}", "present", v.toks[p.head].lemma)
    for t in v.toks:
        if t.lemma not in _MADE_WORKS:
            continue
        made = titled(t.i)
        if not made:
            continue
        # right after the kind of work or after the title: «сериал Дэвида Линча «Твин Пикс»»,
        # «картина «Нелюбовь» режиссёра Андрея Звягинцева»
        starts = {t.i + 1} | {v.last[w] + 1 for w in made} | {v.last[w] + 2 for w in made}
        makers = []
        for m in v.mentions:
            if m.type not in (E.PERSON, E.PROFESSION, E.NATIONALITY):
                continue
            a = v.anchor(m.head)
            if v.toks[a].head not in {t.i} | {v.anchor(w.head) for w in made}:
                continue
            if v.case(a) != "Gen" or v.prep(a) or v.toks[a].rel != "nmod":
                continue
            if v.left_edge(a) not in starts and v.first[m] not in starts:
                continue  # a name further on in a list of works is no maker of this one
            person = m if m.type == E.PERSON else named_role.get(m)
            if person is not None and person.type == E.PERSON:
                makers.append(person)
        for n in makers[:1]:
            for w in made[:1]:
                yield Found(n, w, "PRODUCES", "work_genitive", "present", t.lemma)


def _membership(v: _View) -> Iterator[Found]:
    """«Румыния является членом НАТО» (a country or an organisation as a member: people's
    memberships are roles, `_roles`), «членство Соловьёва в партии «Единая Россия»» (the
    member in the genitive; the party's name before the common noun «партия»)."""
    members = PLACES | {E.ORGANIZATION, E.PERSON}
    for t in v.toks:
        if t.lemma == "член" and t.head >= 0 and v.toks[t.head].lemma in _COPULAS:
            orgs = [o for o, depth in _genitives(v, t.i, frozenset({E.ORGANIZATION})) if depth == 1]
            for m in v.mentions:
                if m.type not in PLACES | {E.ORGANIZATION} or m in orgs:
                    continue
                if v.role_of(m) == (t.head, "nsubj") and not _common_word(v, m):
                    for o in orgs[:1]:
                        yield Found(
                            m, o, "MEMBER_OF", "member_copula", tense_of(v, [], t.head), "член"
                        )
        if t.lemma not in _JOINING:
            continue
        who = [
            m
            for m in v.mentions
            if m.type in members
            and v.toks[v.anchor(m.head)].head == t.i
            and v.case(v.anchor(m.head)) == "Gen"
            and not v.prep(v.anchor(m.head))
            and not _common_word(v, m)
        ]
        into = []
        for m in v.mentions:
            if m.type != E.ORGANIZATION or m in who:
                continue
            a = v.anchor(m.head)
            via = v.toks[a].head
            if via == t.i and v.prep(a) in ("в", "во"):
                into.append(m)
            elif (
                via >= 0
                and v.toks[via].lemma in _PARTY_NOUNS
                and v.toks[via].head == t.i
                and v.prep(via) in ("в", "во")
                and v.toks[a].rel == "appos"
            ):
                into.append(m)  # «в партии «Единая Россия»»
        into.sort(key=lambda m: _common_word(v, m))  # a name before the common noun
        for m in who[:1]:
            for o in into[:1]:
                yield Found(m, o, "MEMBER_OF", "member_nominal", "present", t.lemma)


def _organisations(v: _View) -> Iterator[Found]:
    """«ФНС России», «американская компания Apple», «штаб-квартира МАГАТЭ находится в Вене»."""
    for o in [m for m in v.mentions if m.type == E.ORGANIZATION]:
        heads = {o.head, v.anchor(o.head)}
        tok = v.toks[v.anchor(o.head)]
        if tok.rel == "appos" and tok.head >= 0:
            heads.add(tok.head)  # «компания Apple»: the adjective sits on «компания»
        own = set(range(v.first[o], v.last[o] + 1))
        for h in heads:
            for place, depth in _genitives(v, h):
                if place.type not in PLACES:
                    continue
                # «Палаты представителей США»: deeper only through the words of the name
                if depth > 1 and not set(v.ancestors(place.head)[1:depth]) <= own:
                    continue
                kind = "org_adjective" if v.toks[place.head].pos == "ADJ" else "org_genitive"
                if o.start <= place.start and place.end <= o.end:
                    kind = "org_nested"  # «ФСБ России»: the place closes the name
                yield Found(o, place, "HEADQUARTERED_IN", kind, "present", v.toks[h].lemma)
    for t in v.toks:
        if t.lemma not in ("штаб-квартира", "штаб"):
            continue
        orgs = [
            m
            for m in v.mentions
            if m.type == E.ORGANIZATION and v.toks[v.anchor(m.head)].head == t.i
        ]
        if not orgs:
            continue
        places = []
        for m in v.mentions:
            if m.type not in PLACES:
                continue
            a = v.anchor(m.head)
            if v.prep(a) not in ("в", "во"):
                continue
            if v.toks[a].head == t.i or (
                t.rel == "nsubj" and v.toks[a].head == t.head and v.toks[a].rel == "obl"
            ):
                places.append(m)
        for o in orgs:
            for place in places[:1]:
                yield Found(o, place, "HEADQUARTERED_IN", "headquarters", "present")


# nouns naming a kind of place: «в столице Украины Киеве», «в городе Сочи Краснодарского края»
PLACE_NOUNS = _words(
    """
    город столица район область штат провинция округ регион село деревня посёлок поселок
    остров республика край графство префектура коммуна муниципалитет кантон губерния
    курорт пригород мегаполис станица аул кишлак городок местечко
    """
)
_LATIN = frozenset("abcdefghijklmnopqrstuvwxyz")


def _common_word(v: _View, m: Mention) -> bool:
    """A one-word mention that is a dictionary common noun («Власти», «Жители», «Посольство»
    capitalised at a sentence start), not a place's name."""
    words = [t for t in v.toks[v.first[m] : v.last[m] + 1] if t.pos != "PUNCT"]
    if len(words) != 1:
        return False
    found = parses(words[0].text.lower())
    if not found or not found[0].is_known:
        return False
    return not any(g in p.tag for p in found for g in _NAME_TAGS)


_NAME_TAGS = ("Name", "Surn", "Patr", "Geox", "Orgn", "Abbr", "Trad", "UNKN")


def _places(v: _View) -> Iterator[Found]:
    """«в столице Украины Киеве», «Претория (ЮАР)», «российский город Сочи». The genitive or
    adjective sits on the place's own name or on a noun of a kind of place in apposition to it
    (город, столица: not «власти США», «жительница Китая»; an adjective may sit on any noun:
    «греческий залив Зеа»), and the place is a name, not a
    common noun capitalised at a sentence start; a Latin name in parentheses is the same
    place's other name («Мосул (Mossul)»), not the place it lies in."""
    for a in [m for m in v.mentions if m.type in PLACES | {E.FACILITY}]:
        if a.type in PLACES and _common_word(v, a):
            continue
        own = v.anchor(a.head)
        heads = {own}
        tok = v.toks[own]
        if tok.rel == "appos" and tok.head >= 0:
            heads.add(tok.head)
        for h in heads:
            appos = a.type in PLACES and h != own
            if appos and v.first[a] > h and not v.clean_gap(h, v.first[a], h):
                continue  # «города Цинциннати, Огайо»: a name after a comma is no apposition
            for b, depth in _genitives(v, h):
                adjective = v.toks[b.head].pos == "ADJ"
                if b.type not in PLACES or depth != 1 or b is a:
                    continue
                if not adjective and _common_word(v, b):
                    continue
                if not adjective and appos and v.toks[h].lemma not in PLACE_NOUNS:
                    continue  # «власти США», «жительница Китая» are no places in it
                kind = "place_adjective" if adjective else "place_genitive"
                yield Found(a, b, "LOCATED_IN", kind, "present", v.toks[h].lemma)
        nxt = v.last[a] + 1
        if nxt + 1 < len(v.toks) and v.toks[nxt].text == "(":
            at = nxt + 1
            if at + 1 < len(v.toks) and v.toks[at].lemma in PLACE_NOUNS:
                at += 1  # «Монровилль (штат Алабама)»
            inner = v.by_head.get(v.anchor(at)) or next(
                (m for m in v.mentions if v.first[m] == at), None
            )
            closed = (
                inner is not None
                and v.last[inner] + 1 < len(v.toks)
                and v.toks[v.last[inner] + 1].text == ")"
            )
            latin = inner is not None and bool(set(v.toks[v.first[inner]].text.lower()) & _LATIN)
            if inner is not None and inner.type in PLACES and closed and not latin:
                yield Found(a, inner, "LOCATED_IN", "place_parenthesis", "present")


# nouns that say where a person comes from or lives: «житель Флориды X», «X, уроженец Омска»
# (a resident, «житель», is left out: on train 3 of 8 «житель X» are PLACE_RESIDES_IN in
# NEREL, the rest ORIGINS_FROM or none)
_ORIGIN_NOUNS = _words("уроженец уроженка гражданин гражданка выходец выходка")
_BORN_NOUNS = _words("уроженец уроженка")


def _origins(v: _View) -> Iterator[Found]:
    """«житель Флориды Кристофер Чейни», «Сергей Иванов, уроженец Омска», «гражданин РФ X»,
    «X родом из Киева»: a person and the place an origin noun or «родом из» names; «Франц
    Бекенбауэр (Германия)»: a place alone in parentheses after a person's name."""
    people = [m for m in v.mentions if m.type == E.PERSON]
    for n in people:
        at = v.last[n] + 1
        if at + 2 < len(v.toks) and v.toks[at].text == "(":
            inner = next((m for m in v.mentions if v.first[m] == at + 1), None)
            if (
                inner is not None
                and inner.type in PLACES
                and v.last[inner] + 1 < len(v.toks)
                and v.toks[v.last[inner] + 1].text == ")"
                and not _common_word(v, inner)
            ):
                yield Found(n, inner, "ORIGINS_FROM", "origin_parenthesis", "present")
    for t in v.toks:
        if t.lemma in _ORIGIN_NOUNS:
            places = [
                m
                for m, depth in _genitives(v, t.i, PLACES)
                if depth == 1 and not _common_word(v, m)
            ]
            places += [
                m
                for m in v.mentions
                if m.type in PLACES
                and v.toks[v.anchor(m.head)].head == t.i
                and v.prep(v.anchor(m.head)) == "из"
            ]
            if not places:
                continue
            after = [n for n in people if v.first[n] > t.i and v.clean_gap(t.i, v.first[n], t.i)]
            holders = [min(after, key=lambda x: v.first[x])] if after else []
            if not holders and t.rel == "appos":
                holders = [n for n in people if v.anchor(n.head) == t.head and v.last[n] < t.i]
            how = "appos" if after else "appos_after"
            # «уроженец Омска» is where one was born (NEREL: PLACE_OF_BIRTH)
            born = t.lemma in _BORN_NOUNS
            relation, kind = ("PLACE_OF_BIRTH", "born_noun") if born else ("ORIGINS_FROM", "origin")
            for n in holders:
                for place in places[:1]:
                    tense = "past" if born else "present"
                    yield Found(n, place, relation, f"{kind}_{how}", tense, t.lemma)
        elif t.lemma == "родом" or t.text.lower() == "родом":
            places = [
                m
                for m in v.mentions
                if m.type in PLACES
                and v.prep(v.anchor(m.head)) == "из"
                and v.toks[v.anchor(m.head)].head in (t.i, t.head)
            ]
            for n in people:
                head, rel = v.role_of(n)
                if rel == "nsubj" and head in (t.i, t.head):
                    for place in places[:1]:
                        yield Found(n, place, "ORIGINS_FROM", "origin_rodom", "present", "родом")


def _birth_years(v: _View) -> Iterator[Found]:
    """«Горлов Александр, 1963 года рождения», «С.Воробьев (1959 года рождения)», «Евгений
    Манюров (1980 г.р.)»: a date told as a year of birth right after a person's name (nothing
    but a comma or a bracket between them)."""
    toks = v.toks
    for date in [m for m in v.mentions if m.type == E.DATE]:
        first, last = v.first[date], v.last[date]
        tail = [t.text.lower() for t in toks[last + 1 : last + 4] if t.text != "."]
        if toks[last].text.lower() not in ("года", "г", "г.") or tail[:1] not in (
            ["рождения"],
            ["р"],
        ):
            continue
        gap = first - 1 if first >= 1 and toks[first - 1].text in (",", "(") else first
        person = next((m for m in v.mentions if v.last[m] == gap - 1), None)
        if person is not None and person.type == E.PERSON:
            yield Found(person, date, "DATE_OF_BIRTH", "birth_year", "past")


def _ages(v: _View, names: list[tuple[Mention, Mention, str]]) -> Iterator[Found]:
    """«35-летний Константин», «Алан Рикман (69 лет)», «умер в возрасте 85 лет»."""
    roles_of = {p.head: n for n, p, _ in names}
    for age in [m for m in v.mentions if m.type == E.AGE]:
        tok = v.toks[age.head]
        if tok.rel == "amod" and tok.head >= 0:
            person = v.by_head.get(tok.head)
            if person is None or person.type != E.PERSON:
                person = roles_of.get(tok.head)
            if person is None:
                person = next(
                    (
                        m
                        for m in v.mentions
                        if m.type == E.PERSON
                        and v.toks[v.anchor(m.head)].rel == "appos"
                        and v.toks[v.anchor(m.head)].head == tok.head
                    ),
                    None,
                )
            if person is not None and person.type == E.PERSON:
                yield Found(person, age, "AGE_IS", "age_modifier", "present")
                continue
        first = v.first[age]
        if first >= 2 and v.toks[first - 1].text == "(":
            person = next((m for m in v.mentions if v.last[m] == first - 2), None)
            if person is not None and person.type == E.PERSON:
                yield Found(person, age, "AGE_IS", "age_parenthesis", "present")
                continue
        years = v.toks[age.head].lemma in ("год", "лет")  # «31 год», not «87-летний»
        if years and first >= 2 and v.toks[first - 1].text in (",", "—"):
            person = next((m for m in v.mentions if v.last[m] == first - 2), None)
            if person is not None and person.type == E.PERSON:
                yield Found(person, age, "AGE_IS", "age_comma", "present")  # «Топалов, 31 год,»
                continue
        if first >= 1:
            person = next((m for m in v.mentions if v.last[m] == first - 1), None)
            if (
                person is not None
                and person.type == E.PERSON
                and v.case(v.last[person]) == "Dat"
                and years
            ):
                yield Found(person, age, "AGE_IS", "age_dative", "present")  # «Крузу 44 года»
                continue
        if first >= 1 and v.toks[first - 1].lemma == "возраст":
            verb = v.ancestors(first - 1)[1:2]
            if verb and v.toks[verb[0]].pos == "VERB":
                for person in [m for m in v.mentions if m.type == E.PERSON]:
                    head, rel = v.role_of(person)
                    if head == verb[0] and rel.startswith("nsubj"):
                        died = v.toks[verb[0]].lemma in _DEATHS
                        yield Found(
                            person,
                            age,
                            "AGE_DIED_AT" if died else "AGE_IS",
                            "age_at_verb",
                            tense_of(v, [], verb[0]),
                        )


def _told_of(
    v: _View, verb: int, carried: dict[int, list[tuple[Mention, str]]]
) -> list[tuple[Mention, str]]:
    """The person a birth or death participle is told of: the noun it modifies («Родившийся
    17 января 1942 года Мохаммед Али», «Хироси Амано, родившийся в 1960 году»)."""
    return [(m, "participle") for m, rel in carried.get(verb, ()) if m.type == E.PERSON]


def _renamed(v: _View, i: int) -> int:
    """The noun a name is in apposition to («юрист Сергей Белов»: «юрист»), or the name."""
    steps = 0
    while v.toks[i].rel == "appos" and v.toks[i].head >= 0 and steps < 4:
        i, steps = v.anchor(v.toks[i].head), steps + 1
    return i


def _gapped(v: _View, m: Mention, verb: int) -> bool:
    """A conjunct after the verb whose first conjunct stands before it: the subject of a
    clause with its verb left out («A работал в Нагое, B — в компании Nichia»), not the
    verb's own."""
    a = v.anchor(m.head)
    return v.toks[a].rel == "conj" and v.filler(m) < verb < a


def _frames(v: _View) -> Iterator[Found]:
    """Verb frames: each mention's clause role (the verb it hangs on, its relation and
    preposition) read from the parse, so the subject is the syntactic subject."""
    args: dict[int, list[tuple[Mention, str, str]]] = {}
    for m in v.mentions:
        verb, rel = v.role_of(m)
        if verb >= 0 and v.toks[verb].lemma == "замуж" and v.toks[verb].head >= 0:
            verb = v.toks[verb].head  # «вышла замуж за Павла»: «за Павла» hangs on «замуж»
        if verb >= 0 and not _gapped(v, m, verb):
            # the preposition of the role's filler: «родился в городе Твери» gives Твери «в»
            # (not a name after a comma: «в Биране, Куба» is said of Биран)
            prep = v.prep(v.anchor(m.head))
            filler = v.filler(m)
            if not prep and filler < v.first[m]:
                gap = v.toks[filler + 1 : v.first[m]]
                if not any(t.pos == "PUNCT" for t in gap):
                    prep = v.prep(filler)
            args.setdefault(verb, []).append((m, rel, prep))
    # a participle's subject is the noun it modifies («Остапчук, завоевавшая медаль»,
    # «аэропорт Внуково, расположенный в Москве»)
    carried: dict[int, list[tuple[Mention, str]]] = {}
    for t in v.toks:
        verb_form = t.pos == "VERB" and t.feats.get("VerbForm") == "Part" and t.rel == "acl"
        if not (verb_form or (t.rel == "amod" and t.lemma in _PARTICIPLES)) or t.head < 0:
            continue
        passive = t.feats.get("Voice") == "Pass" or t.lemma in _PASSIVE_PARTICIPLES
        # «A, а также юрист B, скончавшийся в 2009 году» («..., разоблачивший схему и
        # скончавшийся»): a singular participle after a comma after the last of conjoined
        # nouns is told of that one (the parse hangs it on the first)
        later = [c for c in v.sent.children[t.head] if v.toks[c].rel == "conj" and t.head < c < t.i]
        alone = (
            later
            and any(x.text == "," for x in v.toks[max(later) : t.i])
            and t.feats.get("Number") != "Plur"
        )
        last = max(later) if alone else -1
        for m in v.mentions:
            a = v.anchor(m.head)
            if last >= 0 and _renamed(v, a) != last:
                continue
            if (
                a == t.head
                or v.filler(m) == t.head
                or (
                    v.toks[a].head == t.head
                    and v.toks[a].rel in ("appos", "nmod")
                    and not v.prep(a)
                )
            ):
                carried.setdefault(t.i, []).append((m, "nsubj:pass" if passive else "nsubj"))
    related = _relatives(v)
    for verb in related:
        args.setdefault(verb, [])
    shared = _shared_subjects(v, args)
    for verb, group in args.items():
        tok = v.toks[verb]
        lemma = _PARTICIPLES.get(tok.lemma, tok.lemma)
        tense = tense_of(v, [], verb)
        event = v.by_head.get(verb)
        if event is not None and event.type == E.EVENT and tok.pos == "VERB":
            passive = tok.feats.get("Voice") == "Pass"
            for m, rel, prep in group:
                if m is event:
                    continue
                if m.type in _AGENTS and rel == "nsubj" and not passive:
                    yield Found(m, event, "AGENT", "event_agent", tense, lemma)
                elif (
                    m.type == E.PERSON
                    and rel in ("obj", "nsubj:pass")
                    or (m.type == E.PERSON and rel == "nsubj" and passive)
                ):
                    yield Found(m, event, "PARTICIPANT_IN", "event_patient", tense, lemma)
                elif m.type in PLACES | {E.FACILITY} and rel == "obl" and prep in ("в", "во"):
                    yield Found(event, m, "TAKES_PLACE_IN", "event_place", tense, lemma)
                elif m.type == E.DATE and rel in ("obl", "nmod", "advmod"):
                    yield Found(event, m, "POINT_IN_TIME", "event_date", tense, lemma)
        if lemma in _HAPPEN:
            subjects = [m for m, rel, _ in group if m.type == E.EVENT and rel.startswith("nsubj")]
            for e in subjects:
                for m, rel, prep in group:
                    if (
                        m.type in PLACES | {E.FACILITY}
                        and rel == "obl"
                        and prep in ("в", "во", "на")
                    ):
                        yield Found(e, m, "TAKES_PLACE_IN", "event_noun_place", tense, lemma)
                    elif m.type == E.DATE and rel in ("obl", "nmod", "advmod"):
                        yield Found(e, m, "POINT_IN_TIME", "event_noun_date", tense, lemma)
        if lemma in _BIRTH | _DEATHS:
            people = [m for m, rel, _ in group if m.type == E.PERSON and rel == "nsubj"]
            dates = [m for m, rel, _ in group if m.type == E.DATE]
            kind = "DATE_OF_BIRTH" if lemma in _BIRTH else "DATE_OF_DEATH"
            for p in people:
                for d in dates:
                    yield Found(p, d, kind, "verb_" + kind.lower(), "past", lemma)
            for p, how in _told_of(v, verb, carried):
                for d in dates:
                    yield Found(p, d, kind, f"{how}_{kind.lower()}", "past", lemma)
        for frame in FRAMES.values():
            lemmas, subj_roles, subj_types, obj_roles, preps, obj_types, relation, forward = frame
            if lemma not in lemmas:
                continue
            if not _asserted(v, verb):
                continue
            if lemma == "исполниться" and tense != "past":
                continue  # «в августе ему исполнится 55»: 54 now
            if lemma in ("признать", "признавать") and not any(
                v.toks[c].lemma == "виновный" for c in v.sent.children[verb]
            ):
                continue  # «признан виновным в»: «признать» alone is no conviction
            if lemma in ("признать", "признавать") and relation != "CONVICTED_OF":
                continue
            if lemma == "выйти" and not any(
                v.toks[c].lemma == "замуж" for c in v.sent.children[verb]
            ):
                continue  # «вышла замуж за»: «выйти» alone is no marriage
            subjects = [
                m
                for m, rel, prep in group
                if (rel in subj_roles or f"{rel}@{prep}" in subj_roles) and m.type in subj_types
            ]
            via = [m for m, rel in carried.get(verb, ()) if rel in subj_roles]
            subjects += [m for m in via if m.type in subj_types]
            if not subjects and relation in _SHARED_SUBJECT:
                subjects = [m for m in shared.get(verb, ()) if m.type in subj_types]
            told = [m for m, rel in related.get(verb, ()) if rel in subj_roles]
            subjects += [m for m in told if m.type in subj_types and m not in subjects]
            objects = [
                m
                for m, rel, prep in group
                if rel in obj_roles
                and prep in preps
                and m.type in obj_types
                and (relation != "SCHOOLS_ATTENDED" or _school(v, m))
            ]
            rel_type = relation
            if relation == "HEADQUARTERED_IN" and lemma in _LOCATED_VERBS:
                subjects += [
                    m for m, rel, _ in group if rel == "nsubj" and m.type in PLACES | {E.FACILITY}
                ]
                subjects += [m for m in via if m.type in PLACES | {E.FACILITY}]
            for s in subjects:
                for o in objects:
                    if s is o:
                        continue
                    if o.type == E.ORGANIZATION:
                        o = _named_by(v, o) or o  # «возглавлял компанию «АрмРосГазпром»»
                    if relation == "HEADQUARTERED_IN" and s.type != E.ORGANIZATION:
                        rel_type = "LOCATED_IN"
                    name = (
                        f"participle_{rel_type.lower()}"
                        if s in via
                        else f"relative_{rel_type.lower()}"
                        if s in told
                        else f"verb_{relation.lower()}"
                    )
                    when = "past" if relation in ("PLACE_OF_BIRTH", "PLACE_OF_DEATH") else tense
                    if relation == "AGE_IS":
                        when = "present"  # «ему исполнилось 95 лет»: 95 as the text is told
                    if relation in _SYMMETRIC and o.start < s.start:
                        yield Found(o, s, rel_type, name, when, lemma)  # in the text's order
                    elif forward:
                        yield Found(s, o, rel_type, name, when, lemma)
                    else:
                        yield Found(o, s, rel_type, name, when, lemma)


# frames whose verb, coordinated with a verb before it and with no subject of its own, is
# said of that verb's subject («Петров родился в Туле, окончил МГУ»)
_SHARED_SUBJECT = frozenset({"SCHOOLS_ATTENDED", "MEMBER_OF", "PARTICIPANT_IN"})


def _shared_subjects(
    v: _View, args: dict[int, list[tuple[Mention, str, str]]]
) -> dict[int, list[Mention]]:
    """A verb coordinated with a verb before it that has no subject of its own («Петров
    родился в Туле, в 1979 году окончил МГУ»): the people subject of the first verb (of the
    coordination's first conjunct, in the active voice, the verbs of one tense)."""
    out: dict[int, list[Mention]] = {}
    for verb in args:
        tok = v.toks[verb]
        if tok.rel != "conj" or tok.pos != "VERB" or tok.feats.get("Voice") == "Pass":
            continue
        if any(v.toks[c].rel.startswith(("nsubj", "csubj")) for c in v.sent.children[verb]):
            continue
        first = _conj_root(v, verb)
        if first == verb or v.toks[first].pos != "VERB" or first > verb:
            continue
        if v.toks[first].feats.get("Voice") == "Pass":
            continue
        people = [m for m, rel, _ in args.get(first, ()) if rel == "nsubj" and m.type == E.PERSON]
        if len(people) == 1:
            out[verb] = people
    return out


# verbs that make the verb under them a wish, a request or a threat, not a fact
_UNREAL = _words(
    "просить попросить требовать потребовать мочь грозить собираться намереваться хотеть "
    "планировать предложить предлагать отказаться отказываться угрожать пытаться"
)


def _asserted(v: _View, verb: int) -> bool:
    """The verb states a fact: not negated («не приговаривал»), not under a verb of wish or
    request («попросил приговорить», «может получить»)."""
    if any(v.toks[c].text.lower() == "не" for c in v.sent.children[verb]):
        return False
    tok = v.toks[verb]
    return not (tok.rel == "xcomp" and tok.head >= 0 and v.toks[tok.head].lemma in _UNREAL)


# relations NEREL gives one direction of, mostly in the text's order
_SYMMETRIC = frozenset({"SPOUSE", "SIBLING"})
# the words of a school's name: «окончил МГУ» (an abbreviation), «поступил в университет»
_SCHOOL_WORDS = (
    "университет",
    "институт",
    "академи",
    "училищ",
    "школ",
    "колледж",
    "консерватори",
    "лицей",
    "гимнази",
    "факультет",
    "семинари",
    "вуз",
)


def _school(v: _View, m: Mention) -> bool:
    """An organisation whose name says it teaches (or an abbreviation ending in «ГУ»)."""
    text = m.text.lower()
    return any(w in text for w in _SCHOOL_WORDS) or (m.text.isupper() and m.text.endswith("ГУ"))


def _relatives(v: _View) -> dict[int, list[tuple[Mention, str]]]:
    """«Савченко, которую приговорили к 22 годам», «Насер, который подозревается в
    вербовке»: the verb of a relative clause, and the noun «который» stands for with the
    clause role «который» has there (a name, or the role noun a name is in apposition to)."""
    out: dict[int, list[tuple[Mention, str]]] = {}
    for t in v.toks:
        if not t.text.lower().startswith("котор") or t.head < 0 or v.prep(t.i):
            continue
        verb = v.toks[t.head]
        if verb.rel != "acl:relcl" or verb.head < 0:
            continue
        noun = verb.head
        for m in v.mentions:
            if m.type not in _AGENTS:
                continue
            a = v.anchor(m.head)
            if a == noun or (v.toks[a].rel == "appos" and v.toks[a].head == noun):
                out.setdefault(verb.i, []).append((m, t.rel))
    return out


_POSSESSIVES = frozenset({"его", "её", "ее", "их"})


def _kin(v: _View, names: list[tuple[Mention, Mention, str]]) -> Iterator[Found]:
    """«жена президента Мишель Обама», «дочь президента Ислама Каримова Лолла Каримова», «сын
    Бекхэма Бруклин» (a kin noun, the relative in the genitive, a name in apposition);
    «Александра Панфилова, жена Кинчева» (the kin noun in apposition after the name); «Марк
    Цукерберг и его жена Присцилла Чан», «Кастро передал пост своему брату Раулю» (a
    possessive that stands for the first conjunct, or for the clause's subject with «свой»)."""
    people = [m for m in v.mentions if m.type == E.PERSON]
    named_role = {p: n for n, p, how in names if how == "appos"}
    for t in v.toks:
        if t.lemma not in _KIN:
            continue
        relation, named_first = _KIN[t.lemma]
        if any(v.first[m] <= t.i <= v.last[m] for m in people):
            continue  # «Сын А.Лукашенко» read as one name: no telling who is whose
        of, how = None, "genitive"
        if t.rel == "nsubj" and not v.prep(t.i):
            # «У Сергея Шнурова есть дочь Серафима»: the one «у» names (natasha may take the
            # child's rare name for a genitive on the kin noun)
            of = _kin_holder(v, t.i, people)
            how = "holder" if of is not None else how
        for m in v.mentions if of is None else ():
            if m.type not in (E.PERSON, E.PROFESSION) or v.case(m.head) != "Gen":
                continue
            a = v.anchor(m.head)
            if v.toks[a].head != t.i or v.first[m] < t.i or v.prep(a):
                continue  # «дочь от Хелен Макинтайр» is no genitive of a parent
            if m.type == E.PERSON and v.case(t.i) == "Gen":
                continue  # «могилой его жены Матильды Уррутии»: a genitive name is her own
            person = m if m.type == E.PERSON else named_role.get(m)
            if person is not None and person.type == E.PERSON:
                of = person
                break
        if of is None:
            of, how = _possessor(v, t.i, people), "possessive"
        if of is None:
            of, how = _kin_holder(v, t.i, people), "holder"
        if of is None:
            continue
        start = max(t.i, v.last[of]) if v.first[of] > t.i else t.i
        inside = set(range(t.i, start + 1))
        case = v.case(t.i)
        after = [
            m
            for m in people
            if m is not of
            and v.first[m] > start
            and (_named_by_kin(v, m, t.i) or not v.prep(v.filler(m)))
            and (
                not case
                or any(v.case(i) in ("", case) for i in range(v.first[m], v.last[m] + 1))
                or v.toks[v.anchor(m.head)].head not in inside  # natasha's case of a rare name
                or (how == "holder" and _named_by_kin(v, m, t.i))
            )
            and (
                v.clean_gap(start, v.first[m], t.i)
                # «сыновья Ивана Петрова — Сергей и Алексей», «дочери: Лара и Кассиа»
                or [x.text for x in v.toks[start + 1 : v.first[m]]] in (["—"], [":"])
            )
        ]
        if after:
            n = min(after, key=lambda m: v.first[m])
        elif how == "genitive" and _copula_subject(v, t.i, people, of) is not None:
            # «Ирина стала женой Павла»: the kin noun is the predicate of «стать»
            n, how = _copula_subject(v, t.i, people, of), "copula"  # type: ignore[assignment]
        elif how == "genitive" and any(
            v.role_of(m) == (t.i, "nsubj") and v.last[m] < t.i for m in people
        ):
            # «Альберт II — младший сын Леопольда III»: the kin noun is the predicate
            n = next(m for m in people if v.role_of(m) == (t.i, "nsubj") and v.last[m] < t.i)
            how = "copula"
        elif how == "genitive" and t.rel == "appos" and t.head >= 0:
            before = [m for m in people if v.anchor(m.head) == t.head and v.last[m] < t.i]
            if not before:
                # «Пресс-секретарь группы Александра Панфилова, жена Кинчева»: the name right
                # before the comma, inside the phrase the kin noun is in apposition to
                before = [
                    m
                    for m in people
                    if v.last[m] == t.i - 2
                    and m is not of
                    and t.head in v.ancestors(v.anchor(m.head))
                ]
            between = [x.text for x in v.toks[v.last[before[0]] + 1 : t.i]] if before else []
            if not before or between not in ([","], ["—"], ["-"], ["("], ["–"]):
                continue
            n, how = before[0], "appos_after"
        else:
            continue
        if n is of:
            continue
        named = [n]
        if v.toks[t.i].feats.get("Number") == "Plur" and how != "appos_after":
            # «две дочери Лара и Кассиа»: the names coordinated with the first
            root = v.anchor(n.head)
            named += [
                m
                for m in people
                if m is not of
                and m is not n
                and v.toks[v.anchor(m.head)].rel == "conj"
                and _conj_root(v, v.anchor(m.head)) == root
            ]
        # «младший сын Леопольда III и Астрид Шведской»: both parents
        relatives = [of]
        if how != "possessive" and relation == "PARENT_OF":
            at = v.anchor(of.head)
            relatives += [
                m
                for m in people
                if m is not of
                and m not in named
                and v.toks[v.anchor(m.head)].rel == "conj"
                and _conj_root(v, v.anchor(m.head)) == at
            ]
        for n in named:
            for r in relatives:
                subject, obj = (n, r) if named_first else (r, n)
                if relation in _SYMMETRIC and obj.start < subject.start:
                    subject, obj = obj, subject
                # one rule for every kin pattern (genitive, possessive, copula, after a name):
                # alone each is too rare on train for an estimate of its own
                yield Found(subject, obj, relation, "kin", "present", t.lemma)


_SUSPICIONS = _words("обвинение подозрение")
# «арестован по делу о коррупции»: the verbs whose patient a case «по делу о» is against
_CASE_VERBS = _words("арестовать задержать осудить приговорить арестовывать задерживать")
_PRESS = _words("предъявить предъявлять")


def _charged(v: _View) -> Iterator[Found]:
    """«арестован по обвинению в шпионаже», «задержали военных по подозрению в нападении»
    (the charge of «по обвинению/подозрению в» under a verb, said of the verb's patient),
    «предъявили обвинения гражданину X в Y» (said of the one in the dative)."""
    for c in [m for m in v.mentions if m.type == E.CRIME]:
        noun = v.toks[v.anchor(c.head)].head
        if noun >= 0 and v.toks[noun].lemma in _PRESS:  # «в Y» hung on «предъявили»
            noun = next((x for x in v.sent.children[noun] if v.toks[x].lemma == "обвинение"), -1)
        case_of = (
            noun >= 0
            and v.toks[noun].lemma == "дело"
            and v.prep(v.anchor(c.head)) in ("о", "об")
            and v.toks[noun].head >= 0
            and v.toks[v.toks[noun].head].lemma in _CASE_VERBS
        )
        if noun < 0 or (v.toks[noun].lemma not in _SUSPICIONS and not case_of):
            continue
        verb = v.toks[noun].head
        if verb < 0 or v.toks[verb].pos != "VERB" or not _asserted(v, verb):
            continue
        tok = v.toks[verb]
        passive = tok.feats.get("Voice") == "Pass" or tok.feats.get("VerbForm") == "Part"
        if v.prep(noun) == "по":
            roles: tuple[str, ...] = ("nsubj:pass", "nsubj") if passive else ("obj", "nsubj:pass")
        elif tok.lemma in _PRESS and v.toks[noun].rel in ("obj", "nsubj:pass"):
            roles = ("iobj", "obl")
        else:
            continue
        for m in v.mentions:
            verb_of, rel = v.role_of(m)
            if m.type != E.PERSON or verb_of != verb or rel not in roles:
                continue
            if rel == "obl" and (v.prep(v.filler(m)) or v.case(v.filler(m)) != "Dat"):
                continue
            when = tense_of(v, [], verb)
            yield Found(m, c, "CONVICTED_OF", "charge_by", when, v.toks[noun].lemma)


def _born_to(v: _View) -> Iterator[Found]:
    """«Владимир родился в Туле в семье актёра Льва Петровича и режиссёра Натальи Ивановны»
    (the parents in the genitive of «семья» under «родиться»), «Жанна Фриске родила
    Дмитрию Шепелеву сына Платона» (the mother, and the child named in apposition to a kin
    noun that is the object of «родить»)."""
    named_role = {p.head: n for n, p, _ in _role_appositions(v)}
    people = [m for m in v.mentions if m.type == E.PERSON]
    for t in v.toks:
        if t.lemma == "семья" and t.head >= 0 and v.toks[t.head].lemma == "родиться":
            if v.prep(t.i) not in ("в", "во"):
                continue
            children = [m for m in people if v.role_of(m) == (t.head, "nsubj")]
            parents = []
            for m in v.mentions:
                a = v.anchor(m.head)
                if (
                    v.case(a) != "Gen"
                    or v.prep(a)
                    or _conj_root(v, a) == a
                    and v.toks[a].head != t.i
                ):
                    continue
                if v.toks[_conj_root(v, a)].head != t.i:
                    continue
                person = m if m.type == E.PERSON else named_role.get(m.head)
                if person is not None and person.type == E.PERSON and person not in parents:
                    parents.append(person)
            for child in children[:1]:
                for parent in parents:
                    yield Found(parent, child, "PARENT_OF", "kin", "past", "семья")
        elif t.lemma == "родить" and t.pos == "VERB":
            mothers = [m for m in people if v.role_of(m) == (t.i, "nsubj")]
            for c in v.sent.children[t.i]:
                if v.toks[c].rel != "obj" or v.toks[c].lemma not in ("сын", "дочь", "ребенок"):
                    continue
                kids = [
                    m
                    for m in people
                    if v.toks[v.anchor(m.head)].head == c
                    and v.toks[v.anchor(m.head)].rel == "appos"
                ]
                for mother in mothers[:1]:
                    for kid in kids[:1]:
                        yield Found(mother, kid, "PARENT_OF", "kin", "past", "родить")


def _named_by_kin(v: _View, m: Mention, kin: int) -> bool:
    """The name is in apposition to the kin noun («его дочь Юлию»: its preposition, if any,
    is the kin noun's phrase's, not the name's own)."""
    a = v.toks[v.anchor(m.head)]
    return a.rel == "appos" and a.head == kin


def _copula_subject(v: _View, kin: int, people: list[Mention], of: Mention) -> Mention | None:
    """The subject of «стать»/«являться» whose predicate the kin noun is («Ирина Котова
    стала женой Павла Седова»), None when there is not exactly one such person."""
    tok = v.toks[kin]
    if tok.rel not in ("xcomp", "obl") or tok.head < 0 or v.prep(kin):
        return None
    if v.toks[tok.head].lemma not in _COPULAS or v.case(kin) != "Ins":
        return None
    found = [m for m in people if m is not of and v.role_of(m) == (tok.head, "nsubj")]
    return found[0] if len(found) == 1 and v.last[found[0]] < kin else None


_HAVE = _words("быть есть родиться появиться")


def _kin_holder(v: _View, kin: int, people: list[Mention]) -> Mention | None:
    """Whose relative a kin noun with no genitive or possessive names: the name it hangs on
    with «с» («Андрей Соколов с женой Марией»), or the one «у» names under the verb of being
    it is the subject of («У Павла Седова есть сын Игорь», «у Ивана родилась дочь Анна»)."""
    tok = v.toks[kin]
    if tok.head < 0:
        return None
    if v.prep(kin) in ("с", "со") and tok.rel == "nmod":
        found = [m for m in people if v.first[m] <= tok.head <= v.last[m] < kin]
        return found[0] if len(found) == 1 else None
    head = v.toks[tok.head]
    if tok.rel != "nsubj" or v.prep(kin) or head.lemma not in _HAVE:
        return None
    if head.lemma == "есть" and head.pos not in ("VERB", "AUX"):
        return None
    if not _asserted(v, tok.head):
        return None
    found = [
        m
        for m in people
        if v.role_of(m)[0] == tok.head and v.prep(v.filler(m)) == "у" and v.last[m] < kin
    ]
    return found[0] if len(found) == 1 else None


def _possessor(v: _View, kin: int, people: list[Mention]) -> Mention | None:
    """Whom «его»/«её»/«свой» on a kin noun stand for: the name the kin noun's phrase is
    coordinated with («Марк Цукерберг и его жена»), or, for «свой», the subject of the
    clause («Кастро передал пост своему брату»); None when no possessive or no such name."""
    owners = [
        v.toks[c].text.lower()
        for c in v.sent.children[kin]
        if v.toks[c].text.lower() in _POSSESSIVES or v.toks[c].text.lower().startswith("сво")
    ]
    if not owners:
        return _gendered_owner(v, kin, people)
    own = owners[0].startswith("сво")  # «свой», «своему», «своей» (the lemmatiser keeps them)
    tok = v.toks[kin]
    if tok.rel == "conj" and tok.head >= 0 and not own:
        for m in people:
            if v.anchor(m.head) == tok.head and v.last[m] < kin:
                return m
        # «физик Андрей Соколов и его жена»: the name is in apposition to the first conjunct
        named = [
            m
            for m in people
            if v.toks[v.anchor(m.head)].rel == "appos"
            and v.toks[v.anchor(m.head)].head == tok.head
            and v.last[m] < kin
        ]
        if len(named) == 1:
            return named[0]
    if own:
        verb = next((i for i in v.ancestors(kin)[1:] if v.toks[i].pos == "VERB"), -1)
        found = [m for m in people if v.role_of(m) == (verb, "nsubj")]
        if verb >= 0 and len(found) == 1:
            return found[0]
    return _gendered_owner(v, kin, people)


_OWNER_GENDER = {"его": "Masc", "её": "Fem", "ее": "Fem"}


def _gendered_owner(v: _View, kin: int, people: list[Mention]) -> Mention | None:
    """«Анна Белова погибла, но её отец Отто выжил», «Олег Петров возглавил компанию, когда
    заболел его отец»: «его»/«её» right before the kin noun (or before its adjectives)
    stands for the subject of the sentence's main verb when that is the only person of the
    pronoun's gender named before the kin noun."""
    i = kin - 1
    while i >= 0 and v.toks[i].pos == "ADJ" and v.toks[i].head == kin:
        i -= 1
    if i < 0 or v.toks[i].text.lower() not in _OWNER_GENDER:
        return None
    gender = _OWNER_GENDER[v.toks[i].text.lower()]
    before = [m for m in people if v.last[m] < i]
    if [v.toks[m.head].feats.get("Gender", "") for m in before] != [gender]:
        return None
    root = next((t.i for t in v.toks if t.rel == "root"), -1)
    m = before[0]
    return m if root >= 0 and v.role_of(m) == (root, "nsubj") else None


_WED = _words("пожениться обвенчаться развестись расписаться")


def _wed(v: _View) -> Iterator[Found]:
    """«Ирина Котова и Павел Седов поженились в 2010 году»: the two coordinated people
    subject of a verb of marrying (or of divorcing) are spouses."""
    for t in v.toks:
        if t.lemma not in _WED or t.pos != "VERB" or not _asserted(v, t.i):
            continue
        pair = [m for m in v.mentions if m.type == E.PERSON and v.role_of(m) == (t.i, "nsubj")]
        if len(pair) != 2:
            continue
        a, b = sorted(pair, key=lambda m: m.start)
        second = v.anchor(b.head)
        if v.toks[second].rel == "appos":  # «и актёр Максим Орлов»: the role is the conjunct
            second = v.toks[second].head
        if v.toks[second].rel != "conj" or second <= v.last[a]:
            continue
        yield Found(a, b, "SPOUSE", "verb_spouse", tense_of(v, [], t.i), t.lemma)


def find_facts(sent: Sentence, mentions: list[Mention]) -> list[Found]:
    """Every relation some trigger states between mentions of the sentence, each (subject,
    object, type) once, the first trigger found kept."""
    v = _View(sent, mentions)
    names = list(dict.fromkeys(_role_appositions(v)))
    out: dict[tuple[int, int, str], Found] = {}
    for found in (
        *_roles(v, names),
        *_organisations(v),
        *_places(v),
        *_ages(v, names),
        *_birth_years(v),
        *_awards(v, names),
        *_frames(v),
        *_kin(v, names),
        *_wed(v),
        *_membership(v),
        *_born_to(v),
        *_charged(v),
        *_works(v, names),
        *_origins(v),
    ):
        if found.subject is found.object:
            continue
        key = (found.subject.head, found.object.head, found.relation_type)
        out.setdefault(key, found)
    return sorted(out.values(), key=lambda f: (f.subject.start, f.object.start, f.relation_type))
