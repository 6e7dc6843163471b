"""The tests' shared fixtures. What they are built from is in tests/helpers.py (the
server's tables, the one live server, `until`) and tests/browsing.py (the browser tests'
server options and pages): a test module imports a helper from there, never from another
test module.

Server fixtures (companion/). Each test gets its own app: the Flask-SocketIO test
client patches the server it is given, so apps are never shared.

    app          a fresh app on a temporary SQLite file
    client       its Flask test client
    table        a Table helper: a table created over HTTP, host socket, phones
    record_table make(record): a table started from a record, every seat claimed
    serve        serve(*options): a live server with those options, stopped after the test
    live_server  serve(): a real server in a subprocess on a free 127.0.0.1 port (`.url`,
                 `.data`, `.kill()`, `.start()`), and `.client(...)` for live
                 python-socketio clients that record every message they receive
                 (a test using one, or serving an app of its own in a thread by
                 helpers.serving, is marked `slow`: the check is below)

Browser fixtures:

    server       the base URL of a fresh `bang-companion serve` on a loopback port
                 (the same LiveServer, with the options of browsing.PAGE_SERVER_ARGS),
                 one per test module
    pw           Playwright (skipped with a notice without it or Chromium, unless
                 REQUIRE_BROWSER=1), one per test process
    browser      Debian's Chromium, launched by Playwright, one per test process (a
                 test opens its own contexts and closes them: nothing else is shared)

    node         Node with the repository's esbuild (tests/bundling.py)
"""
from __future__ import annotations

import os
import socket
import tempfile

import pytest
from hypothesis import HealthCheck, settings
from socketio import base_client

from companion import create_app
from helpers import LiveServer, RecordTable, TableHelper
from scheduling import long_first

# Hypothesis on a loaded 2-core machine (two test processes, a browser, servers): an
# example's time and its data's are no failure (a test that measures time is a
# benchmark, bench/); a test's own @settings keep these unless they say otherwise
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")

STARTS = pytest.StashKey[int]()       # LiveServer.starts before a test's setup
pytest_plugins = ["pytester"]     # tests/test_records.py runs pytest on a broken record


# -- what a test may not leave behind, or do without saying so -------------------------------
@pytest.fixture(autouse=True)
def no_client_left_reconnecting():
    """A python-socketio client whose server went away reconnects for the rest of the run,
    drawing its delays from the global `random`: Hypothesis, generating an example in a
    later test meanwhile, then fails that test for "using the `random` module inside
    strategies". A test closes its clients (LiveClient.close stops a reconnecting one); one
    left reconnecting fails the test that left it. Those a module's fixtures leave (a
    browser module's server stopped under a client) are stopped before the next test."""
    for c in list(base_client.reconnecting_clients):
        c.shutdown()
    yield
    left = list(base_client.reconnecting_clients)
    for c in left:
        c.shutdown()
    assert not left, f"{len(left)} Socket.IO client(s) left reconnecting: shutdown() them"


LISTENS = [0]                       # sockets of this process that began to listen


def _counted(listen):
    def counted_listen(self, *args):
        LISTENS[0] += 1
        return listen(self, *args)
    return counted_listen


# every server this process starts listens: Werkzeug's (helpers.serving), or any other
socket.socket.listen = _counted(socket.socket.listen)


def servers_started() -> int:
    """Live servers started so far: LiveServer's subprocesses, and sockets this process
    listened on (a server in a thread: helpers.serving, or one a test makes itself)."""
    return LiveServer.starts + LISTENS[0]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item):
    item.stash[STARTS] = servers_started()
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """A test that starts a live server (LiveServer, or a server in this process: itself,
    or through a fixture set up for it) is marked `slow` (or `browser`): `make
    test-quick` leaves it out, as pyproject.toml says. (A module's server counts for the
    test it was started for.)"""
    result = yield
    started = servers_started() != item.stash.get(STARTS, servers_started())
    if started and not (item.get_closest_marker("slow") or item.get_closest_marker("browser")):
        pytest.fail(f"{item.nodeid} runs a live server: mark it @pytest.mark.slow",
                    pytrace=False)
    return result


# -- the order: long tests first, each test process its share ----------------------------
def pytest_collection_modifyitems(config, items):
    """Tests marked `long` start first on every test process (tests/scheduling.py)."""
    processes = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    items[:] = long_first(items, processes, lambda item: item.get_closest_marker("long"))


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
def serve(tmp_path):
    """serve(*options) -> a started LiveServer with those `serve` options ("--quiet",
    "--max-tables", "3" ...), its data in the test's tmp_path; stopped after the test."""
    started = []

    def start(*options: str) -> LiveServer:
        started.append(LiveServer(str(tmp_path / f"data{len(started) or ''}"), options))
        return started[-1].start()
    yield start
    for server in started:
        server.stop()


@pytest.fixture
def live_server(serve):
    return serve()


@pytest.fixture
def record_table(app):
    """make(record) -> a RecordTable for that record (phones claimed and connected)."""
    return lambda record: RecordTable(app, record)


# -- the browser tests ---------------------------------------------------------------------
@pytest.fixture(scope="module")
def server():
    """The base URL of a fresh `bang-companion serve` on a free loopback port."""
    from browsing import PAGE_SERVER_ARGS
    with tempfile.TemporaryDirectory(prefix="bang-browser-") as tmp:
        live = LiveServer(tmp, PAGE_SERVER_ARGS).start()
        try:
            yield live.url
        finally:
            live.stop()


@pytest.fixture(scope="session")
def pw():
    from browsing import CHROMIUM, missing, sync_playwright
    if sync_playwright is None:
        missing("the Python package 'playwright' is not installed (pip install -e '.[test]')")
    if not CHROMIUM:
        missing("no 'chromium' on PATH (apt-get install chromium)")
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
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
