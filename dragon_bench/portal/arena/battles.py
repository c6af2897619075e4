"""Battles: two distinct pipelines drawn at random answer one question in parallel, with a timeout.

Pipelines are anything with `rag(query, *, qid) -> RagReply`: local named pipelines built with
`dragon_bench.rag.registry` over a revision's public texts, or remote `/v1/rag` services
(`RemotePipeline`). Answers are turned into blinded views: no run id or pipeline name.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import Any, Protocol

from dragon_bench.errors import BadInputError
from dragon_bench.rag.registry import build_registry

__all__ = [
    "Answerer",
    "Arena",
    "Fight",
    "answer_view",
    "arena_from_settings",
    "public_texts",
]


class Answerer(Protocol):
    """What a battle calls: a served pipeline's `/v1/rag` (LocalPipeline or RemotePipeline)."""

    def rag(self, query: str, *, qid: str = "") -> Any: ...


def answer_view(reply: Any, max_references: int | None = None) -> dict[str, Any]:
    """The blinded answer: sentences with citations, references and their cited segments, the
    references cut to `max_references`; no timing or pipeline detail, fields always in one order."""
    answer = reply.answer
    refs = [str(r) for r in answer.references][:max_references]
    texts = {str(c.docid): c.text for c in getattr(reply, "candidates", ())}
    return {
        "text": " ".join(s.text for s in answer.sentences) or answer.model_answer,
        "sentences": [
            {"text": s.text, "citations": [int(c) for c in s.citations if 0 <= c < len(refs)]}
            for s in answer.sentences
        ],
        "references": refs,
        "segments": [{"docid": d, "text": texts.get(d, "")} for d in refs],
    }


@dataclass
class Fight:
    """Both sides of one battle: names, blinded answers (None when a side failed), the error."""

    pipeline_a: str
    pipeline_b: str
    answer_a: dict[str, Any] | None
    answer_b: dict[str, Any] | None
    error: str | None = None

    @property
    def failed(self) -> bool:
        return self.error is not None


class Arena:
    """The pipelines a portal compares, asked in parallel with a per-answer `timeout` (seconds)."""

    def __init__(
        self,
        pipelines: Mapping[str, Answerer],
        *,
        timeout: float = 30.0,
        seed: int | None = None,
    ) -> None:
        self.pipelines = dict(pipelines)
        self.timeout = timeout
        self._rng = random.Random(seed)
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(max_workers=8, thread_name_prefix="arena")

    def names(self) -> list[str]:
        return sorted(self.pipelines)

    def draw_pair(self) -> tuple[str, str]:
        """Two distinct pipelines in random order."""
        if len(self.pipelines) < 2:
            raise BadInputError(
                "the arena needs at least two pipelines (set DRAGON_PORTAL_ARENA_PIPELINES)"
            )
        with self._lock:
            a, b = self._rng.sample(self.names(), 2)
        return a, b

    def fight(self, question: str, *, qid: str = "arena") -> Fight:
        """Ask both pipelines at once; a side that errs or exceeds the timeout fails the battle."""
        a, b = self.draw_pair()
        futures = [self._pool.submit(self.pipelines[n].rag, question, qid=qid) for n in (a, b)]
        replies: list[Any] = []
        errors: list[str] = []
        for side, future in zip("AB", futures, strict=True):
            try:
                replies.append(future.result(timeout=self.timeout))
            except FutureTimeout:
                errors.append(f"answer {side} timed out after {self.timeout:g} s")
            except Exception as exc:  # any pipeline failure fails the battle, never the portal
                errors.append(f"answer {side} failed: {type(exc).__name__}")
        if errors:
            return Fight(a, b, None, None, "; ".join(errors))
        # Pipelines show different numbers of references (5 against 3 told 7 of 8 pairs apart):
        # both sides are cut to the smaller number, so only the answers themselves differ.
        shown = min(len(r.answer.references) for r in replies)
        view_a, view_b = (answer_view(r, shown) for r in replies)
        return Fight(a, b, view_a, view_b, None)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
        for p in self.pipelines.values():
            close = getattr(p, "close", None)
            if callable(close):
                close()


def public_texts(hub: Any, version: str) -> dict[int, str]:
    """A revision's public texts by public id."""
    table = hub.read_table("public", version, "texts")
    return dict(zip(table.column("id").to_pylist(), table.column("text").to_pylist(), strict=True))


def arena_from_settings(
    specs: Sequence[str], hub: Any, version: str | None, *, timeout: float
) -> Arena:
    """Build the configured pipelines (`[NAME=]baseline|URL|config file`) over a revision's texts."""
    if not specs:
        return Arena({}, timeout=timeout)
    needs_texts = any("://" not in s for s in specs)
    texts = public_texts(hub, version) if needs_texts and version else None
    registry = build_registry(list(specs), texts, timeout=timeout)
    return Arena(registry.pipelines, timeout=timeout)
