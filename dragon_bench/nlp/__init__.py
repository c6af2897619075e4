"""Russian NLP shared by every part: natasha and pymorphy3 models loaded once a process
(thread- and fork-safe), the natasha pipeline, lemmas, and the hand-written lexicon.

The natasha pipeline is imported lazily (the attribute loads its module), so a part needing
only pymorphy3 (the evaluator's lemmas, through `nlp.models`) does not import natasha.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragon_bench.lazy import lazy_attributes
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

if TYPE_CHECKING:
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

_WHERE = {"NatashaPipeline": "natasha", "get_pipeline": "natasha"}

__getattr__, __dir__ = lazy_attributes(__name__, _WHERE, __all__)
