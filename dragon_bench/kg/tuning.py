"""Estimating each link class's precision on gold data, from which `relations.DENY` is made."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from dragon_bench.kg import relations
from dragon_bench.kg.mentions import Mention, find_mentions, read_sentences
from dragon_bench.kg.nerel import GoldDocument
from dragon_bench.kg.score import Pair, gold_pairs, pairs_match
from dragon_bench.nlp.natasha import get_pipeline

__all__ = ["LinkClassStats", "estimate_link_classes"]


@dataclass(frozen=True, slots=True)
class LinkClassStats:
    """Links found per (kind, type, type) class and how many of them match a gold pair."""

    found: dict[tuple[str, str, str], int]
    matched: dict[tuple[str, str, str], int]

    def deny(self, threshold: float = 0.2, min_count: int = 5) -> set[tuple[str, str, str]]:
        """Classes seen at least `min_count` times whose precision is below `threshold`."""
        return {
            k
            for k, n in self.found.items()
            if n >= min_count and self.matched.get(k, 0) / n < threshold
        }


def estimate_link_classes(gold: Sequence[GoldDocument]) -> LinkClassStats:
    """Run the natasha rules with no class dropped and count hits per class against gold."""
    pipeline = get_pipeline()
    found: Counter[tuple[str, str, str]] = Counter()
    matched: Counter[tuple[str, str, str]] = Counter()
    saved = relations.OPTIONS["deny"]
    relations.OPTIONS["deny"] = False
    try:
        for g in gold:
            text = g.document.full_text
            parsed = pipeline.parse(text)
            sents = read_sentences(parsed, pipeline)
            by_sent: dict[int, list[Mention]] = {}
            for m in find_mentions(parsed, sents, text):
                by_sent.setdefault(m.sent, []).append(m)
            gp = gold_pairs([g])
            for index, group in by_sent.items():
                for link in relations.find_links(sents[index], group):
                    x, y = sorted((link.a.type, link.b.type))
                    key = (link.kind, x, y)
                    pair = Pair(
                        g.document.id, ((link.a.start, link.a.end),), ((link.b.start, link.b.end),)
                    )
                    found[key] += 1
                    matched[key] += any(pairs_match(pair, p, False) for p in gp)
    finally:
        relations.OPTIONS["deny"] = saved
    return LinkClassStats(dict(found), dict(matched))
