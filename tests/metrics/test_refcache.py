"""Reference tokens cached beside a revision: written once, reused, ignored when stale."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pyarrow as pa
import pymorphy3
import pytest

from dragon_bench.errors import BadInputError
from dragon_bench.hub import Hub
from dragon_bench.metrics import Gold, evaluate, normalize, parse_results, refcache
from dragon_bench.metrics.chrf import chrf_reference
from dragon_bench.metrics.normalize import normalize_tokens
from dragon_bench.metrics.tokens import razdel_tokens
from tests.metrics.helpers import gold_tables, random_results


def _hub(root: Path, version: str = "1.0.0", seed: int = 1) -> Hub:
    qa, texts = gold_tables(30, 12, seed=seed)
    hub = Hub(str(root))
    public = {"texts": pa.table({"id": texts.column("public_id"), "text": ["t"] * 12})}
    hub.write_revision(version, public, {"qa": qa, "texts": texts})
    return hub


@pytest.fixture()
def calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []

    def counting(text: str) -> list[str]:
        seen.append(text)
        return razdel_tokens(text)

    monkeypatch.setattr(refcache, "razdel_tokens", counting)
    return seen


def test_tokens_are_cached_and_reused(tmp_path: Path, calls: list[str]) -> None:
    hub = _hub(tmp_path)
    first = Gold.from_hub(hub)
    assert len(calls) == len(first)
    assert Path(refcache.cache_path(hub, "1.0.0")).exists()
    assert hub.versions("private") == ["1.0.0"]  # the cache folder is not a revision
    again = Gold.from_hub(hub)
    assert len(calls) == len(first)  # read back, not tokenised again
    assert again.reference_tokens is not None
    assert again.reference_tokens.to_pylist() == [razdel_tokens(q.answer) for q in again.questions]
    results = parse_results(random_results(again, 3), again)
    fresh = Gold.from_tables(
        hub.read_table("private", "1.0.0", "qa"), hub.read_table("private", "1.0.0", "texts")
    )
    fresh.version = "1.0.0"
    assert evaluate(results, again, resamples=0) == evaluate(results, fresh, resamples=0)


def test_a_stale_cache_is_ignored(tmp_path: Path, calls: list[str]) -> None:
    hub = _hub(tmp_path)
    gold = Gold.from_hub(hub)
    path = refcache.cache_path(hub, "1.0.0")
    # Another revision's tokens under this name: the key (qa sha256) does not match.
    other = _hub(tmp_path / "other", seed=2)
    Gold.from_hub(other)
    Path(path).write_bytes(Path(refcache.cache_path(other, "1.0.0")).read_bytes())
    calls.clear()
    again = Gold.from_hub(hub)
    assert len(calls) == len(gold)
    assert again.reference_tokens and gold.reference_tokens
    assert again.reference_tokens.to_pylist() == gold.reference_tokens.to_pylist()


def test_an_unwritable_cache_still_evaluates(tmp_path: Path, calls: list[str]) -> None:
    hub = _hub(tmp_path)
    (tmp_path / "private" / ".cache").write_text("not a folder")
    gold = Gold.from_hub(hub)
    assert gold.reference_tokens and len(gold.reference_tokens) == len(gold)
    Gold.from_hub(hub)
    assert len(calls) == 2 * len(gold)  # nothing cached, so tokenised each time


def test_a_question_type_outside_the_registry_is_refused_and_not_cached(tmp_path: Path) -> None:
    """The cache stands for the type check (it is skipped when the cache is valid), so a qa table
    that fails the check must leave no cache behind, and is refused every time."""
    qa, texts = gold_tables(30, 12, seed=3)
    types = qa.column("type").to_pylist()
    types[7] = "riddle"
    qa = qa.set_column(qa.schema.get_field_index("type"), "type", pa.array(types))
    hub = Hub(str(tmp_path))
    public = {"texts": pa.table({"id": texts.column("public_id"), "text": ["t"] * 12})}
    hub.write_revision("1.0.0", public, {"qa": qa, "texts": texts})
    for _ in range(2):
        with pytest.raises(BadInputError, match="question 7 of 1.0.0 has type 'riddle'"):
            Gold.from_hub(hub)
        assert not Path(refcache.cache_path(hub, "1.0.0")).exists()


def test_cached_chrf_views_equal_the_computed_ones(tmp_path: Path) -> None:
    hub = _hub(tmp_path, seed=5)
    Gold.from_hub(hub)
    again = Gold.from_hub(hub)  # read back
    assert again.reference_tokens is not None and not isinstance(again.reference_tokens.chrf, list)
    texts = [q.answer for q in again.questions]
    views = again.reference_tokens.chrf_rows(texts, 0, len(texts))
    assert views == [chrf_reference(t) for t in texts]
    assert any(len(g) > 1 for v in views for g in v.grams)  # repeated n-grams, n > 1


def _pymorphy_lemma(word: str) -> str:
    """The oracle: pymorphy3's analyzer itself, not our cache."""
    return str(_analyzer().parse(word)[0].normal_form).replace("ё", "е")


@functools.cache
def _analyzer() -> pymorphy3.MorphAnalyzer:
    return pymorphy3.MorphAnalyzer()


def test_reference_lemmas_are_cached_and_spare_pymorphy3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hub = _hub(tmp_path, seed=6)
    gold = Gold.from_hub(hub)
    assert Path(refcache.lemma_cache_path(hub, "1.0.0")).exists()
    cached = refcache.read_reference_lemmas(hub, "1.0.0", _sha(hub))
    assert cached is not None
    words, lemmas = cached
    expected = {
        w
        for q in gold.questions
        for t in razdel_tokens(q.answer)
        for w in [t.lower().replace("ё", "е").strip(normalize._EDGE_MARKS)]
        if re.search(r"\w", t) and re.search("[а-я]", w)
    }
    assert set(words) == expected and len(words) == len(expected)
    assert lemmas == [_pymorphy_lemma(w) for w in words]
    # A fresh process's state: nothing known, nothing parsed; then every reference word's lemma
    # comes from the cache, none from pymorphy3, and the scores are those computed without it.
    parsed: list[str] = []
    real = normalize._parsed

    def counting(word: str) -> str:
        parsed.append(word)
        return real(word)

    monkeypatch.setattr(normalize, "_parsed", counting)
    _forget(monkeypatch)
    again = Gold.from_hub(hub)
    normal = [normalize_tokens(razdel_tokens(q.answer)) for q in again.questions]
    assert not [w for w in parsed if re.search("[а-я]", w)]
    _forget(monkeypatch)
    assert normal == [normalize_tokens(razdel_tokens(q.answer)) for q in again.questions]
    assert parsed  # now computed, by pymorphy3


def test_a_stale_lemma_cache_is_ignored_and_rewritten(tmp_path: Path) -> None:
    hub = _hub(tmp_path, seed=7)
    Gold.from_hub(hub)
    other = _hub(tmp_path / "other", seed=8)
    Gold.from_hub(other)
    path = Path(refcache.lemma_cache_path(hub, "1.0.0"))
    path.write_bytes(Path(refcache.lemma_cache_path(other, "1.0.0")).read_bytes())
    assert refcache.read_reference_lemmas(hub, "1.0.0", _sha(hub)) is None  # another key
    Gold.from_hub(hub)
    cached = refcache.read_reference_lemmas(hub, "1.0.0", _sha(hub))
    assert cached is not None
    assert cached[1] == [_pymorphy_lemma(w) for w in cached[0]]


def _sha(hub: Hub) -> str:
    return str(hub.read_manifest("private", "1.0.0")["sha256"]["qa.parquet"])


def _forget(monkeypatch: pytest.MonkeyPatch) -> None:
    """normalize's per-process state emptied: no lemma known, no token seen."""
    for name, empty in (("_KNOWN", {}), ("_ENTRIES", {}), ("_SPECIAL", set())):
        monkeypatch.setattr(normalize, name, empty)
