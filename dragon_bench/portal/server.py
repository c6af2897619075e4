"""Running the portal under uvicorn in a background thread: for the demo, tests and benchmarks."""

from __future__ import annotations

from dragon_bench.portal.app import create_app
from dragon_bench.portal.evaluation import Evaluator
from dragon_bench.portal.settings import PortalSettings
from dragon_bench.serving import AppServer, free_port

__all__ = ["PortalServer", "free_port"]


class PortalServer(AppServer):
    """`with PortalServer(settings) as server: server.url` serves the portal on a free local port."""

    label = "portal"
    thread_name = "dragon-portal"

    def __init__(
        self,
        settings: PortalSettings,
        *,
        host: str = "127.0.0.1",
        port: int | None = None,
        evaluator: Evaluator | None = None,
        log_level: str = "warning",
    ) -> None:
        super().__init__(
            create_app(settings, evaluator=evaluator), host=host, port=port, log_level=log_level
        )

    @property
    def portal(self):  # type: ignore[no-untyped-def]
        return self.app.state.portal
