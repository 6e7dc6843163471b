"""tests/scheduling.py against pytest-xdist's own work-stealing scheduler: each test
process is handed its share of the long tests first."""
from types import SimpleNamespace

import pytest
from xdist.scheduler import WorkStealingScheduling

from scheduling import long_first


class Process(SimpleNamespace):
    """A stand-in for pytest-xdist's WorkerController: what the scheduler calls on it."""
    __hash__ = object.__hash__


def first_runs(collection: list[str], processes: int) -> list[list[str]]:
    """What pytest-xdist's work stealing sends each of `processes` processes first."""
    config = SimpleNamespace(getvalue=lambda name: [f"{processes}*popen"] if name == "tx" else None)
    sched = WorkStealingScheduling(config)
    sent: list[list[str]] = []
    for _ in range(processes):
        runs: list[int] = []
        node = Process(shutting_down=False, send_runtest_some=runs.extend,
                       gateway=SimpleNamespace(id=f"gw{len(sent)}"))
        sent.append(runs)
        sched.add_node(node)
        sched.add_node_collection(node, collection)
    sched.schedule()
    return [[collection[i] for i in runs] for runs in sent]


@pytest.mark.parametrize("processes, total, longs", [(3, 2667, 32), (3, 10, 4), (2, 101, 7),
                                                     (4, 50, 13), (3, 9, 9)])
def test_each_process_begins_with_its_share_of_the_long_tests(processes, total, longs):
    names = [f"t{i}" for i in range(total)]
    long = set(names[::total // longs][:longs])        # spread over the collection
    ordered = long_first(names, processes, long.__contains__)
    assert sorted(ordered) == sorted(names)             # nothing lost, nothing twice
    runs = first_runs(ordered, processes)
    assert [t for run in runs for t in run] == ordered  # every test handed out at once
    shares = [sum(t in long for t in run) for run in runs]
    assert max(shares) - min(shares) <= 1
    for run, share in zip(runs, shares):
        assert all(t in long for t in run[:share]), run[:share + 1]


def test_one_process_keeps_the_collections_order():
    names = [f"t{i}" for i in range(20)]
    assert long_first(names, 1, lambda t: t == "t7") == names
    assert long_first(names, 3, lambda t: False) == names


def test_in_the_collections_order_a_long_test_would_come_last():
    """Without the reordering a long test at the end of the collection is the last test of
    its process (what the reordering is for): this fails if work stealing's first runs
    were to change shape, and the reordering's arithmetic with them."""
    names = [f"t{i}" for i in range(30)]
    assert first_runs(names, 3)[-1][-1] == "t29"
    assert first_runs(long_first(names, 3, {"t29"}.__contains__), 3)[0][0] == "t29"
