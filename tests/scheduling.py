"""The order the test processes take the tests in: long ones first, each process its share.

`make test` runs `pytest -n 3 --dist worksteal`. pytest-xdist's work stealing hands the
processes the collection in runs, in order: the first a third of it, the next half of
the rest, the last what is left; a process with nothing left takes the back half of
another's queue. A test of a minute that comes up last in a run leaves its process
working alone at the end while the others are done. So the tests marked `long` (about
20 s or more in a `make test` run) are dealt in turn to the front of each run, and the short tests
behind them, which the stealing moves about, even the processes out. Every process
collects and orders the same way, as pytest-xdist requires (it checks they agree).
tests/test_scheduling.py checks this against pytest-xdist's own scheduler.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


def long_first(items: Sequence[T], processes: int, is_long: Callable[[T], object]) -> list[T]:
    """`items` reordered so that each of the `processes` runs work stealing deals out
    begins with its share of the long items (in collection order otherwise)."""
    long = [item for item in items if is_long(item)]
    if processes < 2 or not long:
        return list(items)
    short = [item for item in items if not is_long(item)]
    ordered, left = [], len(items)
    for k in range(processes):
        size = left // (processes - k)          # work stealing's run for the k-th process
        mine = long[k::processes]
        taken = max(0, size - len(mine))
        ordered += mine + short[:taken]
        short = short[taken:]
        left -= size
    return ordered + short
