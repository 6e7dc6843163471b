"""Fewer and shorter pauses of Python's cyclic garbage collector in a server process.

Everything a move builds (views, snapshots, their JSON) is freed by reference counting
as soon as it is sent; the collector only looks for cycles, and while it looks every
thread (or greenlet) of the process waits. With CPython's defaults it ran a young-
generation pass every 700 new containers, about 10 per move here, and a full pass
over the whole heap every few seconds: at 30 tables a full pass took up to 153 ms,
which was the fan-out's p99 (docs/benchmarks.md, "GC pauses"). So, once the server is
up:

* `gc.freeze()`: what the start made (modules, catalogs, bundles, the tables loaded)
  goes into the permanent generation, which no pass walks again;
* the young generation is collected every `YOUNG` new containers rather than 700
  (a move's garbage is gone before then anyway, by reference counting), and the older
  ones ten times less often than by default.

Nothing is left uncollected: cycles are still found, later and in fewer passes.
"""
from __future__ import annotations

import gc

YOUNG = 3_000           # new containers between two passes of the young generation
OLDER = (20, 100)       # young passes per middle pass, middle passes per full pass


def tune() -> None:
    """Call once the server has started (its app made, its bundles warmed)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, *OLDER)
