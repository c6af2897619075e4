"""Segmentation: razdel sentences grouped by a sliding window of N sentences with stride S.

Defaults for news are a window of 5 sentences and a stride of 3. A Russian news sentence
averages about 15 words (NEREL), so 5 sentences make a passage of 75-100 words, the passage size
of DPR-style retrieval (Karpukhin et al., 2020) and about one news paragraph; short passages
keep BM25 and dense scores focused on one fact and keep LLM contexts small. An overlap of two
sentences puts any three consecutive sentences together in at least one window, so a fact
stated across adjacent sentences (a name, then "он" and the event) is never cut apart.
TREC RAG 2024 segments MS MARCO V2.1 with 10 sentences and stride 5 (Pradeep et al., 2024);
`window=10, stride=5` reproduces that.
"""

from __future__ import annotations

import functools
import gc
from array import array
from collections.abc import Iterable, Sequence

from razdel.rule import JOIN
from razdel.segmenters.sentenize import SentSplit as _SentSplit
from razdel.segmenters.sentenize import sentenize as _razdel_sentenize

from dragon_bench.corpus.parallel import cpu_count, map_slices
from dragon_bench.types import Document, Segment

__all__ = [
    "DEFAULT_WINDOW",
    "DEFAULT_STRIDE",
    "razdel_spans",
    "sentence_spans",
    "window_spans",
    "segment_document",
    "segment_documents",
]

DEFAULT_WINDOW = 5
DEFAULT_STRIDE = 3
# razdel's sentence segmenter, as `razdel.sentenize` runs it: its delimiter pattern and the
# window of text it shows its rules on each side of a delimiter, and its rules, in order.
_DELIMITER = _razdel_sentenize.split.re
_WINDOW = _razdel_sentenize.split.window
_RULES = tuple(rule.function for rule in _razdel_sentenize.rules)


def _check(window: int, stride: int) -> None:
    if window < 1:
        raise ValueError(f"window must be at least 1 sentence, got {window}")
    if not 1 <= stride <= window:
        raise ValueError(
            f"stride must be between 1 and the window ({window}) so every sentence is covered, got {stride}"
        )


def razdel_spans(text: str) -> list[tuple[int, int]]:
    """`[(s.start, s.stop) for s in razdel.sentenize(text)]`, driving razdel's own rules.

    razdel finds candidate splits (its delimiter pattern, each with its 10-character windows),
    asks its rules, in its order, about each, and strips the pieces between the splits it
    keeps. The same splits, windows, buffers and rules decide here; what is saved is razdel's
    plumbing around them (generators, a rule wrapper call per rule, string concatenation, and
    finding each stripped sentence in the text again, as a Substring object).
    """
    spans: list[tuple[int, int]] = []
    begin = 0  # where the sentence being built starts
    for match in _DELIMITER.finditer(text):
        start, stop = match.span()
        split = _SentSplit(
            text[max(0, start - _WINDOW) : start], match.group(1), text[stop : stop + _WINDOW]
        )
        split.buffer = text[begin:start]
        for rule in _RULES:
            action = rule(split)
            if action:
                break
        if action == JOIN:
            continue
        _strip_into(spans, text, begin, stop)
        begin = stop
    _strip_into(spans, text, begin, len(text))
    return spans


def _strip_into(spans: list[tuple[int, int]], text: str, begin: int, end: int) -> None:
    """razdel's sentence text[begin:end] without its white space (an empty one is placed where
    the previous sentence ended, where razdel finds it)."""
    chunk = text[begin:end]
    head = chunk.lstrip()
    if head:
        start = end - len(head)
        spans.append((start, start + len(head.rstrip())))
    else:
        at = spans[-1][1] if spans else 0
        spans.append((at, at))


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """Character spans of the sentences of `text`: razdel's sentences, cut again at line breaks.

    In news files a line is a headline, a dateline, a caption or a paragraph; razdel alone
    would glue a headline without a final period to the first sentence of the body.
    """
    spans = razdel_spans(text)
    if "\n" not in text:
        return spans
    out: list[tuple[int, int]] = []
    for start, stop in spans:
        if text.find("\n", start, stop) < 0:
            out.append((start, stop))
            continue
        offset = start
        for line in text[start:stop].split("\n"):
            stripped = line.strip()
            if stripped:
                lead = len(line) - len(line.lstrip())
                out.append((offset + lead, offset + lead + len(stripped)))
            offset += len(line) + 1
    return out


def window_spans(n: int, window: int, stride: int) -> list[tuple[int, int]]:
    """Sentence index ranges [i, j) of the windows over `n` sentences; the last reaches the end."""
    _check(window, stride)
    spans: list[tuple[int, int]] = []
    start = 0
    while start < n:
        end = min(start + window, n)
        spans.append((start, end))
        if end == n:
            break
        start += stride
    return spans


def segment_document(
    doc: Document, *, window: int = DEFAULT_WINDOW, stride: int = DEFAULT_STRIDE
) -> list[Segment]:
    """Windows of `window` sentences every `stride` sentences, offsets into `doc.full_text`."""
    return _segments(doc, _window_offsets(sentence_spans(doc.full_text), window, stride))


def _window_offsets(
    sentences: list[tuple[int, int]], window: int, stride: int
) -> list[tuple[int, int]]:
    """Character spans of the windows over sentence spans."""
    return [
        (sentences[i][0], sentences[j - 1][1])
        for i, j in window_spans(len(sentences), window, stride)
    ]


def _segments(doc: Document, offsets: Iterable[tuple[int, int]]) -> list[Segment]:
    text, doc_id = doc.full_text, doc.id
    return [Segment(f"{doc_id}#{k}", doc_id, text[a:b], a, b) for k, (a, b) in enumerate(offsets)]


def _offsets_chunk(docs: Sequence[Document], window: int, stride: int) -> array[int]:
    """Window spans of each document, flat: count, then start and end of each window."""
    flat: array[int] = array("q")
    for doc in docs:
        offsets = _window_offsets(sentence_spans(doc.full_text), window, stride)
        flat.append(len(offsets))
        for a, b in offsets:
            flat.append(a)
            flat.append(b)
    return flat


def segment_documents(
    docs: Iterable[Document],
    *,
    window: int = DEFAULT_WINDOW,
    stride: int = DEFAULT_STRIDE,
    workers: int | None = None,
    chunk_size: int = 500,
) -> list[Segment]:
    """Segments of all documents in input order; `workers` > 1 splits sentence splitting over processes.

    `workers=None` uses every core for large inputs (at least 4 chunks) and one process otherwise.
    Workers read the documents from the parent's memory (fork) and return window offsets only,
    a flat integer array per chunk; the parent cuts the texts as the chunks arrive.
    """

    _check(window, stride)
    items = docs if isinstance(docs, Sequence) else list(docs)
    if workers is None:
        workers = cpu_count() if len(items) >= 4 * chunk_size else 1
    out: list[Segment] = []
    chunk = functools.partial(_offsets_chunk, window=window, stride=stride)
    position = 0
    collecting = gc.isenabled()
    gc.disable()  # the collector would walk every segment made so far, again and again
    try:
        for flat in map_slices(chunk, items, chunk_size, workers):
            values = flat.tolist()
            at = 0
            while at < len(values):
                n = values[at]
                bounds = values[at + 1 : at + 1 + 2 * n]
                out.extend(_segments(items[position], zip(bounds[::2], bounds[1::2], strict=True)))
                at += 1 + 2 * n
                position += 1
    finally:
        if collecting:
            gc.enable()
    return out
