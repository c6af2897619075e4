"""Near-duplicate removal: datasketch as the reference, planted NEREL copies, idempotence."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from datasketch import MinHash, MinHashLSH
from hypothesis import given, settings
from hypothesis import strategies as st

from dragon_bench.corpus import dedup_documents, read_documents
from dragon_bench.corpus.dedup import WEIGHTS, lsh_clusters, lsh_params
from dragon_bench.corpus.minhash import shingle_hash, shingle_hashes, shingles, signatures
from dragon_bench.types import Document

EDGE_TEXTS = [
    "",
    "!!! ... ---",
    "Один два три.",
    "İstanbul ǅ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 слово_с_подчёркиванием 😀 x 42",
    "Мэр Твери Вадим Стрельцов открыл парк на набережной Волги в субботу утром вместе с жителями.",
]


def _datasketch_signature(text: str, num_perm: int = 128) -> np.ndarray:
    m = MinHash(num_perm=num_perm, hashfunc=shingle_hash)
    m.update_batch(shingles(text))
    return np.asarray(m.hashvalues)


def test_signatures_equal_datasketch(nerel_dev: Path) -> None:
    # Reference: datasketch 2.x MinHash (affine32 scheme, seed 1) fed the same shingle strings.
    texts = [d.full_text for d in read_documents(nerel_dev)[:25]] + EDGE_TEXTS
    ours = signatures(texts, num_perm=128)
    for text, row in zip(texts, ours, strict=True):
        assert np.array_equal(row, _datasketch_signature(text)), text[:40]


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=300), st.integers(1, 10))
def test_vectorised_shingle_hashes_equal_scalar(text: str, ngram: int) -> None:
    assert shingle_hashes(text, ngram).tolist() == [shingle_hash(s) for s in shingles(text, ngram)]


@pytest.mark.parametrize(
    ("threshold", "num_perm"), [(0.8, 128), (0.5, 128), (0.9, 256), (0.7, 64), (0.8, 32)]
)
def test_lsh_params_equal_datasketch(threshold: float, num_perm: int) -> None:
    lsh = MinHashLSH(threshold=threshold, num_perm=num_perm)
    assert lsh_params(threshold, num_perm, (0.5, 0.5)) == (lsh.b, lsh.r)
    lsh = MinHashLSH(threshold=threshold, num_perm=num_perm, weights=WEIGHTS)
    assert lsh_params(threshold, num_perm) == (lsh.b, lsh.r)


def _sentences(text: str) -> list[str]:
    from razdel import sentenize

    return [s.text for s in sentenize(text)]


def _plant(docs: list[Document], seed: int = 7) -> tuple[list[Document], set[frozenset[str]]]:
    """Copies of long NEREL articles: one sentence replaced, paragraphs reordered, re-spaced."""
    rng = random.Random(seed)
    long_docs = [d for d in docs if len(d.text.split()) >= 300 and d.text.count("\n") >= 3]
    donors = [s for d in docs[:20] for s in _sentences(d.text)]
    planted: list[Document] = []
    truth: set[frozenset[str]] = set()
    for k, doc in enumerate(long_docs[:30]):
        kind = k % 3
        if kind == 0:  # one sentence changed
            sents = _sentences(doc.text)
            sents[len(sents) // 2] = rng.choice(donors)
            text = " ".join(sents)
        elif kind == 1:  # a paragraph moved to another place
            paras = [p for p in doc.text.split("\n") if p.strip()]
            moved = paras.pop(rng.randrange(len(paras)))
            paras.insert(rng.randrange(len(paras) + 1), moved)
            text = "\n".join(paras)
        else:  # the same words, other spacing and case
            text = "  ".join(doc.text.split()).upper()
        copy = Document(id=f"{doc.id}-copy", title=doc.title, text=text)
        planted.append(copy)
        truth.add(frozenset({doc.id, copy.id}))
    return docs + planted, truth


def _pairs(clusters: list[frozenset[str]]) -> set[frozenset[str]]:
    return {frozenset({a, b}) for c in clusters for a in c for b in c if a < b}


def test_planted_nerel_copies_precision_recall(nerel_train: Path) -> None:
    docs = read_documents(nerel_train)
    corpus, truth = _plant(docs)
    result = dedup_documents(corpus, threshold=0.8, num_perm=128)
    found = _pairs([frozenset(c.members) for c in result.clusters])
    precision = len(found & truth) / len(found)
    recall = len(found & truth) / len(truth)
    print(f"planted={len(truth)} found={len(found)} precision={precision:.3f} recall={recall:.3f}")
    assert precision == 1.0  # no two distinct NEREL articles merged
    assert recall >= 0.8  # 26/30 here; the misses have true shingle Jaccard 0.80-0.86
    by_id = {d.id: d for d in corpus}
    for pair in truth:
        a, b = (set(shingles(by_id[i].full_text)) for i in pair)
        if len(a & b) / len(a | b) >= 0.9:
            assert pair in found, sorted(pair)
    assert len(result.kept) == len(corpus) - len(found & truth)

    # The representative is the longer text of each pair (white space folded).
    def folded(i: str) -> int:
        return len(" ".join(by_id[i].full_text.split()))

    for c in result.clusters:
        assert folded(c.representative) == max(folded(m) for m in c.members)


def test_same_clusters_as_a_plain_datasketch_loop(nerel_dev: Path) -> None:
    # Reference: one MinHash per document inserted into datasketch's MinHashLSH, then the
    # union of every query's candidates whose MinHash.jaccard reaches the threshold.
    # Exact duplicates are absent from this input.
    docs = read_documents(nerel_dev)
    corpus, _ = _plant(docs, seed=3)
    lsh = MinHashLSH(threshold=0.8, num_perm=128, weights=WEIGHTS)
    sketches = {}
    for doc in corpus:
        m = MinHash(num_perm=128, hashfunc=shingle_hash)
        m.update_batch(shingles(doc.full_text))
        sketches[doc.id] = m
        lsh.insert(doc.id, m)
    parent = {d.id: d.id for d in corpus}

    def find(x: str) -> str:
        while parent[x] != x:
            x = parent[x]
        return x

    for key, m in sketches.items():
        for other in lsh.query(m):
            if m.jaccard(sketches[other]) >= 0.8:
                parent[find(other)] = find(key)
    groups: dict[str, set[str]] = {}
    for d in corpus:
        groups.setdefault(find(d.id), set()).add(d.id)
    expected = {frozenset(g) for g in groups.values() if len(g) > 1}
    result = dedup_documents(corpus, threshold=0.8, num_perm=128)
    assert {frozenset(c.members) for c in result.clusters} == expected
    assert expected  # the planted copies make some clusters


def test_exact_duplicates_and_reference() -> None:
    base = "Глава города Вадим Стрельцов открыл новый парк на набережной Волги в субботу. " * 3
    docs = [
        Document(id="a", text=base),
        Document(id="b", text=base.replace(" ", "  ")),  # same content hash
        Document(id="c", text="Совсем другая новость о футболе и хоккее в Казани и Перми сегодня."),
    ]
    result = dedup_documents(docs)
    assert [d.id for d in result.kept] == ["a", "c"]
    (cluster,) = result.clusters
    assert cluster.exact and cluster.members == ("a", "b") and cluster.dropped == ("b",)
    ref = dedup_documents(docs, reference=[Document(id="old", text=base)])
    assert [d.id for d in ref.kept] == ["c"]
    assert ref.clusters[0].references == ("old",) and ref.clusters[0].representative == "old"
    assert set(ref.removed) == {"a", "b"}


def test_empty_texts_are_not_near_duplicates() -> None:
    docs = [Document(id="x", title="!!!", text="..."), Document(id="y", text="—")]
    assert [d.id for d in dedup_documents(docs).kept] == ["x", "y"]
    sigs = signatures(["", "..."])
    assert lsh_clusters(sigs, 9, 13, 0.8).tolist() == [0, 1]


def test_two_processes_give_the_same_result(nerel_dev: Path) -> None:
    corpus, _ = _plant(read_documents(nerel_dev), seed=5)
    one = dedup_documents(corpus, workers=1)
    two = dedup_documents(corpus, workers=2)
    assert one == two


WORDS = [
    "мэр",
    "город",
    "парк",
    "суд",
    "банк",
    "рубль",
    "матч",
    "гол",
    "театр",
    "выставка",
    "учёные",
    "космос",
]
doc_text = st.lists(st.sampled_from(WORDS), min_size=0, max_size=40).map(" ".join)


@settings(max_examples=40, deadline=None)
@given(st.lists(doc_text, min_size=1, max_size=12), st.data())
def test_dedup_is_idempotent(texts: list[str], data: st.DataObject) -> None:
    # Plant copies with one word dropped so near-duplicate clusters occur.
    copies = data.draw(st.lists(st.integers(0, len(texts) - 1), max_size=4))
    texts = texts + [" ".join(texts[i].split()[1:]) for i in copies]
    docs = [Document(id=f"d{i}", text=t) for i, t in enumerate(texts)]
    threshold = data.draw(st.sampled_from([0.5, 0.8]))
    once = dedup_documents(docs, threshold=threshold, ngram=3, num_perm=64)
    twice = dedup_documents(once.kept, threshold=threshold, ngram=3, num_perm=64)
    assert twice.kept == once.kept
    assert twice.clusters == []
