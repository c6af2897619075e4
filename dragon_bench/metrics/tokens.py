"""Razdel word tokens, as `razdel.tokenize` gives them, computed faster.

razdel splits text into atoms (letter runs, digit runs, single marks) and then decides, for
each pair of atoms with no space between them, whether to join them. Most pairs are decided
by no rule at all; this module settles those at once and asks razdel's own rules about the
rest, so the tokens are razdel's tokens (a property test checks that on random text).
"""

from __future__ import annotations

import re

from razdel import tokenize as _razdel_tokenize
from razdel.segmenters.punct import DASHES, ENDINGS
from razdel.segmenters.tokenize import ATOM, INT, LAT, OTHER, PUNCT, RU, Atom, TokenSplit
from razdel.segmenters.tokenize import tokenize as _segmenter

__all__ = ["razdel_tokens", "razdel_tokens_reference"]

# razdel's atom pattern, with the white space before each atom captured: an empty capture
# means the atom touches the previous one, the only case where razdel may join them.
_ATOM_WS = re.compile(r"(\s*)(?:" + ATOM.pattern + ")", ATOM.flags)
_TYPES = (RU, LAT, INT, PUNCT, OTHER)
# Atoms around which some razdel rule may join (dash, underscore, fraction, "yahoo!").
_JOINERS = frozenset(DASHES + "_/\\!")
_FLOAT_MARKS = frozenset(".,")
_SMILE_LEFT = frozenset("=:;)(")  # a smile ([=:;]-?[)(]{1,3}) grows only after these
_SMILE_RIGHT = frozenset(")(")
_WINDOW = 3  # razdel's TokenSplitter window


def razdel_tokens_reference(text: str) -> list[str]:
    """Tokens straight from `razdel.tokenize` (the slow reference)."""
    return [t.text for t in _razdel_tokenize(text)]


def _may_join(lt: str, ltype: str, rt: str, rtype: str) -> bool:
    """False when no razdel token rule can fire for adjacent atoms `lt`, `rt`."""
    if ltype == OTHER or rtype == OTHER:
        return True
    if ltype == PUNCT and rtype == PUNCT:
        # razdel's `punct` rule: "?!", "...", "**", "--" and smiles such as ":-)" or ";((".
        return (
            (lt in ENDINGS and rt in ENDINGS)
            or lt + rt == "**"
            or (lt in _SMILE_LEFT and rt in _SMILE_RIGHT)
            or lt in _JOINERS
            or rt in _JOINERS
        )
    if lt in _JOINERS or rt in _JOINERS:
        return True
    return (lt in _FLOAT_MARKS and rtype == INT) or (rt in _FLOAT_MARKS and ltype == INT)


def _atom(part: tuple[str, ...]) -> tuple[str, str]:
    for kind, value in zip(_TYPES, part[1:], strict=True):
        if value:
            return value, kind
    raise AssertionError("unreachable: every match has one group")


def _cached(parts: list[tuple[str, ...]], j: int, cache: dict[int, Atom]) -> Atom:
    atom = cache.get(j)
    if atom is None:
        text, kind = _atom(parts[j])
        atom = cache[j] = Atom(0, 0, kind, text)  # rules read only type, text and normal
    return atom


def razdel_tokens(text: str) -> list[str]:
    """The texts of `razdel.tokenize(text)`, in order."""
    parts = _ATOM_WS.findall(text)
    if not parts:
        return []
    out: list[str] = []
    ru, lat, num, punct, _ = parts[0][1:]
    buffer = prev = ru or lat or num or punct or parts[0][5]
    prev_type = _atom(parts[0])[1] if not ru else RU
    cache: dict[int, Atom] = {}
    for i in range(1, len(parts)):
        part = parts[i]
        space, ru, lat, num, punct, other = part
        if ru:
            cur, cur_type = ru, RU
        elif lat:
            cur, cur_type = lat, LAT
        elif num:
            cur, cur_type = num, INT
        elif punct:
            cur, cur_type = punct, PUNCT
        else:
            cur, cur_type = other, OTHER
        if not space and _may_join(prev, prev_type, cur, cur_type):
            left = [_cached(parts, j, cache) for j in range(max(0, i - _WINDOW), i)]
            right = [_cached(parts, j, cache) for j in range(i, min(len(parts), i + _WINDOW))]
            split = TokenSplit(left, "", right)
            split.buffer = buffer
            if _segmenter.join(split):
                buffer += cur
                prev, prev_type = cur, cur_type
                continue
        out.append(buffer)
        buffer = cur
        prev, prev_type = cur, cur_type
    out.append(buffer)
    return out
