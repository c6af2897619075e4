"""A live portal for tests: `launch_portal(settings, evaluator=..., roles=...)` starts a real server on
127.0.0.1 with an HTTP client and one token per role, and stops them all at teardown."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    import httpx

    from dragon_bench.portal.server import PortalServer

__all__ = ["PortalLive", "issue_token", "launch_portal"]


def issue_token(server: PortalServer, role: str, name: str) -> str:
    """Create a token with `role` in the server's database and return its secret."""
    from dragon_bench.portal.tokens import create_token

    with server.portal.db.session() as s:
        _, secret = create_token(s, role=role, name=name)
    return secret


@dataclass
class PortalLive:
    """A running portal, an HTTP client on it and tokens by role."""

    server: PortalServer
    http: httpx.Client
    tokens: dict[str, str]

    @property
    def url(self) -> str:
        return self.server.url

    @property
    def portal(self) -> Any:
        return self.server.portal

    def token(self, role: str, name: str) -> str:
        return issue_token(self.server, role, name)

    def auth(self, role: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[role]}"}


Launch = Callable[..., "tuple[PortalServer, httpx.Client, dict[str, str]]"]


@pytest.fixture
def launch_portal() -> Iterator[Launch]:
    """Start portals (server, client, `{role: secret}` for `roles`); all stop at teardown."""
    import httpx

    from dragon_bench.portal.server import PortalServer

    started: list[tuple[PortalServer, httpx.Client]] = []

    def launch(
        settings: Any, *, evaluator: Any = None, roles: tuple[str, ...] = ()
    ) -> tuple[PortalServer, httpx.Client, dict[str, str]]:
        server = PortalServer(settings, evaluator=evaluator).start()
        http = httpx.Client(base_url=server.url, timeout=30)
        started.append((server, http))
        tokens = {role: issue_token(server, role, f"{role}-user") for role in roles}
        return server, http, tokens

    yield launch
    for server, http in started:
        http.close()
        server.stop()
