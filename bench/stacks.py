#!/usr/bin/env python3
"""Where a recording's time went (`py-spy record --format raw`, collapsed stacks:
`frame;frame;... count` a line; bench/hosted.py --profile writes them).

    python bench/stacks.py FILE... [--top 30] [--match companion/] [--idle]

Prints, over all the files, the share of the samples in which each function is on the
stack (inclusive) and at the top of it (self). Samples of threads waiting (idle frames:
select, recv, sleep, lock waits) are left out unless --idle.
"""
from __future__ import annotations

import argparse
import collections
import re

IDLE = re.compile(r"\b(select|poll|epoll|wait|_wait|recv|recv_into|accept|sleep|"
                  r"_read_from_socket|read_response|_recv|acquire)\b \(")


def frames(line: str) -> tuple[list[str], int]:
    stack, _, count = line.rstrip("\n").rpartition(" ")
    return stack.split(";"), int(count)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--match", default="", help="only functions whose frame contains this")
    ap.add_argument("--idle", action="store_true", help="keep the waiting threads' samples")
    args = ap.parse_args()
    incl, own = collections.Counter(), collections.Counter()
    total = idle = 0
    for path in args.files:
        with open(path) as f:
            for line in f:
                if not line.strip():
                    continue
                stack, n = frames(line)
                if not args.idle and IDLE.search(stack[-1]):
                    idle += n
                    continue
                total += n
                own[stack[-1]] += n
                for fr in set(stack):
                    incl[fr] += n
    print(f"samples: {total} busy ({idle} waiting, left out)")
    print("inclusive:")
    for fr, n in incl.most_common():
        if args.match in fr:
            print(f"  {100 * n / total:5.1f} %  {fr}")
            args.top -= 1
            if args.top <= 0:
                break
    print("self:")
    for fr, n in own.most_common(25):
        print(f"  {100 * n / total:5.1f} %  {fr}")


if __name__ == "__main__":
    main()
