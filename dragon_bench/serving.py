"""Serving ASGI apps under uvicorn: `listen` + `run_app` behind the serve commands, and
`AppServer` (a background thread on a free local port) for demos, tests and benchmarks."""

from __future__ import annotations

import errno
import socket
import threading
import time
from typing import Any, Self

from dragon_bench.errors import BadInputError, DragonError, require_extra
from dragon_bench.output import stderr

__all__ = ["AppServer", "free_port", "listen", "request_problems", "run_app"]


def request_problems(exc: Any, limit: int = 5) -> list[str]:
    """The first `limit` problems of a FastAPI RequestValidationError, one `field: message` line
    each (the body's own name left out), as the portal and the RAG service both answer them."""
    problems = []
    for err in exc.errors()[:limit]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
        problems.append(f"{where or 'body'}: {err.get('msg', 'invalid')}")
    return problems


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port on `host` that was free a moment ago."""
    with socket.socket() as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to `host:port`, or a one-line error when the port is taken (checked before
    a command announces or prepares anything, and held so nobody takes the port meanwhile)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    # As uvicorn does: a port left in TIME_WAIT by a previous run is free to reuse.
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise DragonError(f"port {port} on {host} is in use (give --port)") from None
        reason = exc.strerror or str(exc)
        raise BadInputError(f"cannot listen on {host}:{port}: {reason} (check --host)") from None
    sock.set_inheritable(True)
    return sock


def run_app(
    app: Any, sock: socket.socket, *, banner: str | None = None, log_level: str = "warning"
) -> None:
    """Serve `app` under uvicorn on the socket from `listen` until interrupted; `banner` goes to
    stderr once the port is ours. A startup failure (the app's own) is exit 1, not uvicorn's 3."""
    uvicorn = require_extra("uvicorn", "portal")
    host, port = sock.getsockname()[:2]
    config = uvicorn.Config(app, host=host, port=port, log_level=log_level)
    server = uvicorn.Server(config)
    if banner:
        stderr.print(banner, highlight=False, markup=False)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    if not server.started:
        raise DragonError(f"the server on {host}:{port} did not start (see the log above)")


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
        uvicorn = require_extra("uvicorn", "portal")
        self.app = app
        self.host = host
        self.port = port or free_port(host)
        # log_config=None: a server inside another program (a test, the demo) leaves that
        # program's logging alone; uvicorn's dictConfig would close every existing handler,
        # absl's (imported by rouge-score) closing the stream it holds with it.
        config = uvicorn.Config(
            app, host=host, port=self.port, log_level=log_level, access_log=False, log_config=None
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
