"""The test suite's own shape: a test module takes what it shares from conftest.py
(fixtures) and from the helper modules (tests/helpers.py, tests/browsing.py), never from
another test module or from conftest.py itself (pytest loads conftest.py as a plugin:
imported again under its own name, it is a second copy that only works while tests/ is
on sys.path)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent


def shared_imports(source: str) -> list[str]:
    """The modules that `source` imports and must not: test modules and conftest."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        for name in names:
            last = name.rsplit(".", 1)[-1]
            if last.startswith("test_") or last == "conftest":
                found.append(name)
    return found


def test_no_test_module_imports_another():
    bad = [f"{p.name}: imports {name}" for p in sorted(TESTS.rglob("*.py"))
           for name in shared_imports(p.read_text())]
    assert not bad, ("share a fixture through conftest.py and a helper through "
                     "tests/helpers.py or tests/browsing.py:\n" + "\n".join(bad))


def test_the_import_check_can_fail():
    assert sorted(shared_imports("from test_delta import Pair\n"
                                 "def f():\n    from conftest import NAMES\n"
                                 "import tests.test_words, os\n"
                                 "from helpers import NAMES\n")) == [
        "conftest", "test_delta", "tests.test_words"]


UNMARKED = '''
import pytest
from flask import Flask
from werkzeug.serving import make_server


def serve():
    make_server("127.0.0.1", 0, Flask("x")).server_close()


def test_unmarked():
    serve()


@pytest.mark.slow
def test_marked():
    serve()


def test_no_server():
    pass
'''


@pytest.mark.slow                      # a pytest run of its own, in a subprocess
def test_a_server_in_a_thread_makes_its_test_slow(pytester, monkeypatch):
    """conftest.py's check sees a server this process starts (Werkzeug's, listening in a
    thread), not only LiveServer's subprocess: an unmarked test that starts one fails."""
    monkeypatch.setenv("PYTHONPATH", str(TESTS))
    pytester.makepyfile(test_serving=UNMARKED)
    run = pytester.runpytest_subprocess("-p", "conftest", "-q")
    run.assert_outcomes(passed=2, failed=1)
    run.stdout.fnmatch_lines(["*test_unmarked runs a live server: mark it @pytest.mark.slow*"])
