"""Knowledge graph: triplet extraction (natasha offline, LLM), the novelty filter, scoring against NEREL.

What the natasha backend's triples look like (for question generation): names in the
nominative, persons resolved to the document's fullest name; `relation` is either a verb
lemma with its preposition ("прибыть в", "купить") when both entities are arguments of one
predicate, or a name read off the entity types (`labels.TYPE_RELATIONS`): "должность"
(PERSON -> PROFESSION), "место работы", "возраст", "дата", "место", "участник" (-> EVENT,
whose name is a verb or event-noun lemma), "расположен в", "местонахождение", "награда", ...;
"связан с" when nothing more specific is known. DATE, AGE and MONEY objects keep their text.
"""

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
