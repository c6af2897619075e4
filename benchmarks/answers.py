"""Offline answers, before and after: the extractive generator as it was at commit e15bcee
(best sentence, then a span in it; never abstains; its source read with `git show` and
loaded in this process) against the current one ("entity" strategy: typed candidates near
the question's words, normal forms, lists, confidence and abstention).

Both run in the same process on the same retrieved passages:
- DRAGON answer metrics per question type on a NEREL dev revision (built with `dragon build`
  into a temporary hub unless `--hub` names one);
- CRAG truthfulness (accurate - hallucinated, no judge) on the CRAG sample, task 1.

Also one hop against two (`hops: 2`, dragon_bench.rag.hops) for the current generator on the
same revision, per question type: retrieval (hit_rate, mrr of found_ids), answers (exact,
substr, rougeL) and `in_context` (questions whose answer's words all stand in the texts given
to the generator). `--split train` builds the NEREL train revision instead (where settings
are chosen). `--quick`: 15 questions per type and the first 5 CRAG questions. Last line: one
JSON object.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
import types
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data"
NEREL = SHARED / "nerel" / "NEREL-v1.1"
NEREL_DEV = NEREL / "dev"
CRAG_SAMPLE = SHARED / "crag" / "dev_data.jsonl.bz2"
BEFORE = "e15bcee"  # the last commit of the earlier extractive generator
METRICS = ("exact_match", "substr_match", "rougeL", "lemma_f1", "set_f1")
HOP_METRICS = ("hit_rate", "mrr", "exact_match", "substr_match", "rougeL", "in_context")
# hops=1 is the baseline; "clause" hops only for questions with a relative clause
HOP_VARIANTS: dict[str, dict[str, Any]] = {
    "hops1": {"hops": 1},
    "hops2": {"hops": 2, "hop_when": "clause"},
    "hops2_always": {"hops": 2, "hop_when": "always"},
}


def build_hub(corpus: Path, hub: Path) -> None:
    """A revision of `corpus` in `hub` via `dragon build` (natasha KG, template questions)."""
    cmd = [
        sys.executable,
        "-m",
        "dragon_bench",
        "build",
        "--corpus",
        str(corpus),
        "--hub",
        str(hub),
    ]
    subprocess.run(
        [*cmd, "--workers", "1", "--format", "json"], check=True, stdout=subprocess.DEVNULL
    )


def previous_generator(commit: str = BEFORE) -> Any:
    """The ExtractiveGenerator class of dragon_bench/rag/extractive.py at `commit`."""
    path = "dragon_bench/rag/extractive.py"
    src = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{commit}:{path}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    module = types.ModuleType("extractive_before")
    sys.modules[module.__name__] = module  # dataclasses look their module up
    exec(compile(src, f"{commit}:{path}", "exec"), module.__dict__)
    return module.ExtractiveGenerator


class PreviousAnswerer:
    """The CRAG answerer as it was: the pipeline's extractive answer, never abstaining."""

    def __init__(self, generator_class: Any) -> None:
        from dragon_bench.rag import PipelineConfig

        self.generator_class = generator_class
        self.config = PipelineConfig()
        self.name = "before"

    def __call__(self, query: str, documents: list[Any]) -> str:
        from dragon_bench.crag.answerers import REFUSAL
        from dragon_bench.rag.pipeline import Pipeline

        if not documents:
            return REFUSAL
        pipeline = Pipeline.build({d.id: d.full_text for d in documents}, self.config)
        pipeline.generator = self.generator_class()
        return pipeline.answer("crag", query).model_answer.strip() or REFUSAL


def dragon_answers(hub: str, per_type: int | None, generators: dict[str, Any]) -> dict[str, Any]:
    """Per-type answer metrics of each generator on the revision's latest questions."""
    from dragon_bench.client import load
    from dragon_bench.metrics import Gold, evaluate, parse_results
    from dragon_bench.rag import Pipeline, PipelineConfig

    revision = load(hub)
    gold = Gold.from_hub(hub, revision.version)
    qtype = {q.id: q.type for q in gold.questions}
    taken: dict[str, int] = defaultdict(int)
    ids = []
    for qid in sorted(revision.questions):
        if per_type is None or taken[qtype[qid]] < per_type:
            taken[qtype[qid]] += 1
            ids.append(qid)
    pipeline = Pipeline.build(revision, PipelineConfig())
    results: dict[str, dict[str, Any]] = {name: {} for name in generators}
    seconds = dict.fromkeys(generators, 0.0)
    for qid in ids:
        question = revision.questions[qid]
        ranked = pipeline.rerank(question, pipeline.search(question))
        context = ranked[: pipeline.config.top_k]
        found = [int(c.docid) for c in ranked[: pipeline.config.found_k]]
        for name, gen in generators.items():
            t = time.perf_counter()
            answer = gen.generate(question, context).answer
            seconds[name] += time.perf_counter() - t
            results[name][str(qid)] = {"found_ids": found, "model_answer": answer}
    out: dict[str, Any] = {"version": revision.version, "questions": len(ids)}
    for name in generators:
        keep = set(ids)
        sub = Gold(gold.version, [q for q in gold.questions if q.id in keep], gold.text_ids)
        report = evaluate(parse_results(results[name], sub), sub, resamples=0)
        table = {"all": report["overall"]["generation"]}
        table.update({t: v["generation"] for t, v in report["by_type"].items()})
        out[name] = {
            t: {m: round(float(g.get(m, 0.0)), 4) for m in METRICS} for t, g in table.items()
        }
        out[name]["seconds"] = round(seconds[name], 1)
    return out


def _in_context(answers: tuple[str, ...], texts: list[str]) -> float:
    """1 when every word (stem) of some gold answer stands in the given texts."""
    from dragon_bench.rag.text import Analyzer

    analyzer = Analyzer(stop_words=False)
    have = {t for text in texts for t in analyzer(text)}
    return float(any(set(analyzer(a)) <= have for a in answers if analyzer(a)))


def hop_answers(hub: str, per_type: int | None) -> dict[str, Any]:
    """Per-type retrieval and answer metrics of the pipeline with one and with two hops."""
    from dragon_bench.client import load
    from dragon_bench.metrics import Gold, evaluate, parse_results
    from dragon_bench.rag import Pipeline, PipelineConfig

    revision = load(hub)
    gold = Gold.from_hub(hub, revision.version)
    by_id = {q.id: q for q in gold.questions}
    taken: dict[str, int] = defaultdict(int)
    ids = []
    for qid in sorted(revision.questions):
        if per_type is None or taken[by_id[qid].type] < per_type:
            taken[by_id[qid].type] += 1
            ids.append(qid)
    keep = set(ids)
    sub = Gold(gold.version, [q for q in gold.questions if q.id in keep], gold.text_ids)
    base = Pipeline.build(revision, PipelineConfig())
    out: dict[str, Any] = {"version": revision.version, "questions": len(ids)}
    for name, settings in HOP_VARIANTS.items():
        pipeline = Pipeline(base.config.replace(**settings), retriever=base.retriever)
        cfg = pipeline.config
        results: dict[str, Any] = {}
        context_hits: dict[str, list[float]] = defaultdict(list)
        hopped = 0
        start = time.perf_counter()
        for qid in ids:
            question = revision.questions[qid]
            # the steps of Pipeline.answer, keeping the texts given to the generator
            ranked = pipeline.rerank(question, pipeline.search(question))
            asked = question
            if cfg.hops == 2:
                ranked, asked = pipeline.second_hop(question, ranked)
                hopped += any("hop" in c.extra for c in ranked)
            context = ranked[: cfg.top_k]
            answer = pipeline.generate(asked, context).answer
            found = [int(c.docid) for c in ranked[: cfg.found_k]]
            results[str(qid)] = {"found_ids": found, "model_answer": answer}
            hit = _in_context(by_id[qid].answers or (by_id[qid].answer,), [c.text for c in context])
            context_hits[by_id[qid].type].append(hit)
            context_hits["all"].append(hit)
        seconds = time.perf_counter() - start
        report = evaluate(parse_results(results, sub), sub, resamples=0)
        table = {"all": report["overall"]}
        table.update(report["by_type"])
        out[name] = {
            t: {
                **{m: round(float(v["retrieval"].get(m, 0.0)), 4) for m in HOP_METRICS[:2]},
                **{m: round(float(v["generation"].get(m, 0.0)), 4) for m in HOP_METRICS[2:5]},
                "in_context": round(sum(context_hits[t]) / max(1, len(context_hits[t])), 4),
            }
            for t, v in table.items()
        }
        out[name]["seconds"] = round(seconds, 1)
        out[name]["hopped"] = hopped
    return out


def crag_scores(limit: int | None, answerers: dict[str, Any], task: int = 1) -> dict[str, Any]:
    """CRAG truthfulness (no judge) of each answerer on the sample."""
    from dragon_bench.crag.data import read_examples
    from dragon_bench.crag.scoring import read_predictions, score_predictions
    from dragon_bench.crag.tasks import TASKS, run_task

    examples = read_examples(CRAG_SAMPLE, limit=limit)
    out: dict[str, Any] = {"questions": len(examples)}
    with tempfile.TemporaryDirectory() as tmp:
        for name, answerer in answerers.items():
            path = Path(tmp) / f"{name}.jsonl"
            run_task(examples, answerer, TASKS[task], path, cache_dir=Path(tmp) / "pages")
            report = score_predictions(examples, read_predictions(path))
            out[name] = {
                k: report[k]
                for k in ("score", "accuracy", "hallucination", "missing", "n")
                if k in report
            }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="15 questions a type, 5 CRAG ones")
    parser.add_argument("--hub", help="hub holding the NEREL revision (default: build one)")
    parser.add_argument(
        "--split", choices=("dev", "train"), default="dev", help="NEREL split to build"
    )
    args = parser.parse_args()
    if not NEREL_DEV.exists() or not CRAG_SAMPLE.exists():
        print(json.dumps({"skipped": f"{SHARED} is absent"}))
        return

    from dragon_bench.crag.answerers import CRAG_MIN_CONFIDENCE, RagPipelineAnswerer
    from dragon_bench.rag import PipelineConfig
    from dragon_bench.rag.extractive import ExtractiveGenerator

    before = previous_generator()
    generators = {"before": before(), "after": ExtractiveGenerator()}
    with tempfile.TemporaryDirectory() as tmp:
        hub = args.hub
        if hub is None:
            hub = str(Path(tmp) / "hub")
            print(f"building a NEREL {args.split} revision in {hub} ...", file=sys.stderr)
            build_hub(NEREL / args.split, Path(hub))
        dragon = dragon_answers(hub, 15 if args.quick else None, generators)
        hops = hop_answers(hub, 15 if args.quick else None)
    config = PipelineConfig()
    crag = crag_scores(
        5 if args.quick else None,
        {
            "before": PreviousAnswerer(before),
            "after": RagPipelineAnswerer(config),
        },
    )
    types = [t for t in dragon["after"] if t != "seconds"]
    print(f"NEREL {args.split} revision {dragon['version']}: {dragon['questions']} questions")
    print(f"{'type':12} {'metric':13} {'before':>8} {'after':>8}")
    for t in types:
        for m in METRICS:
            print(f"{t:12} {m:13} {dragon['before'][t][m]:8.3f} {dragon['after'][t][m]:8.3f}")
    variants = list(HOP_VARIANTS)
    print("hops (current generator): " + ", ".join(f"{v} {hops[v]['seconds']} s" for v in variants))
    print(f"{'type':12} {'metric':13} " + " ".join(f"{v:>12}" for v in variants))
    for t in types:
        for m in HOP_METRICS:
            print(f"{t:12} {m:13} " + " ".join(f"{hops[v][t][m]:12.3f}" for v in variants))
    print(f"CRAG sample ({crag['questions']} questions, task 1, no judge, {CRAG_MIN_CONFIDENCE=})")
    for name in ("before", "after"):
        print(f"  {name:7} " + " ".join(f"{k}={v}" for k, v in crag[name].items()))
    figures = {
        "before_commit": BEFORE,
        "dragon_before": {t: dragon["before"][t] for t in types},
        "dragon_after": {t: dragon["after"][t] for t in types},
        "dragon_seconds": {
            "before": dragon["before"]["seconds"],
            "after": dragon["after"]["seconds"],
        },
        "split": args.split,
        "hops": {v: hops[v] for v in variants},
        "crag_before": crag["before"],
        "crag_after": crag["after"],
        "questions": dragon["questions"],
        "crag_questions": crag["questions"],
        "min_confidence": CRAG_MIN_CONFIDENCE,
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
