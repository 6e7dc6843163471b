"""Every ruling we hold: each record of tests/records/ is one test (its id is the file's
name), checked as `bang-companion check` checks it (companion/checker.py, engine/record.py):
every expectation of the record must hold. A failing case names each expectation that
failed and why, in the checker's own lines:

    card-bang-one-per-turn: 1 of 3 expectations failed:
      moves[3]: expected refusal bang_limit, the move was accepted

The records under tests/records/i18n/ name cards in Hungarian and Russian: they need the
catalogs and are checked in tests/test_i18n.py. The command itself is tested at the end.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion import checker, cli
from engine import RecordError
from helpers import a_record

RECORDS = Path(__file__).resolve().parent / "records"
FILES = sorted(RECORDS.glob("*.json"))


def check_one(path: Path) -> int:
    """Check the record at `path` as the checker does; fail with its lines. Returns the
    number of expectations that held (a record that expects nothing fails: it rules
    nothing)."""
    try:
        passed, failures = checker.check_file(path)
    except RecordError as e:
        pytest.fail(f"{path.stem}: the record cannot be read: {e}", pytrace=False)
    if failures:
        total = passed + len(failures)
        pytest.fail(f"{path.stem}: {len(failures)} of {total} expectations failed:\n  "
                    + "\n  ".join(failures), pytrace=False)
    if passed == 0:
        pytest.fail(f"{path.stem}: the record expects nothing (no move, no `expect`)",
                    pytrace=False)
    return passed


@pytest.mark.parametrize("path", [pytest.param(p, id=p.stem) for p in FILES])
def test_record(path):
    check_one(path)


def test_the_records_are_all_there():
    """A glob that found nothing would check nothing and pass."""
    assert len(FILES) >= 700, f"only {len(FILES)} records in {RECORDS}"


# ---- a broken record fails its own case, saying which expectation and why ------------

def record_text(**more) -> str:
    """A record's JSON text: four seats at the start, Bob as Paul Regret (his Mustang)."""
    return json.dumps(a_record(Bob={"character": "Paul Regret"}, phase="start", **more))


GOOD = record_text(expect={"life": {"Ann": 5, "Bob": 3}, "turn": "Ann"})
# Ann (the sheriff) starts with 5 lives, not 4; and nobody's turn is Bob's
WRONG = record_text(expect={"life": {"Ann": 4, "Bob": 3}, "turn": "Bob"})


def test_a_wrong_expectation_fails_and_says_which(tmp_path):
    good, wrong = tmp_path / "good.json", tmp_path / "wrong.json"
    good.write_text(GOOD)
    wrong.write_text(WRONG)
    assert check_one(good) == 3
    with pytest.raises(pytest.fail.Exception) as failed:
        check_one(wrong)
    assert str(failed.value) == ("wrong: 2 of 3 expectations failed:\n"
                                 "  expect: life Ann: expected 4, found 5\n"
                                 '  expect: turn: expected "Bob", found "Ann"')


def test_an_unreadable_or_empty_record_fails(tmp_path):
    broken, empty = tmp_path / "broken.json", tmp_path / "empty.json"
    broken.write_text(record_text(moves=[{"by": "Zed", "draw": {}}]))
    empty.write_text(record_text())
    with pytest.raises(pytest.fail.Exception, match=r"broken: the record cannot be read: "
                                                    r"moves\[0\]\.by: no seat named 'Zed'"):
        check_one(broken)
    with pytest.raises(pytest.fail.Exception, match="empty: the record expects nothing"):
        check_one(empty)


def test_a_broken_record_fails_its_own_case(pytester):
    """This very module, run by pytest on a folder of two records, one with a wrong
    expectation: that one case fails, under its own id, with the checker's line."""
    pytester.makepyfile(test_scratch_records=Path(__file__).read_text())
    records = pytester.mkdir("records")
    (records / "holds.json").write_text(GOOD)
    # the record says Ann may shoot Bob; Paul Regret's Mustang puts him out of her reach
    (records / "broken-ruling.json").write_text(record_text(
        moves=[{"by": "Ann", "draw": {}}, {"by": "Ann", "play": "BANG!", "target": "Bob"}]))
    result = pytester.runpytest("-q", "-p", "no:cacheprovider", "-k", "test_record[")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines([
        "*_ test_record[[]broken-ruling[]] _*",
        "broken-ruling: 1 of 2 expectations failed:",
        "  moves[[]1[]]: expected the move to be accepted, it was refused (out_of_range): *",
        "FAILED test_scratch_records.py::test_record[[]broken-ruling[]]*"])


# ---- the command: bang-companion check --------------------------------------------------

def test_the_check_command_replays_records(tmp_path):
    """`bang-companion check` as README.md shows it: one line per failed expectation, a
    closing count, exit 0, 1 or 2."""
    wrong = tmp_path / "wrong.json"
    wrong.write_text(WRONG)
    example = RECORDS / "faq-barrel-vs-gatling.json"
    command = [str(Path(sys.executable).with_name("bang-companion")), "check"]
    if not Path(command[0]).exists():
        command = [sys.executable, "-m", "companion.cli", "check"]
    r = subprocess.run([*command, str(example), str(wrong)], capture_output=True, text=True)
    assert r.returncode == 1, r.stdout + r.stderr
    assert r.stdout == (f"{wrong}: expect: life Ann: expected 4, found 5\n"
                        f'{wrong}: expect: turn: expected "Bob", found "Ann"\n'
                        f"{checker.check_file(example)[0] + 1} passed, 2 failed\n")
    assert r.stderr == ""
    for paths, status in (([example], 0), ([example, tmp_path / "none.json"], 2)):
        with pytest.raises(SystemExit) as exited:
            cli.main(["check", *map(str, paths)])
        assert exited.value.code == status
