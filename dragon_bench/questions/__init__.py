"""Question generation: the shape registry, template/LLM phrasing and quality filters."""

from __future__ import annotations

from dragon_bench.questions.filters import SupportIndex, answer_in_question
from dragon_bench.questions.generate import BACKENDS, generate_questions
from dragon_bench.questions.sampling import FactGraph, Subgraph
from dragon_bench.questions.shapes import QUESTION_SHAPES, QUESTION_TYPES, iter_subgraphs

__all__ = [
    "BACKENDS",
    "QUESTION_SHAPES",
    "QUESTION_TYPES",
    "generate_questions",
    "FactGraph",
    "Subgraph",
    "iter_subgraphs",
    "SupportIndex",
    "answer_in_question",
]
