"""API tokens: random secrets handed out once, stored only as their SHA-256."""

from __future__ import annotations

import hashlib
import secrets

from sqlalchemy import select
from sqlalchemy.orm import Session

from dragon_bench.errors import BadInputError
from dragon_bench.portal.models import ROLES, Token, utcnow

__all__ = ["hash_token", "create_token", "revoke_token", "find_token", "list_tokens"]

_PREFIX = "drg_"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def create_token(session: Session, *, role: str, name: str) -> tuple[Token, str]:
    """Store a new token and return its row and the secret (which is never stored)."""
    if role not in ROLES:
        raise BadInputError(f"role {role!r} is not one of {', '.join(ROLES)}")
    if not name.strip():
        raise BadInputError("token name must not be empty")
    secret = _PREFIX + secrets.token_urlsafe(32)
    row = Token(name=name.strip(), role=role, token_hash=hash_token(secret))
    session.add(row)
    session.flush()
    return row, secret


def find_token(session: Session, secret: str) -> Token | None:
    """The live (not revoked) token with this secret, or None."""
    if not secret:
        return None
    row = session.scalar(select(Token).where(Token.token_hash == hash_token(secret)))
    if row is None or row.revoked_at is not None:
        return None
    return row


def revoke_token(session: Session, token_id: int) -> Token:
    row = session.get(Token, token_id)
    if row is None:
        raise BadInputError(f"no token with id {token_id}")
    if row.revoked_at is None:
        row.revoked_at = utcnow()
    return row


def list_tokens(session: Session) -> list[Token]:
    return list(session.scalars(select(Token).order_by(Token.id)))
