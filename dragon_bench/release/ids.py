"""Public text ids: a keyed random permutation that reveals nothing about internal ids or order."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence

__all__ = ["new_key", "public_ids"]


def new_key() -> str:
    """A fresh random 128-bit key (hex) for `public_ids`; it lives in the private manifest."""
    return secrets.token_hex(16)


def public_ids(internal_ids: Sequence[str], key: str) -> dict[str, int]:
    """Map each internal id to 0..n-1 in the order of HMAC-SHA256(key, id): without the key the
    mapping is a uniformly random permutation, independent of input order and of the ids."""
    if len(set(internal_ids)) != len(internal_ids):
        raise ValueError("internal ids must be unique")
    secret = key.encode("utf-8")
    ranked = sorted(
        internal_ids,
        key=lambda i: hmac.new(secret, i.encode("utf-8"), hashlib.sha256).digest(),
    )
    return {internal: n for n, internal in enumerate(ranked)}
