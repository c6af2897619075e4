"""Request budgets (per token, per client address): a sliding one-minute window kept in memory."""

from __future__ import annotations

import threading
import time
from collections import defaultdict, deque

__all__ = ["RateLimiter"]


class RateLimiter:
    """Allow at most `per_minute` calls per key in any 60-second window (0 disables)."""

    def __init__(self, per_minute: int, window: float = 60.0) -> None:
        self.per_minute = per_minute
        self.window = window
        self._hits: dict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def _current(self, key: str, now: float) -> deque[float]:
        hits = self._hits[key]
        while hits and hits[0] <= now - self.window:
            hits.popleft()
        return hits

    def allow(self, key: str) -> tuple[bool, float]:
        """Record a call; return (allowed, seconds until the next call would be allowed)."""
        if self.per_minute <= 0:
            return True, 0.0
        now = time.monotonic()
        with self._lock:
            hits = self._current(key, now)
            if len(hits) >= self.per_minute:
                return False, max(0.0, hits[0] + self.window - now)
            hits.append(now)
            return True, 0.0

    def wait(self, key: str) -> float:
        """Seconds until `key` is below its budget again (0 when it is now); records nothing."""
        if self.per_minute <= 0:
            return 0.0
        now = time.monotonic()
        with self._lock:
            hits = self._current(key, now)
            if not hits:
                self._hits.pop(key, None)  # addresses that stop failing are forgotten
                return 0.0
            return max(0.0, hits[0] + self.window - now) if len(hits) >= self.per_minute else 0.0

    def record(self, key: str) -> None:
        """Count one event (a failed authentication) against `key`."""
        if self.per_minute > 0:
            with self._lock:
                self._current(key, time.monotonic()).append(time.monotonic())
