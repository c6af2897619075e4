"""One natasha pipeline per process (segmentation, morphology, syntax, NER) over the shared models."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from natasha import Doc
from natasha.doc import DocSent
from threadpoolctl import ThreadpoolController

from dragon_bench.nlp import models

__all__ = ["NatashaPipeline", "get_pipeline"]


@dataclass(eq=False)
class NatashaPipeline:
    """natasha's news models, loaded once; `parse` runs all four stages on one text."""

    segmenter: Any
    morph_vocab: Any
    morph_tagger: Any
    syntax_parser: Any
    ner_tagger: Any
    threads: Any = None

    def parse(self, text: str) -> Any:
        """A natasha Doc with sentences, tokens (morphology and syntax) and NER spans."""
        if self.threads is None:
            return self._parse(text)
        # slovnet multiplies small matrices: BLAS threads only add overhead (6x CPU on 2 cores).
        with self.threads.limit(limits=1, user_api="blas"):
            return self._parse(text)

    def _parse(self, text: str) -> Any:
        doc = Doc(text)
        doc.segment(self.segmenter)
        _split_lines(doc)
        doc.tag_morph(self.morph_tagger)
        doc.parse_syntax(self.syntax_parser)
        doc.tag_ner(self.ner_tagger)
        return doc

    def lemma(self, word: str, pos: str) -> str:
        """Lower-case lemma of a word form, cached."""
        return _lemma(self, word.lower(), pos)


def _split_lines(doc: Any) -> None:
    """Headlines end without a full stop: a line break always ends a sentence."""
    sents = []
    for sent in doc.sents:
        offset = sent.start
        for piece in sent.text.split("\n"):
            stripped = piece.strip()
            if stripped:
                start = offset + piece.index(stripped)
                sents.append(DocSent(start, start + len(stripped), stripped))
            offset += len(piece) + 1
    doc.sents = sents
    doc.envelop_sent_tokens()


@lru_cache(maxsize=200_000)
def _lemma(pipeline: NatashaPipeline, word: str, pos: str) -> str:
    try:
        return str(pipeline.morph_vocab.lemmatize(word, pos, {})).lower()
    except Exception:  # pymorphy3 has no parse for some tokens (punctuation, digits)
        return word


def _new_pipeline() -> NatashaPipeline:
    return NatashaPipeline(
        segmenter=models.segmenter(),
        morph_vocab=models.morph_vocab(),
        morph_tagger=models.morph_tagger(),
        syntax_parser=models.syntax_parser(),
        ner_tagger=models.ner_tagger(),
        threads=ThreadpoolController(),
    )


def get_pipeline() -> NatashaPipeline:
    """The process-wide pipeline; the first call loads the models (about a second)."""
    return models.load_once("pipeline", _new_pipeline)
