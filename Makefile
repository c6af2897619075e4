PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SRC := $(wildcard dragon_bench tests benchmarks)

.PHONY: demo test install lint typecheck unit bench clean

demo: $(STAMP)
	$(BIN)/dragon demo

test: $(STAMP) lint typecheck unit

$(VENV)/bin/python:
	$(PY) -m venv $(VENV) || python3 -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(STAMP): pyproject.toml $(VENV)/bin/python
	$(BIN)/pip install -q -e '.[all,dev]'
	touch $(STAMP)

install: $(STAMP)

lint: $(STAMP)
	$(BIN)/ruff check $(SRC)
	$(BIN)/ruff format --check $(SRC)

typecheck: $(STAMP)
	$(BIN)/mypy dragon_bench

unit: $(STAMP)
	# Ray runs in a pytest process of its own: forking worker pools next to a live Ray
	# driver is not safe, and the rest of the suite forks.
	$(BIN)/pytest -m "not ray"
	$(BIN)/pytest -m ray

bench: $(STAMP)
	for b in benchmarks/*.py; do $(BIN)/python $$b --quick || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache demo-output
