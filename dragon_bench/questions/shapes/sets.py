"""`set`: every object the KG gives one subject entity under one relation (2 to 6 entity ids,
aliases merged), asked in the plural; incomplete groups are not asked."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping, Sequence

from dragon_bench.nlp.lexicon import PROFESSIONS
from dragon_bench.questions.completeness import (
    AWARD_HOLDERS,
    activity,
    missing_member,
    not_yet,
    stem_of,
    unnamed_events,
    untold_roles,
)
from dragon_bench.questions.morph import analyzer, lemmas
from dragon_bench.questions.sampling import Fact, FactGraph, Subgraph
from dragon_bench.questions.shapes.base import (
    Context,
    Phrased,
    ask_object,
    object_scope,
    settle_told,
)
from dragon_bench.questions.stated import told_together
from dragon_bench.questions.templates import WHEN, Frame
from dragon_bench.types import Question

__all__ = ["MAX_SET", "SHAPE", "SetShape"]

MAX_SET = 6
# heads of one post under different words («глава» / «руководитель Рособрнадзора»)
_HEADS = dict.fromkeys(
    ("руководитель", "начальник", "председатель", "директор", "шеф", "глава"), "глава"
)


# a post under its clipped name and its full one («премьер» / «премьер-министр»): one post
_CLIPPED = {
    "премьер": ("премьер-министр",),
    "генсек": ("генеральный", "секретарь"),
    "генпрокурор": ("генеральный", "прокурор"),
    "замминистра": ("заместитель", "министр"),
    "зампред": ("заместитель", "председатель"),
    "завотделом": ("заведующий", "отдел"),
}


# one trade under a narrower or other word: a singer is a performer, a top model a model
_TRADES = dict.fromkeys(
    ("исполнитель", "исполнительница", "певица", "вокалист", "вокалистка"), "певец"
)
_TRADES |= dict.fromkeys(("топ-модель", "супермодель", "фотомодель", "манекенщица"), "модель")
_TRADES |= {"кинорежиссёр": "режиссёр", "кинорежиссер": "режиссёр", "кинопродюсер": "продюсер"}
_TRADES |= {"телеведущий": "ведущий", "кинокритик": "критик", "киноактёр": "актёр"}
_TRADES |= {"создатель": "изобретатель", "архиепископ": "епископ", "митрополит": "епископ"}
_TRADES |= {"живописец": "художник", "иеромонах": "священник", "иерей": "священник"}


def _parts(word: str) -> tuple[str, ...]:
    """A trade joined to its kind by a hyphen, as two words («писатель-фронтовик»)."""
    first, _, rest = word.partition("-")
    whole = word in PROFESSIONS
    return (
        (first, rest) if rest and not whole and first in PROFESSIONS and len(rest) >= 4 else (word,)
    )


def _bag(role: str) -> frozenset[str]:
    """A member's words with one word for each post's or trade's several names."""
    words = (p for w in lemmas(role) for p in _parts(_TRADES.get(w, w)))
    return frozenset(_HEADS.get(x, x) for w in words for x in _CLIPPED.get(w, (w,)))


_ROMAN = re.compile(r"^[IVXLC]+$")


def _proper(name: str) -> frozenset[str]:
    """The person names and Latin words of a member («Чайковского», «Grammy»): one event or
    award when two members share one («Гран-при Конкурса имени Чайковского» / «победитель
    XIV Международного конкурса имени Петра Чайковского»)."""
    found = set()
    for word in re.findall(r"[\w’'-]+", name):
        if _ROMAN.match(word) or not word[:1].isupper():
            continue
        parse = analyzer().parse(word.lower())[0]
        if "LATN" in parse.tag or "Surn" in parse.tag:
            found.add(parse.normal_form)
    return frozenset(found)


def _one_award(members: list[Fact]) -> list[Fact] | None:
    """Awards less those another member names as the same event: the award kept, the title
    of its winner dropped; None when two share a name and neither is the winner's title
    («премия имени Пушкина» / «медаль Пушкина»: one award or two, the words do not tell)."""
    names = [_proper(f.object) for f in members]
    title = [lemmas(f.object)[:1] and lemmas(f.object)[0] in AWARD_HOLDERS for f in members]
    degree = [frozenset(w for w in f.object.split() if _ROMAN.match(w)) for f in members]
    dropped: set[int] = set()
    for i in range(len(members)):
        for j in range(i + 1, len(members)):
            if not names[i] & names[j] or (degree[i] and degree[j] and degree[i] != degree[j]):
                continue
            if title[i] == title[j]:
                return None
            dropped.add(i if title[i] else j)
    return [f for i, f in enumerate(members) if i not in dropped]


# a member of a chamber holds a deputy's seat («член Палаты представителей Конгресса США»)
_CHAMBERS = frozenset({"палата", "дума", "госдума", "парламент", "конгресс", "рада", "сейм"})
_CHAMBERS |= {"бундестаг", "кнессет", "меджлис", "хурал", "курултай"}
_MINISTRIES = ("мвд", "мид", "мчс", "министерство")


def _post(words: list[str]) -> str:
    """The post a member's words name when other words name it too: a senator is a member of
    the Federation Council, the head of a ministry is its minister, a deputy of a party's list
    is a deputy of the parliament ("" for any other)."""
    if "сенатор" in words or (
        "член" in words and ("совфед" in words or "совфеда" in words or "федерация" in words)
    ):
        return "сенатор"
    for seat in ("мэр", "губернатор", "посол", "ректор"):
        if seat in words:
            return seat  # «мэр Москвы» / «мэр российской столицы»: one seat
    if "депутат" in words or ("член" in words and _CHAMBERS & set(words)):
        return "депутат"  # «депутат Партии регионов» / «народный депутат Украины»: one seat
    head = any(w in _HEADS for w in words)
    if "министр" in words or (head and any(w in _MINISTRIES or w.startswith("мин") for w in words)):
        return "министр"
    return ""


_ACTING = frozenset({"и", "о", "врио", "исполнять", "исполняющий"})


def _headed(role: str) -> bool:
    """A head of something, acting ones too («и.о. главы ведомства»)."""
    words = [w for w in lemmas(role) if w not in _ACTING and w != "обязанность"]
    return bool(words) and words[0] in _HEADS


def _head_of_a_noun(role: str) -> bool:
    """A head of something a common noun names («председатель банка», «глава ведомства»),
    not of a named body («глава ЕЦБ», «директор «Манежа»»)."""
    words = [w for w in role.split() if w.lower().strip(".") not in ("и.о", "врио")]
    return len(words) > 1 and not any(w[:1].isupper() or w[:1] in '«"' for w in words[1:])


_CAPS = re.compile(r"^[A-ZА-ЯЁ]{2,6}$")
_SKIP = frozenset({"по", "и", "в", "на", "при", "для"})


def _abbreviates(short: str, full: str) -> bool:
    """Every capital abbreviation of `short` is in `full` or the initials of a run of its
    words, one at least spelled out («ГУ МВД Петербурга» / «Главное управление МВД России по Санкт-Петербургу»)."""
    caps = [w for w in re.findall(r"[\w-]+", short) if _CAPS.match(w)]
    words = [w for w in re.findall(r"[\w-]+", full) if w.lower() not in _SKIP]
    initials = "".join(w[0].upper() for w in words)
    shown = set(words)
    spelled = [c for c in caps if c not in shown]
    if not spelled or any(c not in initials for c in spelled):
        return False
    # two letters match by chance («СК» / «советник Кремля») unless another is written out
    return any(len(c) > 2 for c in spelled) or len(spelled) < len(caps)


def _merged(members: list[Fact]) -> list[Fact]:
    """Members less those whose words lie inside another member's: one entity the KG did not
    merge («глава» / «руководитель Рособрнадзора», «Нобелевская премия мира» / «Нобелевская
    премия мира 1993»), shown once under its fullest name. Two members left naming one post under
    other words («сенатор» / «член Совета Федерации», «глава МВД» / «министр внутренних дел»,
    «глава ЕЦБ» / «председатель банка») leave no set: which of them to show, or whether they
    are one, the words do not tell."""
    if members and members[0].relation == "AWARDED_WITH":
        awards = _one_award(members)
        if awards is None:
            return []
        members = awards
    bags = [_bag(f.object) for f in members]
    size = [len(f.object) for f in members]
    kept = []
    for i, f in enumerate(members):
        inside = any(
            bags[i] < bags[j]
            or (bags[i] == bags[j] and (size[j], -j) > (size[i], -i))
            or _abbreviates(f.object, members[j].object)
            for j in range(len(members))
            if j != i
        )
        if not inside:
            kept.append(f)
    posts = [_post(lemmas(f.object)) for f in kept]
    if any(p and posts.count(p) > 1 for p in posts):
        return []
    heads = [f for f in kept if _headed(f.object)]
    if len(heads) > 1 and any(_head_of_a_noun(f.object) for f in heads):
        return []  # «глава ЕЦБ» / «председатель банка»: the bank may be the ЕЦБ
    if members and members[0].relation == "WORKS_AS" and (_one_trade(kept) or _one_head(kept)):
        return []
    if _one_kind(kept):
        return []
    if members and members[0].relation == "WORKS_AS" and _category_beside(kept):
        return []
    return kept


# a category noun over the trades or posts of its kind («музыкант» beside «дирижёр», «артист»
# beside «актёр», «чиновник» beside «вице-губернатор»): no role of its own, so a set of it and
# a role of its kind is one role told twice, and which to list the texts do not tell
_MUSIC = frozenset({"дирижёр", "дирижер", "гитарист", "пианист", "скрипач", "барабанщик"})
_MUSIC |= {"басист", "вокалист", "певец", "композитор", "солист", "органист", "рэпер"}
_MUSIC |= {"виолончелист", "клавишник", "саксофонист", "трубач", "диджей", "исполнитель"}
_POSITIONS = frozenset({"нападающий", "полузащитник", "защитник", "вратарь", "голкипер"})
_POSITIONS |= {"форвард", "бомбардир", "голеадор", "хавбек", "центрфорвард", "капитан"}
_CHURCH = frozenset({"архиепископ", "епископ", "митрополит", "кардинал", "муфтий", "патриарх"})
_CHURCH |= {"священник", "имам", "князь", "префект", "настоятель", "игумен", "иерей"}
_CATEGORIES: dict[str, frozenset[str] | None] = {
    "музыкант": _MUSIC,
    "футболист": _POSITIONS,
    "хоккеист": _POSITIONS,
    "баскетболист": _POSITIONS,
    "священнослужитель": _CHURCH,
    "иерарх": _CHURCH,
    "клирик": _CHURCH,
}
# beside any other role: a performer, a star, an official, a scholar, an employee, a sportsman
_CATEGORIES |= dict.fromkeys(("артист", "звезда", "знаменитость", "чиновник", "госслужащий"))
_CATEGORIES |= dict.fromkeys(("служащий", "функционер", "учёный", "ученый", "сотрудник"))
_CATEGORIES |= dict.fromkeys(("работник", "деятель"))


def _category_beside(kept: list[Fact]) -> bool:
    """A member that is a category noun (`_CATEGORIES`) beside another member of its kind."""
    heads = [_head_word(f.object) for f in kept]
    for i, head in enumerate(heads):
        if head not in _CATEGORIES:
            continue
        kinds = _CATEGORIES[head]
        others = [h for j, h in enumerate(heads) if j != i and h]
        if any(kinds is None or h in kinds or h.replace("е", "ё") in kinds for h in others):
            return True
    return False


def _modified(name: str) -> tuple[frozenset[str], str] | None:
    """A common-noun phrase of adjectives and a head noun («масштабные финансовые
    махинации»): its adjectives' lemmas and its head's; None for a name or a phrase with
    a complement («уклонение от уплаты налогов»)."""
    words = name.split()
    if len(words) < 2 or not name[:1].islower():
        return None
    kinds = [analyzer().parse(w.lower())[0] for w in words]
    if any(p.tag.POS not in ("ADJF", "PRTF") for p in kinds[:-1]) or kinds[-1].tag.POS != "NOUN":
        return None
    return frozenset(p.normal_form for p in kinds[:-1]), kinds[-1].normal_form


def _one_kind(kept: list[Fact]) -> bool:
    """Two members that are one adjective's kind under two nouns («масштабные финансовые
    махинации» / «финансовые аферы»): near-synonyms, one member told twice."""
    shapes = [m for m in (_modified(f.object) for f in kept) if m is not None]
    return any(a[0] & b[0] and a[1] != b[1] for i, a in enumerate(shapes) for b in shapes[i + 1 :])


# heads two members may share and still be two roles (two bodies one is a member or deputy of:
# «заместитель губернатора» / «первый заместитель председателя горсовета» on train)
_MANY_OF = frozenset({"член", "участник", "депутат", "заместитель"})


def _head_word(role: str) -> str:
    """A role's head noun past its adjectives and acting words, a hyphenated trade by its
    first part («боксёр-профессионал»: боксёр), one trade's other names as one."""
    for word in lemmas(role):
        if word in _ACTING or word == "обязанность":
            continue
        if analyzer().parse(word)[0].tag.POS in ("ADJF", "PRTF", "NUMR"):
            continue
        word = _parts(_TRADES.get(word, word))[0]
        return _TRADES.get(word, word).replace("ё", "е")
    return ""


def _one_head(kept: list[Fact]) -> bool:
    """Two roles on one head noun with other modifiers («боксёр-профессионал» /
    «боксёр-тяжеловес», «глава Bundesbank» / «глава ЦБ ФРГ», «артист драмы» / «артист
    разговорного жанра»): one trade or post told twice, or two the words cannot tell apart."""
    heads = [_head_word(f.object) for f in kept]
    return any(h and h not in _MANY_OF and heads.count(h) > 1 for h in heads)


def _one_trade(kept: list[Fact]) -> bool:
    """A trade of a kind («журналист-расследователь») beside the same trade of a named body
    («журналист «Медузы»»): one trade under two names, not two professions."""
    words = [lemmas(f.object) for f in kept]
    for i, w in enumerate(words):
        first = w[0] if len(w) == 1 else ""
        parts = _parts(_TRADES.get(first, first)) if first else ()
        if len(parts) != 2:
            continue
        if any(j != i and v[:1] == [parts[0]] and len(v) > 1 for j, v in enumerate(words)):
            return True
    return False


_INNER = re.compile(r"^«?(?P<before>[^«»]+)«(?P<title>[^«»]+)»(?P<after>[^«»]*)»?$")


def _title(f: Fact) -> str:
    """A work's name as its title: a quoted title with the words of its sentence around it
    («экранизации повести Чехова «Чёрный монах»») is the title alone."""
    m = _INNER.match(f.object)
    if f.relation != "PRODUCES" or m is None or m.group("after").strip():
        return f.object
    return f"«{m.group('title')}»"


def _when(members: list[Fact], texts: Mapping[str, str]) -> list[Fact] | None:
    """Members less those their sentences tell as future or conditional («назначит»,
    «станет», «может быть приговорён»); each held state told by an imperfective past («управлял
    фондом») is past, as phrasing makes the first member (`base.settle_told`), so members of
    two tenses are `mixed_tense`. None when fewer than two are left."""
    kept = [f for f in members if not not_yet(f, texts)]
    if len(kept) < 2:
        return None
    for f in kept:
        settle_told(f, texts)
    return kept


def _fits(frame: Frame, fact: Fact) -> bool:
    """The frame, chosen on the first member, fits this member too (its type, tense, check)."""
    return frame.fits(
        fact.object_type,
        fact.tense,
        lambda key: WHEN[key](fact.subject, fact.subject_type, fact.object, fact.object_type),
    )


def _combined(members: Sequence[Fact]) -> bool:
    """Roles «совмещал» may join: held now (each is current, so at once), or past ones the
    texts tell together («композитор и дирижёр»), not a career told step by step."""
    past = any(f.tense == "past" for f in members)
    return not past or told_together(f.sentences for f in members)


def _party(f: Fact) -> bool:
    """A WORKS_AS member that is a membership of a party (g 209: «депутат Госдумы», «член
    ЛДПР» for «Какие должности занимает ...?»), not «член Совета Федерации»."""
    words = f.object.replace("ё", "е").split()
    return (
        f.relation == "WORKS_AS"
        and len(words) > 1
        and words[0].lower() == "член"
        and bool(re.fullmatch(r"[A-ZА-ЯЁ]{2,}|парти\w*", words[1].strip("«»")))
    )


def _hidden(members: list[Fact], everything: list[Fact]) -> set[str] | None:
    """The ids of the objects the KG gives the subject under the relation that no member
    shows but one stands for: their words lie inside a member's (one post under another id:
    «премьер-министр Японии» told again in a sentence the KG is less sure of, or its
    fragment «премьер-министр»); None when some other object is hidden (the answer would be
    partial)."""
    shown = {f.object_id for f in members}
    bags = [_bag(f.object) for f in members]
    same = set()
    for f in everything:
        if f.object_id in shown:
            continue
        bag = _bag(f.object)
        if not bag or not any(bag <= b for b in bags):
            return None
        same.add(f.object_id)
    return same


class SetShape:
    name = "set"
    crag_type = "set"
    order = 1

    def sample(self, graph: FactGraph, rng: random.Random) -> Iterator[Subgraph]:
        groups: dict[tuple[str, str], list[Fact]] = {}
        for f in graph.facts:
            groups.setdefault((f.subject_id, f.relation), []).append(f)
        keys = sorted(groups)
        rng.shuffle(keys)
        for key in keys:
            members = groups[key]
            same = _hidden(members, graph.objects.get(key, []))
            if same is None:
                continue  # the KG knows a member that cannot be shown: the answer would be partial
            merged = _merged(members)
            gone = {f.object_id for f in members} - {f.object_id for f in merged} | same
            members = [f for f in merged if not _party(f)]
            if any(f.relation == "WORKS_AS" and activity(f.object) for f in members):
                continue  # «предпринимательство» is no post: the posts are not all told
            if not 2 <= len(members) <= MAX_SET or not graph.anchor(members[0], "subject"):
                continue
            if not all(graph.answerable(f, "object") for f in members):
                continue
            timed = _when(members, graph.texts)
            if timed is None:
                continue  # a post only announced is no member: the set is one or none
            members = sorted(timed, key=lambda f: f.object)
            yield Subgraph(
                "set",
                tuple(members),
                tuple(_title(f) for f in members),
                tuple(f.object_id for f in members),
                merged=tuple(sorted(gone)),
            )

    def phrase(self, sub: Subgraph, ctx: Context) -> Phrased | None:
        first = sub.facts[0]
        types = {f.object_type for f in sub.facts}
        candidates = []
        rendered = ask_object(first, ctx.graph, many=True, texts=ctx.texts)
        for frame, text in rendered:
            if not all(_fits(frame, f) for f in sub.facts):
                continue  # «Какие должности занимал ...» for a trade among the members
            if frame.id.endswith(".combines") and not _combined(sub.facts):
                continue  # «совмещал» for roles the texts tell one after another
            scopes = [object_scope(frame, t) for t in types]
            if all(not s or types <= s for s in scopes):
                candidates.append((frame.id, text))
        return ctx.unique(candidates, len(rendered))

    def check(self, sub: Subgraph, question: Question, ctx: Context) -> str:
        shown = {sub.facts[0].subject_id, *sub.answer_ids}
        if any(ctx.graph.namesake(e) for e in shown):
            return "namesake"  # «Малашенко» beside «Елена Малашенко»: which one?
        if untold_roles(sub.facts, ctx.graph) or unnamed_events(sub.facts, ctx.graph):
            return "incomplete"
        if _namesake_posts(sub, ctx.graph):
            return "incomplete"  # «глава Удмуртии», the KG's for another mention of the man
        return missing_member(sub.facts, ctx.texts)


def _kin_name(a: str, b: str) -> bool:
    """Two names of one surname whose first names differ («Борис Волчек» / «Галина Волчек»):
    kin, not one man."""
    x, y = a.split(), b.split()
    return len(x) > 1 and len(y) > 1 and x[0][:3].lower() != y[0][:3].lower()


def _namesake_posts(sub: Subgraph, graph: FactGraph) -> bool:
    """A post the KG gives the subject, or a person of its surname in the set's documents
    (a mention it did not join to the subject: «Задержан глава Удмуртии Александр Соловьёв»
    in the headline), that no member's words cover: the set misses a post its texts give."""
    first = sub.facts[0]
    if first.relation != "WORKS_AS":
        return False
    stem = stem_of(first.subject)
    docs = {d for f in sub.facts for d in f.doc_ids}
    shown = {*sub.answer_ids, *sub.merged}
    bags = [_bag(f.object) for f in sub.facts]
    for g in graph.all_facts:
        if g.relation != "WORKS_AS" or g.object_id in shown or not docs & set(g.doc_ids):
            continue
        if g.subject_id != first.subject_id and not (
            stem and stem_of(g.subject) == stem and not _kin_name(first.subject, g.subject)
        ):
            continue
        bag = _bag(g.object)
        if _party(g) or activity(g.object) or not bag or any(bag <= b for b in bags):
            continue
        return True
    return False


SHAPE = SetShape()
