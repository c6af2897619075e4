"""Learned relation patterns: dependency paths between two mentions, mined from NEREL train.

A signature is the path between the top words of two mentions of a sentence: the mention
types at its ends, the lemma of an end that is no name («министр», «чемпионат»), the
prepositions on its words, the relation labels with their directions (`<` up to a head,
`>` down to a dependent) and the lemmas of the words it passes. It is read from the first
mention (the subject, NEREL's Arg1) to the second, so a pair read the other way is a
signature of its own. A coordinated name takes the path of its first conjunct where that
path leaves the coordination through its head («Иванов и Петров работают в ...»); otherwise a
path is never read across a conjunct (`conj`), a list (`parataxis`, `list`), a name (a proper
noun or a word of a third named mention), two appositions of one noun, or past another
mention of either end's type or a person or role off the path between the two, so list
items («президент A, премьер B и председатель C») are never linked to each other's roles;
it has at most `MAX_EDGES` edges and at least one lemma: no signature is made of the types
alone. A side that is a common noun of a kind
that has names («компания») is no one entity and is never linked.

`python -m dragon_bench.kg.paths ../shared/data/nerel/NEREL-v1.1/train` runs our own
mentions and the hand triggers (`kg.triggers`) over every train document and labels each
ordered pair of mentions no hand trigger links with the gold relations whose Arg1 and Arg2
it fits: `kg.score`'s grounding, the mention holding the argument's head word (so
«президента» in «пресс-секретарь президента России» is not that argument), and types the
relation allows in NEREL's `annotation.conf`. Each pair is read at the `LEVELS`, the most
specific first; a signature seen at least `MIN_COUNT` times among the pairs the more
specific levels left undecided decides them, with its majority relation and its precision
(typed + 1) / (found + 2) (as `kg.tuning`). Those at or above `ROW_THRESHOLD` are written to
`kg/path_table.py`, with the imprecise specific ones that must veto a precise general one
(relation ''). The table holds signatures and figures only. `MIN_COUNT` and
`ROW_THRESHOLD` were chosen on train by two-fold cross-validation over its documents (the
miner prints the held-out precision of the table).
"""

from __future__ import annotations

import hashlib
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from dragon_bench.kg.mentions import Mention, Sentence, Token
from dragon_bench.kg.triggers import (
    PLACES,
    PROPER,
    RELATION_NAMES,
    Found,
    _View,
    find_facts,
    tense_of,
)
from dragon_bench.types import EntityType as E

__all__ = [
    "LEVELS",
    "MAX_EDGES",
    "MIN_COUNT",
    "Context",
    "Instance",
    "Row",
    "arg_types",
    "cross_validate",
    "evaluate",
    "learned_facts",
    "mine",
    "signatures",
    "table_rows",
    "write_table",
]

MAX_EDGES = 4
# a signature is estimated once train has this many pairs of it
MIN_COUNT = 5
# the levels a path is read at, the most specific first: (the ends' lemmas, which lemmas of
# the words between: "all", "verbs" or "none", the prepositions of the words between)
LEVELS: tuple[tuple[bool, str, bool], ...] = (
    (True, "all", True),
    (True, "verbs", True),
    (False, "all", True),
    (True, "none", False),
    (False, "verbs", False),
)
# rows written at or above this smoothed train precision (see `table_rows`)
ROW_THRESHOLD = 0.8
_BLOCKING = frozenset({"conj", "parataxis", "list", "reparandum", "orphan", "punct"})
PROPER_PLACES = frozenset(str(k) for k in PLACES)
_PEOPLE = frozenset({E.PERSON, E.PROFESSION})
_VERBS = frozenset({"VERB", "AUX"})


def _top(sent: Sentence, m: Mention) -> int:
    """The mention's highest token in the tree (its head climbed within its span)."""
    toks = sent.tokens
    i, steps = m.head, 0
    while steps < 10:
        h = toks[i].head
        if h < 0 or not (m.start <= toks[h].start and toks[h].end <= m.end):
            break
        i, steps = h, steps + 1
    return i


def _lexical(sent: Sentence, m: Mention, i: int) -> bool:
    """Whether a mention's word may stand in a signature: no name (a person, or a kind that
    has names written with a capital), no proper noun, letters only."""
    tok = sent.tokens[i]
    if m.type == E.PERSON or tok.pos == "PROPN" or not tok.lemma.replace("-", "").isalpha():
        return False
    return m.type not in PROPER or m.text[:1].islower()


def _prep(sent: Sentence, i: int) -> str:
    preps = [c for c in sent.children[i] if sent.tokens[c].rel == "case"]
    return sent.tokens[preps[0]].lemma.lower() if preps else ""


def _path(sent: Sentence, a: int, b: int) -> tuple[list[int], list[int]] | None:
    """Tokens up from a to the lowest common head and down from it to b."""
    up = sent.ancestors(a)
    down = sent.ancestors(b)
    common = set(down)
    for k, t in enumerate(up):
        if t in common:
            return up[: k + 1], list(reversed(down[: down.index(t)]))
    return None


class Context:
    """A sentence's mentions indexed for reading paths: each token's mention, each top."""

    def __init__(self, sent: Sentence, mentions: Sequence[Mention]) -> None:
        self.sent = sent
        self.mentions = list(mentions)
        self.inside: dict[int, Mention] = {}
        for m in self.mentions:
            for t in sent.tokens:
                if m.start <= t.start and t.end <= m.end:
                    self.inside.setdefault(t.i, m)
        self.top = {m: _top(sent, m) for m in self.mentions}
        self.tops = {t: m for m, t in self.top.items()}

    def same(self, m: Mention, i: int) -> bool:
        """Token i is the top of a mention of m's type (a conjunct coordinated with m)."""
        other = self.tops.get(i)
        return other is not None and other.type == m.type

    def conj_of(self, i: int) -> set[int]:
        """The tokens i is coordinated with: up and down `conj` edges."""
        toks = self.sent.tokens
        out = set()
        j, steps = i, 0
        while toks[j].rel == "conj" and toks[j].head >= 0 and steps < 10:
            j, steps = toks[j].head, steps + 1
            out.add(j)
        stack, steps = [j], 0
        while stack and steps < 20:
            steps += 1
            k = stack.pop()
            for c in self.sent.children[k]:
                if toks[c].rel == "conj" and c not in out:
                    out.add(c)
                    stack.append(c)
        out.discard(i)
        return out


def signatures(ctx: Context, a: Mention, b: Mention) -> tuple[list[str], int] | None:
    """The signatures of the path from mention a to mention b, the most specific first (one
    per level; '' where a level has no lemma), and the first verb on it (-1 for none); None
    when the path crosses a conjunct, a list, a name or another mention of an end's type, or
    is longer than `MAX_EDGES`."""
    if a.start < b.end and b.start < a.end:
        return None
    if any(m.type in PROPER and not m.text[:1].isupper() for m in (a, b)):
        return None  # a common noun of a kind that has names («компания»): no one entity
    sent = ctx.sent
    ta, tb = ctx.top[a], ctx.top[b]
    found = _path(sent, ta, tb)
    if found is None or ta == tb:
        return None
    up, down = found
    toks = sent.tokens
    # a conjunct takes the path of the first conjunct it is coordinated with («Иванов и
    # Петров работают в ...»), where that path leaves the coordination upwards, never into
    # the first conjunct's own words («президент Исландии и премьер Норвегии»)
    lead = 0
    while lead < len(up) - 1 and toks[up[lead]].rel == "conj" and ctx.same(a, up[lead + 1]):
        lead += 1
    if lead and lead == len(up) - 1:
        return None
    trail = 0
    while (
        trail < len(down)
        and toks[down[-1 - trail]].rel == "conj"
        and ctx.same(b, down[-2 - trail] if trail + 1 < len(down) else up[-1])
    ):
        trail += 1
    if trail and trail == len(down):
        return None
    stripped_a, stripped_b = up[: lead + 1], down[len(down) - trail - 1 :] if trail else [tb]
    up, down = up[lead:], down[: len(down) - trail]
    # the conjuncts of an end whose coordination the path leaves through its head («Иванов и
    # Петров работают в ...»), not of one it enters from below (a name hung on a listed role)
    coordinated = set(stripped_a if len(up) > 1 else ()) | set(stripped_b if down else ())
    if len(up) - 1 + len(down) > MAX_EDGES:
        return None
    lo, hi = min(a.end, b.end), max(a.start, b.start)
    on_path = set(up) | set(down)
    for m in ctx.mentions:
        if m is a or m is b or not (lo <= m.start and m.end <= hi):
            continue
        if ctx.conj_of(ctx.top[m]) & coordinated:
            continue  # a conjunct of an end
        if m.type in (a.type, b.type) or (m.type in _PEOPLE and ctx.top[m] not in on_path):
            return None  # a third mention of an end's kind, or a person or role, between them
    if len(up) > 1 and down and toks[up[-2]].rel == "appos" == toks[down[0]].rel:
        return None  # two appositions of one noun: two names of one thing, or a misparse
    steps: list[tuple[str, int]] = [
        (f"<{toks[c].rel}", h) for c, h in zip(up, up[1:], strict=False)
    ]
    steps += [(f">{toks[c].rel}", c) for c in down]
    verb = -1
    nodes: list[tuple[str, str, str]] = []  # (lemma, pos, prep) of the words between
    for k, (edge, t) in enumerate(steps):
        if edge[1:].split(":")[0] in _BLOCKING:
            return None
        if k == len(steps) - 1:
            break  # t is b's top
        tok = toks[t]
        other = ctx.inside.get(t)
        if other is a or other is b:
            return None  # the path runs through an end's own words
        if tok.pos == "PROPN" or (other is not None and not _lexical(sent, other, t)):
            return None  # a name on the path
        if not tok.lemma.replace("-", "").isalpha():
            return None
        if verb < 0 and tok.pos in _VERBS:
            verb = t
        nodes.append((tok.lemma.lower(), tok.pos, _prep(sent, t)))
    ends = []
    # each end's preposition is that of the conjunct whose role it takes
    for m, t, role in ((a, ta, up[0]), (b, tb, down[-1] if down else up[-1])):
        lemma = toks[t].lemma.lower() if _lexical(sent, m, t) else ""
        ends.append((str(m.type), lemma, _prep(sent, role)))
    out = []
    for end_words, middle_words, preps in LEVELS:
        lemmas = 0
        parts = []
        for kind, lemma, prep in ends:
            word = lemma if end_words else ""
            lemmas += bool(word)
            parts.append((f"{kind}={word}" if word else kind) + (f"[{prep}]" if prep else ""))
        middle = []
        for (edge, _), (lemma, pos, prep) in zip(steps, nodes, strict=False):
            keep = middle_words == "all" or (middle_words == "verbs" and pos in _VERBS)
            lemmas += keep
            word = lemma if keep else pos
            middle.append(f"{edge} {word}" + (f"[{prep}]" if prep and preps else ""))
        middle.append(steps[-1][0])
        out.append(" ".join([parts[0], *middle, parts[1]]) if lemmas else "")
    return out, verb


# ---------------------------------------------------------------- the table at run time


@dataclass(frozen=True, slots=True)
class Row:
    """A mined signature: its id, relation ('' for a veto), train pairs and precision."""

    id: str
    relation: str
    found: int
    precision: float


def _rows() -> dict[str, Row]:
    from dragon_bench.kg.path_table import PATHS

    return {sig: Row(*row) for sig, row in PATHS.items()}


_TABLE: dict[str, Row] | None = None


def table() -> dict[str, Row]:
    global _TABLE
    if _TABLE is None:
        _TABLE = _rows()
    return _TABLE


def _decide(sigs: list[str], rows: dict[str, Row]) -> Row | None:
    for sig in sigs:
        if sig and sig in rows:
            row = rows[sig]
            return row if row.relation else None
    return None


def learned_facts(
    sent: Sentence,
    mentions: list[Mention],
    hand: Iterable[Found] = (),
    rows: dict[str, Row] | None = None,
) -> list[Found]:
    """The facts the mined signatures state between pairs of mentions no hand trigger links
    (`hand`, from `triggers.find_facts`): at most one per pair, its subject the signature's
    Arg1, trigger `path`, cue the signature id, tense from the path's verb."""
    rows = table() if rows is None else rows
    if not rows:
        return []
    taken = {frozenset((f.subject.head, f.object.head)) for f in hand}
    view: _View | None = None
    ctx = Context(sent, mentions)
    out: list[Found] = []
    for i, a in enumerate(mentions):
        for b in mentions[i + 1 :]:
            if frozenset((a.head, b.head)) in taken or a.head == b.head:
                continue
            best: tuple[Row, Mention, Mention, int] | None = None
            for x, y in ((a, b), (b, a)):
                read = signatures(ctx, x, y)
                if read is None:
                    break  # blocked one way is blocked both ways
                row = _decide(read[0], rows)
                if row is not None and (best is None or row.precision > best[0].precision):
                    best = (row, x, y, read[1])
            if best is None:
                continue
            row, x, y, verb = best
            view = view or _View(sent, mentions)
            heads = [m.head for m in (x, y) if _lexical(sent, m, m.head)]
            out.append(Found(x, y, row.relation, "path", tense_of(view, heads, verb), row.id))
    return out


# ---------------------------------------------------------------- mining


@dataclass(frozen=True, slots=True)
class Instance:
    """One ordered pair of mentions of a train sentence: its document, its signatures (one
    per level) and the gold relations whose Arg1/Arg2 it fits."""

    doc: int
    sigs: tuple[str, ...]
    gold: frozenset[str]


def arg_types(conf: str) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """Each relation's Arg1 and Arg2 entity types from a brat `annotation.conf` (NEREL's
    schema; `<ENTITY>` stands for any type): a mention pair is labelled with a relation only
    where its types may be that relation's arguments."""
    out: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
    section = ""
    for line in conf.splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line
            continue
        if section != "[relations]" or not line or line.startswith(("#", "<")):
            continue
        name, _, spec = line.partition("\t")
        args = dict(part.strip().split(":", 1) for part in spec.split(",") if ":" in part)
        out[name.strip()] = (
            frozenset(args.get("Arg1", "").split("|")),
            frozenset(args.get("Arg2", "").split("|")),
        )
    return out


def _fits_type(kind: str, allowed: frozenset[str]) -> bool:
    if "<ENTITY>" in allowed or kind in allowed:
        return True
    return kind == E.LOCATION and bool(allowed & PROPER_PLACES)


_Arg = tuple[tuple[tuple[int, int], ...], int]


def _gold_rows(g: object, sents: list[Sentence]) -> list[tuple[str, _Arg, _Arg]]:
    """The document's gold relations of our relation types, each argument with its spans
    and the start of its head word (the word of its spans whose head is outside them)."""
    from dragon_bench.kg.nerel import GoldDocument

    assert isinstance(g, GoldDocument)

    def arg(spans: tuple[tuple[int, int], ...]) -> _Arg:
        def inside(t: Token) -> bool:
            return any(s <= t.start and t.end <= e for s, e in spans)

        for sent in sents:
            toks = [t for t in sent.tokens if inside(t)]
            for t in toks:
                if t.head < 0 or not inside(sent.tokens[t.head]):
                    return spans, t.start
        return spans, -1

    return [
        (r.type, arg(g.entities[r.arg1].fragments), arg(g.entities[r.arg2].fragments))
        for r in g.relations
        if r.type in RELATION_NAMES
    ]


def _on(m: Mention, argument: _Arg) -> bool:
    """The mention fits the gold argument (`kg.score` grounding) and holds its head word, so
    «президента» in «пресс-секретарь президента России» is not that argument."""
    from dragon_bench.kg.score import fits

    spans, head = argument
    return fits((m.start, m.end), spans) and m.start <= head < m.end


def _doc_instances(args: tuple[int, object]) -> list[Instance]:
    from dragon_bench.kg.mentions import find_mentions, read_sentences
    from dragon_bench.kg.nerel import GoldDocument
    from dragon_bench.nlp.natasha import get_pipeline

    n, g = args
    assert isinstance(g, GoldDocument)
    schema = _SCHEMA
    pipeline = get_pipeline()
    text = g.document.full_text
    parsed = pipeline.parse(text)
    sents = read_sentences(parsed, pipeline)
    rows = _gold_rows(g, sents)
    by_sent: dict[int, list[Mention]] = defaultdict(list)
    for m in find_mentions(parsed, sents, text):
        by_sent[m.sent].append(m)
    out: list[Instance] = []
    for s, group in by_sent.items():
        sent = sents[s]
        taken = {frozenset((f.subject.head, f.object.head)) for f in find_facts(sent, group)}
        ctx = Context(sent, group)
        for x in group:
            for y in group:
                if x is y or x.head == y.head or frozenset((x.head, y.head)) in taken:
                    continue
                read = signatures(ctx, x, y)
                if read is None:
                    continue
                gold = frozenset(
                    kind
                    for kind, arg1, arg2 in rows
                    if _fits_type(x.type, schema[kind][0])
                    and _fits_type(y.type, schema[kind][1])
                    and _on(x, arg1)
                    and _on(y, arg2)
                )
                out.append(Instance(n, tuple(sys.intern(s) for s in read[0]), gold))
    return out


_SCHEMA: dict[str, tuple[frozenset[str], frozenset[str]]] = {}


def mine(
    gold: Sequence[object],
    schema: dict[str, tuple[frozenset[str], frozenset[str]]],
    workers: int = 1,
) -> list[Instance]:
    """Every ordered pair of our mentions in the documents' sentences that no hand trigger
    links, with its signatures and the gold relations (of `schema`, `arg_types`) it fits."""
    _SCHEMA.clear()
    _SCHEMA.update(schema)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from dragon_bench.nlp.natasha import get_pipeline
    from dragon_bench.output import track

    jobs = list(enumerate(gold))
    if workers <= 1:
        return [i for job in track(jobs, "mining paths") for i in _doc_instances(job)]
    get_pipeline()
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        results = pool.map(_doc_instances, jobs, chunksize=8)
        return [i for r in track(results, "mining paths", total=len(jobs)) for i in r]


@dataclass(frozen=True, slots=True)
class _Stat:
    relation: str
    hits: int
    found: int

    @property
    def precision(self) -> float:
        return round((self.hits + 1) / (self.found + 2), 3)


def _stats(instances: Iterable[Instance], level: int) -> dict[str, _Stat]:
    found: Counter[str] = Counter()
    hits: dict[str, Counter[str]] = defaultdict(Counter)
    for inst in instances:
        sig = inst.sigs[level]
        if not sig:
            continue
        found[sig] += 1
        for r in inst.gold:
            hits[sig][r] += 1
    out = {}
    for sig, n in found.items():
        best = hits[sig].most_common(1)
        rel, h = best[0] if best else ("", 0)
        out[sig] = _Stat(rel, h, n)
    return out


def table_rows(
    instances: Sequence[Instance],
    min_count: int = MIN_COUNT,
    threshold: float = ROW_THRESHOLD,
) -> dict[str, Row]:
    """The table: signatures seen `min_count` times (each level estimated on the pairs the
    more specific levels left undecided) with precision at or above `threshold`, and the
    imprecise specific signatures that must veto a precise general one."""
    decided: dict[str, _Stat] = {}
    level_of: dict[str, int] = {}
    undecided = list(instances)
    for level in range(len(LEVELS)):
        stats = {s: st for s, st in _stats(undecided, level).items() if st.found >= min_count}
        for s, st in stats.items():
            decided[s], level_of[s] = st, level
        undecided = [i for i in undecided if i.sigs[level] not in stats]
    kept = {s for s, st in decided.items() if st.relation and st.precision >= threshold}
    vetoes: set[str] = set()
    for inst in instances:
        first = next((lv for lv in range(len(LEVELS)) if inst.sigs[lv] in decided), None)
        if first is None or inst.sigs[first] in kept:
            continue
        if any(inst.sigs[lv] in kept for lv in range(first + 1, len(LEVELS))):
            vetoes.add(inst.sigs[first])
    rows = {}
    for s in sorted(kept | vetoes):
        st = decided[s]
        rel = st.relation if s in kept else ""
        rows[s] = Row(hashlib.sha1(s.encode()).hexdigest()[:8], rel, st.found, st.precision)
    return rows


def evaluate(instances: Sequence[Instance], rows: dict[str, Row]) -> tuple[int, int]:
    """(pairs the table links, of them right) over instances (held-out ones for a fair
    figure)."""
    linked = right = 0
    for inst in instances:
        row = _decide(list(inst.sigs), rows)
        if row is not None:
            linked += 1
            right += row.relation in inst.gold
    return linked, right


def cross_validate(
    instances: Sequence[Instance], min_count: int = MIN_COUNT, threshold: float = ROW_THRESHOLD
) -> tuple[int, int]:
    """Two folds over the documents (even and odd): the pairs a table mined on one fold
    links in the other, and how many of them are right."""
    linked = right = 0
    for fold in (0, 1):
        train = [i for i in instances if i.doc % 2 != fold]
        held = [i for i in instances if i.doc % 2 == fold]
        n, r = evaluate(held, table_rows(train, min_count, threshold))
        linked, right = linked + n, right + r
    return linked, right


def write_table(rows: dict[str, Row], path: Path) -> None:
    """Write the generated module `path_table.py`."""
    lines = []
    for s, r in sorted(rows.items()):
        line = f'    "{s}": ("{r.id}", "{r.relation}", {r.found}, {r.precision}),\n'
        if len(line) > 101:  # as `ruff format` wraps it
            fields = "".join(
                f"        {v},\n" for v in (f'"{r.id}"', f'"{r.relation}"', r.found, r.precision)
            )
            line = f'    "{s}": (\n{fields}    ),\n'
        lines.append(line)
    body = "".join(lines)
    text = (
        '"""Mined relation signatures (generated by `python -m dragon_bench.kg.paths` from NEREL\n'
        "train; see `dragon_bench.kg.paths`): signature -> (id, relation or '' for a veto,\n"
        'train pairs, smoothed train precision)."""\n\n'
        "PATHS: dict[str, tuple[str, str, int, float]] = {\n" + body + "}\n"
    )
    path.write_text(text, encoding="utf-8")


def main(argv: Sequence[str]) -> None:
    import pickle

    from dragon_bench.corpus.parallel import cpu_count
    from dragon_bench.kg.nerel import read_gold_folder

    folder = argv[0]
    if Path(folder).name != "train":
        sys.exit("mine on NEREL train only (dev reports, test is never used)")
    cache = Path(argv[1]) if len(argv) > 1 else None
    if cache is not None and cache.exists():
        instances = pickle.loads(cache.read_bytes())
    else:
        conf = (Path(folder).parent / "annotation.conf").read_text(encoding="utf-8")
        instances = mine(read_gold_folder(folder), arg_types(conf), workers=cpu_count())
        if cache is not None:
            cache.write_bytes(pickle.dumps(instances))
    print(f"{len(instances)} pairs, {sum(bool(i.gold) for i in instances)} gold", file=sys.stderr)
    rows = table_rows(instances)
    write_table(rows, Path(__file__).with_name("path_table.py"))
    kept = [r for r in rows.values() if r.relation]
    linked, right = evaluate(instances, rows)
    print(
        f"{len(kept)} signatures, {len(rows) - len(kept)} vetoes; they link {linked} train "
        f"pairs, {right} right",
        file=sys.stderr,
    )
    for min_count in (3, 5, 8):
        for threshold in (0.75, 0.8, 0.85):
            n, r = cross_validate(instances, min_count, threshold)
            print(
                f"two-fold: min_count {min_count} threshold {threshold}: {n} held-out pairs "
                f"linked, precision {r / n if n else 0:.3f}",
                file=sys.stderr,
            )


if __name__ == "__main__":
    main(sys.argv[1:])
