"""A sampling profiler inside each server process, for bench/hosted.py --profile DIR
(py-spy cannot attach on every machine: it needs to read another process's memory).

Python imports this module at start when bench/sampling is on PYTHONPATH; it does
nothing unless BANG_SAMPLE_TO names a directory. Then every 10 ms a thread of the
process reads every other thread's Python stack (sys._current_frames) and counts the
stacks of the threads that are not waiting, in py-spy's collapsed format (`frame;frame
count` a line, frames as `function (file:line)`) from the moment the file DIR/go
exists until DIR/stop does, then written to DIR/<pid>.txt. A thread is taken as waiting when its innermost
frame is at a line where more than 3 threads stood at once in one sample (a place
where threads wait: a socket read, a queue, a select), or in a function named like a
wait. A thread that waits for the GIL counts where it stands. bench/stacks.py sums
the files.
"""
import os

if os.environ.get("BANG_SAMPLE_TO"):
    import collections
    import sys
    import threading
    import time

    OUT = os.environ["BANG_SAMPLE_TO"]
    WAITS = {"wait", "select", "poll", "sleep", "accept", "recv", "recv_into", "readinto",
             "_read_from_socket", "get", "acquire", "_wait_for_tstate_lock", "readline",
             "serve_forever", "run_forever", "_run_once"}
    counts: collections.Counter = collections.Counter()
    idle_lines: set = set()

    def where(f) -> str:
        c = f.f_code
        return f"{c.co_name} ({c.co_filename.split('site-packages/')[-1]}:{f.f_lineno})"

    def sample() -> None:
        me = threading.get_ident()
        go, stop = os.path.join(OUT, "go"), os.path.join(OUT, "stop")
        while not os.path.exists(go):
            time.sleep(0.2)
        k = 0
        while True:
            time.sleep(0.01)
            k += 1
            if k % 50 == 0 and os.path.exists(stop):
                dump()
                return
            frames = sys._current_frames()
            tops = collections.Counter()
            for tid, f in frames.items():
                tops[(f.f_code, f.f_lineno)] += 1
            for key, n in tops.items():
                if n > 3:
                    idle_lines.add(key)
            for tid, f in frames.items():
                if tid == me or (f.f_code, f.f_lineno) in idle_lines \
                        or f.f_code.co_name in WAITS:
                    continue
                stack = []
                while f is not None:
                    stack.append(where(f))
                    f = f.f_back
                counts[";".join(reversed(stack))] += 1

    def dump() -> None:
        with open(os.path.join(OUT, f"{os.getpid()}.txt"), "w") as fh:
            for stack, n in list(counts.items()):
                fh.write(f"{stack} {n}\n")

    def start() -> None:
        counts.clear()
        threading.Thread(target=sample, name="bench-sampler", daemon=True).start()

    os.makedirs(OUT, exist_ok=True)
    os.register_at_fork(after_in_child=start)
    start()
