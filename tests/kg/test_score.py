"""Pair scoring: hand-counted examples of overlap matching, deduplication and typed figures."""

from __future__ import annotations

from dragon_bench.kg.score import Pair, score_pairs


def _p(a: tuple[int, int], b: tuple[int, int], label: str = "", doc: str = "d") -> Pair:
    return Pair(doc, (a,), (b,), label)


def test_overlap_matching_counts_by_hand() -> None:
    gold = [_p((0, 11), (14, 33), "WORKS_AS"), _p((40, 50), (60, 70), "WORKPLACE")]
    predicted = [
        _p((14, 23), (6, 11)),  # reversed order and partial overlap of both: a match
        _p((40, 45), (80, 90)),  # only one side overlaps: no match
        _p((0, 11), (14, 33), doc="other"),  # other document: no match
    ]
    s = score_pairs(predicted, gold)
    assert (s.matched_predicted, s.predicted, s.matched_gold, s.gold) == (1, 3, 1, 2)
    assert s.precision == 1 / 3 and s.recall == 1 / 2
    assert abs(s.f1 - 0.4) < 1e-12


def test_touching_spans_do_not_overlap_and_duplicates_count_once() -> None:
    gold = [_p((0, 5), (10, 15), "A"), _p((0, 5), (10, 15), "B")]
    assert score_pairs([_p((5, 9), (15, 20))], gold).matched_predicted == 0
    s = score_pairs([_p((0, 5), (10, 15)), _p((0, 5), (10, 15))], gold)
    assert (s.predicted, s.gold, s.precision, s.recall) == (1, 1, 1.0, 1.0)


def test_typed_scoring_needs_the_same_label() -> None:
    gold = [_p((0, 5), (10, 15), "WORKS_AS")]
    assert score_pairs([_p((0, 5), (10, 15), "WORKPLACE")], gold, typed=True).f1 == 0.0
    assert score_pairs([_p((0, 5), (10, 15), "WORKS_AS")], gold, typed=True).f1 == 1.0
    assert score_pairs([], gold).f1 == 0.0


def test_link_class_estimates_on_a_few_documents(nerel_dev) -> None:  # type: ignore[no-untyped-def]
    from dragon_bench.kg.nerel import read_gold_folder
    from dragon_bench.kg.tuning import estimate_link_classes

    stats = estimate_link_classes(read_gold_folder(nerel_dev)[:3])
    assert stats.found and all(stats.matched.get(k, 0) <= n for k, n in stats.found.items())
    # apposition of a person and a profession ("министр ... Сергей Шойгу") is a reliable class
    key = ("appos", "PERSON", "PROFESSION")
    assert key in stats.found and key not in stats.deny()
    assert stats.deny(threshold=1.01, min_count=1) == set(stats.found)
