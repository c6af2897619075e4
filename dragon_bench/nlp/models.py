"""natasha's news models and the pymorphy3 analyzer, each loaded once a process.

Loading is guarded by a lock (threads asking at once get one model), and the lock is made
anew in a forked child, so a fork while another thread was loading cannot deadlock the child;
a model loaded before the fork is shared with the child copy-on-write. natasha's models
ship inside the package: nothing is downloaded.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any, TypeVar

import pymorphy3

__all__ = [
    "embedding",
    "load_once",
    "morph_analyzer",
    "morph_tagger",
    "morph_vocab",
    "ner_tagger",
    "segmenter",
    "syntax_parser",
]

T = TypeVar("T")

_LOADED: dict[str, Any] = {}
_LOCK = threading.RLock()  # re-entrant: a loader may ask for another model (the embedding)


def _new_lock() -> None:
    global _LOCK
    _LOCK = threading.RLock()


os.register_at_fork(after_in_child=_new_lock)


def load_once(name: str, load: Callable[[], T]) -> T:
    """`load()` the first time `name` is asked for in this process, the same object after."""
    model = _LOADED.get(name)
    if model is None:
        with _LOCK:
            model = _LOADED.get(name)
            if model is None:
                model = _LOADED[name] = load()
    return model  # type: ignore[no-any-return]


def _natasha() -> Any:
    """natasha, imported when a natasha model is first asked for: the evaluator's lemmas need
    only pymorphy3, and importing natasha (its taggers, yargy) costs ~0.1 s of every process."""
    import natasha

    return natasha


def embedding() -> Any:
    """natasha's navec news word embedding (shared by its taggers and the dense retriever)."""
    return load_once("embedding", lambda: _natasha().NewsEmbedding())


def segmenter() -> Any:
    """natasha's sentence and token segmenter (razdel)."""
    return load_once("segmenter", lambda: _natasha().Segmenter())


def morph_vocab() -> Any:
    """natasha's MorphVocab (pymorphy2 inside): lemmas of tagged tokens and normal forms of spans."""
    return load_once("morph_vocab", lambda: _natasha().MorphVocab())


def morph_tagger() -> Any:
    """natasha's news morphology tagger."""
    return load_once("morph_tagger", lambda: _natasha().NewsMorphTagger(embedding()))


def syntax_parser() -> Any:
    """natasha's news dependency parser."""
    return load_once("syntax_parser", lambda: _natasha().NewsSyntaxParser(embedding()))


def ner_tagger() -> Any:
    """natasha's news NER tagger (PER, LOC, ORG)."""
    return load_once("ner_tagger", lambda: _natasha().NewsNERTagger(embedding()))


def morph_analyzer() -> Any:
    """The pymorphy3 analyzer: lemmas, inflection and agreement (about 0.3 s to load)."""
    return load_once("morph_analyzer", pymorphy3.MorphAnalyzer)
