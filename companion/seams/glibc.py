"""The seams into glibc's malloc (written for glibc 2.36, Debian 12): what the server
sets for a process with two threads per socket. Elsewhere than Linux with glibc, both
do nothing.

* `fewer_malloc_arenas`: `mallopt(M_ARENA_MAX, 2)` and `mallopt(M_MMAP_THRESHOLD, 1 MB)`
  through ctypes (M_ARENA_MAX is -8 and M_MMAP_THRESHOLD -3 in glibc's malloc.h).
* `small_thread_caches`: the server process starts itself again (`os.execv`, the same
  program and arguments) with `GLIBC_TUNABLES=glibc.malloc.tcache_max=512`, which glibc
  reads only when a process starts.

tests/test_seams.py checks that this glibc still takes both, by name.
"""
from __future__ import annotations

import ctypes
import os
import sys

BIG = 1 << 20           # bytes: a block this large gets pages of its own (see below)


def fewer_malloc_arenas(arenas: int = 2, big: int = BIG) -> None:
    """glibc gives threads that allocate at once their own malloc arena, up to 8 per core;
    each socket here has two threads, and the arenas' free space is never given back
    between them. Two arenas: about 10% less memory with 350 phones connected
    (bench/fanout.py), nothing measurable on the fan-out.

    And a block of `big` bytes or more always gets pages of its own (`M_MMAP_THRESHOLD`),
    given back when it is freed. glibc would raise that threshold to the size of the
    largest such block freed, and then serve the next ones from an arena, whose free
    space it keeps: Werkzeug reads the rest of a refused request body (413) in blocks
    of 10 MB, and after a few bodies of 5 to 60 MB the server kept 27 MB more than idle
    (1.40x, bench/hostile.py --big-bodies). Elsewhere than glibc: nothing."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(-8, arenas)           # M_ARENA_MAX
        libc.mallopt(-3, big)              # M_MMAP_THRESHOLD: fixed, no longer raised
    except (OSError, AttributeError):
        pass


TUNABLE = "glibc.malloc.tcache_max=512"


def small_thread_caches(environ=os.environ) -> None:
    """Start this process again with glibc's per-thread malloc caches limited to small
    blocks (`TUNABLE`), unless the environment already says how they are set.

    Each socket here has threads of its own, and a thread that frees a block of up to
    1 KB keeps it in its own cache for its next allocation, where no other thread can
    use it. Python takes its blocks of 513 bytes to 1 KB from malloc (smaller ones come
    from its own allocator), and the threads that handle moves free many of them: with
    350 phones connected the caches held 10 MB, a tenth of the server (bench/fanout.py,
    docs/benchmarks.md). Blocks of up to 512 bytes (C code's) are still cached. glibc
    reads the setting only when a process starts, hence the new start: the same
    program, arguments and process id. Elsewhere than Linux with glibc, nothing."""
    if not sys.platform.startswith("linux") or "glibc.malloc.tcache" in environ.get(
            "GLIBC_TUNABLES", ""):
        return
    try:
        if not os.confstr("CS_GNU_LIBC_VERSION").startswith("glibc"):
            return
    except (ValueError, OSError):
        return
    tunables = environ.get("GLIBC_TUNABLES")
    environ["GLIBC_TUNABLES"] = f"{tunables}:{TUNABLE}" if tunables else TUNABLE
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        os.execv(sys.executable, [sys.executable, *sys.orig_argv[1:]])
    except OSError:                # could not start again: run as we are
        pass
