# make run: set up and start the server (SQLite in ./data). make test: set up and run every test.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-quick check bench bench-hosted setup clean messages bundle

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/bang-companion serve --host 0.0.0.0 --port 5000 --data data

# (every record of tests/records/ is a test of its own: tests/test_records.py); three test
# processes on two cores (pytest-xdist), each taking the next test as it finishes one: a
# browser test waits for its pages half the time and leaves its core to another
# (docs/testing.md). TEST_PROCESSES=2 make test: two.
TEST_PROCESSES ?= $(shell $(PY) -c "import os; print(max(2, (os.cpu_count() or 2) * 3 // 2))")
test: $(STAMP)
	$(BIN)/python -m pytest -q -n $(TEST_PROCESSES) --dist worksteal

# a check to trust after a change to the rules, in about a minute and a half on 2 cores: every
# record and the fast engine and server tests (not the browser ones, not those marked
# slow: random whole games, Hypothesis runs, live servers, services, the install)
test-quick: $(STAMP)
	$(BIN)/python -m pytest -q -m "not browser and not slow"

bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/fanout.py
	$(BIN)/python bench/phone_load.py

# 1 and 2 server processes behind nginx, on PostgreSQL and Redis (docs/deploy.md)
bench-hosted: $(STAMP)
	$(BIN)/python bench/hosted.py

# the pages' bundles after a change to static/js (static/README.md): esbuild (package.json,
# installed by `npm ci` into node_modules/) writes static/bundles/, and the modules each
# page loads go to companion/translations/extracted.json; commit what they write
NPM_STAMP := node_modules/.package-lock.json
$(NPM_STAMP): package.json package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "make bundle needs Node and npm (apt-get install nodejs npm)" >&2; exit 1; }
	npm ci --no-audit --no-fund
	@touch $(NPM_STAMP)

bundle: $(NPM_STAMP) $(STAMP)
	node bundle.mjs
	$(BIN)/python -c 'from companion import extracted; extracted.write()'

# the gettext catalogs after a string was added or changed (docs/translating.md):
# extract every string (babel.cfg) into messages.pot, then bring each language's .po up
# to date with it (a new language: its .po is made, then add it to companion/i18n.py);
# and what the pages' catalogs are cut from (companion/extracted.py: extracted.json)
TRANSLATIONS := companion/translations
# every language that has its .po (a new one: make messages LANGS=xx makes it)
LANGS ?= $(patsubst $(TRANSLATIONS)/%/LC_MESSAGES/messages.po,%,$(wildcard $(TRANSLATIONS)/*/LC_MESSAGES/messages.po))
messages: $(STAMP)
	$(BIN)/pybabel -q extract -F babel.cfg --add-location=file --sort-by-file \
		--project=bang-companion --copyright-holder="the BANG! table companion" \
		-o $(TRANSLATIONS)/messages.pot .
	@sed -i '/^"POT-Creation-Date: /d' $(TRANSLATIONS)/messages.pot     # no churn in diffs
	@for l in $(LANGS); do \
		[ -f $(TRANSLATIONS)/$$l/LC_MESSAGES/messages.po ] || \
			$(BIN)/pybabel -q init -i $(TRANSLATIONS)/messages.pot -d $(TRANSLATIONS) -l $$l || exit 1; \
	done
	@$(MAKE) -s catalogs TRANSLATIONS=$(TRANSLATIONS) LANGS="$(LANGS)"
	$(BIN)/python -c 'from companion import extracted; extracted.write()'

# each .po brought up to date with messages.pot by GNU gettext's msgmerge (Debian:
# apt-get install gettext). An entry whose English changed keeps its translation as a
# fuzzy entry under the new English, with the old English above it (#| msgid), for a
# translator to look at; an entry gone from the code is dropped. (pybabel update cannot:
# it writes a long previous msgid as a comment it cannot read back; docs/translating.md)
.PHONY: catalogs
catalogs:
	@command -v msgmerge >/dev/null || { echo "make messages needs msgmerge: apt-get install gettext" >&2; exit 1; }
	@for l in $(LANGS); do \
		po=$(TRANSLATIONS)/$$l/LC_MESSAGES/messages.po; \
		msgmerge --quiet --previous --update --backup=off $$po $(TRANSLATIONS)/messages.pot && \
		msgattrib --no-obsolete --output-file=$$po $$po && \
		sed -i '/^"POT-Creation-Date: /d; /^"PO-Revision-Date: /d' $$po || exit 1; \
	done

clean:
	rm -rf $(VENV) data .pytest_cache node_modules
