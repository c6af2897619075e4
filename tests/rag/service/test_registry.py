"""Pipelines as configuration: spec strings and files, names, prompts and models per pipeline."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.errors import BadInputError
from dragon_bench.rag.registry import build_registry, parse_spec
from tests.helpers.service_hub import QUESTIONS


def test_spec_strings_and_files(tmp_path: Path) -> None:
    base = parse_spec("baseline")
    assert base.name == "baseline" and base.config is not None
    assert base.config.run_id == "dragon-baseline"
    renamed = parse_spec("b2=baseline")
    assert renamed.name == "b2" and renamed.config and renamed.config.run_id == "b2"
    remote = parse_spec("far=http://127.0.0.1:9/v1/rag?pipeline=x")
    assert remote.url == "http://127.0.0.1:9/v1/rag?pipeline=x" and remote.name == "far"
    assert parse_spec("http://127.0.0.1:9").name == "127.0.0.1-9"

    wrapped = tmp_path / "dense.yaml"
    wrapped.write_text("name: navec\npipeline:\n  retriever: dense\n  top_k: 2\n", "utf-8")
    spec = parse_spec(str(wrapped))
    assert spec.name == "navec" and spec.config and spec.config.retriever == "dense"
    as_json = tmp_path / "far.json"
    as_json.write_text(json.dumps({"url": "http://h:1", "pipeline": "p", "timeout": 3}), "utf-8")
    far = parse_spec(str(as_json))
    assert (far.name, far.url, far.remote_pipeline, far.timeout) == ("far", "http://h:1", "p", 3.0)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("retriever: nope\n", "pipeline retriever 'nope' is not one of bm25, dense, hybrid"),
        ("top_k: many\n", "top_k='many' is not a int"),
        ("colour: red\n", "unknown setting(s) colour"),
        ("- a\n- b\n", "a pipeline config is a mapping of settings"),
        ("prompt: Отвечай кратко\n", "a prompt needs generator: llm"),
        ("url: http://h:1\ntop_k: 3\n", "a remote pipeline takes url, pipeline and timeout"),
        ("name: 'a b'\n", "pipeline name 'a b' may hold only letters"),
        ("prompt_file: none.txt\ngenerator: llm\n", "cannot read prompt_file"),
    ],
)
def test_bad_configs_name_the_file_and_setting(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BadInputError) as info:
        parse_spec(str(path))
    assert words in str(info.value) and str(path) in str(info.value)


def test_duplicate_names_and_unknown_default(revision: Any) -> None:
    with pytest.raises(BadInputError, match="two pipelines are named 'baseline'"):
        build_registry(["baseline", "baseline"], revision)
    with pytest.raises(BadInputError, match="no pipeline named 'x'"):
        build_registry(["baseline"], revision, default="x")
    with pytest.raises(BadInputError, match="give --hub"):
        build_registry(["baseline"], None)


def test_prompt_and_model_per_pipeline(llm_server: Any, tmp_path: Path, revision: Any) -> None:
    from dragon_bench.llm import LLMClient

    (tmp_path / "prompt.txt").write_text("Ты строгий редактор. Верни JSON.\n", "utf-8")
    config = tmp_path / "strict.yaml"
    config.write_text(
        "generator: llm\nreranker: none\nprompt_file: prompt.txt\nllm_model: big-model\n", "utf-8"
    )
    llm_server.reply = lambda _req: '{"answer": "Вашингтон", "sentences": []}'
    shared = LLMClient(llm_server.settings(None, max_retries=0))
    registry = build_registry(["baseline", str(config)], revision, llm=shared)
    info = registry.describe()[1]
    assert info["prompt"] == "Ты строгий редактор. Верни JSON." and info["llm_model"] == "big-model"
    reply = registry.pipelines["strict"].rag(QUESTIONS[0], qid="0")
    assert reply.answer.model_answer == "Вашингтон" and reply.answer.run_id == "strict"
    [request] = llm_server.chat_requests()
    assert request["model"] == "big-model"
    assert request["messages"][0] == {"role": "system", "content": info["prompt"]}
    assert QUESTIONS[0] in request["messages"][1]["content"]
    # the two pipelines share one index: same index settings
    assert registry.pipelines["strict"].pipeline.retriever is (
        registry.pipelines["baseline"].pipeline.retriever
    )


def test_index_dir_is_reused_and_default_chosen(
    revision: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = build_registry(["baseline", "b2=baseline"], revision, index_dir=tmp_path, default="b2")
    assert first.default == "b2" and first.describe()[1]["default"] is True
    [folder] = [p for p in tmp_path.iterdir() if p.is_dir()]  # one index for both pipelines
    assert (folder / "pipeline.json").exists()
    capsys.readouterr()
    again = build_registry(["baseline"], revision, index_dir=tmp_path)
    assert "reusing the index" in capsys.readouterr().err
    a = again.pipelines["baseline"].rag(QUESTIONS[0], qid="0")
    b = first.pipelines["baseline"].rag(QUESTIONS[0], qid="0")
    assert a.trec == b.trec and a.answer.references[0] == "11"
