"""A reference and an answer as the answer metrics read them, each view computed once on first use.

The views (razdel tokens, ROUGE's prepared reference, normalised lemmas, chrF's reference
counts, the gold elements of a set question) are shared by every metric, so a text is
tokenised once whatever the number of metrics; a revision's references are kept on its Gold.
"""

from __future__ import annotations

from collections.abc import Sequence

from dragon_bench.metrics.chrf import ChrfReference, chrf_reference
from dragon_bench.metrics.lexical import PreparedText, prepare
from dragon_bench.metrics.normalize import normalize_tokens
from dragon_bench.metrics.tokens import razdel_tokens

__all__ = ["Answer", "Reference"]


class Answer:
    """A participant's answer: its text, razdel tokens and normalised tokens."""

    __slots__ = ("text", "_tokens", "_normal")

    def __init__(self, text: str) -> None:
        self.text = text
        self._tokens: list[str] | None = None
        self._normal: list[str] | None = None

    @property
    def tokens(self) -> list[str]:
        if self._tokens is None:
            self._tokens = razdel_tokens(self.text)
        return self._tokens

    @property
    def normal(self) -> list[str]:
        if self._normal is None:
            self._normal = normalize_tokens(self.tokens)
        return self._normal


class Reference(Answer):
    """A gold answer with its question type and set elements, and the views metrics prepare from it."""

    __slots__ = ("type", "answers", "_prepared", "_chrf", "_elements", "_folded", "_lower")

    def __init__(
        self,
        text: str,
        type: str = "",
        answers: Sequence[str] = (),
        tokens: list[str] | None = None,
    ) -> None:
        super().__init__(text)
        self.type = type
        self.answers = tuple(answers)
        self._tokens = tokens
        self._prepared: PreparedText | None = None
        self._chrf: ChrfReference | None = None
        self._elements: list[list[str]] | None = None
        self._folded: str | None = None
        self._lower: str | None = None

    @property
    def folded(self) -> str:
        """The text with white space folded (exact match compares it)."""
        if self._folded is None:
            self._folded = " ".join(self.text.split())
        return self._folded

    @property
    def lower(self) -> str:
        """The lower-cased text (substring match looks for it)."""
        if self._lower is None:
            self._lower = self.text.lower()
        return self._lower

    def give_tokens(self, tokens: list[str]) -> None:
        """Set the razdel tokens (known from the revision's cache) unless already there."""
        if self._tokens is None:
            self._tokens = tokens

    def give_chrf(self, chrf: ChrfReference) -> None:
        """Set chrF's view (known from the revision's cache) unless already there."""
        if self._chrf is None:
            self._chrf = chrf

    @property
    def prepared(self) -> PreparedText:
        """Token counts and LCS bit masks for ROUGE."""
        if self._prepared is None:
            self._prepared = prepare(self.tokens)
        return self._prepared

    @property
    def chrf(self) -> ChrfReference:
        if self._chrf is None:
            self._chrf = chrf_reference(self.text)
        return self._chrf

    @property
    def elements(self) -> list[list[str]]:
        """Normalised tokens of each gold element of a set answer (empty for one answer)."""
        if self._elements is None:
            self._elements = [normalize_tokens(razdel_tokens(a)) for a in self.answers]
        return self._elements
