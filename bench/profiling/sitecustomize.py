"""cProfile in every thread of a server process, counting CPU time (not wall time), for
bench/profile_moves.py.

Python imports this module at start when bench/profiling is on PYTHONPATH; it does
nothing unless BANG_PROFILE_TO names a file. Every thread then carries a light profile
hook that waits for the file's `.go` twin to exist; from then on each thread runs a
cProfile.Profile of its own, timed by `time.thread_time` (the thread's CPU seconds, so
a thread waiting for the GIL or a socket counts nothing). On SIGTERM the profiles of all
threads are summed into the file (pstats format) and the process ends.
"""
import os

if os.environ.get("BANG_PROFILE_TO"):
    import cProfile
    import signal
    import sys
    import threading
    import time

    OUT = os.environ["BANG_PROFILE_TO"]
    GO = OUT + ".go"
    profiles: list = []
    state = {"go": False, "checked": 0.0}

    def going() -> bool:
        if not state["go"]:
            now = time.monotonic()
            if now - state["checked"] > 0.05:
                state["checked"] = now
                state["go"] = os.path.exists(GO)
        return state["go"]

    def hook(frame, event, arg):
        if going():
            sys.setprofile(None)
            p = cProfile.Profile(time.thread_time)
            profiles.append(p)
            p.enable()

    def dump(*_):
        import pstats
        stats = None
        for p in list(profiles):
            try:
                p.create_stats()
                stats = pstats.Stats(p) if stats is None else stats.add(p)
            except Exception:
                pass
        if stats is not None:
            stats.dump_stats(OUT)
        os._exit(0)

    threading.setprofile(hook)
    sys.setprofile(hook)
    signal.signal(signal.SIGTERM, dump)
