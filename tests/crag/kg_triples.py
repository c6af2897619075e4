"""The triples behind the mock CRAG KG API in the CRAG tests."""

from dragon_bench.types import Triple

__all__ = ["TRIPLES"]

TRIPLES = [
    Triple("Сергей Собянин", "мэр", "Москва", "d1", "PERSON", "CITY"),
    Triple("Москва", "столица", "Россия", "d1", "CITY", "COUNTRY"),
    Triple("Московский университет", "находится в", "Москва", "d2", "ORGANIZATION", "CITY"),
    Triple("Собянин", "родился в", "Никсе", "d3", "PERSON", "CITY"),
    Triple("Москва", "столица", "Россия", "d4", "CITY", "COUNTRY"),  # a repeat
]
