"""What LLM work cost, per pipeline stage: calls, tokens, cache hits, retries and wall time."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from typing import Any

__all__ = [
    "StageEstimate",
    "StageUsage",
    "Usage",
    "estimate_tokens",
    "message_tokens",
    "timed",
]


def estimate_tokens(text: str) -> int:
    """A tokenizer-free token count: one token per 3 characters (Russian text in the BPE
    vocabularies of Llama-3 and Qwen2.5 runs at about 2.5-3.5 characters a token)."""
    return -(-len(text) // 3) if text else 0


def message_tokens(messages: Any) -> int:
    """`estimate_tokens` summed over the contents of chat messages."""
    return sum(estimate_tokens(str(m.get("content", ""))) for m in messages if isinstance(m, dict))


@dataclass
class StageEstimate:
    """What a stage would cost before it runs (`dragon build --dry-run`): calls and tokens."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0

    def __add__(self, other: StageEstimate) -> StageEstimate:
        return StageEstimate(
            self.calls + other.calls,
            self.prompt_tokens + other.prompt_tokens,
            self.completion_tokens + other.completion_tokens,
        )

    def as_dict(self) -> dict[str, int]:
        return asdict(self)


@dataclass
class StageUsage:
    """Counters of one stage. `calls` are HTTP requests answered by the server (retries
    included), `cache_hits` replies read from the disk cache instead, `fixes` requests that
    asked the model to correct an unusable reply, `failures` calls that failed for good (the
    server, or a reply still unusable after the fix requests), `dropped` items of usable
    replies the stage could not use (kg: triplets malformed or not found in the text);
    tokens are the server's `usage` figures."""

    calls: int = 0
    cache_hits: int = 0
    retries: int = 0
    fixes: int = 0
    failures: int = 0
    dropped: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    wall_s: float = 0.0


class Usage:
    """Thread-safe per-stage counters shared by an `LLMClient` and its `stage()` views."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._stages: dict[str, StageUsage] = {}

    def add(self, stage: str, **deltas: float) -> None:
        with self._lock:
            row = self._stages.setdefault(stage, StageUsage())
            for name, value in deltas.items():
                setattr(row, name, getattr(row, name) + value)

    @contextmanager
    def timed(self, stage: str) -> Iterator[None]:
        """Add the wall time of the block to `stage` (a stage that runs its calls concurrently
        costs its wall time, not the sum of its calls)."""
        start = time.perf_counter()
        try:
            yield
        finally:
            self.add(stage, wall_s=time.perf_counter() - start)

    def stage(self, stage: str) -> StageUsage:
        with self._lock:
            return StageUsage(**asdict(self._stages.get(stage, StageUsage())))

    def as_dict(self) -> dict[str, dict[str, Any]]:
        """`{stage: {calls, cache_hits, ..., wall_s}}`, stages in the order they first ran."""
        with self._lock:
            out = {name: asdict(row) for name, row in self._stages.items()}
        for row in out.values():
            row["wall_s"] = round(row["wall_s"], 3)
        return out


@contextmanager
def timed(client: Any, stage: str) -> Iterator[None]:
    """`client.usage.timed(stage)` for a client with a usage table; nothing for others (None,
    or a stand-in without one)."""
    usage = getattr(client, "usage", None)
    if usage is None:
        yield
        return
    with usage.timed(stage):
        yield
