"""LLM throughput: chat calls a second through `LLMClient.map` against the scripted server.

The server (`dragon_bench.llm.scripted`, a real HTTP server on 127.0.0.1) answers every call
after a fixed latency (200 ms, as a model's generation would take); the baseline is the same
client with one call in flight, measured in the same run. Every call is distinct and the
disk cache is off, so each one reaches the server. Target (#19): >= 50 calls/s at
concurrency 16. Also timed: the closed-book screen end to end (questions a second, with the
answer-metric check of each reply), at the same concurrency.

    .venv/bin/python benchmarks/llm.py [--quick] [--latency 0.2] [--concurrency 16]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dragon_bench.llm import LLMClient  # noqa: E402
from dragon_bench.llm.scripted import ScriptedLLMServer  # noqa: E402


def calls_per_second(server: ScriptedLLMServer, concurrency: int, calls: int, tag: str) -> float:
    """Calls a second for `calls` distinct chat requests, `concurrency` in flight."""
    client = LLMClient(server.settings(None, concurrency=concurrency, timeout=30.0))
    prompts = [[{"role": "user", "content": f"{tag}: вопрос номер {i}?"}] for i in range(calls)]
    try:
        client.chat(prompts[0])  # connect once outside the timing
        start = time.perf_counter()
        replies = client.map(client.chat, prompts[1:])
        took = time.perf_counter() - start
    finally:
        client.close()
    if len(replies) != calls - 1:
        raise SystemExit(f"{len(replies)} replies for {calls - 1} calls")
    return (calls - 1) / took


def closed_book_calls_per_second(
    server: ScriptedLLMServer, concurrency: int, questions: int
) -> float:
    """The closed-book screen end to end (prompt, call, answer-metric check of every reply)
    over `questions` distinct questions; the model knows every third answer."""
    from dragon_bench.screening.screen import Screening, screen_questions
    from dragon_bench.types import Question

    cities = ["Москва", "Казань", "Самара", "Тверь", "Омск", "Пермь"]
    batch = [
        Question(i, f"В каком городе прошла встреча номер {i}?", cities[i % 6], "simple", ("d",))
        for i in range(questions)
    ]
    gold = {q.question: q.answer for q in batch}

    def reply(body: dict) -> str:
        question = body["messages"][-1]["content"]
        number = int(question.rsplit(" ", 1)[-1].rstrip("?"))
        return f"В городе {gold[question]}" if number % 3 == 0 else "не знаю"

    server.reply = reply
    client = LLMClient(server.settings(None, concurrency=concurrency, timeout=30.0))
    try:
        start = time.perf_counter()
        screen_questions(batch, {}, Screening(closed_book={"m": client}))
        took = time.perf_counter() - start
    finally:
        client.close()
        server.reply = lambda body: "ответ"
    return questions / took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer calls, one repeat")
    parser.add_argument("--latency", type=float, default=0.2, help="server latency, seconds")
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--repeats", type=int, default=None, help="runs of each (median)")
    args = parser.parse_args()
    repeats = args.repeats or (1 if args.quick else 3)
    sequential_calls = 11 if args.quick else 26
    concurrent_calls = 161 if args.quick else 641

    with ScriptedLLMServer(latency=args.latency, model="scripted") as server:
        server.reply = lambda body: "ответ"
        sequential = [
            calls_per_second(server, 1, sequential_calls, f"s{r}") for r in range(repeats)
        ]
        concurrent = [
            calls_per_second(server, args.concurrency, concurrent_calls, f"c{r}")
            for r in range(repeats)
        ]
        screen = statistics.median(
            closed_book_calls_per_second(server, args.concurrency, 80 if args.quick else 320)
            for _ in range(repeats)
        )
    seq, conc = statistics.median(sequential), statistics.median(concurrent)
    print(
        f"latency {args.latency * 1000:.0f} ms: sequential {seq:.1f} calls/s "
        f"({sequential_calls - 1} calls), concurrency {args.concurrency} {conc:.1f} calls/s "
        f"({concurrent_calls - 1} calls), x{conc / seq:.1f}; the closed-book screen "
        f"{screen:.1f} questions/s; median of {repeats}",
        file=sys.stderr,
    )
    print(
        json.dumps(
            {
                "calls_per_s": round(conc, 1),
                "sequential_calls_per_s": round(seq, 2),
                "ratio_to_sequential": round(conc / seq, 1),
                "closed_book_questions_per_s": round(screen, 1),
                "concurrency": args.concurrency,
                "latency_s": args.latency,
                "calls": concurrent_calls - 1,
                "repeats": repeats,
                "target_calls_per_s": 50,
                "machine": f"{platform.machine()} {platform.python_version()}",
            }
        )
    )


if __name__ == "__main__":
    main()
