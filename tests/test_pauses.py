"""companion.pauses: once the server is up, what it started with is frozen out of the
collector's passes and the young generation is collected less often; cycles made later
are still collected."""
from __future__ import annotations

import gc

from companion import pauses


def test_tune_freezes_the_start_and_spaces_the_passes():
    before = gc.get_threshold()
    try:
        pauses.tune()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (pauses.YOUNG, *pauses.OLDER)
        assert pauses.YOUNG > before[0]

        class Node:
            pass
        a, b = Node(), Node()
        a.other, b.other = b, a             # a cycle made after the start
        del a, b
        assert gc.collect() >= 2            # still found
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
