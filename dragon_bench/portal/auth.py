"""Who is calling: bearer header, protocol `token` field or the pages' signed session cookie."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from sqlalchemy import select

from dragon_bench.portal.db import Database
from dragon_bench.portal.models import Token
from dragon_bench.portal.tokens import hash_token

__all__ = ["Caller", "COOKIE", "lookup_secret", "lookup_cookie", "make_cookie"]

COOKIE = "dragon_session"


@dataclass(frozen=True)
class Caller:
    """An authenticated token: id, name and role."""

    id: int
    name: str
    role: str

    @property
    def is_admin(self) -> bool:
        return self.role == "admin"


def _caller(db: Database, token_hash: str) -> Caller | None:
    with db.read() as s:
        row = s.scalar(select(Token).where(Token.token_hash == token_hash))
        if row is None or row.revoked_at is not None:
            return None
        return Caller(row.id, row.name, row.role)


def lookup_secret(db: Database, secret: str | None) -> Caller | None:
    """The live token with this secret, or None."""
    if not secret:
        return None
    return _caller(db, hash_token(secret.strip()))


def _sign(key: str, token_hash: str) -> str:
    return hmac.new(key.encode(), token_hash.encode(), hashlib.sha256).hexdigest()


def make_cookie(key: str, secret: str) -> str:
    """A session cookie value naming the token by its hash, signed with the portal's secret key."""
    token_hash = hash_token(secret.strip())
    return f"{token_hash}.{_sign(key, token_hash)}"


def lookup_cookie(db: Database, key: str, value: str | None) -> Caller | None:
    if not value or "." not in value:
        return None
    token_hash, sig = value.split(".", 1)
    if not hmac.compare_digest(sig, _sign(key, token_hash)):
        return None
    return _caller(db, token_hash)
