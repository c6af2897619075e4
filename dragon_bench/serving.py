"""Serving an ASGI app under uvicorn in a background thread on a free local port (demos, tests,
benchmarks): the one runner behind the portal and the RAG service."""

from __future__ import annotations

import socket
import threading
import time
from typing import Any, Self

__all__ = ["AppServer", "free_port"]


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port on `host` that was free a moment ago."""
    with socket.socket() as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


class AppServer:
    """`with AppServer(app) as server: server.url` serves an ASGI app under uvicorn in a thread."""

    label = "the app"
    thread_name = "dragon-app"

    def __init__(
        self,
        app: Any,
        *,
        host: str = "127.0.0.1",
        port: int | None = None,
        log_level: str = "warning",
    ) -> None:
        import uvicorn

        self.app = app
        self.host = host
        self.port = port or free_port(host)
        config = uvicorn.Config(
            app, host=host, port=self.port, log_level=log_level, access_log=False
        )
        self._server = uvicorn.Server(config)
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def start(self, timeout: float = 30.0) -> Self:
        """Run the server in a daemon thread and return once it accepts connections."""
        self._thread = threading.Thread(target=self._server.run, name=self.thread_name, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"{self.label} did not start on {self.url}")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        """Ask the server to exit and wait for its thread."""
        self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(30)
            self._thread = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
