"""Question generation: subgraph sampling, template/LLM phrasing and quality filters."""

from __future__ import annotations

from dragon_bench.questions.filters import SupportIndex, answer_in_question
from dragon_bench.questions.generate import BACKENDS, generate_questions, template_question
from dragon_bench.questions.sampling import FactGraph, Subgraph, iter_subgraphs

__all__ = [
    "BACKENDS",
    "generate_questions",
    "template_question",
    "FactGraph",
    "Subgraph",
    "iter_subgraphs",
    "SupportIndex",
    "answer_in_question",
]
