"""Seat tokens: made once, shown once, stored only as sha256, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    """A fresh secret seat token."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """What the database keeps of a token: its sha256, hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    """Whether `token` is the one whose hash is stored (constant time; False if none is)."""
    if stored_hash is None:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)
