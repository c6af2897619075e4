"""The pipeline: retrieve texts, rerank the head of the list, generate a cited answer."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from dragon_bench.errors import BadInputError
from dragon_bench.llm import ChatModel, make_llm
from dragon_bench.rag import rerank
from dragon_bench.rag.answer import Generation, RagAnswer
from dragon_bench.rag.candidate import Candidate
from dragon_bench.rag.config import PipelineConfig
from dragon_bench.rag.extractive import ExtractiveGenerator
from dragon_bench.rag.hops import merge_rankings, plan_hop, plan_hops
from dragon_bench.rag.llmgen import LLMGenerator
from dragon_bench.rag.retriever import Retriever, atomic_dir
from dragon_bench.rag.retrievers import load_retriever, make_retriever
from dragon_bench.rag.segment import segment_texts
from dragon_bench.rag.trec import parse_request

__all__ = ["Pipeline"]

_WHO = "this pipeline (its LLM reranker, generator or dense model 'api')"


def _make_reranker(config: PipelineConfig, llm: ChatModel | None) -> Any:
    if config.reranker == "none":
        return rerank.IdentityReranker()
    if config.reranker == "lexical":
        return rerank.LexicalReranker()
    if config.reranker == "cross-encoder":
        return rerank.CrossEncoderReranker(config.reranker_model)
    return rerank.LLMReranker(make_llm(_WHO, llm))


def _make_generator(config: PipelineConfig, llm: ChatModel | None) -> Any:
    if config.generator == "extractive":
        return ExtractiveGenerator()
    return LLMGenerator(make_llm(_WHO, llm))


def _pairs(texts: Any) -> list[tuple[str, str]]:
    if hasattr(texts, "texts") and isinstance(texts.texts, Mapping):  # a client Revision
        texts = texts.texts
    items: Iterable[Any] = texts.items() if isinstance(texts, Mapping) else texts
    return [(str(k), "" if v is None else str(v)) for k, v in items]


class Pipeline:
    """Retriever, reranker and generator from one PipelineConfig; the same object serves
    `/v1/search`, `/v1/rerank`, `/v1/generate` and `/v1/rag` (TREC RAG 2024 I/O)."""

    def __init__(
        self,
        config: PipelineConfig | None = None,
        *,
        retriever: Retriever | None = None,
        llm: ChatModel | None = None,
    ) -> None:
        self.config = config or PipelineConfig()
        self._llm = make_llm(_WHO, llm) if self.config.needs_llm else llm
        self.retriever = retriever or make_retriever(self.config, self._llm)
        self.reranker = _make_reranker(self.config, self._llm)
        self.generator = _make_generator(self.config, self._llm)

    # -- building and storing ---------------------------------------------------------------
    @classmethod
    def build(
        cls, texts: Any, config: PipelineConfig | None = None, *, llm: ChatModel | None = None
    ) -> Pipeline:
        """Segment and index texts: a {id: text} mapping, (id, text) pairs or a client Revision."""
        self = cls(config, llm=llm)
        cfg = self.config
        segments = segment_texts(
            _pairs(texts), window=cfg.segment_window, stride=cfg.segment_stride
        )
        self.retriever.index(segments)
        return self

    def save(self, path: str | Path, *, stamp: Mapping[str, Any] | None = None) -> None:
        """Write the config, the index and an optional `stamp` (what was indexed), atomically."""

        def fill(tmp: Path) -> None:
            (tmp / "pipeline.json").write_text(json.dumps(self.config.to_dict(), indent=1), "utf-8")
            (tmp / "stamp.json").write_text(json.dumps(dict(stamp or {})), "utf-8")
            self.retriever.save(tmp / "index")

        atomic_dir(path, fill)

    @staticmethod
    def saved_config(path: str | Path) -> tuple[PipelineConfig, dict[str, Any]] | None:
        """The config and stamp of a saved pipeline, or None when there is none."""
        folder = Path(path)
        try:
            config = json.loads((folder / "pipeline.json").read_text("utf-8"))
            stamp = json.loads((folder / "stamp.json").read_text("utf-8"))
        except (OSError, ValueError):
            return None
        return PipelineConfig.from_dict(config, where=str(folder)), stamp

    @classmethod
    def load(cls, path: str | Path, *, llm: ChatModel | None = None, **overrides: Any) -> Pipeline:
        """A saved pipeline; `overrides` change settings that need no new index (reranker, k...)."""
        file = Path(path) / "pipeline.json"
        if not file.exists():
            raise BadInputError(f"{path} is not a saved pipeline (no pipeline.json)")
        config = PipelineConfig.from_dict(json.loads(file.read_text("utf-8")), where=str(file))
        config = config.replace(**overrides)
        if config.needs_llm:
            llm = make_llm(_WHO, llm)
        return cls(config, retriever=load_retriever(Path(path) / "index", llm), llm=llm)

    # -- the stages ---------------------------------------------------------------------------
    def _query(self, question: str) -> str:
        return question[: self.config.max_question_chars]

    def search(self, query: str, k: int | None = None) -> list[Candidate]:
        return self.retriever.search(self._query(query), k or self.config.retrieve_k)

    def rerank(self, query: str, candidates: Sequence[Candidate]) -> list[Candidate]:
        head = list(candidates[: self.config.rerank_k])
        return self.reranker.rerank(self._query(query), head) + list(
            candidates[self.config.rerank_k :]
        )

    def generate(self, question: str, candidates: Sequence[Candidate]) -> Generation:
        return self.generator.generate(self._query(question), list(candidates[: self.config.top_k]))

    def second_hop(self, question: str, ranked: Sequence[Candidate]) -> tuple[list[Candidate], str]:
        """The first hop's ranking fused with a second one retrieved with the bridge entity
        named in its first `top_k` texts, and the question the generator should answer (for
        the extractive one, the described part replaced by the bridge; an LLM gets the
        question as asked); the first ranking and the question when there is no hop."""
        cfg = self.config
        hop = plan_hop(question, ranked[: cfg.top_k], when=cfg.hop_when)
        if hop is None:
            return list(ranked), question
        second = self.rerank(hop.query, self.search(hop.query))
        asked = hop.question if cfg.generator == "extractive" else question
        return merge_rankings(ranked, second, k=cfg.rrf_k), asked

    def answer(self, qid: str, question: str) -> RagAnswer:
        """Retrieve, rerank, generate; texts found are the reranked list's first `found_k`."""
        cfg = self.config
        if not question.strip():
            return RagAnswer(str(qid), question, (), (), (), "", cfg.run_id)
        ranked = self.rerank(question, self.search(question))
        asked = question
        if cfg.hops == 2:
            ranked, asked = self.second_hop(question, ranked)
        context = ranked[: cfg.top_k]
        generation = self.generate(asked, context)
        return RagAnswer.build(
            str(qid),
            question,
            [c.docid for c in ranked[: cfg.found_k]],
            [c.docid for c in context],
            generation,
            cfg.run_id,
        )

    def search_many(self, queries: Sequence[str], k: int | None = None) -> list[list[Candidate]]:
        """`search` of many queries; one retriever call when the retriever takes many."""
        many = getattr(self.retriever, "search_many", None)
        cut = [self._query(q) for q in queries]
        if many is None:
            return [self.retriever.search(q, k or self.config.retrieve_k) for q in cut]
        found: list[list[Candidate]] = many(cut, k or self.config.retrieve_k)
        return found

    def answer_parts(
        self, questions: Sequence[str]
    ) -> list[tuple[list[Candidate], list[Candidate], Generation]]:
        """The ranking, the generator's texts and the generation of each (non-blank) question,
        as `answer` makes them, batched across questions: one retriever call per hop and
        natasha over all questions' sentences at once."""
        cfg = self.config
        found = self.search_many(questions)
        ranked = [self.rerank(q, f) for q, f in zip(questions, found, strict=True)]
        asked = list(questions)
        if cfg.hops == 2:
            firsts = [(q, r[: cfg.top_k]) for q, r in zip(questions, ranked, strict=True)]
            hops = [(j, h) for j, h in enumerate(plan_hops(firsts, when=cfg.hop_when)) if h]
            second = self.search_many([h.query for _, h in hops])
            for (j, hop), more in zip(hops, second, strict=True):
                ranked[j] = merge_rankings(ranked[j], self.rerank(hop.query, more), k=cfg.rrf_k)
                if cfg.generator == "extractive":
                    asked[j] = hop.question
        contexts = [r[: cfg.top_k] for r in ranked]
        pairs = [(self._query(a), list(c)) for a, c in zip(asked, contexts, strict=True)]
        generate_many = getattr(self.generator, "generate_many", None)
        if generate_many is not None:
            generations = generate_many(pairs)
        else:
            generations = [self.generator.generate(a, c) for a, c in pairs]
        return list(zip(ranked, contexts, generations, strict=True))

    def answer_many(self, items: Sequence[tuple[str, str]]) -> list[RagAnswer]:
        """`answer` of many (question id, question) pairs, with the same answers (see
        `answer_parts`)."""
        cfg = self.config
        real = [i for i, (_, q) in enumerate(items) if q.strip()]
        parts = self.answer_parts([items[i][1] for i in real])
        out = [RagAnswer(str(qid), q, (), (), (), "", cfg.run_id) for qid, q in items]
        for i, (ranked, context, generation) in zip(real, parts, strict=True):
            out[i] = RagAnswer.build(
                str(items[i][0]),
                items[i][1],
                [c.docid for c in ranked[: cfg.found_k]],
                [c.docid for c in context],
                generation,
                cfg.run_id,
            )
        return out

    def answer_request(self, request: Any) -> RagAnswer:
        """Answer a TREC RAG request: its candidates are reranked and used when given,
        otherwise the pipeline retrieves them itself."""
        req = parse_request(request)
        if not req.candidates:
            return self.answer(req.qid, req.text)
        cfg = self.config
        ranked = self.rerank(req.text, list(req.candidates))
        context = ranked[: cfg.top_k]
        generation = self.generate(req.text, context)
        return RagAnswer.build(
            req.qid,
            req.text,
            [c.docid for c in ranked[: cfg.found_k]],
            [c.docid for c in context],
            generation,
            cfg.run_id,
        )

    def __call__(self, question: str) -> RagAnswer:
        """For `client.run`: the answer without a question id."""
        return self.answer("", question)
