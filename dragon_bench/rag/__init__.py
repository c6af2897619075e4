"""Retrieval-augmented generation: retrievers, rerankers, generators and the pipeline joining them."""

from __future__ import annotations

from dragon_bench.rag.bm25 import BM25Retriever
from dragon_bench.rag.candidate import Candidate
from dragon_bench.rag.retriever import Retriever, SegmentTable
from dragon_bench.rag.segment import segment_texts
from dragon_bench.rag.text import Analyzer

__all__ = ["Analyzer", "BM25Retriever", "Candidate", "Retriever", "SegmentTable", "segment_texts"]
