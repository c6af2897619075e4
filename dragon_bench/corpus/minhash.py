"""Vectorised MinHash signatures over word n-gram shingles (Broder, 1997), batch by batch in numpy.

Signatures are bit-identical to datasketch's `MinHash(num_perm, seed, scheme="affine32")` fed
with the same shingles and `hashfunc=shingle_hash` (the tests check this): the 32-bit shingle
hash is pre-mixed with the MurmurHash3 finalizer and permuted by `a * h + b mod 2**32`.
Words and shingles are hashed by polynomials computed with prefix sums over a whole batch of
texts, so there is no Python call per word or per shingle.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

__all__ = [
    "EMPTY",
    "tokens",
    "shingles",
    "word_hash",
    "shingle_hash",
    "shingle_hashes",
    "permutations",
    "signatures",
]

_WORD = re.compile(r"\w+")
_MASK64 = (1 << 64) - 1
_CHAR_MUL = 0x100000001B3  # odd, so it has an inverse modulo 2**64
_CHAR_INV = pow(_CHAR_MUL, -1, 1 << 64)
_WORD_MUL = 0x9E3779B97F4A7C15  # odd: Horner steps over word hashes stay well mixed
EMPTY = np.uint32(0xFFFFFFFF)  # datasketch's value for a MinHash that saw nothing
_BATCH_CHARS = 1 << 18  # about 40k shingles a batch: a 20 MB (shingles x 128) block


def tokens(text: str) -> list[str]:
    """Lower-cased word tokens (runs of letters, digits and _); punctuation and spacing ignored."""
    return _WORD.findall(text.lower())


def shingles(text: str, ngram: int = 9) -> list[str]:
    """Word n-grams joined by one space; a text shorter than n words is one shingle."""
    words = tokens(text)
    if not words:
        return []
    if len(words) < ngram:
        return [" ".join(words)]
    return [" ".join(words[i : i + ngram]) for i in range(len(words) - ngram + 1)]


def _fmix64(h: int) -> int:
    h ^= h >> 33
    h = (h * 0xFF51AFD7ED558CCD) & _MASK64
    h ^= h >> 33
    h = (h * 0xC4CEB9FE1A85EC53) & _MASK64
    return h ^ (h >> 33)


_WORD_CACHE: dict[str, int] = {}


def word_hash(word: str) -> int:
    """64-bit hash of a word: a polynomial of its code points, finalised by MurmurHash3's fmix64."""
    value = _WORD_CACHE.get(word)
    if value is None:
        acc = 0
        for ch in word:
            acc = (acc * _CHAR_MUL + ord(ch)) & _MASK64
        value = _fmix64(acc)
        if len(_WORD_CACHE) < 1_000_000:  # bounded: the scalar path serves tests and baselines
            _WORD_CACHE[word] = value
    return value


def shingle_hash(shingle: str | bytes) -> int:
    """32-bit hash of one shingle string: the scalar twin of the vectorised `signatures`."""
    if isinstance(shingle, bytes):
        shingle = shingle.decode("utf-8")
    acc = 0
    for word in shingle.split(" "):
        acc = (acc * _WORD_MUL + word_hash(word)) & _MASK64
    return acc >> 32


class _Tables:
    """Lazily built lookup tables: which BMP code points are word characters, and powers."""

    word_char: np.ndarray | None = None
    pow_mul = np.ones(1, dtype=np.uint64)
    pow_inv = np.ones(1, dtype=np.uint64)

    @classmethod
    def is_word(cls, codes: np.ndarray) -> np.ndarray:
        if cls.word_char is None:
            table = np.zeros(0x10000, dtype=bool)
            for c in range(0x10000):
                if not 0xD800 <= c < 0xE000 and _WORD.match(chr(c)):
                    table[c] = True
            cls.word_char = table
        result: np.ndarray = cls.word_char[np.minimum(codes, 0xFFFF)]
        high = codes > 0xFFFF
        if high.any():
            for c in np.unique(codes[high]).tolist():
                result[codes == c] = _WORD.match(chr(c)) is not None
        return result

    @classmethod
    def powers(cls, n: int) -> tuple[np.ndarray, np.ndarray]:
        if len(cls.pow_mul) < n:
            size = max(n, 2 * len(cls.pow_mul))
            with np.errstate(over="ignore"):
                mul = np.full(size, _CHAR_MUL, dtype=np.uint64)
                mul[0] = 1
                inv = np.full(size, _CHAR_INV, dtype=np.uint64)
                inv[0] = 1
                cls.pow_mul = np.cumprod(mul, dtype=np.uint64)
                cls.pow_inv = np.cumprod(inv, dtype=np.uint64)
        return cls.pow_mul[:n], cls.pow_inv[:n]


def _fmix64_array(h: np.ndarray) -> np.ndarray:
    h = h ^ (h >> np.uint64(33))
    h = h * np.uint64(0xFF51AFD7ED558CCD)
    h = h ^ (h >> np.uint64(33))
    h = h * np.uint64(0xC4CEB9FE1A85EC53)
    return h ^ (h >> np.uint64(33))


def _batch_shingle_hashes(texts: Sequence[str], ngram: int) -> tuple[np.ndarray, np.ndarray]:
    """Shingle hashes of several texts at once and the owning text of each (sorted by text).

    Word hashes come from prefix sums: with S[j] = sum_{i<j} c_i * inv**i (mod 2**64), the
    polynomial hash of the word [s, e) is mul**(e-1) * (S[e] - S[s]).
    """
    lowered = [t.lower() for t in texts]
    big = "\n".join(lowered)  # a non-word separator: no word spans two texts
    codes = np.frombuffer(big.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    n = len(codes)
    empty = np.empty(0, dtype=np.uint32), np.empty(0, dtype=np.int64)
    if n == 0:
        return empty
    flags = _Tables.is_word(codes).astype(np.int8)
    edges = np.diff(flags, prepend=np.int8(0), append=np.int8(0))
    starts = np.flatnonzero(edges == 1)
    ends = np.flatnonzero(edges == -1)
    if not len(starts):
        return empty
    pow_mul, pow_inv = _Tables.powers(n)
    with np.errstate(over="ignore"):
        prefix = np.zeros(n + 1, dtype=np.uint64)
        np.cumsum(codes.astype(np.uint64) * pow_inv, dtype=np.uint64, out=prefix[1:])
        words = _fmix64_array(pow_mul[ends - 1] * (prefix[ends] - prefix[starts]))
    text_starts = np.cumsum([0] + [len(t) + 1 for t in lowered[:-1]])
    owner = np.searchsorted(text_starts, starts, side="right") - 1
    counts = np.bincount(owner, minlength=len(texts))
    hashes: list[np.ndarray] = []
    owners: list[np.ndarray] = []
    m = len(words) - ngram + 1
    if m > 0:
        acc = np.zeros(m, dtype=np.uint64)
        with np.errstate(over="ignore"):
            for k in range(ngram):
                acc *= np.uint64(_WORD_MUL)
                acc += words[k : k + m]
        inside = owner[:m] == owner[ngram - 1 :]
        hashes.append((acc[inside] >> np.uint64(32)).astype(np.uint32))
        owners.append(owner[:m][inside])
    # Texts with fewer words than n make one shingle of all their words (rare: done in Python).
    short = np.flatnonzero((counts > 0) & (counts < ngram))
    if len(short):
        first = np.searchsorted(owner, short)
        word_list = words.tolist()
        extra = []
        for doc, f in zip(short.tolist(), first.tolist(), strict=True):
            acc_int = 0
            for w in word_list[f : f + int(counts[doc])]:
                acc_int = (acc_int * _WORD_MUL + w) & _MASK64
            extra.append(acc_int >> 32)
        hashes.append(np.array(extra, dtype=np.uint32))
        owners.append(short)
    h = np.concatenate(hashes)
    o = np.concatenate(owners)
    order = np.argsort(o, kind="stable")
    return h[order], o[order]


def shingle_hashes(text: str, ngram: int = 9) -> np.ndarray:
    """32-bit hashes of the word n-gram shingles of `text`, in text order (with repeats)."""
    return _batch_shingle_hashes([text], ngram)[0]


def permutations(num_perm: int = 128, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """The (a, b) of datasketch's affine32 scheme: odd `a`, any `b`, drawn from RandomState(seed)."""
    gen = np.random.RandomState(seed)
    a = gen.randint(0, 1 << 31, num_perm, dtype=np.uint32) * np.uint32(2) + np.uint32(1)
    b = gen.randint(0, 1 << 32, num_perm, dtype=np.uint32)
    return a, b


def _fmix32(h: np.ndarray) -> np.ndarray:
    h = h ^ (h >> np.uint32(16))
    h = h * np.uint32(0x85EBCA6B)
    h = h ^ (h >> np.uint32(13))
    h = h * np.uint32(0xC2B2AE35)
    return h ^ (h >> np.uint32(16))


def _signature_batch(texts: Sequence[str], a: np.ndarray, b: np.ndarray, ngram: int) -> np.ndarray:
    out = np.full((len(texts), len(a)), EMPTY, dtype=np.uint32)
    hashes, owner = _batch_shingle_hashes(texts, ngram)
    if not len(hashes):
        return out
    rows, starts = np.unique(owner, return_index=True)
    with np.errstate(over="ignore"):
        # (permutations x shingles): reducing along contiguous rows is ~15x faster than columns.
        block = np.multiply.outer(a, _fmix32(hashes))
        block += b[:, None]
    out[rows] = np.minimum.reduceat(block, starts, axis=1).T
    return out


def signatures(
    texts: Sequence[str], *, num_perm: int = 128, ngram: int = 9, seed: int = 1
) -> np.ndarray:
    """A (len(texts), num_perm) uint32 matrix of MinHash values; a text with no words gets EMPTY."""
    if ngram < 1:
        raise ValueError(f"ngram must be at least 1, got {ngram}")
    a, b = permutations(num_perm, seed)
    parts: list[np.ndarray] = []
    batch: list[str] = []
    size = 0
    for text in texts:
        batch.append(text)
        size += len(text)
        if size >= _BATCH_CHARS:
            parts.append(_signature_batch(batch, a, b, ngram))
            batch, size = [], 0
    if batch or not parts:
        parts.append(_signature_batch(batch, a, b, ngram))
    return np.concatenate(parts)
