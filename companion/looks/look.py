"""The shape of a ruleset's look (companion/looks/__init__.py says what each part is for)."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Look:
    hint: str                                   # the lobby's line under the ruleset's title
    # page parts only its tables include: on the host, on the phone, in the phone's lobby;
    # "styles": the stylesheets those parts need (in the page's head: a stylesheet in the
    # body would hold the browser's parser until it has loaded)
    partials: dict = field(default_factory=lambda: {"host": (), "phone": (), "styles": ()})
    theme: str = ""                             # the pages' data-theme
    stylesheet: str | None = None               # loaded only at its tables
    role_marks: dict = field(default_factory=dict)
    blue_hints: dict = field(default_factory=dict)
    names: tuple[str, ...] = ()                 # its own things' names (for page catalogs)
