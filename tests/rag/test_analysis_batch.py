"""Batched sentence analysis gives what natasha's own per-document calls give, sentence by sentence."""

from __future__ import annotations

from pathlib import Path

from dragon_bench.corpus import read_documents
from dragon_bench.rag.analysis import _natasha, analyse_sentence, analyse_sentences
from dragon_bench.rag.text import split_sentences


def _natasha_alone(
    sentence: str,
) -> tuple[list[tuple[int, int, str]], list[tuple[int, int, str, str]]]:
    """The reference: natasha's Doc API on one sentence (segment, tag_morph, tag_ner, normalize)."""
    from natasha import Doc

    segmenter, ner, morph, vocab = _natasha()
    doc = Doc(sentence)
    doc.segment(segmenter)
    doc.tag_morph(morph)
    doc.tag_ner(ner)
    tokens = []
    for t in doc.tokens:
        t.lemmatize(vocab)
        tokens.append((t.start, t.stop, (t.lemma or t.text.lower()).replace("ё", "е")))
    spans = []
    for s in doc.spans:
        s.normalize(vocab)
        spans.append((s.start, s.stop, s.type, s.normal or s.text))
    return tokens, spans


def test_batches_equal_natasha_per_sentence(nerel_dev: Path) -> None:
    docs = read_documents(nerel_dev)[:6]
    sentences = [d.full_text[a:b] for d in docs for a, b in split_sentences(d.full_text)][:60]
    sentences += ["", "Мэр уволен", sentences[0]]  # empty, short, and a repeat within the call
    batched = analyse_sentences(sentences)
    assert len(batched) == len(sentences)
    named = 0
    for sentence, (tokens, mentions) in zip(sentences, batched, strict=True):
        ref_tokens, ref_spans = _natasha_alone(sentence)
        assert list(tokens) == ref_tokens, sentence
        ner = [
            (m.start, m.stop, m.label, m.normal)
            for m in mentions
            if m.label in {"PER", "LOC", "ORG"}
        ]
        assert ner == ref_spans, sentence
        named += len(ner)
        assert analyse_sentence(sentence) == (tokens, mentions)  # served from the cache
    assert named > 20  # the sample really exercises NER
