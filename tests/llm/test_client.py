"""The LLM client against a real scripted HTTP server on 127.0.0.1 (tests/plugins/llm_server.py)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from dragon_bench.llm import LLMClient, LLMError, LLMReplyError, LLMSettings

USER = [{"role": "user", "content": "Столица России?"}]


def test_chat_sends_openai_request_and_returns_content(llm_server, tmp_path: Path) -> None:
    llm_server.queue(["Москва"])
    with LLMClient(llm_server.settings(tmp_path)) as client:
        assert client.chat(USER, max_tokens=5) == "Москва"
        assert client.model == "test-model"
    (call,) = llm_server.calls
    assert call.path == "/v1/chat/completions"
    assert call.headers["Authorization"] == "Bearer test-key"
    assert call.body["model"] == "test-model"
    assert call.body["messages"] == USER
    assert call.body["max_tokens"] == 5
    assert call.body["temperature"] == 0.0


@pytest.mark.parametrize("status", [429, 500, 503])
def test_retries_transient_status_then_succeeds(llm_server, tmp_path: Path, status: int) -> None:
    llm_server.queue([(status, {"error": {"message": "busy"}}), (status, "oops"), "fine"])
    client = LLMClient(llm_server.settings(tmp_path, max_retries=2))
    assert client.chat(USER) == "fine"
    assert len(llm_server.requests) == 3
    assert client.stats["retries"] == 2


def test_gives_up_after_retries_and_names_the_status(llm_server, tmp_path: Path) -> None:
    llm_server.reply = lambda body: (500, {"error": {"message": "server on fire"}})
    client = LLMClient(llm_server.settings(tmp_path, max_retries=1))
    with pytest.raises(LLMError, match=r"HTTP 500.*server on fire.*2 attempts") as info:
        client.chat(USER)
    assert info.value.status == 500
    assert len(llm_server.requests) == 2


def test_client_error_is_not_retried(llm_server, tmp_path: Path) -> None:
    llm_server.queue([(401, {"error": {"message": "bad key"}})])
    with pytest.raises(LLMError, match="HTTP 401.*bad key"):
        LLMClient(llm_server.settings(tmp_path)).chat(USER)
    assert len(llm_server.requests) == 1


def test_retry_after_header_is_honoured(llm_server, tmp_path: Path) -> None:
    llm_server.queue([(429, "slow down", {"Retry-After": "0.4"}), "done"])
    client = LLMClient(llm_server.settings(tmp_path, backoff=0.0))
    start = time.monotonic()
    assert client.chat(USER) == "done"
    # The backoff alone would be 0 s; only the header makes the client wait.
    assert time.monotonic() - start >= 0.35


def test_timeout_then_success(llm_server, tmp_path: Path) -> None:
    llm_server.queue([llm_server.delay(1.0, "late"), "quick"])
    client = LLMClient(llm_server.settings(tmp_path, timeout=0.3, max_retries=1))
    assert client.chat(USER) == "quick"


def test_timeout_exhausted_raises_llm_error(llm_server, tmp_path: Path) -> None:
    llm_server.reply = lambda body: llm_server.delay(1.0, "late")
    client = LLMClient(llm_server.settings(tmp_path, timeout=0.2, max_retries=1))
    with pytest.raises(LLMError, match=r"timed out after 0.2 s \(after 2 attempts\)"):
        client.chat(USER)


def test_unreachable_endpoint_raises_llm_error(tmp_path: Path) -> None:
    settings = LLMSettings(
        base_url="http://127.0.0.1:9/v1", model="m", max_retries=0, timeout=1.0, cache_dir=None
    )
    with pytest.raises(LLMError, match="could not be reached"):
        LLMClient(settings).chat(USER)


def test_unconfigured_client_says_what_to_set() -> None:
    with pytest.raises(LLMError, match="DRAGON_LLM_BASE_URL"):
        LLMClient(LLMSettings(cache_dir=None)).chat(USER)


def test_malformed_response_body(llm_server, tmp_path: Path) -> None:
    llm_server.queue([{"choices": []}])
    with pytest.raises(LLMError, match=r"choices\[0\]"):
        LLMClient(llm_server.settings(tmp_path)).chat(USER)


def test_content_parts_are_joined(llm_server, tmp_path: Path) -> None:
    parts = [{"type": "text", "text": "Мос"}, {"type": "text", "text": "ква"}]
    llm_server.queue(
        [{"choices": [{"index": 0, "message": {"role": "assistant", "content": parts}}]}]
    )
    assert LLMClient(llm_server.settings(tmp_path)).chat(USER) == "Москва"


def test_cache_hit_makes_no_request(llm_server, tmp_path: Path) -> None:
    llm_server.queue(["first"])
    settings = llm_server.settings(tmp_path)
    assert LLMClient(settings).chat(USER) == "first"
    again = LLMClient(settings)  # a new client: the cache is on disk
    assert again.chat(USER) == "first"
    assert again.stats == {"requests": 0, "retries": 0, "cache_hits": 1}
    assert len(llm_server.requests) == 1
    # Different parameters are a different key.
    assert again.chat(USER, temperature=0.5) == "ok"
    assert len(llm_server.requests) == 2
    files = list((tmp_path / "llm-cache").rglob("*.json"))
    assert len(files) == 2 and not list((tmp_path / "llm-cache").rglob(".tmp-*"))


def test_cache_disabled(llm_server) -> None:
    client = LLMClient(llm_server.settings(None))
    client.chat(USER)
    client.chat(USER)
    assert len(llm_server.requests) == 2


def test_chat_json_repairs_without_asking_again(llm_server, tmp_path: Path) -> None:
    llm_server.queue(["Sure! Here it is:\n```json\n{'answer': 'Москва', 'ok': True,}\n```\nBye"])
    client = LLMClient(llm_server.settings(tmp_path))
    assert client.chat_json(USER) == {"answer": "Москва", "ok": True}
    assert len(llm_server.requests) == 1


def test_chat_json_asks_model_to_fix(llm_server, tmp_path: Path) -> None:
    llm_server.queue(["the answer is Moscow", '{"answer": "Moscow"}'])
    client = LLMClient(llm_server.settings(tmp_path))
    assert client.chat_json(USER, json_mode=True) == {"answer": "Moscow"}
    first, second = llm_server.requests
    assert first["response_format"] == {"type": "json_object"}
    assert second["messages"][-2] == {"role": "assistant", "content": "the answer is Moscow"}
    assert "JSON" in second["messages"][-1]["content"]


def test_chat_json_gives_up_with_llm_error(llm_server, tmp_path: Path) -> None:
    llm_server.reply = lambda body: "no json here, sorry"
    client = LLMClient(llm_server.settings(tmp_path))
    with pytest.raises(LLMError, match=r"no parseable JSON.*after 1 fix request"):
        client.chat_json(USER)
    assert len(llm_server.requests) == 2


def test_chat_many_keeps_order_and_bounds_concurrency(llm_server, tmp_path: Path) -> None:
    active = 0
    peak = 0
    lock = threading.Lock()

    def reply(body):
        nonlocal active, peak
        with lock:
            active += 1
            peak = max(peak, active)
        time.sleep(0.05)
        with lock:
            active -= 1
        text = body["messages"][0]["content"]
        return (400, "bad") if text == "q3" else text.upper()

    llm_server.reply = reply
    client = LLMClient(llm_server.settings(tmp_path))
    convs = [[{"role": "user", "content": f"q{i}"}] for i in range(10)]
    out = client.chat_many(convs, concurrency=3)
    assert [o if isinstance(o, str) else "ERR" for o in out] == [
        "Q0", "Q1", "Q2", "ERR", "Q4", "Q5", "Q6", "Q7", "Q8", "Q9"
    ]  # fmt: skip
    assert isinstance(out[3], LLMError)
    assert 1 < peak <= 3


def test_embed_batches_and_caches_per_text(llm_server, tmp_path: Path) -> None:
    llm_server.embedder = lambda text: [float(len(text)), 1.0]
    client = LLMClient(llm_server.settings(tmp_path, embedding_model="emb"))
    assert client.embed(["a", "bb", "ccc"], batch_size=2) == [[1.0, 1.0], [2.0, 1.0], [3.0, 1.0]]
    assert [c.body["input"] for c in llm_server.calls] == [["a", "bb"], ["ccc"]]
    assert llm_server.calls[0].path == "/v1/embeddings"
    assert llm_server.calls[0].body["model"] == "emb"
    assert client.embed(["ccc", "dddd"]) == [[3.0, 1.0], [4.0, 1.0]]
    assert llm_server.calls[-1].body["input"] == ["dddd"]


def test_embed_retries_429(llm_server, tmp_path: Path) -> None:
    llm_server.queue([(429, "later")])
    client = LLMClient(llm_server.settings(tmp_path))
    assert len(client.embed(["x"])[0]) == 8
    assert len(llm_server.requests) == 2


def test_usage_counts_calls_tokens_and_cache_hits_per_stage(llm_server, tmp_path: Path) -> None:
    client = LLMClient(llm_server.settings(tmp_path))
    kg, questions = client.stage("kg"), client.stage("questions")
    llm_server.queue([(500, "busy"), "Москва"])
    assert kg.chat(USER) == "Москва"
    assert kg.chat(USER) == "Москва"  # from the cache
    questions.chat([{"role": "user", "content": "Другой вопрос"}])
    usage = client.usage.as_dict()
    assert list(usage) == ["kg", "questions"]
    # The scripted server reports ceil(characters / 3) tokens (dragon_bench.llm.scripted).
    assert usage["kg"] | {"wall_s": 0} == {
        "calls": 2, "cache_hits": 1, "retries": 1, "fixes": 0, "failures": 0, "dropped": 0,
        "prompt_tokens": 5, "completion_tokens": 2, "wall_s": 0,
    }  # fmt: skip
    assert usage["questions"]["calls"] == 1 and usage["questions"]["prompt_tokens"] == 5
    with client.usage.timed("kg"):
        time.sleep(0.05)
    assert client.usage.stage("kg").wall_s >= 0.04


def test_map_runs_settings_concurrency_in_flight(llm_server, tmp_path: Path) -> None:
    active = peak = 0
    lock = threading.Lock()

    def reply(body):
        nonlocal active, peak
        with lock:
            active += 1
            peak = max(peak, active)
        time.sleep(0.1)
        with lock:
            active -= 1
        return body["messages"][0]["content"]

    llm_server.reply = reply
    client = LLMClient(llm_server.settings(None, concurrency=6))
    out = client.map(lambda i: client.chat([{"role": "user", "content": str(i)}]), range(18))
    assert out == [str(i) for i in range(18)]
    assert peak == 6


def test_a_429_storm_is_survived_with_retry_after(llm_server, tmp_path: Path) -> None:
    # The first 20 requests all get 429 with Retry-After: 0.1; every one of the 12 questions
    # is answered in the end, and the shared pause keeps the retries few.
    seen = 0
    lock = threading.Lock()

    def reply(body):
        nonlocal seen
        with lock:
            seen += 1
            n = seen
        if n <= 20:
            return (429, {"error": {"message": "rate limited"}}, {"Retry-After": "0.1"})
        return "ответ " + body["messages"][0]["content"]

    llm_server.reply = reply
    client = LLMClient(llm_server.settings(None, concurrency=8, max_retries=6))
    questions = [f"q{i}" for i in range(12)]
    out = client.map(lambda q: client.chat([{"role": "user", "content": q}]), questions)
    assert out == [f"ответ {q}" for q in questions]
    assert client.usage.stage("llm").failures == 0
    assert client.usage.stage("llm").calls == len(llm_server.requests) >= 32


def test_chat_json_validates_and_sends_the_error_back(llm_server, tmp_path: Path) -> None:
    def must_end_in_question_mark(value):
        if not str(value.get("question", "")).endswith("?"):
            raise ValueError('"question" must end with a question mark')
        return value["question"]

    llm_server.queue(['{"question": "Кто это"}', '{"question": "Кто это?"}'])
    client = LLMClient(llm_server.settings(tmp_path))
    assert client.chat_json(USER, validate=must_end_in_question_mark) == "Кто это?"
    assert "question mark" in llm_server.requests[1]["messages"][-1]["content"]
    assert client.usage.stage("llm").fixes == 1
    llm_server.reply = lambda body: '{"question": "нет"}'
    with pytest.raises(LLMReplyError, match="invalid reply.*question mark"):
        client.chat_json([{"role": "user", "content": "x"}], validate=must_end_in_question_mark)
