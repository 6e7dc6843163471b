"""`bang-companion serve` runs with glibc's per-thread malloc caches limited to small
blocks (companion.seams.glibc.small_thread_caches; bench/fanout.py measures what it saves)."""
from __future__ import annotations

import os
import sys

import pytest

from companion.seams import glibc
from helpers import LiveServer

GLIBC = sys.platform.startswith("linux") and os.confstr("CS_GNU_LIBC_VERSION").startswith(
    "glibc")


class Exec(Exception):
    pass


@pytest.fixture
def execs(monkeypatch):
    calls = []

    def execv(path, argv):
        calls.append((path, argv))
        raise Exec

    monkeypatch.setattr(os, "execv", execv)
    return calls


@pytest.mark.skipif(not GLIBC, reason="a glibc setting")
def test_the_server_starts_again_with_the_setting_and_the_same_arguments(execs):
    env = {"GLIBC_TUNABLES": "glibc.malloc.arena_max=2"}
    with pytest.raises(Exec):
        glibc.small_thread_caches(env)
    assert env["GLIBC_TUNABLES"] == "glibc.malloc.arena_max=2:" + glibc.TUNABLE
    assert execs == [(sys.executable, [sys.executable, *sys.orig_argv[1:]])]


def test_a_setting_already_made_is_kept_and_nothing_starts_again(execs):
    env = {"GLIBC_TUNABLES": "glibc.malloc.tcache_count=3"}
    glibc.small_thread_caches(env)
    assert env == {"GLIBC_TUNABLES": "glibc.malloc.tcache_count=3"} and execs == []


@pytest.mark.slow
@pytest.mark.skipif(not GLIBC, reason="a glibc setting")
def test_the_running_server_has_the_setting(tmp_path, monkeypatch):
    """A server started without the setting starts itself again with it (the other live
    servers of the tests are given it at once: one start instead of two)."""
    monkeypatch.delenv("GLIBC_TUNABLES", raising=False)
    server = LiveServer(str(tmp_path / "data"), tunables=False).start()
    try:
        with open(f"/proc/{server.proc.pid}/environ", "rb") as f:
            env = dict(kv.split(b"=", 1) for kv in f.read().split(b"\0") if b"=" in kv)
    finally:
        server.stop()
    assert glibc.TUNABLE.encode() in env[b"GLIBC_TUNABLES"].split(b":")
