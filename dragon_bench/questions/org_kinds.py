"""The kind of an organisation as its texts name it: the noun written right before its name
(«группы Talk Talk», «компании Odebrecht», «немецкий концерн Bayer»).

A foreign name has no Russian gender, so a verb cannot agree with it («Когда прекратил
существование Talk Talk?» of a band, read 12); the question shows such a name after its kind
noun and the verb agrees with that («Когда прекратила существование группа Talk Talk?»). A
band or an orchestra is no «организация» either: the wh-phrase and a described bridge use its
kind («Какая группа была основана в 1990 году ...?», phrasing11's leftover).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from dragon_bench.questions.morph import analyzer
from dragon_bench.questions.names import common_words_name
from dragon_bench.questions.vocab import KIND_NOUNS

__all__ = ["ENSEMBLES", "KIND_NOUNS", "ensemble", "foreign_name", "kind_noun", "shown_with_kind"]

# kinds of a band or a choir: not an «организация» in a question's words
ENSEMBLES = frozenset(
    "группа рок-группа поп-группа ансамбль коллектив дуэт трио квартет оркестр хор".split()  # noqa: SIM905
)
_LATIN = re.compile(r"[A-Za-z]")
_CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def foreign_name(name: str) -> bool:
    """A name in Latin letters only («Talk Talk», «Odebrecht»): Russian gives it no gender."""
    return bool(_LATIN.search(name)) and not _CYRILLIC.search(name)


def _lemma(word: str) -> str:
    parses = analyzer().parse(word.lower())
    return parses[0].normal_form.replace("ё", "е") if parses else word.lower()


@lru_cache(maxsize=8192)
def _kinds(name: str, text: str) -> tuple[str, ...]:
    """The kind nouns written right before the name in one text (an adjective between
    allowed: «немецкий концерн Bayer»)."""
    if not name.strip('«»" '):
        return ()
    bare = re.escape(name.strip('«»" '))
    found = []
    for m in re.finditer(rf"([А-Яа-яЁё-]+)\s+[«\"“]?{bare}(?![\w-])", text):
        lemma = _lemma(m.group(1))
        if lemma in KIND_NOUNS:
            found.append(lemma)
    return tuple(found)


def kind_noun(name: str, texts: Iterable[str]) -> str:
    """The kind noun the texts most often write before the organisation's name (its
    lemma: «группа», «компания»), or '' when they write none."""
    counts: Counter[str] = Counter()
    for text in texts:
        counts.update(_kinds(name, text))
    if not counts:
        return ""
    return min(counts, key=lambda k: (-counts[k], k))


def shown_with_kind(name: str, texts: Iterable[str]) -> str:
    """The organisation as a question shows it: a foreign name after its kind noun («группа
    Talk Talk»: a verb agrees with the noun), a name of common words quoted after it («фонд
    «Справедливая помощь»», not «Когда была основана Справедливая помощь?»), any other name
    as it is (a name of common words without a kind noun is not shown: shapes/base.py)."""
    foreign, common = foreign_name(name), not name.startswith("«") and common_words_name(name)
    if not foreign and not common:
        return name
    kind = kind_noun(name, texts)
    if not kind:
        return name
    return f"{kind} {name}" if foreign else f"{kind} «{name}»"


def ensemble(name: str, texts: Iterable[str]) -> str:
    """The kind noun of a band, a choir or an orchestra («группа» of The Prodigy), '' for
    another organisation: a question names it so, not «организация»."""
    kind = kind_noun(name, texts)
    return kind if kind in ENSEMBLES else ""
