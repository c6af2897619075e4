"""Knowledge graph: triplet extraction (natasha offline, LLM), the novelty filter, scoring against NEREL."""

from __future__ import annotations

from dragon_bench.kg.extract import BACKENDS, extract_triples
from dragon_bench.kg.nerel import GoldDocument, read_gold_folder
from dragon_bench.kg.novelty import LocalKnowledgeBase, NoveltyFilter
from dragon_bench.kg.score import score_against_gold, score_extraction
from dragon_bench.kg.store import read_triples, write_triples
from dragon_bench.kg.wikidata import WikidataKnowledgeBase

__all__ = [
    "BACKENDS",
    "extract_triples",
    "GoldDocument",
    "NoveltyFilter",
    "LocalKnowledgeBase",
    "WikidataKnowledgeBase",
    "read_gold_folder",
    "score_against_gold",
    "score_extraction",
    "read_triples",
    "write_triples",
]
