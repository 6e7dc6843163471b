"""What lists every ruleset at once, read from the registry (it sits above it, like
engine/start.py): CODES, every refusal code (the core's, then each ruleset's and part's own:
docs/refusals.md), and BOOK, every rules text, the parts' too (the rules page,
docs/rules.md). Nothing is written into a ruleset or a core module: a table reads its own
ruleset's `codes`, `vocab` and `book`; these joined values are for the pages and
documents that show them all.

    python -m engine.reference rules      > docs/rules.md
    python -m engine.reference refusals   > docs/refusals.md
"""
from __future__ import annotations

import sys
from functools import reduce

from .errors import CODES as CORE_CODES, refusals_markdown
from .rulebook import CORE as CORE_BOOK, Book
from .rulesets import PARTS_BY_NAME, RULESETS


def _codes() -> dict[str, str]:
    out = dict(CORE_CODES)
    for rules in (*RULESETS.values(), *PARTS_BY_NAME.values()):
        for code, text in rules.codes.items():
            if out.get(code, text) != text:
                raise KeyError(f"refusal code {code!r} already means something else")
            out[code] = text
    return out


CODES: dict[str, str] = _codes()
BOOK: Book = reduce(Book.join, (r.book for r in (*RULESETS.values(), *PARTS_BY_NAME.values())
                                 if r.book is not None), CORE_BOOK)


def docs() -> dict[str, str]:
    """docs/rules.md and docs/refusals.md as generated from every ruleset."""
    return {"rules": BOOK.to_markdown(), "refusals": refusals_markdown(CODES)}


if __name__ == "__main__":
    print(docs()[sys.argv[1] if len(sys.argv) > 1 else "rules"], end="")
