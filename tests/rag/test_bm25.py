"""BM25 retrieval: scores against rank_bm25, segment-to-text aggregation, saved indexes."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from rank_bm25 import BM25Okapi

from dragon_bench.errors import BadInputError
from dragon_bench.rag import Analyzer, BM25Retriever, segment_texts
from dragon_bench.types import Segment

QUERIES = [
    "Кто жена Барака Обамы?",
    "Где находится Белый дом",
    "президент президент США",  # a repeated query term counts twice in both implementations
    "футбол чемпионат мира",
    "zzzz несуществующееслово",
]


def _nerel_texts(folder: Path, n: int = 60) -> list[tuple[str, str]]:
    files = sorted(folder.glob("*.txt"))[:n]
    return [(f.name.split("_")[0], f.read_text(encoding="utf-8")) for f in files]


def test_scores_equal_rank_bm25_okapi(nerel_dev: Path) -> None:
    # Reference: rank_bm25.BM25Okapi (an independent implementation) given the very same
    # tokens (our Analyzer: lower-case words, Russian stop words, Snowball stems) and the same
    # parameters k1=1.5, b=0.75; epsilon=0 makes its negative-idf rule the floor at 0 bm25s uses.
    retriever = BM25Retriever(k1=1.5, b=0.75)
    retriever.index(segment_texts(_nerel_texts(nerel_dev)))
    tokens = retriever.analyzer.many(s.text for s in retriever.table.segments)
    reference = BM25Okapi(tokens, k1=1.5, b=0.75, epsilon=0.0)
    for q in QUERIES:
        ours = retriever.segment_scores(q)
        theirs = reference.get_scores(retriever.analyzer(q))
        np.testing.assert_allclose(ours, theirs, rtol=0, atol=1e-6, err_msg=q)
        top_ours = np.argsort(-ours, kind="stable")[:10]
        top_theirs = np.argsort(-theirs, kind="stable")[:10]
        assert ours[top_ours].tolist() == pytest.approx(theirs[top_theirs].tolist(), abs=1e-6)


def _segments() -> list[Segment]:
    texts = [
        ("a", "Кошки любят молоко. Собаки любят кости. Птицы поют."),
        ("b", "Молоко и кошки. Кошки спят на солнце. Молоко скисло."),
        ("c", "Автомобили едут по дороге. Дорога мокрая."),
    ]
    return segment_texts(texts, window=1, stride=1)


def test_texts_ranked_by_best_segment() -> None:
    r = BM25Retriever()
    segs = _segments()
    r.index(segs)
    scores = r.segment_scores("кошки молоко")
    per_text: dict[str, float] = {}
    for seg, s in zip(r.table.segments, scores, strict=True):
        per_text[seg.doc_id] = max(per_text.get(seg.doc_id, 0.0), float(s))
    hits = r.search("кошки молоко", k=10)
    assert [h.docid for h in hits] == sorted(
        (d for d in per_text if per_text[d] > 0), key=lambda d: -per_text[d]
    )
    assert [h.score for h in hits] == pytest.approx([per_text[h.docid] for h in hits])
    assert "c" not in [h.docid for h in hits]  # no shared term: not returned at all
    assert r.search("", k=5) == [] and r.search("и в на", k=5) == []  # stop words only


def test_save_load_roundtrip_and_bad_path(tmp_path: Path) -> None:
    r = BM25Retriever(k1=1.2, b=0.6)
    r.index(_segments())
    r.save(tmp_path / "idx")
    r.save(tmp_path / "idx")  # overwriting an index replaces it whole
    loaded = BM25Retriever.load(tmp_path / "idx")
    assert (loaded.k1, loaded.b) == (1.2, 0.6)
    assert loaded.search("дорога", 3) == r.search("дорога", 3)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".tmp")]
    with pytest.raises(BadInputError, match="not a saved index"):
        BM25Retriever.load(tmp_path)


def test_empty_index_and_analyzer() -> None:
    r = BM25Retriever()
    r.index([])
    assert r.search("что угодно") == []
    assert Analyzer()("Президенты ЁЛКИ и в 2017 году") == ["президент", "елк", "2017", "год"]


def test_long_text_without_punctuation_is_cut() -> None:
    text = " ".join(["слово"] * 3000)
    segs = segment_texts([("x", text)], max_chars=1000)
    assert len(segs) > 10 and all(len(s.text) <= 1000 for s in segs)
    assert all(text[s.start_char : s.end_char] == s.text for s in segs)


def test_numpy_index_equals_bm25s_index(nerel_dev: Path) -> None:
    # Our vectorised index builder against bm25s's own `index()` (robertson, float64).
    import bm25s

    retriever = BM25Retriever()
    retriever.index(segment_texts(_nerel_texts(nerel_dev, 30)))
    tokens = retriever.analyzer.many(s.text for s in retriever.table.segments)
    model = bm25s.BM25(k1=1.5, b=0.75, method="robertson", dtype="float64")
    model.index(tokens, show_progress=False)
    for q in QUERIES[:4]:
        terms = [t for t in retriever.analyzer(q) if t in model.vocab_dict]
        if not terms:
            continue
        theirs = model.get_scores(terms) * 2.5  # bm25s robertson omits Okapi's (k1 + 1)
        np.testing.assert_allclose(retriever.segment_scores(q), theirs, rtol=0, atol=1e-9)
