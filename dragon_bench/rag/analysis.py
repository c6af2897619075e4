"""natasha's analysis of answer sentences: tokens with lemmas and typed mentions (NER spans in
normal form, roles and events from the lexicon, dates, numbers, Latin names), cached by
sentence and computed in batches of similar length."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from threadpoolctl import ThreadpoolController

from dragon_bench.nlp import models
from dragon_bench.nlp.lexicon import EVENT_NOUNS, PROFESSIONS

__all__ = ["Analysis", "Mention", "analyse_sentence", "analyse_sentences", "find_spans"]

_MONTHS = (
    "январ[ьяе]|феврал[ьяе]|март[ае]?|апрел[ьяе]|ма[йяе]|июн[ьяе]|июл[ьяе]|август[ае]?|"
    "сентябр[ьяе]|октябр[ьяе]|ноябр[ьяе]|декабр[ьяе]"
)
_EN_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_DATE = re.compile(
    rf"\b\d{{1,2}}(?:\s*[-–]\s*\d{{1,2}})?\s+(?:{_MONTHS})(?:\s+\d{{4}}(?:\s+года?)?)?"
    rf"|\b(?:{_MONTHS})\s+\d{{4}}(?:\s+года?)?"
    rf"|\b(?:{_EN_MONTHS})\s+\d{{1,2}}(?:,\s*\d{{4}})?|\b\d{{1,2}}\s+(?:{_EN_MONTHS})(?:\s+\d{{4}})?"
    r"|\b\d{1,2}\.\d{1,2}\.\d{2,4}\b"
    r"|\b(?:[12]\d{3})(?:\s*[-–]\s*[12]\d{3})?(?:\s+год(?:а|у|ах|ов)?)?\b",
    re.IGNORECASE,
)
_NUMBER = re.compile(
    r"(?<![\w.,])\d+(?:[ \u00a0]\d{3})*(?:[.,]\d+)?"
    r"(?:\s*(?:%|процент\w*|млн|млрд|тыс\.?|миллион\w*|миллиард\w*|тысяч\w*|million|billion))?"
    r"(?:\s+(?:долларов|доллара|рублей|рубля|евро|человек|лет|года?|раз|км|метров|тонн))?",
    re.IGNORECASE,
)
# Latin names (natasha's NER is Russian-only): runs of capitalised words, "of"/"de" inside
_LATIN_NAME = re.compile(r"\b[A-Z][\w'&.-]*(?:\s+(?:(?:of|de|the|and|von|van)\s+)?[A-Z][\w'&.-]*)*")


@dataclass(frozen=True, slots=True)
class Mention:
    """A typed answer candidate in a sentence: character span, label, surface and normal form."""

    start: int
    stop: int
    label: str
    text: str
    normal: str


def _natasha() -> tuple[Any, Any, Any, Any]:
    return models.segmenter(), models.ner_tagger(), models.morph_tagger(), models.morph_vocab()


@lru_cache(maxsize=1)
def _lexicon() -> tuple[frozenset[str], frozenset[str]]:
    return PROFESSIONS, EVENT_NOUNS


def _regex_mentions(sentence: str) -> list[Mention]:
    dates = [
        Mention(m.start(), m.end(), "DATE", m.group(), m.group()) for m in _DATE.finditer(sentence)
    ]
    out = list(dates)
    for m in _NUMBER.finditer(sentence):
        if not any(d.start <= m.start() < d.stop for d in dates):
            out.append(Mention(m.start(), m.end(), "NUMBER", m.group(), m.group()))
    return out


Analysis = tuple[tuple[tuple[int, int, str], ...], tuple[Mention, ...]]

_ANALYSED: dict[str, Analysis] = {}  # sentence -> analysis; cleared when it grows too big
_CACHE_SIZE = 20_000
_BATCH = 8  # natasha's taggers cost about the same for 1 and for 8 sentences a call


def analyse_sentence(sentence: str) -> Analysis:
    """Tokens (start, stop, lemma) and typed mentions of one sentence: natasha NER spans in
    their normal form, roles and events (lemmas of dragon_bench.nlp.lexicon), dates, numbers,
    and capitalised Latin names."""
    return analyse_sentences([sentence])[0]


def analyse_sentences(sentences: Sequence[str]) -> list[Analysis]:
    """`analyse_sentence` of many sentences; the ones not seen before go to natasha in batches
    (so a caller analysing many questions' sentences at once wastes no padding)."""
    found = {s: _ANALYSED[s] for s in sentences if s in _ANALYSED}
    # Sentences of like length share a batch: the taggers pad a batch to its longest sentence.
    todo = sorted((s for s in dict.fromkeys(sentences) if s not in found), key=len)
    for k in range(0, len(todo), _BATCH):
        batch = todo[k : k + _BATCH]
        for sentence, analysis in zip(batch, _analyse_batch(batch), strict=True):
            if len(_ANALYSED) >= _CACHE_SIZE:
                _ANALYSED.clear()
            _ANALYSED[sentence] = found[sentence] = analysis
    return [found[s] for s in sentences]


def _analyse_batch(sentences: list[str]) -> list[Analysis]:
    """natasha's segmentation, morphology and NER of several sentences in one tagger call each."""
    # slovnet multiplies small matrices: BLAS threads only add overhead (see nlp/natasha.py).
    with models.load_once("blas_threads", ThreadpoolController).limit(limits=1, user_api="blas"):
        return _analyse_batch_alone(sentences)


def _analyse_batch_alone(sentences: list[str]) -> list[Analysis]:
    from natasha import Doc
    from natasha.doc import adapt_spans, inject_morph, sent_words

    segmenter, ner, morph, vocab = _natasha()
    docs = [Doc(s) for s in sentences]
    for doc in docs:
        doc.segment(segmenter)
    sents = [sent for doc in docs for sent in doc.sents]
    for sent, markup in zip(sents, morph.map([sent_words(x) for x in sents]), strict=True):
        inject_morph(sent.tokens, markup.tokens)
    texts = [doc for doc in docs if doc.text.strip()]
    for doc in docs:
        doc.spans = []
    for doc, markup in zip(texts, ner.map([d.text for d in texts]), strict=True):
        doc.spans = list(adapt_spans(doc, markup.spans))
        doc.envelop_span_tokens()
        doc.envelop_sent_spans()
    return [_analysis(doc, vocab) for doc in docs]


def _analysis(doc: Any, vocab: Any) -> Analysis:
    tokens = []
    for t in doc.tokens:
        t.lemmatize(vocab)
        tokens.append((t.start, t.stop, (t.lemma or t.text.lower()).replace("ё", "е")))
    mentions: list[Mention] = []
    for s in doc.spans:
        s.normalize(vocab)
        mentions.append(Mention(s.start, s.stop, s.type, s.text, s.normal or s.text))
    taken = [(m.start, m.stop) for m in mentions]
    professions, events = _lexicon()
    for t in doc.tokens:
        if any(a <= t.start < b for a, b in taken):
            continue
        lemma = (t.lemma or "").replace("ё", "е")
        label = "PROF" if lemma in professions else "EVENT" if lemma in events else ""
        if label and t.pos == "NOUN":
            mentions.append(Mention(t.start, t.stop, label, t.text, lemma))
    sentence = doc.text
    mentions += _regex_mentions(sentence)
    for m in _LATIN_NAME.finditer(sentence):
        if m.start() > 0 and not any(a <= m.start() < b for a, b in taken):
            mentions.append(Mention(m.start(), m.end(), "NAME", m.group(), m.group()))
    return tuple(tokens), tuple(sorted(mentions, key=lambda m: (m.start, m.stop)))


def find_spans(sentence: str) -> list[tuple[int, int, str]]:
    """Entity spans (natasha NER: PER, LOC, ORG), dates and numbers in a sentence."""
    from natasha import Doc

    segmenter, tagger, _, _ = _natasha()
    doc = Doc(sentence)
    doc.segment(segmenter)
    doc.tag_ner(tagger)
    spans = [(s.start, s.stop, s.type) for s in doc.spans]
    spans += [(m.start, m.stop, m.label) for m in _regex_mentions(sentence)]
    return sorted(spans)
