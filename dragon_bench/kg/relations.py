"""Pairing mentions into relations along the dependency tree: subject, predicate (+ preposition), object."""

from __future__ import annotations

from dataclasses import dataclass

from dragon_bench.kg.mentions import Mention, Sentence

__all__ = ["Link", "find_links", "anchor", "tree_path"]

# Edges that rename the same thing ("президент США Барак Обама"): a mention sits where its anchor sits.
_SAME = {"appos", "flat", "flat:name", "flat:foreign"}
_NOMINAL = {"nmod", "appos", "amod", "flat", "flat:name"}
_DIRECT = {
    "parataxis",
    "appos",
    "nmod",
    "amod",
    "obl",
    "nsubj",
    "nsubj:pass",
    "obj",
    "iobj",
    "nummod",
    "nummod:gov",
}
_ARGS = {"nsubj", "nsubj:pass", "obj", "iobj", "obl", "xcomp", "nmod", "obl:agent", "advcl"}
_CORE = {"nsubj", "nsubj:pass", "obj", "iobj"}
_PREDICATES = {"VERB", "AUX", "ADJ"}


@dataclass(frozen=True, slots=True)
class Link:
    """Two mentions of one sentence and how the tree links them.

    `kind` is "appos" (two names of one thing), "direct" (one governs the other),
    "predicate" (both depend on a verb: `predicate` holds its token index) or "chain".
    """

    a: Mention
    b: Mention
    kind: str
    predicate: int = -1


def anchor(sent: Sentence, head: int) -> int:
    """Climb appositions and flat names to the token that takes the mention's syntactic role."""
    i, steps = head, 0
    while sent.tokens[i].rel in _SAME and sent.tokens[i].head >= 0 and steps < 10:
        i = sent.tokens[i].head
        steps += 1
    return i


def tree_path(sent: Sentence, i: int, j: int) -> tuple[list[int], int, list[int]] | None:
    """Tokens from i up to the lowest common ancestor, the ancestor, and tokens from j up to it."""
    up_i, up_j = sent.ancestors(i), sent.ancestors(j)
    common = next((x for x in up_i if x in up_j), None)
    if common is None:
        return None
    return up_i[: up_i.index(common)], common, up_j[: up_j.index(common)]


def _link(sent: Sentence, a: Mention, b: Mention, heads: dict[int, Mention]) -> Link | None:
    ta, tb = anchor(sent, a.head), anchor(sent, b.head)
    if ta == tb:
        return Link(a, b, "appos")
    path = tree_path(sent, ta, tb)
    if path is None:
        return None
    up_a, top, up_b = path
    toks = sent.tokens
    if not up_a or not up_b:  # one governs the other
        child = up_a or up_b
        if len(child) == 1 and toks[child[0]].rel in _DIRECT:
            return Link(a, b, "direct")
        # "глава совета директоров компании", "район столицы США": a chain of noun modifiers
        if len(child) <= 3 and all(toks[c].rel in _NOMINAL for c in child):
            return Link(a, b, "chain")
        return None
    if len(up_a) + len(up_b) > 3:
        return None
    ra, rb = toks[up_a[-1]].rel, toks[up_b[-1]].rel
    inner = up_a[:-1] + up_b[:-1]
    if not all(toks[c].rel in _NOMINAL for c in inner):
        return None
    if toks[top].pos in _PREDICATES:
        if ra in _ARGS and rb in _ARGS and (ra in _CORE or rb in _CORE):
            return Link(a, b, "predicate" if not inner else "predicate2", top)
    elif toks[top].pos in ("NOUN", "PROPN") and not inner and ra in _NOMINAL and rb in _NOMINAL:
        return Link(a, b, "sibling")
    return None


def _conjuncts(sent: Sentence, heads: dict[int, Mention]) -> dict[int, list[Mention]]:
    """Mentions coordinated with each mention ("Иванка Трамп и Джаред Кушнер")."""
    out: dict[int, list[Mention]] = {}
    for m in heads.values():
        i = anchor(sent, m.head)
        tok = sent.tokens[i]
        if tok.rel == "conj" and tok.head >= 0:
            first = heads.get(tok.head) or heads.get(anchor(sent, tok.head))
            if first is not None and first.head != m.head:
                out.setdefault(first.head, []).append(m)
    return out


def find_links(sent: Sentence, mentions: list[Mention]) -> list[Link]:
    """Links between the mentions of one sentence, each unordered pair at most once.

    A link found for the first of coordinated mentions is copied to the others.
    """
    heads = {m.head: m for m in mentions}
    found: dict[tuple[int, int], Link] = {}
    for x in range(len(mentions)):
        for y in range(x + 1, len(mentions)):
            a, b = mentions[x], mentions[y]
            if a.head == b.head or abs(a.head - b.head) > MAX_DISTANCE:
                continue
            link = _link(sent, a, b, heads)
            if link is not None and allowed(link):
                found[(a.head, b.head)] = link
    if OPTIONS["conj"]:
        conj = _conjuncts(sent, heads)
        for link in list(found.values()):
            for old, other in ((link.a, link.b), (link.b, link.a)):
                for new in conj.get(old.head, ()):
                    if new.head == other.head or abs(new.head - other.head) > MAX_DISTANCE:
                        continue
                    key = (min(new.head, other.head), max(new.head, other.head))
                    pair = (new, other) if new.head < other.head else (other, new)
                    if key not in found:
                        found[key] = Link(pair[0], pair[1], link.kind, link.predicate)
    return sorted(found.values(), key=lambda k: (k.a.start, k.b.start))


# Ablation switches: copy links to coordinated mentions; drop the DENY classes.
OPTIONS = {"conj": True, "deny": True}

# Heads further apart than this many tokens are never linked: it bounds the work on run-on
# "sentences" (lists, tables) and costs no measurable recall on NEREL.
MAX_DISTANCE = 40

# (kind, type, type) classes whose precision on NEREL train is below 0.2 (at least 5 links):
# adding pairs of lower precision than F1/2 lowers F1, so these are not extracted. Regenerate
# with `dragon_bench.kg.tuning.estimate_link_classes` after changing the rules.
DENY: set[tuple[str, str, str]] = {
    ("appos", "AWARD", "ORGANIZATION"),
    ("appos", "AWARD", "PROFESSION"),
    ("appos", "DATE", "PERSON"),
    ("appos", "FACILITY", "LOCATION"),
    ("appos", "FACILITY", "ORGANIZATION"),
    ("appos", "LAW", "ORGANIZATION"),
    ("appos", "ORGANIZATION", "WORK_OF_ART"),
    ("appos", "PROFESSION", "PROFESSION"),
    ("chain", "AGE", "EVENT"),
    ("chain", "AGE", "ORGANIZATION"),
    ("chain", "AGE", "PROFESSION"),
    ("chain", "AWARD", "EVENT"),
    ("chain", "AWARD", "PROFESSION"),
    ("chain", "DATE", "ORGANIZATION"),
    ("chain", "DATE", "PROFESSION"),
    ("chain", "EVENT", "LAW"),
    ("chain", "EVENT", "PENALTY"),
    ("chain", "EVENT", "PROFESSION"),
    ("chain", "LAW", "ORGANIZATION"),
    ("chain", "LAW", "PROFESSION"),
    ("chain", "LOCATION", "PENALTY"),
    ("chain", "LOCATION", "WORK_OF_ART"),
    ("chain", "ORGANIZATION", "PENALTY"),
    ("chain", "PENALTY", "PERSON"),
    ("chain", "PENALTY", "PROFESSION"),
    ("direct", "AGE", "EVENT"),
    ("direct", "AWARD", "AWARD"),
    ("direct", "AWARD", "EVENT"),
    ("direct", "AWARD", "ORGANIZATION"),
    ("direct", "AWARD", "PERSON"),
    ("direct", "AWARD", "PROFESSION"),
    ("direct", "CRIME", "CRIME"),
    ("direct", "CRIME", "LAW"),
    ("direct", "DATE", "DATE"),
    ("direct", "DATE", "LOCATION"),
    ("direct", "DATE", "MONEY"),
    ("direct", "DATE", "PERSON"),
    ("direct", "DATE", "PROFESSION"),
    ("direct", "DISEASE", "DISEASE"),
    ("direct", "DISEASE", "LOCATION"),
    ("direct", "DISEASE", "ORGANIZATION"),
    ("direct", "EVENT", "EVENT"),
    ("direct", "EVENT", "FACILITY"),
    ("direct", "EVENT", "IDEOLOGY"),
    ("direct", "EVENT", "LAW"),
    ("direct", "EVENT", "MONEY"),
    ("direct", "EVENT", "PENALTY"),
    ("direct", "EVENT", "PROFESSION"),
    ("direct", "EVENT", "WORK_OF_ART"),
    ("direct", "FACILITY", "FACILITY"),
    ("direct", "LAW", "ORGANIZATION"),
    ("direct", "LAW", "PROFESSION"),
    ("direct", "LOCATION", "MONEY"),
    ("direct", "NATIONALITY", "ORGANIZATION"),
    ("direct", "PENALTY", "PENALTY"),
    ("direct", "PENALTY", "PERSON"),
    ("direct", "PENALTY", "PROFESSION"),
    ("predicate", "AWARD", "AWARD"),
    ("predicate", "AWARD", "NATIONALITY"),
    ("predicate", "AWARD", "ORGANIZATION"),
    ("predicate", "AWARD", "PROFESSION"),
    ("predicate", "CRIME", "ORGANIZATION"),
    ("predicate", "DATE", "DISEASE"),
    ("predicate", "DATE", "LOCATION"),
    ("predicate", "DATE", "MONEY"),
    ("predicate", "DATE", "NATIONALITY"),
    ("predicate", "DATE", "ORGANIZATION"),
    ("predicate", "DATE", "PERSON"),
    ("predicate", "DATE", "PROFESSION"),
    ("predicate", "DISEASE", "EVENT"),
    ("predicate", "EVENT", "EVENT"),
    ("predicate", "EVENT", "FACILITY"),
    ("predicate", "EVENT", "LAW"),
    ("predicate", "EVENT", "NATIONALITY"),
    ("predicate", "EVENT", "PENALTY"),
    ("predicate", "EVENT", "PROFESSION"),
    ("predicate", "FACILITY", "ORGANIZATION"),
    ("predicate", "FACILITY", "PERSON"),
    ("predicate", "FACILITY", "PROFESSION"),
    ("predicate", "IDEOLOGY", "PROFESSION"),
    ("predicate", "LAW", "LAW"),
    ("predicate", "LAW", "PROFESSION"),
    ("predicate", "LOCATION", "LOCATION"),
    ("predicate", "LOCATION", "NATIONALITY"),
    ("predicate", "LOCATION", "PENALTY"),
    ("predicate", "LOCATION", "PROFESSION"),
    ("predicate", "NATIONALITY", "ORGANIZATION"),
    ("predicate", "NATIONALITY", "PROFESSION"),
    ("predicate", "ORGANIZATION", "ORGANIZATION"),
    ("predicate", "ORGANIZATION", "PENALTY"),
    ("predicate", "ORGANIZATION", "PROFESSION"),
    ("predicate", "PENALTY", "PROFESSION"),
    ("predicate", "PROFESSION", "PROFESSION"),
    ("predicate2", "AGE", "DATE"),
    ("predicate2", "AGE", "DISEASE"),
    ("predicate2", "AGE", "EVENT"),
    ("predicate2", "AGE", "FACILITY"),
    ("predicate2", "AGE", "LOCATION"),
    ("predicate2", "AGE", "ORGANIZATION"),
    ("predicate2", "AGE", "PROFESSION"),
    ("predicate2", "AWARD", "DATE"),
    ("predicate2", "AWARD", "EVENT"),
    ("predicate2", "AWARD", "LOCATION"),
    ("predicate2", "AWARD", "ORGANIZATION"),
    ("predicate2", "AWARD", "PERSON"),
    ("predicate2", "AWARD", "PROFESSION"),
    ("predicate2", "CRIME", "LOCATION"),
    ("predicate2", "CRIME", "ORGANIZATION"),
    ("predicate2", "DATE", "FACILITY"),
    ("predicate2", "DATE", "LOCATION"),
    ("predicate2", "DATE", "ORGANIZATION"),
    ("predicate2", "DATE", "PENALTY"),
    ("predicate2", "DATE", "PERSON"),
    ("predicate2", "DATE", "PROFESSION"),
    ("predicate2", "DISEASE", "LOCATION"),
    ("predicate2", "DISEASE", "ORGANIZATION"),
    ("predicate2", "DISEASE", "PROFESSION"),
    ("predicate2", "EVENT", "EVENT"),
    ("predicate2", "EVENT", "LAW"),
    ("predicate2", "EVENT", "NATIONALITY"),
    ("predicate2", "EVENT", "ORGANIZATION"),
    ("predicate2", "EVENT", "PROFESSION"),
    ("predicate2", "EVENT", "WORK_OF_ART"),
    ("predicate2", "FACILITY", "LOCATION"),
    ("predicate2", "FACILITY", "ORGANIZATION"),
    ("predicate2", "FACILITY", "PERSON"),
    ("predicate2", "FACILITY", "PROFESSION"),
    ("predicate2", "IDEOLOGY", "ORGANIZATION"),
    ("predicate2", "IDEOLOGY", "PROFESSION"),
    ("predicate2", "LAW", "LOCATION"),
    ("predicate2", "LAW", "ORGANIZATION"),
    ("predicate2", "LAW", "PERSON"),
    ("predicate2", "LAW", "PROFESSION"),
    ("predicate2", "LOCATION", "LOCATION"),
    ("predicate2", "LOCATION", "NATIONALITY"),
    ("predicate2", "LOCATION", "ORGANIZATION"),
    ("predicate2", "LOCATION", "PROFESSION"),
    ("predicate2", "MONEY", "PROFESSION"),
    ("predicate2", "NATIONALITY", "ORGANIZATION"),
    ("predicate2", "NATIONALITY", "PROFESSION"),
    ("predicate2", "ORGANIZATION", "ORGANIZATION"),
    ("predicate2", "ORGANIZATION", "PENALTY"),
    ("predicate2", "ORGANIZATION", "PROFESSION"),
    ("predicate2", "PENALTY", "PROFESSION"),
    ("predicate2", "PROFESSION", "PROFESSION"),
    ("sibling", "AGE", "LOCATION"),
    ("sibling", "AGE", "ORGANIZATION"),
    ("sibling", "AWARD", "ORGANIZATION"),
    ("sibling", "DATE", "DATE"),
    ("sibling", "DATE", "LOCATION"),
    ("sibling", "DATE", "ORGANIZATION"),
    ("sibling", "DATE", "PERSON"),
    ("sibling", "DATE", "PROFESSION"),
    ("sibling", "EVENT", "ORGANIZATION"),
    ("sibling", "EVENT", "PROFESSION"),
    ("sibling", "FACILITY", "ORGANIZATION"),
    ("sibling", "ORGANIZATION", "ORGANIZATION"),
    ("sibling", "PERSON", "PERSON"),
    ("sibling", "PROFESSION", "PROFESSION"),
}


def allowed(link: Link) -> bool:
    """Whether a link's class is extracted at all (see DENY)."""
    if not OPTIONS["deny"]:
        return True
    x, y = sorted((link.a.type, link.b.type))
    return (link.kind, x, y) not in DENY
