"""FastAPI dependencies as `Annotated` aliases: the portal, and the caller with its role."""

from __future__ import annotations

import math
from typing import Annotated
from urllib.parse import urlsplit

from fastapi import Depends, HTTPException, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from dragon_bench.portal.auth import COOKIE, Caller, lookup_cookie, lookup_secret
from dragon_bench.portal.portal import Portal

__all__ = [
    "get_portal",
    "PortalDep",
    "OptionalCaller",
    "CurrentCaller",
    "AdminCaller",
    "optional_caller",
    "authorize",
    "authenticate",
    "check_rate",
    "client_address",
]

_bearer = HTTPBearer(auto_error=False, description="An API token from `dragon admin create-token`.")


def get_portal(request: Request) -> Portal:
    portal: Portal = request.app.state.portal
    return portal


PortalDep = Annotated[Portal, Depends(get_portal)]


def check_rate(portal: Portal, caller: Caller) -> None:
    """Raise 429 when a non-admin token exceeds its per-minute budget."""
    if caller.is_admin:
        return
    ok, wait = portal.limiter.allow(str(caller.id))
    if not ok:
        raise HTTPException(
            429,
            f"rate limit of {portal.settings.rate_limit_per_minute} requests a minute "
            f"exceeded for this token; retry in {wait:.0f} s",
            headers={"Retry-After": str(max(1, round(wait)))},
        )


def client_address(request: Request) -> str:
    """The caller's address as the server sees it (behind a proxy: run uvicorn with
    --forwarded-allow-ips so this is the client's, not the proxy's)."""
    return request.client.host if request.client else "unknown"


def authenticate(portal: Portal, secret: str, address: str) -> Caller | None:
    """The live token with this secret, or None; a failure counts against `address`, and an
    address past `auth_failures_per_minute` failures is refused (429) before any lookup."""
    limiter = portal.auth_failures
    wait = limiter.wait(address)
    if wait > 0:
        raise HTTPException(
            429,
            f"too many failed authentications from this address "
            f"({portal.settings.auth_failures_per_minute} a minute); retry in {wait:.0f} s",
            headers={"Retry-After": str(max(1, math.ceil(wait)))},
        )
    caller = lookup_secret(portal.db, secret)
    if caller is None:
        limiter.record(address)
    return caller


def authorize(portal: Portal, secret: str | None, address: str) -> Caller:
    """Resolve a protocol `token` field; 401 when it is missing or not a live token."""
    if not secret:
        raise HTTPException(401, "missing token")
    caller = authenticate(portal, secret, address)
    if caller is None:
        raise HTTPException(401, "unknown or revoked token")
    check_rate(portal, caller)
    return caller


def _same_origin(request: Request) -> bool:
    origin = request.headers.get("origin")
    if not origin or origin == "null":
        return origin is None
    return urlsplit(origin).netloc == request.headers.get("host", "")


def optional_caller(
    request: Request,
    portal: PortalDep,
    creds: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> Caller | None:
    if creds is not None:
        caller = authenticate(portal, creds.credentials, client_address(request))
        if caller is None:
            raise HTTPException(401, "unknown or revoked token")
    else:
        caller = lookup_cookie(portal.db, portal.settings.secret_key, request.cookies.get(COOKIE))
        # The cookie is SameSite=Strict; refusing foreign origins as well guards older browsers.
        unsafe = request.method not in ("GET", "HEAD", "OPTIONS")
        if caller is not None and unsafe and not _same_origin(request):
            raise HTTPException(403, "cross-origin request refused")
    if caller is not None:
        check_rate(portal, caller)
    return caller


def current_caller(caller: Annotated[Caller | None, Depends(optional_caller)]) -> Caller:
    if caller is None:
        raise HTTPException(
            401,
            "missing token: send 'Authorization: Bearer <token>'",
            {"WWW-Authenticate": "Bearer"},
        )
    return caller


def admin_caller(caller: Annotated[Caller, Depends(current_caller)]) -> Caller:
    if not caller.is_admin:
        raise HTTPException(403, "this action needs an admin token")
    return caller


OptionalCaller = Annotated[Caller | None, Depends(optional_caller)]
CurrentCaller = Annotated[Caller, Depends(current_caller)]
AdminCaller = Annotated[Caller, Depends(admin_caller)]
