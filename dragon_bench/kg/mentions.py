"""Entity mentions in a parsed text: natasha's NER plus rules for dates, money, ages, professions, events."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from dragon_bench.nlp import lexicon as lx
from dragon_bench.nlp.lemmas import parses
from dragon_bench.nlp.natasha import NatashaPipeline

__all__ = [
    "Token",
    "Sentence",
    "KIN_NOUNS",
    "Mention",
    "read_sentences",
    "find_mentions",
    "ner_mentions",
    "NER_TYPES",
]

NER_TYPES = {"PER": "PERSON", "ORG": "ORGANIZATION", "LOC": "LOCATION"}

_CYRILLIC = re.compile(r"[А-Яа-яЁё]")
_YEAR = re.compile(r"^(1[5-9]\d\d|20\d\d)$")
_NUMBER = re.compile(r"^\d+([.,]\d+)?$")
_AGED = re.compile(r"^\d+-?летн", re.IGNORECASE)
# what may follow an age told after a name («Топалов, 31 год, ...»), not «20 лет назад»
_AGE_ENDS = frozenset({",", ".", "(", ")", "—", ";"})
_MULTIPLIERS = {"тысяча", "тыс", "миллион", "млн", "миллиард", "млрд", "триллион", "трлн"}
_PREFIXES = ("экс-", "вице-", "зам-", "и.о.")
# Order decides which type wins when two recognisers claim the same head token.
_PRIORITY = [
    "PERSON",
    "ORGANIZATION",
    "LOCATION",
    "DATE",
    "AGE",
    "MONEY",
    "WORK_OF_ART",
    "PROFESSION",
    "NATIONALITY",
    "DISEASE",
    "CRIME",
    "PENALTY",
    "AWARD",
    "IDEOLOGY",
    "LAW",
    "FACILITY",
    "EVENT",
]


@dataclass(slots=True)
class Token:
    """One token of a sentence; `head` is the index of its syntactic head (-1 for the root)."""

    i: int
    start: int
    end: int
    text: str
    lemma: str
    pos: str
    rel: str
    head: int
    feats: dict[str, str]


@dataclass(slots=True)
class Sentence:
    """A sentence's span in the text and its tokens with a dependency tree."""

    index: int
    start: int
    end: int
    tokens: list[Token]
    children: list[list[int]] = field(default_factory=list)

    def ancestors(self, i: int) -> list[int]:
        """Token `i` and its heads up to the root (a cycle or a chain of 60 stops it)."""
        out = [i]
        while self.tokens[out[-1]].head >= 0 and len(out) < 60:
            nxt = self.tokens[out[-1]].head
            if nxt in out:
                break
            out.append(nxt)
        return out


@dataclass(frozen=True, slots=True)
class Mention:
    """An entity mention: character span, type, sentence index and the index of its head token."""

    start: int
    end: int
    type: str
    sent: int
    head: int
    text: str


def read_sentences(doc: Any, pipeline: NatashaPipeline) -> list[Sentence]:
    """Turn a parsed natasha Doc into sentences of tokens with lemmas and integer heads."""
    out: list[Sentence] = []
    for s_index, sent in enumerate(doc.sents):
        ids = {tok.id: i for i, tok in enumerate(sent.tokens)}
        tokens = []
        for i, tok in enumerate(sent.tokens):
            feats = dict(tok.feats or {})
            tokens.append(
                Token(
                    i=i,
                    start=tok.start,
                    end=tok.stop,
                    text=tok.text,
                    lemma=pipeline.lemma(tok.text, tok.pos or "X"),
                    pos=tok.pos or "X",
                    rel=tok.rel or "",
                    head=ids.get(tok.head_id, -1),
                    feats=feats,
                )
            )
        children: list[list[int]] = [[] for _ in tokens]
        for t in tokens:
            if t.head >= 0 and t.head != t.i:
                children[t.head].append(t.i)
        out.append(Sentence(s_index, sent.start, sent.stop, tokens, children))
    return out


def _span_head(sent: Sentence, first: int, last: int) -> int:
    for t in sent.tokens[first : last + 1]:
        if not first <= t.head <= last:
            return t.i
    return last


def _award_span(sent: Sentence, i: int, before: tuple[str, ...] = ("ADJ",)) -> tuple[int, int]:
    """An award noun (or a charge, a sentence) with its name: the adjectives (and, for a
    sentence, numbers) right before it and the genitive words right after it that hang on it
    («Нобелевской премии мира», «орденом Дружбы народов», «22 годам лишения свободы»), not a
    preposition's phrase («премия за лучшую роль»)."""
    toks = sent.tokens
    first = last = i
    while first > 0 and toks[first - 1].pos in before and toks[first - 1].head == i:
        first -= 1
    j = i + 1
    while (
        j < len(toks)
        and j - i <= 3
        and toks[j].pos in ("NOUN", "PROPN", "ADJ")
        and toks[j].feats.get("Case") == "Gen"
        and first <= toks[j].head <= j + 1
        and toks[j].head != j
        and toks[j].rel != "appos"  # «Героя Советского Союза Алексея Маресьева»: his name
    ):
        last, j = j, j + 1
    while last > i and toks[last].pos == "ADJ":
        last -= 1  # an adjective of a noun that is not part of the name
    if last == i and i + 2 < len(toks) and toks[i + 1].text in ("«", '"', "“"):
        # «премия «Эмми»», «орден «За заслуги перед Отечеством»»: the quoted name
        for j in range(i + 2, min(len(toks), i + 14)):
            if toks[j].text in ("»", '"', "”"):
                return first, j
    return first, last


# the words a charge or a sentence hangs on: what they name is a crime or a penalty whatever
# its noun («обвиняется в финансовых махинациях», «приговорён к 22 годам тюрьмы»)
_CHARGES = lx._words(
    "обвинить обвинять обвиняться подозревать подозреваться уличить обвинение подозрение "
    "обвиняемый подозреваемый обвинённый обвиненный уличённый уличенный"
)
# nouns of a compound preposition or of a charge's frame alone («в рамках», «в ходе»)
_NOT_CHARGES = lx._words(
    "рамка ход связь отношение результат течение период время момент случай качество "
    "соответствие интерес польза адрес деятельность действие"
)
_PART_IN = lx._words("причастность участие соучастие")
_SENTENCES = lx._words("приговорить приговаривать приговорённый приговоренный")
_SERVED = lx._words("получить отбывать отбыть")
_PRISONS = lx._words("тюрьма колония заключение лишение")


def _charge_type(sent: Sentence, tok: Token) -> str | None:
    """CRIME for the noun of «в» under a word of a charge, PENALTY for that of «к» under
    «приговорить» and for «N лет тюрьмы» as what one got or serves; None otherwise."""
    if tok.pos not in ("NOUN", "PROPN") or tok.head < 0:
        return None
    head = sent.tokens[tok.head]
    preps = [
        sent.tokens[c].text.lower()
        for c in sent.children[tok.i]
        if sent.tokens[c].rel == "case"
        and not any(sent.tokens[x].rel == "fixed" for x in sent.children[c])  # «в отношении»
    ]
    if tok.rel not in ("obl", "nmod", "obj"):
        return None
    charged = head.lemma in _CHARGES or (
        head.lemma in ("предъявить", "предъявлять")  # «предъявили обвинения X в Y»
        and any(sent.tokens[c].lemma == "обвинение" for c in sent.children[head.i])
    )
    if charged and preps[:1] in (["в"], ["во"]) and tok.feats.get("Animacy") != "Anim":
        if tok.lemma in _NOT_CHARGES or any(
            sent.tokens[c].lemma in ("другой", "ряд") or sent.tokens[c].text.startswith("котор")
            for c in sent.children[tok.i]
        ):
            return None  # «в рамках которого», «в других преступлениях»: no charge named
        return "CRIME"
    if head.lemma in _SENTENCES and preps[:1] == ["к"]:
        return "PENALTY"
    if (
        head.lemma in _SERVED
        and tok.rel == "obj"
        and tok.lemma in ("год", "срок", "месяц")
        and any(sent.tokens[c].lemma in _PRISONS for c in sent.children[tok.i])
    ):
        return "PENALTY"
    return None


def _hero(sent: Sentence, tok: Token) -> str | None:
    """«Героя Советского Союза», «Герой России»: the title, capitalised, with its country."""
    if tok.lemma != "герой" or not tok.text[:1].isupper() or tok.i + 1 >= len(sent.tokens):
        return None
    nxt = sent.tokens[tok.i + 1]
    if nxt.pos in ("ADJ", "PROPN") and nxt.feats.get("Case") == "Gen" and nxt.text[:1].isupper():
        return "AWARD"
    return None


# holders of an award or a degree: roles that name no post («обладатель премии», «кавалер
# ордена», «выпускник МГУ»)
_HOLDERS = lx._words(
    "обладатель обладательница кавалер номинант номинантка лауреатка выпускник выпускница"
)


def _strip_prefix(lemma: str) -> str:
    for p in _PREFIXES:
        if lemma.startswith(p):
            return lemma[len(p) :]
    return lemma


def _is_number(tok: Token) -> bool:
    return tok.pos == "NUM" or bool(_NUMBER.match(tok.text))


def ner_mentions(doc: Any, sents: list[Sentence], text: str) -> list[Mention]:
    """natasha's own NER spans (PER, LOC, ORG) as mentions."""
    out = []
    for span in doc.spans:
        sent = next((s for s in sents if s.start <= span.start < s.end), None)
        if sent is None:
            continue
        idx = [t.i for t in sent.tokens if t.start < span.stop and span.start < t.end]
        if not idx:
            continue
        kind = NER_TYPES.get(span.type, span.type)
        start = span.start
        if kind == "PERSON" and len(idx) > 1 and _common_person_noun(sent.tokens[idx[0]]):
            idx = idx[1:]  # «Сын А.Лукашенко» at a title's start: the son is no part of the name
            start = sent.tokens[idx[0]].start
        stop = span.stop
        if kind == "PERSON":
            idx, stop = _without_latin(sent, idx, text, start, stop)
        head = _span_head(sent, idx[0], idx[-1])
        out.append(Mention(start, stop, kind, sent.index, head, text[start:stop]))
    return out


_LATIN_NAME = re.compile(r"\(\s*[A-Za-z][A-Za-z .'-]*\)")


def _without_latin(
    sent: Sentence, idx: list[int], text: str, start: int, stop: int
) -> tuple[list[int], int]:
    """A name with its Latin spelling after it in brackets («Дэвид Эберсман (David
    Ebersman)») is the name before the brackets: the surname alone later in the text is
    the same person, and the span is the name's."""
    cut = next((k for k, i in enumerate(idx) if k and sent.tokens[i].text == "("), None)
    if cut is None:
        return idx, stop
    bracket = sent.tokens[idx[cut]].start
    if not _LATIN_NAME.fullmatch(text[bracket:stop]) or not _CYRILLIC.search(text[start:bracket]):
        return idx, stop
    return idx[:cut], sent.tokens[idx[cut - 1]].end


# nouns of kin (the kin rules of `dragon_bench.kg.triggers` read them)
KIN_NOUNS = lx._words("жена муж супруг супруга вдова вдовец сын дочь отец мать брат сестра")


def _common_person_noun(tok: Token) -> bool:
    """A kin noun («сын», «жена») that natasha's NER took into a name («Сын А.Лукашенко»);
    a title stays («Принц Филипп» is how he is named)."""
    return tok.pos == "NOUN" and tok.lemma in KIN_NOUNS


def _is_profession(tok: Token, lemma: str) -> bool:
    parts = lemma.split("-")
    if lemma in lx.PROFESSIONS or parts[-1] in lx.PROFESSIONS or parts[0] in lx.PROFESSIONS:
        return True
    if tok.feats.get("Animacy") != "Anim" or tok.pos != "NOUN":
        return False
    # "политики" lemmatises to "политика"; animate nouns with agent suffixes are occupations.
    return lemma in ("политика",) or (
        OPTIONS["suffix"] and lemma.endswith(lx.PROFESSION_SUFFIXES) and len(lemma) > 5
    )


# Ablation switches, measured on NEREL (docs/benchmarks.md): the defaults are the best found.
# Off: animate agent suffixes, every verb as an event, deverbal nouns as events, verbs with a
# date as events, verbs with a place as events (each lowered F1 on train and dev).
OPTIONS = {
    "suffix": False,
    "all_verbs": False,
    "nominal_events": False,
    "place_adj": True,
    "date_events": False,
    "place_events": False,
    "org_nouns": True,
    "laws": True,
    "facilities": True,
}


def _token_type(sent: Sentence, tok: Token) -> str | None:
    lemma = _strip_prefix(tok.lemma)
    if tok.pos == "ADJ" and OPTIONS["place_adj"] and lemma in lx.PLACE_ADJECTIVES:
        return "LOCATION"
    if tok.pos in ("NOUN", "PROPN"):
        if _is_profession(tok, lemma) or lemma in _HOLDERS:
            return "PROFESSION"
        if lemma in lx.NATIONALITIES:
            return "NATIONALITY"
        if OPTIONS["org_nouns"] and lemma in lx.ORGANIZATION_NOUNS:
            return "ORGANIZATION"
        if OPTIONS["laws"] and lemma in lx.LAWS:
            return "LAW"
        if OPTIONS["facilities"] and lemma in lx.FACILITIES:
            return "FACILITY"
        if lemma in lx.DISEASES:
            return "DISEASE"
        if lemma in lx.CRIMES:
            return "CRIME"
        if lemma in lx.AWARDS:
            return "AWARD"
        if lemma in lx.IDEOLOGIES:
            return "IDEOLOGY"
        if lemma in lx.EVENT_NOUNS:
            return "EVENT"
        if lemma in lx.PENALTIES:
            return "PENALTY"
        if (
            OPTIONS["nominal_events"]
            and tok.feats.get("Animacy") == "Inan"
            and lemma.endswith(("ание", "ение", "тие"))
        ):
            return "EVENT"
    elif tok.pos == "VERB" and (
        lemma in lx.EVENT_VERBS or (OPTIONS["all_verbs"] and lemma not in lx.NON_EVENT_VERBS)
    ):
        return "EVENT"
    return None


def _date_tokens(sent: Sentence) -> set[int]:
    toks = sent.tokens
    marked: set[int] = set()
    for t in toks:
        low = t.text.lower()
        if (
            t.lemma in lx.MONTHS
            or t.lemma in lx.WEEKDAYS
            or low in lx.RELATIVE_DAYS
            or _YEAR.match(t.text)
            or t.lemma in ("год", "г.", "г")
            and t.i > 0
            and _YEAR.match(toks[t.i - 1].text)
        ):
            marked.add(t.i)
    # A day number before a month name belongs to the date.
    for i in list(marked):
        if i > 0 and toks[i].lemma in lx.MONTHS and _is_number(toks[i - 1]):
            marked.add(i - 1)
    return marked


def _group(indices: set[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for i in sorted(indices):
        if runs and runs[-1][1] == i - 1:
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    return runs


def _rule_mentions(sent: Sentence, text: str) -> list[Mention]:
    toks = sent.tokens
    out: list[Mention] = []

    def add(first: int, last: int, kind: str) -> None:
        start, end = toks[first].start, toks[last].end
        out.append(
            Mention(start, end, kind, sent.index, _span_head(sent, first, last), text[start:end])
        )

    for first, last in _group(_date_tokens(sent)):
        add(first, last, "DATE")
    n = len(toks)
    for t in toks:
        # Ages: "54-летний", "в возрасте 85 лет", "(31 год)".
        if _AGED.match(t.text):
            add(t.i, t.i, "AGE")
        elif _is_number(t) and t.i + 1 < n and toks[t.i + 1].lemma in ("год", "лет"):
            prev = toks[t.i - 1] if t.i > 0 else None
            unit = toks[t.i + 1]
            turned = (
                unit.head >= 0 and toks[unit.head].lemma == "исполниться"
            )  # «исполнилось 95 лет»
            after = toks[t.i + 2].text if t.i + 2 < n else "."
            named = prev is not None and prev.pos == "PROPN" and after in _AGE_ENDS
            # «Веселин Топалов, 31 год, ...», «Теду Крузу 44 года.»: after a name, alone
            told = (
                t.i >= 2
                and prev is not None
                and prev.text in (",", "—")
                and toks[t.i - 2].pos == "PROPN"
                and after in _AGE_ENDS
            )
            dative = named and prev is not None and prev.feats.get("Case") == "Dat"
            after_word = prev is not None and (prev.lemma in ("возраст", "(") or prev.text == "(")
            if turned or after_word or told or dative:
                add(t.i, t.i + 1, "AGE")
        # Money: a number, an optional multiplier, a currency.
        if _is_number(t) or t.lemma in _MULTIPLIERS:
            j = t.i + 1
            while j < n and toks[j].lemma in _MULTIPLIERS:
                j += 1
            after_number = t.i > 0 and (
                _is_number(toks[t.i - 1]) or toks[t.i - 1].lemma in _MULTIPLIERS
            )
            if j < n and j > t.i and toks[j].lemma in lx.CURRENCIES and not after_number:
                add(t.i, j, "MONEY")
        kind = _charge_type(sent, t) or _hero(sent, t) or _token_type(sent, t)
        if kind == "PENALTY":
            add(*_award_span(sent, t.i, ("ADJ", "NUM")), kind)
        elif kind == "CRIME" and t.lemma in lx.CRIMES:
            # a crime's own word is the charge («в убийстве полицейского» -> «убийство»);
            # any other noun names one only with its genitive («в передаче секретов»)
            first, _ = _award_span(sent, t.i)
            add(first, t.i, kind)
        elif kind == "CRIME" and t.lemma in _PART_IN:
            # «в причастности к убийству»: the part names nothing without what it is in
            inner = [
                c
                for c in sent.children[t.i]
                if c > t.i and any(toks[x].lemma in ("к", "в") for x in sent.children[c])
            ]
            if inner:
                add(t.i, _award_span(sent, inner[0])[1], kind)
        elif kind in ("AWARD", "CRIME", "DISEASE"):
            add(*_award_span(sent, t.i), kind)
        elif kind is not None:
            add(t.i, t.i, kind)
    # Quoted names: «Зенит», «Война и мир».
    i = 0
    while i < n:
        if toks[i].text in ("«", '"', "“") and i + 1 < n:
            j = i + 1
            while j < n and toks[j].text not in ("»", '"', "”") and j - i < 12:
                j += 1
            if j < n and toks[j].text in ("»", '"', "”") and j > i + 1:
                kind = _quoted_kind(toks, i)
                if kind:
                    add(i + 1, j - 1, kind)
                i = j
        i += 1
    return out


# Roles whose quoted complement is a work, not an employer («режиссёр «Списка Шиндлера»»).
_CREATORS = lx._words(
    "режиссер режиссёр автор создатель сценарист продюсер композитор писатель актер актёр "
    "актриса исполнитель исполнительница звезда премьера роль певец певица"
)


def _quoted_kind(toks: list[Token], i: int) -> str:
    """The type of a quoted name by the word before its opening quote: a work after «фильм»
    or a creator's role, an organisation after «компания»; '' when nothing says (natasha's
    NER may still name it), so a film title is never an employer by default."""
    before = toks[i - 1].lemma if i > 0 else ""
    if before in _MEDIA:
        return "ORGANIZATION"  # «газета «Коммерсант»»: NEREL's media are organisations
    if before in lx.WORK_KINDS or before in _CREATORS:
        return "WORK_OF_ART"
    if before in lx.ORGANIZATION_NOUNS or before in _ORG_KINDS:
        return "ORGANIZATION"
    return ""


_MEDIA = lx._words("газета журнал телеканал радиостанция агентство издание портал")
_ORG_KINDS = lx._words(
    "клуб холдинг группа группировка движение издание агентство телеканал радиостанция "
    "издательство сеть оао зао ооо пао ао фк хк объединение организация союз ассоциация"
)


def _anchored_events(sents: list[Sentence], found: list[Mention], text: str) -> list[Mention]:
    """A verb that a date (or place) depends on names an event: "в 2017 году посетил"."""
    kinds = {"DATE"} if OPTIONS["date_events"] else set()
    if OPTIONS["place_events"]:
        kinds.add("LOCATION")
    taken = {(m.sent, m.head) for m in found}
    out = []
    for m in found:
        if m.type not in kinds:
            continue
        sent = sents[m.sent]
        tok = sent.tokens[m.head]
        if tok.rel not in ("obl", "nmod", "advmod") or tok.head < 0:
            continue
        verb = sent.tokens[tok.head]
        if verb.pos != "VERB" or verb.lemma in lx.NON_EVENT_VERBS or (m.sent, verb.i) in taken:
            continue
        taken.add((m.sent, verb.i))
        out.append(
            Mention(verb.start, verb.end, "EVENT", m.sent, verb.i, text[verb.start : verb.end])
        )
    return out


def _inside_name(m: Mention, ner: list[Mention]) -> bool:
    """A word inside a longer NER name is part of that name, not a mention of its own
    («Российская» in «Российская Федерация», «писателей» in «Союз писателей России»)."""
    return any(
        n.sent == m.sent
        and n.head != m.head
        and n.start <= m.start
        and m.end <= n.end
        and n.end - n.start > m.end - m.start
        for n in ner
    )


def _is_place_genitive(word: str) -> bool:
    """A geographical name in the genitive («России», «США», «Пешавара»), by pymorphy3."""
    found = parses(word.lower())
    if any("Surn" in p.tag or "Name" in p.tag for p in found):
        return False  # «Институт Пушкина» is named after a person, not a town
    return any("Geox" in p.tag and "gent" in p.tag for p in found)


def _nested_places(found: list[Mention], sents: list[Sentence], text: str) -> list[Mention]:
    """The place closing an organisation's name («ФСБ России», «МИД РФ», «Высокий суд
    Пешавара»): NEREL annotates it inside the name, natasha's NER does not nest."""
    taken = {(m.sent, m.head) for m in found}
    out = []
    for m in found:
        if m.type != "ORGANIZATION":
            continue
        toks = [t for t in sents[m.sent].tokens if m.start <= t.start and t.end <= m.end]
        if len(toks) < 2:
            continue
        last = toks[-1]
        if (m.sent, last.i) in taken or last.rel != "nmod" or not _is_place_genitive(last.text):
            continue
        out.append(
            Mention(last.start, last.end, "LOCATION", m.sent, last.i, text[last.start : last.end])
        )
    return out


def _retyped(m: Mention, sents: list[Sentence]) -> Mention:
    """An organisation name in quotes after «фильм» or a creator's role is a work."""
    if m.type != "ORGANIZATION":
        return m
    toks = sents[m.sent].tokens
    first = next((t.i for t in toks if t.start >= m.start), None)
    if first is None or first < 1 or toks[first - 1].text not in ("«", '"', "“"):
        return m
    if _quoted_kind(toks, first - 1) != "WORK_OF_ART":
        return m
    return Mention(m.start, m.end, "WORK_OF_ART", m.sent, m.head, m.text)


def find_mentions(doc: Any, sents: list[Sentence], text: str) -> list[Mention]:
    """All mentions of a parsed text, at most one per head token, sorted by position."""
    found = ner_mentions(doc, sents, text)
    for sent in sents:
        found.extend(_rule_mentions(sent, text))
    found.extend(_anchored_events(sents, found, text))
    rank = {k: i for i, k in enumerate(_PRIORITY)}
    best: dict[tuple[int, int], Mention] = {}
    for m in found:
        key = (m.sent, m.head)
        old = best.get(key)
        if old is None or rank.get(m.type, 99) < rank.get(old.type, 99):
            best[key] = m
    ner = ner_mentions(doc, sents, text)
    kept = [_retyped(m, sents) for m in best.values() if not _inside_name(m, ner)]
    kept += _nested_places(kept, sents, text)
    return sorted(kept, key=lambda m: (m.start, m.end))
