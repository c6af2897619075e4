"""Estimating extraction rules on gold data: each link class's precision (`relations.DENY`)
and each trigger's typed precision (`calibration.TRIGGER_PRECISION`).

    python -m dragon_bench.kg.tuning ../shared/data/nerel/NEREL-v1.1/train

rewrites `dragon_bench/kg/calibration.py`'s table from the train split (never dev or test).
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from dragon_bench.corpus.parallel import cpu_count
from dragon_bench.kg import relations
from dragon_bench.kg.calibration import (
    FAMILIES,
    PATH,
    PREFIXES,
    PRONOUN,
    confidence_of,
    family_of,
)
from dragon_bench.kg.extract import extract_triples
from dragon_bench.kg.mentions import Mention, find_mentions, read_sentences
from dragon_bench.kg.nerel import GoldDocument, read_gold_folder
from dragon_bench.kg.score import GoldIndex, Pair, gold_pairs, pairs_match
from dragon_bench.nlp.natasha import get_pipeline
from dragon_bench.types import Triple

__all__ = [
    "LinkClassStats",
    "TriggerStats",
    "estimate_link_classes",
    "estimate_triggers",
    "pronoun_factor",
    "write_calibration",
]


# a trigger word gets its own estimate once train has this many of its triples
MIN_LEXICAL = 15


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


@dataclass(frozen=True, slots=True)
class TriggerStats:
    """Triples found per trigger, how many are grounded and typed-grounded in NEREL gold."""

    found: dict[str, int]
    grounded: dict[str, int]
    typed: dict[str, int]

    def precision(self, min_lexical: int = MIN_LEXICAL) -> dict[str, float]:
        """Smoothed typed precision, (typed + 1) / (found + 2), per rule with its trigger word
        where that was seen at least `min_lexical` times, and per rule over the triples of its
        other words (the ones that fall back to it: «role_genitive» for a rare role is not as
        precise as «role_genitive:президент», which has its own estimate)."""
        lexical = {k for k, n in self.found.items() if ":" in k and n >= min_lexical}
        found, typed = dict(self.found), dict(self.typed)
        for k in lexical:
            rule = k.split(":", 1)[0]
            found[rule] -= self.found[k]
            typed[rule] = typed.get(rule, 0) - self.typed.get(k, 0)
        return {
            k: round((typed.get(k, 0) + 1) / (n + 2), 3)
            for k, n in sorted(found.items())
            if ":" not in k or k in lexical
        }


def estimate_triggers(triples: Sequence[Triple], gold: Sequence[GoldDocument]) -> TriggerStats:
    """Count each trigger's triples and their grounding against the gold of their documents."""
    index = GoldIndex(gold)
    found: Counter[str] = Counter()
    grounded: Counter[str] = Counter()
    typed: Counter[str] = Counter()
    for t in triples:
        if t.trigger.startswith(("predicate:", f"{PATH}:", *PREFIXES)):
            continue  # untyped verb links: never calibrated or asked; mined paths have their
            # own table (`kg.paths`); the rest: `pronoun_factor`
        g = index.ground(t)
        for key in {t.trigger, t.trigger.split(":", 1)[0]}:
            found[key] += 1
            grounded[key] += g.grounded
            typed[key] += g.typed
    return TriggerStats(dict(found), dict(grounded), dict(typed))


def pronoun_factor(
    triples: Sequence[Triple],
    gold: Sequence[GoldDocument],
    precision: dict[str, float],
    prefix: str = PRONOUN,
    family: str | None = None,
) -> float:
    """How much reading «он»/«она» (or, with `prefix` ZERO, a sentence with no subject) as the
    person before lowers a trigger's precision: the smoothed typed precision of the facts with
    that prefix, (typed + 1) / (found + 2), over the mean calibrated precision of their
    triggers (at most 1). With `family`, of the facts of that family of rules only
    (`calibration.FAMILIES`: event rules, «он заявил»; verb frames, «он работал в»), '' for
    the rules of no family."""
    index = GoldIndex(gold)
    said = [
        t
        for t in triples
        if t.trigger.startswith(prefix)
        and (family is None or family_of(t.trigger[len(prefix) :]) == family)
    ]
    if not said:
        return 0.0
    typed = sum(index.ground(t).typed for t in said)
    base = sum(confidence_of(t.trigger[len(prefix) :], precision) for t in said) / len(said)
    if base <= 0:
        return 0.0
    return round(min(1.0, (typed + 1) / (len(said) + 2) / base), 3)


# the question triples' precision aimed at on train (issue #15 asks 0.85 on dev: a margin)
TARGET_PRECISION = 0.875


def choose_threshold(
    confidences: Sequence[float], typed: Sequence[bool], target: float = TARGET_PRECISION
) -> float:
    """The lowest confidence threshold (a multiple of 0.025) at which the triples at or above
    it are typed-grounded at least `target` of the time: the most questions at that precision
    (a grid of 0.05 left a step of 5% of the question facts on the table)."""
    for step in range(20, 40):
        threshold = step / 40
        hits = [ok for c, ok in zip(confidences, typed, strict=True) if c >= threshold]
        if hits and sum(hits) / len(hits) >= target:
            return threshold
    return 1.0


_TABLE = re.compile(r"TRIGGER_PRECISION: dict\[str, float\] = \{.*?\n\}", re.S)


def write_calibration(
    precision: dict[str, float], path: Path, threshold: float | None = None
) -> None:
    """Replace the TRIGGER_PRECISION table (and the threshold) of calibration.py."""
    body = "".join(f'    "{k}": {v},\n' for k, v in sorted(precision.items()))
    text = path.read_text(encoding="utf-8")
    new = "TRIGGER_PRECISION: dict[str, float] = {\n" + body + "}"
    if _TABLE.search(text):
        text = _TABLE.sub(lambda _: new, text)
    else:
        text = text.replace("TRIGGER_PRECISION: dict[str, float] = {}", new)
    if threshold is not None:
        text = re.sub(r"QUESTION_THRESHOLD = [0-9.]+", f"QUESTION_THRESHOLD = {threshold}", text)
    path.write_text(text, encoding="utf-8")


def main(folder: str) -> None:
    if Path(folder).name != "train":
        sys.exit("calibrate on NEREL train only (dev reports, test is never used)")
    gold = read_gold_folder(folder)
    triples = extract_triples([g.document for g in gold], workers=cpu_count())
    stats = estimate_triggers(triples, gold)
    for k, n in sorted(stats.found.items(), key=lambda kv: -kv[1]):
        print(
            f"{k:40s} {n:6d} grounded {stats.grounded.get(k, 0) / n:.2f} "
            f"typed {stats.typed.get(k, 0) / n:.2f}",
            file=sys.stderr,
        )
    precision = stats.precision()
    for prefix in PREFIXES:
        for family in ("", *FAMILIES):
            own = prefix + family
            precision[own] = pronoun_factor(triples, gold, precision, prefix, family)
            print(f"{own} factor {precision[own]}", file=sys.stderr)
    index = GoldIndex(gold)
    threshold = choose_threshold(
        [confidence_of(t.trigger, precision) for t in triples],
        [index.ground(t).typed for t in triples],
    )
    print(f"threshold {threshold}", file=sys.stderr)
    write_calibration(precision, Path(__file__).with_name("calibration.py"), threshold)


if __name__ == "__main__":
    main(sys.argv[1])
