"""Entity names in the nominative and one name per person within a document."""

from __future__ import annotations

from typing import Any

from dragon_bench.kg.mentions import Mention, Sentence
from dragon_bench.nlp.lexicon import PLACE_NOUNS
from dragon_bench.nlp.natasha import NatashaPipeline

__all__ = ["normal_forms", "resolve_people"]

# Multi-token mentions whose words are not inflected the way a noun phrase is: keep the text.
_VERBATIM = {"DATE", "AGE", "MONEY", "WORK_OF_ART"}


def normal_forms(
    doc: Any, sents: list[Sentence], mentions: list[Mention], pipeline: NatashaPipeline
) -> dict[Mention, str]:
    """Nominative form of each mention: natasha's span normaliser for NER spans, lemmas otherwise."""
    by_span = {(s.start, s.stop): s for s in doc.spans}
    out: dict[Mention, str] = {}
    for m in mentions:
        span = by_span.get((m.start, m.end))
        if span is not None:
            try:
                span.normalize(pipeline.morph_vocab)
                out[m] = span.normal or m.text
            except Exception:  # natasha's normaliser fails on a few odd spans
                out[m] = m.text
            continue
        toks = [t for t in sents[m.sent].tokens if m.start <= t.start and t.end <= m.end]
        if m.type in _VERBATIM or len(toks) != 1:
            out[m] = m.text
        else:
            tok = toks[0]
            if tok.pos == "ADJ" and m.type == "LOCATION":
                out[m] = PLACE_NOUNS.get(tok.lemma, tok.lemma)
            else:
                out[m] = tok.lemma if tok.pos != "PROPN" else tok.lemma.capitalize()
    return out


def resolve_people(names: dict[Mention, str]) -> dict[Mention, str]:
    """Replace a one-word person name ("Обама", "Габриэл") by the document's fuller name that
    ends (or, failing that, starts) with it."""
    full: dict[str, str] = {}
    first: dict[str, set[str]] = {}
    for m, name in names.items():
        words = name.split()
        if m.type == "PERSON" and len(words) > 1:
            full.setdefault(words[-1].lower(), name)
            first.setdefault(words[0].lower(), set()).add(name)
    for word, fulls in first.items():
        if len(fulls) == 1 and word not in full:
            full[word] = next(iter(fulls))
    out = dict(names)
    for m, name in names.items():
        if m.type == "PERSON" and len(name.split()) == 1:
            out[m] = full.get(name.lower(), name)
    return out
