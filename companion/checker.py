"""`bang-companion check FILE...`: replay records and report every failed expectation.

Prints one line per failed expectation and a closing line `N passed, N failed`.
Exit status: 0 when every expectation holds, 1 when some failed, 2 when a file could
not be read (the message names the file and the place in it; never a traceback).
"""
from __future__ import annotations

import sys
from pathlib import Path

from engine import RecordError, check_record, load_record


def check_file(path: Path) -> tuple[int, list[str]]:
    """(passed, failure lines) for one file. Raises RecordError or OSError."""
    record = load_record(path.read_bytes())
    return check_record(record)


def main(paths: list[str], out=sys.stdout, err=sys.stderr) -> int:
    passed = failed = 0
    unreadable = False
    if not paths:
        print("check: name one or more record files", file=err)
        return 2
    for name in paths:
        path = Path(name)
        try:
            p, failures = check_file(path)
        except RecordError as e:
            print(f"{name}: {e}", file=err)
            unreadable, failed = True, failed + 1
            continue
        except (OSError, UnicodeDecodeError) as e:
            print(f"{name}: cannot read the file: {getattr(e, 'strerror', None) or e}", file=err)
            unreadable, failed = True, failed + 1
            continue
        passed += p
        failed += len(failures)
        for line in failures:
            print(f"{name}: {line}", file=out)
    print(f"{passed} passed, {failed} failed", file=out)
    if unreadable:
        return 2
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
