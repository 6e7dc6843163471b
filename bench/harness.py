"""What the fan-out benchmarks share: ports (free_port is tests/services.py's), process
figures, percentiles, threads.

Both harnesses (bench/fanout.py for the companion, bench/bare_fanout.py for the bare
stack) play every phone with python-socketio clients in one process, so their figures
include the same client costs and compare only as a ratio taken in the same run.
"""
from __future__ import annotations

import math
import os
import signal
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "tests"))
from services import free_port  # noqa: E402,F401  (tests/services.py: one free_port for all)


def wait_port(port: int, timeout: float = 120.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return True
        except OSError:
            time.sleep(0.05)
    return False


def rss_mb(pid: int, field: str = "VmRSS") -> float:
    """Resident memory of a process in MB (`VmHWM`: its peak)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return float("nan")


def threads(pid: int) -> int:
    """The threads a process has now."""
    n = rss_mb(pid, "Threads")
    return int(n * 1024) if n == n else 0


def switches(pid: int) -> tuple[int, int, float]:
    """(voluntary, forced) context switches of all of a process's live threads so far,
    and the seconds they spent ready to run but waiting for a CPU
    (/proc/PID/task/*/status and schedstat: about 0.2 s to read at 7,000 threads)."""
    vol = forced = 0
    waited = 0.0
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0, 0, 0.0
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/status") as f:
                for line in f:
                    if line.startswith("voluntary_ctxt_switches:"):
                        vol += int(line.split()[1])
                    elif line.startswith("nonvoluntary_ctxt_switches:"):
                        forced += int(line.split()[1])
            waited += schedstat(pid, int(tid))[1]
        except OSError:
            pass
    return vol, forced, waited


def schedstat(pid: int, tid: int) -> tuple[float, float]:
    """(seconds on a CPU, seconds ready but waiting for one) of one thread so far."""
    try:
        with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
            run, wait, _ = f.read().split()
        return int(run) / 1e9, int(wait) / 1e9
    except (OSError, ValueError):
        return 0.0, 0.0


def machine_s() -> tuple[float, float, float]:
    """(busy, niced, stolen) CPU seconds of the whole machine so far, all cores
    (/proc/stat): busy counts every process's (ours, the server's, anyone else's),
    niced the part of it run at a lower priority (other people's tests), stolen the
    time the hypervisor gave the virtual cores to someone else."""
    try:
        with open("/proc/stat") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return 0.0, 0.0, 0.0
    tick = os.sysconf("SC_CLK_TCK")
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields[:8]
    return ((user + nice + system + irq + softirq) / tick, nice / tick, steal / tick)


def cpu_s(pid: int) -> float:
    """User + system CPU seconds a process has used so far (all its threads)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def settle(pid: int, quiet: float = 20.0, most: float = 60.0) -> float:
    """Wait until the server has done what the set-up asked of it (its CPU under
    `quiet` % over half a second: at 500 tables the hosts' leaving and the phones'
    presence take seconds after the last connect, with the server at a whole core),
    at most `most` s. Returns the wait. (Under 5 % took up to 40 s at 500 tables: the
    3,500 sockets' pings alone come near it.)"""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < most:
        c0, w0 = cpu_s(pid), time.perf_counter()
        time.sleep(0.5)
        if 100.0 * (cpu_s(pid) - c0) / (time.perf_counter() - w0) < quiet:
            break
    return time.perf_counter() - t0


def pct(values: list[float], p: float) -> float:
    """The p-th percentile of sorted `values` (nearest rank)."""
    if not values:
        return float("nan")
    k = max(0, min(len(values) - 1, math.ceil(p / 100.0 * len(values)) - 1))
    return values[k]


def median(values: list[float]) -> float:
    values = sorted(v for v in values if v == v)
    return values[len(values) // 2] if values else float("nan")


def in_parallel(fn, items, timeout: float = 30.0) -> None:
    """fn(item) for every item, in threads; bounded by `timeout` overall. (A
    python-socketio disconnect waits about 3 s for a close reply this server never
    sends, so closing many clients one after the other would take minutes.)"""
    def safe(x):
        try:
            fn(x)
        except Exception:
            pass
    threads = [threading.Thread(target=safe, args=(x,), daemon=True) for x in items]
    for t in threads:
        t.start()
    end = time.monotonic() + timeout
    for t in threads:
        t.join(max(0.0, end - time.monotonic()))


def pace(n: int, rate: float):
    """Yield 0..n-1 at a steady open-loop `rate` per second, and the worst lateness (s)
    seen so far: moves leave on schedule whether or not the server keeps up."""
    t0, interval, lag = time.perf_counter(), 1.0 / rate, 0.0
    for i in range(n):
        due = t0 + i * interval
        now = time.perf_counter()
        if due > now:
            time.sleep(due - now)
        else:
            lag = max(lag, now - due)
        yield i, lag


def stop(proc: subprocess.Popen) -> None:
    """End a server this benchmark started: SIGTERM, then SIGKILL after 10 s."""
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)
