"""Razdel word tokens, as `razdel.tokenize` gives them, computed faster.

razdel splits text into atoms (letter runs, digit runs, single marks) and then decides, for
each pair of atoms with no space between them, whether to join them. Most pairs are decided
by no rule at all; this module settles those at once and asks razdel's own rules about the
rest, so the tokens are razdel's tokens (a property test checks that on random text).

White space always separates razdel tokens, so a text's tokens are those of its
white-space-separated chunks, and most chunks' tokens depend on the chunk alone: they are
kept in a cache, and a text of known chunks is tokenised by one look-up per chunk. The one
exception is a chunk whose first or last mark may join past the white space beside it
(razdel's dash, underscore, float and fraction rules read the atom two places away: "а -то",
"1 .5", "2024. 15"); such a chunk is tokenised with its neighbours every time.
"""

from __future__ import annotations

import re
from itertools import chain

from razdel import tokenize as _razdel_tokenize
from razdel.segmenters.punct import DASHES, ENDINGS
from razdel.segmenters.tokenize import ATOM, INT, LAT, OTHER, PUNCT, RU, Atom, TokenSplit
from razdel.segmenters.tokenize import tokenize as _segmenter

__all__ = ["razdel_tokens", "razdel_tokens_reference", "razdel_tokens_uncached"]

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
# A chunk's edge mark that razdel may join with the atom past the white space: dashes and
# underscores whatever is beside them, float and fraction marks next to a digit.
_EDGE_JOINERS = frozenset(DASHES + "_")
_EDGE_NUMERIC = frozenset(".,/\\")
_CHUNKS: dict[str, tuple[str, ...]] = {}  # chunk -> its tokens, for chunks that need no context
_CHUNKS_MAX = 300_000


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


def _needs_context(chunk: str) -> bool:
    """Whether razdel's tokens of `chunk` may depend on the chunks around it."""
    if len(chunk) < 2:
        return False
    first, last = chunk[0], chunk[-1]
    return (
        first in _EDGE_JOINERS
        or last in _EDGE_JOINERS
        or (first in _EDGE_NUMERIC and chunk[1].isdecimal())
        or (last in _EDGE_NUMERIC and chunk[-2].isdecimal())
    )


def razdel_tokens(text: str) -> list[str]:
    """The texts of `razdel.tokenize(text)`, in order."""
    chunks = text.split()
    cache = _CHUNKS
    found = list(map(cache.get, chunks))
    if None in found:
        if len(cache) > _CHUNKS_MAX:
            cache.clear()
        for i, chunk in enumerate(chunks):
            if found[i] is not None:
                continue
            if _needs_context(chunk):
                found[i] = _in_context(chunks, i)
            else:
                hit = cache.get(chunk)
                if hit is None:
                    hit = cache[chunk] = tuple(razdel_tokens_uncached(chunk))
                found[i] = hit
    return list(chain.from_iterable(found))  # type: ignore[arg-type]


def _in_context(chunks: list[str], i: int) -> tuple[str, ...]:
    """The tokens of chunk `i` tokenised between its neighbours (the tokens of which are dropped)."""
    before = chunks[i - 1] if i else ""
    after = chunks[i + 1] if i + 1 < len(chunks) else ""
    tokens = razdel_tokens_uncached(f"{before} {chunks[i]} {after}")
    skip = 0
    width = 0
    while width < len(before):
        width += len(tokens[skip])
        skip += 1
    kept = []
    width = 0
    for token in tokens[skip:]:
        if width == len(chunks[i]):
            break
        kept.append(token)
        width += len(token)
    return tuple(kept)


def razdel_tokens_uncached(text: str) -> list[str]:
    """`razdel_tokens` computed atom by atom, without the chunk cache."""
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
