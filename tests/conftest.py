"""The tests' shared fixtures. What they are built from is in tests/helpers.py (the
server's tables and live server) and tests/browsing.py (the browser tests' server and
pages): a test module imports a helper from there, never from another test module.

Server fixtures (companion/). Each test gets its own app: the Flask-SocketIO test
client patches the server it is given, so apps are never shared.

    app          a fresh app on a temporary SQLite file
    client       its Flask test client
    table        a Table helper: a table created over HTTP, host socket, phones
    record_table make(record): a table started from a record, every seat claimed
    live_server  a real server in a subprocess on a free 127.0.0.1 port (`.url`,
                 `.data`, `.kill()`, `.start()`), and `.client(...)` for live
                 python-socketio clients that record every message they receive

Browser fixtures (one of each per test module):

    server       the base URL of a fresh `bang-companion serve` on a loopback port
    pw           Playwright (skipped with a notice without it or Chromium, unless
                 REQUIRE_BROWSER=1)
    browser      Debian's Chromium, launched by Playwright

    node         Node with the repository's esbuild (tests/bundling.py)
"""
from __future__ import annotations

import os
import tempfile

import pytest

from companion import create_app
from helpers import LiveServer, RecordTable, TableHelper

pytest_plugins = ["pytester"]     # tests/test_records.py runs pytest on a broken record


# -- the server ----------------------------------------------------------------------------
@pytest.fixture
def app(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "test.sqlite3"), "TESTING": True})
    yield app
    app.extensions["companion"].storage.close()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def table(app):
    return TableHelper(app)


@pytest.fixture
def live_server(tmp_path):
    server = LiveServer(str(tmp_path / "data")).start()
    yield server
    server.stop()


@pytest.fixture
def record_table(app):
    """make(record) -> a RecordTable for that record (phones claimed and connected)."""
    return lambda record: RecordTable(app, record)


# -- the browser tests ---------------------------------------------------------------------
@pytest.fixture(scope="module")
def server():
    """The base URL of a fresh `bang-companion serve` on a free loopback port."""
    from browsing import LiveServer as PageServer
    with tempfile.TemporaryDirectory(prefix="bang-browser-") as tmp:
        live = PageServer(tmp).start()
        try:
            yield live.base
        finally:
            live.stop()


@pytest.fixture(scope="module")
def pw():
    from browsing import CHROMIUM, missing, sync_playwright
    if sync_playwright is None:
        missing("the Python package 'playwright' is not installed (pip install -e '.[test]')")
    if not CHROMIUM:
        missing("no 'chromium' on PATH (apt-get install chromium)")
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(pw):
    from browsing import CHROMIUM, LAUNCH_ARGS
    b = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
    yield b
    b.close()


# -- the bundles ---------------------------------------------------------------------------
@pytest.fixture
def node():
    """Node with the repository's esbuild (`npm ci`); a skip with a notice without them,
    unless REQUIRE_NODE=1 (CI), where that is a failure."""
    from bundling import ESBUILD, NODE
    missing = ("node is not on this machine" if NODE is None else
               "esbuild is not installed (run `npm ci`)" if not ESBUILD.is_dir() else None)
    if missing:
        if os.environ.get("REQUIRE_NODE") == "1":
            pytest.fail(f"{missing} (REQUIRE_NODE=1 makes this a failure)", pytrace=False)
        pytest.skip(f"bundles not rebuilt: {missing}")
    return NODE
