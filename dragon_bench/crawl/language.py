"""Language check by script: the share of Cyrillic among the letters of a text."""

from __future__ import annotations

__all__ = ["cyrillic_share", "guess_language"]


def cyrillic_share(text: str) -> float:
    """Share of Cyrillic letters among all letters (0.0 for a text without letters)."""
    letters = cyrillic = 0
    for ch in text:
        if ch.isalpha():
            letters += 1
            if "\u0400" <= ch <= "\u04ff":
                cyrillic += 1
    return cyrillic / letters if letters else 0.0


def guess_language(text: str, *, threshold: float = 0.5) -> str:
    """`ru` when at least `threshold` of the letters are Cyrillic, else `und` (undetermined)."""
    return "ru" if cyrillic_share(text) >= threshold else "und"
