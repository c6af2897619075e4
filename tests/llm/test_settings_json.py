"""Settings from the environment and JSON repair of model replies."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragon_bench.errors import BadInputError
from dragon_bench.llm import JSONReplyError, LLMSettings, parse_json_reply


def test_settings_from_env() -> None:
    env = {
        "DRAGON_LLM_BASE_URL": "http://host:8000/v1/",
        "DRAGON_LLM_MODEL": "qwen",
        "DRAGON_LLM_API_KEY": "k",
        "DRAGON_LLM_TIMEOUT": "12.5",
        "DRAGON_LLM_MAX_RETRIES": "7",
        "DRAGON_LLM_CACHE_DIR": "/tmp/x",
    }
    s = LLMSettings.from_env(env)
    assert (s.base_url, s.model, s.api_key, s.timeout, s.max_retries, s.cache_dir) == (
        "http://host:8000/v1",
        "qwen",
        "k",
        12.5,
        7,
        Path("/tmp/x"),
    )
    assert s.configured
    assert LLMSettings.from_env({"DRAGON_LLM_CACHE_DIR": "off"}).cache_dir is None
    assert not LLMSettings.from_env({}).configured
    assert LLMSettings.from_env({}).cache_dir is not None
    with pytest.raises(BadInputError, match="DRAGON_LLM_TIMEOUT"):
        LLMSettings.from_env({"DRAGON_LLM_TIMEOUT": "soon"})


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ('{"a": 1}', {"a": 1}),
        ("```json\n[1, 2]\n```", [1, 2]),
        ('Here you go: {"a": "b"} Hope that helps!', {"a": "b"}),
        ("{'a': 'it\\'s', 'b': None, 'c': False}", {"a": "it's", "b": None, "c": False}),
        ("{'name': 'don't panic'}", {"name": "don't panic"}),
        ('{"a": [1, 2,], }', {"a": [1, 2]}),
        ("{a: 1, b_c: 'x'} // done", {"a": 1, "b_c": "x"}),
        ("{\u201ca\u201d: \u201cb\u201d}", {"a": "b"}),
        ('Ответ:\n```\n{"ответ": "Да"}\n```', {"ответ": "Да"}),
        ('```json\n{"cut": "fence not closed"}', {"cut": "fence not closed"}),
        ('{"s": "a } brace in a string"} trailing', {"s": "a } brace in a string"}),
    ],
)
def test_parse_json_reply_repairs(reply: str, expected: object) -> None:
    assert parse_json_reply(reply) == expected


@pytest.mark.parametrize("reply", ["", "no json", '{"a": '])
def test_parse_json_reply_refuses(reply: str) -> None:
    with pytest.raises(JSONReplyError):
        parse_json_reply(reply)
