"""`PollingLoop`: a daemon thread that runs `run_once` until stopped, waiting `poll_seconds`
(or until woken) after a step that found nothing to do. The evaluation worker and the results
publisher are both such loops."""

from __future__ import annotations

import logging
import threading

__all__ = ["PollingLoop"]

log = logging.getLogger(__name__)


class PollingLoop:
    """Subclasses set `thread_name` and `poll_seconds` and define `run_once() -> bool`."""

    thread_name = "dragon-loop"
    poll_seconds = 1.0

    def __init__(self) -> None:
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def run_once(self) -> bool:
        raise NotImplementedError

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._loop, name=self.thread_name, daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 30.0) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def wake(self) -> None:
        self._wake.set()

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                worked = self.run_once()
            except Exception:  # keep serving; a claimed row's lease expires and it is retried
                log.exception("%s step failed", self.thread_name)
                worked = False
            if not worked:
                self._wake.wait(self.poll_seconds)
                self._wake.clear()
