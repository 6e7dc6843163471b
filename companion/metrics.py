"""What a host watches on one process: `GET /metrics`, one figure a line (`name value`,
the Prometheus text format), counts only: nothing in it names a table, a seat or a
person. docs/deploy.md says what each means and when to add a process.
"""
from __future__ import annotations

import os
import threading
import time

STARTED = time.monotonic()


def rss_mb() -> float | None:
    """This process's resident memory (Linux; elsewhere None)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, ValueError, AttributeError, IndexError):
        return None


def figures(companion, async_mode: str) -> dict[str, float]:
    hub, limits = companion.hub, companion.limits
    out = {
        "bang_sockets": hub.socket_count(),
        "bang_sockets_limit": limits.max_sockets if limits else 0,
        "bang_tables_connected": len(hub.connected_tables()),
        "bang_tables_limit": limits.max_tables if limits else 0,
        "bang_changes_total": hub.changes,
        "bang_cpu_seconds_total": round(time.process_time(), 3),
        "bang_uptime_seconds": round(time.monotonic() - STARTED, 1),
        "bang_threads": _threads(),
        f'bang_async_mode{{mode="{async_mode}"}}': 1,
    }
    if hub.relay is not None:
        out["bang_queue_messages_total"] = hub.relay.received
    rss = rss_mb()
    if rss is not None:
        out["bang_rss_mb"] = round(rss, 1)
    return out


def _threads() -> int:
    return threading.active_count()


def text(companion, async_mode: str) -> str:
    return "".join(f"{k} {v}\n" for k, v in figures(companion, async_mode).items())
