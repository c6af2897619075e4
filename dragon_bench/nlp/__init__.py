"""Russian NLP shared by every part: natasha and pymorphy3 models loaded once a process
(thread- and fork-safe), the natasha pipeline, lemmas, and the hand-written lexicon."""

from __future__ import annotations

from dragon_bench.nlp.lemmas import fold, lemma, lemmas, parses
from dragon_bench.nlp.models import (
    embedding,
    load_once,
    morph_analyzer,
    morph_tagger,
    morph_vocab,
    ner_tagger,
    segmenter,
    syntax_parser,
)
from dragon_bench.nlp.natasha import NatashaPipeline, get_pipeline

__all__ = [
    "NatashaPipeline",
    "embedding",
    "fold",
    "get_pipeline",
    "lemma",
    "lemmas",
    "load_once",
    "morph_analyzer",
    "morph_tagger",
    "morph_vocab",
    "ner_tagger",
    "parses",
    "segmenter",
    "syntax_parser",
]
