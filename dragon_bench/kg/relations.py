"""Pairing mentions into relations along the dependency tree: subject, predicate (+ preposition), object."""

from __future__ import annotations

from dataclasses import dataclass

from dragon_bench.kg.mentions import Mention, Sentence

__all__ = ["Link", "find_links", "anchor", "tree_path"]

# Edges that rename the same thing ("президент США Барак Обама"): a mention sits where its anchor sits.
_SAME = {"appos", "flat", "flat:name", "flat:foreign"}
_DIRECT = {
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


def _ancestors(sent: Sentence, i: int) -> list[int]:
    out = [i]
    while sent.tokens[out[-1]].head >= 0 and len(out) < 60:
        nxt = sent.tokens[out[-1]].head
        if nxt in out:
            break
        out.append(nxt)
    return out


def tree_path(sent: Sentence, i: int, j: int) -> tuple[list[int], int, list[int]] | None:
    """Tokens from i up to the lowest common ancestor, the ancestor, and tokens from j up to it."""
    up_i, up_j = _ancestors(sent, i), _ancestors(sent, j)
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
        # "глава совета директоров компании": a noun between them that is not itself a mention
        if (
            len(child) == 2
            and all(toks[c].rel in ("nmod", "appos") for c in child)
            and child[1] not in heads
        ):
            return Link(a, b, "chain")
        return None
    if len(up_a) == 1 and len(up_b) == 1:
        ra, rb = toks[up_a[0]].rel, toks[up_b[0]].rel
        if (
            toks[top].pos in _PREDICATES
            and ra in _ARGS
            and rb in _ARGS
            and (ra in _CORE or rb in _CORE)
        ):
            return Link(a, b, "predicate", top)
    return None


def find_links(sent: Sentence, mentions: list[Mention]) -> list[Link]:
    """Links between the mentions of one sentence, each unordered pair at most once."""
    heads = {m.head: m for m in mentions}
    out = []
    for x in range(len(mentions)):
        for y in range(x + 1, len(mentions)):
            a, b = mentions[x], mentions[y]
            if a.head == b.head:
                continue
            link = _link(sent, a, b, heads)
            if link is not None:
                out.append(link)
    return out
