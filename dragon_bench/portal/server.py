"""Running the portal under uvicorn in a background thread: for the demo, tests and benchmarks."""

from __future__ import annotations

import socket
import threading
import time

from dragon_bench.portal.evaluation import Evaluator
from dragon_bench.portal.settings import PortalSettings

__all__ = ["PortalServer", "free_port"]


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


class PortalServer:
    """`with PortalServer(settings) as server: server.url` serves the portal on a free local port."""

    def __init__(
        self,
        settings: PortalSettings,
        *,
        host: str = "127.0.0.1",
        port: int | None = None,
        evaluator: Evaluator | None = None,
        log_level: str = "warning",
    ) -> None:
        import uvicorn

        from dragon_bench.portal.app import create_app

        self.app = create_app(settings, evaluator=evaluator)
        self.host = host
        self.port = port or free_port(host)
        config = uvicorn.Config(
            self.app, host=host, port=self.port, log_level=log_level, access_log=False
        )
        self._server = uvicorn.Server(config)
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def portal(self):  # type: ignore[no-untyped-def]
        return self.app.state.portal

    def start(self, timeout: float = 30.0) -> PortalServer:
        self._thread = threading.Thread(target=self._server.run, name="dragon-portal", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"portal did not start on {self.url}")
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(30)
            self._thread = None

    def __enter__(self) -> PortalServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
