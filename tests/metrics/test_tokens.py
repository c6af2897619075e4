"""The fast razdel tokeniser against `razdel.tokenize` itself (the reference), on random text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dragon_bench.metrics.tokens import razdel_tokens, razdel_tokens_reference

# Atoms razdel treats differently: Cyrillic, Latin, digits, every mark class, other scripts.
PIECES = [
    "Москва",
    "ПАО",
    "ё",
    "yahoo",
    "Yahoo",
    "e",
    "mail",
    "С",
    "400",
    "12",
    "3",
    "2024",
    "-",
    "–",
    "—",
    "‑",
    "−",
    "_",
    "/",
    "\\",
    ".",
    ",",
    "!",
    "?",
    "…",
    ":",
    ";",
    "(",
    ")",
    "«",
    "»",
    '"',
    "'",
    "*",
    "%",
    "№",
    "@",
    "Δ",
    "σ",
    "β",
    "😀",
    "=",
    "**",
    "...",
    "?!",
    ":-(",
    ":)",
    ";-)",
    "т.е.",
]
texts = st.lists(
    st.tuples(st.sampled_from(PIECES), st.sampled_from(["", "", " ", "  ", "\n", "\t"])),
    max_size=40,
).map(lambda parts: "".join(a + b for a, b in parts))


@settings(max_examples=400, deadline=None)
@given(texts)
def test_tokens_equal_razdel_on_random_atoms(text: str) -> None:
    assert razdel_tokens(text) == razdel_tokens_reference(text)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_tokens_equal_razdel_on_any_unicode(text: str) -> None:
    assert razdel_tokens(text) == razdel_tokens_reference(text)


def test_known_cases() -> None:
    cases = {
        "": [],
        "   ": [],
        "Кто-то пришёл в 12:30, т.е. рано!": razdel_tokens_reference(
            "Кто-то пришёл в 12:30, т.е. рано!"
        ),
        "1,5 млн руб. и 3/4 -to": ["1,5", "млн", "руб", ".", "и", "3/4", "-to"],
        "Yahoo!": ["Yahoo!"],
    }
    for text, want in cases.items():
        assert razdel_tokens(text) == want == razdel_tokens_reference(text)


def test_real_news_text(nerel_dev) -> None:  # type: ignore[no-untyped-def]
    for path in sorted(nerel_dev.glob("*.txt"))[:20]:
        text = path.read_text(encoding="utf-8")
        assert razdel_tokens(text) == razdel_tokens_reference(text), path.name
