"""The fast razdel tokeniser against `razdel.tokenize` itself (the reference), on random text."""

from __future__ import annotations

import random

import pytest
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


@pytest.mark.slow
def test_every_nerel_train_and_dev_text(nerel_train, nerel_dev) -> None:  # type: ignore[no-untyped-def]
    paths = sorted(nerel_train.glob("*.txt")) + sorted(nerel_dev.glob("*.txt"))
    assert len(paths) == 840
    for path in paths:
        text = path.read_text(encoding="utf-8")
        assert razdel_tokens(text) == razdel_tokens_reference(text), path.name


@pytest.mark.slow
def test_ten_thousand_random_answers(nerel_dev) -> None:  # type: ignore[no-untyped-def]
    """Answers as benchmarks/evaluate.py makes them: 20-80 consecutive words of NEREL news
    joined by single spaces, sometimes followed by a reference of 2-15 words."""
    text = " ".join(p.read_text(encoding="utf-8") for p in sorted(nerel_dev.glob("*.txt")))
    words = text.split()
    rng = random.Random(17)
    for _ in range(10_000):
        i = rng.randrange(len(words) - 100)
        answer = " ".join(words[i : i + rng.randint(20, 80)])
        if rng.random() < 0.3:
            j = rng.randrange(len(words) - 20)
            answer += " " + " ".join(words[j : j + rng.randint(2, 15)])
        assert razdel_tokens(answer) == razdel_tokens_reference(answer), answer


def test_chunks_whose_tokens_depend_on_their_neighbours() -> None:
    """The same chunk tokenised alone and after a chunk that lets razdel join past the space
    (the chunk cache must not hand one context's tokens to the other), each asked twice."""
    texts = [
        ".5",
        "1 .5",
        "-то",
        "а -то",
        "2024.",
        "2024. 15",
        "слово-",
        "слово- то",
        "3/",
        "3/ 4",
        "_x",
        "x _x",
        "1,",
        "1, 2",
        "— -",
        "Москва, 1 .5 и 2024. 15 а -то",
    ]
    for _ in range(2):
        for text in texts:
            assert razdel_tokens(text) == razdel_tokens_reference(text), text
