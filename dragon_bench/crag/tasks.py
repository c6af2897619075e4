"""CRAG's three tasks and the resumable runner that writes predictions as JSON lines.

Task 1: the first 5 pages; Task 2: 5 pages plus the KG API (our mock, by URL); Task 3: up to
50 pages. Predictions are `{"interaction_id", "prediction"}` lines, appended and flushed one by
one so an interrupted run resumes where it stopped.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, as_completed, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from dragon_bench.crag.answerers import REFUSAL, Answerer
from dragon_bench.crag.data import CragExample
from dragon_bench.crag.pages import PageTextCache, example_documents
from dragon_bench.errors import BadInputError
from dragon_bench.types import Document

__all__ = [
    "CragTask",
    "TASKS",
    "get_task",
    "KGClient",
    "LocalKG",
    "kg_document",
    "task_documents",
    "run_task",
    "RunSummary",
]


@dataclass(frozen=True, slots=True)
class CragTask:
    number: int
    max_pages: int
    uses_kg: bool
    description: str


TASKS: dict[int, CragTask] = {
    1: CragTask(1, 5, False, "retrieval summarisation: 5 web pages per question"),
    2: CragTask(2, 5, True, "knowledge graph and web retrieval: 5 pages plus the KG API"),
    3: CragTask(3, 50, False, "end-to-end RAG: up to 50 web pages per question"),
}


def get_task(number: int) -> CragTask:
    if number not in TASKS:
        raise BadInputError(f"CRAG task {number} does not exist: choose 1, 2 or 3")
    return TASKS[number]


class LocalKG:
    """A KGIndex used in-process with the same two calls as KGClient."""

    def __init__(self, index: Any) -> None:
        self.index = index

    def search(self, name: str, k: int = 10) -> list[str]:
        return [n for n, _ in self.index.search(name, k)]

    def triples(self, name: str) -> list[dict[str, str]]:
        return self.index.entity_triples(name) or []


class KGClient:
    """Talks to a mock KG API (dragon_bench.crag.kg_api) at `base_url` (the /kg prefix included)."""

    def __init__(self, base_url: str, *, timeout: float = 10.0) -> None:
        self.base_url = base_url.rstrip("/")
        self._http = httpx.Client(timeout=timeout)

    def search(self, name: str, k: int = 10) -> list[str]:
        r = self._http.get(f"{self.base_url}/search", params={"q": name, "k": k})
        r.raise_for_status()
        return [e["name"] for e in r.json()["entities"]]

    def triples(self, name: str) -> list[dict[str, str]]:
        r = self._http.get(f"{self.base_url}/entity", params={"name": name})
        if r.status_code == 404:
            return []
        r.raise_for_status()
        return list(r.json()["triplets"])


def kg_document(
    example: CragExample, kg: Any, *, entities: int = 3, per_entity: int = 20
) -> Document | None:
    """The KG facts about the entities best matching the query, as one extra document."""
    lines: list[str] = []
    for name in kg.search(example.query, k=entities):
        for t in kg.triples(name)[:per_entity]:
            line = f"{t['subject']} | {t['relation']} | {t['object']}"
            if line not in lines:
                lines.append(line)
    if not lines:
        return None
    return Document(
        id=f"{example.interaction_id}/kg", text="\n".join(lines), title="Knowledge graph", lang=""
    )


def task_documents(
    example: CragExample, task: CragTask, kg: Any = None, *, cache: PageTextCache | None = None
) -> list[Document]:
    """The documents a system may use for the example under the task's rules."""
    docs = example_documents(example, max_pages=task.max_pages, cache=cache)
    if task.uses_kg and kg is not None:
        extra = kg_document(example, kg)
        if extra is not None:
            docs.append(extra)
    return docs


@dataclass(frozen=True, slots=True)
class RunSummary:
    answered: int
    resumed: int
    failed: int
    seconds: float
    out: str


def _existing(out: Path) -> dict[str, str]:
    """Valid prediction lines already in `out`; a torn last line is dropped (file rewritten)."""
    if not out.exists():
        return {}
    done: dict[str, str] = {}
    kept: list[str] = []
    torn = False
    for line in out.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
            done[str(row["interaction_id"])] = str(row["prediction"])
            kept.append(line)
        except (ValueError, KeyError, TypeError):
            torn = True
    if torn:
        fd, tmp = tempfile.mkstemp(dir=out.parent, prefix=".tmp-")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write("".join(k + "\n" for k in kept))
        os.replace(tmp, out)
    return done


def run_task(
    examples: Iterable[CragExample],
    answerer: Answerer,
    task: CragTask,
    out: str | Path,
    *,
    kg: Any = None,
    resume: bool = True,
    cache_dir: str | Path | None = None,
    concurrency: int = 1,
    on_item: Callable[[CragExample, str], None] | None = None,
) -> RunSummary:
    """Answer every example and append its prediction to `out`; with `resume`, ids already in
    `out` are skipped; `cache_dir` keeps extracted page texts for reruns; `concurrency` > 1
    answers several questions at once (for systems that wait on an LLM), lines then land in
    completion order. A system that raises is recorded as "I don't know" and counted failed."""
    if concurrency < 1:
        raise BadInputError("concurrency must be at least 1")
    path = Path(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    done = _existing(path) if resume else {}
    if not resume and path.exists():
        path.unlink()
    start = time.monotonic()
    counts = {"answered": 0, "failed": 0, "resumed": 0}
    needs_docs = getattr(answerer, "needs_documents", True)
    cache = PageTextCache(cache_dir) if cache_dir is not None else None

    def answer(example: CragExample) -> tuple[CragExample, str, bool]:
        try:
            docs = task_documents(example, task, kg, cache=cache) if needs_docs else []
            return example, answerer(example.query, docs), False
        except Exception:  # one broken question must not lose the run
            return example, REFUSAL, True

    def todo() -> Iterator[CragExample]:
        for example in examples:
            if example.interaction_id in done:
                counts["resumed"] += 1
            else:
                yield example

    with open(path, "a", encoding="utf-8") as fh:

        def record(example: CragExample, prediction: str, broken: bool) -> None:
            row = {"interaction_id": example.interaction_id, "prediction": prediction}
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
            fh.flush()
            counts["answered"] += 1
            counts["failed"] += broken
            if on_item is not None:
                on_item(example, prediction)

        if concurrency == 1:
            for example in todo():
                record(*answer(example))
        else:
            with ThreadPoolExecutor(max_workers=concurrency) as pool:
                pending: set[Future[tuple[CragExample, str, bool]]] = set()
                for example in todo():
                    pending.add(pool.submit(answer, example))
                    if len(pending) >= 2 * concurrency:
                        finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                        for f in finished:
                            record(*f.result())
                for f in as_completed(pending):
                    record(*f.result())
    return RunSummary(
        counts["answered"], counts["resumed"], counts["failed"], time.monotonic() - start, str(path)
    )
