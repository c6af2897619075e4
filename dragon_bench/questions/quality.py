"""Automatic quality check of a generated question: the defect classes reviewers found.

Each check is a rule on the question text, its answers and the facts it was made from
(`Question.triples`, carrying the names the question shows), written to fire only where a
reviewer would agree; the generator rejects flagged questions, and `flagged_share` measures
a set of questions (benchmarks/questions.py).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from dragon_bench.questions.filters import answer_in_question, contains_sequence
from dragon_bench.questions.grammar import (
    bad_preposition_case,
    disagreeing_adjective,
    takes_object,
)
from dragon_bench.questions.kinds import misfit
from dragon_bench.questions.morph import analyzer, lemmas
from dragon_bench.questions.names import answer_name, common_noun, read_twice
from dragon_bench.questions.vocab import PROPER
from dragon_bench.types import Question, Triple

__all__ = [
    "DEFECTS",
    "NAMED_TYPES",
    "question_defects",
    "flagged_share",
    "repeated_lemmas",
    "malformed_name",
    "names_an_entity",
]

DEFECTS = (
    "answer_in_question",  # the question contains its own answer
    "repeated_relation",  # a content word twice: «Где находится место, где находится X?»
    "bridge_unanchored",  # a multi-hop bridge described without naming where to start
    "relation_misfit",  # a relation its subject's kind cannot have: «Каких взглядов
    # придерживается место, ...?», «Где скончалась организация, ...?», «Кого осудило место, ...?»
    "unanchored",  # the question names no entity at all: «Кто удостоился награды?»
    "vague_answer",  # a common noun where a name is asked for: «матч», «продажа»
    "duplicate_answer",  # a set answer listing one name twice: «Молдавия, Молдавия»
    "oblique_answer",  # an answer not in the nominative: «Обамы», «1974 году»
    "oblique_entity",  # an entity named in the question not in the nominative
    "malformed_name",  # «Уго|Уго Чавес», «Басте (», «''Samsung», «Кигели V Кигели V»
    "preposition_case",  # «в Женева», «об министра», «возглавлял Вашингтоне»
    "agreement",  # an adjective that does not agree: «Малого драматический театр»
    "wh_verb_mismatch",  # «Кого вручается ...», «Кого уволена ...», «Чего сократил ...»
)

# entity types whose answers are names, not common nouns (professions, diseases... are nouns)
NAMED_TYPES = PROPER | {"EVENT", "LAW", "WORK_OF_ART", "PRODUCT", "AWARD"}

# words whose repetition says nothing (question words, copulas, pronouns)
_FUNCTION_LEMMAS = frozenset(
    {"быть", "являться", "который", "какой", "что", "кто", "где", "когда", "это", "тот"}
    | {"свой", "один", "как", "чей", "сколько"}
)


def repeated_lemmas(text: str, names: Iterable[str] = ()) -> set[str]:
    """Content lemmas occurring more than once in `text`, not counting words of `names`."""
    counts = Counter(lemmas(text))
    for name in names:
        for lemma in set(lemmas(name)):
            counts[lemma] -= 1
    return {
        lemma
        for lemma, n in counts.items()
        if n > 1 and lemma not in _FUNCTION_LEMMAS and len(lemma) > 2 and lemma.isalpha()
    }


def malformed_name(name: str) -> bool:
    """Extraction debris in a name: a «|», unbalanced brackets or quotes, doubled apostrophes."""
    if "|" in name or "''" in name or "``" in name:
        return True
    if read_twice(name):
        return True  # «Оливер Иванович Оливер Иванович»
    if name.count("(") != name.count(")") or name.count("«") != name.count("»"):
        return True
    return name.count('"') % 2 == 1


def names_an_entity(question: str) -> bool:
    """True when some word after the first is capitalised, a number or quoted: the question
    points at a particular thing."""
    words = question.split()[1:]
    return any(w.lstrip('«"(')[:1].isupper() or w[:1].isdigit() or w[:1] in '«"' for w in words)


def _entity_types(triples: Sequence[Triple]) -> dict[str, str]:
    types: dict[str, str] = {}
    for t in triples:
        types.setdefault(t.subject, t.subject_type.upper())
        types.setdefault(t.object, t.object_type.upper())
    return types


def _oblique_adjective(answer: str) -> bool:
    """An answer opening with an adjective no reading of which is nominative («Шукшинской
    литературной премии»): a span left in an oblique case that naming could not restore."""
    words = answer.split()[:1]
    if not words or not re.fullmatch(r"[А-Яа-яЁё]{4,}", words[0]):
        return False
    parses = analyzer().parse(words[0].lower())
    if not parses or parses[0].tag.POS not in ("ADJF", "PRTF"):
        return False
    return not any(p.tag.case == "nomn" for p in parses)


def _vague(answer: str, entity_type: str) -> bool:
    if entity_type not in NAMED_TYPES:
        return False
    if common_noun(answer.strip('«»"')):
        return True  # «Отставка» capitalised at the start of its sentence
    return not any(w[:1].isupper() or w[:1].isdigit() or w[:1] in '«"' for w in answer.split())


def _mentions(text: str, name: str) -> bool:
    """True when `name` shows in `text` in some inflection: by lemmas, or every word of it by
    its stem (unknown names lemmatise unevenly: «Нур Отан» / «Нура Отана»)."""
    if contains_sequence(lemmas(text), lemmas(name)):
        return True
    words = [w.lower() for w in re.findall(r"\w+", text)]
    stems = [w.lower()[: max(3, len(w) - 2)] for w in re.findall(r"\w+", name)]
    return bool(stems) and all(any(w.startswith(s) for w in words) for s in stems)


def _anchor(triples: Sequence[Triple]) -> str:
    """The named start of a multi-hop chain: the side of the first fact that is not the bridge
    (the second fact's subject)."""
    first = triples[0]
    if len(triples) > 1 and first.subject_id and first.subject_id == triples[1].subject_id:
        return first.object
    return first.subject


def question_defects(question: Question) -> tuple[str, ...]:
    """The defect classes (names from `DEFECTS`) one question shows, in `DEFECTS` order."""
    text = question.question
    answers = question.answers or (question.answer,)
    types = _entity_types(question.triples)
    entities = [n for n in types if n not in answers]
    found: set[str] = set()
    if any(answer_in_question(a, text) for a in answers):
        found.add("answer_in_question")
    if question.type != "conditional" and repeated_lemmas(text, entities):
        # a conditional question joins two predicates and may repeat a verb on purpose
        # («работает в Англии и работает писательницей»)
        found.add("repeated_relation")
    if (
        question.type == "multi_hop"
        and question.triples
        and not _mentions(text, _anchor(question.triples))
    ):
        found.add("bridge_unanchored")
    if any(
        misfit(t, described=question.type == "multi_hop" and i == 1)
        for i, t in enumerate(question.triples)
    ):
        found.add("relation_misfit")
    if not names_an_entity(text):
        found.add("unanchored")
    if len({a.lower().replace("ё", "е") for a in answers}) < len(answers):
        found.add("duplicate_answer")
    for a in answers:
        kind = types.get(a, "")
        if _vague(a, kind):
            found.add("vague_answer")
        if answer_name(a, kind) != a or _oblique_adjective(a):
            found.add("oblique_answer")
    if any(answer_name(n, types[n]) != n for n in entities):
        found.add("oblique_entity")
    if any(malformed_name(n) for n in (*answers, *entities)):
        found.add("malformed_name")
    if bad_preposition_case(text):
        found.add("preposition_case")
    if disagreeing_adjective(text):
        found.add("agreement")
    words = text.split()
    if len(words) > 1 and words[0] in ("Кого", "Чего"):
        verb = words[1].strip("?,")
        cases = ("accs", "gent") if words[0] == "Кого" else ("gent",)
        if not any(takes_object(verb, c) for c in cases):
            found.add("wh_verb_mismatch")
    return tuple(d for d in DEFECTS if d in found)


def flagged_share(questions: Iterable[Question]) -> dict[str, Any]:
    """Share of flagged questions overall and per type, and counts per defect class."""
    total: Counter[str] = Counter()
    flagged: Counter[str] = Counter()
    by_defect: Counter[str] = Counter()
    for q in questions:
        defects = question_defects(q)
        total[q.type] += 1
        flagged[q.type] += bool(defects)
        by_defect.update(defects)
    n = sum(total.values())
    return {
        "questions": n,
        "flagged": sum(flagged.values()),
        "share": round(sum(flagged.values()) / n, 4) if n else 0.0,
        "by_type": {
            t: {
                "questions": total[t],
                "flagged": flagged[t],
                "share": round(flagged[t] / total[t], 4),
            }
            for t in sorted(total)
        },
        "by_defect": dict(sorted(by_defect.items())),
    }
