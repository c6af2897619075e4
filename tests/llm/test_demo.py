"""The LLM demo step: the stand-in model behind the scripted server, screens and usage."""

from __future__ import annotations

import json
from pathlib import Path

from dragon_bench.corpus import builtin_corpus_path, read_documents
from dragon_bench.demo import DemoContext
from dragon_bench.hub import Hub
from dragon_bench.llm import demo
from dragon_bench.llm.demo import StandInModel
from dragon_bench.types import Document


def test_demo_step_runs_the_llm_path(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    ctx = DemoContext(workdir=tmp_path)
    ctx.artifacts["documents"] = read_documents(builtin_corpus_path())[:12]
    demo.run(ctx)
    out = capsys.readouterr().out
    assert "LLM extraction on 12 documents" in out and "closed-book:" in out and "judge:" in out
    hub = Hub(str(tmp_path / "hub-llm"))
    manifest = hub.read_manifest("private", "1.0.0")
    assert manifest["screening"]["closed_book"]["models"]["stand-in"]["asked"] > 0
    assert manifest["llm_usage"]["kg"]["calls"] > 0
    assert hub.read_table("private", "1.0.0", "candidates").num_rows > 0
    assert list((tmp_path / "llm-cache").rglob("*.json"))  # every reply cached


def test_stand_in_answers_from_its_memory_only() -> None:
    memory = [Document(id="m", text="Алексей Миллер работает в «Газпроме».")]
    model = StandInModel(memory=memory)
    system = "Ты отвечаешь на вопросы викторины по памяти"

    def ask(question: str) -> str:
        system_message = {"role": "system", "content": system}
        return model({"messages": [system_message, {"role": "user", "content": question}]})

    assert ask("Где работает Алексей Миллер?") == "Газпром"
    assert ask("Где работает Игорь Сечин?") == "не знаю"
    listing = "Триплеты:\n1. (Миллер; место работы; Газпром)\n2. (Миллер; любить; кофе)"
    refined = json.loads(model({"messages": [{"role": "user", "content": listing}]}))
    assert refined["relations"]["1"]["type"] == "WORKPLACE"
    assert refined["relations"]["2"]["type"] == "NONE"
