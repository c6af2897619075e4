"""The offline answerer: typed answer candidates (natasha NER, dates, numbers, roles, events)
near the question's words in the best passages, with a confidence and optional abstention."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from dragon_bench.nlp import models
from dragon_bench.rag.answer import AnswerSentence, Generation
from dragon_bench.rag.candidate import Candidate
from dragon_bench.rag.text import Analyzer, split_sentences, word_tokens

__all__ = [
    "ABSTENTION",
    "STRATEGIES",
    "ExtractiveGenerator",
    "Mention",
    "QuestionKind",
    "analyse_sentence",
    "analyse_sentences",
    "classify_question",
    "find_spans",
    "is_echo",
]

ABSTENTION = "I don't know"
STRATEGIES = ("entity", "sentence")

_MONTHS = (
    "январ[ьяе]|феврал[ьяе]|март[ае]?|апрел[ьяе]|ма[йяе]|июн[ьяе]|июл[ьяе]|август[ае]?|"
    "сентябр[ьяе]|октябр[ьяе]|ноябр[ьяе]|декабр[ьяе]"
)
_EN_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_DATE = re.compile(
    rf"\b\d{{1,2}}(?:\s*[-–]\s*\d{{1,2}})?\s+(?:{_MONTHS})(?:\s+\d{{4}}(?:\s+года?)?)?"
    rf"|\b(?:{_MONTHS})\s+\d{{4}}(?:\s+года?)?"
    rf"|\b(?:{_EN_MONTHS})\s+\d{{1,2}}(?:,\s*\d{{4}})?|\b\d{{1,2}}\s+(?:{_EN_MONTHS})(?:\s+\d{{4}})?"
    r"|\b\d{1,2}\.\d{1,2}\.\d{2,4}\b"
    r"|\b(?:[12]\d{3})(?:\s*[-–]\s*[12]\d{3})?(?:\s+год(?:а|у|ах|ов)?)?\b",
    re.IGNORECASE,
)
_NUMBER = re.compile(
    r"(?<![\w.,])\d+(?:[ \u00a0]\d{3})*(?:[.,]\d+)?"
    r"(?:\s*(?:%|процент\w*|млн|млрд|тыс\.?|миллион\w*|миллиард\w*|тысяч\w*|million|billion))?"
    r"(?:\s+(?:долларов|доллара|рублей|рубля|евро|человек|лет|года?|раз|км|метров|тонн))?",
    re.IGNORECASE,
)
# Latin names (natasha's NER is Russian-only): runs of capitalised words, "of"/"de" inside
_LATIN_NAME = re.compile(r"\b[A-Z][\w'&.-]*(?:\s+(?:(?:of|de|the|and|von|van)\s+)?[A-Z][\w'&.-]*)*")
_EN_STOP_TEXT = """
a an the of in on at to for by with from and or is are was were be been has have had do does
did what which who whom whose when where why how many much it its this that these those name
there their his her he she they as than then so not no yes can could would will
"""
_EN_STOP = frozenset(_EN_STOP_TEXT.split())


@dataclass(frozen=True, slots=True)
class QuestionKind:
    """What a question asks for: entity labels to prefer, and whether it wants several."""

    labels: tuple[str, ...]
    many: bool = False
    one: bool = False  # two conditions joined by «и»: the one entity meeting both


_KIND_RULES: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = tuple(
    (re.compile(p, re.IGNORECASE), labels)
    for p, labels in (
        (
            r"\bсколько\b|\bкакое количество\b|\bкакова (?:сумма|численность|стоимость)"
            r"|\bв каком возрасте\b|\bhow (?:many|much|old|long)\b",
            ("NUMBER",),
        ),
        (
            r"\bкогда\b|\bв каком году\b|\bкакого числа\b|\bв каком месяце\b|\bдат[аеуы]\b"
            r"|\bwhen\b|\bwhat year\b|\bwhat date\b",
            ("DATE",),
        ),
        (r"\bкем (?:работа|является|был|была|стал|служ)|\bдолжност|\bпрофесси", ("PROF",)),
        (r"\bсобыти[ийяюе]\b|\bсобытием\b", ("EVENT",)),
        (
            r"\bкак(?:ая|ой|ую|ие|их|ом|им|ими) (?:\w+ )?(?:организаци|компани|клуб|парти|"
            r"команд|ведомств|министерств|издани|банк|университет|суд\b|фирм|учреждени)"
            r"|\bwhich (?:company|companies|organi[sz]ation|team|club|party|studio)",
            ("ORG",),
        ),
        (
            r"\bгде\b|\bкуда\b|\bоткуда\b|\bв как(?:ом|ой|их) (?:город|стран|регион|област|мест)|"
            r"\bкак(?:ой|ая|ие) (?:город|стран|регион|област)|\bwhere\b|\bwhich (?:city|country)",
            ("LOC",),
        ),
        (
            r"\bкто\b|\bкого\b|\bкому\b|\bкем\b|\bс кем\b|\bчей\b|\bчья\b|\bчьи\b|\bкак зовут\b"
            r"|\bwho\b|\bwhom\b",
            ("PER",),
        ),
        (r"^\s*(?:что|чем|во? ч[её]м|от чего|на ч[её]м|what)\b", ("THING",)),
    )
)
_MANY = re.compile(
    r"\bкакие\b|\bкаких\b|\bкакими\b|\bперечисл|\bназовите все\b|\bкто из\b|\bкто (?:ещё|еще)\b"
    r"|\bкакие именно\b|\bв каких\b|\bс какими\b|\bwhich (?:\w+ )?(?:companies|countries|people)\b"
    r"|\bname (?:two|three|four|five|some|all)\b",
    re.IGNORECASE,
)
# "Кто работает в X и родился в Y?": a second predicate after «и» (verb or short participle)
_CONDITIONS = re.compile(
    r"\sи\s+[а-яё]+(?:ет|ит|ут|ят|ёт|ал|ил|ял|ел|ыл|ул|ла|ло|ли|ся|сь|ён|ена|ено|ан|ана|ано)\b",
    re.IGNORECASE,
)
# labels that may answer a question asking for each kind; "THING" takes any typed span
_ACCEPTS: dict[str, tuple[str, ...]] = {
    "PER": ("PER", "NAME"),
    "LOC": ("LOC", "NAME"),
    "ORG": ("ORG", "NAME"),
    "DATE": ("DATE",),
    "NUMBER": ("NUMBER",),
    "PROF": ("PROF",),
    "EVENT": ("EVENT",),
    "THING": ("EVENT", "ORG", "LOC", "PER", "NAME", "PROF"),
}


def classify_question(question: str) -> QuestionKind:
    """The labels (PER, LOC, ORG, DATE, NUMBER, PROF, EVENT, THING) a question asks for,
    by its wh-words (Russian first, a few English ones)."""
    labels: list[str] = []
    for pattern, kinds in _KIND_RULES:
        if pattern.search(question):
            labels.extend(k for k in kinds if k not in labels)
    if "PROF" in labels and "PER" in labels:  # "кем работает" asks for a role, not a person
        labels.remove("PER")
    if "THING" in labels and len(labels) > 1:
        labels.remove("THING")
    # "где работает X" asks for an organisation as often as for a place
    if "LOC" in labels and re.search(r"\bработа|\bучи|\bслуж", question, re.IGNORECASE):
        labels.insert(0, "ORG")
    many = bool(_MANY.search(question))
    return QuestionKind(tuple(labels), many, not many and bool(_CONDITIONS.search(question)))


@dataclass(frozen=True, slots=True)
class Mention:
    """A typed answer candidate in a sentence: character span, label, surface and normal form."""

    start: int
    stop: int
    label: str
    text: str
    normal: str


def _natasha() -> tuple[Any, Any, Any, Any]:
    return models.segmenter(), models.ner_tagger(), models.morph_tagger(), models.morph_vocab()


@lru_cache(maxsize=1)
def _lexicon() -> tuple[frozenset[str], frozenset[str]]:
    from dragon_bench.nlp.lexicon import EVENT_NOUNS, PROFESSIONS

    return PROFESSIONS, EVENT_NOUNS


def _regex_mentions(sentence: str) -> list[Mention]:
    dates = [
        Mention(m.start(), m.end(), "DATE", m.group(), m.group()) for m in _DATE.finditer(sentence)
    ]
    out = list(dates)
    for m in _NUMBER.finditer(sentence):
        if not any(d.start <= m.start() < d.stop for d in dates):
            out.append(Mention(m.start(), m.end(), "NUMBER", m.group(), m.group()))
    return out


Analysis = tuple[tuple[tuple[int, int, str], ...], tuple[Mention, ...]]

_ANALYSED: dict[str, Analysis] = {}  # sentence -> analysis; cleared when it grows too big
_CACHE_SIZE = 20_000
_BATCH = 8  # natasha's taggers cost about the same for 1 and for 8 sentences a call


def analyse_sentence(sentence: str) -> Analysis:
    """Tokens (start, stop, lemma) and typed mentions of one sentence: natasha NER spans in
    their normal form, roles and events (lemmas of dragon_bench.nlp.lexicon), dates, numbers,
    and capitalised Latin names."""
    return analyse_sentences([sentence])[0]


def analyse_sentences(sentences: Sequence[str]) -> list[Analysis]:
    """`analyse_sentence` of many sentences; the ones not seen before go to natasha in batches."""
    found = {s: _ANALYSED[s] for s in sentences if s in _ANALYSED}
    todo = [s for s in dict.fromkeys(sentences) if s not in found]
    for k in range(0, len(todo), _BATCH):
        batch = todo[k : k + _BATCH]
        for sentence, analysis in zip(batch, _analyse_batch(batch), strict=True):
            if len(_ANALYSED) >= _CACHE_SIZE:
                _ANALYSED.clear()
            _ANALYSED[sentence] = found[sentence] = analysis
    return [found[s] for s in sentences]


def _analyse_batch(sentences: list[str]) -> list[Analysis]:
    """natasha's segmentation, morphology and NER of several sentences in one tagger call each."""
    from natasha import Doc
    from natasha.doc import adapt_spans, inject_morph, sent_words

    segmenter, ner, morph, vocab = _natasha()
    docs = [Doc(s) for s in sentences]
    for doc in docs:
        doc.segment(segmenter)
    sents = [sent for doc in docs for sent in doc.sents]
    for sent, markup in zip(sents, morph.map([sent_words(x) for x in sents]), strict=True):
        inject_morph(sent.tokens, markup.tokens)
    texts = [doc for doc in docs if doc.text.strip()]
    for doc in docs:
        doc.spans = []
    for doc, markup in zip(texts, ner.map([d.text for d in texts]), strict=True):
        doc.spans = list(adapt_spans(doc, markup.spans))
        doc.envelop_span_tokens()
        doc.envelop_sent_spans()
    return [_analysis(doc, vocab) for doc in docs]


def _analysis(doc: Any, vocab: Any) -> Analysis:
    tokens = []
    for t in doc.tokens:
        t.lemmatize(vocab)
        tokens.append((t.start, t.stop, (t.lemma or t.text.lower()).replace("ё", "е")))
    mentions: list[Mention] = []
    for s in doc.spans:
        s.normalize(vocab)
        mentions.append(Mention(s.start, s.stop, s.type, s.text, s.normal or s.text))
    taken = [(m.start, m.stop) for m in mentions]
    professions, events = _lexicon()
    for t in doc.tokens:
        if any(a <= t.start < b for a, b in taken):
            continue
        lemma = (t.lemma or "").replace("ё", "е")
        label = "PROF" if lemma in professions else "EVENT" if lemma in events else ""
        if label and t.pos == "NOUN":
            mentions.append(Mention(t.start, t.stop, label, t.text, lemma))
    sentence = doc.text
    mentions += _regex_mentions(sentence)
    for m in _LATIN_NAME.finditer(sentence):
        if m.start() > 0 and not any(a <= m.start() < b for a, b in taken):
            mentions.append(Mention(m.start(), m.end(), "NAME", m.group(), m.group()))
    return tuple(tokens), tuple(sorted(mentions, key=lambda m: (m.start, m.stop)))


def find_spans(sentence: str) -> list[tuple[int, int, str]]:
    """Entity spans (natasha NER: PER, LOC, ORG), dates and numbers in a sentence."""
    from natasha import Doc

    segmenter, tagger, _, _ = _natasha()
    doc = Doc(sentence)
    doc.segment(segmenter)
    doc.tag_ner(tagger)
    spans = [(s.start, s.stop, s.type) for s in doc.spans]
    spans += [(m.start, m.stop, m.label) for m in _regex_mentions(sentence)]
    return sorted(spans)


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

    def _rank(
        self, question: str, candidates: Sequence[Candidate]
    ) -> tuple[set[str], dict[str, float], list[tuple[float, int, str]]]:
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
            overlap = sum(idf[t] for t in q_terms & ts)
            scored.append((overlap + self.rank_weight / (1 + ci), ci, text))
        scored.sort(key=lambda x: -x[0])
        return q_terms, idf, scored

    def generate(self, question: str, candidates: Sequence[Candidate]) -> Generation:
        if not question.strip() or not candidates:
            return Generation("", ())
        q_terms, idf, scored = self._rank(question, candidates)
        if not scored:
            return Generation("", ())
        if self.strategy == "sentence":
            return self._sentence_strategy(question, q_terms, scored)
        # a sentence that is itself a question (or the question again) supports nothing
        scored = [s for s in scored if not is_echo(s[2], question)]
        if not scored:
            return self._abstain(0.0, "no-sentence")
        return self._entity_strategy(question, q_terms, idf, scored, candidates)

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
        # "какие X ...": several of whatever X is, names first
        asked = kind.labels or (("PER", "ORG", "LOC", "THING") if kind.many else ())
        wanted = list(dict.fromkeys(label for k in asked for label in _ACCEPTS[k]))
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
        found = self._spans(question, q_terms, kind, top)
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

    def _spans(
        self,
        question: str,
        q_terms: set[str],
        kind: QuestionKind,
        top: list[tuple[float, int, str]],
    ) -> list[tuple[str, int]]:
        q_lower = question.lower().replace("ё", "е")
        # the earlier question types: a role question asked for a person, nothing asked for events
        asked = ("PER",) if "PROF" in kind.labels else kind.labels
        labels = tuple(k for k in asked if k in ("PER", "LOC", "ORG", "DATE", "NUMBER"))
        wanted = labels or (("PER", "ORG", "LOC") if kind.many else ())
        if not wanted:  # "почему", "как": no span type fits, the sentence is the answer
            return []
        best_score = top[0][0]
        out: list[tuple[str, int]] = []
        seen: set[str] = set()
        for score, ci, text in top:
            # later sentences only count when they support the question nearly as well
            if out and (not kind.many or score < 0.6 * best_score):
                break
            spans = find_spans(text)
            anchors = [
                m.start()
                for m in re.finditer(r"\w+", text)
                if set(self.analyzer(m.group())) & q_terms
            ]
            named = [(a, b) for a, b, label in spans if label in ("PER", "LOC", "ORG")]
            plain = [x for x in anchors if not any(a <= x < b for a, b in named)]
            anchors = plain or anchors
            hits = []
            for a, b, label in spans:
                if label not in wanted:
                    continue
                span = text[a:b].strip(' .,;:«»"()')
                span_terms = set(self.analyzer(span))
                if not span or span.lower().replace("ё", "е") in q_lower:
                    continue
                if span_terms and span_terms <= q_terms:
                    continue
                near = min((abs(x - a) if x < a else abs(x - b) for x in anchors), default=0)
                hits.append((wanted.index(label), near, span))
            hits.sort()
            if not hits:
                continue
            pick = hits if kind.many else hits[:1]
            for _, _, span in pick:
                key = " ".join(self.analyzer(span)) or span.lower()
                if key not in seen:
                    seen.add(key)
                    out.append((span, ci))
            if len(out) >= self.max_items or not kind.many:
                break
        return out[: self.max_items]


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
