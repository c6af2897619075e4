"""The offline answerer: typed answer candidates (natasha NER, dates, numbers, roles, events)
near the question's words in the best passages, with a confidence and optional abstention."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from dragon_bench.rag.analysis import analyse_sentence, analyse_sentences
from dragon_bench.rag.answer import AnswerSentence, Generation
from dragon_bench.rag.candidate import Candidate
from dragon_bench.rag.question_kind import ACCEPTS, QuestionKind, classify_question
from dragon_bench.rag.sentence_strategy import sentence_spans
from dragon_bench.rag.text import Analyzer, split_sentences, word_tokens

__all__ = ["ABSTENTION", "STRATEGIES", "ExtractiveGenerator", "is_echo"]

ABSTENTION = "I don't know"
STRATEGIES = ("entity", "sentence")

_EN_STOP_TEXT = """
a an the of in on at to for by with from and or is are was were be been has have had do does
did what which who whom whose when where why how many much it its this that these those name
there their his her he she they as than then so not no yes can could would will
"""
_EN_STOP = frozenset(_EN_STOP_TEXT.split())
# The question's terms, their idf, and the sentences (support, passage index, text) best first.
_Ranked = tuple[set[str], dict[str, float], list[tuple[float, int, str]]]


def _fold(text: str) -> str:
    return " ".join(word_tokens(text))


def is_echo(answer: str, question: str) -> bool:
    """Whether an answer only repeats the question (or is itself a question)."""
    a, q = _fold(answer), _fold(question)
    return not a or a == q or answer.rstrip().endswith("?") or (len(a) > 20 and a in q)


@dataclass(slots=True)
class _Scored:
    normal: str
    score: float
    best: float
    coverage: float
    closeness: float
    ci: int
    order: int


class ExtractiveGenerator:
    """Answer from the texts alone (no LLM).

    `strategy="entity"` (the default): candidate spans of the type the question asks for
    (natasha NER in normal form, dates, numbers, roles, events) are scored by how well their
    sentence matches the question (idf-weighted term overlap) and how close they sit to the
    question's words; the best one is the answer, a comma-joined list for questions asking
    for several (or when others score within `list_ratio` of the best). `extra["confidence"]`
    (0-1: the sentence's coverage of the question terms x closeness x margin over the runner
    up x the first text's retrieval-score lead) drives abstention: below `min_confidence` the
    answer is `abstention`.
    `strategy="sentence"` is close to the earlier behaviour (best sentence, then a span in it;
    benchmarks/answers.py measures the earlier code itself), kept for comparison.
    """

    name = "extractive"

    def __init__(
        self,
        *,
        strategy: str = "entity",
        min_confidence: float = 0.0,
        abstention: str = ABSTENTION,
        max_sentences: int = 6,
        max_items: int = 5,
        name_weight: float = 2.0,
        rank_weight: float = 1.0,
        list_ratio: float = 0.5,
        single_list_ratio: float = 0.8,
        window: int = 16,
        type_penalty: float = 0.3,
    ) -> None:
        if strategy not in STRATEGIES:
            raise ValueError(f"extractive strategy {strategy!r} is not one of {STRATEGIES}")
        self.strategy = strategy
        self.min_confidence = min_confidence
        self.abstention = abstention
        self.name_weight = name_weight
        self.rank_weight = rank_weight
        self.max_sentences = max_sentences
        self.max_items = max_items
        self.list_ratio = list_ratio
        self.single_list_ratio = single_list_ratio
        self.window = window
        self.type_penalty = type_penalty
        self.analyzer = Analyzer()

    # -- shared: the question's terms and the sentences ranked by support ----------------------
    def _terms(self, text: str) -> list[str]:
        if self.strategy == "sentence":  # the earlier behaviour, unchanged
            return self.analyzer(text)
        return [t for t in self.analyzer(text) if t not in _EN_STOP]

    def _rank(self, question: str, candidates: Sequence[Candidate]) -> _Ranked:
        # a headline has no final stop, so razdel glues it to the first sentence: split lines too
        sentences = [
            (ci, line.strip())
            for ci, c in enumerate(candidates)
            for a, b in split_sentences(c.text)
            for line in c.text[a:b].split("\n")
        ]
        sentences = [s for s in sentences if s[1]]
        q_terms = set(self._terms(question))
        terms = [set(self._terms(s)) for _, s in sentences]
        df = Counter(t for ts in terms for t in ts)
        n = max(1, len(sentences))
        idf = {t: math.log(1 + n / (1 + df[t])) for t in q_terms}
        # names (capitalised words after the first) identify the subject: they count double
        names = {t for w in question.split()[1:] if w[:1].isupper() for t in self._terms(w)}
        for t in names & q_terms:
            idf[t] *= self.name_weight
        scored = []
        for (ci, text), ts in zip(sentences, terms, strict=True):
            overlap = math.fsum(idf[t] for t in q_terms & ts)  # exact: no set-order ties
            scored.append((overlap + self.rank_weight / (1 + ci), ci, text))
        scored.sort(key=lambda x: -x[0])
        return q_terms, idf, scored

    def generate(self, question: str, candidates: Sequence[Candidate]) -> Generation:
        return self._generate(question, candidates, self._ranked(question, candidates))

    def generate_many(self, items: Sequence[tuple[str, Sequence[Candidate]]]) -> list[Generation]:
        """`generate` of many (question, texts) pairs; the sentences the entity strategy reads
        for all of them go to natasha in one batched call (sentences of like length together)."""
        ranked = [self._ranked(q, c) for q, c in items]
        if self.strategy == "entity":
            texts = [t for (q, _), r in zip(items, ranked, strict=True) for t in self._read(q, r)]
            analyse_sentences(texts)
        return [self._generate(q, c, r) for (q, c), r in zip(items, ranked, strict=True)]

    def _ranked(self, question: str, candidates: Sequence[Candidate]) -> _Ranked | None:
        if not question.strip() or not candidates:
            return None
        return self._rank(question, candidates)

    def _generate(
        self, question: str, candidates: Sequence[Candidate], ranked: _Ranked | None
    ) -> Generation:
        if ranked is None or not ranked[2]:
            return Generation("", ())
        q_terms, idf, scored = ranked
        if self.strategy == "sentence":
            return self._sentence_strategy(question, q_terms, scored)
        # a sentence that is itself a question (or the question again) supports nothing
        scored = [s for s in scored if not is_echo(s[2], question)]
        if not scored:
            return self._abstain(0.0, "no-sentence")
        return self._entity_strategy(question, q_terms, idf, scored, candidates)

    def _read(self, question: str, ranked: _Ranked | None) -> list[str]:
        """The sentences `_entity_strategy` analyses for this question (none when it wants no
        typed answer)."""
        if ranked is None:
            return []
        scored = [s for s in ranked[2] if not is_echo(s[2], question)]
        if not scored or not _wanted(classify_question(question)):
            return []
        return [text for _, _, text in scored[: self.max_sentences]]

    def _abstain(self, confidence: float, kind: str) -> Generation:
        return Generation(self.abstention, (), {"kind": kind, "confidence": confidence})

    def _finish(self, gen: Generation, confidence: float) -> Generation:
        extra = {**gen.extra, "confidence": round(confidence, 4)}
        if confidence < self.min_confidence:
            return self._abstain(confidence, f"abstain:{extra.get('kind', '')}")
        return Generation(gen.answer, gen.sentences, extra)

    # -- the entity strategy ---------------------------------------------------------------------
    def _entity_strategy(
        self,
        question: str,
        q_terms: set[str],
        idf: dict[str, float],
        scored: list[tuple[float, int, str]],
        candidates: Sequence[Candidate],
    ) -> Generation:
        kind = classify_question(question)
        total = sum(idf.values()) or 1.0
        top = scored[: self.max_sentences]
        best_support = top[0][0] or 1.0
        wanted = _wanted(kind)
        found: dict[str, _Scored] = {}
        full_names: set[str] = set()
        if wanted:
            q_fold = _fold(question)
            analyse_sentences([text for _, _, text in top])  # one natasha call for all of them
            for order, (support, ci, text) in enumerate(top):
                full_names.update(
                    m.normal
                    for m in analyse_sentence(text)[1]
                    if m.label == "PER" and " " in m.normal
                )
                ts = set(self._terms(text))
                coverage = sum(idf[t] for t in q_terms & ts) / total
                for normal, closeness, rank in self._mentions(text, q_terms, q_fold, wanted):
                    value = (support / best_support) * closeness * (1.0 - self.type_penalty * rank)
                    key = normal.lower()
                    prev = found.get(key)
                    if prev is None:
                        found[key] = _Scored(normal, value, value, coverage, closeness, ci, order)
                    else:  # repeated evidence adds a little; the best sighting stays
                        prev.score += 0.25 * value
                        if value > prev.best:
                            prev.best, prev.coverage, prev.closeness = value, coverage, closeness
                            prev.ci, prev.order = ci, order
        _merge_names(found, full_names)
        if not found:
            _, ci, text = top[0]
            ts = set(self._terms(text))
            coverage = sum(idf[t] for t in q_terms & ts) / total
            # a sentence is rarely the exact answer: its confidence is halved
            gen = Generation(_shorten(text), (AnswerSentence(text, (ci,)),), {"kind": "sentence"})
            return self._finish(gen, 0.5 * coverage * (0.5 + 0.5 * _retrieval_margin(candidates)))
        ranked = sorted(found.values(), key=lambda s: (-s.score, s.order))
        first = ranked[0]
        ratio = self.list_ratio if kind.many else 2.0 if kind.one else self.single_list_ratio
        picked = [first] + [s for s in ranked[1:] if s.score >= ratio * first.score]
        picked = picked[: self.max_items]
        runner_up = ranked[len(picked)].score if len(ranked) > len(picked) else 0.0
        margin = 1.0 - runner_up / first.score if first.score > 0 else 0.0
        confidence = (
            first.coverage
            * first.closeness
            * (0.5 + 0.5 * margin)
            * (0.5 + 0.5 * _retrieval_margin(candidates))
        )
        # several answers are listed in sorted order, as the revision's set answers are
        answer = ", ".join(sorted(s.normal for s in picked))
        cites = tuple(sorted({s.ci for s in picked}))
        extra = {
            "kind": ",".join(kind.labels),
            "margin": round(margin, 4),
            "retrieval_margin": round(_retrieval_margin(candidates), 4),
        }
        return self._finish(Generation(answer, (AnswerSentence(answer, cites),), extra), confidence)

    def _mentions(
        self, text: str, q_terms: set[str], q_fold: str, wanted: list[str]
    ) -> list[tuple[str, float, int]]:
        """(normal form, closeness 0-1, preference rank) of each wanted mention in `text` that
        the question does not already name."""
        tokens, mentions = analyse_sentence(text)
        stems = [set(self._terms(text[a:b])) for a, b, _ in tokens]
        anchors = [i for i, s in enumerate(stems) if s & q_terms]
        named = [(m.start, m.stop) for m in mentions if m.label in ("PER", "LOC", "ORG", "NAME")]
        # the question's predicate words, not its named subject, sit next to the answer
        plain = [i for i in anchors if not any(a <= tokens[i][0] < b for a, b in named)]
        out = []
        for m in mentions:
            if m.label not in wanted:
                continue
            normal = m.normal.strip(' .,;:«»"()')
            if normal.count("(") > normal.count(")"):  # "Дэйв Бинг (Dave Bing)"
                normal += ")"
            span_terms = set(self._terms(normal)) | set(self._terms(m.text))
            if not normal or _fold(normal) in q_fold or _fold(m.text) in q_fold:
                continue
            if span_terms and span_terms <= q_terms:  # the question names it already
                continue
            inside = [i for i, (a, _, _) in enumerate(tokens) if m.start <= a < m.stop]
            if not inside:
                continue
            lo, hi = inside[0], inside[-1]
            dist = [lo - i if i < lo else i - hi for i in (plain or anchors) if not lo <= i <= hi]
            gap = min(dist, default=self.window * 2)
            closeness = 1.0 / (1.0 + max(0, gap - 1) / self.window)
            out.append((normal, closeness, wanted.index(m.label)))
        return out

    # -- the earlier strategy: best sentence, then a span in it -----------------------------------
    def _sentence_strategy(
        self, question: str, q_terms: set[str], scored: list[tuple[float, int, str]]
    ) -> Generation:
        top = scored[: self.max_sentences]
        kind = classify_question(question)
        found = sentence_spans(question, q_terms, kind, top, self.analyzer, self.max_items)
        best_ci, best_text = top[0][1], top[0][2]
        if not found:
            gen = Generation(
                _shorten(best_text), (AnswerSentence(best_text, (best_ci,)),), {"kind": "sentence"}
            )
            return self._finish(gen, 0.0)
        answer = ", ".join(s for s, _ in found)
        cites = tuple(sorted({ci for _, ci in found}))
        gen = Generation(answer, (AnswerSentence(answer, cites),), {"kind": ",".join(kind.labels)})
        return self._finish(gen, 0.0)


def _wanted(kind: QuestionKind) -> list[str]:
    """The mention labels that may answer a question of this kind, preferred first."""
    # "какие X ...": several of whatever X is, names first
    asked = kind.labels or (("PER", "ORG", "LOC", "THING") if kind.many else ())
    return list(dict.fromkeys(label for k in asked for label in ACCEPTS[k]))


def _retrieval_margin(candidates: Sequence[Candidate]) -> float:
    """How far the first text's score leads the second's (0-1; 1 with one text or no scores)."""
    if len(candidates) < 2 or candidates[0].score <= 0:
        return 1.0
    lead = (candidates[0].score - candidates[1].score) / candidates[0].score
    return min(1.0, max(0.0, lead))


def _merge_names(found: dict[str, _Scored], full_names: set[str]) -> None:
    """A surname alone ("Тулеев") joins the full name seen in the passages ("Аман Тулеев")."""
    fulls = sorted(full_names, key=lambda n: (-len(n), n))
    for key in [k for k in found if " " not in k]:
        full = next((f for f in fulls if key in f.lower().split()), None)
        if full is None:
            continue
        item = found.pop(key)
        target = found.get(full.lower())
        if target is None:
            item.normal = full
            found[full.lower()] = item
            continue
        target.score = max(target.score, item.score) + 0.25 * min(target.score, item.score)
        if item.best > target.best:
            target.best, target.coverage, target.closeness = (
                item.best,
                item.coverage,
                item.closeness,
            )
            target.ci, target.order = item.ci, item.order


def _shorten(text: str, words: int = 30) -> str:
    parts = text.split()
    return text if len(parts) <= words else " ".join(parts[:words]) + " …"
