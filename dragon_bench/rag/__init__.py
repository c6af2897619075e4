"""Retrieval-augmented generation: retrievers, rerankers, generators and the pipeline joining them."""

from __future__ import annotations

from dragon_bench.rag.answer import AnswerSentence, Generation, RagAnswer
from dragon_bench.rag.bm25 import BM25Retriever
from dragon_bench.rag.candidate import Candidate
from dragon_bench.rag.config import PipelineConfig
from dragon_bench.rag.dense import DenseRetriever
from dragon_bench.rag.extractive import ExtractiveGenerator
from dragon_bench.rag.hybrid import HybridRetriever, reciprocal_rank_fusion
from dragon_bench.rag.llmgen import LLMGenerator
from dragon_bench.rag.pipeline import Pipeline
from dragon_bench.rag.rerank import (
    CrossEncoderReranker,
    IdentityReranker,
    LexicalReranker,
    LLMReranker,
)
from dragon_bench.rag.retriever import Retriever, SegmentTable
from dragon_bench.rag.retrievers import load_retriever
from dragon_bench.rag.segment import segment_texts
from dragon_bench.rag.text import Analyzer

__all__ = [
    "Analyzer",
    "AnswerSentence",
    "BM25Retriever",
    "Candidate",
    "CrossEncoderReranker",
    "DenseRetriever",
    "ExtractiveGenerator",
    "Generation",
    "HybridRetriever",
    "IdentityReranker",
    "LLMGenerator",
    "LLMReranker",
    "LexicalReranker",
    "Pipeline",
    "PipelineConfig",
    "RagAnswer",
    "Retriever",
    "SegmentTable",
    "load_retriever",
    "reciprocal_rank_fusion",
    "segment_texts",
]
