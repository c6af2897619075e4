"""Question facts and quality on NEREL: grounding in gold relations (dev), counts, before/after.

Facts (issue #15; `facts_figures`, the default run): `dragon build` with its defaults on NEREL
dev; a question is *grounded* when each of its evidence triples has its subject and object
spans on different arguments of one gold relation of its document (neither span more than
twice, or 10 characters more than, the argument's length), *typed-grounded* when moreover the
relation types agree with subject = Arg1; `question_triple_precision` is the typed-grounded
share of the dev KG's triples at or above the question threshold, beside the KG's precision and
recall (`dragon kg score`) and a calibration table (confidence bins against dev precision).
The *before* figures come from the extractor and generator at `--facts-baseline-ref` (types
read off the entity pair), unpacked with `git archive` and run on the same documents. With
`--train`, `dragon build --questions-per-type 200` on NEREL train gives the counts per type
and the build's wall time. The test split is never read.

Quality (`--flagged`): share of questions the quality checker flags, before/after, on train.

One extraction (natasha backend) feeds three generators, all judged by the *current* checker
(`dragon_bench.questions.quality.question_defects`):

- `baseline`: the committed generator before the quality work (`--baseline-ref`, default the
  parent of commit 9f2e33d), unpacked with `git archive` into a temporary folder and run in a
  subprocess; its questions' triples get the display names its fact graph showed;
- `root`: the current generator with the quality filter switched off (`check_quality=False`),
  so only the fixes at the root (nominative names, bridge choice, wording) count;
- `final`: the current generator as `dragon build` runs it (flagged questions rejected, so its
  flagged share is 0 by construction; what matters there is the number of questions kept).

The final questions are also written as a revision (`build_revision`) and their support rate
checked on it by the independent path of benchmarks/build.py.

    .venv/bin/python benchmarks/questions.py                  # dev facts figures (+ before)
    .venv/bin/python benchmarks/questions.py --train          # and the train build
    .venv/bin/python benchmarks/questions.py --quick          # 30 dev documents, no baseline
    .venv/bin/python benchmarks/questions.py --flagged        # the flagged-share comparison
    .venv/bin/python benchmarks/questions.py --losses         # where candidates die, per type
    .venv/bin/python benchmarks/questions.py --pools          # where the pools shrink before
    .venv/bin/python benchmarks/questions.py --from-gold DIR  # phrasing alone (gold_questions.py)
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import platform
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NEREL = ROOT.parent / "shared" / "data" / "nerel" / "NEREL-v1.1"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from build import _independent_support  # noqa: E402
from gold_questions import from_gold  # noqa: E402

from dragon_bench.corpus import read_documents  # noqa: E402
from dragon_bench.corpus.parallel import cpu_count  # noqa: E402
from dragon_bench.hub import Hub  # noqa: E402
from dragon_bench.kg.nerel import read_gold_folder  # noqa: E402
from dragon_bench.kg.score import GoldIndex  # noqa: E402
from dragon_bench.questions import generate_questions  # noqa: E402
from dragon_bench.questions.quality import flagged_share  # noqa: E402
from dragon_bench.questions.wording import wording_spread  # noqa: E402
from dragon_bench.release.build import build_revision, extract  # noqa: E402
from dragon_bench.types import Question, Triple  # noqa: E402

BASELINE_REF = "9f2e33d~1"
# the extractor before issue #15 (relations read off the entity types)
FACTS_BASELINE_REF = "1cdc7f4"

# run inside the old package: extract and generate on a folder; triples typed by entity types
_OLD_FACTS = """
import dataclasses, json, sys
from dragon_bench.corpus import read_documents
from dragon_bench.kg import extract_triples
from dragon_bench.kg.labels import nerel_type
from dragon_bench.questions import generate_questions
docs = read_documents(sys.argv[1])[: int(sys.argv[3]) or None]
triples = extract_triples(docs, workers=2)
qs = generate_questions(triples, docs, per_type=int(sys.argv[2]), seed=0)
def row(t):
    return {"doc_id": t.doc_id, "subject_span": list(t.subject_span),
            "object_span": list(t.object_span), "sentence_span": list(t.sentence_span),
            "relation_type": nerel_type(t.subject_type, t.object_type)}
json.dump({"questions": [{"type": q.type, "evidence": [row(t) for t in q.triples]} for q in qs],
           "kg": [row(t) for t in triples]}, sys.stdout)
"""

# run inside the old package: generate, then give each question's triples the names shown
_OLD_RUN = """
import dataclasses, json, pickle, sys
from dragon_bench.questions import generate_questions
from dragon_bench.questions.sampling import FactGraph, entity_key
docs, triples, per_type = pickle.load(open(sys.argv[1], "rb"))
stats = {}
qs = generate_questions(triples, docs, per_type=per_type, seed=0, stats=stats)
texts = {d.id for d in docs}
graph = FactGraph([t for t in triples if t.doc_id in texts])
shown = {(f.subject_key, f.relation, f.object_key): (f.subject, f.object) for f in graph.facts}
out = []
for q in qs:
    named = []
    for t in q.triples:
        key = (entity_key(t.subject.strip()), t.relation.strip(), entity_key(t.object.strip()))
        s, o = shown.get(key, (t.subject, t.object))
        named.append(dataclasses.asdict(dataclasses.replace(t, subject=s, object=o)))
    out.append({"question": q.question, "answer": q.answer, "type": q.type,
                "answers": list(q.answers), "triples": named})
json.dump({"questions": out, "rejected": stats.get("rejected", {})}, sys.stdout, ensure_ascii=False)
"""


def _baseline(
    ref: str, docs: list[Any], triples: list[Triple], per_type: int
) -> tuple[list[Question], dict[str, int]]:
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", ref, "dragon_bench"],
            check=True,
            capture_output=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        inputs = Path(tmp) / "inputs.pkl"
        inputs.write_bytes(pickle.dumps((docs, triples, per_type)))
        run = subprocess.run(
            [sys.executable, "-c", _OLD_RUN, str(inputs)],
            cwd=tmp,
            env={"PYTHONPATH": tmp, "PATH": "/usr/bin:/bin"},
            check=True,
            capture_output=True,
            text=True,
        )
    data = json.loads(run.stdout)
    questions = [
        Question(
            id=i,
            question=q["question"],
            answer=q["answer"],
            type=q["type"],
            text_ids=(),
            answers=tuple(q["answers"]),
            triples=tuple(
                Triple(**{**t, **{k: tuple(t[k]) for k in t if k.endswith("_span")}})
                for t in q["triples"]
            ),
        )
        for i, q in enumerate(data["questions"])
    ]
    return questions, data["rejected"]


def _dragon(*args: str) -> float:
    """Run `dragon ARGS` with this tree first on the path; its wall time in seconds."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "dragon_bench", *args], check=True, env=env, capture_output=True
    )
    return time.perf_counter() - started


def _evidence_triple(e: dict[str, Any]) -> Triple:
    return Triple(
        "",
        "",
        "",
        e["doc_id"],
        subject_span=tuple(e["subject_span"]),
        object_span=tuple(e["object_span"]),
        sentence_span=tuple(e["sentence_span"]),
        relation_type=e["relation_type"],
    )


def grounding(questions: list[dict[str, Any]], index: GoldIndex) -> dict[str, Any]:
    """Shares of grounded and typed-grounded questions (all evidence triples so), per type too;
    `questions` are qa rows with an `evidence` list."""
    by_type: dict[str, dict[str, int]] = {}
    for q in questions:
        marks = [index.ground(_evidence_triple(e)) for e in q["evidence"] or []]
        row = by_type.setdefault(q["type"], {"questions": 0, "grounded": 0, "typed": 0})
        row["questions"] += 1
        row["grounded"] += bool(marks) and all(m.grounded for m in marks)
        row["typed"] += bool(marks) and all(m.typed for m in marks)
    n = sum(r["questions"] for r in by_type.values())
    return {
        "questions": n,
        "grounded": round(sum(r["grounded"] for r in by_type.values()) / n, 4) if n else 0.0,
        "typed_grounded": round(sum(r["typed"] for r in by_type.values()) / n, 4) if n else 0.0,
        "by_type": dict(sorted(by_type.items())),
    }


def triple_precision(triples: list[Triple], index: GoldIndex, threshold: float) -> dict[str, Any]:
    """Typed-grounded share of the triples at or above `threshold` (the question triples),
    and a calibration table: confidence bins of 0.1 against their dev precision."""
    asked = [t for t in triples if t.confidence is not None and t.confidence >= threshold]
    hits = [index.ground(t).typed for t in asked]
    bins: dict[str, list[int]] = {}
    for t in triples:
        if t.confidence is None or t.trigger.startswith("predicate:"):
            continue
        low = min(int(t.confidence * 10), 9) / 10
        cell = bins.setdefault(f"{low:.1f}-{low + 0.1:.1f}", [0, 0])
        cell[0] += 1
        cell[1] += index.ground(t).typed
    return {
        "question_triples": len(asked),
        "question_triple_precision": round(sum(hits) / len(hits), 4) if hits else 0.0,
        "calibration": {
            k: {"triples": n, "precision": round(ok / n, 3)} for k, (n, ok) in sorted(bins.items())
        },
    }


def facts_figures(split: str, per_type: int, limit: int | None = None) -> dict[str, Any]:
    """`dragon build` on a NEREL split: grounding of its questions, counts per type, build
    time, question triple precision and calibration on its KG, and `dragon kg score`'s figures."""
    from dragon_bench.kg.calibration import QUESTION_THRESHOLD
    from dragon_bench.kg.score import score_extraction
    from dragon_bench.release.tables import triples_from_table

    gold = read_gold_folder(NEREL / split)[:limit]
    index = GoldIndex(gold)
    with tempfile.TemporaryDirectory() as tmp:
        corpus = NEREL / split
        if limit is not None:  # a folder of the first documents only
            corpus = Path(tmp) / "corpus"
            corpus.mkdir()
            for g in gold:
                for name in ("{}.txt", "{}.ann", "{}_text.txt", "{}_text.ann"):
                    src = NEREL / split / name.format(g.document.id)
                    if src.exists():
                        (corpus / src.name).symlink_to(src)
        hub_path = str(Path(tmp) / "hub")
        args = ["build", "--corpus", str(corpus), "--hub", hub_path]
        seconds = _dragon(*args, "--questions-per-type", str(per_type))
        hub = Hub(hub_path)
        version = hub.resolve("latest", "private")
        qa = hub.read_table("private", version, "qa").to_pylist()
        kg = triples_from_table(hub.read_table("private", version, "kg"))
    figures = grounding(qa, index)
    figures.update(triple_precision(kg, index, QUESTION_THRESHOLD))
    score = score_extraction(kg, gold)
    spread, word = wording_spread(q["question"] for q in qa)
    return {
        **figures,
        "wording_spread": spread,
        "wording_spread_word": word,
        "threshold": QUESTION_THRESHOLD,
        "counts": {t: v["questions"] for t, v in figures["by_type"].items()},
        "build_seconds": round(seconds, 1),
        "kg_triples": len(kg),
        "kg_precision": score["precision"],
        "kg_recall": score["recall"],
        "kg_typed_precision": score["typed"]["precision"],
    }


def facts_baseline(ref: str, split: str, per_type: int, limit: int | None) -> dict[str, Any]:
    """The same figures for the extractor and generator at `ref` (before issue #15)."""
    gold = read_gold_folder(NEREL / split)[:limit]
    index = GoldIndex(gold)
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", ref, "dragon_bench"],
            check=True,
            capture_output=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        run = subprocess.run(
            [sys.executable, "-c", _OLD_FACTS, str(NEREL / split), str(per_type), str(limit or 0)],
            cwd=tmp,
            env={"PYTHONPATH": tmp, "PATH": "/usr/bin:/bin"},
            check=True,
            capture_output=True,
            text=True,
        )
    data = json.loads(run.stdout)
    figures = grounding(data["questions"], index)
    kg = [_evidence_triple(e) for e in data["kg"]]
    typed = [index.ground(t).typed for t in kg]
    return {
        **figures,
        "counts": {t: v["questions"] for t, v in figures["by_type"].items()},
        "kg_triples": len(kg),
        # the old extractor had no threshold: every triple could become a question
        "question_triple_precision": round(sum(typed) / len(typed), 4) if typed else 0.0,
    }


def losses(workers: int) -> dict[str, Any]:
    """Where candidates die, per question type, on dev (50 a type) and train (200): each type
    generated alone from the build's KG, its sampled candidates (distinct subgraphs) split into
    kept and the first check that refused each (`no_template`/`not_unique`: phrasing found no
    frame or no unique one; the rest are `common_reason`, the shape's check and the round
    trip). The conditional and multi-hop samplers offer only pairs and chains they can phrase
    uniquely (a subject's or bridge's next one takes the place of one they cannot), so their
    losses start after phrasing."""
    from dragon_bench.kg.calibration import feeds_questions
    from dragon_bench.questions.shapes import QUESTION_TYPES

    out: dict[str, Any] = {}
    for split, per_type in (("dev", 50), ("train", 200)):
        docs = read_documents(NEREL / split)
        triples = extract(docs, "natasha", None, workers=workers)
        row: dict[str, Any] = {
            "question_triples": sum(feeds_questions(t.confidence) for t in triples)
        }
        for qtype in QUESTION_TYPES:
            stats: dict[str, Any] = {}
            kept = generate_questions(
                triples, docs, per_type=per_type, seed=0, types=[qtype], stats=stats
            )
            died = stats["rejected"]
            row[qtype] = {"sampled": len(kept) + sum(died.values()), "kept": len(kept), **died}
        row["facts"] = stats["facts"]
        out[split] = row
        print(f"{split}: {row}", file=sys.stderr)
    return out


def _pool_counts(triples: list[Triple], docs: list[Any]) -> dict[str, Any]:
    """Where the non-simple candidate pools shrink before sampling, on one split's KG: the
    graph selection samples (`question_graph`), then each shape's requirements in turn."""
    import random
    from collections import Counter, defaultdict

    from dragon_bench.kg.calibration import feeds_questions
    from dragon_bench.questions.sampling import question_graph
    from dragon_bench.questions.shapes import conditional, multi_hop, sets
    from dragon_bench.questions.vocab import AGENTS

    texts = {d.id: d.full_text for d in docs}
    graph = question_graph(triples, texts)
    facts = graph.facts
    by_subject = graph.by_subject

    def apart(a: Any, b: Any) -> bool:
        return not (a.sentences & b.sentences)

    two = [fs for fs in by_subject.values() if len(fs) >= 2]
    cond: Counter[str] = Counter()
    for fs in two:
        sid = fs[0].subject_id
        if fs[0].subject_type not in AGENTS:
            cond["not_an_agent"] += 1
            continue
        cs = [f for f in fs if conditional._condition(f, graph)]
        pairs = [(a, b) for i, a in enumerate(cs) for b in cs[i + 1 :] if a.relation != b.relation]
        steps = [
            ("under_two_conditions", len(cs) >= 2),
            ("one_relation", bool(pairs)),
            ("one_sentence", bool(pairs := [p for p in pairs if apart(*p)])),
            ("restated", bool(pairs := [p for p in pairs if not conditional._restates(*p, graph)])),
        ]
        scope = conditional.subject_scope(fs[0].subject_type)
        unique = [
            p for p in pairs if graph.holders(p[0], scope) & graph.holders(p[1], scope) == {sid}
        ]
        steps.append(("not_unique", bool(unique)))
        steps.append(("unphrased", any(conditional._candidates(a, b, texts)[0] for a, b in unique)))
        cond[next((name for name, ok in steps if not ok), "offered_subjects")] += 1
    groups: dict[tuple[str, str], list[Any]] = defaultdict(list)
    for f in facts:
        groups[(f.subject_id, f.relation)].append(f)
    many = {k: v for k, v in groups.items() if len(v) >= 2}
    group: Counter[str] = Counter()
    for key, members in many.items():
        merged = sets._merged(members)
        if sets._hidden(members, graph.objects.get(key, [])) is None:
            group["kg_holds_an_unshown_member"] += 1
        elif len(merged) > sets.MAX_SET:
            group["too_many"] += 1
        elif len(merged) == 1:
            group["one_entity_under_several_ids"] += 1  # «император» / «император Японии»
        elif not merged:
            group["posts_the_words_cannot_tell_apart"] += 1  # «сенатор» / «член Совета Федерации»
        elif not graph.anchor(merged[0], "subject") or not all(
            graph.answerable(f, "object") for f in merged
        ):
            group["unnamed_subject_or_member"] += 1
        else:
            group["offered"] += 1
    rng = random.Random(0)
    chains: Counter[str] = Counter()
    bridges: set[str | None] = set()
    for f1 in facts:
        for sub in multi_hop._subject_bridges(f1, graph, rng) + multi_hop._object_bridges(
            f1, graph, rng
        ):
            found, rendered, why = multi_hop._candidates(sub, graph, texts)
            side = "object" if sub.ask == "object" else "subject"
            if found:
                chains[f"{side}_bridge_phrased"] += 1
                bridges.add(sub.bridge_id)
            else:
                chains[f"{side}_bridge_{why or ('not_unique' if rendered else 'no_template')}"] += 1
    return {
        "question_triples": sum(feeds_questions(t.confidence) for t in triples),
        "kg_facts": len(graph.all_facts),
        "askable_facts": len(facts),
        "askable_by_relation": dict(Counter(f.relation for f in facts).most_common()),
        "subjects_with_two_facts": len(two),
        "subjects_with_two_facts_apart": sum(
            any(apart(a, b) for i, a in enumerate(fs) for b in fs[i + 1 :]) for fs in two
        ),
        "conditional_subjects": dict(cond.most_common()),
        "set_groups": len(many),
        "set_groups_by_relation": dict(Counter(k[1] for k in many).most_common()),
        "set_funnel": dict(group.most_common()),
        "multi_hop_chains": dict(sorted(chains.items())),
        "multi_hop_bridges_phrased": len(bridges),
    }


def pools(workers: int) -> dict[str, Any]:
    """`_pool_counts` on NEREL dev and train (the build's extraction)."""
    out = {}
    for split in ("dev", "train"):
        docs = read_documents(NEREL / split)
        out[split] = _pool_counts(extract(docs, "natasha", None, workers=workers), docs)
        print(f"{split}: {out[split]}", file=sys.stderr)
    return out


def _counts(questions: list[Question]) -> dict[str, int]:
    out: dict[str, int] = {}
    for q in questions:
        out[q.type] = out.get(q.type, 0) + 1
    return dict(sorted(out.items()))


def _line(name: str, report: dict[str, Any]) -> str:
    types = ", ".join(
        f"{t} {v['share']:.3f} ({v['flagged']}/{v['questions']})"
        for t, v in report["by_type"].items()
    )
    return f"{name}: flagged {report['share']:.3f} of {report['questions']} | {types}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer documents")
    parser.add_argument("--per-type", type=int, default=None, help="questions per type")
    parser.add_argument("--baseline-ref", default=BASELINE_REF, help="git ref (flagged share)")
    parser.add_argument("--facts-baseline-ref", default=FACTS_BASELINE_REF, help="git ref (facts)")
    parser.add_argument("--workers", type=int, default=0, help="extraction processes (0: cores)")
    parser.add_argument("--train", action="store_true", help="also build NEREL train, 200/type")
    parser.add_argument("--flagged", action="store_true", help="the flagged-share comparison")
    parser.add_argument(
        "--losses", action="store_true", help="where each type's candidates die (dev, train)"
    )
    parser.add_argument(
        "--pools", action="store_true", help="where the candidate pools shrink (dev, train)"
    )
    parser.add_argument("--from-gold", type=Path, default=None, help="NEREL split: phrasing alone")
    args = parser.parse_args()
    if args.from_gold is not None:
        print(json.dumps(from_gold(args.from_gold, args.per_type or 50), ensure_ascii=False))
        return
    if not NEREL.exists():
        sys.exit(f"reference data {NEREL} is absent")
    if args.flagged:
        flagged_main(args)
        return
    if args.losses:
        print(json.dumps(losses(args.workers or cpu_count()), ensure_ascii=False))
        return
    if args.pools:
        print(json.dumps(pools(args.workers or cpu_count()), ensure_ascii=False))
        return
    limit = 30 if args.quick else None
    dev = facts_figures("dev", args.per_type or 50, limit)
    result: dict[str, Any] = {
        "grounded": dev["grounded"],
        "typed_grounded": dev["typed_grounded"],
        "question_triple_precision": dev["question_triple_precision"],
        "counts": dev["counts"],
        "questions": dev["questions"],
        "wording_spread": dev["wording_spread"],
        "wording_spread_word": dev["wording_spread_word"],
        "dev": dev,
    }
    if not args.quick:
        before = facts_baseline(args.facts_baseline_ref, "dev", args.per_type or 50, limit)
        result["before"] = before
        print(
            f"before ({args.facts_baseline_ref}): grounded {before['grounded']:.3f} typed "
            f"{before['typed_grounded']:.3f} precision {before['question_triple_precision']:.3f} "
            f"counts {before['counts']}",
            file=sys.stderr,
        )
    print(
        f"dev: grounded {dev['grounded']:.3f} typed {dev['typed_grounded']:.3f} question triple "
        f"precision {dev['question_triple_precision']:.3f} ({dev['question_triples']} triples) "
        f"counts {dev['counts']} wording_spread {dev['wording_spread']} "
        f"({dev['wording_spread_word']}) build {dev['build_seconds']} s",
        file=sys.stderr,
    )
    if args.train:
        train = facts_figures("train", 200)
        keys = ("counts", "build_seconds", "grounded", "wording_spread", "wording_spread_word")
        result["train"] = {k: train[k] for k in keys}
        result["train_build_seconds"] = train["build_seconds"]
        print(f"train: counts {train['counts']} build {train['build_seconds']} s", file=sys.stderr)
    result.update(
        machine=f"{platform.machine()} {platform.system()}, {platform.python_version()}",
        date=datetime.now(UTC).date().isoformat(),
        quick=args.quick,
    )
    print(json.dumps(result, ensure_ascii=False))


def flagged_main(args: argparse.Namespace) -> None:
    per_type = args.per_type or (50 if args.quick else 200)
    docs = read_documents(NEREL / "train")[: 80 if args.quick else None]
    triples = extract(docs, "natasha", None, workers=args.workers or cpu_count())

    base_qs, base_rejected = _baseline(args.baseline_ref, docs, triples, per_type)
    root_stats: dict[str, Any] = {}
    root_qs = generate_questions(
        triples, docs, per_type=per_type, seed=0, stats=root_stats, check_quality=False
    )
    final_stats: dict[str, Any] = {}
    final_qs = generate_questions(triples, docs, per_type=per_type, seed=0, stats=final_stats)
    reports = {
        "baseline": flagged_share(base_qs),
        "root": flagged_share(root_qs),
        "final": flagged_share(final_qs),
    }
    with tempfile.TemporaryDirectory() as tmp:
        hub = Hub(str(Path(tmp) / "hub"))
        version = build_revision(docs, hub, triples=triples, per_type=per_type, seed=0).version
        support, n_support = _independent_support(hub, version)
    for name, report in reports.items():
        print(_line(name, report), file=sys.stderr)
        print(f"  defects {report['by_defect']}", file=sys.stderr)
    print(f"baseline rejected {base_rejected}", file=sys.stderr)
    print(f"final rejected {final_stats['rejected']}", file=sys.stderr)
    result = {
        "documents": len(docs),
        "triples": len(triples),
        "per_type": per_type,
        "baseline_ref": args.baseline_ref,
        "flagged_share_baseline": reports["baseline"]["share"],
        "flagged_share_root": reports["root"]["share"],
        "flagged_share_final": reports["final"]["share"],
        "flagged_by_type": {
            name: {t: v["share"] for t, v in r["by_type"].items()} for name, r in reports.items()
        },
        "defects": {name: r["by_defect"] for name, r in reports.items()},
        "questions_baseline": _counts(base_qs),
        "questions_final": _counts(final_qs),
        "rejected_final": final_stats["rejected"],
        "support_rate": round(support, 4),
        "support_questions": n_support,
        "machine": f"{platform.machine()} {platform.system()}, {platform.python_version()}",
        "date": datetime.now(UTC).date().isoformat(),
        "quick": args.quick,
    }
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main()
