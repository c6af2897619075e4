"""dragon_bench.nlp: models loaded once a process, from many threads at once and after a fork."""

from __future__ import annotations

import multiprocessing
import threading
import time
from typing import Any

import pytest

from dragon_bench import nlp
from dragon_bench.nlp import models


def test_each_model_is_loaded_once_however_many_threads_ask(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(models, "_LOADED", {})
    calls: list[int] = []

    def slow_load() -> object:
        calls.append(1)
        time.sleep(0.05)  # long enough for every thread to arrive while it loads
        return object()

    got: list[Any] = []
    threads = [
        threading.Thread(target=lambda: got.append(models.load_once("x", slow_load)))
        for _ in range(8)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(calls) == 1 and len(got) == 8 and all(g is got[0] for g in got)


def _load_in_child(queue: Any) -> None:
    queue.put(type(models.load_once("child", lambda: 42)).__name__)


def test_a_fork_while_another_thread_loads_does_not_deadlock_the_child(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(models, "_LOADED", {})
    started, release = threading.Event(), threading.Event()

    def blocking_load() -> object:
        started.set()
        release.wait(10)
        return object()

    loader = threading.Thread(target=lambda: models.load_once("slow", blocking_load))
    loader.start()
    started.wait(10)  # the parent's lock is held now
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    child = ctx.Process(target=_load_in_child, args=(queue,))
    child.start()
    child.join(20)
    release.set()
    loader.join()
    assert child.exitcode == 0, "the forked child hung on the loader's lock"
    assert queue.get(timeout=5) == "int"


def test_the_pipeline_and_the_answerer_share_the_models() -> None:
    pipeline = nlp.get_pipeline()
    assert pipeline is nlp.get_pipeline()
    assert pipeline.morph_tagger is nlp.morph_tagger() and pipeline.ner_tagger is nlp.ner_tagger()
    assert nlp.morph_analyzer() is nlp.morph_analyzer()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # pymorphy3's most probable normal forms, ё folded (checked by hand against pymorphy3 2.0)
        ("Министра обороны России", ["министр", "оборона", "россия"]),
        ("ёлки, палки!", ["елка", "палка"]),
        ("", []),
    ],
)
def test_lemmas(text: str, expected: list[str]) -> None:
    assert nlp.lemmas(text) == expected


def test_fold() -> None:
    assert nlp.fold("  «Ёжик»   в ТУМАНЕ ") == "ежик в тумане"
