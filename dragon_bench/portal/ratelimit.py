"""Per-token request budget: a sliding one-minute window kept in memory."""

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

    def allow(self, key: str) -> tuple[bool, float]:
        """Record a call; return (allowed, seconds until the next call would be allowed)."""
        if self.per_minute <= 0:
            return True, 0.0
        now = time.monotonic()
        with self._lock:
            hits = self._hits[key]
            while hits and hits[0] <= now - self.window:
                hits.popleft()
            if len(hits) >= self.per_minute:
                return False, max(0.0, hits[0] + self.window - now)
            hits.append(now)
            return True, 0.0
