"""The offline extractor: natasha parse, rule-based mentions, links along the dependency tree."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from dragon_bench.kg.labels import label_link
from dragon_bench.kg.mentions import Mention, find_mentions, ner_mentions, read_sentences
from dragon_bench.kg.naming import normal_forms, resolve_people
from dragon_bench.kg.relations import find_links
from dragon_bench.nlp.natasha import get_pipeline
from dragon_bench.types import Document, Triple

__all__ = ["EXTRACTOR", "Analysis", "analyse_document", "extract_document", "iter_natasha_triples"]

EXTRACTOR = "natasha"


@dataclass(frozen=True, slots=True)
class Analysis:
    """What one pass over a document gives: its triples and, for the baseline, its NER co-occurrences."""

    triples: list[Triple]
    cooccurrences: list[tuple[tuple[int, int], tuple[int, int]]]


def extract_document(doc: Document) -> list[Triple]:
    """Triples of one document, spans into `doc.full_text`, names in the nominative."""
    return analyse_document(doc).triples


def _cooccurrences(ner: list[Mention]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Same-sentence pairs of natasha's own PER/LOC/ORG spans (the baseline), no rule mentions."""
    return [
        ((a.start, a.end), (b.start, b.end))
        for i, a in enumerate(ner)
        for b in ner[i + 1 :]
        if a.sent == b.sent
    ]


def analyse_document(doc: Document) -> Analysis:
    """Parse once; return the triples and the same-sentence pairs of natasha's own entities."""
    pipeline = get_pipeline()
    text = doc.full_text
    parsed = pipeline.parse(text)
    sents = read_sentences(parsed, pipeline)
    mentions = find_mentions(parsed, sents, text)
    names = resolve_people(normal_forms(parsed, sents, mentions, pipeline))
    by_sent: dict[int, list[Mention]] = {}
    for m in mentions:
        by_sent.setdefault(m.sent, []).append(m)
    out: list[Triple] = []
    for index, group in sorted(by_sent.items()):
        sent = sents[index]
        for link in find_links(sent, group):
            lab = label_link(sent, link)
            triple = Triple(
                subject=names[lab.subject],
                relation=lab.relation,
                object=names[lab.object],
                doc_id=doc.id,
                subject_type=lab.subject.type,
                object_type=lab.object.type,
                subject_span=(lab.subject.start, lab.subject.end),
                object_span=(lab.object.start, lab.object.end),
                sentence_span=(sent.start, sent.end),
                extractor=EXTRACTOR,
            )
            out.append(triple)
    return Analysis(out, _cooccurrences(ner_mentions(parsed, sents, text)))


def iter_natasha_triples(docs: Iterable[Document]) -> Iterator[list[Triple]]:
    """Triples document by document (one list per input document, in order)."""
    for doc in docs:
        yield extract_document(doc)
