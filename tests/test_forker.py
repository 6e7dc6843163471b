"""The test helpers' Forker reads its own lines ("forked PID", "ended PID CODE") from a
pipe it shares with the servers it forked, whose print() writes a text and its newline
apart: a forker's line may follow a server's unfinished one."""
import pytest

from helpers import FORKER_SAID


@pytest.mark.parametrize("line, said", [
    ("forked 14238\n", ("forked", "14238", None)),
    ("ended 14238 0\n", ("ended", "14238", "0")),
    ("ended 14238 -9\n", ("ended", "14238", "-9")),
    ("listening on http://127.0.0.1:5000forked 14238\n", ("forked", "14238", None)),
    ("a server's words endedforked 7\n", ("forked", "7", None)),
    ("a server's line\n", None),
    ("forked\n", None),
])
def test_the_forkers_lines_are_found_wherever_they_start(line, said):
    found = FORKER_SAID.search(line)
    assert (found.groups() if found else None) == said
