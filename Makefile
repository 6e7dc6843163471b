# make run: set up and start the server (SQLite in ./data). make test: set up and run every test.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-quick check bench bench-hosted setup clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/bang-companion serve --host 0.0.0.0 --port 5000 --data data

test: $(STAMP)
	$(BIN)/bang-companion check tests/records/*.json
	$(BIN)/python -m pytest -q

# the records and every test but the browser ones: a quick check while developing
test-quick: $(STAMP)
	$(BIN)/bang-companion check tests/records/*.json
	$(BIN)/python -m pytest -q -x -m "not browser"

bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/fanout.py
	$(BIN)/python bench/phone_load.py

# 1 and 2 server processes behind nginx, on PostgreSQL and Redis (docs/deploy.md)
bench-hosted: $(STAMP)
	$(BIN)/python bench/hosted.py

clean:
	rm -rf $(VENV) data .pytest_cache
