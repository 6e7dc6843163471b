"""The companion as a person installs it without `make`: the README's three lines run in
a copy of the repository (a fresh venv, `pip install .` builds the wheel and installs
it, not editable), then the installed server answers every page and every static file
those pages reference, with the copy's own templates/ and static/ taken away so that
only the installed package can serve them.
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
import requests

from companion import ROOT

from helpers import LiveServer

pytestmark = pytest.mark.slow      # each test here: `make test-quick` leaves them out

SKIP = {".git", ".venv", "data", "build", "dist", "test-artifacts", "__pycache__",
        ".pytest_cache", ".hypothesis", "node_modules"}
STATIC_REF = re.compile(r"""(?:src|href)="(/(?:static|assets/\w+)/[^"]+)\"""")
VERSIONED = re.compile(r"^/assets/\w+/")      # /assets/<version>/x is the file static/x
JS_IMPORT = re.compile(r"""["'`]((?:\./|\.\./|/static/)[^"'`$]+\.(?:js|css|svg|mp4|webm))["'`]""")
CSS_URL = re.compile(r"""url\(\s*["']?([^"')]+)["']?\s*\)|@import\s+["']([^"']+)["']""")


def readme_lines() -> list[str]:
    """The README's three commands for a host without make (after "Without `make`")."""
    text = Path(ROOT, "README.md").read_text(encoding="utf-8")
    start = text.index("Without `make`")
    block = text[start:].split("\n\n")[1]
    lines = [line.strip() for line in block.splitlines() if line.startswith("    ")]
    assert len(lines) == 3, lines
    return lines


def copy_repo(dest: str) -> None:
    def ignore(folder, names):
        return [n for n in names if n in SKIP or n.endswith(".egg-info")]
    shutil.copytree(ROOT, dest, ignore=ignore)


def run(cmd: str, cwd: str) -> None:
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_QUIET="1")
    env.pop("VIRTUAL_ENV", None)
    r = subprocess.run(cmd, shell=True, cwd=cwd, env=env, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, f"{cmd}\n{r.stdout[-2000:]}\n{r.stderr[-2000:]}"


def references(url: str, body: str, kind: str) -> set[str]:
    """The static files a page, a script or a style sheet names (absolute paths)."""
    if kind == "html":
        found = STATIC_REF.findall(body)
    elif kind == "js":
        found = JS_IMPORT.findall(body)
    else:
        found = [a or b for a, b in CSS_URL.findall(body) if not (a or b).startswith("data:")]
    out = set()
    for f in found:
        parts = urlsplit(urljoin(url, f))
        out.add(parts.path + ("?" + parts.query if parts.query else ""))
    return out


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The README's lines run in a copy of the repository; the server of the last one
    on a free port. Yields (base url, the copy's folder)."""
    base = tmp_path_factory.mktemp("pkg")
    src = str(base / "bang-companion")
    copy_repo(src)
    venv_line, install_line, serve_line = readme_lines()
    t0 = time.monotonic()
    run(venv_line, src)
    run(install_line, src)
    print(f"\nvenv and pip install . (the wheel) took {time.monotonic() - t0:.1f} s")
    for name in ("templates", "static", "companion", "engine"):   # the package alone now
        shutil.rmtree(os.path.join(src, name))
    live = LiveServer(str(base / "data"), command=serve_line.split(), cwd=src).start()
    try:
        yield live.url, src, base
    finally:
        live.stop()


def test_python_m_companion_is_the_command(installed):
    _, src, base = installed
    py = os.path.join(src, ".venv", "bin", "python")
    out = subprocess.run([py, "-m", "companion", "--help"], cwd=str(base),
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "usage: bang-companion" in out.stdout
    where = subprocess.run([py, "-c", "import companion; print(companion.folder('static'))"],
                           cwd=str(base), capture_output=True, text=True, timeout=60)
    assert os.path.join("site-packages", "companion", "static") in where.stdout, where


def test_every_page_and_every_file_it_references_loads(installed):
    url, _, base = installed
    pages = ["/", "/join", "/rules", "/t/nosuchtable"]
    for ruleset, mode in (("base", "tracker"), ("base", "referee"), ("legends", "tracker")):
        s = requests.Session()
        r = s.post(url + "/tables", data={"ruleset": ruleset, "mode": mode},
                   allow_redirects=False)
        assert r.status_code == 303, r.text
        tid = r.headers["Location"].rsplit("/", 1)[1]
        for query in ("", "?bundle=0"):        # a bundle per page, or module by module
            host = s.get(url + f"/host/{tid}{query}")
            assert host.status_code == 200 and "socket.io" in host.text
            pages.append(host)
            pages += [f"/p/{tid}{query}"]
        pages.append(f"/t/{tid}")
    pages.append("/join")              # several tables wait: the list of tables
    todo: set[str] = set()
    for p in pages:
        r = p if isinstance(p, requests.Response) else requests.get(url + p)
        assert r.status_code == (404 if "nosuchtable" in r.url else 200), (r.url, r.status_code)
        assert "<html" in r.text.lower()
        todo |= references(r.url, r.text, "html")
    seen: set[str] = set()
    while todo:
        path = todo.pop()
        seen.add(path)
        r = requests.get(url + path)
        assert r.status_code == 200 and r.content, (path, r.status_code)
        kind = path.split("?")[0].rsplit(".", 1)[-1]
        if kind in ("js", "css") and "/bundles/" not in path:   # a page's bundle imports nothing
            todo |= references(url + path, r.text, kind) - seen
    names = {VERSIONED.sub("/static/", p.split("?")[0]) for p in seen}
    assert {"/static/js/phone.js", "/static/js/host.js", "/static/js/referee-play.js",
            "/static/js/feats-tracker.js", "/static/vendor/socket.io.min.js",
            "/static/css/feats.css"} <= names, names
    assert any(p.startswith("/assets/") and "/bundles/" in p for p in seen), seen
    print(f"{len(pages)} pages, {len(names)} static files they reference")


def test_the_wheel_carries_every_static_file(installed):
    url, _, _ = installed
    folder = os.path.join(ROOT, "static")
    count = 0
    for dirpath, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, folder).replace(os.sep, "/")
            r = requests.get(f"{url}/static/{rel}")
            assert r.status_code == 200, rel
            assert hashlib.sha256(r.content).digest() == hashlib.sha256(
                Path(path).read_bytes()).digest(), rel
            count += 1
    assert count > 40


OUTSIDE = re.compile(r"\.\./shared|(?<![\w.])/(work|home|tmp)/")


def test_the_repository_points_to_nothing_outside_it():
    """No doc, script or module names a folder beside the repository or a machine's path
    (game records and vendored files aside): what the project needs, it says itself."""
    found = []
    for dirpath, dirs, files in os.walk(ROOT):
        rel = os.path.relpath(dirpath, ROOT).replace(os.sep, "/")
        dirs[:] = [d for d in dirs if d not in SKIP and not d.endswith(".egg-info")
                   and f"{rel}/{d}".lstrip("./") not in ("tests/records", "static/vendor")]
        for name in files:
            if name in SKIP:
                continue
            path = os.path.join(dirpath, name)
            try:
                text = Path(path).read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                continue                           # binary (the keep-awake videos)
            found += [f"{os.path.relpath(path, ROOT)}:{n}: {line.strip()}"
                      for n, line in enumerate(text.splitlines(), 1)
                      if OUTSIDE.search(line) and name != "test_package.py"]
    assert not found, "\n".join(found)


def test_every_python_package_is_installed():
    """Every folder of engine/ and companion/ that is a Python package is named in
    pyproject.toml's packages, or the installed server cannot import it (the event decks'
    and the 3/8-player games' packages were missing, and the installed server did not start)."""
    import tomllib
    listed = set(tomllib.loads((Path(ROOT) / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {str(p.parent.relative_to(Path(ROOT))).replace(os.sep, ".")
             for top in ("engine", "companion") for p in (Path(ROOT) / top).rglob("__init__.py")}
    assert found <= listed, f"packages missing from pyproject.toml: {sorted(found - listed)}"
