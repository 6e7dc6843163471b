"""The cyclic garbage collector's passes in a server process, for bench/fanout.py's
capacity run.

Python imports this module at start when bench/collector is on PYTHONPATH; it does
nothing unless BANG_GC_TO names a file. Then every pass of the collector is timed
(gc.callbacks: the wall time from its start to its end, during which every thread of
the process waits, and the collecting thread's CPU time) and, once a second, all the
passes so far are written to the file as JSON: a list of [unix time at the end, the
generation, wall ms, CPU ms, objects collected].
"""
import os

if os.environ.get("BANG_GC_TO"):
    import gc
    import json
    import threading
    import time

    OUT = os.environ["BANG_GC_TO"]
    passes: list = []
    started = [0.0, 0.0]

    def timed(phase, info):
        if phase == "start":
            started[0], started[1] = time.perf_counter(), time.thread_time()
        else:
            passes.append([time.time(), info["generation"],
                           (time.perf_counter() - started[0]) * 1000,
                           (time.thread_time() - started[1]) * 1000, info["collected"]])

    def write():
        while True:
            time.sleep(1.0)
            try:
                with open(OUT + ".part", "w") as f:
                    json.dump(list(passes), f)
                os.replace(OUT + ".part", OUT)
            except OSError:
                pass

    gc.callbacks.append(timed)
    threading.Thread(target=write, name="gc-passes", daemon=True).start()
