"""Getting JSON out of a model's reply: code fences, text around it, and common slips repaired."""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["parse_json_reply", "JSONReplyError"]

_FENCE = re.compile(r"```[ \t]*(?:json5?|JSON|javascript|js)?[ \t]*\n?(.*?)```", re.DOTALL)
_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"'})
_WORDS = {"True": "true", "False": "false", "None": "null", "NaN": "null", "undefined": "null"}
_OPEN = {"{": "}", "[": "]"}


class JSONReplyError(ValueError):
    """No JSON value could be read from the reply, even after repair."""


def parse_json_reply(text: str) -> Any:
    """Parse the JSON object or array in a model reply, repairing fences, surrounding prose,
    single quotes, Python literals, comments, trailing commas and bare keys."""
    if not isinstance(text, str) or not text.strip():
        raise JSONReplyError("the reply is empty")
    first_error: json.JSONDecodeError | None = None
    for candidate in _candidates(text):
        try:
            return json.loads(candidate)
        except json.JSONDecodeError as exc:
            first_error = first_error or exc
        try:
            return json.loads(_normalise(candidate))
        except json.JSONDecodeError:
            pass
    detail = ""
    if first_error is not None:
        detail = f": {first_error.msg} at line {first_error.lineno} column {first_error.colno}"
    raise JSONReplyError("the reply holds no valid JSON" + detail)


def _candidates(text: str) -> list[str]:
    out = [text.strip()]
    out += [m.group(1).strip() for m in _FENCE.finditer(text)]
    # A fence that was opened but never closed (a reply cut short or sloppy).
    unclosed = re.search(r"```[a-zA-Z0-9]*[ \t]*\n(.*)$", text, re.DOTALL)
    if unclosed and "```" not in unclosed.group(1):
        out.append(unclosed.group(1).strip())
    for source in list(out):
        out += _balanced_spans(source.translate(_QUOTES) if "\u201c" in source else source)
    seen: set[str] = set()
    return [c for c in out if c and not (c in seen or seen.add(c))]  # type: ignore[func-returns-value]


def _balanced_spans(text: str) -> list[str]:
    """Each top-level {...} or [...] span in the text, scanned with string awareness."""
    spans: list[str] = []
    i = 0
    while i < len(text):
        if text[i] in _OPEN:
            end = _match(text, i)
            if end is not None:
                spans.append(text[i : end + 1])
                i = end + 1
                continue
        i += 1
    return spans


def _match(text: str, start: int) -> int | None:
    stack = [_OPEN[text[start]]]
    quote = ""
    i = start + 1
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 2
                continue
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            # An apostrophe inside a word ("don't") is not a quote.
            if ch == '"' or not (
                text[i - 1].isalnum() and i + 1 < len(text) and text[i + 1].isalnum()
            ):
                quote = ch
        elif ch in _OPEN:
            stack.append(_OPEN[ch])
        elif ch in "}]":
            if ch != stack[-1]:
                return None
            stack.pop()
            if not stack:
                return i
        i += 1
    return None


def _normalise(text: str) -> str:
    """Rewrite JSON-like text (JSON5/Python-ish) into strict JSON, outside of string contents."""
    text = text.translate(_QUOTES)
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in "\"'":
            body, i = _read_string(text, i)
            out.append(json.dumps(body, ensure_ascii=False))
            continue
        if text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
            continue
        if ch == ",":
            j = i + 1
            while j < n and text[j].isspace():
                j += 1
            if j >= n or text[j] in "}]":
                i += 1  # trailing comma
                continue
        if ch.isalpha() or ch == "_":
            j = i
            while j < n and (text[j].isalnum() or text[j] in "_-$"):
                j += 1
            word = text[i:j]
            k = j
            while k < n and text[k] in " \t":
                k += 1
            if k < n and text[k] == ":" and word not in ("true", "false", "null"):
                out.append(json.dumps(word))  # bare key
            else:
                out.append(_WORDS.get(word, word))
            i = j
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def _read_string(text: str, start: int) -> tuple[str, int]:
    quote = text[start]
    chars: list[str] = []
    i = start + 1
    escapes = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "/": "/"}
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            nxt = text[i + 1]
            if nxt == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", text[i + 2 : i + 6]):
                chars.append(chr(int(text[i + 2 : i + 6], 16)))
                i += 6
                continue
            chars.append(escapes.get(nxt, nxt))
            i += 2
            continue
        if ch == quote:
            # A single quote inside a word is an apostrophe, not the end of the string.
            if (
                quote == "'"
                and i + 1 < len(text)
                and text[i - 1].isalnum()
                and text[i + 1].isalnum()
            ):
                chars.append(ch)
                i += 1
                continue
            return "".join(chars), i + 1
        chars.append(ch)
        i += 1
    return "".join(chars), i
